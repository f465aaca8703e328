import { apiDate, formDate } from "./dates.server";
import * as z from "./z.server";
import { PROFILE_TYPES } from "~/domain/identity/access";
import { isEmailAddress } from "~/domain/shared/email-address";
import { decimalFormValue } from "~/domain/shared/number-format";
import {
  CONTRACT_TYPES,
  fromHourMinute,
  LEAVE_WORKFLOWS,
  missingRequiredFields,
  normaliseWeek,
  WEEK_TYPES,
  type EmployeeValues,
  type ScheduleDay,
} from "~/domain/employees/sheet";
import { t } from "~/i18n/fr";

/**
 * The employee sheet's two encodings of the same values (EmployeeValues): the HTML form (conform, every value a
 * string, relations as ids, yes/no as "1"/"0", the schedule as hour and minute inputs) and the /api body (JSON,
 * relations as IRIs, dates as unix seconds or YYYY-MM-DD). Both check types and formats only; which fields are
 * required and the rules that need the database (unique matricule and e-mail, team in division in subsidiary)
 * live in the service, so the HTML form and the API answer the same.
 */

const tooLong = (max: number) => t("employee.error.too_long", { max });
const text = (max: number) => z.string().trim().max(max, tooLong(max));
/** One e-mail syntax for every door (app/domain/shared/email-address.ts): a look-alike of an address is refused (issue 42 §2). */
const email = z.string().trim().max(254, t("email.invalid")).refine(isEmailAddress, t("email.invalid"));
const acronym = z.string().trim().max(10, t("employee.error.acronym_length"));
const numberError = { error: t("employee.error.number") };
const decimal = z.number(numberError).min(0, t("employee.error.positive")).max(9_999_999_999, t("employee.error.number"));
/** Contract hours: a week has 168 hours, the longest month 744 (31 × 24); one schema per field for both doors. */
const hoursPerWeek = z.number(numberError).min(0, t("employee.error.positive")).max(168, t("employee.error.hours_per_week"));
const hoursPerMonth = z.number(numberError).min(0, t("employee.error.positive")).max(744, t("employee.error.hours_per_month"));
/** The hourly cost is numeric(10,2) in the database, the salary numeric(12,2): the schema refuses what it cannot hold. */
const hourlyCost = decimal.max(99_999_999, t("employee.error.number"));
const counter = z.number(numberError).min(-9999, t("employee.error.number")).max(9999, t("employee.error.number"));
/** The monthly accrual is numeric(5,2): a counter, within ±999. */
const accrual = counter.min(-999, t("employee.error.number")).max(999, t("employee.error.number"));
// The HTML form's decimal inputs read a comma or a point (domain/shared/number-format.ts).
const formDecimal = z.preprocess(decimalFormValue, decimal);
const formCounter = z.preprocess(decimalFormValue, counter);
const formHourlyCost = z.preprocess(decimalFormValue, hourlyCost);
const formAccrual = z.preprocess(decimalFormValue, accrual);
const matricule = z.number({ error: t("employee.error.integer") }).int(t("employee.error.integer")).min(1, t("employee.error.integer")).max(2_147_483_647, t("employee.error.integer"));
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: t("employee.error.choice") });

// ---------- HTML form ----------

const yesNo = z.enum(["1", "0"], { error: t("employee.error.boolean") });
const relationId = z.number({ error: t("employee.error.choice") }).int().positive(t("employee.error.choice"));
const hour = z.number({ error: t("employee.error.hour") }).int(t("employee.error.hour")).min(0, t("employee.error.hour")).max(23, t("employee.error.hour"));
const minute = z.number({ error: t("employee.error.minute") }).int(t("employee.error.minute")).min(0, t("employee.error.minute")).max(59, t("employee.error.minute"));

/** One day of the schedule editor: hour and minute inputs for each start and end. */
const FormDay = z
  .object({
    morningStartHour: hour.optional(),
    morningStartMinute: minute.optional(),
    morningEndHour: hour.optional(),
    morningEndMinute: minute.optional(),
    afternoonStartHour: hour.optional(),
    afternoonStartMinute: minute.optional(),
    afternoonEndHour: hour.optional(),
    afternoonEndMinute: minute.optional(),
  })
  .nullable()
  .optional();

function formDayToSchedule(day: z.infer<typeof FormDay>): ScheduleDay {
  return {
    morningStart: fromHourMinute(day?.morningStartHour, day?.morningStartMinute),
    morningEnd: fromHourMinute(day?.morningEndHour, day?.morningEndMinute),
    afternoonStart: fromHourMinute(day?.afternoonStartHour, day?.afternoonStartMinute),
    afternoonEnd: fromHourMinute(day?.afternoonEndHour, day?.afternoonEndMinute),
  };
}

const boolOf = (v: "1" | "0" | undefined) => (v === undefined ? null : v === "1");

