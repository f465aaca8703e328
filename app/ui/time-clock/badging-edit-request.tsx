import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { CLOCK_TYPES } from "~/domain/time-clock/clock-type";
import type { EditRequestFormValue } from "~/forms/time-clock.server";
import { t } from "~/i18n/fr";
import type { ClockView } from "~/services/time-clock/time-clock.server";
import { typeLabel } from "~/ui/time-clock/badging-days";
import { Field } from "~/ui/shared/field";

/** The form's native attributes, read from its schema by the loader (getZodConstraint). */
type EditConstraint = NonNullable<Parameters<typeof useForm<EditRequestFormValue>>[0]["constraint"]>;

/** The employee's request to correct a finished day (moved from the badging route). */
export function EditRequest({ clock, today, editConstraint }: { clock: ClockView; today: string; editConstraint: EditConstraint }) {
  const actionData = useActionData() as (SubmissionResult<string[]> & { refused?: undefined }) | { refused: string } | undefined;
  const lastResult = actionData && !("refused" in actionData && actionData.refused) ? (actionData as SubmissionResult<string[]>) : undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm<EditRequestFormValue>({
    id: "edit-request",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: editConstraint,
    shouldValidate: "onSubmit",
    defaultValue: { date: today, message: "", entries: clock.logs.map((l) => ({ time: l.hhmm, type: l.type })) },
  });
  const entries = fields.entries.getFieldList();
  const open = !!lastResult;
  return (
    <details className="rounded-md border border-gray-200 p-3" open={open}>
      <summary className="btn btn-secondary">{t("time_clock.edit_request")}</summary>
      <Form method="post" {...getFormProps(form)} className="mt-3">
        <p className="mb-3 text-sm text-gray-700">{t("time_clock.edit_request_intro")}</p>
        {form.errors && (
          <p id={form.errorId} role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {form.errors.join(" ")}
          </p>
        )}
        <input type="hidden" name="intent" value="suggest" />
        {/* A hidden input takes no `required` (Nu checker, issue 29 item 10): the server checks the date. */}
        <input {...getInputProps(fields.date, { type: "hidden" })} required={undefined} />
        <Field id={fields.message.id} label={t("time_clock.edit_message")} required errors={fields.message.errors}>
          <textarea
            id={fields.message.id}
            name={fields.message.name}
            defaultValue={fields.message.initialValue ?? ""}
            required
            maxLength={2000}
            rows={3}
            aria-invalid={fields.message.errors ? true : undefined}
            aria-describedby={fields.message.errors ? `${fields.message.id}-error` : undefined}
            className="field-input"
          />
        </Field>
        {fields.entries.errors && (
          <p id={fields.entries.errorId} role="alert" className="field-error mb-2">
            {fields.entries.errors.join(" ")}
          </p>
        )}
        <ol className="space-y-2">
          {entries.map((entry, index) => {
            const f = entry.getFieldset();
            return (
              <li key={entry.key} className="flex flex-wrap items-start gap-2">
                <Field id={f.time.id} label={t("time_clock.edit_entry_time", { n: index + 1 })} required errors={f.time.errors}>
                  <input {...getInputProps(f.time, { type: "time" })} key={f.time.key} className="field-input" />
                </Field>
                <Field id={f.type.id} label={t("time_clock.edit_entry_type", { n: index + 1 })} required errors={f.type.errors}>
                  <select {...getSelectProps(f.type)} key={f.type.key} className="field-input">
                    {/* A required select starts with an empty placeholder (Nu checker, issue 29 item 10). */}
                    <option value="">{t("time_clock.edit_choose_type")}</option>
                    {CLOCK_TYPES.map((ct) => (
                      <option key={ct} value={ct}>
                        {typeLabel(ct)}
                      </option>
                    ))}
                  </select>
                </Field>
                <button
                  {...form.remove.getButtonProps({ name: fields.entries.name, index })}
                  className="btn btn-secondary mt-6"
                  aria-label={t("time_clock.edit_remove_entry", { n: index + 1 })}
                >
                  {t("word.delete")}
                </button>
              </li>
            );
          })}
        </ol>
        <div className="mt-3 flex flex-wrap gap-2">
          <button {...form.insert.getButtonProps({ name: fields.entries.name, defaultValue: { time: "", type: "START" } })} className="btn btn-secondary">
            {t("time_clock.edit_add_entry")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
            {t("time_clock.edit_submit")}
          </button>
        </div>
      </Form>
    </details>
  );
}
