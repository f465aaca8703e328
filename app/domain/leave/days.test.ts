import { describe, expect, it } from "vitest";
import {
  LEAVE_REASONS,
  MAX_LEAVE_CALENDAR_DAYS,
  countWeekdays,
  countWorkingDays,
  isLeaveReason,
  isLeaveTooLong,
  leaveCalendarDays,
  nonWorkingPeriod,
  overlaps,
  workingDates,
  workingDays,
  type HalfDay,
  type LeavePeriod,
} from "./days";
import { addDays } from "~/domain/shared/time-calendar-date";

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

/** French public holidays of spring 2027: Easter Monday, 1 and 8 May, Ascension, Whit Monday. */
const FRANCE_2027 = new Set(["2027-03-29", "2027-05-01", "2027-05-08", "2027-05-06", "2027-05-17"]);

describe("nonWorkingPeriod (a leave may start or end on a non-working day, spec 2 §5; C. trav. L3141-3)", () => {
  it.each<[string, string, string, Set<string>, ReturnType<typeof nonWorkingPeriod>]>([
    ["the Ascension bridge, Thursday 06/05/2027 to Friday 07/05/2027, counts the Friday", "2027-05-06", "2027-05-07", FRANCE_2027, null],
    ["04/05/2027 to the Ascension 06/05/2027 counts Tuesday and Wednesday", "2027-05-04", "2027-05-06", FRANCE_2027, null],
    ["Saturday to Monday counts the Monday", "2027-01-09", "2027-01-11", FRANCE_2027, null],
    ["the weekend of 09-10/01/2027 alone", "2027-01-09", "2027-01-10", FRANCE_2027, "weekend"],
    ["a Saturday alone", "2027-01-09", "2027-01-09", FRANCE_2027, "weekend"],
    ["the Ascension alone", "2027-05-06", "2027-05-06", FRANCE_2027, "holiday"],
    ["Easter weekend and Easter Monday", "2027-03-27", "2027-03-29", FRANCE_2027, "weekend_and_holiday"],
    ["the Whit weekend and Monday 17/05/2027", "2027-05-15", "2027-05-17", FRANCE_2027, "weekend_and_holiday"],
    ["8 May 2027 is a Saturday: a weekend, whatever the holiday", "2027-05-08", "2027-05-09", FRANCE_2027, "weekend"],
    ["an end before the start is no period", "2027-01-10", "2027-01-09", FRANCE_2027, null],
  ])("%s", (_name, start, end, holidays, expected) => {
    expect(nonWorkingPeriod(start, end, holidays)).toBe(expected);
  });

  it.each<[string, string, string, number]>([
    ["the Ascension bridge 06/05/2027 to 07/05/2027", "2027-05-06", "2027-05-07", 1],
    ["04/05/2027 to 06/05/2027", "2027-05-04", "2027-05-06", 2],
    ["the whole Ascension week, weekends at both ends", "2027-05-01", "2027-05-09", 4],
  ])("%s counts its working days only: %d", (_name, start, end, expected) => {
    expect(workingDays({ start, end, halfDay: null, holidays: FRANCE_2027 })).toBe(expected);
  });
});

describe("countWeekdays and countWorkingDays (constant in the period's length)", () => {
  it.each<[string, string, string, number]>([
    ["one Monday", "2026-07-13", "2026-07-13", 1],
    ["one Sunday", "2026-07-19", "2026-07-19", 0],
    ["Saturday to Monday", "2026-07-18", "2026-07-20", 1],
    ["a full week from a Wednesday", "2026-07-15", "2026-07-21", 5],
    ["eight days from a Friday", "2026-07-17", "2026-07-24", 6],
    ["the year 2026", "2026-01-01", "2026-12-31", 261],
    ["the leap year 2028", "2028-01-01", "2028-12-31", 260],
    ["end before start", "2026-07-20", "2026-07-13", 0],
    ["2076-12-13 to 2200-01-01", "2076-12-13", "2200-01-01", 32_103],
    ["year 1 to year 9999", "0001-01-01", "9999-12-31", 2_608_615],
  ])("%s: %s -> %s = %d weekdays", (_name, start, end, expected) => {
    expect(countWeekdays(start, end)).toBe(expected);
  });

  it.each<[string, string, string, Set<string>, number]>([
    ["holidays on weekdays count off", "2026-07-13", "2026-07-17", new Set(["2026-07-14"]), 4],
    ["a holiday on a Saturday removes nothing", "2026-08-10", "2026-08-16", new Set(["2026-08-15"]), 5],
    ["holidays outside the period are ignored", "2026-07-13", "2026-07-17", new Set(["2026-07-10", "2026-07-20"]), 5],
    ["a holiday on the first and on the last day", "2026-12-25", "2027-01-01", new Set(["2026-12-25", "2027-01-01"]), 4],
    ["the French holidays of 2026 over the year (9 on weekdays)", "2026-01-01", "2026-12-31", FRANCE, 261 - 9],
    ["a far range with the same holidays (10 on weekdays)", "2026-01-01", "9999-12-31", FRANCE, 2_080_317 - 10],
  ])("%s", (_name, start, end, holidays, expected) => {
    expect(countWorkingDays(start, end, holidays)).toBe(expected);
  });

  it("agrees with listing the days, for every start of a fortnight and every length up to 40 days", () => {
    for (let s = 0; s < 14; s++) {
      const start = addDays("2026-12-14", s);
      for (let length = 0; length < 40; length++) {
        const end = addDays(start, length);
        expect(countWorkingDays(start, end, FRANCE)).toBe(workingDates(start, end, FRANCE).length);
      }
    }
  });

  it("counts 8,000 years of days in well under a millisecond per call", () => {
    const started = performance.now();
    for (let i = 0; i < 100; i++) workingDays({ start: "0001-01-01", end: "9999-12-31", halfDay: null, holidays: FRANCE });
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("leave length", () => {
  it.each<[string, string, string, number, boolean]>([
    ["one day", "2026-07-13", "2026-07-13", 1, false],
    ["a whole year", "2026-01-01", "2026-12-31", 365, false],
    ["a whole leap year", "2028-01-01", "2028-12-31", 366, false],
    ["a year and a day", "2026-01-01", "2027-01-01", 366, false],
    ["a year and two days", "2026-01-01", "2027-01-02", 367, true],
    ["to 2200", "2026-11-24", "2200-01-01", 63_226, true],
    ["to 9999-12-31", "2026-11-24", "9999-12-31", 2_912_116, true],
    ["end before start", "2026-07-20", "2026-07-13", 0, false],
  ])("%s: %s -> %s is %d days, too long: %s", (_name, start, end, days, tooLong) => {
    expect(leaveCalendarDays(start, end)).toBe(days);
    expect(isLeaveTooLong(start, end)).toBe(tooLong);
  });

  it("is a year at most", () => {
    expect(MAX_LEAVE_CALENDAR_DAYS).toBe(366);
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
