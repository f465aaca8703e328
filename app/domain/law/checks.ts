/**
 * Legal checks of working time, as per-country policy data naming their article (issue 13 §7, issue 26 §2,
 * docs/decisions/0038 and 0076). They inform the employee and their managers; they never block a clock action.
 * Pure: the caller reads the clock entries; instants are unix seconds, so 23 h and 25 h days are right. A day is a
 * shift: its entries may end on the next morning (decision 0075), and every check measures the shift.
 *
 * France (Code du travail): a day over 10 h (L3121-18), a week over 48 h (L3121-20), over 44 h on average over any
 * 12 consecutive weeks (L3121-22), less than 11 h of rest between two days (L3131-1), a day reaching 6 h of work
 * without a break of 20 consecutive minutes (L3121-16).
 * Portugal (Código do Trabalho): more than 5 h of work in a row, or 6 h when the day is over 10 h, without a break of
 * 1 h, and a break over 2 h (art. 213.º n.º 1); less than 11 h of rest (art. 214.º n.º 1); more than 2 h of overtime
 * on a working day (art. 228.º n.º 1 d)); the annual overtime limit, 175 h in a micro or small company, 150 h in a
 * medium or large one (art. 228.º n.º 1 a) and b)); work on the compulsory weekly rest day (Sunday, art. 232.º) owes a
 * paid rest day in one of the next 3 working days (art. 229.º n.º 4), flagged while it is not taken.
 */
