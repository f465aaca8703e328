import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { LoginForm } from "~/forms/auth.server";
import { t } from "~/i18n/fr";
import { authenticator, LoginError, requireAnonymous, startUserSession } from "~/server/identity/auth.server";
import { oidcSettings, passwordSignIn } from "~/server/shared/env.server";
import { Field } from "~/ui/shared/field";

export const meta: MetaFunction = () => [{ title: `${t("login.title")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  // The native attributes (required, maxlength) come from the schema here: zod stays out of the browser bundle.
  return { constraint: getZodConstraint(LoginForm), sso: oidcSettings()?.name ?? null, password: passwordSignIn() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  if (!passwordSignIn()) {
    // Single sign-on only (decision 0090): a crafted or old form gets a French 400, nothing is checked.
    return data({ status: "error", error: { "": [t("login.password_off", { name: oidcSettings()?.name ?? "" })] } } as SubmissionResult<string[]>, {
      status: 400,
    });
  }
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: LoginForm });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  try {
    const userId = await authenticator.authenticate("form", request);
    return await startUserSession(request, userId, submission.value.redirect ?? "/");
  } catch (error) {
    if (error instanceof LoginError) {
      const message = error.reason === "throttled" ? t("login.throttled") : t("login.invalid");
      return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), {
        status: error.reason === "throttled" ? 429 : 400,
      });
    }
    throw error;
  }
}

export default function Login() {
  const { constraint, sso, password } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const redirectTo = searchParams.get("redirect");
  // A plain link (no JavaScript needed): the server sends the browser on to the provider (decision 0090).
  const ssoLink = sso ? (
    <a href={`/login/oidc${redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : ""}`} className={`btn ${password ? "btn-secondary" : "btn-primary"} w-full`} data-testid="sso-link">
      {t("login.oidc.link", { name: sso })}
    </a>
  ) : null;
  if (!password) {
    return (
      <>
        <h1 className="mb-4 text-xl font-semibold">{t("login.title")}</h1>
        {form.errors && (
          <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {form.errors.join(" ")}
          </p>
        )}
        {ssoLink}
      </>
    );
  }
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold">{t("login.title")}</h1>
      {ssoLink && (
        <>
          {ssoLink}
          <p className="my-4 text-center text-sm text-gray-600">{t("login.oidc.or")}</p>
        </>
      )}
      <Form method="post" {...getFormProps(form)}>
        {form.errors && (
          <p id={form.errorId} role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {form.errors.join(" ")}
          </p>
        )}
        <input type="hidden" name="redirect" value={searchParams.get("redirect") ?? ""} />
        <Field id={fields.identifier.id} label={t("login.identifier")} required errors={fields.identifier.errors}>
          <input
            {...getInputProps(fields.identifier, { type: "text" })}
            autoComplete="username"
            autoFocus
            className="field-input"
          />
        </Field>
        <Field id={fields.password.id} label={t("login.password")} required errors={fields.password.errors}>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className="field-input" />
        </Field>
        <button type="submit" className="btn btn-primary w-full" disabled={navigation.state === "submitting"}>
          {t("login.submit")}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/password/reset" className="btn-link">
          {t("login.forgot")}
        </Link>
      </p>
    </>
  );
}
