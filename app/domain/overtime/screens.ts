/**
 * The rules of the overtime screens (spec 2 "Overtime screens", §4 overtime classes, §5 periods, §9 constants) and
 * of their calls: the weekly calendar's header and cells, the year selector and grid, the period of the filters,
 * the deduction input, the breadcrumb by role and the explained week. Pure: "today" is always a parameter.
 */
import { t } from "~/i18n/fr";
import { clampRange, defaultOvertimeRange, PERIOD_SPAN, sixMonthPeriod, type DateRange, type RangeAnchor } from "~/domain/shared/date-range";
import { isoWeekKey, isoWeeksInRange, mondayOf, type IsoWeek } from "~/domain/shared/iso-week";
import type { LegalCheck } from "~/domain/law/policies";
import { explainWeek, mondayOfIsoWeek, type DayResult, type ExplanationStep, type OvertimeAnomaly } from "./overtime";
import { anomalySources, capWords, stepSources } from "./explain";
import { cite, sourceOfArticle, type CitedSource, type SourceId } from "~/domain/law/sources";
import { FRENCH_NIGHT, PORTUGUESE_NIGHT, nightPeriodLabel, type NightPeriod } from "./night-work";
import { formatHoursMinutes } from "~/domain/shared/number-format";
import { addDays, calendarDay, isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";

const HOUR = 3600;

/** The first year of the year selectors (spec 2 §9). */
export const FIRST_YEAR = 2020;
/**
 * Employees per page of a weekly calendar (docs/decisions/0037; 25 since 0056: each row reads six months of clock
 * entries for the legal checks, so a page of 25 stays within the tables' budget on a large company).
 */
export const CALENDAR_PAGE_SIZE = 25;
/** The largest deduction accepted at once, in hours (docs/decisions/0039). */
export const MAX_DEDUCTION_HOURS = 200;

// ---------------------------------------------------------------------------------------------------------------
// Weekly calendar (team, division, subsidiary)

/** A month of the calendar header and the number of week columns it spans. */
export interface MonthSpan {
  label: string;
  span: number;
}

const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];

/**
 * The header of a weekly calendar: the ISO weeks touching the period, and the months above them. A week belongs to
 * the month of its Thursday (the day that gives an ISO week its year).
 *
 * @example calendarHeader({ from: "2026-01-26", to: "2026-02-10" }).months
 *          // [{ label: "janvier 2026", span: 1 }, { label: "février 2026", span: 2 }]
 */
export function calendarHeader(range: DateRange): { weeks: IsoWeek[]; months: MonthSpan[] } {
  const weeks = isoWeeksInRange(range.from, range.to);
  const months: MonthSpan[] = [];
  for (const w of weeks) {
    const thursday = calendarDay(addDays(w.monday, 3));
    const label = `${MONTHS[thursday.month - 1]} ${thursday.year}`;
    const last = months[months.length - 1];
    if (last && last.label === label) last.span += 1;
    else months.push({ label, span: 1 });
  }
  return { weeks, months };
}

/**
 * A week's cell: whole hours (seconds / 3600, rounded), shown only above 0 (spec 2 §9); null otherwise.
 *
 * @example weekCellHours(5_400)  // 2
 * @example weekCellHours(1_700)  // null (rounds to 0)
 * @example weekCellHours(-7_200) // null
 */
export function weekCellHours(seconds: number): number | null {
  const hours = Math.round(seconds / HOUR);
  return hours > 0 ? hours : null;
}

/** Key of an ISO week in maps: "2026-W09". */
export function weekId(week: { year: number; week: number }): string {
  return `${week.year}-W${String(week.week).padStart(2, "0")}`;
}

/**
 * The period of a calendar from its GET filters (spec 2 §5): 3 months back to today by default; at most 6 months,
 * the end the user did not change moving (`anchor`: the end they changed, "from" when not told); a missing or
 * broken end is taken from the default period.
 *
 * @example overtimePeriod({ from: "2026-01-10", to: "2026-09-01" }, "2026-05-31")
 *          // { from: "2026-01-10", to: "2026-07-10" }
 */
