import { describe, expect, it } from "vitest";
import { allowedActions, canApply, notificationToShow, shiftDayOf, shiftIsOpen, type ShiftDay, checkClockSequence, clockTypeOf, currentEmployeeState, EMPLOYEE_STATES, type ClockAction, type EmployeeState } from "./clock-state";
import { isClockType, type ClockType } from "./clock-type";

describe("allowedActions", () => {
  it.each<{ name: string; type: ClockType | null; start: boolean; pause: boolean; lunch: boolean; end: boolean }>([
    { name: "nothing badged yet: only start", type: null, start: true, pause: false, lunch: false, end: false },
    { name: "at work: pause, lunch or end, not start again", type: "START", start: false, pause: true, lunch: true, end: true },
    { name: "on a pause: only start again", type: "PAUSE", start: true, pause: false, lunch: false, end: false },
    { name: "at lunch: only start again", type: "LUNCH", start: true, pause: false, lunch: false, end: false },
    { name: "day ended: nothing", type: "END", start: false, pause: false, lunch: false, end: false },
  ])("$name", ({ name: _name, type, ...expected }) => {
    expect(allowedActions(type)).toEqual(expected);
  });
});

describe("canApply", () => {
  it.each<{ name: string; type: ClockType | null; action: ClockAction; ok: boolean }>([
    { name: "first start of the day", type: null, action: "start", ok: true },
    { name: "end without having started", type: null, action: "end", ok: false },
    { name: "double click on start", type: "START", action: "start", ok: false },
    { name: "lunch straight from a pause", type: "PAUSE", action: "lunch", ok: false },
    { name: "end straight from lunch", type: "LUNCH", action: "end", ok: false },
    { name: "back from lunch", type: "LUNCH", action: "start", ok: true },
    { name: "second end (another tab)", type: "END", action: "end", ok: false },
    { name: "restart after the end of day", type: "END", action: "start", ok: false },
  ])("$name", ({ type, action, ok }) => {
    expect(canApply(type, action)).toBe(ok);
  });
});

describe("checkClockSequence", () => {
  it.each<{ name: string; types: ClockType[]; expected: ReturnType<typeof checkClockSequence> }>([
    { name: "empty day", types: [], expected: { ok: true, last: null } },
    {
      name: "ordinary day with a pause and lunch",
      types: ["START", "PAUSE", "START", "LUNCH", "START", "END"],
      expected: { ok: true, last: "END" },
    },
    { name: "day still open", types: ["START", "LUNCH"], expected: { ok: true, last: "LUNCH" } },
    { name: "starts with a pause", types: ["PAUSE", "START"], expected: { ok: false, index: 0, type: "PAUSE" } },
    { name: "two starts in a row", types: ["START", "START"], expected: { ok: false, index: 1, type: "START" } },
    { name: "entry after the end", types: ["START", "END", "START"], expected: { ok: false, index: 2, type: "START" } },
    { name: "ends from lunch", types: ["START", "LUNCH", "END"], expected: { ok: false, index: 2, type: "END" } },
  ])("$name", ({ types, expected }) => {
    expect(checkClockSequence(types)).toEqual(expected);
  });
});

describe("isClockType and clockTypeOf", () => {
  it.each<{ name: string; value: unknown; ok: boolean }>([
    { name: "upper-case type", value: "LUNCH", ok: true },
    { name: "lower-case action name", value: "lunch", ok: false },
    { name: "the initial unbadged state", value: "unbadged", ok: false },
    { name: "null", value: null, ok: false },
  ])("$name", ({ value, ok }) => {
    expect(isClockType(value)).toBe(ok);
  });

  it.each<{ action: ClockAction; type: ClockType }>([
    { action: "start", type: "START" },
    { action: "pause", type: "PAUSE" },
    { action: "lunch", type: "LUNCH" },
    { action: "end", type: "END" },
  ])("action $action writes $type", ({ action, type }) => {
    expect(clockTypeOf(action)).toBe(type);
  });
});

