import { describe, expect, it } from "vitest";
import { contractChangeFrom, contractEffectiveFrom, contractInForce, contractTermsDiffer, placeChangeFrom, type ContractFacts, type PastContract, type PlaceFacts } from "./contract-change";

const TODAY = "2026-11-26"; // a Thursday: its week starts on 23 November
const BASE: ContractFacts = {
  numberOfHoursPerWeek: 35,
  weekType: "unique_week",
  weeks: [[{ start: "09:00" }]],
  country: 1,
  subsidiary: 2,
  hiredAt: "2024-01-08",
  firedAt: null,
};

describe("contractChangeFrom", () => {
  it.each<[string, Partial<ContractFacts>, string | null]>([
    ["nothing the engine reads", {}, null],
    ["weekly hours 35 → 39: from this week", { numberOfHoursPerWeek: 39 }, "2026-11-23"],
    ["weekly hours removed", { numberOfHoursPerWeek: null }, "2026-11-23"],
    ["the same hours written differently (35 and 35.0)", { numberOfHoursPerWeek: 35.0 }, null],
    ["week type", { weekType: "week_one_two" }, "2026-11-23"],
    ["schedule", { weeks: [[{ start: "08:00" }]] }, "2026-11-23"],
    ["country (another policy)", { country: 3 }, "2026-11-23"],
    ["subsidiary (another zone)", { subsidiary: 4 }, "2026-11-23"],
    ["hired earlier: from the new date", { hiredAt: "2023-06-14" }, "2023-06-12"],
    ["hired later: from the old date", { hiredAt: "2025-02-05" }, "2024-01-08"],
    ["a leaving date set in the past", { firedAt: "2026-10-07" }, "2026-10-05"],
    ["a leaving date set in the future: from this week", { firedAt: "2027-01-31" }, "2026-11-23"],
    ["hours and hire date: the earlier wins", { numberOfHoursPerWeek: 39, hiredAt: "2023-06-14" }, "2023-06-12"],
  ])("%s", (_name, change, expected) => {
    expect(contractChangeFrom(BASE, { ...BASE, ...change }, TODAY)).toBe(expected);
  });
});

describe("placeChangeFrom", () => {
  const paris: PlaceFacts = { country: 1, timezone: "Europe/Paris" };
  it.each<[string, PlaceFacts, PlaceFacts, string, string | null]>([
    ["nothing the engine reads", paris, { ...paris }, "2026-11-26", null],
    ["another country", paris, { ...paris, country: 2 }, "2026-11-26", "2026-11-23"],
    ["another time zone", paris, { ...paris, timezone: "Europe/Brussels" }, "2026-11-26", "2026-11-23"],
    ["both, saved on a Monday", paris, { country: 2, timezone: "America/Martinique" }, "2026-11-23", "2026-11-23"],
    ["a country's own time zone (no parent country)", { country: null, timezone: "Europe/Paris" }, { country: null, timezone: "Indian/Reunion" }, "2026-11-29", "2026-11-23"],
    ["a country left alone", { country: null, timezone: "Europe/Paris" }, { country: null, timezone: "Europe/Paris" }, "2026-11-29", null],
  ])("%s", (_name, before, after, today, expected) => {
    expect(placeChangeFrom(before, after, today)).toBe(expected);
  });
});

describe("contractTermsDiffer", () => {
  const base: ContractFacts = { numberOfHoursPerWeek: 35, weekType: "unique_week", weeks: [[1]], country: 1, subsidiary: 1, hiredAt: "2025-01-06", firedAt: null };
  it.each<[string, Partial<ContractFacts>, boolean]>([
    ["nothing", {}, false],
    ["the weekly hours", { numberOfHoursPerWeek: 39 }, true],
    ["the same hours written as a string", { numberOfHoursPerWeek: "35.00" as unknown as number }, false],
    ["the week type", { weekType: "week_one_two" }, true],
    ["the schedule", { weeks: [[2]] }, true],
    ["the country only (not a term of the contract)", { country: 2 }, false],
    ["the hiring date only", { hiredAt: "2024-01-01" }, false],
  ])("%s", (_name, change, expected) => {
    expect(contractTermsDiffer(base, { ...base, ...change })).toBe(expected);
  });
});

