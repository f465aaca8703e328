import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ProfileForm } from "~/forms/profile.server";
import { t } from "~/i18n/fr";
import { clientIp, logoutRedirect, requireUser } from "~/server/identity/auth.server";
import { logOutEverywhere } from "~/services/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { AppError } from "~/services/shared/errors";
import { avatarError, getProfile, isMultipart, readMultipart, removeAvatar, updateProfile, type AvatarUpload } from "~/services/identity/profile.server";
import { Field } from "~/ui/shared/field";
import { ConfirmAction } from "~/ui/shared/modal";
import { useHydrated } from "~/ui/organisation/form-parts";
import { env, passwordSignIn } from "~/server/shared/env.server";
import { enableFeed, feedPath, feedStatus, mayHaveScopeFeed, revokeFeed } from "~/services/planning/calendar-feed.server";
import { CalendarFeeds } from "~/ui/planning/calendar-feeds";
import { changeOwnPassword } from "~/services/identity/password-change.server";
import { PasswordChangeForm, type PasswordErrors } from "~/ui/identity/password-change-form";
import { deputySectionData, deputyAction } from "~/server/identity/deputy-profile.server";
import { DeputySection } from "~/ui/identity/deputies";
import { codeSetAt, setOwnCode } from "~/services/time-clock/terminal-codes.server";
import { TerminalCodeForm, type CodeErrors } from "~/ui/identity/terminal-code-form";
import { formatFrDate } from "~/domain/shared/calendar-text";
import { localDate } from "~/domain/shared/zoned-day";