export function overtimePeriod(asked: { from?: string | null; to?: string | null; anchor?: string | null }, today: CalendarDate): DateRange {
  const fallback = defaultOvertimeRange(today);
  const from = asked.from && isCalendarDate(asked.from) && asked.from >= "1950-01-01" ? asked.from : fallback.from;
  const to = asked.to && isCalendarDate(asked.to) && asked.to <= "9999-12-31" ? asked.to : asked.from && from !== fallback.from ? from : fallback.to;
  const anchor: RangeAnchor = asked.anchor === "to" ? "to" : "from";
  // The six-month rule of every period filter (domain/shared/date-range.ts, decision 0087).
  const { from: start, to: end } = sixMonthPeriod(from, to, anchor);
  return { from: start, to: end };
}

/**
 * True when a period is within the 6-month span (the API refuses a longer one instead of moving it).
 *
 * @example periodFits({ from: "2026-01-01", to: "2026-07-01" }) // true
 * @example periodFits({ from: "2026-01-01", to: "2026-07-02" }) // false
 */
export function periodFits(range: DateRange): boolean {
  if (range.to < range.from) return false;
  const clamped = clampRange(range.from, range.to, PERIOD_SPAN, "from");
  return clamped.to === range.to;
}

// ---------------------------------------------------------------------------------------------------------------
// Employee year

/**
 * The years of an employee's selector: from the hire year (never before 2020) to this year, newest first.
 *
 * @example overtimeYears("2022-09-01", "2026-05-31") // [2026, 2025, 2024, 2023, 2022]
 * @example overtimeYears(null, "2026-05-31")         // [2026, ..., 2020]
 */
export function overtimeYears(hiredAt: CalendarDate | null, today: CalendarDate): number[] {
  const current = calendarDay(today).year;
  const first = Math.min(current, Math.max(FIRST_YEAR, hiredAt ? calendarDay(hiredAt).year : FIRST_YEAR));
  const years: number[] = [];
  for (let y = current; y >= first; y--) years.push(y);
  return years;
}

/**
 * The year of the employee page from its query: a year of the selector, else the current year.
 *
 * @example pickYear("2024", [2026, 2025, 2024]) // 2024
 * @example pickYear("1900", [2026, 2025])       // 2026
 */
export function pickYear(asked: string | null | undefined, years: readonly number[]): number {
  const n = Number(asked);
  return Number.isInteger(n) && years.includes(n) ? n : years[0]!;
}

/** A row of the year grid: an ISO week of the year and its Monday to Friday. */
export interface GridWeek extends IsoWeek {
  days: CalendarDate[];
}

/**
 * The rows of the employee's year grid: the ISO weeks whose Thursday is in the year (so each week shows once a
 * year), Monday to Friday; only weeks begun by `today`, newest first.
 *
 * @example yearGrid(2026, "2026-01-14").map((w) => w.week) // [3, 2, 1]
 */
export function yearGrid(year: number, today: CalendarDate): GridWeek[] {
  const weeks: GridWeek[] = [];
  for (let week = 1; week <= 53; week++) {
    let monday: CalendarDate;
    try {
      monday = mondayOfIsoWeek({ year, week });
    } catch {
      break;
    }
    if (monday > today) break;
    weeks.push({ year, week, monday, days: [0, 1, 2, 3, 4].map((i) => addDays(monday, i)) });
  }
  return weeks.reverse();
}

/** The class of a day's or a week's time account (spec 2 §4): below 60 seconds either way is none. */
export type OvertimeClass = "none" | "overtime" | "undertime";

/**
 * @example overtimeClass(3_600) // "overtime"
 * @example overtimeClass(-59)   // "none"
 * @example overtimeClass(-600)  // "undertime"
 */
export function overtimeClass(seconds: number | null | undefined): OvertimeClass {
  if (!seconds || Math.abs(seconds) < 60) return "none";
  return seconds > 0 ? "overtime" : "undertime";
}