describe("contractInForce", () => {
  const current = { hours: 37, weekType: "unique_week", weeks: ["now"] };
  const past: PastContract<string>[] = [
    { until: "2026-06-01", hours: 39, weekType: "unique_week", weeks: ["spring"] },
    { until: "2026-03-02", hours: 35, weekType: "week_one_two", weeks: ["winter-1", "winter-2"] },
  ];
  it.each<[string, readonly PastContract<string>[], string, number | null]>([
    ["no history: the current contract", [], "2020-01-06", 37],
    ["before the first change", past, "2026-02-23", 35],
    ["the week of the first change: the second contract", past, "2026-03-02", 39],
    ["between the changes", past, "2026-05-25", 39],
    ["the week of the last change: the current contract", past, "2026-06-01", 37],
    ["after every change", past, "2026-11-23", 37],
    ["long before, whatever the order of the rows", [...past].reverse(), "2019-12-30", 35],
  ])("%s", (_name, rows, monday, hours) => {
    expect(contractInForce(current, rows, monday).hours).toBe(hours);
  });
  it("keeps the former contract's week type and schedule with its hours", () => {
    expect(contractInForce(current, past, "2026-01-05")).toEqual({ hours: 35, weekType: "week_one_two", weeks: ["winter-1", "winter-2"] });
  });
});

describe("contractEffectiveFrom", () => {
  it.each<[string, string | null, string | null, ReturnType<typeof contractEffectiveFrom>]>([
    ["empty: the current week", "", "2024-09-02", { monday: null }],
    ["absent", null, null, { monday: null }],
    ["a day of an earlier week: its Monday", "2026-11-04", "2024-09-02", { monday: "2026-11-02" }],
    ["a Sunday: the Monday before", "2026-11-08", "2024-09-02", { monday: "2026-11-02" }],
    ["a day of the current week: the current week", "2026-11-24", "2024-09-02", { monday: null }],
    ["today", "2026-11-26", null, { monday: null }],
    ["tomorrow", "2026-11-27", null, { error: "future" }],
    ["not a date", "04/11/2026", null, { error: "invalid" }],
    ["an impossible date", "2026-02-30", null, { error: "invalid" }],
    ["before the hiring date", "2024-09-01", "2024-09-02", { error: "before_hire" }],
    ["the hiring date (a Wednesday): its week's Monday", "2025-01-08", "2025-01-08", { monday: "2025-01-06" }],
  ])("%s", (_name, raw, hiredAt, expected) => {
    expect(contractEffectiveFrom(raw, "2026-11-26", hiredAt)).toEqual(expected);
  });
});

describe("contractChangeFrom with terms dated back", () => {
  const base: ContractFacts = { numberOfHoursPerWeek: 35, weekType: "unique_week", weeks: [], country: 1, subsidiary: 1, hiredAt: "2025-01-06", firedAt: null };
  it.each<[string, Partial<ContractFacts>, string | null, string | null]>([
    ["new hours dated back: from that Monday", { numberOfHoursPerWeek: 39 }, "2026-11-02", "2026-11-02"],
    ["new hours, no date: the current week", { numberOfHoursPerWeek: 39 }, null, "2026-11-23"],
    ["a move only: the date concerns the terms, not the move", { subsidiary: 2 }, "2026-11-02", "2026-11-23"],
    ["nothing the engine reads", { }, "2026-11-02", null],
  ])("%s", (_name, change, termsFrom, expected) => {
    expect(contractChangeFrom(base, { ...base, ...change }, "2026-11-26", termsFrom)).toBe(expected);
  });
});
