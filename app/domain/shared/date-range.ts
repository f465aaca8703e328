/**
 * Search periods and their limits (spec 2 §2 "History search", §5, §9), and the date formats of the API
 * paths ('YYYYMMDD'), forms ('YYYY-MM-DD') and screens ('DD/MM/YYYY').
 */
import { calendarDay, isCalendarDate, toCalendarDate, type CalendarDate } from "./time-calendar-date";

/** A period of calendar days, both ends included. */
export interface DateRange {
  from: CalendarDate;
  to: CalendarDate;
}

/** Longest allowed span of a period. */
export interface RangeSpan {
  months?: number;
  days?: number;
}

/** Which end the user just changed, and so which end stays put. */
export type RangeAnchor = "from" | "to";

/** Badging history: 2 weeks. */
export const HISTORY_SPAN: RangeSpan = { days: 14 };

/** Overtime, planning and report periods: 6 months. */
export const PERIOD_SPAN: RangeSpan = { months: 6 };

/**
 * Keeps a period within a span by moving the end the user did not touch (spec 2 §5: changing the start
 * beyond the span sets the end to start + span; changing the end sets the start to end - span). A period
 * within the span is returned unchanged. An inverted period (end before start) is treated as too long and
 * corrected the same way, so the result is always a valid period. Months are calendar months (luxon clips
 * to the month's last day: 31 August + 6 months = 28 February).
 *
 * @example clampRange("2026-01-10", "2026-09-01", { months: 6 }, "from") // { from: "2026-01-10", to: "2026-07-10" }
 * @example clampRange("2026-01-10", "2026-09-01", { months: 6 }, "to")   // { from: "2026-03-01", to: "2026-09-01" }
 */
export function clampRange(from: CalendarDate, to: CalendarDate, span: RangeSpan, anchor: RangeAnchor): DateRange {
  const start = calendarDay(from);
  const end = calendarDay(to);
  const duration = { months: span.months ?? 0, days: span.days ?? 0 };
  if (anchor === "from") {
    const latest = start.plus(duration);
    return end > latest || end < start ? { from, to: toCalendarDate(latest) } : { from, to };
  }
  const earliest = end.minus(duration);
  return start < earliest || start > end ? { from: toCalendarDate(earliest), to } : { from, to };
}

/** The GET fields of a period filter (app/ui/shared/period-fields.tsx): the dates typed, and how to tell which one changed. */
export interface PeriodFilterFields {
  from: string | null;
  to: string | null;
  /** The period the page showed when the form was drawn (hidden fields): the date that differs is the one changed. */
  shownFrom?: string | null;
  shownTo?: string | null;
  /** Set by the form's script when the user edited a date: "from" or "to", the last one edited. */
  changed?: string | null;
}

/**
 * Which end of a period filter the user changed (spec 2 §5): the script's word when it sent one; else, without
 * JavaScript, the date that differs from the period the page showed; when both or neither differ (a typed URL, a
 * pager link), the start, which is kept.
 *
 * @example changedEnd({ from: "2026-01-10", to: "2026-12-31", shownFrom: "2026-01-10", shownTo: "2026-04-10" }) // "to"
 * @example changedEnd({ from: "2025-10-01", to: "2026-04-10", shownFrom: "2026-01-10", shownTo: "2026-04-10" }) // "from"
 */
export function changedEnd(fields: PeriodFilterFields): RangeAnchor {
  if (fields.changed === "to" || fields.changed === "from") return fields.changed;
  const fromChanged = !!fields.shownFrom && fields.from !== fields.shownFrom;
  const toChanged = !!fields.shownTo && fields.to !== fields.shownTo;
  return toChanged && !fromChanged ? "to" : "from";
}

/** A period after the six-month rule, and which of its dates the rule moved (null: none). */
export interface SixMonthPeriod extends DateRange {
  moved: RangeAnchor | null;
}

/**
 * The one six-month rule of the overtime, planning and report filters (spec 2 §5, §9): a period longer than
 * 6 months (or inverted) keeps the date the user changed and moves the other one: changing the start beyond the
 * span sets the end to start + 6 months; changing the end sets the start to end - 6 months. `moved` names the date
 * that moved, for the notice the pages show (docs/decisions/0087). The /api refuses such a period instead (422).
 *
 * @example sixMonthPeriod("2026-01-10", "2026-09-01", "from") // { from: "2026-01-10", to: "2026-07-10", moved: "to" }
 * @example sixMonthPeriod("2026-01-10", "2026-09-01", "to")   // { from: "2026-03-01", to: "2026-09-01", moved: "from" }
 * @example sixMonthPeriod("2026-01-10", "2026-03-01", "to")   // { from: "2026-01-10", to: "2026-03-01", moved: null }
 */
export function sixMonthPeriod(from: CalendarDate, to: CalendarDate, changed: RangeAnchor): SixMonthPeriod {
  const range = clampRange(from, to, PERIOD_SPAN, changed);
  const moved: RangeAnchor | null = range.from !== from ? "from" : range.to !== to ? "to" : null;
  return { ...range, moved };
}

/**
 * The badging history's 2-week rule. The screen passes the end the user changed; the server, given both
 * dates, keeps `from` (the default anchor) and pulls `to` back to from + 14 days.
 *
 * @example clampHistoryRange("2026-03-01", "2026-03-31")       // { from: "2026-03-01", to: "2026-03-15" }
 * @example clampHistoryRange("2026-03-01", "2026-03-31", "to") // { from: "2026-03-17", to: "2026-03-31" }
 */
export function clampHistoryRange(from: CalendarDate, to: CalendarDate, anchor: RangeAnchor = "from"): DateRange {
  return clampRange(from, to, HISTORY_SPAN, anchor);
}

/**
 * Default period of the overtime screens (spec 2 §5): 3 months before today to today.
 *
 * @example defaultOvertimeRange("2026-05-31") // { from: "2026-02-28", to: "2026-05-31" }
 */
export function defaultOvertimeRange(today: CalendarDate): DateRange {
  return { from: toCalendarDate(calendarDay(today).minus({ months: 3 })), to: today };
}

/**
 * Default period of the agency, division and team planning (spec 2 §9): 1 week ago to 3 months ahead.
 *
 * @example defaultPlanningRange("2026-03-30") // { from: "2026-03-23", to: "2026-06-30" }
 */
export function defaultPlanningRange(today: CalendarDate): DateRange {
  const day = calendarDay(today);
  return { from: toCalendarDate(day.minus({ weeks: 1 })), to: toCalendarDate(day.plus({ months: 3 })) };
}

export { formatFrDate, formatYmd, parseYmd } from "./calendar-text";

/**
 * True when the day lies in the period, both ends included.
 *
 * @example isInRange("2026-03-15", { from: "2026-03-01", to: "2026-03-15" }) // true
 */
export function isInRange(date: CalendarDate, range: DateRange): boolean {
  return date >= range.from && date <= range.to;
}

// Re-exported so callers of this module do not need luxon for a plain check.
export { isCalendarDate };
export type { CalendarDate };
