import { DateTime } from "luxon";

/**
 * A calendar day written 'YYYY-MM-DD' (the `date` columns, HTML date inputs, holiday lists).
 * It names a day, not an instant: which instants belong to it depends on a time zone (see zoned-day.ts).
 */
export type CalendarDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a calendar day as a luxon DateTime at midnight UTC, or throws a RangeError.
 * Calendar arithmetic (weekday, ISO week, "+ 2 weeks") is done in UTC on purpose: UTC has no DST, so adding
 * days never lands on a 23- or 25-hour day. Instants of a local day are zoned-day.ts's job.
 *
 * @example calendarDay("2026-03-29").weekday // 7 (Sunday)
 */
export function calendarDay(date: CalendarDate): DateTime<true> {
  // luxon accepts week dates, ordinal dates and times too; a calendar day must be exactly YYYY-MM-DD.
  if (!ISO_DATE.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const day = DateTime.fromISO(date, { zone: "utc" });
  if (!day.isValid) throw new RangeError(`Not a real calendar day: ${date}`);
  return day;
}

/**
 * Writes a luxon DateTime back as the calendar day it shows in its own zone.
 *
 * @example toCalendarDate(calendarDay("2026-03-29").plus({ days: 1 })) // "2026-03-30"
 */
export function toCalendarDate(day: DateTime<true>): CalendarDate {
  return day.toISODate();
}

/**
 * True when the string is a real 'YYYY-MM-DD' day (so 2026-02-30 is not).
 *
 * @example isCalendarDate("2026-02-29") // false: 2026 is not a leap year
 */
export function isCalendarDate(value: string): boolean {
  return ISO_DATE.test(value) && DateTime.fromISO(value, { zone: "utc" }).isValid;
}

/**
 * Days from `from` to `to` (negative when `to` is earlier).
 *
 * @example daysBetween("2026-03-01", "2026-03-15") // 14
 */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round(calendarDay(to).diff(calendarDay(from), "days").days);
}

/**
 * Moves a calendar day by a number of days.
 *
 * @example addDays("2026-03-28", 1) // "2026-03-29", whatever happens to clocks that night
 */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return toCalendarDate(calendarDay(date).plus({ days }));
}
