import { DateTime, FixedOffsetZone } from "luxon";

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
  const ms = utcMillis(date);
  if (ms === null) throw new RangeError(`Not a real calendar day: ${date}`);
  // From the epoch milliseconds in the fixed UTC zone: no ISO parsing, no zone lookup (decision 0049).
  return DateTime.fromMillis(ms, { zone: FixedOffsetZone.utcInstance }) as DateTime<true>;
}

/** Midnight UTC of a real YYYY-MM-DD day as epoch milliseconds; null for a real-looking but impossible day. */
function utcMillis(date: CalendarDate): number | null {
  const known = millisCache.get(date);
  if (known !== undefined) return known;
  const ms = parseUtcMillis(date);
  if (millisCache.size >= 50_000) millisCache.clear();
  millisCache.set(date, ms);
  return ms;
}

/** Days already read (a process reads the same few hundred days over and over). */
const millisCache = new Map<string, number | null>();

function parseUtcMillis(date: CalendarDate): number | null {
  if (typeof date !== "string" || !ISO_DATE.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const t = new Date(Date.UTC(2000, month - 1, day));
  t.setUTCFullYear(year);
  if (t.getUTCMonth() !== month - 1 || t.getUTCDate() !== day) {
    // 29 February of a leap year placed in 2000 then moved to a common year rolls over: not a real day.
    return null;
  }
  return t.getTime();
}

/**
 * Writes a luxon DateTime back as the calendar day it shows in its own zone.
 *
 * @example toCalendarDate(calendarDay("2026-03-29").plus({ days: 1 })) // "2026-03-30"
 */
export function toCalendarDate(day: DateTime<true>): CalendarDate {
  return day.toISODate();
}

export { isCalendarDate } from "./calendar-text";

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
  const ms = utcMillis(date);
  if (ms === null) throw new RangeError(`Not a real calendar day: ${date}`);
  if (!Number.isInteger(days)) return toCalendarDate(calendarDay(date).plus({ days }));
  // Whole days on UTC midnights: 86,400,000 ms each, exactly (UTC has no DST).
  const t = new Date(ms + days * 86_400_000);
  const year = t.getUTCFullYear();
  if (year < 1000 || year > 9999) return toCalendarDate(calendarDay(date).plus({ days }));
  return `${year}-${String(t.getUTCMonth() + 1).padStart(2, "0")}-${String(t.getUTCDate()).padStart(2, "0")}`;
}
