import { describe, expect, it } from "vitest";
import { clockRowValues, redactDetails, REDACTED } from "./values";
import type { HistoryDetails } from "./history";

describe("clockRowValues", () => {
  it.each([
    [[], []],
    [[{ type: "START", time: new Date("2026-03-02T07:00:00Z") }], ["START 2026-03-02T07:00:00.000Z"]],
    [[{ type: "END", time: "2026-03-02T16:30:00+01:00" }], ["END 2026-03-02T15:30:00.000Z"]],
  ])("%j -> %j", (rows, expected) => {
    expect(clockRowValues(rows)).toEqual(expected);
  });
});

describe("redactDetails", () => {
  const cases: [string, HistoryDetails, HistoryDetails | null][] = [
    ["nothing personal: left alone", { month: "2026-01-01" }, null],
    ["figures only: left alone", { changes: [{ field: "numberOfHoursPerWeek", old: 35, new: 32 }] }, null],
    [
      "identity fields, old and new; other fields kept",
      { changes: [{ field: "lastname", old: "Roy", new: "Leroy" }, { field: "team", old: 1, new: 2 }] },
      { changes: [{ field: "lastname", old: REDACTED, new: REDACTED }, { field: "team", old: 1, new: 2 }] },
    ],
    [
      "an empty side stays empty",
      { changes: [{ field: "phone", old: null, new: "0601" }] },
      { changes: [{ field: "phone", old: null, new: REDACTED }] },
    ],
    ["a refusal reason", { leaveId: 3, step: "refused", reason: "Zoé est attendue." }, { leaveId: 3, step: "refused", reason: REDACTED }],
    ["an empty reason: left alone", { leaveId: 3, reason: null }, null],
    ["already redacted: left alone", { reason: REDACTED, changes: [{ field: "email", old: REDACTED, new: null }] }, null],
  ];
  it.each(cases)("%s", (_name, details, expected) => {
    expect(redactDetails(details)).toEqual(expected);
  });
});
