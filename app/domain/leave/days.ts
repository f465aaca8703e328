import { calendarDay, type CalendarDate } from "~/domain/shared/time-calendar-date";

/**
 * Leave reasons of the spec (§3). The first six are ordinary absences, the last six family events.
 * Report and planning keys are the lower-case forms (see domain/planning/week.ts).
 */
export const LEAVE_REASONS = [
  "PAID_LEAVE",
  "SICK_LEAVE",
  "OTHER_LEAVE",
  "NO_PAID_LEAVE",
  "RTT_LEAVE",
  "RECOVERY_LEAVE",
  "MATERNITY_LEAVE",
  "PATERNITY_LEAVE",
  "WEDDING_LEAVE",
  "DEATH_LEAVE",
  "PARENT_EDUCATION_LEAVE",
  "PORTUGAL_LEAVE",
] as const;

export type LeaveReason = (typeof LEAVE_REASONS)[number];

/**
 * True when the value is one of the twelve leave reasons (case-sensitive, as stored and sent).
 *
 * @example isLeaveReason("RTT_LEAVE") // true
 * @example isLeaveReason("rtt_leave") // false: that is the planning key, not the reason
 */
export function isLeaveReason(value: unknown): value is LeaveReason {
  return typeof value === "string" && (LEAVE_REASONS as readonly string[]).includes(value);
}

/** Which half of the day a half-day leave covers; null for whole days. */
export type HalfDay = "morning" | "afternoon" | null;

/** The part of a leave that says which days (and half days) it covers. */
export interface LeavePeriod {
  start: CalendarDate;
  end: CalendarDate;
  halfDay: HalfDay;
}

/**
 * Longest leave, in calendar days from start to end, both included (docs/decisions/0014): a year, leap day
 * included. Longer requests are refused before any counting.
 */
export const MAX_LEAVE_CALENDAR_DAYS = 366;

/**
 * The working days of a period, both ends included: Monday to Friday minus the given public holidays
 * (the employee's country holidays). An end before the start gives no days. Lists every day, so callers must
 * bound the period first (a leave is MAX_LEAVE_CALENDAR_DAYS at most); to count, use countWorkingDays.
 *
 * @example workingDates("2026-07-13", "2026-07-19", new Set(["2026-07-14"]))
 *   // ["2026-07-13", "2026-07-15", "2026-07-16", "2026-07-17"]
 */
export function workingDates(start: CalendarDate, end: CalendarDate, holidays: ReadonlySet<CalendarDate>): CalendarDate[] {
  const last = calendarDay(end);
  const dates: CalendarDate[] = [];
  // Walk in UTC calendar days (calendarDay): no DST, so "+1 day" is always the next date.
  for (let day = calendarDay(start); day <= last; day = day.plus({ days: 1 })) {
    const date = day.toISODate();
    // luxon weekday: 1 = Monday ... 6 = Saturday, 7 = Sunday.
    if (day.weekday <= 5 && !holidays.has(date)) dates.push(date);
  }
  return dates;
}

/**
 * Monday-to-Friday days of a period, both ends included, in constant time: whole weeks count five, then the
 * few days left are looked at one by one (at most six). An end before the start gives 0.
 *
 * @example countWeekdays("2026-07-13", "2026-07-19") // 5
 * @example countWeekdays("2026-01-01", "9999-12-31") // 2,080,317, without walking the days
 */
export function countWeekdays(start: CalendarDate, end: CalendarDate): number {
  const first = calendarDay(start);
  const last = calendarDay(end);
  if (last < first) return 0;
  const days = Math.round(last.diff(first, "days").days) + 1;
  let count = Math.floor(days / 7) * 5;
  // luxon weekday: 1 = Monday ... 7 = Sunday; the days left start on the first day's weekday.
  for (let i = 0, weekday = first.weekday; i < days % 7; i++, weekday = (weekday % 7) + 1) {
    if (weekday <= 5) count++;
  }
  return count;
}

/**
 * Working days of a period, both ends included: countWeekdays minus the holidays that fall on a weekday of the
 * period. Costs O(holidays), whatever the length of the period.
 *
 * @example countWorkingDays("2026-07-13", "2026-07-19", new Set(["2026-07-14", "2026-08-15"])) // 4
 */
export function countWorkingDays(start: CalendarDate, end: CalendarDate, holidays: ReadonlySet<CalendarDate>): number {
  const weekdays = countWeekdays(start, end);
  if (weekdays === 0) return 0;
  let off = 0;
  for (const holiday of holidays) {
    // 'YYYY-MM-DD' strings compare like the dates they name.
    if (holiday >= start && holiday <= end && calendarDay(holiday).weekday <= 5) off++;
  }
  return weekdays - off;
}

