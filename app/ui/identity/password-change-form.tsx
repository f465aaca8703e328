import { Form } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { Field } from "~/ui/shared/field";

export type PasswordErrors = Partial<Record<"current" | "password" | "confirm", string[]>>;

/**
 * Change one's password from the profile (issue 28 item 9): the current one and the new one twice, a form of its own
 * (intent `change-password`), posted without JavaScript; the rule is said beside the new password.
 */
export function PasswordChangeForm({ errors }: { errors?: PasswordErrors }) {
  const input = (name: keyof PasswordErrors, autoComplete: string) => ({
    id: `password-${name}`,
    name,
    type: "password",
    required: true,
    maxLength: 128,
    autoComplete,
    "aria-invalid": errors?.[name] ? true : undefined,
    "aria-describedby": [name === "password" ? "password-password-hint" : "", errors?.[name] ? `password-${name}-error` : ""].filter(Boolean).join(" ") || undefined,
    className: "field-input",
  });
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm" aria-labelledby="password-title">
      <h2 id="password-title" className="mb-3 text-base font-semibold">
        {t("profile.password.title")}
      </h2>
      <Form method="post" data-testid="password-change">
        <input type="hidden" name="intent" value="change-password" />
        <Field id="password-current" label={t("profile.password.current")} required errors={errors?.current}>
          <input {...input("current", "current-password")} />
        </Field>
        <Field id="password-password" label={t("profile.password.new")} required errors={errors?.password} hint={t("password.rule")}>
          <input {...input("password", "new-password")} />
        </Field>
        <Field id="password-confirm" label={t("profile.password.confirm")} required errors={errors?.confirm}>
          <input {...input("confirm", "new-password")} />
        </Field>
        <p className="mb-3 text-sm text-gray-700">{t("profile.password.hint")}</p>
        <button type="submit" className="btn btn-primary">
          {t("profile.password.submit")}
        </button>
      </Form>
    </section>
  );
}
