/**
 * Overtime of a day and how it is classed and shown (spec 2 §4 "Overtime classes", §9).
 */
import type { ClockType } from "~/domain/time-clock/clock-type";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";

/** Below this many seconds (in absolute value) a day view shows no overtime nor undertime (spec 2 §9). */
export const DAY_VIEW_THRESHOLD_SECONDS = 60;

/** Reports keep a value only beyond this many seconds either way (spec 2 §4). */
export const REPORT_THRESHOLD_SECONDS = 60;

/** Colour class of an overtime value. */
export type OvertimeClass = "none" | "undertime" | "overtime";

/**
 * Overtime of a day: working minus expected seconds; negative is undertime. A day left without END
 * (anomaly) counts 0 until a correction is validated (DESIGN §5): its working time is incomplete, so
 * the difference would only be a guess.
 *
 * @example dailyOvertime(28_800, 25_200)                      // 3600
 * @example dailyOvertime(10_000, 25_200, { anomaly: true })   // 0
 */
export function dailyOvertime(worked: number, expected: number, options: { anomaly?: boolean } = {}): number {
  if (options.anomaly) return 0;
  return worked - expected;
}

/**
 * Class of an overtime value. Day views use the 60-second threshold: a value below it in absolute value, or
 * no value, is "none" (so a 20-second late badge is not flagged). Agency and division searches show any
 * non-zero value: pass a threshold of 0.
 *
 * @example overtimeClass(-3_600)   // "undertime"
 * @example overtimeClass(59)       // "none"
 * @example overtimeClass(59, 0)    // "overtime"
 */
export function overtimeClass(
  seconds: number | null | undefined,
  threshold: number = DAY_VIEW_THRESHOLD_SECONDS,
): OvertimeClass {
  if (seconds === null || seconds === undefined || seconds === 0 || Number.isNaN(seconds)) return "none";
  if (Math.abs(seconds) < threshold) return "none";
  return seconds < 0 ? "undertime" : "overtime";
}

/**
 * Whether a day's overtime may be shown (spec 2 §4): today's figure is only meaningful once the day is
 * ended; before that it is the undertime of a day still in progress.
 *
 * @example overtimeValidForDisplay({ date: "2026-03-30", today: "2026-03-30", type: "START" }) // false
 * @example overtimeValidForDisplay({ date: "2026-03-27", today: "2026-03-30", type: "START" }) // true
 */
export function overtimeValidForDisplay({
  date,
  today,
  type,
}: {
  date: CalendarDate;
  today: CalendarDate;
  type: ClockType | null;
}): boolean {
  return date !== today || type === "END";
}

/**
 * A day's value as the reports count it (spec 2 §4): a negative value is kept only below -60, a positive
 * one only above 60, anything else counts 0. The spec doubts the unit ("likely minutes"); we store and
 * pass seconds everywhere, so the threshold is read as seconds, consistent with the day views.
 *
 * @example reportValue(-61) // -61
 * @example reportValue(60)  // 0
 */
export function reportValue(seconds: number): number {
  if (seconds < -REPORT_THRESHOLD_SECONDS || seconds > REPORT_THRESHOLD_SECONDS) return seconds;
  return 0;
}

/**
 * A week cell of the overtime calendars: whole hours (seconds / 3600, rounded half up), shown only when
 * above 0; null means an empty cell. Undertime weeks are empty too, as the spec shows only positive cells.
 *
 * @example weekCellHours(5_400) // 2 (1.5 h rounds up)
 * @example weekCellHours(1_799) // null (rounds to 0 h)
 */
export function weekCellHours(seconds: number): number | null {
  const hours = Math.round(seconds / 3600);
  return hours > 0 ? hours : null;
}
