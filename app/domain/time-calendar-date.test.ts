import { describe, expect, it } from "vitest";
import { addDays, calendarDay, daysBetween, isCalendarDate, toCalendarDate } from "./time-calendar-date";

describe("isCalendarDate and calendarDay", () => {
  it.each<{ name: string; value: string; ok: boolean }>([
    { name: "an ordinary day", value: "2026-03-29", ok: true },
    { name: "leap day of a leap year", value: "2028-02-29", ok: true },
    { name: "leap day of a common year", value: "2026-02-29", ok: false },
    { name: "31 April", value: "2026-04-31", ok: false },
    { name: "compact form is not a calendar date", value: "20260329", ok: false },
    { name: "unpadded month", value: "2026-3-29", ok: false },
    { name: "with a time", value: "2026-03-29T00:00", ok: false },
    { name: "ISO week date", value: "2026-W13-7", ok: false },
    { name: "ordinal date", value: "2026-088", ok: false },
    { name: "empty", value: "", ok: false },
  ])("$name", ({ value, ok }) => {
    expect(isCalendarDate(value)).toBe(ok);
    if (ok) expect(toCalendarDate(calendarDay(value))).toBe(value);
    else expect(() => calendarDay(value)).toThrow(RangeError);
  });
});

describe("addDays and daysBetween", () => {
  it.each<{ name: string; from: string; days: number; to: string }>([
    { name: "into the spring DST day", from: "2026-03-28", days: 1, to: "2026-03-29" },
    { name: "over the spring DST day", from: "2026-03-29", days: 1, to: "2026-03-30" },
    { name: "over the autumn DST day", from: "2026-10-25", days: 1, to: "2026-10-26" },
    { name: "two weeks", from: "2026-03-20", days: 14, to: "2026-04-03" },
    { name: "backwards over a year end", from: "2027-01-02", days: -3, to: "2026-12-30" },
    { name: "over a leap day", from: "2028-02-28", days: 2, to: "2028-03-01" },
    { name: "zero", from: "2026-03-29", days: 0, to: "2026-03-29" },
  ])("$name", ({ from, days, to }) => {
    expect(addDays(from, days)).toBe(to);
    expect(daysBetween(from, to)).toBe(days);
  });
});
