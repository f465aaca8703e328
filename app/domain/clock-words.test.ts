import { describe, expect, it } from "vitest";
import type { ClockType } from "./clock-state";
import { clocksIn, clockWords, startLabel, type ClockWords } from "./clock-words";

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
