import { describe, expect, it } from "vitest";
import {
  addDays,
  calendarDay,
  daysBetween,
  epochDay,
  fromEpochDay,
  isCalendarDate,
  isoWeekday,
  isoWeekOfEpochDay,
  toCalendarDate,
  weekdayOfEpochDay,
} from "./time-calendar-date";

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

describe("day numbers (integer calendar arithmetic, decision 0058)", () => {
  it.each<{ date: string; n: number; weekday: number }>([
    { date: "1970-01-01", n: 0, weekday: 4 },
    { date: "1969-12-31", n: -1, weekday: 3 },
    { date: "2000-02-29", n: 11_016, weekday: 2 },
    { date: "2026-03-29", n: 20_541, weekday: 7 },
    { date: "1000-01-01", n: -354_285, weekday: 3 },
    { date: "9999-12-31", n: 2_932_896, weekday: 5 },
  ])("$date is day $n, weekday $weekday", ({ date, n, weekday }) => {
    expect(epochDay(date)).toBe(n);
    expect(fromEpochDay(n)).toBe(date);
    expect(weekdayOfEpochDay(n)).toBe(weekday);
    expect(isoWeekday(date)).toBe(weekday);
  });

  it("agree with luxon on every day from 1900 to 2100 (number, weekday, ISO week, moving by days)", () => {
    const mismatches: string[] = [];
    let day = calendarDay("1900-01-01");
    const last = calendarDay("2100-12-31").toMillis();
    for (let n = epochDay("1900-01-01"); day.toMillis() <= last; n++, day = day.plus({ days: 1 })) {
      const date = day.toISODate();
      const week = isoWeekOfEpochDay(n);
      if (
        epochDay(date) !== n ||
        fromEpochDay(n) !== date ||
        isoWeekday(date) !== day.weekday ||
        week.year !== day.weekYear ||
        week.week !== day.weekNumber ||
        addDays(date, 45) !== day.plus({ days: 45 }).toISODate() ||
        addDays(date, -400) !== day.minus({ days: 400 }).toISODate()
      ) {
        mismatches.push(date);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("refuses what calendarDay refuses", () => {
    for (const bad of ["2026-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-3-29", "20260329", ""]) {
      expect(() => epochDay(bad)).toThrow(RangeError);
    }
    expect(() => fromEpochDay(1.5)).toThrow(RangeError);
    expect(() => fromEpochDay(epochDay("1000-01-01") - 1)).toThrow(RangeError);
  });

  it("moves outside the years 1000–9999 through luxon, as before", () => {
    expect(addDays("1000-01-01", -1)).toBe(calendarDay("1000-01-01").minus({ days: 1 }).toISODate());
    expect(daysBetween("1999-12-31", "2000-03-01")).toBe(61);
  });
});
