import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { LEAVE_REASONS } from "~/domain/leave/days";
import { t, type MessageKey } from "~/i18n/fr";
import { Field } from "~/ui/shared/field";
import { useHydrated } from "~/ui/organisation/form-parts";

/** The first six reasons are absences, the last six family events (spec 2 §3). */
const GROUPS = [
  { label: "leave.reason_group.absences", reasons: LEAVE_REASONS.slice(0, 6) },
  { label: "leave.reason_group.family", reasons: LEAVE_REASONS.slice(6) },
] as const;

export interface LeaveFormDefaults {
  reason?: string;
  start?: string;
  end?: string;
  halfDay?: boolean;
  halfDayPart?: "morning" | "afternoon";
  nbHourAbsence?: number | null;
  comment?: string | null;
  urgent?: boolean;
}

/** The native attributes of the fields (required, maxlength...), computed from the schema by the page's loader. */
export type FormConstraint = Parameters<typeof useForm>[0]["constraint"];

/**
 * The leave request form of the ask and edit pages. Works without JavaScript (the server checks everything and
 * answers 400 with the form filled); with it, conform asks the server to validate on blur (the schema stays on
 * the server, out of the browser bundle). The date pickers start at
 * `minStart` (yesterday; the stored start on edit) as spec 2 §5 says.
 */
