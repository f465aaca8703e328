import { describe, expect, it } from "vitest";
import { previewLeave, reasonsFor, type LeavePreview, type LeavePreviewInput } from "./ask";

describe("reasonsFor: the reasons that fit the person", () => {
  it.each<[string, { country: string | null; zone: string | null; workingTimeReduction: boolean }, string | null, string[], string[]]>([
    ["France without reduction: no RTT, no Portuguese leave", { country: "France", zone: "Europe/Paris", workingTimeReduction: false }, null, ["PAID_LEAVE"], ["RTT_LEAVE", "PORTUGAL_LEAVE"]],
    ["France with the working-time reduction: RTT", { country: "France", zone: "Europe/Paris", workingTimeReduction: true }, null, ["RTT_LEAVE"], ["PORTUGAL_LEAVE"]],
    ["Portugal: the Portuguese leave", { country: "Portugal", zone: "Europe/Lisbon", workingTimeReduction: false }, null, ["PORTUGAL_LEAVE"], ["RTT_LEAVE"]],
    ["Lisbon time zone, country unnamed", { country: null, zone: "Europe/Lisbon", workingTimeReduction: false }, null, ["PORTUGAL_LEAVE"], []],
    ["editing an RTT leave keeps RTT offered", { country: "France", zone: "Europe/Paris", workingTimeReduction: false }, "RTT_LEAVE", ["RTT_LEAVE"], ["PORTUGAL_LEAVE"]],
  ])("%s", (_name, person, keep, offered, notOffered) => {
    const reasons = reasonsFor(person, keep);
    for (const r of offered) expect(reasons).toContain(r);
    for (const r of notOffered) expect(reasons).not.toContain(r);
  });
});

describe("previewLeave: the days counted and the balance after, before sending", () => {
  const counters = { vacation: { earnedLastYear: 5, takenLastYear: 0, earnedThisYear: 10, takenThisYear: 2 }, recovery: { earned: 36_000, taken: 0 } };
  const base: LeavePreviewInput = { reason: "PAID_LEAVE", start: "2026-12-21", end: "2026-12-25", halfDay: null, hours: null };
  it.each<[string, Partial<LeavePreviewInput>, string[], Partial<LeavePreview> | null]>([
    ["a week with Christmas: 4 days, 9 left", {}, ["2026-12-25"], { days: 4, balanceAfter: { kind: "days", value: 9 } }],
    ["a half day counts 0.5", { start: "2026-12-21", end: "2026-12-21", halfDay: "morning" }, [], { days: 0.5, balanceAfter: { kind: "days", value: 12.5 } }],
    ["a weekend counts nothing", { start: "2026-12-26", end: "2026-12-27" }, [], { days: 0 }],
    ["a recovery leave: hours off the recovery balance", { reason: "RECOVERY_LEAVE", start: "2026-12-21", end: "2026-12-21", hours: 3 }, [], { balanceAfter: { kind: "seconds", value: 7 * 3600 } }],
    ["sick leave moves no balance", { reason: "SICK_LEAVE" }, [], { days: 5, balanceAfter: { kind: "none" } }],
    ["an end before the start: nothing to preview", { end: "2026-12-20" }, [], null],
    ["a missing date: nothing", { end: null }, [], null],
  ])("%s", (_name, over, holidays, expected) => {
    const got = previewLeave({ ...base, ...over }, new Set(holidays), counters);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toMatchObject(expected);
  });
});
