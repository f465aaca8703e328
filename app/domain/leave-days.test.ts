import { describe, expect, it } from "vitest";
import { LEAVE_REASONS, isLeaveReason, overlaps, workingDates, workingDays, type HalfDay, type LeavePeriod } from "./leave-days";

/** French public holidays of 2026 and 1 January 2027 (the employee's country holidays). */
const FRANCE = new Set([
  "2026-01-01",
  "2026-04-06",
  "2026-05-01",
  "2026-05-08",
  "2026-05-14",
  "2026-05-25",
  "2026-07-14",
  "2026-08-15",
  "2026-11-01",
  "2026-11-11",
  "2026-12-25",
  "2027-01-01",
]);
const NONE = new Set<string>();

describe("LEAVE_REASONS", () => {
  it("holds the twelve reasons of the spec, once each", () => {
    expect(LEAVE_REASONS).toHaveLength(12);
    expect(new Set(LEAVE_REASONS).size).toBe(12);
  });

  it.each([
    ["PAID_LEAVE", true],
    ["PORTUGAL_LEAVE", true],
    ["paid_leave", false], // the planning key is not a reason
    ["HOLIDAY", false],
    ["", false],
    [null, false],
  ])("isLeaveReason(%j) is %s", (value, expected) => {
    expect(isLeaveReason(value)).toBe(expected);
  });
});

describe("workingDays", () => {
  it.each<[string, string, string, HalfDay, Set<string>, number]>([
    ["one Monday", "2026-07-13", "2026-07-13", null, FRANCE, 1],
    ["a full week", "2026-07-06", "2026-07-10", null, FRANCE, 5],
    ["a leave across 14 July", "2026-07-13", "2026-07-17", null, FRANCE, 4],
    ["a leave across 14 July, in a country without it", "2026-07-13", "2026-07-17", null, NONE, 5],
    ["Monday to Sunday counts five days", "2026-07-06", "2026-07-12", null, FRANCE, 5],
    ["Friday to Monday skips the weekend", "2026-07-17", "2026-07-20", null, FRANCE, 2],
    ["a weekend alone", "2026-07-18", "2026-07-19", null, FRANCE, 0],
    ["14 July alone", "2026-07-14", "2026-07-14", null, FRANCE, 0],
    ["15 August on a Saturday removes nothing more", "2026-08-10", "2026-08-16", null, FRANCE, 5],
    ["the May bridges (1, 8, 14 May)", "2026-05-01", "2026-05-15", null, FRANCE, 8],
    ["a leave across 1 June", "2026-05-28", "2026-06-03", null, FRANCE, 5],
    ["a leave across the new year (Christmas and 1 January off)", "2026-12-24", "2027-01-04", null, FRANCE, 6],
    ["a leave across the spring DST change", "2026-03-27", "2026-03-30", null, FRANCE, 2],
    ["a leave across the autumn DST change", "2026-10-23", "2026-10-26", null, FRANCE, 2],
    ["29 February of a leap year", "2028-02-28", "2028-03-01", null, NONE, 3],
    ["end before start", "2026-07-17", "2026-07-13", null, FRANCE, 0],
    ["half day on a Friday", "2026-07-17", "2026-07-17", "morning", FRANCE, 0.5],
    ["afternoon of a Wednesday", "2026-07-15", "2026-07-15", "afternoon", FRANCE, 0.5],
    ["half day on a Saturday", "2026-07-18", "2026-07-18", "morning", FRANCE, 0],
    ["half day on 14 July", "2026-07-14", "2026-07-14", "afternoon", FRANCE, 0],
    ["a half day flag on several days is ignored", "2026-07-15", "2026-07-17", "morning", FRANCE, 3],
  ])("%s: %s -> %s (%s) = %d", (_name, start, end, halfDay, holidays, expected) => {
    expect(workingDays({ start, end, halfDay, holidays })).toBe(expected);
  });

  it.each([
    ["not a date", "2026-13-01"],
    ["31 February", "2026-02-31"],
    ["a timestamp", "2026-07-13T10:00"],
  ])("throws on %s", (_name, bad) => {
    expect(() => workingDays({ start: bad, end: "2026-07-17", halfDay: null, holidays: NONE })).toThrow(RangeError);
  });
});

describe("workingDates", () => {
  it.each([
    ["a leave across 14 July", "2026-07-13", "2026-07-19", ["2026-07-13", "2026-07-15", "2026-07-16", "2026-07-17"]],
    ["a Friday to the next Monday", "2026-07-17", "2026-07-20", ["2026-07-17", "2026-07-20"]],
    ["Christmas to the new year", "2026-12-24", "2027-01-01", ["2026-12-24", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31"]],
    ["a weekend", "2026-07-18", "2026-07-19", []],
    ["end before start", "2026-07-20", "2026-07-17", []],
  ])("%s", (_name, start, end, expected) => {
    expect(workingDates(start, end, FRANCE)).toEqual(expected);
  });
});

describe("overlaps", () => {
  const leave = (start: string, end: string, halfDay: HalfDay = null): LeavePeriod => ({ start, end, halfDay });

  it.each<[string, LeavePeriod, LeavePeriod, boolean]>([
    ["same week", leave("2026-07-13", "2026-07-17"), leave("2026-07-13", "2026-07-17"), true],
    ["one inside the other", leave("2026-07-13", "2026-07-24"), leave("2026-07-15", "2026-07-16"), true],
    ["sharing the last day", leave("2026-07-13", "2026-07-15"), leave("2026-07-15", "2026-07-17"), true],
    ["one ends the day before the other starts", leave("2026-07-13", "2026-07-14"), leave("2026-07-15", "2026-07-17"), false],
    ["a week apart", leave("2026-07-06", "2026-07-10"), leave("2026-07-13", "2026-07-17"), false],
    ["a morning and an afternoon of the same day", leave("2026-07-17", "2026-07-17", "morning"), leave("2026-07-17", "2026-07-17", "afternoon"), false],
    ["an afternoon and a morning of the same day", leave("2026-07-17", "2026-07-17", "afternoon"), leave("2026-07-17", "2026-07-17", "morning"), false],
    ["two mornings of the same day", leave("2026-07-17", "2026-07-17", "morning"), leave("2026-07-17", "2026-07-17", "morning"), true],
    ["a morning and the whole day", leave("2026-07-17", "2026-07-17", "morning"), leave("2026-07-17", "2026-07-17"), true],
    ["a half day inside a week of leave", leave("2026-07-15", "2026-07-15", "afternoon"), leave("2026-07-13", "2026-07-17"), true],
    ["a half day the day after a leave", leave("2026-07-18", "2026-07-18", "morning"), leave("2026-07-13", "2026-07-17"), false],
    ["mornings of two different days", leave("2026-07-16", "2026-07-16", "morning"), leave("2026-07-17", "2026-07-17", "morning"), false],
    ["the same Saturday", leave("2026-07-18", "2026-07-18"), leave("2026-07-18", "2026-07-19"), true],
    ["an inverted leave covers nothing", leave("2026-07-17", "2026-07-13"), leave("2026-07-13", "2026-07-17"), false],
  ])("%s -> %s", (_name, a, b, expected) => {
    expect(overlaps(a, b)).toBe(expected);
    expect(overlaps(b, a)).toBe(expected); // symmetric
  });

  it("throws on a malformed date instead of answering 'no overlap'", () => {
    expect(() => overlaps(leave("2026-07-13", "17/07/2026"), leave("2026-07-13", "2026-07-17"))).toThrow(RangeError);
  });
});
