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

/** How many parts CI splits the integration and API test files into: one part a day runs with that day's instant. */
export const CI_SHARDS = 3;

/**
 * What CI runs on a given day (issue 37 item 4, docs/decisions/0115): one instant and one part of the integration and
 * API files, in turn day after day, by the count of Paris days since 1970 (not the day of the year, whose reset on
 * 1 January would skip some pairs). Every instant comes up every ten days; every pair of an instant and a part comes up
 * within thirty consecutive days, so over a month every file runs at every instant. The pure tests (`app/**`,
 * `tests/unit`) run whole every day: they are quick.
 *
 * @example ciRun(new Date("2026-12-02T12:00:00Z")) // { instant: { at: "2028-02-29T12:00", … }, shard: 3 }
 */
export function ciRun(today: Date): { instant: { at: string; why: string }; shard: number } {
  const paris = DateTime.fromJSDate(today, { zone: "Europe/Paris" });
  const day = Math.floor(DateTime.utc(paris.year, paris.month, paris.day).toMillis() / 86_400_000);
  const turn = day % (CALENDAR_INSTANTS.length * CI_SHARDS);
  return { instant: CALENDAR_INSTANTS[turn % CALENDAR_INSTANTS.length]!, shard: Math.floor(turn / CALENDAR_INSTANTS.length) + 1 };
}

/**
 * The test files of one part (1-based) of `of`: every pure test file (under `app/` or `tests/unit/`), and of the
 * integration and API files (sorted by path) those whose rank modulo `of` is the part's.
 */
export function shardFiles(files: readonly string[], shard: number, of: number): string[] {
  const pure = (f: string) => f.startsWith("app/") || f.startsWith("tests/unit/");
  const others = files.filter((f) => !pure(f)).sort();
  return [...files.filter(pure).sort(), ...others.filter((_, i) => i % of === shard - 1)];
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
