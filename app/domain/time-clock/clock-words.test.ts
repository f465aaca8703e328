import { describe, expect, it } from "vitest";
import type { ClockType } from "./clock-type";
import { clockSequenceMessage, clocksIn, clockWords, startLabel, type ClockWords } from "./clock-words";

describe("clockWords", () => {
  it.each<[string, ClockType | null, string | null, boolean, ClockWords]>([
    ["nothing badged yet: Pas encore badgé", null, null, false, { kind: "unbadged", since: null }],
    ["at work since the last start", "START", "08:31", false, { kind: "working", since: "08:31" }],
    ["on a pause since 12:04", "PAUSE", "12:04", false, { kind: "pause", since: "12:04" }],
    ["at lunch since 12:30", "LUNCH", "12:30", false, { kind: "lunch", since: "12:30" }],
    ["day ended at 17:32", "END", "17:32", false, { kind: "ended", since: "17:32" }],
    ["a full-day leave and nothing badged", null, null, true, { kind: "leave", since: null }],
    ["badged anyway during a leave: the entries win", "START", "09:00", true, { kind: "working", since: "09:00" }],
  ])("%s", (_name, type, lastTime, onLeave, expected) => {
    expect(clockWords({ type, lastTime, onLeave })).toEqual(expected);
  });
});

describe("startLabel", () => {
  it.each<[string, ClockType | null, "start" | "resume"]>([
    ["an empty day starts", null, "start"],
    ["after a pause it resumes", "PAUSE", "resume"],
    ["after lunch it resumes", "LUNCH", "resume"],
    ["at work (disabled anyway) it reads start", "START", "start"],
    ["an ended day reads start", "END", "start"],
  ])("%s", (_name, type, expected) => {
    expect(startLabel(type)).toBe(expected);
  });
});

describe("clocksIn", () => {
  it.each<[string, string, boolean, boolean]>([
    ["an employee with time registration", "ROLE_EMPLOYEE", true, true],
    ["an employee without time registration", "ROLE_EMPLOYEE", false, false],
    ["a team leader", "ROLE_TEAM_LEADER", true, true],
    ["head management", "ROLE_HEAD_MANAGEMENT", true, true],
    ["a host employee", "ROLE_HOST_EMPLOYEE", true, true],
    ["a commercial never badges (spec 1 §2)", "ROLE_COMMERCIAL", true, false],
  ])("%s", (_name, profileType, timeRegistration, expected) => {
    expect(clocksIn({ profileType, timeRegistration })).toBe(expected);
  });
});

describe("clockSequenceMessage", () => {
  it.each<[string, { time: string; type: ClockType }[], number, ReturnType<typeof clockSequenceMessage>]>([
    [
      "a first entry that is not a start names itself",
      [{ time: "08:00", type: "PAUSE" }],
      0,
      { key: "time_clock.edit_sequence_first", params: { type: "PAUSE", time: "08:00" } },
    ],
    [
      "an entry after the end names both",
      [
        { time: "08:00", type: "START" },
        { time: "17:00", type: "END" },
        { time: "17:30", type: "START" },
      ],
      2,
      { key: "time_clock.edit_sequence_after", params: { type: "START", time: "17:30", previousType: "END", previousTime: "17:00" } },
    ],
    [
      "the one before is found by time, not by the form's order",
      [
        { time: "12:00", type: "LUNCH" },
        { time: "12:30", type: "PAUSE" },
        { time: "08:00", type: "START" },
      ],
      1,
      { key: "time_clock.edit_sequence_after", params: { type: "PAUSE", time: "12:30", previousType: "LUNCH", previousTime: "12:00" } },
    ],
  ])("%s", (_name, entries, index, expected) => {
    expect(clockSequenceMessage(entries, index)).toEqual(expected);
  });
});
