/**
 * Payroll months (DESIGN §10, decision 0079): which months a payroll screen, file or close accepts, and when a month
 * may be closed. Pure.
 */
import { monthRange } from "./reports";
import { addDays, type CalendarDate } from "./time-calendar-date";

/** The years a payroll month may fall in: anything else is a typo (0000-01, 20266-01) or a probe, never a payroll. */
export const PAYROLL_YEARS = { first: 2000, last: 2099 } as const;

/**
 * A payroll month 'YYYY-MM' → its first and last day; null when malformed or outside PAYROLL_YEARS.
 *
 * @example payrollMonthRange("2026-11") // { from: "2026-11-01", to: "2026-11-30" }
 * @example payrollMonthRange("0000-01") // null
 */
export function payrollMonthRange(month: string | null | undefined): { from: CalendarDate; to: CalendarDate } | null {
  const range = monthRange(month);
  if (!range) return null;
  const year = Number(range.from.slice(0, 4));
  return year >= PAYROLL_YEARS.first && year <= PAYROLL_YEARS.last ? range : null;
}

/**
 * The first day a month may be closed (issue 27 §1): the day after its last day, in the subsidiary's zone. Before,
 * someone may still clock, take a leave or be corrected in it.
 *
 * @example closableFrom("2026-11") // "2026-12-01"
 */
export function closableFrom(month: string): CalendarDate | null {
  const range = payrollMonthRange(month);
  return range ? addDays(range.to, 1) : null;
}

/**
 * Whether a month may be closed on `today` (the subsidiary's local date): only once its last day has passed.
 *
 * @example canCloseMonth("2026-11", "2026-11-30") // false
 * @example canCloseMonth("2026-11", "2026-12-01") // true
 */
export function canCloseMonth(month: string, today: CalendarDate): boolean {
  const from = closableFrom(month);
  return from !== null && today >= from;
}

/**
 * The month after 'YYYY-MM'.
 *
 * @example nextMonth("2026-12") // "2027-01"
 */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}
