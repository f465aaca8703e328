import { Form } from "@remix-run/react";
import { CLOCK_TYPES } from "~/domain/time-clock/clock-type";
import { t } from "~/i18n/fr";

/** Values of a correction form as the page shows them (submitted values come back on a 400). */
export interface EntriesFormValues {
  message: string;
  entries: { time: string; type: string }[];
}

/** Field errors by property path: `message`, `entries`, `entries.N.time`, `entries.N.type`, `date`. */
export type FieldErrors = Record<string, string>;

/** Rows offered by the form: the current entries plus blank ones, since adding rows needs no JavaScript then. */
export function formRows(entries: { time: string; type: string }[], blanks = 2): { time: string; type: string }[] {
  return [...entries, ...Array.from({ length: blanks }, () => ({ time: "", type: "" }))];
}

/**
 * A proposed day: a required comment and rows of time + type (rows left blank are ignored by the server).
 * Posts `intent` and the hidden fields to the page's action; works without JavaScript.
 */
export function EntriesForm({
  idPrefix,
  intent,
  hidden = {},
  values,
  errors = {},
  submitLabel,
  action,
}: {
  idPrefix: string;
  intent: string;
  hidden?: Record<string, string | number>;
  values: EntriesFormValues;
  errors?: FieldErrors;
  submitLabel: string;
  action?: string;
}) {
  const messageId = `${idPrefix}-message`;
  return (
    <Form method="post" action={action} className="mt-3 space-y-3" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={String(v)} />
      ))}
      {errors.date && (
        <p className="field-error" role="alert">
          {errors.date}
        </p>
      )}
      <div>
        <label htmlFor={messageId} className="field-label">
          {t("badging.suggest.message")}
          <abbr className="required-star no-underline" title={t("word.required")}>
            *
          </abbr>
        </label>
        <textarea
          id={messageId}
          name="message"
          required
          rows={2}
          defaultValue={values.message}
          className="field-input"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
        />
        {errors.message && (
          <p id={`${messageId}-error`} className="field-error" role="alert">
            {errors.message}
          </p>
        )}
      </div>
      <fieldset>
        <legend className="field-label">{t("badging.col_entries")}</legend>
        <p className="text-xs text-gray-600">{t("badging.suggest.hint")}</p>
        {errors.entries && (
          <p className="field-error" role="alert">
            {errors.entries}
          </p>
        )}
        <ol className="mt-2 space-y-2">
          {values.entries.map((entry, i) => {
            const timeId = `${idPrefix}-time-${i}`;
            const typeId = `${idPrefix}-type-${i}`;
            const timeError = errors[`entries.${i}.time`];
            const typeError = errors[`entries.${i}.type`];
            return (
              <li key={i} className="flex flex-wrap items-start gap-2">
                <div>
                  <label htmlFor={timeId} className="sr-only">
                    {t("badging.suggest.entry_time", { n: i + 1 })}
                  </label>
                  <input
                    id={timeId}
                    name={`time_${i}`}
                    type="time"
                    defaultValue={entry.time}
                    className="field-input mt-0 w-32"
                    aria-invalid={timeError ? true : undefined}
                    aria-describedby={timeError ? `${timeId}-error` : undefined}
                  />
                  {timeError && (
                    <p id={`${timeId}-error`} className="field-error" role="alert">
                      {timeError}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor={typeId} className="sr-only">
                    {t("badging.suggest.entry_type", { n: i + 1 })}
                  </label>
                  <select
                    id={typeId}
                    name={`type_${i}`}
                    defaultValue={entry.type}
                    className="field-input mt-0 w-40"
                    aria-invalid={typeError ? true : undefined}
                    aria-describedby={typeError ? `${typeId}-error` : undefined}
                  >
                    <option value="">{t("badging.suggest.no_type")}</option>
                    {CLOCK_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`time_clock.type.${type}`)}
                      </option>
                    ))}
                  </select>
                  {typeError && (
                    <p id={`${typeId}-error`} className="field-error" role="alert">
                      {typeError}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </fieldset>
      <button type="submit" className="btn btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}
