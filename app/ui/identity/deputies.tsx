import { Form } from "@remix-run/react";
import { frDate } from "~/domain/shared/api-dates";
import { t } from "~/i18n/fr";

export interface DeputySectionData {
  named: { id: number; deputyName: string; startsOn: string; endsOn: string }[];
  standingIn: { id: number; managerName: string; endsOn: string }[];
  mayName: boolean;
  /** The chooser's searched name (`?deputy=`), and the colleagues it offers (issue 41). */
  search: string;
  candidates: { id: number; name: string; place: string }[];
  moreCandidates: boolean;
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
          {/* The chooser (issue 41): a GET search by name, then the colleagues as radio buttons of the naming form. */}
          <Form method="get" action="/profile" className="mb-3 flex flex-wrap items-end gap-2" role="search">
            <div>
              <label htmlFor="deputy-search" className="mb-1 block text-sm font-medium">
                {t("deputy.search")}
              </label>
              <input id="deputy-search" name="deputy" type="search" maxLength={60} defaultValue={data.search} className="field-input" />
            </div>
            <button type="submit" className="btn btn-secondary">
              {t("deputy.search_submit")}
            </button>
          </Form>
          {!data.search && <p className="mb-3 text-sm text-gray-700">{t("deputy.search_hint")}</p>}
          <Form method="post" action={data.search ? `/profile?deputy=${encodeURIComponent(data.search)}` : "/profile"} className="grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="deputy-name" />
            <fieldset
              className="sm:col-span-2"
              aria-invalid={err("deputyId") ? true : undefined}
              aria-describedby={err("deputyId") ? "deputy-choice-error" : undefined}
            >
              <legend className="mb-1 block text-sm font-medium">{t("deputy.choose")}</legend>
              {data.candidates.length === 0 ? (
                <p className="text-sm">{data.search ? t("deputy.no_candidate", { search: data.search }) : t("deputy.no_candidate_near")}</p>
              ) : (
                <ul className="space-y-1 text-sm" data-testid="deputy-candidates">
                  {data.candidates.map((c) => (
                    <li key={c.id}>
                      <label className="flex items-start gap-2">
                        <input
                          type="radio"
                          name="deputyId"
                          value={c.id}
                          required
                          defaultChecked={values?.deputyId === String(c.id) || data.candidates.length === 1}
                          className="mt-1"
                        />
                        <span>
                          {c.name}
                          {c.place && <span className="text-gray-700"> — {c.place}</span>}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {data.moreCandidates && <p className="mt-1 text-sm text-gray-700">{t("deputy.more_candidates", { n: data.candidates.length })}</p>}
              {err("deputyId") && (
                <p id="deputy-choice-error" className="mt-1 text-sm text-red-800">
                  {err("deputyId")}
                </p>
              )}
            </fieldset>
            {(
              [
                ["startsOn", "deputy-starts", "startsOn", t("deputy.starts_on")],
                ["endsOn", "deputy-ends", "endsOn", t("deputy.ends_on")],
              ] as const
            ).map(([field, id, name, label]) => (
              <div key={id}>
                <label htmlFor={id} className="mb-1 block text-sm font-medium">
                  {label}
                </label>
                <input
                  id={id}
                  name={name}
                  type="date"
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
            <div className="sm:col-span-2">
              <button type="submit" className="btn btn-primary" disabled={data.candidates.length === 0}>
                {t("deputy.save")}
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
