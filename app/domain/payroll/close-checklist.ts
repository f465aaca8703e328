/**
 * The pre-close checklist's "working days without any clock" (issue 38 §4, decisions 0118 and 0122): the days of a
 * month on which a time-registered employee was expected to work by their own schedule — the contract terms in
 * force that week (decision 0070), not a public holiday of theirs, not inside an accepted full-day leave, within
 * their employment — and has no clock. A part-time Wednesday off is not a missing day; a half-day leave still
 * expects the other half.
 */
import { expectedSeconds, type WeekSchedule, type WeekType } from "~/domain/planning/expected-time";
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
