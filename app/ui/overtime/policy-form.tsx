import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { frDate } from "~/domain/shared/api-dates";
import { LEAVE_REASONS } from "~/domain/leave/days";
import { formatDecimalHours, formatPercent } from "~/domain/shared/number-format";
import type { OvertimePolicyRow } from "~/domain/overtime/policy";
import { t, type MessageKey } from "~/i18n/fr";
import { Field } from "~/ui/shared/field";
import { WideTable } from "~/ui/shared/wide-table";

/**
 * The overtime policy of a country: its rows (newest first) and a plain form adding a row from a date. Plain
 * server-rendered inputs: the form posts without JavaScript and comes back filled with its field errors.
 */

export type FormValues = Record<string, string | string[]>;
export type FormErrors = Record<string, string[] | undefined>;

const BAND_ROWS = 4;
const ENHANCED_BAND_ROWS = 3;
const HOLIDAY_RATE_ROWS = 3;

const idOf = (name: string) => `policy-${name.replace(/[[\].]/g, "-")}`;

function value(values: FormValues, name: string): string {
  const v = values[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

function NumberField({ name, label, values, errors, step = "0.01", required }: { name: string; label: string; values: FormValues; errors: FormErrors; step?: string; required?: boolean }) {
  const id = idOf(name);
  const errs = errors[name];
  return (
    <Field id={id} label={label} errors={errs} required={required}>
      <input
        id={id}
        name={name}
        type="number"
        step={step}
        inputMode="decimal"
        defaultValue={value(values, name)}
        required={required}
        aria-invalid={errs?.length ? true : undefined}
        aria-describedby={errs?.length ? `${id}-error` : undefined}
        className="field-input"
      />
    </Field>
  );
}

function CheckField({ name, label, values }: { name: string; label: string; values: FormValues }) {
  return (
    <div className="mb-4 flex items-center gap-2">
      <input id={idOf(name)} name={name} type="checkbox" defaultChecked={value(values, name) === "on"} />
      <label htmlFor={idOf(name)}>{label}</label>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 text-base font-semibold">{title}</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** Band rows: rank and rate side by side; the row's label names the row for screen readers. */
function BandRows({ name, rows, rowLabel, values, errors }: { name: string; rows: number; rowLabel: MessageKey; values: FormValues; errors: FormErrors }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="contents" data-testid={`${name}-row`}>
          <NumberField name={`${name}[${i}].fromRank`} step="1" label={`${t(rowLabel, { n: i + 1 })} — ${t("overtime.policy.field.from_rank")}`} values={values} errors={errors} />
          <NumberField name={`${name}[${i}].rate`} label={`${t(rowLabel, { n: i + 1 })} — ${t("overtime.policy.field.rate")}`} values={values} errors={errors} />
        </div>
      ))}
    </>
  );
}

/** The rows of the policy, newest first: a wide table (decision 0022), numbers from the one formatter module (0023). */
export function PolicyHistory({ rows }: { rows: OvertimePolicyRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-gray-700">{t("overtime.policy.history_empty")}</p>;
  return (
    <WideTable label={t("overtime.policy.history")} testId="policy-history">
      <thead>
        <tr>
          <th scope="col">{t("overtime.policy.col.from")}</th>
          <th scope="col">{t("overtime.policy.col.mode")}</th>
          <th scope="col">{t("overtime.policy.col.bands")}</th>
          <th scope="col">{t("overtime.policy.col.quota")}</th>
          <th scope="col">{t("overtime.policy.col.split")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id ?? r.effectiveFrom}>
            <th scope="row" className="whitespace-nowrap">
              {frDate(r.effectiveFrom)}
            </th>
            <td>{t(`overtime.policy.mode.${r.mode}`)}</td>
            <td>{r.bands.map((b) => `${b.fromRank}ᵉ h : +${formatPercent(b.rate)}`).join(" ; ")}</td>
            <td className="whitespace-nowrap">{formatDecimalHours(r.annualQuotaHours)}</td>
            <td className="whitespace-nowrap">
              {formatPercent(r.paid)} / {formatPercent(r.inRecuperation)}
            </td>
          </tr>
        ))}
      </tbody>
    </WideTable>
  );
}

