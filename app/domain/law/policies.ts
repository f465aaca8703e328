/**
 * The legal limits of working time as per-country policy data (issue 13 §7, issue 26 §2, issue 40, decisions 0038,
 * 0076 and 0125): the check codes and their shape, and the limits of France and Portugal, each naming its article
 * in the one table of sources (sources.ts). The checks that apply them are checks.ts. Pure.
 */
import { LEGAL_SOURCES, type SourceId } from "./sources";
import { type CalendarDate } from "~/domain/shared/time-calendar-date";

const HOUR = 3600;
export const MAX_DAY_SECONDS = 10 * HOUR;
export const MAX_WEEK_SECONDS = 48 * HOUR;
export const MIN_REST_SECONDS = 11 * HOUR;
export const BREAK_AFTER_SECONDS = 6 * HOUR;
export const MIN_BREAK_SECONDS = 20 * 60;

export type LegalEntryType = "START" | "PAUSE" | "LUNCH" | "END";

/** One clock day (a shift): its calendar date and its entries (unix seconds), in any order. */
export interface LegalDay {
  date: CalendarDate;
  entries: readonly { time: number; type: string }[];
  /** The day's expected seconds (schedule, holidays, leaves): Portugal's daily overtime. Unknown: not checked. */
  expectedSeconds?: number;
}

export type LegalCheckCode =
  | "day_over_10h"
  | "week_over_48h"
  | "average_over_44h"
  | "short_rest"
  | "no_break"
  | "stretch_over_5h"
  | "break_over_2h"
  | "daily_overtime_over_2h"
  | "annual_overtime_over_limit"
  | "rest_day_due"
  | "rest_day_over_normal_day"
  | "seventh_day"
  | "weekly_rest_short"
  | "night_worker"
  | "night_worker_day_over_8h"
  | "night_worker_average_over_40h"
  | "night_worker_average_day_over_8h";

/** One finding. `date`: the day (the later day for a short rest, the Monday for a week). */
export interface LegalCheck {
  code: LegalCheckCode;
  date: CalendarDate;
  /** The measure: worked seconds (day, week, average, stretch, overtime), rest or break seconds. */
  seconds: number;
  /** The article the finding rests on, as the explanation and the warnings name it (legalChecks always sets it). */
  article?: string;
  /** Its entry in the one table of sources (app/domain/law/sources.ts): title, official address, reading date. */
  source?: SourceId;
  /** rest_day_due: the last working day on which the compensatory rest day may be taken (art. 229.º n.º 4). */
  dueBy?: CalendarDate;
  /** seventh_day: the days worked in the calendar week. */
  days?: number;
}

/** A limit and its article (`article` is the source's, kept for the findings' text). */
interface Rule {
  seconds: number;
  article: string;
  source: SourceId;
}

/** The article and source id of a rule, from the one table of sources. */
const src = (id: SourceId) => ({ article: LEGAL_SOURCES[id].article, source: id });

/** The legal checks of a country: each rule is data naming its article; null: the country has no such rule. */
export interface LegalPolicy {
  country: "FR" | "PT";
  maxDay: Rule | null;
  maxWeek: Rule | null;
  /** At most `seconds` a week on average over any `weeks` consecutive weeks. */
  averageWeek: (Rule & { weeks: number }) | null;
  minRest: Rule;
  /**
   * `reach`: once the day's work reaches `seconds` without a break of `minBreakSeconds` (France);
   * `stretch`: no more than `seconds` in a row (`longDaySeconds` in a row when the day is over `longDayOver`) without a
   * break of `minBreakSeconds` to `maxBreakSeconds` (Portugal).
   */
  breakRule:
    | (Rule & { mode: "reach"; minBreakSeconds: number })
    | (Rule & { mode: "stretch"; minBreakSeconds: number; maxBreakSeconds: number; longDaySeconds: number; longDayOver: number });
  dailyOvertime: Rule | null;
  /** `seconds` for a micro or small company, `otherSeconds` for a medium or large one. */
  annualOvertime: (Rule & { otherSeconds: number }) | null;
  /** Work on this ISO weekday (7 = Sunday) owes a rest day within `withinWorkingDays` working days. */
  weeklyRestDay: { weekday: number; withinWorkingDays: number; article: string; source: SourceId } | null;
  /**
   * Work on a rest day (a day without expected time) or a holiday limited to the normal daily period, `seconds`
   * (Portugal art. 228.º n.º 1 e), the normal day of art. 203.º n.º 1: 8 h).
   */
  restDayLimit: Rule | null;
  /** At most `days` days worked in a calendar week, Monday to Sunday (France L3132-1, Cass. soc. 13/11/2025). */
  maxDaysPerWeek: { days: number; article: string; source: SourceId } | null;
  /**
   * The weekly rest within each calendar week, Monday 00:00 to Sunday 24:00 local: at least `seconds` in a row
   * (France L3132-2: 24 h plus the 11 h of daily rest, 35 h; Cass. soc. 13/11/2025). Checked when the zone is given.
   */
  weeklyRest: Rule | null;
  /** Night workers: who they are and their limits (needs the days' night seconds, LegalCheckOptions.nightSeconds). */
  nightWorker: NightWorkerRule | null;
}

