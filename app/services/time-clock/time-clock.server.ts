/**
 * The time clock's use cases (spec 2 "Own badging", §4 clock buttons, §7 /api/timeclock calls).
 *
 * For the other clock screens (corrections, team/division/agency badging, notifications):
 * - `clockAction(em, user, action, now)`, `resetDay(em, user, now)`: the buttons, with the state machine (409).
 * - `currentClock(em, user, now)`, `clockById(em, actor, id, now)`: one clock (views of time-clock-views).
 * - `recomputeDay(em, timeClockId, now)`: refills a clock's totals from its active entries and upserts its overtime
 *   row (and, for today, the employee's last state); call it with the transaction's EntityManager after changing a
 *   day's entries, e.g. when a suggestion is validated.
 * - `dayTotals(logs, expected, {date, today})`: a day's totals from its entries (pure).
 * - `createSuggestion(em, actor, input, now)`: a proposed corrected day, validated (422) and scoped (404).
 * - `employeeScopeSql(actor)`, `assertEmployeeInScope(em, actor, employeeId)`: self + a manager's scope.
 * - `clockEmployee(em, id)`, `clockFacts(em, emp, from, to)`: zone, schedule, holidays, leaves of one employee.
 * - `loadClocks(em, where, params, {now})`: clock views with their active entries, one query.
 *
 * Concurrency: a clock action reads the day (its xmin as version), checks the state machine, then writes with one
 * statement whose `insert ... on conflict do update ... where xmin = version` stores nothing if the day changed in
 * between; the action is then read and checked again (decisions 0049, 0057). A repeated or stale action (double
 * click, second tab, retry) is therefore refused with a 409, and every accepted action writes exactly one entry.
 */

// The clock's use cases live in one module per verb group (issue 26 §4); this module keeps the names callers import.
export type { ClockView } from "./clock-rows.server";
export { clockEmployee, clockFacts, type ClockEmployee, type ClockFacts, type ReasonedLeave } from "./employee.server";
export { dayTotals, recomputeDay, type DayTotals } from "./day-totals.server";
export {
  loadClocks,
  withLiveTotals,
  currentClock,
  clockById,
  employeeScopeSql,
  assertEmployeeInScope,
  history,
  employeeRange,
  badgingScreen,
  type HistoryResult,
  type WeekDay,
  type BadgingScreen,
} from "./reads.server";
export { assertTimeRegistration, clockAction, resetDay, dismissNotification } from "./actions.server";
export { clockCallerContext, type ClockContext, type ClockCaller } from "./context.server";
export { createSuggestion, type SuggestedLog, type SuggestionInput } from "./corrections.server";
