/**
 * The pre-close checklist's "working days without any clock" (issue 38 §4, decisions 0118 and 0122): the days of a
 * month on which a time-registered employee was expected to work by their own schedule — the contract terms in
 * force that week (decision 0070), not a public holiday of theirs, not inside an accepted full-day leave, within
 * their employment — and has no clock. A part-time Wednesday off is not a missing day; a half-day leave still
 * expects the other half.
 */
import { expectedSeconds, type WeekSchedule, type WeekType } from "~/domain/planning/expected-time";
import type { CitedSource } from "~/domain/law/sources";
import type { LegalCheck } from "~/domain/law/policies";
import { explainWeekFacts } from "~/domain/overtime/screens";
import type { OvertimeAnomaly } from "~/domain/overtime/types";
import { mondayOf } from "~/domain/shared/iso-week";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";

/** Terms of a former contract: in force for the weeks whose Monday is before `until` (and after the previous one's). */
export interface FormerTerms {
  until: CalendarDate;
  weekType: WeekType;
  weeks: readonly WeekSchedule[];
}

export interface ChecklistLeave {
  start: CalendarDate;
  end: CalendarDate;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
}

export interface MissingClockInput {
  from: CalendarDate;
  to: CalendarDate;
  hiredAt: CalendarDate | null;
  firedAt: CalendarDate | null;
  /** The sheet's terms (in force from the last former contract's `until` on). */
  weekType: WeekType;
  weeks: readonly WeekSchedule[];
  history: readonly FormerTerms[];
  holidays: ReadonlySet<CalendarDate>;
  /** Accepted leaves. */
  leaves: readonly ChecklistLeave[];
  /** The days with a clock. */
  clocked: ReadonlySet<CalendarDate>;
}

/** The terms in force on a date: the earliest former contract whose `until` is after the date's Monday, else the sheet's. */
function termsOn(date: CalendarDate, input: MissingClockInput): { weekType: WeekType; weeks: readonly WeekSchedule[] } {
  const monday = mondayOf(date);
  let best: FormerTerms | null = null;
  for (const h of input.history) if (monday < h.until && (!best || h.until < best.until)) best = h;
  return best ?? input;
}

/**
 * The days of [from, to] without a clock on which the employee's schedule expected work, in order.
 *
 * @example daysWithoutClock({ from: "2026-11-02", to: "2026-11-08", ..., weeks: [[d, d, null, d, d]], clocked: new Set() }) // Mon, Tue, Thu, Fri
 */
export function daysWithoutClock(input: MissingClockInput): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let d = input.from; d <= input.to; d = addDays(d, 1)) {
    if (input.hiredAt && d < input.hiredAt) continue;
    if (input.firedAt && d > input.firedAt) continue;
    if (input.clocked.has(d)) continue;
    const leave = input.leaves.find((l) => l.start <= d && d <= l.end) ?? null;
    const halfDay = !!leave && leave.start === leave.end && (leave.halfDayMorning || leave.halfDayAfternoon);
    const terms = termsOn(d, input);
    const expected = expectedSeconds({ date: d, weekType: terms.weekType, weeks: terms.weeks, holidays: input.holidays, leave: leave ? { halfDay } : null });
    if (expected > 0) out.push(d);
  }
  return out;
}

/** A stored week of the month's anomalies, as the checklist reads it (overtime_week: mode, explanation's anomalies and quota). */
export interface ChecklistWeek {
  monday: CalendarDate;
  mode: "weekly" | "daily";
  anomalies: readonly OvertimeAnomaly[];
  quota?: { limitSeconds: number; afterSeconds: number; warning: boolean } | null;
}

/** One anomaly or legal-check warning of the month, in French, with the articles it rests on (decision 0138). */
export interface ChecklistNote {
  /** The Monday of its week: the explained week it links to. */
  monday: CalendarDate;
  text: string;
  sources: CitedSource[];
}

export interface AnomalyNotesInput {
  from: CalendarDate;
  to: CalendarDate;
  /** The employee's stored weeks with anomalies around the month. */
  weeks: readonly ChecklistWeek[];
  /** The days whose clock has no end (time_clock.anomaly), said even when their week is not computed yet. */
  daysWithoutEnd: readonly CalendarDate[];
  /** The legal checks of the month (app/domain/law/checks.ts). */
  checks: readonly LegalCheck[];
}

/**
 * The anomalies and legal-check warnings of an employee's month as the explained week says them (the same French
 * sentences, the same articles, from the one table of sources), week by week: a dated anomaly in the month of its
 * day, an undated one in the month of its week's Thursday (as the file's ANOMALIES counts them); a day without end
 * once, whether its week was computed or not.
 *
 * @example anomalyNotes({ from: "2026-11-01", to: "2026-11-30", weeks: [], daysWithoutEnd: [], checks: [noBreak] })[0].text
 *          // "Le 05/11/2026 : 7 h 00 de travail sans pause de 20 minutes, dès 6 h."
 */
export function anomalyNotes(input: AnomalyNotesInput): ChecklistNote[] {
  const inMonth = (d: CalendarDate) => d >= input.from && d <= input.to;
  const byMonday = new Map<CalendarDate, { week: ChecklistWeek | null; anomalies: OvertimeAnomaly[]; checks: LegalCheck[] }>();
  const of = (monday: CalendarDate) => {
    let entry = byMonday.get(monday);
    if (!entry) byMonday.set(monday, (entry = { week: null, anomalies: [], checks: [] }));
    return entry;
  };
  for (const w of input.weeks) {
    const entry = of(w.monday);
    entry.week = w;
    entry.anomalies.push(...w.anomalies.filter((a) => inMonth(a.date ?? addDays(w.monday, 3))));
  }
  for (const d of input.daysWithoutEnd) {
    if (!inMonth(d)) continue;
    const entry = of(mondayOf(d));
    if (!entry.anomalies.some((a) => a.code === "day_without_end" && a.date === d)) entry.anomalies.push({ code: "day_without_end", date: d });
  }
  for (const c of input.checks) if (inMonth(c.date)) of(mondayOf(c.date)).checks.push(c);
  const notes: ChecklistNote[] = [];
  for (const monday of [...byMonday.keys()].sort()) {
    const { week, anomalies, checks } = byMonday.get(monday)!;
    const byDate = (a: { date?: CalendarDate }, b: { date?: CalendarDate }) => (a.date ?? "").localeCompare(b.date ?? "");
    const explained = explainWeekFacts(
      { steps: [], days: [], anomalies: [...anomalies].sort(byDate), quota: week?.quota ?? null, mode: week?.mode ?? "weekly" },
      [...checks].sort(byDate),
      // The article is the link beside the text, not words in it too.
      { checkArticleInText: false },
    );
    explained.warnings.forEach((text, i) => notes.push({ monday, text, sources: explained.warningSources[i] ?? [] }));
  }
  return notes;
}
