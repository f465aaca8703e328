/**
 * The employee sheet's rules (spec 1 §2 "Employee sheet screens", §3 "Employee", §5 "Validation rules"):
 * the tracked fields and the completion percentage, the required fields, the archived state, the weekly
 * schedule editor's values and totals, and the breadcrumb / back link of the sheet.
 */
import { scheduleDaySeconds, type ScheduleDay, type WeekSchedule } from "~/domain/planning/expected-time";
import { formatClock, formatHoursMinutes } from "~/domain/shared/number-format";

export type { ScheduleDay, WeekSchedule };

export const CONTRACT_TYPES = ["CDD", "CDI", "CONTRAT_PRO"] as const;
export const LEAVE_WORKFLOWS = ["fast", "partial", "full"] as const;
export const WEEK_TYPES = ["unique_week", "week_one_two"] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export type LeaveWorkflow = (typeof LEAVE_WORKFLOWS)[number];
export type SheetWeekType = (typeof WEEK_TYPES)[number];

/** The editable values of an employee sheet, with relations as ids and calendar days as "YYYY-MM-DD". */
export interface EmployeeValues {
  matricule: number | null;
  acronym: string | null;
  firstname: string | null;
  lastname: string | null;
  birthday: string | null;
  phone: string | null;
  email: string | null;
  emailPersonal: string | null;
  profileType: string | null;
  position: string | null;
  comments: string | null;
  typeContract: string | null;
  numberOfHoursPerWeek: number | null;
  numberOfHoursPerMonth: number | null;
  hiredAt: string | null;
  firedAt: string | null;
  contractState: string | null;
  annualSalary: number | null;
  hourlyCost: number | null;
  holidayEarnedLastYear: number | null;
  holidayTakenLastYear: number | null;
  holidayEarnedThisYear: number | null;
  holidayTakenThisYear: number | null;
  holidayTotalBalance: number | null;
  holidayMonthlyVacationAccrual: number | null;
  holidayWorkingTimeReduction: boolean | null;
  country: number | null;
  subsidiary: number | null;
  division: number | null;
  team: number | null;
  departmentHead: boolean | null;
  teamLeader: boolean | null;
  timeRegistration: boolean | null;
  leaveWorkflow: string | null;
  weekType: string | null;
  /** Week 1, then week 2 (kept even for unique_week so switching back and forth loses nothing). */
  weeks: WeekSchedule[];
}

export type EmployeeField = Exclude<keyof EmployeeValues, "weeks">;

/**
 * The 32 tracked fields of spec 1 §9, which are exactly the fields §5 lists as "required unless the employee
 * is archived" (personal phone = `phone`, time tracking = `timeRegistration`, division leader = `departmentHead`).
 * firedAt, comments and team are optional and not tracked.
 */
export const TRACKED_FIELDS = [
  "matricule",
  "acronym",
  "firstname",
  "lastname",
  "phone",
  "emailPersonal",
  "birthday",
  "typeContract",
  "numberOfHoursPerWeek",
  "numberOfHoursPerMonth",
  "hiredAt",
  "contractState",
  "annualSalary",
  "hourlyCost",
  "holidayEarnedLastYear",
  "holidayTakenLastYear",
  "holidayEarnedThisYear",
  "holidayTakenThisYear",
  "leaveWorkflow",
  "holidayTotalBalance",
  "holidayMonthlyVacationAccrual",
  "holidayWorkingTimeReduction",
  "country",
  "subsidiary",
  "position",
  "timeRegistration",
  "division",
  "departmentHead",
  "teamLeader",
  "weekType",
  "email",
  "profileType",
] as const satisfies readonly EmployeeField[];
export type TrackedField = (typeof TRACKED_FIELDS)[number];

/**
 * Required even on an archived sheet: the save is only submitted with a professional e-mail and a profile
 * type (spec 1 §5), and the names because every list and the login mail need them (the columns are NOT NULL).
 */
export const ALWAYS_REQUIRED: readonly TrackedField[] = ["email", "profileType", "firstname", "lastname"];

/**
 * Is a field filled? Blank text and missing values are empty; a falsy value counts as filled only when it is
 * digits (spec 1 §5 "zero counts as filled only if it is digits"): the number 0 (a counter at zero) is filled,
 * NaN is not. A yes/no answer is a boolean sent by the form as "1"/"0" (digits), so "no" is filled too.
 *
 * @example isFilled(0) // true
 * @example isFilled("  ") // false
 * @example isFilled(false) // true ("Non" was chosen)
 */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  const text = String(value).trim();
  if (text === "") return false;
  // A falsy-looking text ("0", "00") is digits, hence filled; anything else non-blank is filled too.
  return true;
}