export function LeaveRequestFormView({
  lastResult,
  constraint,
  defaultValue,
  minStart,
  submitLabel,
  backHref,
  reasons = LEAVE_REASONS,
  preview,
}: {
  lastResult: SubmissionResult<string[]> | undefined | null;
  constraint: FormConstraint;
  defaultValue?: LeaveFormDefaults;
  minStart: string;
  submitLabel: string;
  backHref: string;
  /** The reasons that fit the person (issue 28 item 7); all by default. */
  reasons?: readonly string[];
  /** The GET preview's text (days counted, balance after), when asked. */
  preview?: string | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: lastResult ?? undefined,
    defaultValue: defaultValue
      ? { ...defaultValue, nbHourAbsence: defaultValue.nbHourAbsence ?? undefined, comment: defaultValue.comment ?? undefined }
      : undefined,
    constraint,
    shouldValidate: "onSubmit",
  });
  // The dates as typed, followed by the inputs' own change events (issue 41: conform's values lagged, so the half day
  // stayed enabled and checked over several days).
  const [typed, setTyped] = useState<{ start?: string; end?: string }>({});
  const start = typed.start ?? fields.start.value ?? defaultValue?.start;
  const end = typed.end ?? fields.end.value ?? defaultValue?.end;
  // With JavaScript, the spec's own form rules (spec 2 §5): the half day only for a one-day leave, submit disabled
  // until the request is complete. Without it the server says what is missing.
  const oneDay = !start || !end || start === end;
  useEffect(() => {
    if (oneDay) return;
    // Several days: the half day is unchecked as well as disabled (a disabled box that still shows checked misleads).
    const el = document.getElementById(form.id);
    if (!(el instanceof HTMLFormElement)) return;
    for (const input of el.querySelectorAll<HTMLInputElement>(`input[name="${fields.halfDay.name}"], input[name="${fields.halfDayPart.name}"]`)) {
      input.checked = false;
    }
  }, [oneDay, form.id, fields.halfDay.name, fields.halfDayPart.name]);
  const reason = fields.reason.value ?? defaultValue?.reason;
  const hours = fields.nbHourAbsence.value ?? (defaultValue?.nbHourAbsence != null ? String(defaultValue.nbHourAbsence) : "");
  const incomplete = hydrated && (!reason || !start || !end || (reason === "RECOVERY_LEAVE" && !hours));
  return (
    <Form method="post" {...getFormProps(form)} className="leave-form max-w-xl">
      {form.errors && (
        <p id={form.errorId} role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {form.errors.join(" ")}
        </p>
      )}
      <Field id={fields.reason.id} label={t("leave.field.reason")} required errors={fields.reason.errors}>
        <select {...getSelectProps(fields.reason)} className="field-input">
          <option value="">{t("leave.field.reason_placeholder")}</option>
          {GROUPS.map((g) => (
            <optgroup key={g.label} label={t(g.label)}>
              {g.reasons.filter((r) => reasons.includes(r)).map((r) => (
                <option key={r} value={r}>
                  {t(`leave.reason.${r}` as MessageKey)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field id={fields.start.id} label={t("leave.field.start")} required errors={fields.start.errors}>
          <input
            {...getInputProps(fields.start, { type: "date" })}
            min={minStart}
            onChange={(e) => {
              const value = e.currentTarget.value; // read now: the updater runs after the event is gone
              setTyped((d) => ({ ...d, start: value }));
            }}
            className="field-input"
          />
        </Field>
        <Field id={fields.end.id} label={t("leave.field.end")} required errors={fields.end.errors}>
          <input
            {...getInputProps(fields.end, { type: "date" })}
            min={start && start >= minStart ? start : minStart}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTyped((d) => ({ ...d, end: value }));
            }}
            className="field-input"
          />
        </Field>
      </div>
      <fieldset className="mb-4 rounded-md border border-gray-200 p-3" aria-describedby="half-day-hint" disabled={hydrated && !oneDay} data-testid="half-day">
        <legend className="px-1 text-sm font-medium text-gray-800">{t("leave.field.half_day")}</legend>
        <p id="half-day-hint" className="mb-2 text-xs text-gray-600">
          {t("leave.field.half_day_hint")}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <label className="inline-flex items-center gap-2 text-sm">
            <input {...getInputProps(fields.halfDay, { type: "checkbox" })} />
            {t("leave.field.half_day")}
          </label>
          <span className="text-sm text-gray-700" id="half-day-part-label">
            {t("leave.field.half_day_part")}
          </span>
          <label htmlFor={`${fields.halfDayPart.id}-morning`} className="inline-flex items-center gap-2 text-sm">
            <input
              {...getInputProps(fields.halfDayPart, { type: "radio", value: "morning" })}
              id={`${fields.halfDayPart.id}-morning`}
              pattern={undefined}
              aria-describedby="half-day-part-label"
            />
            {t("leave.field.morning")}
          </label>
          <label htmlFor={`${fields.halfDayPart.id}-afternoon`} className="inline-flex items-center gap-2 text-sm">
            <input
              {...getInputProps(fields.halfDayPart, { type: "radio", value: "afternoon" })}
              id={`${fields.halfDayPart.id}-afternoon`}
              pattern={undefined}
              aria-describedby="half-day-part-label"
            />
            {t("leave.field.afternoon")}
          </label>
        </div>
        {fields.halfDay.errors && (
          <p id={`${fields.halfDay.id}-error`} className="field-error" role="alert">
            {fields.halfDay.errors.join(" ")}
          </p>
        )}
      </fieldset>
      {/* For a recovery leave only: shown by CSS when that reason is chosen (works without JavaScript). */}
      <div className="leave-hours" data-testid="leave-hours">
        <Field id={fields.nbHourAbsence.id} label={t("leave.field.hours")} hint={t("leave.field.hours_hint")} errors={fields.nbHourAbsence.errors}>
          <input {...getInputProps(fields.nbHourAbsence, { type: "number" })} min={1} step={0.5} className="field-input" />
        </Field>
      </div>
      <Field id={fields.comment.id} label={t("leave.field.comment")} errors={fields.comment.errors}>
        <textarea {...getTextareaProps(fields.comment)} rows={3} className="field-input" />
      </Field>
      <div className="mb-4">
        <label className="inline-flex items-center gap-2 text-sm">
          <input {...getInputProps(fields.urgent, { type: "checkbox" })} />
          {t("leave.field.urgent")}
        </label>
      </div>
      {preview && (
        <section role="status" aria-labelledby="leave-preview-title" className="mb-4 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="leave-preview">
          <h2 id="leave-preview-title" className="font-semibold">
            {t("leave.preview.title")}
          </h2>
          <p>{preview}</p>
        </section>
      )}
      {incomplete && <p className="mb-2 text-sm text-gray-700">{t("leave.preview.complete_hint")}</p>}
      <div className="flex flex-wrap items-center gap-3">
        {/* A GET of the same form: the server counts the days and the balance after, the form comes back filled. */}
        <button type="submit" name="preview" value="1" formMethod="get" formNoValidate className="btn btn-secondary">
          {t("leave.preview.button")}
        </button>
        <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting" || incomplete}>
          {submitLabel}
        </button>
        <Link to={backHref} className="btn btn-secondary">
          {t("word.back")}
        </Link>
      </div>
    </Form>
  );
}

