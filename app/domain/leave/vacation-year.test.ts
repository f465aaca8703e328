import { describe, expect, it } from "vitest";
import { splitAcrossVacationYears, vacationYearOf } from "./vacation-year";

describe("vacationYearOf", () => {
  it.each([
    ["1 June opens a new year", "2026-06-01", "2026-06-01", "2027-05-31", "2026-2027"],
    ["31 May still belongs to the previous one", "2026-05-31", "2025-06-01", "2026-05-31", "2025-2026"],
    ["a date in the autumn", "2026-10-15", "2026-06-01", "2027-05-31", "2026-2027"],
    ["31 December", "2026-12-31", "2026-06-01", "2027-05-31", "2026-2027"],
    ["1 January belongs to the period begun last June", "2027-01-01", "2026-06-01", "2027-05-31", "2026-2027"],
    ["29 February of a leap year", "2028-02-29", "2027-06-01", "2028-05-31", "2027-2028"],
    ["14 July", "2026-07-14", "2026-06-01", "2027-05-31", "2026-2027"],
  ])("%s: %s", (_name, date, start, end, label) => {
    expect(vacationYearOf(date)).toEqual({ start, end, label });
  });

  it("throws on a malformed date", () => {
    expect(() => vacationYearOf("2026-06")).toThrow(RangeError);
  });
});

describe("splitAcrossVacationYears", () => {
  const y2025 = { start: "2025-06-01", end: "2026-05-31", label: "2025-2026" };
  const y2026 = { start: "2026-06-01", end: "2027-05-31", label: "2026-2027" };
  const y2027 = { start: "2027-06-01", end: "2028-05-31", label: "2027-2028" };

  it.each([
    ["a leave inside one year", "2026-07-13", "2026-07-17", [{ vacationYear: y2026, start: "2026-07-13", end: "2026-07-17" }]],
    [
      "a leave across 1 June",
      "2026-05-28",
      "2026-06-03",
      [
        { vacationYear: y2025, start: "2026-05-28", end: "2026-05-31" },
        { vacationYear: y2026, start: "2026-06-01", end: "2026-06-03" },
      ],
    ],
    ["a leave ending on 31 May", "2026-05-25", "2026-05-31", [{ vacationYear: y2025, start: "2026-05-25", end: "2026-05-31" }]],
    ["a leave starting on 1 June", "2026-06-01", "2026-06-05", [{ vacationYear: y2026, start: "2026-06-01", end: "2026-06-05" }]],
    ["a one-day leave on 1 June", "2026-06-01", "2026-06-01", [{ vacationYear: y2026, start: "2026-06-01", end: "2026-06-01" }]],
    [
      "a long leave across two 1 June",
      "2026-05-01",
      "2027-06-30",
      [
        { vacationYear: y2025, start: "2026-05-01", end: "2026-05-31" },
        { vacationYear: y2026, start: "2026-06-01", end: "2027-05-31" },
        { vacationYear: y2027, start: "2027-06-01", end: "2027-06-30" },
      ],
    ],
    ["end before start", "2026-06-03", "2026-05-28", []],
  ])("%s", (_name, start, end, expected) => {
    expect(splitAcrossVacationYears(start, end)).toEqual(expected);
  });

  it("throws on a malformed end", () => {
    expect(() => splitAcrossVacationYears("2026-06-03", "2026-02-30")).toThrow(RangeError);
  });
});
