import { recoveryBalance, recoveryHoursToSeconds, vacationBalance, countsAgainstVacation } from "./balance";
import type { RecoveryCounters, VacationCounters } from "./balance";
import { dateWindow, isInDateWindow } from "~/domain/shared/date-window";
import { isLeaveReason, isLeaveTooLong, nonWorkingPeriod, overlaps, workingDays, type HalfDay, type LeavePeriod } from "./days";
import { isPendingDisplay } from "./workflow";
import { addDays, isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";

/** The half-day part of the leave form: the "half day" box and its two exclusive options. */
export interface HalfDayChoice {
  start: CalendarDate | null;
  end: CalendarDate | null;
  halfDay: boolean;
  morning: boolean;
  afternoon: boolean;
}

/** A leave request as submitted (form or /api), before any check. Field names are the spec's. */
export interface LeaveRequestInput {
  reason: string | null | undefined;
  start: string | null | undefined;
  end: string | null | undefined;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
  /** The form's "half day" box; the /api has no such field and leaves it undefined. */
  halfDay?: boolean;
  /** Hours of a recovery leave; ignored for other reasons. */
  nbHourAbsence?: number | null;
}

/** Another leave of the same employee, to detect overlaps. */
export interface ExistingLeave extends LeavePeriod {
  id: number;
  state: string;
}

export interface LeaveRequestContext {
  /** Today in the employee's time zone, as a calendar day. */
  today: CalendarDate;
  /** The employee's country holidays. */
  holidays: ReadonlySet<CalendarDate>;
  /** The employee's leaves (the one being edited may be included: it is skipped by id). */
  existingLeaves: readonly ExistingLeave[];
  balances: { vacation: VacationCounters; recovery: RecoveryCounters };
  /** Set when editing a pending request: its id and its start as stored. */
  editing?: { id: number; start: CalendarDate };
}

export type LeaveRequestField = "reason" | "start" | "end" | "halfDay" | "nbHourAbsence";

export type LeaveRequestViolationCode =
  | "required"
  | "invalid"
  | "hours_min_1"
  | "end_before_start"
  | "out_of_range"
  | "too_long"
  | "start_too_early"
  | "half_day_needs_same_day"
  | "half_day_both"
  | "only_weekend"
  | "only_holiday"
  | "only_weekend_and_holiday"
  | "overlap"
  | "insufficient_balance"
  | "insufficient_recovery";

export interface LeaveRequestViolation {
  field: LeaveRequestField;
  code: LeaveRequestViolationCode;
}

/** States of a leave that still holds its days: in flight or accepted (a refused leave frees them). */
function holdsItsDays(state: string): boolean {
  return isPendingDisplay(state) || state === "accepted";
}

/**
 * Applies the half-day rules of the form after any change:
 * - the half-day option only exists for a one-day leave: if the dates differ (or one is missing) the box
 *   and both options are cleared;
 * - unchecking the box clears both options;
 * - morning and afternoon are exclusive: the option just ticked (`changed`) wins. Without `changed`, both
 *   stay ticked so that the validation reports `half_day_both` instead of silently picking one.
 *
 * @example normaliseHalfDay({ start: "2026-07-17", end: "2026-07-17", halfDay: true, morning: true, afternoon: true }, "afternoon")
 *   // { start: "2026-07-17", end: "2026-07-17", halfDay: true, morning: false, afternoon: true }
 * @example normaliseHalfDay({ start: "2026-07-16", end: "2026-07-17", halfDay: true, morning: true, afternoon: false })
 *   // { ..., halfDay: false, morning: false, afternoon: false }
 */
export function normaliseHalfDay(choice: HalfDayChoice, changed?: "morning" | "afternoon"): HalfDayChoice {
  const sameDay = !!choice.start && choice.start === choice.end;
  if (!sameDay || !choice.halfDay) return { ...choice, halfDay: false, morning: false, afternoon: false };
  if (choice.morning && choice.afternoon && changed) {
    return { ...choice, morning: changed === "morning", afternoon: changed === "afternoon" };
  }
  return { ...choice };
}

/**
 * The half day of a request from its two flags; null for a whole day, and null too when both are set
 * (an invalid request, reported by validateLeaveRequest).
 *
 * @example toHalfDay({ halfDayMorning: false, halfDayAfternoon: true }) // "afternoon"
 */
export function toHalfDay(flags: { halfDayMorning: boolean; halfDayAfternoon: boolean }): HalfDay {
  if (flags.halfDayMorning === flags.halfDayAfternoon) return null;
  return flags.halfDayMorning ? "morning" : "afternoon";
}

/**
 * First day the start picker offers: yesterday, so a leave that began yesterday (a sick day reported the
 * next morning) can still be asked.
 *
 * @example minStartDate("2026-03-01") // "2026-02-28"
 */
export function minStartDate(today: CalendarDate): CalendarDate {
  return addDays(today, -1);
}

/**
 * First day the end picker offers: the start (a one-day leave ends the day it starts), or yesterday when
 * no start is chosen yet.
 *
 * @example minEndDate("2026-07-13", "2026-07-01") // "2026-07-13"
 * @example minEndDate(null, "2026-07-01") // "2026-06-30"
 */
export function minEndDate(start: CalendarDate | null | undefined, today: CalendarDate): CalendarDate {
  return start ? start : minStartDate(today);
}

/**
 * True when every required field is filled, which is when the form enables its submit button: reason,
 * start, end, and hours for a recovery leave. The full checks are validateLeaveRequest's.
 *
 * @example isLeaveRequestComplete({ reason: "RECOVERY_LEAVE", start: "2026-07-13", end: "2026-07-13",
 *                                   halfDayMorning: false, halfDayAfternoon: false, nbHourAbsence: null }) // false
 */
export function isLeaveRequestComplete(input: LeaveRequestInput): boolean {
  if (!input.reason || !input.start || !input.end) return false;
  return input.reason !== "RECOVERY_LEAVE" || isPresentNumber(input.nbHourAbsence);
}

function isPresentNumber(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * Checks a leave request (new or edited) and lists every violation, empty when the request is valid.
 * Checks that need a field only run once that field is valid, so one mistake gives one message.
 *
 * - required / invalid: reason, start and end; hours (nbHourAbsence) for a recovery leave; a side
 *   (morning or afternoon) when the form's half-day box is ticked. "invalid" is a malformed date or an
 *   unknown reason.
 * - hours_min_1: a recovery leave is at least one hour.
 * - end_before_start; start_too_early (before yesterday; an edited request keeps its stored start even if
 *   it is older, since the employee may still fix the comment or the end of a leave already begun).
 * - out_of_range: an end outside today ± 2 years, or a start after it (domain/shared/date-window.ts "near"; a past start is
 *   start_too_early); too_long: more than a year from start
 *   to end (MAX_LEAVE_CALENDAR_DAYS, on end). Both are checked before anything is counted, and stop the checks:
 *   no holiday, overlap or balance is looked at for such a period (docs/decisions/0014).
 * - half_day_both (morning and afternoon); half_day_needs_same_day (a half day on a multi-day leave).
 * - only_weekend / only_holiday / only_weekend_and_holiday: a period with no working day at all, named by what it
 *   is made of (on start). A leave may start or end on a weekend or a holiday: it counts the working days only
 *   (spec 2 §5, docs/decisions/0085); a half day on a holiday or a Saturday counts nothing and is refused too.
 * - overlap: shares a half day with another pending or accepted leave of the employee (on start).
 * - insufficient_balance: a paid leave longer than the vacation balance (on start: it is the period that
 *   is too long). Balances are charged at acceptance (domain/leave/balance.ts), so pending requests do not count
 *   here and the acceptance checks again.
 * - insufficient_recovery: a recovery leave's hours above the recovery balance (on nbHourAbsence).
 * Period-wide problems go on "start" because both the form and the /api payload have that field.
 *
 * @example validateLeaveRequest(
 *   { reason: "PAID_LEAVE", start: "2026-07-14", end: "2026-07-14", halfDayMorning: false, halfDayAfternoon: false },
 *   { today: "2026-07-01", holidays: new Set(["2026-07-14"]), existingLeaves: [], balances })
 *   // [{ field: "start", code: "only_holiday" }]
 */
export function validateLeaveRequest(input: LeaveRequestInput, ctx: LeaveRequestContext): LeaveRequestViolation[] {
  const violations: LeaveRequestViolation[] = [];
  const add = (field: LeaveRequestField, code: LeaveRequestViolationCode) => violations.push({ field, code });

  const reason = isLeaveReason(input.reason) ? input.reason : null;
  if (!input.reason) add("reason", "required");
  else if (!reason) add("reason", "invalid");

  const start = checkDate(input.start, "start", add);
  const end = checkDate(input.end, "end", add);

  let hours: number | null = null;
  if (reason === "RECOVERY_LEAVE") {
    if (!isPresentNumber(input.nbHourAbsence)) add("nbHourAbsence", "required");
    else if (input.nbHourAbsence < 1) add("nbHourAbsence", "hours_min_1");
    else hours = input.nbHourAbsence;
  }

  if (input.halfDayMorning && input.halfDayAfternoon) add("halfDay", "half_day_both");
  else if ((input.halfDayMorning || input.halfDayAfternoon) && start && end && start !== end) {
    add("halfDay", "half_day_needs_same_day");
  } else if (input.halfDay === true && !input.halfDayMorning && !input.halfDayAfternoon) add("halfDay", "required");

  if (!start || !end) return violations;
  if (end < start) {
    add("end", "end_before_start");
    return violations;
  }
  const keepsStoredStart = ctx.editing !== undefined && ctx.editing.start === start;
  if (start < minStartDate(ctx.today) && !keepsStoredStart) add("start", "start_too_early");
  // A past start is start_too_early above; out_of_range is for a start too far ahead.
  const startTooFar = start > dateWindow("near", ctx.today).to;
  if (startTooFar) add("start", "out_of_range");
  if (!isInDateWindow(end, "near", ctx.today)) add("end", "out_of_range");
  else if (!startTooFar && isLeaveTooLong(start, end)) add("end", "too_long");
  if (violations.some((v) => v.code === "out_of_range" || v.code === "too_long")) return violations;

  const period: LeavePeriod = { start, end, halfDay: start === end ? toHalfDay(input) : null };
  const days = workingDays({ ...period, holidays: ctx.holidays });
  if (days === 0) {
    const offDays = nonWorkingPeriod(start, end, ctx.holidays);
    // A half day of a working day counts 0.5, so days === 0 always has a kind; "only_weekend" is the safe fallback.
    add("start", offDays === "holiday" ? "only_holiday" : offDays === "weekend_and_holiday" ? "only_weekend_and_holiday" : "only_weekend");
  }

  const clash = ctx.existingLeaves.some(
    (other) => other.id !== ctx.editing?.id && holdsItsDays(other.state) && overlaps(period, other),
  );
  if (clash) add("start", "overlap");

  if (reason && countsAgainstVacation(reason) && days > vacationBalance(ctx.balances.vacation)) {
    add("start", "insufficient_balance");
  }
  if (hours !== null) {
    const { earned, taken } = ctx.balances.recovery;
    if (recoveryHoursToSeconds(hours) > recoveryBalance(earned, taken)) add("nbHourAbsence", "insufficient_recovery");
  }
  return violations;
}

/** Reports a missing or malformed date and returns it only when usable. */
function checkDate(
  value: string | null | undefined,
  field: "start" | "end",
  add: (field: LeaveRequestField, code: LeaveRequestViolationCode) => void,
): CalendarDate | null {
  if (!value) {
    add(field, "required");
    return null;
  }
  if (!isCalendarDate(value)) {
    add(field, "invalid");
    return null;
  }
  return value;
}
