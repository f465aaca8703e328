import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { PROFILE_TYPES } from "~/domain/identity/access";
import {
  CONTRACT_TYPES,
  LEAVE_WORKFLOWS,
  scheduleAgainstContract,
  TRACKED_FIELDS,
  WEEK_TYPES,
  weekCount,
  type EmployeeField,
  type EmployeeValues,
} from "~/domain/employees/sheet";
import { formatDecimalInput, formatHoursMinutes, parseDecimal } from "~/domain/shared/number-format";
import { t, type MessageKey } from "~/i18n/fr";
import { Field } from "~/ui/shared/field";
import { scheduleInputsFromSubmission, scheduleInputsFromWeeks, weeksFromInputs, WeekScheduleEditor } from "./week-schedule-editor";

/**
 * The employee sheet form (spec 1 §2, §3): administrative, company and platform sections, the weekly schedule,
 * and the save button. Works without JavaScript: the week 2 editor follows the saved or submitted week type, and
 * a "refresh" submit re-renders the totals and week 2 without saving. An archived sheet is one disabled fieldset.
 */

export interface SheetOptions {
  countries: { id: number; name: string }[];
  subsidiaries: { id: number; name: string }[];
  divisions: { id: number; name: string; subsidiaryId: number; subsidiaryName: string }[];
  teams: { id: number; name: string; divisionId: number; divisionName: string; subsidiaryName: string }[];
}

type Kind = "text" | "number" | "decimal" | "date" | "email" | "tel" | "textarea" | "yesno" | "select";
interface FieldSpec {
  name: EmployeeField;
  kind: Kind;
  step?: string;
  maxLength?: number;
  hint?: MessageKey;
  options?: (options: SheetOptions) => ReactNode;
  autoComplete?: string;
}

function enumOptions(values: readonly string[], prefix: string) {
  return values.map((v) => (
    <option key={v} value={v}>
      {t(`${prefix}.${v}` as MessageKey)}
    </option>
  ));
}

const SECTIONS: { title: MessageKey; fields: FieldSpec[]; schedule?: boolean }[] = [
  {
    title: "employee.section_admin",
    fields: [
      { name: "matricule", kind: "number", step: "1" },
      { name: "acronym", kind: "text", maxLength: 10 },
      { name: "firstname", kind: "text", maxLength: 120, autoComplete: "off" },
      { name: "lastname", kind: "text", maxLength: 120, autoComplete: "off" },
      { name: "birthday", kind: "date" },
      { name: "phone", kind: "tel", maxLength: 40 },
      { name: "emailPersonal", kind: "email", maxLength: 254 },
      { name: "typeContract", kind: "select", options: () => enumOptions(CONTRACT_TYPES, "contract") },
      { name: "numberOfHoursPerWeek", kind: "decimal" },
      { name: "numberOfHoursPerMonth", kind: "decimal" },
      { name: "hiredAt", kind: "date" },
      { name: "firedAt", kind: "date", hint: "employee.firedAt_hint" },
      { name: "contractState", kind: "text", maxLength: 120 },
      { name: "annualSalary", kind: "decimal" },
      { name: "hourlyCost", kind: "decimal" },
      { name: "holidayEarnedLastYear", kind: "decimal" },
      { name: "holidayTakenLastYear", kind: "decimal" },
      { name: "holidayEarnedThisYear", kind: "decimal" },
      { name: "holidayTakenThisYear", kind: "decimal" },
      { name: "holidayTotalBalance", kind: "decimal" },
      { name: "holidayMonthlyVacationAccrual", kind: "decimal" },
      { name: "holidayWorkingTimeReduction", kind: "yesno" },
      { name: "comments", kind: "textarea", maxLength: 5000 },
    ],
  },
  {
    title: "employee.section_company",
    fields: [
      { name: "position", kind: "text", maxLength: 120 },
      { name: "country", kind: "select", options: (o) => o.countries.map((c) => <option key={c.id} value={c.id}>{c.name}</option>) },
      { name: "subsidiary", kind: "select", options: (o) => o.subsidiaries.map((s) => <option key={s.id} value={s.id}>{s.name}</option>) },
      {
        name: "division",
        kind: "select",
        options: (o) =>
          groupBy(o.divisions, (d) => d.subsidiaryName).map(([group, list]) => (
            <optgroup key={group} label={group}>
              {list.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </optgroup>
          )),
      },
      { name: "departmentHead", kind: "yesno" },
      {
        name: "team",
        kind: "select",
        options: (o) =>
          groupBy(o.teams, (tm) => `${tm.subsidiaryName} › ${tm.divisionName}`).map(([group, list]) => (
            <optgroup key={group} label={group}>
              {list.map((tm) => (
                <option key={tm.id} value={tm.id}>
                  {tm.name}
                </option>
              ))}
            </optgroup>
          )),
      },
      { name: "teamLeader", kind: "yesno" },
      { name: "leaveWorkflow", kind: "select", options: () => enumOptions(LEAVE_WORKFLOWS, "workflow") },
      { name: "weekType", kind: "select", options: () => enumOptions(WEEK_TYPES, "weektype") },
    ],
    schedule: true,
  },
  {
    title: "employee.section_platform",
    fields: [
      { name: "email", kind: "email", maxLength: 254, autoComplete: "off" },
      { name: "profileType", kind: "select", options: () => enumOptions(PROFILE_TYPES, "role") },
      { name: "timeRegistration", kind: "yesno" },
    ],
  },
];

function groupBy<T>(list: T[], key: (item: T) => string): [string, T[]][] {
  const map = new Map<string, T[]>();
  for (const item of list) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return [...map.entries()];
}

/** EmployeeValues -> the texts the inputs start with (yes/no as "1"/"0"). */
/** Decimal fields are text inputs showing a French comma; the server reads a comma or a point (parseDecimal). */
const DECIMAL_FIELDS = new Set<string>(SECTIONS.flatMap((section) => section.fields.filter((f) => f.kind === "decimal").map((f) => f.name)));

export function valuesToFormDefaults(values: EmployeeValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === "weeks") continue;
    out[key] =
      value === null || value === undefined
        ? ""
        : typeof value === "boolean"
          ? value
            ? "1"
            : "0"
          : DECIMAL_FIELDS.has(key) && Number.isFinite(Number(value))
            ? formatDecimalInput(Number(value))
            : String(value);
  }
  return out;
}

