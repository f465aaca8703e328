import { DateTime, FixedOffsetZone } from "luxon";

/**
 * A calendar day written 'YYYY-MM-DD' (the `date` columns, HTML date inputs, holiday lists).
 * It names a day, not an instant: which instants belong to it depends on a time zone (see domain/shared/zoned-day.ts).
 */
export type CalendarDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a calendar day as a luxon DateTime at midnight UTC, or throws a RangeError.
 * Calendar arithmetic (weekday, ISO week, "+ 2 weeks") is done in UTC on purpose: UTC has no DST, so adding
 * days never lands on a 23- or 25-hour day. Instants of a local day are domain/shared/zoned-day.ts's job.
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
  return epochDay(to) - epochDay(from);
}

/**
 * Moves a calendar day by a number of days.
 *
 * @example addDays("2026-03-28", 1) // "2026-03-29", whatever happens to clocks that night
 */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const day = epochDay(date);
  if (!Number.isInteger(days)) return toCalendarDate(calendarDay(date).plus({ days }));
  // Whole days are whole day numbers: a calendar day has no length, so DST cannot enter.
  const moved = day + days;
  if (moved < FIRST_PLAIN_DAY || moved > LAST_PLAIN_DAY) return toCalendarDate(calendarDay(date).plus({ days }));
  return fromEpochDay(moved);
}

// ---------------------------------------------------------------------------------------------------------------
// Day numbers: calendar arithmetic in integers (decision 0058). A day is its count of days since 1970-01-01
// (the proleptic Gregorian calendar of luxon and of PostgreSQL's date), computed from the digits with the
// civil-from-days algorithm (H. Hinnant), so moving by days, the weekday and the ISO week need no Date, no luxon
// object and no time zone. The hot loops (the overtime engine, the nightly run) use these; the results are the
// luxon ones (the tests compare every day from 1900 to 2100).

/** Day numbers written here as YYYY-MM-DD; outside, the luxon paths (years before 1000 or after 9999). */
const FIRST_PLAIN_DAY = -354_285; // 1000-01-01
const LAST_PLAIN_DAY = 2_932_896; // 9999-12-31

const DIGIT_0 = 48;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a year, month (1–12) and day, without any check. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/**
 * The day number of a real 'YYYY-MM-DD' day: days since 1970-01-01 (negative before). RangeError otherwise, as
 * calendarDay.
 *
 * @example epochDay("1970-01-02") // 1
 * @example epochDay("2026-03-29") // 20541
 */
export function epochDay(date: CalendarDate): number {
  if (typeof date !== "string" || date.length !== 10 || !ISO_DATE.test(date)) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  }
  // The digits read in place (no closure: tsx's keepNames would name a new function at every call).
  const year = (date.charCodeAt(0) - DIGIT_0) * 1000 + (date.charCodeAt(1) - DIGIT_0) * 100 + (date.charCodeAt(2) - DIGIT_0) * 10 + (date.charCodeAt(3) - DIGIT_0);
  const month = (date.charCodeAt(5) - DIGIT_0) * 10 + (date.charCodeAt(6) - DIGIT_0);
  const day = (date.charCodeAt(8) - DIGIT_0) * 10 + (date.charCodeAt(9) - DIGIT_0);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw new RangeError(`Not a real calendar day: ${date}`);
  return daysFromCivil(year, month, day);
}

/**
 * The 'YYYY-MM-DD' day of a day number (the inverse of epochDay), for years 1000 to 9999.
 *
 * @example fromEpochDay(20541) // "2026-03-29"
 */
export function fromEpochDay(n: number): CalendarDate {
  if (!Number.isInteger(n) || n < FIRST_PLAIN_DAY || n > LAST_PLAIN_DAY) throw new RangeError(`No YYYY-MM-DD day numbered ${n}`);
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/**
 * ISO weekday of a day number: 1 (Monday) to 7 (Sunday). 1970-01-01 was a Thursday.
 *
 * @example weekdayOfEpochDay(0) // 4
 */
export function weekdayOfEpochDay(n: number): number {
  return ((((n + 3) % 7) + 7) % 7) + 1;
}

/** The Gregorian year a day number falls in. */
function yearOfEpochDay(n: number): number {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  return yoe + era * 400 + (mp >= 10 ? 1 : 0);
}

/**
 * ISO week-numbering year and week of a day number: the week belongs to the year of its Thursday, and week 1 is
 * the one holding 4 January (luxon's `weekYear` and `weekNumber`).
 *
 * @example isoWeekOfEpochDay(epochDay("2024-12-31")) // { year: 2025, week: 1 }
 */
export function isoWeekOfEpochDay(n: number): { year: number; week: number } {
  const thursday = n - weekdayOfEpochDay(n) + 4;
  const year = yearOfEpochDay(thursday);
  return { year, week: Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1 };
}

/**
 * ISO weekday of a calendar day: 1 (Monday) to 7 (Sunday), as luxon's `weekday`.
 *
 * @example isoWeekday("2026-03-29") // 7 (Sunday)
 */
export function isoWeekday(date: CalendarDate): number {
  return weekdayOfEpochDay(epochDay(date));
}
