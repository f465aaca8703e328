import { describe, expect, it } from "vitest";
import { daysWithoutClock, type MissingClockInput } from "./close-checklist";
import type { ScheduleDay, WeekSchedule } from "~/domain/planning/expected-time";

const DAY: ScheduleDay = { morningStart: 540, morningEnd: 720, afternoonStart: 780, afternoonEnd: 1020 };
const OFF: ScheduleDay = { morningStart: null, morningEnd: null, afternoonStart: null, afternoonEnd: null };
const FULL: WeekSchedule = [DAY, DAY, DAY, DAY, DAY];
/** Part time, Wednesday off. */
const NO_WEDNESDAY: WeekSchedule = [DAY, DAY, OFF, DAY, DAY];
/** Week 2 of an alternating schedule: Friday off. */
const NO_FRIDAY: WeekSchedule = [DAY, DAY, DAY, DAY, OFF];

/** The week of Monday 2 to Sunday 8 November 2026 (ISO week 45, odd: week 1 of an alternating schedule). */
const base: MissingClockInput = {
  from: "2026-11-02",
  to: "2026-11-08",
  hiredAt: null,
  firedAt: null,
  weekType: "unique_week",
  weeks: [FULL],
  history: [],
  holidays: new Set(),
  leaves: [],
  clocked: new Set(),
};

describe("daysWithoutClock: the checklist's working days without any clock follow the employee's schedule (decision 0122)", () => {
  it.each<[string, Partial<MissingClockInput>, string[]]>([
    ["full time, nothing clocked: Monday to Friday", {}, ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]],
    ["clocked days are not missing", { clocked: new Set(["2026-11-02", "2026-11-03"]) }, ["2026-11-04", "2026-11-05", "2026-11-06"]],
    ["part time, Wednesday off: not a missing day", { weeks: [NO_WEDNESDAY] }, ["2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06"]],
    ["alternating weeks: week 45 is week 1 (full)", { weekType: "week_one_two", weeks: [FULL, NO_FRIDAY], to: "2026-11-15" }, [
      "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12",
    ]],
    ["a public holiday of the employee (11 November)", { holidays: new Set(["2026-11-11"]), from: "2026-11-09", to: "2026-11-15" }, ["2026-11-09", "2026-11-10", "2026-11-12", "2026-11-13"]],
    ["an accepted full-day leave", { leaves: [{ start: "2026-11-03", end: "2026-11-05", halfDayMorning: false, halfDayAfternoon: false }] }, ["2026-11-02", "2026-11-06"]],
    ["a half-day leave still expects the other half", { leaves: [{ start: "2026-11-03", end: "2026-11-03", halfDayMorning: true, halfDayAfternoon: false }] }, ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]],
    ["before the hiring and after the departure", { hiredAt: "2026-11-03", firedAt: "2026-11-05" }, ["2026-11-03", "2026-11-04", "2026-11-05"]],
    ["no schedule at all: nothing expected", { weeks: [] }, []],
    ["a former contract (Wednesday off) in force until Monday 9 November; the sheet full time after", {
      to: "2026-11-15",
      history: [{ until: "2026-11-09", weekType: "unique_week", weeks: [NO_WEDNESDAY] }],
    }, ["2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06", "2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13"]],
  ])("%s", (_, over, expected) => {
    expect(daysWithoutClock({ ...base, ...over })).toEqual(expected);
  });
});