/**
 * Share of the 32 tracked fields that are filled, as a whole percent (rounded to the nearest).
 *
 * @example completionPercent({ ...all32Filled }) // 100
 * @example completionPercent({}) // 0
 */
export function completionPercent(values: Partial<Record<TrackedField, unknown>>): number {
  const filled = TRACKED_FIELDS.filter((f) => isFilled(values[f])).length;
  return Math.round((filled / TRACKED_FIELDS.length) * 100);
}

/** Archived = a departure date is set (spec 1 §4); the sheet is then read-only. */
export function isArchived(firedAt: string | null | undefined): boolean {
  return typeof firedAt === "string" && firedAt.trim() !== "";
}

/**
 * The required fields that are empty, in the form's order. On an archived sheet (departure date set, including
 * the save that sets it) only ALWAYS_REQUIRED applies.
 */
export function missingRequiredFields(values: Partial<Record<TrackedField, unknown>> & { firedAt?: string | null }): TrackedField[] {
  const required = isArchived(values.firedAt) ? ALWAYS_REQUIRED : TRACKED_FIELDS;
  return TRACKED_FIELDS.filter((f) => required.includes(f) && !isFilled(values[f]));
}

// ---------- weekly schedule ----------

export const WEEKDAYS = 5;
export const SCHEDULE_HALVES = ["morningStart", "morningEnd", "afternoonStart", "afternoonEnd"] as const;
export type ScheduleHalf = (typeof SCHEDULE_HALVES)[number];

export function emptyDay(): ScheduleDay {
  return { morningStart: null, morningEnd: null, afternoonStart: null, afternoonEnd: null };
}

/** An empty template: five days with blank hours and minutes. */
export function emptyWeek(): WeekSchedule {
  return Array.from({ length: WEEKDAYS }, emptyDay);
}

/** Always five days; missing days become blank ones. */
export function normaliseWeek(week: readonly (ScheduleDay | null | undefined)[] | null | undefined): WeekSchedule {
  return Array.from({ length: WEEKDAYS }, (_, i) => ({ ...emptyDay(), ...(week?.[i] ?? {}) }));
}

/** What a new sheet starts with (spec 1 §3 and §9 defaults; the others follow the database defaults). */
export const NEW_EMPLOYEE_DEFAULTS: EmployeeValues = {
  matricule: null,
  acronym: null,
  firstname: null,
  lastname: null,
  birthday: null,
  phone: null,
  email: null,
  emailPersonal: null,
  profileType: "ROLE_USER",
  position: null,
  comments: null,
  typeContract: null,
  numberOfHoursPerWeek: null,
  numberOfHoursPerMonth: null,
  hiredAt: null,
  firedAt: null,
  contractState: null,
  annualSalary: null,
  hourlyCost: null,
  holidayEarnedLastYear: 0,
  holidayTakenLastYear: 0,
  holidayEarnedThisYear: 0,
  holidayTakenThisYear: 0,
  holidayTotalBalance: 0,
  holidayMonthlyVacationAccrual: 2.08,
  holidayWorkingTimeReduction: false,
  country: null,
  subsidiary: null,
  division: null,
  team: null,
  departmentHead: false,
  teamLeader: false,
  timeRegistration: true,
  leaveWorkflow: "fast",
  weekType: "unique_week",
  weeks: [emptyWeek()],
};

/** How many weeks a week type shows: week 2 only for week_one_two. */
export function weekCount(weekType: string | null | undefined): 1 | 2 {
  return weekType === "week_one_two" ? 2 : 1;
}

/** Minutes from midnight -> {hour, minute}; null stays null. */
export function toHourMinute(minutes: number | null): { hour: number; minute: number } | null {
  if (minutes === null) return null;
  return { hour: Math.floor(minutes / 60), minute: minutes % 60 };
}

/**
 * {hour, minute} -> minutes from midnight. A blank hour is a blank time; a blank minute with an hour is :00.
 * Null when out of range (hour 0-23, minute 0-59).
 */