const TRACKED = new Set<string>(TRACKED_FIELDS);

export function EmployeeSheetForm({
  id,
  values,
  options,
  lastResult,
  archived,
  submitLabel,
  datedChange = false,
}: {
  id: string;
  values: EmployeeValues;
  options: SheetOptions;
  /** The action's reply (typed loosely: Remix's serialised types do not match conform's). */
  lastResult: unknown;
  archived: boolean;
  submitLabel: string;
  /** The edit page: the schedule section asks from when new hours or schedule apply (`contractFrom`, decision 0070). */
  datedChange?: boolean;
}) {
  const navigation = useNavigation();
  const result = (lastResult ?? undefined) as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult: result,
    defaultValue: valuesToFormDefaults(values),
    shouldValidate: "onSubmit",
  });
  const submitted = result?.initialValue as Record<string, unknown> | undefined;
  const initialWeekType = (typeof submitted?.weekType === "string" ? submitted.weekType : values.weekType) ?? "unique_week";
  const [weekType, setWeekType] = useState(initialWeekType);
  const scheduleInputs = submitted ? scheduleInputsFromSubmission(submitted.weeks) : scheduleInputsFromWeeks(values.weeks);
  const errors = (result?.error ?? {}) as Record<string, string[] | null | undefined>;
  // The contract's hours as submitted (a refresh or a refused save) or saved, and the schedule's weekly total beside them.
  const contractHours = submitted
    ? typeof submitted.numberOfHoursPerWeek === "string"
      ? parseDecimal(submitted.numberOfHoursPerWeek)
      : null
    : values.numberOfHoursPerWeek;
  const againstContract = scheduleAgainstContract(weekType, weeksFromInputs(scheduleInputs), contractHours);
  const contractHint = (spec: FieldSpec): string | undefined => {
    if (spec.name !== "numberOfHoursPerWeek") return spec.hint ? t(spec.hint) : undefined;
    const words = { schedule: againstContract.weeklyLabel, contract: formatHoursMinutes(againstContract.contractSeconds ?? 0) };
    if (againstContract.differs) return t("schedule.differs_from_contract", words);
    return t(weekCount(weekType) === 2 ? "schedule.weekly_hours_average" : "schedule.weekly_hours", words);
  };

  function control(spec: FieldSpec, field: FieldMetadata<unknown>) {
    const common = { className: "field-input", "aria-required": TRACKED.has(spec.name) && !archived ? true : undefined };
    switch (spec.kind) {
      case "textarea":
        return <textarea {...getTextareaProps(field)} key={field.key} rows={3} maxLength={spec.maxLength} {...common} />;
      case "yesno":
        return (
          <select {...getSelectProps(field)} key={field.key} {...common}>
            <option value="">{t("employee.choose")}</option>
            <option value="1">{t("word.yes")}</option>
            <option value="0">{t("word.no")}</option>
          </select>
        );
      case "select":
        return (
          <select
            {...getSelectProps(field)}
            key={field.key}
            {...common}
            onChange={spec.name === "weekType" ? (e) => setWeekType(e.currentTarget.value) : undefined}
          >
            <option value="">{spec.name === "team" ? t("employee.none") : t("employee.choose")}</option>
            {spec.options?.(options)}
          </select>
        );
      case "decimal":
        return (
          <input
            {...getInputProps(field, { type: "text" })}
            key={field.key}
            inputMode="decimal"
            pattern="-?[0-9 ]*([,.][0-9]+)?"
            autoComplete="off"
            {...common}
          />
        );
      default:
        return (
          <input
            {...getInputProps(field, { type: spec.kind === "text" ? "text" : spec.kind })}
            key={field.key}
            step={spec.step}
            min={spec.kind === "number" && !spec.name.startsWith("holiday") ? 0 : undefined}
            maxLength={spec.maxLength}
            autoComplete={spec.autoComplete}
            {...common}
          />
        );
    }
  }

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {/* Enter in a field submits the first submit button: make it "save", not the schedule refresh below. */}
      {!archived && <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true" />}
      {form.errors && form.errors.length > 0 && (
        <p id={form.errorId} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {form.errors.join(" ")}
        </p>
      )}
      <fieldset disabled={archived} className="space-y-6">
        {SECTIONS.map((section) => (
          <section key={section.title} aria-labelledby={`${id}-${section.title}`} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            <h2 id={`${id}-${section.title}`} className="mb-4 text-lg font-semibold">
              {t(section.title)}
            </h2>
            <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
              {section.fields.map((spec) => {
                const field = fields[spec.name] as FieldMetadata<unknown>;
                return (
                  <div key={spec.name} className={spec.kind === "textarea" ? "sm:col-span-2 lg:col-span-3" : undefined}>
                    <Field
                      id={field.id}
                      label={t(`employee.${spec.name}` as MessageKey)}
                      required={TRACKED.has(spec.name) && !archived}
                      errors={field.errors}
                      hint={contractHint(spec)}
                    >
                      {control(spec, field)}
                    </Field>
                  </div>
                );
              })}
            </div>
            {section.schedule && (
              <div className="mt-2">
                <h3 className="mb-2 font-medium">{t("employee.schedule")}</h3>
                <WeekScheduleEditor
                  initial={scheduleInputs}
                  weeks={weekCount(weekType)}
                  disabled={archived}
                  errors={errors}
                  contractHours={contractHours}
                />
                {datedChange && !archived && (
                  <div className="mt-4 max-w-md">
                    <Field
                      id={fields.contractFrom!.id}
                      label={t("employee.contractFrom")}
                      required={false}
                      errors={fields.contractFrom!.errors}
                      hint={t("employee.contractFrom_hint")}
                    >
                      <input {...getInputProps(fields.contractFrom!, { type: "date" })} key={fields.contractFrom!.key} className="field-input" />
                    </Field>
                  </div>
                )}
                {!archived && (
                  <p className="mt-3 text-sm text-gray-700">
                    <button type="submit" name="intent" value="refresh" className="btn btn-secondary" formNoValidate>
                      {t("schedule.refresh")}
                    </button>{" "}
                    <span>{t("schedule.refresh_hint")}</span>
                  </p>
                )}
              </div>
            )}
          </section>
        ))}
      </fieldset>
      {!archived && (
        <div className="flex justify-end">
          <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={navigation.state === "submitting"}>
            {submitLabel}
          </button>
        </div>
      )}
    </Form>
  );
}
