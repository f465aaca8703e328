import { describe, expect, it } from "vitest";
import { dateWindow, isInDateWindow, readBoundedDate, searchDate, type DateWindowKind } from "./date-window";

const TODAY = "2026-11-24";

describe("dateWindow", () => {
  it.each<[DateWindowKind, string, string]>([
    ["birthday", "1926-11-24", "2026-11-24"],
    ["contract", "1950-01-01", "2028-11-24"],
    ["near", "2024-11-24", "2028-11-24"],
    ["holiday", "1950-01-01", "2036-11-24"],
    ["search", "1950-01-01", "2028-11-24"],
  ])("%s: %s to %s", (kind, from, to) => {
    expect(dateWindow(kind, TODAY)).toEqual({ from, to });
  });

  it("a 29 February today moves to the 28th in other years", () => {
    expect(dateWindow("near", "2028-02-29")).toEqual({ from: "2026-02-28", to: "2030-02-28" });
  });
});

describe("readBoundedDate", () => {
  it.each<[string, unknown, DateWindowKind, string]>([
    ["a birthday in 1990", "1990-04-12", "birthday", "1990-04-12"],
    ["a birthday as unix seconds", 639_878_400, "birthday", "1990-04-12"],
    ["a birthday today", TODAY, "birthday", TODAY],
    ["a hire date in 1950", "1950-01-01", "contract", "1950-01-01"],
    ["a hire date 2 years ahead", "2028-11-24", "contract", "2028-11-24"],
    ["a leave next year", "2027-08-01", "near", "2027-08-01"],
    ["a suggestion as YYYYMMDD", "20261120", "near", "2026-11-20"],
    ["a holiday in 2030", "2030-05-01", "holiday", "2030-05-01"],
  ])("%s", (_, value, kind, date) => {
    expect(readBoundedDate(value, kind, TODAY)).toEqual({ ok: true, date });
  });

  it.each<[string, unknown, DateWindowKind]>([
    ["a birthday in year 5138", "5138-03-01", "birthday"],
    ["a birthday tomorrow", "2026-11-25", "birthday"],
    ["a birthday 101 years ago", "1925-11-23", "birthday"],
    ["a hire date of 9999-12-31", "9999-12-31", "contract"],
    ["a departure in 1949", "1949-12-31", "contract"],
    ["a departure 2 years and a day ahead", "2028-11-25", "contract"],
    ["a suggestion on 0001-01-01", "0001-01-01", "near"],
    ["a leave ending 9999-12-31", "9999-12-31", "near"],
    ["a leave ending 2200-01-01", "2200-01-01", "near"],
    ["a leave 2 years and a day ago", "2024-11-23", "near"],
    ["a holiday in 2100", "2100-01-01", "holiday"],
    ["a search in 1900", "1900-01-01", "search"],
  ])("%s is out of range", (_, value, kind) => {
    expect(readBoundedDate(value, kind, TODAY)).toMatchObject({ ok: false, code: "out_of_range" });
  });

  it.each<[string, unknown]>([
    ["1e15 seconds", 1e15],
    ["-1e15 seconds", -1e15],
    ["1e308 seconds", 1e308],
    ["3e11 seconds (year 11476)", 3e11],
    ["NaN", Number.NaN],
    ["a day that does not exist", "2026-02-30"],
    ["text", "demain"],
    ["an object", { date: TODAY }],
    ["null", null],
  ])("%s is invalid", (_, value) => {
    for (const kind of ["birthday", "contract", "near", "holiday", "search"] as const) {
      expect(readBoundedDate(value, kind, TODAY)).toEqual({ ok: false, code: "invalid" });
    }
  });
});

describe("isInDateWindow", () => {
  it.each<[string, DateWindowKind, boolean]>([
    ["2026-12-01", "near", true],
    ["0001-01-01", "near", false],
    ["2026-02-30", "near", false],
    ["+010000-01-01", "search", false],
  ])("%s (%s) -> %s", (date, kind, expected) => {
    expect(isInDateWindow(date, kind, TODAY)).toBe(expected);
  });
});

describe("searchDate", () => {
  it.each<[string, string | null]>([
    ["2026-11-24", "2026-11-24"],
    ["20261124", "2026-11-24"],
    ["1950-01-01", "1950-01-01"],
    ["2028-11-24", "2028-11-24"],
    ["2028-11-25", null],
    ["9999-12-31", null],
    ["99991231", null],
    ["0001-01-01", null],
    ["2026-02-30", null],
    ["1700000000", null],
    ["", null],
  ])("%s -> %s", (value, expected) => {
    expect(searchDate(value, TODAY)).toBe(expected);
  });
});