/**
 * Number of working days a leave takes (the spec's numberDaysWork): Monday to Friday minus holidays;
 * a half day counts 0.5 when its day is a working day, 0 otherwise. Constant in the period's length
 * (countWorkingDays), so no input can stall the server.
 *
 * A half day only exists on a one-day leave (the form clears it as soon as the dates differ), so a
 * `halfDay` given with `start !== end` is ignored here and the period counts in whole days; the form
 * validation (domain/leave/form.ts) reports that input as `half_day_needs_same_day` instead.
 *
 * @example workingDays({ start: "2026-07-17", end: "2026-07-17", halfDay: "morning", holidays: new Set() }) // 0.5
 * @example workingDays({ start: "2026-07-13", end: "2026-07-17", halfDay: null, holidays: new Set(["2026-07-14"]) }) // 4
 */
export function workingDays(input: LeavePeriod & { holidays: ReadonlySet<CalendarDate> }): number {
  const days = countWorkingDays(input.start, input.end, input.holidays);
  if (input.halfDay !== null && input.start === input.end) return days * 0.5;
  return days;
}

/** What a period without a single working day is made of (spec 2 §5): weekend days, public holidays, or both. */
export type NonWorkingPeriod = "weekend" | "holiday" | "weekend_and_holiday";

/**
 * Which non-working days make up a period that counts no working day, or null when it counts at least one
 * (or when the end is before the start). Constant in the period's length, like countWorkingDays.
 * A leave may start or end on a weekend or a holiday (it counts the working days only); only a period made of
 * nothing else is refused, and the message names which kind of day it is (docs/decisions/0085).
 *
 * @example nonWorkingPeriod("2027-01-09", "2027-01-10", new Set()) // "weekend"
 * @example nonWorkingPeriod("2027-05-06", "2027-05-06", new Set(["2027-05-06"])) // "holiday"
 * @example nonWorkingPeriod("2027-05-06", "2027-05-07", new Set(["2027-05-06"])) // null: Friday is worked
 */
export function nonWorkingPeriod(start: CalendarDate, end: CalendarDate, holidays: ReadonlySet<CalendarDate>): NonWorkingPeriod | null {
  const calendarDays = leaveCalendarDays(start, end);
  if (calendarDays === 0 || countWorkingDays(start, end, holidays) > 0) return null;
  const weekdays = countWeekdays(start, end);
  // No working day: every weekday of the period is a holiday.
  const hasHoliday = weekdays > 0;
  const hasWeekend = weekdays < calendarDays;
  if (hasHoliday && hasWeekend) return "weekend_and_holiday";
  return hasHoliday ? "holiday" : "weekend";
}

/**
 * Calendar days of a period, both ends included (0 when the end is before the start).
 *
 * @example leaveCalendarDays("2026-01-01", "2026-12-31") // 365
 */
export function leaveCalendarDays(start: CalendarDate, end: CalendarDate): number {
  const days = Math.round(calendarDay(end).diff(calendarDay(start), "days").days) + 1;
  return days > 0 ? days : 0;
}

/**
 * True when a leave is longer than MAX_LEAVE_CALENDAR_DAYS.
 *
 * @example isLeaveTooLong("2026-01-01", "2026-12-31") // false
 * @example isLeaveTooLong("2026-01-01", "2200-01-01") // true
 */
export function isLeaveTooLong(start: CalendarDate, end: CalendarDate): boolean {
  return leaveCalendarDays(start, end) > MAX_LEAVE_CALENDAR_DAYS;
}

/**
 * The half-day slots a period covers, as comparable keys "YYYY-MM-DD#0" (morning) and "YYYY-MM-DD#1"
 * (afternoon). 'YYYY-MM-DD' strings sort like the dates they name, and "#0" < "#1", so plain string
 * comparison orders slots in time.
 */
function slotBounds(period: LeavePeriod): [first: string, last: string] {
  // A half day only means something on a one-day leave (same rule as workingDays).
  if (period.halfDay !== null && period.start === period.end) {
    const slot = `${period.start}#${period.halfDay === "morning" ? 0 : 1}`;
    return [slot, slot];
  }
  return [`${period.start}#0`, `${period.end}#1`];
}

/**
 * True when two leaves share at least one half day, both ends included. A morning and an afternoon of
 * the same day do not overlap; a half day inside another leave's whole days does. Calendar days count,
 * not only working days: two leaves on the same Saturday overlap.
 *
 * @example overlaps({ start: "2026-07-17", end: "2026-07-17", halfDay: "morning" },
 *                   { start: "2026-07-17", end: "2026-07-17", halfDay: "afternoon" }) // false
 */
export function overlaps(a: LeavePeriod, b: LeavePeriod): boolean {
  // Parse every date first: a malformed one must throw, not silently compare as "no overlap".
  for (const date of [a.start, a.end, b.start, b.end]) calendarDay(date);
  const [aFirst, aLast] = slotBounds(a);
  const [bFirst, bLast] = slotBounds(b);
  // An inverted period (end before start) covers nothing.
  if (aFirst > aLast || bFirst > bLast) return false;
  return aFirst <= bLast && bFirst <= aLast;
}