describe("currentEmployeeState", () => {
  it.each<{
    name: string;
    isInLeave: boolean;
    type: ClockType | null;
    isInOvertime: boolean;
    anomaly?: boolean;
    state: EmployeeState;
  }>([
    { name: "nothing badged", isInLeave: false, type: null, isInOvertime: false, state: "unbadged" },
    { name: "at work", isInLeave: false, type: "START", isInOvertime: false, state: "start" },
    { name: "on a pause", isInLeave: false, type: "PAUSE", isInOvertime: false, state: "pause" },
    { name: "at lunch", isInLeave: false, type: "LUNCH", isInOvertime: false, state: "lunch" },
    { name: "day ended", isInLeave: false, type: "END", isInOvertime: false, state: "end" },
    { name: "at work past the expected time", isInLeave: false, type: "START", isInOvertime: true, state: "overtime" },
    { name: "overtime also wins over a pause", isInLeave: false, type: "PAUSE", isInOvertime: true, state: "overtime" },
    { name: "ended wins over overtime", isInLeave: false, type: "END", isInOvertime: true, state: "end" },
    { name: "leave wins over everything", isInLeave: true, type: "END", isInOvertime: true, anomaly: true, state: "leave" },
    { name: "on leave but badged anyway", isInLeave: true, type: "START", isInOvertime: false, state: "leave" },
    { name: "day left without end", isInLeave: false, type: "START", isInOvertime: false, anomaly: true, state: "anomaly" },
    { name: "anomaly wins over overtime", isInLeave: false, type: "START", isInOvertime: true, anomaly: true, state: "anomaly" },
    { name: "a stale anomaly flag on an ended day", isInLeave: false, type: "END", isInOvertime: false, anomaly: true, state: "end" },
  ])("$name", ({ name: _name, state, ...input }) => {
    expect(currentEmployeeState(input)).toBe(state);
  });

  it("the legend lists the 8 states once each", () => {
    expect(new Set(EMPLOYEE_STATES).size).toBe(8);
  });
});

describe("notificationToShow", () => {
  it.each<{ name: string; type: ClockType | null; value: string | null; expected: string | null }>([
    { name: "nothing to show", type: "START", value: null, expected: null },
    { name: "pre-lunch reminder while at work", type: "START", value: "pre_lunch", expected: "pre_lunch" },
    { name: "missed start on an empty day", type: null, value: "start_missed", expected: "start_missed" },
    { name: "never once the day is ended", type: "END", value: "post_overtime", expected: null },
    { name: "unknown value is ignored", type: "START", value: "something_else", expected: null },
  ])("$name", ({ type, value, expected }) => {
    expect(notificationToShow(type, value)).toBe(expected);
  });
});

describe("a shift belongs to the day it started (issue 26)", () => {
  const at = (iso: string) => new Date(iso);
  const night: ShiftDay = { type: "START", firstAt: at("2026-03-27T21:00:00Z") }; // Saturday 22:00 in Paris
  it.each<{ name: string; yesterday: ShiftDay | null; today: ShiftDay | null; now: string; expected: "yesterday" | "today" }>([
    { name: "the END at 06:00 after a 22:00 START ends yesterday's shift", yesterday: night, today: null, now: "2026-03-28T05:00:00Z", expected: "yesterday" },
    { name: "a START back from a pause at 02:30 resumes yesterday's shift", yesterday: { ...night, type: "PAUSE" }, today: null, now: "2026-03-28T01:30:00Z", expected: "yesterday" },
    { name: "an ended night leaves the next day free", yesterday: { ...night, type: "END" }, today: null, now: "2026-03-28T20:00:00Z", expected: "today" },
    { name: "a shift open 16 h is no longer waited for (anomaly)", yesterday: night, today: null, now: "2026-03-28T13:00:00Z", expected: "today" },
    { name: "one second before 16 h it still is", yesterday: night, today: null, now: "2026-03-28T12:59:59Z", expected: "yesterday" },
    { name: "a day shift forgotten open is not resumed the next morning", yesterday: { type: "START", firstAt: at("2026-03-27T07:00:00Z") }, today: null, now: "2026-03-28T06:30:00Z", expected: "today" },
    { name: "today's day already started wins", yesterday: night, today: { type: "START", firstAt: at("2026-03-28T04:00:00Z") }, now: "2026-03-28T05:00:00Z", expected: "today" },
    { name: "nothing yesterday", yesterday: null, today: null, now: "2026-03-28T05:00:00Z", expected: "today" },
  ])("$name", ({ yesterday, today, now, expected }) => {
    expect(shiftDayOf({ yesterday, today }, at(now))).toBe(expected);
  });

  it("an empty or ended day has no open shift", () => {
    const now = at("2026-03-28T05:00:00Z");
    expect(shiftIsOpen({ type: null, firstAt: null }, now)).toBe(false);
    expect(shiftIsOpen({ type: "END", firstAt: at("2026-03-28T04:00:00Z") }, now)).toBe(false);
  });
});
