import { describe, expect, it } from "vitest";
import { leavePeriodText } from "./period-text";

describe("leavePeriodText (issue 41: a half day reads 'le 15/12 (matin)', never 'du 15/12 au 15/12')", () => {
  it.each([
    ["a morning", { start: "2026-12-15", end: "2026-12-15", halfDayMorning: true }, "le 15/12/2026 (matin)"],
    ["an afternoon", { start: "2026-12-15", end: "2026-12-15", halfDayAfternoon: true }, "le 15/12/2026 (après-midi)"],
    ["one whole day", { start: "2026-12-15", end: "2026-12-15" }, "le 15/12/2026"],
    ["several days", { start: "2026-12-15", end: "2026-12-17" }, "du 15/12/2026 au 17/12/2026"],
    ["several days with a stray half-day mark (old data): the days only", { start: "2026-12-15", end: "2026-12-17", halfDayMorning: true }, "du 15/12/2026 au 17/12/2026"],
    ["across a year", { start: "2026-12-31", end: "2027-01-04" }, "du 31/12/2026 au 04/01/2027"],
  ])("%s", (_name, leave, expected) => {
    expect(leavePeriodText(leave)).toBe(expected);
  });
});