import { isoWeekKey, mondayOf } from "~/domain/shared/iso-week";
import { type SourceId } from "./sources";
import { addDays, isoWeekday, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { instantAt } from "~/domain/shared/zoned-day";
import { FRANCE_LEGAL, LegalCheck, LegalCheckCode, LegalDay, LegalPolicy, NightWorkerRule } from "./policies";


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

/** Longest stretch of work not interrupted by a break of at least `minBreak` seconds. */
function longestStretch(intervals: readonly [number, number][], minBreak: number): number {
  let longest = 0;
  let stretchStart: number | null = null;
  let stretchEnd = 0;
  let stretchWorked = 0;
  for (const [from, to] of intervals) {
    if (stretchStart === null || from - stretchEnd >= minBreak) {
      stretchStart = from;
      stretchWorked = 0;
    }
    // A shorter break does not count as the legal break, but is not work either.
    stretchWorked += to - from;
    stretchEnd = to;
    longest = Math.max(longest, stretchWorked);
  }
  return longest;
}

/** Options of a run: `today` (a compensatory rest day still ahead is not missed yet), holidays, company size. */
export interface LegalCheckOptions {
  today?: CalendarDate;
  holidays?: ReadonlySet<CalendarDate>;
  /** A micro or small company (Portugal's 175 h annual overtime instead of 150 h). */
  smallCompany?: boolean;
  /**
   * The annual overtime limit from the country's overtime policy and the company's size (annualQuotaSeconds,
   * decision 0103); it wins over `smallCompany` and the policy's defaults.
   */
  annualOvertimeLimitSeconds?: number;
  /** The employee's zone: the calendar week's bounds of the weekly rest (L3132-2). Unset: not checked. */
  zone?: string;
  /** Night seconds of each day's shift (the employee's night period): the night worker's checks. Unset: not checked. */
  nightSeconds?: Readonly<Record<CalendarDate, number>>;
}

const ORDER: LegalCheckCode[] = [
  "day_over_10h",
  "week_over_48h",
  "average_over_44h",
  "short_rest",
  "no_break",
  "stretch_over_5h",
  "break_over_2h",
  "daily_overtime_over_2h",
  "annual_overtime_over_limit",
  "rest_day_due",
  "rest_day_over_normal_day",
  "seventh_day",
  "weekly_rest_short",
  "night_worker",
  "night_worker_day_over_8h",
  "night_worker_average_over_40h",
  "night_worker_average_day_over_8h",
];

/**
 * The legal checks of a run of clock days under a country's policy (France by default), sorted by date then code. A
 * week is checked when at least one of its days is given (pass whole weeks for a complete week total; weeks not
 * given count 0 in the 12-week average, so it never over-reports); the rest between two days is checked for every
 * pair of consecutive days with work, whatever their distance; the annual overtime sums the days given of each
 * calendar year.
 *
 * @example legalChecks([{ date: "2026-03-02", entries: [START 08:00, END 19:00] }])
 *          // [{ code: "day_over_10h", ... seconds: 39600 }, { code: "no_break", ... seconds: 39600 }]
 */
export function legalChecks(days: readonly LegalDay[], policy: LegalPolicy = FRANCE_LEGAL, options: LegalCheckOptions = {}): LegalCheck[] {
  const checks: LegalCheck[] = [];
  const push = (code: LegalCheckCode, date: CalendarDate, seconds: number, rule: { article: string; source: SourceId }, extra: Partial<LegalCheck> = {}) =>
    checks.push({ code, date, seconds, article: rule.article, source: rule.source, ...extra });
  const byWeek = new Map<string, { monday: CalendarDate; seconds: number; days: number }>();
  const byYear = new Map<string, number>();
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const worked = new Map<CalendarDate, number>();
  let previousEnd: number | null = null;
  for (const day of sorted) {
    const intervals = workIntervals(day.entries);
    if (intervals.length === 0) continue;
    const total = intervals.reduce((s, [from, to]) => s + (to - from), 0);
    worked.set(day.date, total);
    if (policy.maxDay && total > policy.maxDay.seconds) push("day_over_10h", day.date, total, policy.maxDay);
    const rule = policy.breakRule;
    if (rule.mode === "reach") {
      // L3121-16: the break is due as soon as the day "atteint six heures" (exactly 6 h 00 included).
      const stretch = longestStretch(intervals, rule.minBreakSeconds);
      if (stretch >= rule.seconds) push("no_break", day.date, stretch, rule);
    } else {
      const stretch = longestStretch(intervals, rule.minBreakSeconds);
      const limit = total > rule.longDayOver ? rule.longDaySeconds : rule.seconds;
      if (stretch > limit) push("stretch_over_5h", day.date, stretch, rule);
      const longestBreak = intervals.slice(1).reduce((m, [from], i) => Math.max(m, from - intervals[i]![1]), 0);
      if (longestBreak > rule.maxBreakSeconds) push("break_over_2h", day.date, longestBreak, rule);
    }
    const first = intervals[0]![0];
    if (previousEnd !== null && first - previousEnd < policy.minRest.seconds) {
      push("short_rest", day.date, Math.max(0, first - previousEnd), policy.minRest);
    }
    previousEnd = intervals[intervals.length - 1]![1];
    const key = isoWeekKey(day.date);
    const id = `${key.year}-${key.week}`;
    const week = byWeek.get(id) ?? { monday: mondayOf(day.date), seconds: 0, days: 0 };
    week.seconds += total;
    week.days += 1;
    byWeek.set(id, week);
    if (day.expectedSeconds !== undefined) {
      const overtime = Math.max(0, total - day.expectedSeconds);
      // art. 228.º n.º 1 d): the 2 h are per working day (a rest day or a holiday has its own limit, alínea e).
      if (policy.dailyOvertime && day.expectedSeconds > 0 && overtime > policy.dailyOvertime.seconds) {
        push("daily_overtime_over_2h", day.date, overtime, policy.dailyOvertime);
      }
      // art. 228.º n.º 1 e): on a weekly rest day or a holiday (no expected time), no more than the normal day.
      if (policy.restDayLimit && day.expectedSeconds === 0 && total > policy.restDayLimit.seconds) {
        push("rest_day_over_normal_day", day.date, total, policy.restDayLimit);
      }
      if (policy.annualOvertime) {
        const year = day.date.slice(0, 4);
        const before = byYear.get(year) ?? 0;
        const after = before + overtime;
        byYear.set(year, after);
        const limit = options.annualOvertimeLimitSeconds ?? (options.smallCompany ? policy.annualOvertime.seconds : policy.annualOvertime.otherSeconds);
        // Flagged once, on the day the year's overtime goes past the limit.
        if (before <= limit && after > limit) push("annual_overtime_over_limit", day.date, after, policy.annualOvertime);
      }
    }
  }
  for (const week of byWeek.values()) {
    if (policy.maxWeek && week.seconds > policy.maxWeek.seconds) push("week_over_48h", week.monday, week.seconds, policy.maxWeek);
  }
  if (policy.averageWeek) {
    const rule = policy.averageWeek;
    const weekSeconds = new Map([...byWeek.values()].map((w) => [w.monday, w.seconds]));
    for (const monday of weekSeconds.keys()) {
      // Every window of `weeks` consecutive weeks ending with this one (weeks not given count 0).
      let sum = 0;
      for (let i = 0; i < rule.weeks; i++) sum += weekSeconds.get(addDays(monday, -7 * i)) ?? 0;
      const average = Math.round(sum / rule.weeks);
      if (average > rule.seconds) push("average_over_44h", monday, average, rule);
    }
  }
  if (policy.maxDaysPerWeek) {
    // L3132-1: "Il est interdit de faire travailler un même salarié plus de six jours par semaine": the calendar
    // week, Monday 00:00 to Sunday 24:00 (Cass. soc. 13/11/2025 n° 24-10.733), flagged on its first day beyond six.
    const rule = policy.maxDaysPerWeek;
    for (const week of byWeek.values()) {
      if (week.days <= rule.days) continue;
      const days = [...worked.keys()].filter((d) => mondayOf(d) === week.monday).sort();
      push("seventh_day", days[rule.days]!, week.seconds, rule, { days: week.days });
    }
  }
  if (policy.weeklyRestDay) {
    const rule = policy.weeklyRestDay;
    for (const [date, seconds] of worked) {
      if (isoWeekday(date) !== rule.weekday) continue;
      const due = restDayDue(date, worked, rule.withinWorkingDays, options);
      if (due !== null) push("rest_day_due", date, seconds, rule, { dueBy: due });
    }
  }
  if (policy.weeklyRest && options.zone) {
    // L3132-2 within the calendar week (Cass. soc. 13/11/2025 n° 24-10.733): the longest time without work between
    // Monday 00:00 and the next Monday 00:00, local (a 167 h or 169 h week on a clock change). A week not over
    // (`today` on or before its Sunday) is not judged yet: its rest may still come.
    const rule = policy.weeklyRest;
    const zone = options.zone;
    const all = sorted.flatMap((d) => workIntervals(d.entries)).sort((a, b) => a[0] - b[0]);
    for (const week of byWeek.values()) {
      if (options.today !== undefined && options.today <= addDays(week.monday, 6)) continue;
      const start = instantAt(week.monday, "00:00", zone).getTime() / 1000;
      const end = instantAt(addDays(week.monday, 7), "00:00", zone).getTime() / 1000;
      let longest = 0;
      let free = start;
      for (const [from, to] of all) {
        if (to <= start || from >= end) continue;
        longest = Math.max(longest, Math.max(start, from) - free);
        free = Math.max(free, Math.min(to, end));
      }
      longest = Math.max(longest, end - free);
      if (longest < rule.seconds) push("weekly_rest_short", week.monday, longest, rule);
    }
  }
  if (policy.nightWorker && options.nightSeconds) nightWorkerChecks(policy.nightWorker, worked, byWeek, options.nightSeconds, push);
  return checks.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : ORDER.indexOf(a.code) - ORDER.indexOf(b.code)));
}

