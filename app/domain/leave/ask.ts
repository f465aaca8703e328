/**
 * The leave ask form as a person expects it (issue 28 item 7): only the reasons that fit them, and before sending,
 * the working days that will be counted and the balance left after.
 */
import { balanceAfterLeave, type BalanceAfter } from "./decision-card";
import { LEAVE_REASONS, workingDays, type LeaveReason } from "./days";
import type { VacationCounters } from "./balance";
import { isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";

/**
 * The reasons offered to a person: the Portuguese leave only to people in Portugal (their country, or its time zone
 * Europe/Lisbon), RTT only with the working-time reduction on their sheet. `keep` stays offered whatever the rule
 * (the reason of a leave being edited).
 *
 * @example reasonsFor({ country: "France", zone: "Europe/Paris", workingTimeReduction: false }).includes("RTT_LEAVE") // false
 */
export function reasonsFor(person: { country: string | null; zone: string | null; workingTimeReduction: boolean }, keep?: string | null): LeaveReason[] {
  const portugal = /portugal/i.test(person.country ?? "") || person.zone === "Europe/Lisbon";
  return LEAVE_REASONS.filter((r) => {
    if (r === keep) return true;
    if (r === "PORTUGAL_LEAVE") return portugal;
    if (r === "RTT_LEAVE") return person.workingTimeReduction;
    return true;
  });
}

export interface LeavePreviewInput {
  reason: string | null;
  start: string | null;
  end: string | null;
  halfDay: "morning" | "afternoon" | null;
  hours: number | null;
}

export interface LeavePreview {
  start: CalendarDate;
  end: CalendarDate;
  /** Working days counted (weekends and public holidays skipped, a half day 0.5). */
  days: number;
  balanceAfter: BalanceAfter;
}

/**
 * What a request would count, before it is sent: null when its dates are not a readable period (start ≤ end, at most
 * `maxDays` calendar days apart, the form then says what is wrong on sending).
 *
 * @example previewLeave({ reason: "PAID_LEAVE", start: "2026-12-21", end: "2026-12-25", halfDay: null, hours: null },
 *   new Set(["2026-12-25"]), counters) // { days: 4, balanceAfter: { kind: "days", value: ... } }
 */
export function previewLeave(
  input: LeavePreviewInput,
  holidays: ReadonlySet<CalendarDate>,
  counters: { vacation: VacationCounters; recovery: { earned: number; taken: number } },
  maxDays = 366,
): LeavePreview | null {
  const { start, end } = input;
  if (!start || !end || !isCalendarDate(start) || !isCalendarDate(end) || end < start) return null;
  if ((Date.parse(end) - Date.parse(start)) / 86_400_000 > maxDays) return null;
  const days = workingDays({ start, end, halfDay: start === end ? input.halfDay : null, holidays });
  return { start, end, days, balanceAfter: balanceAfterLeave({ reason: input.reason ?? "", days, hours: input.hours }, counters) };
}