/**
 * Which ISO week of an employee's year to explain, from `?week=`: a week of the grid, else none.
 *
 * @example pickWeek("12", grid) // 12 when the grid holds week 12
 */
export function pickWeek(asked: string | null | undefined, grid: readonly GridWeek[]): number | null {
  if (!asked || !/^\d{1,2}$/.test(asked)) return null;
  const n = Number(asked);
  return grid.some((w) => w.week === n) ? n : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Deductions

/**
 * Reads the free-text deduction input (spec 2: no validation shown on the screen; the server refuses nonsense):
 * hours as "2", "1,5", "1.5", "1h30", "1 h 30", "1:30" or minutes as "45 min". Seconds, or null for anything else,
 * zero, or more than 200 hours.
 *
 * @example parseDeduction("1,5")  // 5400
 * @example parseDeduction("1h30") // 5400
 * @example parseDeduction("abc")  // null
 */
export function parseDeduction(text: unknown): number | null {
  if (typeof text === "number") return secondsOrNull(text * HOUR);
  if (typeof text !== "string") return null;
  const s = text.trim().toLowerCase().replace(/\s+/g, " ");
  let m = /^(\d{1,3})(?:[.,](\d{1,2}))?(?: ?h(?:eures?)?)?$/.exec(s);
  if (m) return secondsOrNull(Number(`${m[1]}.${m[2] ?? "0"}`) * HOUR);
  m = /^(\d{1,3}) ?(?:h|:) ?(\d{2})(?: ?min)?$/.exec(s);
  if (m && Number(m[2]) < 60) return secondsOrNull(Number(m[1]) * HOUR + Number(m[2]) * 60);
  m = /^(\d{1,5}) ?min(?:utes?)?$/.exec(s);
  if (m) return secondsOrNull(Number(m[1]) * 60);
  return null;
}

function secondsOrNull(seconds: number): number | null {
  if (!Number.isFinite(seconds)) return null;
  const rounded = Math.round(seconds);
  return rounded > 0 && rounded <= MAX_DEDUCTION_HOURS * HOUR ? rounded : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Breadcrumbs

export interface OvertimeCrumb {
  label: string;
  href: string | null;
}

/**
 * The calendar an employee's page returns to (spec 2): the subsidiary view for head or financial management, the
 * division view for a department head, the team view for a team leader; none for the others.
 *
 * @example overtimeHomeOf("ROLE_TEAM_LEADER") // "/overtime/team"
 */
export function overtimeHomeOf(profileType: string): string | null {
  if (profileType === "ROLE_HEAD_MANAGEMENT" || profileType === "ROLE_FINANCIAL_MANAGEMENT") return "/overtime/subsidiary";
  if (profileType === "ROLE_DEPARTMENT_HEAD") return "/overtime/division";
  if (profileType === "ROLE_TEAM_LEADER") return "/overtime/team";
  return null;
}

/**
 * The breadcrumb of an employee's overtime page (or one's own, when `own`).
 *
 * @example overtimeCrumbs("ROLE_TEAM_LEADER", "Léa Martin", false)
 *          // [{ label: "Heures supplémentaires", href: null }, { label: "Heures de l'équipe", href: "/overtime/team" }, { label: "Léa Martin", href: null }]
 */
export function overtimeCrumbs(profileType: string, name: string, own: boolean): OvertimeCrumb[] {
  const crumbs: OvertimeCrumb[] = [{ label: t("menu.overtime"), href: null }];
  const home = overtimeHomeOf(profileType);
  if (own) return [...crumbs, { label: t("menu.overtime_me"), href: null }];
  if (home === "/overtime/subsidiary") crumbs.push({ label: t("menu.overtime_subsidiary"), href: home });
  else if (home === "/overtime/division") crumbs.push({ label: t("menu.overtime_division"), href: home });
  else if (home === "/overtime/team") crumbs.push({ label: t("menu.overtime_team"), href: home });
  return [...crumbs, { label: name, href: null }];
}

// ---------------------------------------------------------------------------------------------------------------
// The explained week

/** What an explanation is built from: a stored week's `explanation` column, or a week computed now. */
export interface WeekFacts {
  steps: readonly ExplanationStep[];
  days: readonly DayResult[];
  anomalies: readonly OvertimeAnomaly[];
  quota?: { limitSeconds: number; afterSeconds: number; warning: boolean } | null;
  /** Night hours of each day's shift (the employee's night period; issue 26, decisions 0075 and 0125), counted apart. */
  nightSeconds?: Readonly<Record<CalendarDate, number>>;
  /** The night period counted and its premium (France 21:00–06:00 and none by default; Portugal 22:00–07:00, +25 %). */
  night?: { period: NightPeriod; rate: number; byAgreement: boolean } | null;
  /** The engine's mode: which country's articles the lines cite (weekly: Code du travail; daily: Código do Trabalho). */
  mode?: "weekly" | "daily";
}

export interface WeekExplanation {
  /** One line per day with work or a counted absence: "Lundi 02/03/2026 : 9 h 00 travaillées." */
  days: string[];
  /** How the week's balance and its missing hours relate, when the week has missing hours (issue 41); else null. */
  relation: string | null;
  /** The steps of DESIGN §8, in French. */
  steps: string[];
  /** The engine's anomalies and the legal checks of the week, in French. */
  warnings: string[];
  /** From 80 % of the annual quota. */
  quotaWarning: boolean;
  /** Share of the quota used after the week, in whole percent (null without a quota). */
  quotaPercent: number | null;
  /** The sources each line rests on (decision 0125), line by line: `daySources[i]` for `days[i]`, and so on. */
  daySources: CitedSource[][];
  stepSources: CitedSource[][];
  warningSources: CitedSource[][];
}

const MINUTE = 60;
const WEEKDAYS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"];
const frDate = (date: CalendarDate) => calendarDay(date).toFormat("dd/MM/yyyy");

/** A legal check as a French sentence, naming its article in words. */
export function legalCheckMessage(check: LegalCheck): string {
  return legalCheckWords(check, true);
}

/**
 * A legal check as a French sentence; `withArticle` false leaves the article out, for a line that links it beside
 * the text (the payroll checklist, decision 0138).
 */
export function legalCheckWords(check: LegalCheck, withArticle: boolean): string {
  const text = t(`overtime_screens.check.${check.code}`, {
    date: frDate(check.date),
    hours: formatHoursMinutes(check.seconds),
    due: check.dueBy ? frDate(check.dueBy) : "",
    days: check.days ?? 7,
  });
  // Each finding names its article (issue 26 §2, decision 0076).
  return check.article && withArticle ? t("overtime_screens.check.with_article", { text, article: check.article }) : text;
}

/** An engine anomaly as a French sentence (the legal checks say the day and week limits already). */
function anomalyText(a: OvertimeAnomaly, quotaHours: number): string {
  const date = a.date ? frDate(a.date) : "";
  return t(`overtime.anomaly.${a.code}`, { date, hours: formatHoursMinutes(a.seconds ?? 0), quota: quotaHours, cap: capWords(a.capDivisor) });
}

/**
 * The explanation of one week (issue 13 §6): the days worked and absences counted, then each step of the engine
 * (threshold, bands with their hours and rates, paid vs recovery, quota used so far and its warning from 80 %),
 * then the week's anomalies and legal checks.
 *
 * @example explainWeekFacts({ steps, days, anomalies: [] }, []).days[0] // "Lundi 02/03/2026 : 9 h 00 travaillées."
 */
export function explainWeekFacts(facts: WeekFacts, checks: readonly LegalCheck[], options: { checkArticleInText?: boolean } = {}): WeekExplanation {
  const mode = facts.mode ?? "weekly";
  const pt = mode === "daily";
  const night = facts.night ?? { period: pt ? PORTUGUESE_NIGHT : FRENCH_NIGHT, rate: pt ? 25 : 0, byAgreement: false };
  const days: string[] = [];
  const daySources: CitedSource[][] = [];
  for (const d of facts.days) {
    const weekday = WEEKDAYS[calendarDay(d.date).weekday - 1];
    const parts: string[] = [];
    const ids: SourceId[] = [];
    // Issue 41: only what shows at least a minute ("0 h 00" said nothing), and the night part as a clause of the
    // worked hours ("9 h 00 travaillées, dont 2 h 00 de nuit"), never alone ("Mardi : dont 0 h 00 de nuit").
    const shows = (seconds: number) => seconds >= MINUTE;
    if (shows(d.workedSeconds)) parts.push(t("overtime_screens.explain.day_worked", { hours: formatHoursMinutes(d.workedSeconds) }));
    const nightSeconds = facts.nightSeconds?.[d.date] ?? 0;
    if (shows(nightSeconds)) {
      const params = { hours: formatHoursMinutes(nightSeconds), period: nightPeriodLabel(night.period), rate: String(night.rate).replace(".", ",") };
      const clause = parts.length > 0;
      const key = night.rate > 0 ? (clause ? "overtime_screens.explain.day_night_rate" : "overtime_screens.explain.day_night_only_rate") : clause ? "overtime_screens.explain.day_night" : "overtime_screens.explain.day_night_only";
      parts.push(t(key, params));
      // The period (the law's default, or an agreement within the law's frame) and what the night hours earn.
      if (pt) ids.push("PT.223", ...(night.rate > 0 ? (["PT.266"] as const) : []));
      else ids.push(night.byAgreement ? "FR.L3122-2" : "FR.L3122-20", "FR.L3122-8");
    }
    if (shows(d.absenceCountedSeconds)) {
      parts.push(t("overtime_screens.explain.day_absence", { hours: formatHoursMinutes(d.absenceCountedSeconds) }));
      if (!pt) ids.push("FR.CASS-23-14455");
    }
    if (shows(d.holidayCountedSeconds)) parts.push(t("overtime_screens.explain.day_holiday", { hours: formatHoursMinutes(d.holidayCountedSeconds) }));
    if (parts.length) {
      days.push(`${weekday} ${frDate(d.date)} : ${parts.join(", ")}.`);
      daySources.push(cite(ids));
    }
  }
  const quotaHours = Math.round((facts.quota?.limitSeconds ?? 0) / HOUR);
  // The legal checks say the 10 h day and the 48 h week from the clock entries: the engine's same findings are not repeated.
  const fromChecks = new Set(checks.map((c) => c.code));
  const anomalies = facts.anomalies.filter((a) => !(fromChecks.has(a.code as never) && (a.code === "day_over_10h" || a.code === "week_over_48h")));
  const warnings = [...anomalies.map((a) => anomalyText(a, quotaHours)), ...checks.map((c) => legalCheckWords(c, options.checkArticleInText !== false || !(c.source ?? sourceOfArticle(c.article))))];
  const warningSources = [...anomalies.map((a) => cite(anomalySources(a, mode))), ...checks.map((c) => cite([c.source ?? sourceOfArticle(c.article)]))];
  const quota = facts.quota;
  return {
    days,
    relation: facts.steps.some((s) => s.step === "undertime" && (s.seconds ?? 0) >= MINUTE) ? t("overtime_screens.explain.relation") : null,
    steps: explainWeek(facts.steps),
    warnings,
    quotaWarning: quota?.warning ?? facts.steps.some((s) => s.step === "quota_warning"),
    quotaPercent: quota && quota.limitSeconds > 0 ? Math.floor((quota.afterSeconds * 100) / quota.limitSeconds) : null,
    daySources,
    stepSources: facts.steps.map((step) => cite(stepSources(step, mode))),
    warningSources,
  };
}

/**
 * The ISO week of a date and the ISO week's Monday, for links from a calendar cell to the explained week.
 *
 * @example weekLinkOf("2026-03-04") // { year: 2026, week: 10, monday: "2026-03-02" }
 */
export function weekLinkOf(date: CalendarDate): IsoWeek {
  return { ...isoWeekKey(date), monday: mondayOf(date) };
}
