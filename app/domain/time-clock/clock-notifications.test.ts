import { describe, expect, it } from "vitest";
import type { ClockType } from "./clock-type";
import {
  dueClockNotification,
  isClockNotificationKind,
  notificationKey,
  notificationTone,
  type ClockNotificationKind,
  type LeaveCover,
} from "./clock-notifications";
import type { ScheduleDay } from "~/domain/planning/expected-time";

const hm = (h: number, m = 0) => h * 60 + m;
/** 09:00–12:00, 13:00–17:00. */
const day: ScheduleDay = { morningStart: hm(9), morningEnd: hm(12), afternoonStart: hm(13), afternoonEnd: hm(17) };
const morningOnly: ScheduleDay = { morningStart: hm(8), morningEnd: hm(12), afternoonStart: null, afternoonEnd: null };

describe("dueClockNotification", () => {
  it.each<[string, number, ClockType | null, ClockNotificationKind | null]>([
    ["before the start of the day", hm(8, 50), null, null],
    ["start not yet missed (14 min late)", hm(9, 14), null, null],
    ["start of day missed at start + 15", hm(9, 15), null, "start_missed"],
    ["start missed later in the morning", hm(11), null, "start_missed"],
    ["started: no start reminder", hm(9, 15), "START", null],
    ["pre-lunch 5 min before the morning end", hm(11, 55), "START", "pre_lunch"],
    ["no pre-lunch on a pause", hm(11, 55), "PAUSE", null],
    ["pre-lunch still due during the theoretical lunch", hm(12, 30), "START", "pre_lunch"],
    ["lunch in progress before the post-lunch reminder", hm(13, 9), "LUNCH", null],
    ["post-lunch at afternoon start + 10", hm(13, 10), "LUNCH", "post_lunch"],
    ["back from lunch: nothing", hm(13, 10), "START", null],
    ["skipped the lunch: no stale pre-lunch in the afternoon", hm(14), "START", null],
    ["end of day at the afternoon end", hm(17), "START", "end_of_day"],
    ["ended: nothing", hm(17, 5), "END", null],
    ["end confirmation at end + 30", hm(17, 30), "START", "end_confirmation"],
    ["end confirmation on a pause", hm(17, 45), "PAUSE", "end_confirmation"],
    ["no end confirmation for a day never badged", hm(17, 30), null, null],
    ["a pause at end + 60 is no overtime, still unconfirmed", hm(18), "PAUSE", "end_confirmation"],
    ["ended late: nothing", hm(22), "END", null],
    ["start missed is not sent after the day's end", hm(17, 30), null, null],
  ])("%s", (_name, minutes, type, expected) => {
    expect(dueClockNotification({ day, minutes, type })).toBe(expected);
  });

  // Issue 28 item 2: the overtime alarms compare the time worked with the time expected (7 h on this schedule).
  const H = 3600;
  it.each<[string, number, ClockType | null, number, ClockNotificationKind | null]>([
    ["clocked in at 19:34, 19:35 with 1 min worked: no alarm, no end reminder", hm(19, 35), "START", 60, null],
    ["started late at 10:00, 18:00 with 7 h worked: end of day not yet passed 30 min", hm(18), "START", 7 * H, "end_confirmation"],
    ["started late, 17:45 with 6 h 30 worked: not finished, no end reminder", hm(17, 45), "START", 6.5 * H, null],
    ["59 min beyond the expected time: no alarm yet", hm(18), "START", 8 * H - 60, "end_confirmation"],
    ["1 h beyond the expected time: overtime", hm(18), "START", 8 * H, "overtime"],
    ["2 h beyond the expected time: important overtime", hm(19), "START", 9 * H, "post_overtime"],
    ["an early start: 1 h beyond at 16:00, before the schedule's end", hm(16), "START", 8 * H, "overtime"],
    ["worker back late: the latest alarm only", hm(22), "START", 12 * H, "post_overtime"],
    ["on a pause the worked time stands still: no alarm", hm(19), "PAUSE", 9 * H, "end_confirmation"],
    ["ended: nothing", hm(19), "END", 9 * H, null],
    ["weekend: nothing, whatever the time worked", hm(19), "START", 9 * H, null],
  ])("%s", (name, minutes, type, worked, expected) => {
    const schedule = name.startsWith("weekend") ? null : day;
    expect(dueClockNotification({ day: schedule, minutes, type, workedSeconds: worked, expectedSeconds: 7 * H })).toBe(expected);
  });

  it.each<[string, ScheduleDay | null, LeaveCover, boolean, number, ClockType | null, ClockNotificationKind | null]>([
    ["weekend (no schedule day)", null, "none", false, hm(10), null, null],
    ["public holiday", day, "none", true, hm(10), null, null],
    ["full-day leave", day, "full", false, hm(10), null, null],
    ["morning off: no start reminder in the morning", day, "morning", false, hm(10), null, null],
    ["morning off: start missed after the afternoon start + 15", day, "morning", false, hm(13, 15), null, "start_missed"],
    ["morning off: no lunch reminder", day, "morning", false, hm(13, 10), "LUNCH", null],
    ["afternoon off: end of day at the morning end", day, "afternoon", false, hm(12), "START", "end_of_day"],
    ["afternoon off: no pre-lunch", day, "afternoon", false, hm(11, 55), "START", null],
    ["morning-only schedule: end at noon", morningOnly, "none", false, hm(12, 30), "START", "end_confirmation"],
    ["blank schedule day", { morningStart: null, morningEnd: null, afternoonStart: null, afternoonEnd: null }, "none", false, hm(10), null, null],
    ["inverted morning counts as blank", { ...day, morningEnd: hm(8) }, "none", false, hm(13, 15), null, "start_missed"],
  ])("%s", (_name, schedule, leave, holiday, minutes, type, expected) => {
    expect(dueClockNotification({ day: schedule, minutes, type, leave, holiday })).toBe(expected);
  });
});

describe("dueClockNotification while yesterday's night shift is open (decisions 0075, 0103)", () => {
  it.each<[string, number, ClockType | null, boolean, ClockNotificationKind | null]>([
    ["at work since 22:00, today's start is not missed", hm(9, 15), null, true, null],
    ["today's empty day, no night open: start missed", hm(9, 15), null, false, "start_missed"],
    ["today already badged: today's reminders as usual", hm(11, 55), "START", true, "pre_lunch"],
  ])("%s", (_name, minutes, type, nightShiftOpen, expected) => {
    expect(dueClockNotification({ day, minutes, type, nightShiftOpen })).toBe(expected);
  });
});

describe("notification helpers", () => {
  it.each<[ClockNotificationKind, string]>([
    ["overtime", "danger"],
    ["post_overtime", "danger"],
    ["start_missed", "warning"],
    ["pre_lunch", "info"],
  ])("tone of %s is %s", (kind, tone) => {
    expect(notificationTone(kind)).toBe(tone);
  });

  it("builds one job_run key per employee, day and kind", () => {
    expect(notificationKey(12, "2026-03-30", "pre_lunch")).toBe("notif:12:2026-03-30:pre_lunch");
  });

  it.each([
    ["start_missed", true],
    ["START", false],
    [null, false],
  ])("isClockNotificationKind(%s) is %s", (value, expected) => {
    expect(isClockNotificationKind(value)).toBe(expected);
  });
});