/** The sheet as posted by the browser (with or without JavaScript). Blank inputs arrive as undefined. */
export const EmployeeForm = z
  .object({
    intent: z.string().optional(),
    matricule: matricule.optional(),
    acronym: acronym.optional(),
    firstname: text(120).optional(),
    lastname: text(120).optional(),
    birthday: formDate("birthday").optional(),
    phone: text(40).optional(),
    email: email.optional(),
    emailPersonal: email.optional(),
    profileType: choice(PROFILE_TYPES).optional(),
    position: text(120).optional(),
    comments: text(5000).optional(),
    typeContract: choice(CONTRACT_TYPES).optional(),
    numberOfHoursPerWeek: z.preprocess(decimalFormValue, hoursPerWeek).optional(),
    numberOfHoursPerMonth: z.preprocess(decimalFormValue, hoursPerMonth).optional(),
    hiredAt: formDate("contract").optional(),
    firedAt: formDate("contract").optional(),
    contractState: text(120).optional(),
    annualSalary: formDecimal.optional(),
    hourlyCost: formHourlyCost.optional(),
    holidayEarnedLastYear: formCounter.optional(),
    holidayTakenLastYear: formCounter.optional(),
    holidayEarnedThisYear: formCounter.optional(),
    holidayTakenThisYear: formCounter.optional(),
    holidayTotalBalance: formCounter.optional(),
    holidayMonthlyVacationAccrual: formAccrual.optional(),
    holidayWorkingTimeReduction: yesNo.optional(),
    country: relationId.optional(),
    subsidiary: relationId.optional(),
    division: relationId.optional(),
    team: relationId.optional(),
    departmentHead: yesNo.optional(),
    teamLeader: yesNo.optional(),
    timeRegistration: yesNo.optional(),
    leaveWorkflow: choice(LEAVE_WORKFLOWS).optional(),
    weekType: choice(WEEK_TYPES).optional(),
    weeks: z.array(z.array(FormDay).max(5).nullable().optional()).max(2).optional(),
  })
  .transform(
    (v): EmployeeValues => ({
      matricule: v.matricule ?? null,
      acronym: v.acronym || null,
      firstname: v.firstname || null,
      lastname: v.lastname || null,
      birthday: v.birthday ?? null,
      phone: v.phone || null,
      email: v.email ? v.email.toLowerCase() : null,
      emailPersonal: v.emailPersonal || null,
      profileType: v.profileType ?? null,
      position: v.position || null,
      comments: v.comments || null,
      typeContract: v.typeContract ?? null,
      numberOfHoursPerWeek: v.numberOfHoursPerWeek ?? null,
      numberOfHoursPerMonth: v.numberOfHoursPerMonth ?? null,
      hiredAt: v.hiredAt ?? null,
      firedAt: v.firedAt ?? null,
      contractState: v.contractState || null,
      annualSalary: v.annualSalary ?? null,
      hourlyCost: v.hourlyCost ?? null,
      holidayEarnedLastYear: v.holidayEarnedLastYear ?? null,
      holidayTakenLastYear: v.holidayTakenLastYear ?? null,
      holidayEarnedThisYear: v.holidayEarnedThisYear ?? null,
      holidayTakenThisYear: v.holidayTakenThisYear ?? null,
      holidayTotalBalance: v.holidayTotalBalance ?? null,
      holidayMonthlyVacationAccrual: v.holidayMonthlyVacationAccrual ?? null,
      holidayWorkingTimeReduction: boolOf(v.holidayWorkingTimeReduction),
      country: v.country ?? null,
      subsidiary: v.subsidiary ?? null,
      division: v.division ?? null,
      team: v.team ?? null,
      departmentHead: boolOf(v.departmentHead),
      teamLeader: boolOf(v.teamLeader),
      timeRegistration: boolOf(v.timeRegistration),
      leaveWorkflow: v.leaveWorkflow ?? null,
      weekType: v.weekType ?? null,
      weeks: [0, 1].map((w) => normaliseWeek(Array.from({ length: 5 }, (_, d) => formDayToSchedule(v.weeks?.[w]?.[d])))),
    }),
  );
export type EmployeeFormInput = z.input<typeof EmployeeForm>;

/**
 * The required-field errors of a form that failed its format checks: the service never saw it, yet the user
 * should get every error marker at once (spec 1 §5), not the required ones only after fixing the formats.
 * Fields that already carry a format error keep theirs.
 */
export function requiredErrorsOfPayload(
  payload: Record<string, unknown>,
  existing: Record<string, unknown> | null | undefined,
): Record<string, string[]> {
  const raw = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === "string" ? v : v ?? null]));
  const out: Record<string, string[]> = {};
  for (const field of missingRequiredFields({ ...raw, firedAt: typeof raw.firedAt === "string" ? raw.firedAt : null })) {
    if (!existing?.[field]) out[field] = [t("word.required")];
  }
  return out;
}

// ---------- /api body ----------

const IRI_BASES = {
  country: "/api/countries",
  subsidiary: "/api/subsidiaries",
  division: "/api/divisions",
  team: "/api/teams",
} as const;

