import { describe, expect, it } from "vitest";
import { LEAVE_REASONS } from "~/domain/leave/days";
import { leaveTouchesWeek, planningReasonKey, planningWeekStatus, type PlanningWeekLeave, type PlanningWeekStatus } from "./week";

describe("planningReasonKey", () => {
  it.each([
    ["PAID_LEAVE", "paid_leave"],
    ["RTT_LEAVE", "rtt_leave"],
    ["NO_PAID_LEAVE", "no_paid_leave"],
    ["PARENT_EDUCATION_LEAVE", "parent_education_leave"],
    ["PORTUGAL_LEAVE", "portugal_leave"],
  ] as const)("%s -> %s", (reason, key) => {
    expect(planningReasonKey(reason)).toBe(key);
  });

  it("gives twelve distinct keys", () => {
    expect(new Set(LEAVE_REASONS.map(planningReasonKey)).size).toBe(12);
  });
});

describe("planningWeekStatus", () => {
  it.each<[string, PlanningWeekLeave[], PlanningWeekStatus | null]>([
    ["no leave in the week", [], null],
    ["one accepted paid leave", [{ state: "accepted", reason: "PAID_LEAVE" }], { state: "accepted", reason: "paid_leave" }],
    ["one pending RTT", [{ state: "pending", reason: "RTT_LEAVE" }], { state: "need_review", reason: "rtt_leave" }],
    ["a prevalidated leave still needs review", [{ state: "prevalidate", reason: "SICK_LEAVE" }], { state: "need_review", reason: "sick_leave" }],
    ["a validated leave still needs review", [{ state: "validate", reason: "SICK_LEAVE" }], { state: "need_review", reason: "sick_leave" }],
    [
      "two accepted leaves of the same reason",
      [
        { state: "accepted", reason: "PAID_LEAVE" },
        { state: "accepted", reason: "PAID_LEAVE" },
      ],
      { state: "accepted", reason: "paid_leave" },
    ],
    [
      "one accepted and one pending of the same reason",
      [
        { state: "accepted", reason: "PAID_LEAVE" },
        { state: "pending", reason: "PAID_LEAVE" },
      ],
      { state: "need_review", reason: "paid_leave" },
    ],
    [
      "paid leave then a recovery half day: mix",
      [
        { state: "accepted", reason: "PAID_LEAVE" },
        { state: "accepted", reason: "RECOVERY_LEAVE" },
      ],
      { state: "accepted", reason: "mix" },
    ],
    [
      "mix with one pending",
      [
        { state: "accepted", reason: "PAID_LEAVE" },
        { state: "pending", reason: "RTT_LEAVE" },
      ],
      { state: "need_review", reason: "mix" },
    ],
    [
      "a refused request is not on the planning",
      [
        { state: "accepted", reason: "PAID_LEAVE" },
        { state: "refused", reason: "RTT_LEAVE" },
      ],
      { state: "accepted", reason: "paid_leave" },
    ],
    ["only refused requests", [{ state: "refused", reason: "PAID_LEAVE" }, { state: "rejected", reason: "SICK_LEAVE" }], null],
    [
      "a leave removed after validation is not on the planning",
      [
        { state: "removed", reason: "PAID_LEAVE" },
        { state: "accepted", reason: "RTT_LEAVE" },
      ],
      { state: "accepted", reason: "rtt_leave" },
    ],
    ["an unknown state needs review", [{ state: "archived", reason: "WEDDING_LEAVE" }], { state: "need_review", reason: "wedding_leave" }],
  ])("%s", (_name, leaves, expected) => {
    expect(planningWeekStatus(leaves)).toEqual(expected);
  });
});

describe("leaveTouchesWeek", () => {
  // Week of Monday 13 July 2026 to Sunday 19 July.
  it.each([
    ["a leave across 14 July", "2026-07-13", "2026-07-17", "2026-07-15", true],
    ["any day of the week finds the same week", "2026-07-13", "2026-07-17", "2026-07-19", true],
    ["a leave ending on the Monday", "2026-07-08", "2026-07-13", "2026-07-16", true],
    ["a leave starting on the Sunday", "2026-07-19", "2026-07-24", "2026-07-13", true],
    ["a leave ending the Sunday before", "2026-07-06", "2026-07-12", "2026-07-13", false],
    ["a leave starting the Monday after", "2026-07-20", "2026-07-24", "2026-07-17", false],
    ["a leave around the whole week", "2026-07-01", "2026-07-31", "2026-07-15", true],
    ["a leave across 1 June, week of 1 June", "2026-05-28", "2026-06-03", "2026-06-05", true],
    ["a leave across the new year, ISO week 53", "2026-12-30", "2027-01-04", "2027-01-01", true],
    ["an inverted leave", "2026-07-17", "2026-07-13", "2026-07-15", false],
  ])("%s", (_name, start, end, dateInWeek, expected) => {
    expect(leaveTouchesWeek({ start, end }, dateInWeek)).toBe(expected);
  });
});
