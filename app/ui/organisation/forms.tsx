import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type FieldName,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { TIMEZONES } from "~/domain/organisation/rules";
import { t } from "~/i18n/fr";
import { Field } from "~/ui/shared/field";

/**
 * The four settings forms (country, subsidiary, division, team) shared by their "new" and "edit" routes, and the
 * page frame (breadcrumb, title, back link to /settings). Every form works without JavaScript: the holiday rows
 * (a country's, a subsidiary's) are added and removed by conform's intent buttons, which the server applies and re-renders (nothing saved).
 */

/**
 * The action's reply as conform reads it. (Cast at the call site: without the single-fetch type augmentation,
 * `useActionData<typeof action>` is typed as the `data()` wrapper rather than its payload.)
 */
export type Reply = SubmissionResult<string[]> | undefined;

/**
 * The native attributes of a form's fields (required, maxlength, min, max...), computed from its zod schema by the
 * page's loader (`getZodConstraint`): the schemas stay on the server, out of the browser bundle (DESIGN §6).
 */
export type Constraint = Parameters<typeof useForm>[0]["constraint"];

/** True once React runs in the browser: weak checks (disabled save) only apply with JavaScript. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function SettingsPage({ section, title, children }: { section: string; title: string; children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-4">
      <nav aria-label={t("settings.breadcrumb")}>
        <ol className="flex flex-wrap items-center gap-1 text-sm text-gray-700">
          <li>
            <Link to="/settings" className="btn-link">
              {t("settings.title")}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>{section}</li>
          <li aria-hidden="true">›</li>
          <li aria-current="page" className="font-medium text-gray-900">
            {title}
          </li>
        </ol>
      </nav>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">{children}</div>
      <p>
        <Link to="/settings" className="btn-link text-sm">
          ← {t("settings.back")}
        </Link>
      </p>
    </div>
  );
}

function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {errors.join(" ")}
    </p>
  );
}

/** Enter in a text field submits with this first (invisible) button, not with a holiday row's remove button. */
function DefaultSubmit() {
  return <button type="submit" name="intent" value="save" className="hidden" tabIndex={-1} aria-hidden="true" />;
}

function SaveButton({ disabled, label }: { disabled?: boolean; label: string }) {
  const navigation = useNavigation();
  return (
    <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={disabled || navigation.state === "submitting"}>
      {label}
    </button>
  );
}

function TimezoneOptions() {
  // A required select starts with an empty choice (valid HTML; the server refuses it with a French error).
  return (
    <>
      <ChooseOption />
      {TIMEZONES.map((z) => (
        <option key={z} value={z}>
          {z}
        </option>
      ))}
    </>
  );
}

function ChooseOption() {
  return <option value="">{t("settings.choose")}</option>;
}

/** A required relation select (country, subsidiary): "choose", then the items by name. */
function RefSelect({ field, label, items }: { field: FieldMetadata<string>; label: string; items: { id: number; name: string }[] }) {
  return (
    <Field id={field.id} label={label} required errors={field.errors}>
      <select {...getSelectProps(field)} className="field-input">
        <ChooseOption />
        {items.map((item) => (
          <option key={item.id} value={String(item.id)}>
            {item.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The "name" field every settings item has. */
function NameField({ field }: { field: FieldMetadata<string> }) {
  return (
    <Field id={field.id} label={t("settings.field.name")} required errors={field.errors}>
      <input {...getInputProps(field, { type: "text" })} className="field-input" autoComplete="off" />
    </Field>
  );
}

/**
 * The conform set-up the four forms share: the server validates on blur, then on every input (without onValidate,
 * conform submits a validate intent that the action answers with the errors, nothing saved).
 */
function useSettingsForm<Schema extends Record<string, any>>(id: string, constraint: Constraint, lastResult: Reply, defaultValue: DefaultValue<Schema>) {
  return useForm<Schema>({
    id,
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
}

// ---------- holiday rows (country, subsidiary) ----------

export interface HolidayRow {
  date: string;
  name: string;
}

/**
 * The holiday rows of a country or a subsidiary (decision 0031): a date and a name per row, a remove button per
 * row and an add button for an empty row, all conform intent buttons the server applies without JavaScript.
 */
function HolidayRows({
  form,
  field,
  legend,
  hint,
  empty,
}: {
  form: FormMetadata<any, string[]>;
  field: FieldMetadata<HolidayRow[] | undefined, any, string[]>;
  legend: string;
  hint?: string;
  empty: string;
}) {
  const holidays = field.getFieldList();
  const name = field.name as FieldName<HolidayRow[]>;
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 text-base font-semibold">{legend}</legend>
      {hint && <p className="mb-2 text-sm text-gray-700">{hint}</p>}
      {holidays.length === 0 ? (
        <p className="mb-2 text-sm text-gray-700">{empty}</p>
      ) : (
        // One holiday per row, stacked on a phone (name on its own line, then the date and the remove button), on
        // one line from `sm`: nothing is cut at 360 px (docs/decisions/0022).
        <ol className="mb-2 space-y-3 text-sm sm:space-y-2">
          {holidays.map((row, index) => {
            const h = row.getFieldset();
            const n = index + 1;
            return (
              <li
                key={row.key ?? `row-${index}`}
                className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[11rem_1fr_auto]"
                data-testid="holiday-row"
              >
                <div className="col-span-2 sm:order-2 sm:col-span-1">
                  <input
                    {...getInputProps(h.name, { type: "text" })}
                    aria-label={t("settings.holiday_name", { n })}
                    placeholder={t("settings.holiday_name_short")}
                    className="field-input mt-0"
                  />
                  {h.name.errors && (
                    <p id={h.name.errorId} className="field-error" role="alert">
                      {h.name.errors.join(" ")}
                    </p>
                  )}
                </div>
                <div className="sm:order-1">
                  <input
                    {...getInputProps(h.date, { type: "date" })}
                    aria-label={t("settings.holiday_date", { n })}
                    className="field-input mt-0"
                  />
                  {h.date.errors && (
                    <p id={h.date.errorId} className="field-error" role="alert">
                      {h.date.errors.join(" ")}
                    </p>
                  )}
                </div>
                <div className="sm:order-3">
                  <button
                    {...form.remove.getButtonProps({ name, index })}
                    className="btn btn-secondary"
                    aria-label={t("settings.remove_holiday", { n })}
                    title={t("settings.remove_holiday", { n })}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <button {...form.insert.getButtonProps({ name })} className="btn btn-secondary">
        + {t("settings.add_holiday")}
      </button>
    </fieldset>
  );
}

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
