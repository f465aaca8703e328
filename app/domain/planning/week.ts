import type { LeaveReason } from "~/domain/leave/days";
import { addDays, calendarDay, type CalendarDate } from "~/domain/shared/time-calendar-date";

/** Planning, legend and report keys of the leave reasons: their lower-case forms (paid_leave, rtt_leave...). */
export type PlanningReasonKey = Lowercase<LeaveReason>;

/** A week cell of a planning table: need_review while any of its leaves awaits a decision. */
export type PlanningWeekState = "need_review" | "accepted";

export interface PlanningWeekStatus {
  state: PlanningWeekState;
  /** The reason key, or "mix" when the week holds leaves of several reasons (its own legend colour). */
  reason: PlanningReasonKey | "mix";
}

/** What the week cell needs to know of each leave. */
export interface PlanningWeekLeave {
  state: string;
  reason: LeaveReason;
}

/**
 * The planning key of a leave reason.
 *
 * @example planningReasonKey("PARENT_EDUCATION_LEAVE") // "parent_education_leave"
 */
export function planningReasonKey(reason: LeaveReason): PlanningReasonKey {
  return reason.toLowerCase() as PlanningReasonKey;
}

/**
 * The badge of one week for one employee, from the leaves that touch that week; null when there is none.
 * - state: need_review if any of them is not accepted yet, else accepted;
 * - reason: the reason's key, or "mix" when they have several reasons.
 * A refused leave is not on the planning at all, so it is left out (otherwise a week with one accepted
 * leave and one refused request would stay "need_review" forever); nor is a leave removed after
 * validation (state "removed", its days given back). Any other state that is not
 * "accepted" (pending, prevalidate, validate, or an unknown value) needs review.
 *
 * @example planningWeekStatus([{ state: "accepted", reason: "PAID_LEAVE" }, { state: "pending", reason: "RTT_LEAVE" }])
 *   // { state: "need_review", reason: "mix" }
 */
export function planningWeekStatus(leavesInWeek: readonly PlanningWeekLeave[]): PlanningWeekStatus | null {
  const shown = leavesInWeek.filter((leave) => leave.state !== "refused" && leave.state !== "rejected" && leave.state !== "removed");
  if (shown.length === 0) return null;
  const reasons = new Set(shown.map((leave) => leave.reason));
  return {
    state: shown.every((leave) => leave.state === "accepted") ? "accepted" : "need_review",
    reason: reasons.size > 1 ? "mix" : planningReasonKey(shown[0].reason),
  };
}

/**
 * True when a leave has at least one day in the ISO week (Monday to Sunday) of the given date, so that it
 * belongs in that week's cell.
 *
 * @example leaveTouchesWeek({ start: "2026-05-29", end: "2026-06-01" }, "2026-06-03") // true: Monday 1 June
 */
export function leaveTouchesWeek(leave: { start: CalendarDate; end: CalendarDate }, dateInWeek: CalendarDate): boolean {
  const day = calendarDay(dateInWeek);
  const monday = day.minus({ days: day.weekday - 1 }).toISODate();
  const sunday = addDays(monday, 6);
  // 'YYYY-MM-DD' strings compare like the dates they name.
  return leave.start <= sunday && leave.end >= monday && leave.start <= leave.end;
}