/** "/api/teams/12" (or a bare id) -> 12; the wrong collection or anything else is refused. */
function iriField(field: keyof typeof IRI_BASES) {
  return z
    .relationInput({ error: t("employee.error.reference") })
    .transform((raw, ctx) => {
      const value = z.relationValue(raw);
      const m = typeof value === "number" ? [String(value), "", String(value)] : /^(?:(.*)\/)?(\d+)$/.exec(value);
      const base = m?.[1] ? `/${m[1].replace(/^\/+/, "")}` : "";
      const id = m ? Number(m[2]) : NaN;
      if (!m || (base && base !== IRI_BASES[field]) || !Number.isSafeInteger(id) || id <= 0) {
        ctx.addIssue({ code: "custom", message: t("employee.error.reference") });
        return z.NEVER;
      }
      return id;
    });
}

const ApiTime = z.object({ hour, minute }).nullable();
const ApiHalf = z.object({ start: ApiTime.optional(), end: ApiTime.optional() }).nullable().optional();
/** A day of the /api schedule: {morning: {start: {hour, minute}, end: {hour, minute}}, afternoon: {...}}; null = blank. */
const ApiDay = z.object({ morning: ApiHalf, afternoon: ApiHalf });
const minutesOf = (time: { hour: number; minute: number } | null | undefined) => (time ? time.hour * 60 + time.minute : null);
const ApiWeeks = z
  .array(z.array(ApiDay).length(5, t("employee.error.weeks")), { error: t("employee.error.weeks") })
  .min(1, t("employee.error.weeks"))
  .max(2, t("employee.error.weeks"))
  .transform((weeks) =>
    weeks.map((days) =>
      days.map(
        (d): ScheduleDay => ({
          morningStart: minutesOf(d.morning?.start),
          morningEnd: minutesOf(d.morning?.end),
          afternoonStart: minutesOf(d.afternoon?.start),
          afternoonEnd: minutesOf(d.afternoon?.end),
        }),
      ),
    ),
  );

const nullableText = (schema: z.ZodType<string>) => schema.nullable().transform((v) => (v ? v : null));
const apiBool = z.boolean({ error: t("employee.error.boolean") }).nullable();

/**
 * The /api employee body (POST and PUT): the field names of spec 1 §3. Every field may be left out: POST starts
 * from a new sheet's defaults, PUT keeps the stored value (API Platform's PUT as the spec's client used it).
 * `null` clears a field. Read-only fields (id, displayName, completion, lastStateTimeClock, recovery...) are
 * ignored.
 */
export const EmployeeBody = z.object({
  matricule: matricule.nullable().optional(),
  acronym: nullableText(acronym).optional(),
  firstname: nullableText(text(120)).optional(),
  lastname: nullableText(text(120)).optional(),
  birthday: apiDate("birthday").nullable().optional(),
  phone: nullableText(text(40)).optional(),
  email: email.nullable().transform((v) => (v ? v.toLowerCase() : null)).optional(),
  emailPersonal: nullableText(email).optional(),
  profileType: choice(PROFILE_TYPES).nullable().optional(),
  position: nullableText(text(120)).optional(),
  comments: nullableText(text(5000)).optional(),
  typeContract: choice(CONTRACT_TYPES).nullable().optional(),
  numberOfHoursPerWeek: hoursPerWeek.nullable().optional(),
  numberOfHoursPerMonth: hoursPerMonth.nullable().optional(),
  hiredAt: apiDate("contract").nullable().optional(),
  firedAt: apiDate("contract").nullable().optional(),
  contractState: nullableText(text(120)).optional(),
  annualSalary: decimal.nullable().optional(),
  hourlyCost: hourlyCost.nullable().optional(),
  holidayEarnedLastYear: counter.nullable().optional(),
  holidayTakenLastYear: counter.nullable().optional(),
  holidayEarnedThisYear: counter.nullable().optional(),
  holidayTakenThisYear: counter.nullable().optional(),
  holidayTotalBalance: counter.nullable().optional(),
  holidayMonthlyVacationAccrual: accrual.nullable().optional(),
  holidayWorkingTimeReduction: apiBool.optional(),
  country: iriField("country").nullable().optional(),
  subsidiary: iriField("subsidiary").nullable().optional(),
  division: iriField("division").nullable().optional(),
  team: iriField("team").nullable().optional(),
  departmentHead: apiBool.optional(),
  teamLeader: apiBool.optional(),
  timeRegistration: apiBool.optional(),
  leaveWorkflow: choice(LEAVE_WORKFLOWS).nullable().optional(),
  weekType: choice(WEEK_TYPES).nullable().optional(),
  weeks: ApiWeeks.optional(),
  /** From when new hours or schedule apply (YYYY-MM-DD of the past; absent: the current week). Not stored on the sheet. */
  contractFrom: z.string().max(40).nullable().optional(),
});

/** Only the fields the caller sent (`contractFrom` is an option of the change, not a field: see updateEmployee). */
export function bodyToValues(body: z.infer<typeof EmployeeBody>): Partial<EmployeeValues> {
  const out: Partial<EmployeeValues> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && key !== "contractFrom") (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
