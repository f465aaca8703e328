import { Form } from "@remix-run/react";
import { frDate } from "~/domain/api-dates";
import { t } from "~/i18n/fr";

export interface DeputySectionData {
  named: { id: number; deputyName: string; startsOn: string; endsOn: string }[];
  standingIn: { id: number; managerName: string; endsOn: string }[];
  mayName: boolean;
}

/** The profile's "Suppléance" section (issue 32 §2): a plain form, works without JavaScript. */
export function DeputySection({
  data,
  errors,
  values,
}: {
  data: DeputySectionData;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
}) {
  if (!data.mayName && data.standingIn.length === 0) return null;
  const err = (name: string) => errors?.[name]?.join(" ");
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm" aria-labelledby="deputy-title" data-testid="deputy-section">
      <h2 id="deputy-title" className="mb-2 text-base font-semibold">
        {t("deputy.title")}
      </h2>
      {data.standingIn.map((s) => (
        <p key={s.id} className="mb-2 text-sm">
          {t("deputy.standing_in", { name: s.managerName, to: frDate(s.endsOn) })}
        </p>
      ))}
      {data.mayName && (
        <>
          <p className="mb-3 text-sm text-gray-700">{t("deputy.hint")}</p>
          {data.named.length === 0 ? (
            <p className="mb-3 text-sm">{t("deputy.none")}</p>
          ) : (
            <ul className="mb-3 space-y-2 text-sm">
              {data.named.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-3">
                  <span>{t("deputy.period", { name: d.deputyName, from: frDate(d.startsOn), to: frDate(d.endsOn) })}</span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="deputy-end" />
                    <input type="hidden" name="deputyshipId" value={d.id} />
                    <button type="submit" className="btn btn-secondary">
                      {t("deputy.end")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          {err("") && (
            <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
              {err("")}
            </p>
          )}
          <Form method="post" className="grid gap-3 sm:grid-cols-3">
            <input type="hidden" name="intent" value="deputy-name" />
            {(
              [
                ["deputyId", "deputy-login", "login", "email", t("deputy.login")],
                ["startsOn", "deputy-starts", "startsOn", "date", t("deputy.starts_on")],
                ["endsOn", "deputy-ends", "endsOn", "date", t("deputy.ends_on")],
              ] as const
            ).map(([field, id, name, type, label]) => (
              <div key={id}>
                <label htmlFor={id} className="mb-1 block text-sm font-medium">
                  {label}
                </label>
                <input
                  id={id}
                  name={name}
                  type={type}
                  required
                  defaultValue={values?.[name] ?? ""}
                  aria-invalid={err(field) ? true : undefined}
                  aria-describedby={err(field) ? `${id}-error` : undefined}
                  className="field-input w-full"
                />
                {err(field) && (
                  <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
                    {err(field)}
                  </p>
                )}
              </div>
            ))}
            <div className="sm:col-span-3">
              <button type="submit" className="btn btn-primary">
                {t("deputy.save")}
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
