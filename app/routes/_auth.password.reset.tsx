import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ResetRequestForm } from "~/forms/auth.server";
import { t } from "~/i18n/fr";
import { requireAnonymous } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, sessionStorage, pushAlert } from "~/server/identity/session.server";
import { requestPasswordReset } from "~/services/identity/password-reset.server";
import { oidcSettings, passwordSignIn } from "~/server/shared/env.server";
import { Field } from "~/ui/shared/field";
import { PasswordOff } from "~/ui/identity/password-off";

export const meta: MetaFunction = () => [{ title: `${t("reset.title")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const passwordOff = passwordSignIn() ? null : (oidcSettings()?.name ?? "");
  return { constraint: getZodConstraint(ResetRequestForm), passwordOff };
}

export async function action({ request }: ActionFunctionArgs) {
  // Single sign-on only (decision 0090): no mail, the page says why.
  if (!passwordSignIn()) return data({ status: "error", error: { "": [t("reset.password_off", { name: oidcSettings()?.name ?? "" })] } } as SubmissionResult<string[]>, { status: 400 });
  const submission = parseWithZod(await request.formData(), { schema: ResetRequestForm });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await requestPasswordReset(await getEm(), submission.value.email);
  // Same answer whether the account exists or not; earlier alerts are dropped (fresh session).
  const session = await sessionStorage().getSession();
  pushAlert(session, "success", t("success.reset_link_sent"));
  return redirect("/login", { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function PasswordReset() {
  const { constraint, passwordOff } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  if (passwordOff !== null) return <PasswordOff title={t("reset.title")} name={passwordOff} />;
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t("reset.title")}</h1>
      <p className="mb-4 text-sm text-gray-700">{t("reset.intro")}</p>
      <Form method="post" {...getFormProps(form)}>
        <Field id={fields.email.id} label={t("reset.email")} required errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "text" })} autoComplete="email" className="field-input" />
        </Field>
        <button type="submit" className="btn btn-primary w-full">
          {t("reset.submit")}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="btn-link">
          {t("reset.back_login")}
        </Link>
      </p>
    </>
  );
}