export function fromHourMinute(hour: number | null | undefined, minute: number | null | undefined): number | null {
  if (hour === null || hour === undefined) return null;
  const m = minute ?? 0;
  if (!Number.isInteger(hour) || !Number.isInteger(m) || hour < 0 || hour > 23 || m < 0 || m > 59) return null;
  return hour * 60 + m;
}

/**
 * A day's total as "HH:MM": morning plus afternoon, "00:00" when either half ends before it starts
 * (the rule lives in scheduleDaySeconds).
 *
 * @example dayTotalLabel({ morningStart: 540, morningEnd: 720, afternoonStart: 780, afternoonEnd: 1020 }) // "07:00"
 */
export function dayTotalLabel(day: ScheduleDay | null | undefined): string {
  return formatClock(scheduleDaySeconds(day));
}

/** A week's total as "HH:MM" (the sum of its day totals). */
export function weekTotalLabel(week: readonly ScheduleDay[]): string {
  return formatClock(week.reduce((sum, d) => sum + scheduleDaySeconds(d), 0));
}

// ---------- schedule and contract (issue 29 item 4, docs/decisions/0086) ----------

/** Seconds of each week the week type uses (one, or two for week_one_two); a missing week counts 0. */
export function usedWeekSeconds(weekType: string | null | undefined, weeks: readonly (readonly ScheduleDay[] | null | undefined)[]): number[] {
  return Array.from({ length: weekCount(weekType) }, (_, w) => normaliseWeek(weeks[w]).reduce((sum, d) => sum + scheduleDaySeconds(d), 0));
}

/** Why a sheet's schedule cannot be saved: none at all, or one week of a two-week rotation left empty. */
export type MissingSchedule = { code: "schedule_required" } | { code: "schedule_week_required"; week: 1 | 2 };

/**
 * A time-registered employee needs a schedule: without one every day expects 0 s and every second clocked is
 * overtime. Null when the schedule is fine, when the employee does not clock (timeRegistration not yes), or on an
 * archived sheet (no rule but the names and the login applies there). For week_one_two each week needs hours.
 *
 * @example missingSchedule({ timeRegistration: true, firedAt: null, weekType: "unique_week", weeks: [emptyWeek()] })
 *   // { code: "schedule_required" }
 * @example missingSchedule({ timeRegistration: false, firedAt: null, weekType: "unique_week", weeks: [emptyWeek()] }) // null
 */
export function missingSchedule(
  values: Pick<EmployeeValues, "timeRegistration" | "firedAt" | "weekType" | "weeks">,
): MissingSchedule | null {
  if (values.timeRegistration !== true || isArchived(values.firedAt)) return null;
  const seconds = usedWeekSeconds(values.weekType, values.weeks ?? []);
  const empty = seconds.flatMap((total, w) => (total === 0 ? [w + 1] : []));
  if (empty.length === 0) return null;
  if (empty.length === seconds.length) return { code: "schedule_required" };
  return { code: "schedule_week_required", week: empty[0] as 1 | 2 };
}

/** The schedule's hours set against the contract's weekly hours, for the sheet. */
export interface ScheduleAgainstContract {
  /** Seconds of each week the week type uses. */
  weekSeconds: number[];
  /** The schedule's hours per week: the week's total, or the average of the two weeks of a rotation. */
  weeklySeconds: number;
  /** The contract's weekly hours in seconds, null when not filled. */
  contractSeconds: number | null;
  /** Both are known and they differ by a minute or more. */
  differs: boolean;
  /** "35 h 00": the schedule's hours per week, as the sheet shows them. */
  weeklyLabel: string;
}

/**
 * Compares the schedule with the contract's weekly hours. A two-week rotation is compared on its average
 * (32 h and 38 h make a 35 h contract). An empty schedule is compared too (0 h against 35 h differs).
 *
 * @example scheduleAgainstContract("unique_week", [fiveDaysOf7h], 35) // { weeklySeconds: 126000, differs: false, ... }
 * @example scheduleAgainstContract("unique_week", [fiveDaysOf7h], 39).differs // true
 */
export function scheduleAgainstContract(
  weekType: string | null | undefined,
  weeks: readonly (readonly ScheduleDay[] | null | undefined)[],
  numberOfHoursPerWeek: number | null | undefined,
): ScheduleAgainstContract {
  const weekSeconds = usedWeekSeconds(weekType, weeks);
  const weeklySeconds = Math.round(weekSeconds.reduce((a, b) => a + b, 0) / weekSeconds.length);
  const hours = numberOfHoursPerWeek === null || numberOfHoursPerWeek === undefined ? NaN : Number(numberOfHoursPerWeek);
  const contractSeconds = Number.isFinite(hours) ? Math.round(hours * 3600) : null;
  const differs = contractSeconds !== null && Math.abs(contractSeconds - weeklySeconds) >= 60;
  return { weekSeconds, weeklySeconds, contractSeconds, differs, weeklyLabel: formatHoursMinutes(weeklySeconds) };
}

