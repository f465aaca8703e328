import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { isValidPassword } from "~/domain/identity/password-rule";
import { PasswordChangeForm } from "~/forms/auth.server";
import { t } from "~/i18n/fr";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, sessionStorage, pushAlert } from "~/server/identity/session.server";
import { changePasswordWithToken, resetTokenUserId } from "~/services/identity/auth.server";
import { AppError } from "~/services/shared/errors";
import { oidcSettings, passwordSignIn } from "~/server/shared/env.server";
import { Field } from "~/ui/shared/field";
import { PasswordOff } from "~/ui/identity/password-off";

export const meta: MetaFunction = () => [{ title: `${t("change.title")} · ${t("app.title")}` }];

export async function loader({ params }: LoaderFunctionArgs) {
  if (!passwordSignIn()) {
    return data({ valid: false, passwordOff: oidcSettings()?.name ?? "", constraint: getZodConstraint(PasswordChangeForm) }, { status: 400 });
  }
  const valid = (await resetTokenUserId(await getEm(), params.token ?? "")) != null;
  return data({ valid, passwordOff: null as string | null, constraint: getZodConstraint(PasswordChangeForm) }, { status: valid ? 200 : 400 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Single sign-on only (decision 0090): a link mailed before the switch changes nothing.
  if (!passwordSignIn()) return data({ status: "error", error: { "": [t("reset.password_off", { name: oidcSettings()?.name ?? "" })] } } as SubmissionResult<string[]>, { status: 400 });
  const submission = parseWithZod(await request.formData(), { schema: PasswordChangeForm });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirm"] }), { status: 400 });
  }
  try {
    await changePasswordWithToken(await getEm(), { token: params.token ?? "", password: submission.value.password });
  } catch (error) {
    if (error instanceof AppError) {
      return data(submission.reply({ formErrors: [error.message], hideFields: ["password", "confirm"] }), { status: 400 });
    }
    throw error;
  }
  const session = await sessionStorage().getSession();
  pushAlert(session, "success", t("success.password_reset"));
  return redirect("/login", { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function PasswordChange() {
  const { valid, constraint, passwordOff } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  // "Format du mot de passe valide." (spec 1 §5): live while typing with JavaScript; without it, after a post the
  // password passed (its field has no error: the mismatch, a missing confirmation or the link failed instead).
  const [typed, setTyped] = useState<string | null>(null);
  const formatOk = typed !== null ? isValidPassword(typed) : !!lastResult && !fields.password.errors?.length;
  if (passwordOff !== null) return <PasswordOff title={t("change.title")} name={passwordOff} />;
  if (!valid) {
    return (
      <>
        <h1 className="mb-2 text-xl font-semibold">{t("change.title")}</h1>
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t("change.invalid_token")}
        </p>
        <p className="mt-4 text-center text-sm">
          <Link to="/password/reset" className="btn-link">
            {t("login.forgot")}
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t("change.title")}</h1>
      <p className="mb-4 text-sm text-gray-700">{t("password.rule")}</p>
      <Form method="post" {...getFormProps(form)}>
        {form.errors && (
          <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {form.errors.join(" ")}
          </p>
        )}
        <Field id={fields.password.id} label={t("change.password")} required errors={fields.password.errors}>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="new-password"
            className="field-input"
            aria-describedby={formatOk ? "password-format" : undefined}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </Field>
        <p id="password-format" role="status" className="-mt-2 mb-4 min-h-5 text-sm text-green-800">
          {formatOk ? t("password.valid") : ""}
        </p>
        <Field id={fields.confirm.id} label={t("change.confirm")} required errors={fields.confirm.errors}>
          <input {...getInputProps(fields.confirm, { type: "password" })} autoComplete="new-password" className="field-input" />
        </Field>
        <button type="submit" className="btn btn-primary w-full">
          {t("change.submit")}
        </button>
      </Form>
    </>
  );
}
