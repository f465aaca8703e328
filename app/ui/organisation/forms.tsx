/**
 * The four settings forms (country, subsidiary, division, team) shared by their "new" and "edit" routes. Every form
 * works without JavaScript; the page frame, the fields and the holiday rows are form-parts.tsx.
 */
import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { Field } from "~/ui/shared/field";
import { ChooseOption, Constraint, DefaultSubmit, FormErrors, HolidayRow, HolidayRows, NameField, RefSelect, Reply, SaveButton, TimezoneOptions, useHydrated, useSettingsForm } from "./form-parts";

// ---------- country ----------

export interface CountryDefaults {
  name: string;
  timezone: string;
  overtime: { paid: string; inRecuperation: string; employeeInitiatedRecuperation: string; employerInitiatedRecuperation: string };
  holidays: { date: string; name: string }[];
}

export function CountryFormView({
  lastResult,
  constraint,
  defaultValue,
  submitLabel,
}: {
  lastResult: Reply;
  constraint: Constraint;
  defaultValue: CountryDefaults;
  submitLabel: string;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useSettingsForm("country-form", constraint, lastResult, defaultValue);
  const overtime = fields.overtime.getFieldset();
  const percents = [
    [overtime.paid, "settings.field.overtime_paid"],
    [overtime.inRecuperation, "settings.field.overtime_in_recuperation"],
    [overtime.employeeInitiatedRecuperation, "settings.field.employee_initiated"],
    [overtime.employerInitiatedRecuperation, "settings.field.employer_initiated"],
  ] as const;
  // The spec's weak check: save disabled while the name or an overtime field is empty (with JavaScript only).
  const incomplete = hydrated && (!fields.name.value || percents.some(([f]) => f.value === undefined || f.value === ""));
  return (
    <Form method="post" {...getFormProps(form)}>
      <DefaultSubmit />
      <FormErrors id={form.errorId} errors={form.errors} />
      <NameField field={fields.name} />
      <Field id={fields.timezone.id} label={t("settings.field.timezone")} required errors={fields.timezone.errors}>
        <select {...getSelectProps(fields.timezone)} className="field-input">
          <TimezoneOptions />
        </select>
      </Field>
      <fieldset className="mb-4">
        <legend className="mb-2 text-base font-semibold">{t("settings.overtime")}</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {percents.map(([f, label]) => (
            <Field key={f.id} id={f.id} label={t(label)} required errors={f.errors}>
              <input {...getInputProps(f, { type: "text" })} inputMode="decimal" autoComplete="off" className="field-input" />
            </Field>
          ))}
        </div>
      </fieldset>
      <HolidayRows form={form} field={fields.holidays} legend={t("settings.holidays")} empty={t("settings.no_holiday")} />
      <SaveButton disabled={incomplete} label={submitLabel} />
    </Form>
  );
}

// ---------- subsidiary ----------

export interface SubsidiaryDefaults {
  name: string;
  country: string;
  city: string;
  timezone: string;
  /** Its local holidays, in addition to the country's (decision 0031). */
  holidays: HolidayRow[];
  /** Its agreement on night work (decision 0125): empty, the country's. */
  nightFrom?: string;
  nightTo?: string;
  nightRate?: string;
}

export function SubsidiaryFormView({
  lastResult,
  constraint,
  defaultValue,
  countries,
  submitLabel,
}: {
  lastResult: Reply;
  constraint: Constraint;
  defaultValue: SubsidiaryDefaults;
  countries: { id: number; name: string }[];
  submitLabel: string;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useSettingsForm("subsidiary-form", constraint, lastResult, defaultValue);
  return (
    <Form method="post" {...getFormProps(form)}>
      <DefaultSubmit />
      <FormErrors id={form.errorId} errors={form.errors} />
      <NameField field={fields.name} />
      <RefSelect field={fields.country} label={t("settings.field.country")} items={countries} />
      <Field id={fields.city.id} label={t("settings.field.city")} required errors={fields.city.errors}>
        <input {...getInputProps(fields.city, { type: "text" })} className="field-input" autoComplete="off" />
      </Field>
      <Field id={fields.timezone.id} label={t("settings.field.timezone")} required errors={fields.timezone.errors}>
        <select {...getSelectProps(fields.timezone)} className="field-input">
          <TimezoneOptions />
        </select>
      </Field>
      <HolidayRows
        form={form}
        field={fields.holidays}
        legend={t("settings.local_holidays")}
        hint={t("settings.local_holidays_hint")}
        empty={t("settings.no_local_holiday")}
      />
      <fieldset className="mb-4">
        <legend className="mb-2 text-base font-semibold">{t("settings.night_agreement")}</legend>
        <p className="mb-2 text-sm text-gray-700" data-testid="night-agreement-law">{t("settings.night_agreement_hint")}</p>
        <Field id={fields.nightFrom.id} label={t("overtime.policy.field.night_from")} errors={fields.nightFrom.errors}>
          <input {...getInputProps(fields.nightFrom, { type: "time" })} className="field-input" />
        </Field>
        <Field id={fields.nightTo.id} label={t("overtime.policy.field.night_to")} errors={fields.nightTo.errors}>
          <input {...getInputProps(fields.nightTo, { type: "time" })} className="field-input" />
        </Field>
        <Field id={fields.nightRate.id} label={t("overtime.policy.field.night_rate")} errors={fields.nightRate.errors}>
          <input {...getInputProps(fields.nightRate, { type: "number" })} step="0.01" className="field-input" />
        </Field>
      </fieldset>
      <SaveButton
        label={submitLabel}
        disabled={hydrated && (!fields.name.value || !fields.country.value || !fields.city.value || !fields.timezone.value)}
      />
    </Form>
  );
}

// ---------- division ----------

export interface DivisionDefaults {
  name: string;
  subsidiary: string;
}

export function DivisionFormView({
  lastResult,
  constraint,
  defaultValue,
  subsidiaries,
  submitLabel,
}: {
  lastResult: Reply;
  constraint: Constraint;
  defaultValue: DivisionDefaults;
  subsidiaries: { id: number; name: string }[];
  submitLabel: string;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useSettingsForm("division-form", constraint, lastResult, defaultValue);
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <NameField field={fields.name} />
      <RefSelect field={fields.subsidiary} label={t("settings.field.subsidiary")} items={subsidiaries} />
      <SaveButton label={submitLabel} disabled={hydrated && !fields.name.value} />
    </Form>
  );
}

// ---------- team ----------

export interface TeamDefaults {
  name: string;
  subsidiary: string;
  division: string;
}

export function TeamFormView({
  lastResult,
  constraint,
  defaultValue,
  subsidiaries,
  divisions,
  submitLabel,
}: {
  lastResult: Reply;
  constraint: Constraint;
  defaultValue: TeamDefaults;
  subsidiaries: { id: number; name: string }[];
  divisions: { id: number; name: string; subsidiaryId: number }[];
  submitLabel: string;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useSettingsForm("team-form", constraint, lastResult, defaultValue);
  // Without JavaScript every division is offered, grouped by subsidiary (the server checks they match); with it,
  // only the divisions of the chosen subsidiary.
  const chosen = hydrated ? Number(fields.subsidiary.value) || null : null;
  const groups = subsidiaries
    .filter((s) => chosen === null || s.id === chosen)
    .map((s) => ({ ...s, divisions: divisions.filter((d) => d.subsidiaryId === s.id) }))
    .filter((g) => g.divisions.length > 0);
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <NameField field={fields.name} />
      <RefSelect field={fields.subsidiary} label={t("settings.field.subsidiary")} items={subsidiaries} />
      <Field
        id={fields.division.id}
        label={t("settings.field.division")}
        required
        errors={fields.division.errors}
        hint={chosen === null ? t("settings.division_choose_subsidiary") : undefined}
      >
        <select {...getSelectProps(fields.division)} className="field-input">
          <ChooseOption />
          {groups.map((g) => (
            <optgroup key={g.id} label={g.name}>
              {g.divisions.map((d) => (
                <option key={d.id} value={String(d.id)}>
                  {d.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
      <SaveButton
        label={submitLabel}
        disabled={hydrated && (!fields.name.value || !fields.subsidiary.value || !fields.division.value)}
      />
    </Form>
  );
}
