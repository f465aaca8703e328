/**
 * Legal checks of working time (issue 13 §7, docs/decisions/0038): a day over 10 h worked (L3121-18), a week over
 * 48 h (L3121-20), less than 11 h of rest between two working days (L3131-1) and no break of 20 consecutive minutes
 * once 6 h have been worked (L3121-16). They inform the employee and their managers; they never block a clock
 * action. Pure: the caller reads the clock entries; instants are unix seconds, so 23 h and 25 h days are right.
 */
import { isoWeekKey, mondayOf } from "./iso-week";
import type { CalendarDate } from "./time-calendar-date";

const HOUR = 3600;
export const MAX_DAY_SECONDS = 10 * HOUR;
export const MAX_WEEK_SECONDS = 48 * HOUR;
export const MIN_REST_SECONDS = 11 * HOUR;
export const BREAK_AFTER_SECONDS = 6 * HOUR;
export const MIN_BREAK_SECONDS = 20 * 60;

export type LegalEntryType = "START" | "PAUSE" | "LUNCH" | "END";

/** One clock day: its calendar date and its entries (unix seconds), in any order. */
export interface LegalDay {
  date: CalendarDate;
  entries: readonly { time: number; type: string }[];
}

export type LegalCheckCode = "day_over_10h" | "week_over_48h" | "short_rest" | "no_break";

/** One finding. `date`: the day (the later day for a short rest, the Monday for a week). */
export interface LegalCheck {
  code: LegalCheckCode;
  date: CalendarDate;
  /** The measure: worked seconds (day, week, stretch) or rest seconds. */
  seconds: number;
}

/**
 * Work intervals of a day: from each START to the next PAUSE, LUNCH or END. A START left open (a day in progress,
 * or one without END) gives no interval: nothing is invented (DESIGN §5).
 *
 * @example workIntervals([{ time: 0, type: "START" }, { time: 3600, type: "LUNCH" }]) // [[0, 3600]]
 */
export function workIntervals(entries: LegalDay["entries"]): [number, number][] {
  const sorted = [...entries].sort((a, b) => a.time - b.time);
  const out: [number, number][] = [];
  let start: number | null = null;
  for (const e of sorted) {
    if (e.type === "START") {
      if (start === null) start = e.time;
    } else if (start !== null) {
      if (e.time > start) out.push([start, e.time]);
      start = null;
    }
  }
  return out;
}

/** Longest stretch of work not interrupted by a break of at least 20 minutes. */
function longestStretch(intervals: readonly [number, number][]): number {
  let longest = 0;
  let stretchStart: number | null = null;
  let stretchEnd = 0;
  let stretchWorked = 0;
  for (const [from, to] of intervals) {
    if (stretchStart === null || from - stretchEnd >= MIN_BREAK_SECONDS) {
      stretchStart = from;
      stretchWorked = 0;
    }
    // A break shorter than 20 minutes does not count as the legal break, but is not work either.
    stretchWorked += to - from;
    stretchEnd = to;
    longest = Math.max(longest, stretchWorked);
  }
  return longest;
}

/**
 * The legal checks of a run of clock days, sorted by date then code. A week is checked when at least one of its
 * days is given (pass whole weeks for a complete week total); the rest between two days is checked for every pair
 * of consecutive days with work, whatever their distance.
 *
 * @example legalChecks([{ date: "2026-03-02", entries: [START 08:00, END 19:00] }])
 *          // [{ code: "day_over_10h", ... seconds: 39600 }, { code: "no_break", ... seconds: 39600 }]
 */
export function legalChecks(days: readonly LegalDay[]): LegalCheck[] {
  const checks: LegalCheck[] = [];
  const byWeek = new Map<string, { monday: CalendarDate; seconds: number }>();
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let previousEnd: number | null = null;
  for (const day of sorted) {
    const intervals = workIntervals(day.entries);
    if (intervals.length === 0) continue;
    const worked = intervals.reduce((s, [from, to]) => s + (to - from), 0);
    if (worked > MAX_DAY_SECONDS) checks.push({ code: "day_over_10h", date: day.date, seconds: worked });
    const stretch = longestStretch(intervals);
    if (stretch > BREAK_AFTER_SECONDS) checks.push({ code: "no_break", date: day.date, seconds: stretch });
    const first = intervals[0]![0];
    if (previousEnd !== null && first - previousEnd < MIN_REST_SECONDS) {
      checks.push({ code: "short_rest", date: day.date, seconds: Math.max(0, first - previousEnd) });
    }
    previousEnd = intervals[intervals.length - 1]![1];
    const key = isoWeekKey(day.date);
    const id = `${key.year}-${key.week}`;
    const week = byWeek.get(id) ?? { monday: mondayOf(day.date), seconds: 0 };
    week.seconds += worked;
    byWeek.set(id, week);
  }
  for (const week of byWeek.values()) {
    if (week.seconds > MAX_WEEK_SECONDS) checks.push({ code: "week_over_48h", date: week.monday, seconds: week.seconds });
  }
  const order: LegalCheckCode[] = ["day_over_10h", "week_over_48h", "short_rest", "no_break"];
  return checks.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : order.indexOf(a.code) - order.indexOf(b.code)));
}

/**
 * The checks of one ISO week (by the Monday of the week holding each finding's date).
 *
 * @example checksOfWeek(checks, "2026-03-02") // the findings dated 2 to 8 March 2026
 */
export function checksOfWeek(checks: readonly LegalCheck[], monday: CalendarDate): LegalCheck[] {
  return checks.filter((c) => mondayOf(c.date) === monday);
}
