/**
 * The time account (solde d'heures, decision 0071): what every overtime screen, the overtime report, its Excel and
 * `/api` answers, and the dashboards show. A day's value is worked − expected seconds (spec 2 §3: a holiday, a leave
 * day or a day off expects nothing); a week's is the sum of its days minus the deductions dated in it.
 *
 * The running week (the one holding today) counts only the days up to today: past days, and today once its clock is
 * ended, so a week in progress is never read as a whole week's deficit.
 */
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";

/**
 * Does a day count in the time account on `today`? Past days always; today once ended (spec 2: "overtime for today
 * is valid for display only if the date is not today or the type is END"); a future day never.
 *
 * @example dayCounts("2026-11-25", "2026-11-26", false) // true
 * @example dayCounts("2026-11-26", "2026-11-26", false) // false: the day is running
 * @example dayCounts("2026-11-26", "2026-11-26", true)  // true
 */
export function dayCounts(date: CalendarDate, today: CalendarDate, ended: boolean): boolean {
  if (date < today) return true;
  return date === today && ended;
}

/**
 * Is this ISO week (given by its Monday) the running one, "en cours"?
 *
 * @example isRunningWeek("2026-11-23", "2026-11-26") // true
 * @example isRunningWeek("2026-11-16", "2026-11-26") // false
 */
export function isRunningWeek(monday: CalendarDate, today: CalendarDate): boolean {
  return monday <= today && today <= addDays(monday, 6);
}

export interface AccountDay {
  date: CalendarDate;
  /** worked − expected seconds of the day (the `overtime` row). */
  seconds: number;
  /** The day's clock is ended (END): only matters for today. */
  ended: boolean;
}

/**
 * A week's time account: its counted days minus its deductions.
 *
 * @example weekTimeAccount([{ date: "2026-11-23", seconds: 600, ended: true }], 0, "2026-11-26") // 600
 */
export function weekTimeAccount(days: readonly AccountDay[], deductedSeconds: number, today: CalendarDate): number {
  let total = 0;
  for (const d of days) if (dayCounts(d.date, today, d.ended)) total += d.seconds;
  return total - deductedSeconds;
}