export function PolicyForm({ values, errors, formErrors }: { values: FormValues; errors: FormErrors; formErrors?: string[] }) {
  const counted = new Set(([] as string[]).concat(values.countedAbsences ?? []));
  const select = (name: string, label: string, options: [string, MessageKey][]) => (
    <Field id={idOf(name)} label={label} required errors={errors[name]}>
      <select id={idOf(name)} name={name} defaultValue={value(values, name)} className="field-input">
        {options.map(([v, key]) => (
          <option key={v} value={v}>
            {t(key)}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <Form method="post" noValidate data-testid="policy-form">
      {formErrors && formErrors.length > 0 && (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {formErrors.join(" ")}
        </p>
      )}
      <p className="mb-4 text-sm text-gray-700">{t("overtime.policy.new_hint")}</p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field id={idOf("effectiveFrom")} label={t("overtime.policy.field.effective_from")} required errors={errors.effectiveFrom}>
          <input id={idOf("effectiveFrom")} name="effectiveFrom" type="date" required defaultValue={value(values, "effectiveFrom")} className="field-input" />
        </Field>
        {select("mode", t("overtime.policy.field.mode"), [
          ["weekly", "overtime.policy.mode.weekly"],
          ["daily", "overtime.policy.mode.daily"],
        ])}
        <NumberField name="legalWeekHours" label={t("overtime.policy.field.legal_week")} required values={values} errors={errors} />
      </div>
      <Section title={t("overtime.policy.section.bands")}>
        <BandRows name="bands" rows={BAND_ROWS} rowLabel="overtime.policy.band_row" values={values} errors={errors} />
        {errors.bands && <p className="field-error sm:col-span-2" role="alert">{errors.bands.join(" ")}</p>}
        <NumberField name="restDayRate" label={t("overtime.policy.field.rest_day_rate")} values={values} errors={errors} />
        <NumberField name="enhancedFromHours" label={t("overtime.policy.field.enhanced_from")} values={values} errors={errors} />
        <BandRows name="enhancedBands" rows={ENHANCED_BAND_ROWS} rowLabel="overtime.policy.enhanced_band_row" values={values} errors={errors} />
        <NumberField name="enhancedRestDayRate" label={t("overtime.policy.field.enhanced_rest_day_rate")} values={values} errors={errors} />
      </Section>
      <Section title={t("overtime.policy.section.part_time")}>
        <CheckField name="complementaryEnabled" label={t("overtime.policy.field.complementary_enabled")} values={values} />
        <span />
        <NumberField name="complementary.firstBandDivisor" step="1" label={t("overtime.policy.field.first_band_divisor")} values={values} errors={errors} />
        <NumberField name="complementary.firstRate" label={t("overtime.policy.field.first_rate")} values={values} errors={errors} />
        <NumberField name="complementary.capDivisor" step="1" label={t("overtime.policy.field.cap_divisor")} values={values} errors={errors} />
        <NumberField name="complementary.secondRate" label={t("overtime.policy.field.second_rate")} values={values} errors={errors} />
      </Section>
      <fieldset className="mb-4">
        <legend className="mb-2 text-base font-semibold">{t("overtime.policy.section.absences")}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {LEAVE_REASONS.map((reason) => (
            <label key={reason} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="countedAbsences" value={reason} defaultChecked={counted.has(reason)} />
              {t(`leave.reason.${reason}` as MessageKey)}
            </label>
          ))}
        </div>
        {errors.countedAbsences && <p className="field-error" role="alert">{errors.countedAbsences.join(" ")}</p>}
        <p className="mt-2 text-sm text-gray-700" data-testid="counted-absences-law">{t("overtime.policy.counted_absences_from_law")}</p>
        <Field id={idOf("countedAbsencesFrom")} label={t("overtime.policy.field.counted_absences_from")} errors={errors.countedAbsencesFrom}>
          <input id={idOf("countedAbsencesFrom")} name="countedAbsencesFrom" type="date" defaultValue={value(values, "countedAbsencesFrom")} className="field-input" />
        </Field>
      </fieldset>
      <Section title={t("overtime.policy.section.holidays")}>
        <CheckField name="holidaysCountAsWork" label={t("overtime.policy.field.holidays_count")} values={values} />
        <span />
        <NumberField name="holidayRate" label={t("overtime.policy.field.holiday_rate")} required values={values} errors={errors} />
        <NumberField name="sundayRate" label={t("overtime.policy.field.sunday_rate")} required values={values} errors={errors} />
        {Array.from({ length: HOLIDAY_RATE_ROWS }, (_, i) => {
          const name = `holidayRates[${i}].monthDay`;
          const label = `${t("overtime.policy.holiday_row", { n: i + 1 })} — ${t("overtime.policy.field.month_day")}`;
          return (
            <div key={i} className="contents">
              <Field id={idOf(name)} label={label} errors={errors[name]}>
                <input id={idOf(name)} name={name} type="text" placeholder="05-01" defaultValue={value(values, name)} className="field-input" />
              </Field>
              <NumberField name={`holidayRates[${i}].rate`} label={`${t("overtime.policy.holiday_row", { n: i + 1 })} — ${t("overtime.policy.field.rate")}`} values={values} errors={errors} />
            </div>
          );
        })}
      </Section>
      <Section title={t("overtime.policy.section.quota")}>
        <NumberField name="annualQuotaHours" label={t("overtime.policy.field.annual_quota")} required values={values} errors={errors} />
        <NumberField name="smallCompanyQuotaHours" label={t("overtime.policy.field.small_quota")} values={values} errors={errors} />
        <NumberField name="smallCompanyMaxEmployees" step="1" label={t("overtime.policy.field.small_max")} required values={values} errors={errors} />
        {select("quotaCounts", t("overtime.policy.field.quota_counts"), [
          ["paid", "overtime.policy.quota_counts.paid"],
          ["all", "overtime.policy.quota_counts.all"],
        ])}
        <NumberField name="mandatoryRestSmallPercent" label={t("overtime.policy.field.rest_small")} required values={values} errors={errors} />
        <NumberField name="mandatoryRestLargePercent" label={t("overtime.policy.field.rest_large")} required values={values} errors={errors} />
      </Section>
      <Section title={t("overtime.policy.section.night")}>
        <p className="text-sm text-gray-700 sm:col-span-2" data-testid="night-law">{t("overtime.policy.night_law")}</p>
        <Field id={idOf("nightFrom")} label={t("overtime.policy.field.night_from")} errors={errors["nightPeriod.from"] ?? errors.nightPeriod}>
          <input id={idOf("nightFrom")} name="nightFrom" type="time" defaultValue={value(values, "nightFrom")} className="field-input" />
        </Field>
        <Field id={idOf("nightTo")} label={t("overtime.policy.field.night_to")} errors={errors["nightPeriod.to"]}>
          <input id={idOf("nightTo")} name="nightTo" type="time" defaultValue={value(values, "nightTo")} className="field-input" />
        </Field>
        <NumberField name="nightRate" label={t("overtime.policy.field.night_rate")} values={values} errors={errors} />
      </Section>
      <Section title={t("overtime.policy.section.split")}>
        <NumberField name="paid" label={t("overtime.policy.field.paid")} required values={values} errors={errors} />
        <NumberField name="inRecuperation" label={t("overtime.policy.field.in_recuperation")} required values={values} errors={errors} />
        <NumberField name="employeeInitiatedRecuperation" label={t("overtime.policy.field.employee_initiated")} required values={values} errors={errors} />
        <NumberField name="employerInitiatedRecuperation" label={t("overtime.policy.field.employer_initiated")} required values={values} errors={errors} />
      </Section>
      <button type="submit" className="btn btn-primary">
        {t("word.save")}
      </button>
    </Form>
  );
}
