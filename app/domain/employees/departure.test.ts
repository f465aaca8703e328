import { describe, expect, it } from "vitest";
import { departureProblem, mayDeleteEmployee } from "./departure";

describe("departureProblem (issue 29 §8)", () => {
  it.each([
    ["unix seconds 12345 read as 01/01/1970, hired in 2023", "2023-03-01", "1970-01-01", "before_hire"],
    ["−1 read as 31/12/1969, hired in 2023", "2023-03-01", "1969-12-31", "before_hire"],
    ["the day before the hiring", "2023-03-01", "2023-02-28", "before_hire"],
    ["the hiring day itself (a one-day contract)", "2023-03-01", "2023-03-01", null],
    ["a departure after the hiring", "2023-03-01", "2026-11-30", null],
    ["no departure", "2023-03-01", null, null],
    ["no hiring date on the sheet", null, "2026-11-30", null],
  ] as const)("%s", (_case, hiredAt, firedAt, expected) => {
    expect(departureProblem(hiredAt, firedAt)).toBe(expected);
  });
});

describe("mayDeleteEmployee (archive, don't delete)", () => {
  it.each([
    ["an empty sheet created by mistake", { clocks: false, leaves: false, overtime: false }, true],
    ["someone who clocked", { clocks: true, leaves: false, overtime: false }, false],
    ["someone with a leave", { clocks: false, leaves: true, overtime: false }, false],
    ["someone with overtime or a recovery balance", { clocks: false, leaves: false, overtime: true }, false],
  ])("%s → %s", (_case, history, expected) => {
    expect(mayDeleteEmployee(history)).toBe(expected);
  });
});