// ---------- breadcrumb and back link ----------

export interface SheetPlace {
  subsidiary: { id: number; name: string } | null;
  division: { id: number; name: string } | null;
  team: { id: number; name: string } | null;
}

export interface Crumb {
  label: string;
  href: string | null;
}

export const DIRECTORY_PATH = "/employees";

/** The directory path of each level; a level is only linked when its parents are known. */
function levelPaths(place: SheetPlace) {
  const sub = place.subsidiary ? `${DIRECTORY_PATH}/subsidiary/${place.subsidiary.id}` : null;
  const div = sub && place.division ? `${sub}/division/${place.division.id}` : null;
  const team = div && place.team ? `${div}/team/${place.team.id}` : null;
  return { sub, div, team };
}

/**
 * Back link of a sheet: the deepest available level (team, else division, else subsidiary, else the
 * subsidiaries list).
 *
 * @example backLink({ subsidiary: {id: 1}, division: {id: 2}, team: null }) // "/employees/subsidiary/1/division/2"
 */
export function backLink(place: SheetPlace): string {
  const { sub, div, team } = levelPaths(place);
  return team ?? div ?? sub ?? DIRECTORY_PATH;
}

/**
 * Breadcrumb of a sheet: employee sheets > subsidiary > division > team > full name (missing levels are skipped;
 * the last crumb is the current page and has no link).
 */
export function sheetBreadcrumb(rootLabel: string, place: SheetPlace, current: string): Crumb[] {
  const { sub, div, team } = levelPaths(place);
  const crumbs: Crumb[] = [{ label: rootLabel, href: DIRECTORY_PATH }];
  if (place.subsidiary && sub) crumbs.push({ label: place.subsidiary.name, href: sub });
  if (place.division && div) crumbs.push({ label: place.division.name, href: div });
  if (place.team && team) crumbs.push({ label: place.team.name, href: team });
  crumbs.push({ label: current, href: null });
  return crumbs;
}

/**
 * The schedule an import gives a new time-registered employee when the file has none (decision 0098's addendum):
 * the contract's weekly hours spread over Monday to Friday, mornings from 09:00 to 12:00 and the rest of the day's
 * hours from 13:00 (35 h: 09:00–12:00 and 13:00–17:00). HR adjust it on the sheet, which warns when the schedule
 * and the contract differ. Returns the weeks unchanged when the person does not clock or already has hours.
 *
 * @example importedSchedule({ timeRegistration: true, weekType: "unique_week", weeks: [emptyWeek()], numberOfHoursPerWeek: 35 })
 *   // → [[{ morningStart: 540, morningEnd: 720, afternoonStart: 780, afternoonEnd: 1020 }, … ×5]]
 */
export function importedSchedule(
  values: Pick<EmployeeValues, "timeRegistration" | "firedAt" | "weekType" | "weeks" | "numberOfHoursPerWeek">,
): WeekSchedule[] {
  const weeks = values.weeks ?? [];
  if (missingSchedule(values) === null) return weeks;
  const hours = values.numberOfHoursPerWeek && values.numberOfHoursPerWeek > 0 ? Math.min(values.numberOfHoursPerWeek, 60) : 35;
  const dayMinutes = Math.round((hours * 60) / WEEKDAYS);
  const morning = Math.min(180, dayMinutes);
  const afternoon = dayMinutes - morning;
  const day = (): ScheduleDay => ({
    morningStart: 540,
    morningEnd: 540 + morning,
    afternoonStart: afternoon > 0 ? 780 : null,
    afternoonEnd: afternoon > 0 ? 780 + afternoon : null,
  });
  const week = (): WeekSchedule => Array.from({ length: WEEKDAYS }, day);
  return Array.from({ length: weekCount(values.weekType) }, (_, i) => {
    const existing = weeks[i];
    return existing && existing.some((d) => d && (d.morningStart !== null || d.afternoonStart !== null)) ? normaliseWeek(existing) : week();
  });
}
