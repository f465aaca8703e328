/**
 * Archive, don't delete (issue 29 §8, issue 27 §2; decision 0081). Pure.
 *
 * - A departure date is never before the hiring date: a departure of 01/01/1970 (unix seconds 12345, −1 or 1.5 sent
 *   as a date) for someone hired in 2023 is a typo, not a departure.
 * - An employee with a history (clocks, leaves, overtime) is archived (a departure date), never deleted: deleting
 *   would take their clocks and leaves with them and change the figures of months already paid. Only a sheet without
 *   any history (created by mistake) may be deleted.
 */
import type { CalendarDate } from "~/domain/shared/time-calendar-date";

/**
 * Why a departure date is refused, or null.
 *
 * @example departureProblem("2023-03-01", "1970-01-01") // "before_hire"
 * @example departureProblem("2023-03-01", "2026-11-30") // null
 */
export function departureProblem(hiredAt: CalendarDate | null | undefined, firedAt: CalendarDate | null | undefined): "before_hire" | null {
  if (!hiredAt || !firedAt) return null;
  return firedAt < hiredAt ? "before_hire" : null;
}

/** What an employee has on record (counts or flags from the database). */
export interface EmployeeHistory {
  clocks: boolean;
  leaves: boolean;
  /** Daily overtime rows, weeks with worked time or credited recovery, deductions, a recovery counter not at zero. */
  overtime: boolean;
}

/**
 * Whether an employee may be deleted: only without any history (else archive).
 *
 * @example mayDeleteEmployee({ clocks: false, leaves: false, overtime: false }) // true
 */
export function mayDeleteEmployee(history: EmployeeHistory): boolean {
  return !history.clocks && !history.leaves && !history.overtime;
}
