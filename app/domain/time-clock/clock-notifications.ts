/**
 * Clock notifications (spec 2 "Own badging": notification kinds; issue 4 item 6): which reminder is due for an
 * employee at a given instant of a working day, from the day's schedule and the current clock type.
 * Times are wall-clock minutes from local midnight, like the schedule itself.
 */
import type { ClockType } from "./clock-type";
import type { ScheduleDay } from "~/domain/planning/expected-time";

/** The notification kinds, stored in `time_clock.new_notification` and shown by the badging modal. */
export type ClockNotificationKind =
  | "start_missed"
  | "pre_lunch"
  | "post_lunch"
  | "end_of_day"
  | "end_confirmation"
  | "overtime"
  | "post_overtime";

export const CLOCK_NOTIFICATION_KINDS: readonly ClockNotificationKind[] = [
  "start_missed",
  "pre_lunch",
  "post_lunch",
  "end_of_day",
  "end_confirmation",
  "overtime",
  "post_overtime",
];

export function isClockNotificationKind(value: unknown): value is ClockNotificationKind {
  return typeof value === "string" && (CLOCK_NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** Colour type of the modal: overtime and post-overtime are "danger" (spec 2), the others reminders. */
export function notificationTone(kind: ClockNotificationKind): "info" | "warning" | "danger" {
  if (kind === "overtime" || kind === "post_overtime") return "danger";
  if (kind === "start_missed" || kind === "end_confirmation") return "warning";
  return "info";
}

/** Which part of the day a leave covers, if any. */
export type LeaveCover = "none" | "full" | "morning" | "afternoon";

export interface NotificationInput {
  /** The schedule of this weekday (null on a weekend or without a schedule). */
  day: ScheduleDay | null;
  /** Wall-clock minutes since local midnight (see zoned-day `minutesOfDay`). */
  minutes: number;
  /** Last clock type of the day, null when nothing was badged. */
  type: ClockType | null;
  /** A public holiday of the employee's country. */
  holiday?: boolean;
  leave?: LeaveCover;
  /**
   * Time worked today up to now (seconds, the open interval included) and the day's expected time (seconds). The
   * overtime alarms compare these two, never the clock with the schedule's end (issue 28 item 2): without them no
   * overtime alarm is due.
   */
  workedSeconds?: number;
  expectedSeconds?: number;
  /**
   * Yesterday's shift is still open (a night within its 16 h, decision 0075) and today's day has nothing: the worker
   * is at work on it, so today's schedule calls for no reminder yet (decision 0103).
   */
  nightShiftOpen?: boolean;
}

/** Delays after the schedule's bounds, in minutes (issue 4 item 6). */
export const NOTIFICATION_DELAYS = {
  startMissed: 15,
  preLunch: -5,
  postLunch: 10,
  endConfirmation: 30,
  overtime: 60,
  postOvertime: 120,
} as const;

const END_OF_DAY = 24 * 60;

interface WorkingBounds {
  start: number;
  end: number;
  lunch: { start: number; end: number } | null;
}

/**
 * The bounds that count for the reminders: the whole scheduled day, or only the half not covered by a half-day
 * leave (a morning off starts at the afternoon start and has no lunch reminder). Null for a day off.
 */
function workingBounds(day: ScheduleDay | null, leave: LeaveCover): WorkingBounds | null {
  if (!day || leave === "full") return null;
  const morning = day.morningStart !== null && day.morningEnd !== null && day.morningEnd > day.morningStart;
  const afternoon = day.afternoonStart !== null && day.afternoonEnd !== null && day.afternoonEnd > day.afternoonStart;
  if (leave === "morning") return afternoon ? { start: day.afternoonStart!, end: day.afternoonEnd!, lunch: null } : null;
  if (leave === "afternoon") return morning ? { start: day.morningStart!, end: day.morningEnd!, lunch: null } : null;
  if (morning && afternoon) {
    const lunch = day.afternoonStart! >= day.morningEnd! ? { start: day.morningEnd!, end: day.afternoonStart! } : null;
    return { start: day.morningStart!, end: day.afternoonEnd!, lunch };
  }
  if (morning) return { start: day.morningStart!, end: day.morningEnd!, lunch: null };
  if (afternoon) return { start: day.afternoonStart!, end: day.afternoonEnd!, lunch: null };
  return null;
}

interface Rule {
  kind: ClockNotificationKind;
  from: number;
  until: number;
  applies: (type: ClockType | null) => boolean;
}

function rulesFor(bounds: WorkingBounds): Rule[] {
  const { start, end, lunch } = bounds;
  const d = NOTIFICATION_DELAYS;
  const rules: Rule[] = [{ kind: "start_missed", from: start + d.startMissed, until: end, applies: (t) => t === null }];
  if (lunch) {
    rules.push(
      { kind: "pre_lunch", from: lunch.start + d.preLunch, until: lunch.end, applies: (t) => t === "START" },
      { kind: "post_lunch", from: lunch.end + d.postLunch, until: end, applies: (t) => t === "LUNCH" },
    );
  }
  rules.push(
    { kind: "end_of_day", from: end, until: end + d.endConfirmation, applies: (t) => t === "START" },
    // "Not END" of a day that was started: a day never badged got its start-missed reminder already.
    { kind: "end_confirmation", from: end + d.endConfirmation, until: END_OF_DAY, applies: (t) => t !== null && t !== "END" },
  );
  return rules;
}

/**
 * The overtime alarm due from the time worked: "overtime" once the worked time passes the expected time by
 * NOTIFICATION_DELAYS.overtime minutes, "post_overtime" by NOTIFICATION_DELAYS.postOvertime, and only at work (START).
 * Someone who clocked in at 19:34 after the schedule's end has worked 1 minute: no alarm (issue 28 item 2).
 */
function overtimeAlarm(type: ClockType | null, worked: number | undefined, expected: number | undefined): ClockNotificationKind | null {
  if (type !== "START" || worked === undefined || expected === undefined) return null;
  const over = worked - expected;
  if (over >= NOTIFICATION_DELAYS.postOvertime * 60) return "post_overtime";
  if (over >= NOTIFICATION_DELAYS.overtime * 60) return "overtime";
  return null;
}

/**
 * At work (START) before the expected time is worked, the "end of the day" reminders would be false too (someone who
 * starts late has not finished): they wait until the expected time is worked. On a pause or at lunch the clock stands
 * still, so the schedule decides as before.
 */
function endReminderTooEarly(kind: ClockNotificationKind, type: ClockType | null, worked: number | undefined, expected: number | undefined): boolean {
  if ((kind !== "end_of_day" && kind !== "end_confirmation") || type !== "START") return false;
  return worked !== undefined && expected !== undefined && worked < expected;
}

/**
 * The one reminder due now, or null. Each reminder has a window (from its trigger to the next phase of the day);
 * when several windows are open the latest trigger wins, so a worker that was down for two hours sends the
 * reminder that fits the present rather than a stale one. The caller sends each kind at most once a day.
 *
 * @example dueClockNotification({ day: nineToFive, minutes: 9 * 60 + 15, type: null })      // "start_missed"
 * @example dueClockNotification({ day: nineToFive, minutes: 11 * 60 + 55, type: "START" })  // "pre_lunch" (lunch at 12:00)
 * @example dueClockNotification({ day: nineToFive, minutes: 19 * 60, type: "START", workedSeconds: 9 * 3600, expectedSeconds: 7 * 3600 }) // "post_overtime"
 * @example dueClockNotification({ day: nineToFive, minutes: 19 * 60 + 35, type: "START", workedSeconds: 60, expectedSeconds: 7 * 3600 }) // null
 * @example dueClockNotification({ day: null, minutes: 600, type: null })                    // null: weekend
 */
export function dueClockNotification({
  day,
  minutes,
  type,
  holiday = false,
  leave = "none",
  workedSeconds,
  expectedSeconds,
  nightShiftOpen = false,
}: NotificationInput): ClockNotificationKind | null {
  if (holiday) return null;
  if (nightShiftOpen && type === null) return null;
  const bounds = workingBounds(day, leave);
  if (!bounds) return null;
  // An overtime alarm is the most pressing news of the day: it wins over any reminder.
  const alarm = overtimeAlarm(type, workedSeconds, expectedSeconds);
  if (alarm) return alarm;
  let due: Rule | null = null;
  for (const rule of rulesFor(bounds)) {
    if (minutes < rule.from || minutes >= rule.until || !rule.applies(type)) continue;
    if (endReminderTooEarly(rule.kind, type, workedSeconds, expectedSeconds)) continue;
    if (!due || rule.from >= due.from) due = rule;
  }
  return due?.kind ?? null;
}

/**
 * The idempotency key of a sent reminder (a `job_run` row): one per employee, day and kind.
 *
 * @example notificationKey(12, "2026-03-30", "pre_lunch") // "notif:12:2026-03-30:pre_lunch"
 */
export function notificationKey(employeeId: number, date: string, kind: ClockNotificationKind): string {
  return `notif:${employeeId}:${date}:${kind}`;
}