type Push = (code: LegalCheckCode, date: CalendarDate, seconds: number, rule: { article: string; source: SourceId }, extra?: Partial<LegalCheck>) => void;

/**
 * The night worker's findings: the weeks in which the employee is a night worker (one `night_worker` finding on the
 * week's Monday, with the night seconds of the week), then that week's limits.
 */
function nightWorkerChecks(
  rule: NightWorkerRule,
  worked: ReadonlyMap<CalendarDate, number>,
  byWeek: ReadonlyMap<string, { monday: CalendarDate; seconds: number; days: number }>,
  night: Readonly<Record<CalendarDate, number>>,
  push: Push,
) {
  const weekSeconds = new Map([...byWeek.values()].map((w) => [w.monday, w.seconds]));
  const dates = [...worked.keys()].sort();
  for (const week of byWeek.values()) {
    const days = dates.filter((d) => mondayOf(d) === week.monday);
    const nightOfWeek = days.reduce((s, d) => s + (night[d] ?? 0), 0);
    const longNights = days.filter((d) => (night[d] ?? 0) >= rule.minNightSeconds).length;
    let basis: { article: string; source: SourceId } | null = null;
    if (rule.mode === "twice" ? longNights >= rule.minDays : days.length > 0 && longNights === days.length) basis = rule.identification;
    else if (rule.yearly) {
      // L3122-23: the night hours of the 12 months ending with the week's Sunday (the days given).
      const sunday = addDays(week.monday, 6);
      const from = addDays(sunday, -364);
      const year = dates.filter((d) => d >= from && d <= sunday).reduce((s, d) => s + (night[d] ?? 0), 0);
      if (year >= rule.yearly.seconds) basis = rule.yearly;
    }
    if (!basis) continue;
    push("night_worker", week.monday, nightOfWeek, basis);
    if (rule.maxDay) for (const d of days) if ((worked.get(d) ?? 0) > rule.maxDay.seconds) push("night_worker_day_over_8h", d, worked.get(d)!, rule.maxDay);
    if (rule.averageWeek) {
      let sum = 0;
      for (let i = 0; i < rule.averageWeek.weeks; i++) sum += weekSeconds.get(addDays(week.monday, -7 * i)) ?? 0;
      const average = Math.round(sum / rule.averageWeek.weeks);
      if (average > rule.averageWeek.seconds) push("night_worker_average_over_40h", week.monday, average, rule.averageWeek);
    }
    if (rule.averageDay && days.length > 0) {
      const average = Math.round(week.seconds / days.length);
      if (average > rule.averageDay.seconds) push("night_worker_average_day_over_8h", week.monday, average, rule.averageDay);
    }
  }
}

/**
 * The compensatory rest day of art. 229.º n.º 4: one of the `within` working days (Monday to Friday, not a holiday)
 * after `restDay` passed without work. A day not passed yet (from `today` on) is not taken yet: the finding stays
 * until the rest is taken, like a recovery still owed.
 */
function restDayDue(restDay: CalendarDate, worked: ReadonlyMap<CalendarDate, number>, within: number, options: LegalCheckOptions): CalendarDate | null {
  let found = 0;
  let last = restDay;
  for (let day = addDays(restDay, 1); found < within; day = addDays(day, 1)) {
    if (isoWeekday(day) > 5 || options.holidays?.has(day)) continue;
    found += 1;
    last = day;
    const passed = options.today === undefined || day < options.today;
    if (passed && !worked.has(day)) return null;
  }
  return last;
}

/**
 * The checks of one ISO week (by the Monday of the week holding each finding's date).
 *
 * @example checksOfWeek(checks, "2026-03-02") // the findings dated 2 to 8 March 2026
 */
export function checksOfWeek(checks: readonly LegalCheck[], monday: CalendarDate): LegalCheck[] {
  return checks.filter((c) => mondayOf(c.date) === monday);
}
