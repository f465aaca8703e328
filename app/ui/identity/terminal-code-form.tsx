import { Form } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { Field } from "~/ui/shared/field";

export type CodeErrors = Partial<Record<"code" | "confirm", string[]>>;

/**
 * The personal code of the shop-floor terminals (issue 46 item 2): set or changed from the profile, a form of its own
 * (intent `terminal-code`), posted without JavaScript. `setAt`: DD/MM/YYYY, or null without a code.
 */
export function TerminalCodeForm({ setAt, errors }: { setAt: string | null; errors?: CodeErrors }) {
  const input = (name: keyof CodeErrors) => ({
    id: `terminal-${name}`,
    name,
    type: "password",
    inputMode: "numeric" as const,
    pattern: "[0-9]{4,6}",
    minLength: 4,
    maxLength: 6,
    required: true,
    autoComplete: "off",
    "aria-invalid": errors?.[name] ? true : undefined,
    "aria-describedby": errors?.[name] ? `terminal-${name}-error` : undefined,
    className: "field-input",
  });
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm" aria-labelledby="terminal-code-title">
      <h2 id="terminal-code-title" className="mb-2 text-base font-semibold">
        {t("terminal.code.title")}
      </h2>
      <p className="mb-2 text-sm text-gray-700">{t("terminal.code.hint")}</p>
      <p className="mb-3 text-sm text-gray-900" data-testid="terminal-code-state">
        {setAt ? t("terminal.code.set_at", { date: setAt }) : t("terminal.code.none")}
      </p>
      <Form method="post" data-testid="terminal-code" noValidate>
        <input type="hidden" name="intent" value="terminal-code" />
        <Field id="terminal-code" label={t("terminal.code.new")} required errors={errors?.code}>
          <input {...input("code")} />
        </Field>
        <Field id="terminal-confirm" label={t("terminal.code.confirm")} required errors={errors?.confirm}>
          <input {...input("confirm")} />
        </Field>
        <button type="submit" className="btn btn-primary">
          {t("terminal.code.submit")}
        </button>
      </Form>
    </section>
  );
}