export const meta: MetaFunction = () => [{ title: `${t("profile.title")} · ${t("app.title")}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The form's native attributes come from the schema here, so zod stays out of the browser bundle.
  const em = await getEm();
  const [profile, feeds, deputies, codeAt] = await Promise.all([
    getProfile(em, user),
    feedStatus(em, user),
    deputySectionData(em, user, new URL(request.url).searchParams.get("deputy") ?? ""),
    codeSetAt(em, user.employeeId),
  ]);
  const terminalCode = codeAt ? formatFrDate(localDate(codeAt, "Europe/Paris")) : null;
  // With password sign-in off (single sign-on only, decision 0090) there is no Cadran password to change.
  return { profile, fullName: user.fullName, constraint: getZodConstraint(ProfileForm), feeds, deputies, passwordSignIn: passwordSignIn(), terminalCode };
}

async function back(request: Request, message: string) {
  const session = await getSession(request);
  pushAlert(session, "success", message);
  return redirect("/profile", { headers: { "Set-Cookie": await commitSession(session) } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  let fields: FormData;
  let file: AvatarUpload | null = null;
  try {
    if (isMultipart(request)) ({ fields, file } = await readMultipart(request));
    else fields = await request.formData();
  } catch (error) {
    if (error instanceof AppError) return data({ status: "error", error: { "": [error.message] } } as SubmissionResult<string[]>, { status: 400 });
    throw error;
  }
  const em = await getEm();
  if (fields.get("intent") === "logout-everywhere") {
    await logOutEverywhere(em, user.userId);
    return logoutRedirect(request, { type: "success", message: t("profile.logged_out_everywhere") });
  }
  // Calendar feeds (issue 15): a new address is answered once, in the page (only its hash is stored).
  const feedScope = fields.get("scope") === "scope" ? "scope" : "own";
  if (fields.get("intent") === "feed-enable") {
    if (feedScope === "scope" && !mayHaveScopeFeed(user.profileType)) {
      // A crafted form (the page offers no such button to this role): a French 400, not a 500 (issue 30).
      return data({ status: "error", error: { "": [t("planning.error.feed_scope_refused")] } } as SubmissionResult<string[]>, { status: 400 });
    }
    const token = await enableFeed(em, user, feedScope);
    return data({ feed: { scope: feedScope, url: `${env().APP_URL.replace(/\/$/, "")}${feedPath(token)}` } });
  }
  if (fields.get("intent") === "feed-revoke-own" || fields.get("intent") === "feed-revoke-scope") {
    await revokeFeed(em, user, fields.get("intent") === "feed-revoke-scope" ? "scope" : "own");
    return back(request, t("planning.success.feed_revoked"));
  }
  // Changing one's password (issue 28 item 9): a form of its own; every session ends, so the person signs in again.
  if (fields.get("intent") === "change-password") {
    if (!passwordSignIn()) {
      return data({ passwordErrors: { current: [t("reset.password_off", { name: env().OIDC_NAME })] } }, { status: 400 });
    }
    const value = (name: string) => String(fields.get(name) ?? "");
    try {
      await changeOwnPassword(em, user, { current: value("current"), password: value("password"), confirm: value("confirm") }, { ip: clientIp(request) });
    } catch (error) {
      if (error instanceof AppError && error.status === 422) {
        const passwordErrors: PasswordErrors = {};
        for (const v of error.violations) (passwordErrors[v.propertyPath as keyof PasswordErrors] ??= []).push(v.message);
        return data({ passwordErrors }, { status: 400 });
      }
      throw error;
    }
    return logoutRedirect(request, { type: "success", message: t("profile.password.changed") });
  }
  // The personal code of the shop-floor terminals (issue 46 item 2): being signed in is enough (decision 0136).
  if (fields.get("intent") === "terminal-code") {
    try {
      await setOwnCode(em, user, { code: String(fields.get("code") ?? ""), confirm: String(fields.get("confirm") ?? "") }, new Date());
    } catch (error) {
      if (error instanceof AppError && error.status === 422) {
        const codeErrors: CodeErrors = {};
        for (const v of error.violations) (codeErrors[v.propertyPath as keyof CodeErrors] ??= []).push(v.message);
        return data({ codeErrors }, { status: 400 });
      }
      throw error;
    }
    return back(request, t("terminal.code.success.saved"));
  }
  // Deputies (issue 32 §2): their own section and answers (server/identity/deputy-profile.server.ts).
  const deputyAnswer = await deputyAction(request, em, user, fields);
  if (deputyAnswer) return deputyAnswer;
  if (fields.get("intent") === "remove-avatar") {
    await removeAvatar(em, user);
    return back(request, t("profile.avatar_removed"));
  }
  const submission = parseWithZod(fields, { schema: ProfileForm });
  // The avatar is checked by content even when the text fields are wrong, so every error shows at once.
  const fileError = file ? avatarError(file) : null;
  if (submission.status !== "success" || fileError) {
    return data(submission.reply(fileError ? { fieldErrors: { file: [fileError] } } : {}), { status: 400 });
  }
  try {
    await updateProfile(em, user, submission.value, file);
  } catch (error) {
    if (error instanceof AppError && error.status === 422) {
      const fieldErrors: Record<string, string[]> = {};
      for (const v of error.violations) (fieldErrors[v.propertyPath] ??= []).push(v.message);
      return data(submission.reply({ fieldErrors }), { status: 400 });
    }
    throw error;
  }
  return back(request, t("success.profile_edit"));
}

export default function Profile() {
  const { profile, fullName, constraint, feeds, deputies, passwordSignIn: canChangePassword, terminalCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deputyForm =
    actionData && "deputyErrors" in actionData
      ? (actionData as { deputyErrors: Record<string, string[]>; deputyValues: Record<string, string> })
      : null;
  const created = actionData && "feed" in actionData ? (actionData.feed as { scope: "own" | "scope"; url: string }) : null;
  const passwordErrors = actionData && "passwordErrors" in actionData ? (actionData.passwordErrors as PasswordErrors) : undefined;
  const codeErrors = actionData && "codeErrors" in actionData ? (actionData.codeErrors as CodeErrors) : undefined;
  const lastResult = created || passwordErrors || codeErrors || deputyForm ? undefined : (actionData as SubmissionResult<string[]> | undefined);
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult,
    defaultValue: { phone: profile.phone ?? "", email: profile.email ?? "" },
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const fileErrors = lastResult?.error?.file ?? undefined;
  // Spec: save enabled only when both are filled. Driven by the current values once JavaScript runs; without it
  // the button stays enabled and the server says what is missing.
  const incomplete = hydrated && (!fields.phone.value?.trim() || !fields.email.value?.trim());
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("profile.title")}</h1>
      {/* First card for those it concerns (issue 41): a manager naming a deputy, a deputy reading whom she replaces. */}
      <DeputySection data={deputies} errors={deputyForm?.deputyErrors} values={deputyForm?.deputyValues} />
      <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm" aria-labelledby="avatar-title">
        <h2 id="avatar-title" className="mb-3 text-base font-semibold">
          {t("profile.avatar")}
        </h2>
        <div className="flex items-center gap-4">
          <img
            src={profile.avatar ?? "/default-avatar.svg"}
            alt={profile.avatar ? t("profile.avatar_current") : t("shell.avatar_alt", { name: fullName })}
            width={96}
            height={96}
            className="h-24 w-24 rounded-full border border-gray-200 bg-white object-cover"
            data-testid="profile-avatar"
          />
          {profile.avatar ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove-avatar" />
              <button type="submit" className="btn btn-danger">
                {t("profile.avatar_remove")}
              </button>
            </Form>
          ) : (
            <p className="text-sm text-gray-700">{t("profile.avatar_none")}</p>
          )}
        </div>
      </section>
      <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
          {form.errors && (
            <p id={form.errorId} role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
              {form.errors.join(" ")}
            </p>
          )}
          <input type="hidden" name="intent" value="save" />
          <Field id={fields.phone.id} label={t("profile.phone")} required errors={fields.phone.errors}>
            <input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" className="field-input" />
          </Field>
          <Field id={fields.email.id} label={t("profile.email")} required errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className="field-input" />
          </Field>
          <Field id="profile-file" label={t("profile.avatar_choose")} errors={fileErrors} hint={t("profile.avatar_hint")}>
            <input
              id="profile-file"
              name="file"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-invalid={fileErrors ? true : undefined}
              aria-describedby={fileErrors ? "profile-file-hint profile-file-error" : "profile-file-hint"}
              className="field-input"
            />
          </Field>
          <div className="flex items-center gap-3">
            <button type="submit" className="btn btn-primary" disabled={incomplete || navigation.state === "submitting"}>
              {t("profile.save")}
            </button>
            {incomplete && <p className="text-sm text-gray-700">{t("profile.save_hint")}</p>}
          </div>
        </Form>
      </section>
      <CalendarFeeds status={feeds} created={created} />
      {canChangePassword && <PasswordChangeForm errors={passwordErrors} />}
      <TerminalCodeForm setAt={terminalCode} errors={codeErrors} />
      <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm" aria-labelledby="my-data-title">
        <h2 id="my-data-title" className="mb-2 text-base font-semibold">
          {t("personal_data.title")}
        </h2>
        <p className="mb-3 text-sm text-gray-700">{t("personal_data.hint")}</p>
        {/* A plain link to a resource route: the browser downloads the streamed ZIP, with or without JavaScript. */}
        <a href="/profile/data" download className="btn btn-secondary" data-testid="my-data-download">
          {t("personal_data.download")}
        </a>
      </section>
      <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm" aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="mb-2 text-base font-semibold">
          {t("profile.sessions")}
        </h2>
        <p className="mb-3 text-sm text-gray-700">{t("profile.logout_everywhere_hint")}</p>
        <ConfirmAction
          intent="logout-everywhere"
          itemLabel=""
          text={t("profile.logout_everywhere_confirm")}
          buttonLabel={t("profile.logout_everywhere")}
          confirmLabel={t("profile.logout_everywhere")}
          cancelHref="/profile"
          buttonClassName="btn btn-secondary"
        />
      </section>
    </div>
  );
}
