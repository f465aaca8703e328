/**
 * Expected working time of a date from the employee's weekly schedule (spec 1 "Weekly schedule",
 * DESIGN §5 "Time").
 */
import { epochDay, isoWeekOfEpochDay, weekdayOfEpochDay, type CalendarDate } from "~/domain/shared/time-calendar-date";

/** Week types of an employee: one schedule for every week, or alternating week 1 and week 2. */
export type WeekType = "unique_week" | "week_one_two";

/**
 * One weekday of a weekly schedule: a morning and an afternoon, each with start and end in minutes from
 * midnight; null is a blank field (an empty template). Same shape as the WeekSchedule entity's `days`.
 */
export interface ScheduleDay {
  morningStart: number | null;
  morningEnd: number | null;
  afternoonStart: number | null;
  afternoonEnd: number | null;
}

/** A weekly schedule: Monday to Friday, index 0 to 4. */
export type WeekSchedule = ScheduleDay[];

/** A leave on the date, if any. */
export interface LeaveOnDate {
  /** Morning or afternoon only. */
  halfDay: boolean;
}

/** Minutes of one half (morning or afternoon); null when blank, negative when inverted. */
function halfMinutes(start: number | null, end: number | null): number | null {
  return start === null || end === null ? null : end - start;
}

/**
 * Scheduled seconds of a day: morning plus afternoon. A blank half counts 0. If either half ends before it
 * starts the whole day is 0 (spec 1: "if either end is before its start the total shows 00:00"): a typo in
 * one half must not silently leave the other half as the day's target.
 *
 * @example scheduleDaySeconds({ morningStart: 540, morningEnd: 720, afternoonStart: 780, afternoonEnd: 1020 }) // 25200 (7 h)
 * @example scheduleDaySeconds({ morningStart: 540, morningEnd: 480, afternoonStart: 780, afternoonEnd: 1020 }) // 0
 */
export function scheduleDaySeconds(day: ScheduleDay | null | undefined): number {
  if (!day) return 0;
  const morning = halfMinutes(day.morningStart, day.morningEnd);
  const afternoon = halfMinutes(day.afternoonStart, day.afternoonEnd);
  if ((morning ?? 0) < 0 || (afternoon ?? 0) < 0) return 0;
  return ((morning ?? 0) + (afternoon ?? 0)) * 60;
}

/**
 * The weekly schedule that applies to a date. week_one_two: odd ISO weeks use week 1, even ISO weeks week 2
 * (so in a year with 53 ISO weeks, week 53 and the next week 1 both use week 1). When week 2 is missing we
 * fall back to week 1 rather than to nothing, so a half-configured employee is not owed a whole day of
 * undertime every other week. Null when no schedule exists at all.
 *
 * @example weekForDate("2026-01-05", "week_one_two", [w1, w2]) // w2: 5 January 2026 is in ISO week 2
 * @example weekForDate("2026-01-12", "week_one_two", [w1, w2]) // w1: ISO week 3
 */
export function weekForDate(
  date: CalendarDate,
  weekType: WeekType,
  weeks: readonly WeekSchedule[],
): WeekSchedule | null {
  const first = weeks[0] ?? null;
  if (weekType === "unique_week") return first;
  // Integer calendar arithmetic (decision 0058), as luxon's weekNumber: no DateTime per call (decision 0057).
  const isoWeek = isoWeekOfEpochDay(epochDay(date)).week;
  return isoWeek % 2 === 1 ? first : (weeks[1] ?? first);
}

/** What expectedSeconds needs to know about a date. */
export interface ExpectedTimeInput {
  date: CalendarDate;
  weekType: WeekType;
  /** Week 1, then week 2 for week_one_two. */
  weeks: readonly WeekSchedule[];
  /** The employee's country public holidays, as 'YYYY-MM-DD'. */
  holidays: ReadonlySet<CalendarDate>;
  leave?: LeaveOnDate | null;
}

/**
 * Seconds the employee is expected to work on a date: the schedule of that weekday, zero on Saturday and
 * Sunday, public holidays and full-day leave, halved for a half-day leave (DESIGN §5). Schedules are whole
 * minutes, so half of one is always a whole number of seconds.
 *
 * @example expectedSeconds({ date: "2026-03-30", weekType: "unique_week", weeks: [week], holidays: new Set() })
 *          // Monday's schedule, e.g. 25200
 * @example expectedSeconds({ ..., date: "2026-04-06", holidays: new Set(["2026-04-06"]) }) // 0: Easter Monday
 */
export function expectedSeconds({ date, weekType, weeks, holidays, leave = null }: ExpectedTimeInput): number {
  const weekday = weekdayOfEpochDay(epochDay(date)); // 1 = Monday .. 7 = Sunday, as luxon's weekday (decision 0058)
  if (weekday > 5 || holidays.has(date)) return 0;
  if (leave && !leave.halfDay) return 0;
  const scheduled = scheduleDaySeconds(weekForDate(date, weekType, weeks)?.[weekday - 1]);
  return leave?.halfDay ? scheduled / 2 : scheduled;
}

/** Theoretical lunch break, in minutes from midnight. */
export interface TheoreticalLunch {
  start: number;
  end: number;
}

/**
 * The lunch break a schedule day implies: from the end of the morning to the start of the afternoon.
 * Null when either bound is blank or the afternoon starts before the morning ends: no reminder beats a
 * reminder of a nonsensical time.
 *
 * @example theoreticalLunch({ morningStart: 540, morningEnd: 720, afternoonStart: 780, afternoonEnd: 1020 })
 *          // { start: 720, end: 780 }, i.e. 12:00 to 13:00
 */
export function theoreticalLunch(day: ScheduleDay | null | undefined): TheoreticalLunch | null {
  if (!day || day.morningEnd === null || day.afternoonStart === null) return null;
  if (day.afternoonStart < day.morningEnd) return null;
  return { start: day.morningEnd, end: day.afternoonStart };
}