/**
 * A night worker, week by week:
 * - `twice` (France L3122-5 1°): at least `minDays` days of the week with `minNightSeconds` of night, or (2°,
 *   L3122-23 without an agreement) `yearlySeconds` of night over the 12 months ending with the week;
 * - `everyDay` (Portugal art. 224.º n.º 1): every day worked in the week with `minNightSeconds` of night.
 * Then the limits of the night worker's weeks: `maxDay` (L3122-6: 8 h a day), `averageWeek` (L3122-7: 40 h on
 * average over any 12 consecutive weeks), `averageDay` (art. 224.º n.º 2: 8 h a day on the week's average).
 */
export interface NightWorkerRule {
  mode: "twice" | "everyDay";
  minNightSeconds: number;
  minDays: number;
  identification: { article: string; source: SourceId };
  yearly: { seconds: number; article: string; source: SourceId } | null;
  maxDay: Rule | null;
  averageWeek: (Rule & { weeks: number }) | null;
  averageDay: Rule | null;
}

export const FRANCE_LEGAL: LegalPolicy = {
  country: "FR",
  maxDay: { seconds: MAX_DAY_SECONDS, ...src("FR.L3121-18") },
  maxWeek: { seconds: MAX_WEEK_SECONDS, ...src("FR.L3121-20") },
  averageWeek: { seconds: 44 * HOUR, weeks: 12, ...src("FR.L3121-22") },
  minRest: { seconds: MIN_REST_SECONDS, ...src("FR.L3131-1") },
  breakRule: { mode: "reach", seconds: BREAK_AFTER_SECONDS, minBreakSeconds: MIN_BREAK_SECONDS, ...src("FR.L3121-16") },
  dailyOvertime: null,
  annualOvertime: null,
  weeklyRestDay: null,
  restDayLimit: null,
  maxDaysPerWeek: { days: 6, ...src("FR.L3132-1") },
  weeklyRest: { seconds: 35 * HOUR, ...src("FR.L3132-2") },
  nightWorker: {
    mode: "twice",
    minNightSeconds: 3 * HOUR,
    minDays: 2,
    identification: src("FR.L3122-5"),
    yearly: { seconds: 270 * HOUR, ...src("FR.L3122-23") },
    maxDay: { seconds: 8 * HOUR, ...src("FR.L3122-6") },
    averageWeek: { seconds: 40 * HOUR, weeks: 12, ...src("FR.L3122-7") },
    averageDay: null,
  },
};

export const PORTUGAL_LEGAL: LegalPolicy = {
  country: "PT",
  maxDay: null,
  maxWeek: null,
  averageWeek: null,
  minRest: { seconds: MIN_REST_SECONDS, ...src("PT.214") },
  breakRule: {
    mode: "stretch",
    seconds: 5 * HOUR,
    longDaySeconds: 6 * HOUR,
    longDayOver: 10 * HOUR,
    minBreakSeconds: HOUR,
    maxBreakSeconds: 2 * HOUR,
    ...src("PT.213"),
  },
  dailyOvertime: { seconds: 2 * HOUR, ...src("PT.228.1.d") },
  annualOvertime: { seconds: 175 * HOUR, otherSeconds: 150 * HOUR, ...src("PT.228.1.ab") },
  weeklyRestDay: { weekday: 7, withinWorkingDays: 3, ...src("PT.229.4") },
  restDayLimit: { seconds: 8 * HOUR, ...src("PT.228.1.e") },
  maxDaysPerWeek: null,
  weeklyRest: null,
  nightWorker: {
    mode: "everyDay",
    minNightSeconds: 3 * HOUR,
    minDays: 1,
    identification: src("PT.224.1"),
    yearly: null,
    maxDay: null,
    averageWeek: null,
    averageDay: { seconds: 8 * HOUR, ...src("PT.224.2") },
  },
};

/**
 * The legal checks of an employee's country, by its name (as defaultPolicyFor): Portugal's for "Portugal",
 * France's for every other country.
 *
 * @example legalPolicyFor("Portugal").country // "PT"
 * @example legalPolicyFor(null).country       // "FR"
 */
export function legalPolicyFor(countryName: string | null | undefined): LegalPolicy {
  return (countryName ?? "").trim().toLowerCase() === "portugal" ? PORTUGAL_LEGAL : FRANCE_LEGAL;
}
