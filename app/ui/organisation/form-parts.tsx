/**
 * The parts of the settings forms (forms.tsx): the page frame, the fields, and the holiday rows of a country and a
 * subsidiary, added and removed by conform's intent buttons, which the server applies without JavaScript.
 */
import { getInputProps, getSelectProps, useForm, type DefaultValue, type FieldMetadata, type FieldName, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { TIMEZONES } from "~/domain/organisation/rules";
import { t } from "~/i18n/fr";
import { Field } from "~/ui/shared/field";

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

export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {errors.join(" ")}
    </p>
  );
}

/** Enter in a text field submits with this first (invisible) button, not with a holiday row's remove button. */
export function DefaultSubmit() {
  return <button type="submit" name="intent" value="save" className="hidden" tabIndex={-1} aria-hidden="true" />;
}

export function SaveButton({ disabled, label }: { disabled?: boolean; label: string }) {
  const navigation = useNavigation();
  return (
    <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={disabled || navigation.state === "submitting"}>
      {label}
    </button>
  );
}

export function TimezoneOptions() {
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

export function ChooseOption() {
  return <option value="">{t("settings.choose")}</option>;
}

/** A required relation select (country, subsidiary): "choose", then the items by name. */
export function RefSelect({ field, label, items }: { field: FieldMetadata<string>; label: string; items: { id: number; name: string }[] }) {
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
export function NameField({ field }: { field: FieldMetadata<string> }) {
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
export function useSettingsForm<Schema extends Record<string, any>>(id: string, constraint: Constraint, lastResult: Reply, defaultValue: DefaultValue<Schema>) {
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
export function HolidayRows({
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
