/**
 * Messages that say what to fix (issue 28 item 4): a leave request's violation (domain/leave/form.ts gives its field and
 * code) with the facts that make it actionable — which day is a public holiday and which a weekend, how many days
 * were asked and how many are available, which half of the day to choose. Returns a catalogue key and its
 * parameters; the service writes the French text.
 */
import { frDate } from "~/domain/shared/api-dates";
import { formatDecimal, formatHoursMinutes } from "~/domain/shared/number-format";
import { calendarDay, type CalendarDate } from "~/domain/shared/time-calendar-date";

export interface LeaveMessageFacts {
  start: CalendarDate | null;
  end: CalendarDate | null;
  holidays: ReadonlySet<CalendarDate>;
  /** Working days the request counts (halves included). */
  daysAsked: number;
  /** Paid-leave days available (the vacation balance). */
  daysAvailable: number;
  /** Recovery asked and available, in seconds. */
  recoveryAsked: number;
  recoveryAvailable: number;
}

export interface LeaveMessage {
  key: string;
  params?: Record<string, string>;
}

function isWeekend(date: CalendarDate): boolean {
  return calendarDay(date).weekday >= 6;
}

function weekdayName(date: CalendarDate): string {
  return calendarDay(date).weekday === 6 ? "samedi" : "dimanche";
}

/**
 * The message of one violation. "holiday" on a day that is a public holiday names it; on a weekend or a period
 * without any working day it says so instead of "jour férié"; balances give the days (or hours) asked and available;
 * a half day asked without its half says "choisissez matin ou après-midi". Other codes keep their own key.
 *
 * @example leaveMessage({ field: "start", code: "holiday" }, { ...facts, start: "2026-11-28", end: "2026-11-29" })
 *   // { key: "leave.error.weekend_only", params: { start: "28/11/2026", end: "29/11/2026" } }
 */
export function leaveMessage(v: { field: string; code: string }, facts: LeaveMessageFacts): LeaveMessage {
  const date = v.field === "end" ? facts.end : facts.start;
  switch (v.code) {
    case "holiday":
      if (date && facts.holidays.has(date)) return { key: "leave.error.holiday_on", params: { date: frDate(date) } };
      if (facts.start && facts.end && facts.start === facts.end && isWeekend(facts.start)) {
        return { key: "leave.error.weekend_day", params: { date: frDate(facts.start), day: weekdayName(facts.start) } };
      }
      if (facts.start && facts.end) return { key: "leave.error.weekend_only", params: { start: frDate(facts.start), end: frDate(facts.end) } };
      return { key: "leave.error.holiday" };
    case "insufficient_balance":
      return { key: "leave.error.insufficient_balance_days", params: { asked: formatDecimal(facts.daysAsked), available: formatDecimal(facts.daysAvailable) } };
    case "insufficient_recovery":
      return {
        key: "leave.error.insufficient_recovery_hours",
        params: { asked: formatHoursMinutes(facts.recoveryAsked), available: formatHoursMinutes(Math.max(0, facts.recoveryAvailable)) },
      };
    case "required":
      return v.field === "halfDay" ? { key: "leave.error.half_day_choice" } : { key: "leave.error.required" };
    default:
      return { key: `leave.error.${v.code}` };
  }
}
