import { DateTime } from "luxon";

/**
 * The instants `npm run test:calendar` runs the vitest suite at (issue 37 item 3, docs/decisions/0115): each is a
 * wall-clock time in Europe/Paris where a test that reads the machine's clock, or places its data by it, breaks.
 */
export const CALENDAR_INSTANTS: readonly { at: string; why: string }[] = [
  { at: "2026-12-01T00:30", why: "the 1st of a month, 00:30 (still the 30th in UTC)" },
  { at: "2026-12-01T23:30", why: "the 1st of a month, 23:30 (already the 2nd in some zones, the month's first week)" },
  { at: "2026-11-30T23:30", why: "the last day of a month, 23:30 (the 1st in UTC+2)" },
  { at: "2026-12-31T23:30", why: "31 December, 23:30 (year end, ISO week 53 of 2026)" },
  { at: "2027-01-01T00:30", why: "1 January, 00:30 (still last year in UTC)" },
  { at: "2026-12-06T23:50", why: "a Sunday, 23:50 (the week's last minutes)" },
  { at: "2026-12-07T00:10", why: "a Monday, 00:10 (a new week, still Sunday in UTC)" },
  { at: "2027-03-28T02:30", why: "the last Sunday of March, 02:30 (does not exist: the clock jumps to 03:00)" },
  { at: "2027-10-31T02:30", why: "the last Sunday of October, 02:30 (happens twice: the first, in CEST, is taken)" },
  { at: "2028-02-29T12:00", why: "29 February of a leap year, noon" },
];

/**
 * The instant of a Paris wall-clock time ("2027-03-28T02:30"), or null when it is no date-time. A time that happens
 * twice (the autumn night) is its first occurrence, chosen here: luxon alone picks by the offset in force at the
 * machine's *current* date, so the same text gave two instants in December and in March (found by the calendar run).
 */
export function instantOf(wallClock: string): Date | null {
  const dt = DateTime.fromISO(wallClock, { zone: "Europe/Paris" });
  if (!dt.isValid) return null;
  const readings = dt.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
  return (readings[0] ?? dt).toJSDate();
}

/**
 * The instant CI runs on a given day: one per day of the year in turn, so that over a month every instant is tried.
 *
 * @example ciInstant(new Date("2026-01-01T12:00:00Z")).at // "2026-12-01T23:30" (day 1)
 */
export function ciInstant(today: Date): { at: string; why: string } {
  const day = DateTime.fromJSDate(today, { zone: "Europe/Paris" }).ordinal;
  return CALENDAR_INSTANTS[day % CALENDAR_INSTANTS.length]!;
}

/**
 * libfaketime's FAKETIME for a target instant seen from the machine's now: a relative offset in seconds ("+86400",
 * "-7544"), so that every process of the run (vitest, its forks, the embedded PostgreSQL) shares one clock that
 * ticks, whenever each of them starts. An absolute "@…" would restart at the instant in every new process.
 */
export function faketimeOffset(target: Date, now: Date): string {
  const seconds = Math.round((target.getTime() - now.getTime()) / 1000);
  return seconds >= 0 ? `+${seconds}` : String(seconds);
}
