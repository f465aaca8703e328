import { describe, expect, it } from "vitest";
import {
  expectedSeconds,
  scheduleDaySeconds,
  theoreticalLunch,
  weekForDate,
  type LeaveOnDate,
  type ScheduleDay,
  type WeekSchedule,
  type WeekType,
} from "./expected-time";

const h = (hours: number, minutes = 0): number => hours * 60 + minutes;
const sched = (ms: number | null, me: number | null, as: number | null, ae: number | null): ScheduleDay => ({
  morningStart: ms,
  morningEnd: me,
  afternoonStart: as,
  afternoonEnd: ae,
});

/** 09:00-12:00 and 13:00-17:00: 7 hours. */
const sevenHours = sched(h(9), h(12), h(13), h(17));
/** 08:00-12:00 only: 4 hours (a free afternoon). */
const morningOnly = sched(h(8), h(12), null, null);
const blank = sched(null, null, null, null);

/** Week 1: 7 h every day but Wednesday morning only. Week 2: 4 h every day. */
const week1: WeekSchedule = [sevenHours, sevenHours, morningOnly, sevenHours, sevenHours];
const week2: WeekSchedule = [morningOnly, morningOnly, morningOnly, morningOnly, morningOnly];

describe("scheduleDaySeconds", () => {
  it.each<{ name: string; day: ScheduleDay | null; seconds: number }>([
    { name: "morning and afternoon", day: sevenHours, seconds: 7 * 3600 },
    { name: "morning only", day: morningOnly, seconds: 4 * 3600 },
    { name: "afternoon only", day: sched(null, null, h(14), h(18, 30)), seconds: 4.5 * 3600 },
    { name: "empty template", day: blank, seconds: 0 },
    { name: "no day at all", day: null, seconds: 0 },
    { name: "half with a start but no end counts 0", day: sched(h(9), null, h(13), h(17)), seconds: 4 * 3600 },
    { name: "inverted morning zeroes the whole day", day: sched(h(12), h(9), h(13), h(17)), seconds: 0 },
    { name: "inverted afternoon zeroes the whole day", day: sched(h(9), h(12), h(17), h(13)), seconds: 0 },
    { name: "a half that starts and ends together", day: sched(h(9), h(9), h(13), h(17)), seconds: 4 * 3600 },
    { name: "minutes count", day: sched(h(8, 45), h(12, 15), h(13, 30), h(17, 5)), seconds: (210 + 215) * 60 },
  ])("$name", ({ day, seconds }) => {
    expect(scheduleDaySeconds(day)).toBe(seconds);
  });
});

describe("weekForDate", () => {
  it.each<{ name: string; date: string; weekType: WeekType; weeks: WeekSchedule[]; expected: WeekSchedule | null }>([
    { name: "single week always uses week 1", date: "2026-01-05", weekType: "unique_week", weeks: [week1, week2], expected: week1 },
    { name: "odd ISO week uses week 1", date: "2026-01-12", weekType: "week_one_two", weeks: [week1, week2], expected: week1 },
    { name: "even ISO week uses week 2", date: "2026-01-05", weekType: "week_one_two", weeks: [week1, week2], expected: week2 },
    {
      name: "1 January 2026 is in ISO week 1 (odd) although it is a Thursday",
      date: "2026-01-01",
      weekType: "week_one_two",
      weeks: [week1, week2],
      expected: week1,
    },
    {
      name: "53-week year: week 53 uses week 1",
      date: "2026-12-31",
      weekType: "week_one_two",
      weeks: [week1, week2],
      expected: week1,
    },
    {
      name: "53-week year: the following week 1 uses week 1 again",
      date: "2027-01-04",
      weekType: "week_one_two",
      weeks: [week1, week2],
      expected: week1,
    },
    {
      name: "31 December 2024 belongs to ISO week 1 of 2025 (odd)",
      date: "2024-12-31",
      weekType: "week_one_two",
      weeks: [week1, week2],
      expected: week1,
    },
    { name: "missing week 2 falls back to week 1", date: "2026-01-05", weekType: "week_one_two", weeks: [week1], expected: week1 },
    { name: "no schedule at all", date: "2026-01-05", weekType: "unique_week", weeks: [], expected: null },
  ])("$name", ({ date, weekType, weeks, expected }) => {
    expect(weekForDate(date, weekType, weeks)).toBe(expected);
  });
});

describe("expectedSeconds", () => {
  const holidays = new Set(["2026-04-06", "2026-05-01"]);
  it.each<{ name: string; date: string; weekType?: WeekType; leave?: LeaveOnDate | null; seconds: number }>([
    { name: "Monday, single week", date: "2026-03-30", seconds: 7 * 3600 },
    { name: "Wednesday, morning only", date: "2026-04-01", seconds: 4 * 3600 },
    { name: "Friday", date: "2026-04-03", seconds: 7 * 3600 },
    { name: "Saturday", date: "2026-04-04", seconds: 0 },
    { name: "Sunday", date: "2026-03-29", seconds: 0 },
    { name: "public holiday (Easter Monday)", date: "2026-04-06", seconds: 0 },
    { name: "public holiday on a half-day leave", date: "2026-05-01", leave: { halfDay: true }, seconds: 0 },
    { name: "full-day leave", date: "2026-03-30", leave: { halfDay: false }, seconds: 0 },
    { name: "half-day leave halves the day", date: "2026-03-30", leave: { halfDay: true }, seconds: 3.5 * 3600 },
    { name: "no leave given as null", date: "2026-03-30", leave: null, seconds: 7 * 3600 },
    { name: "weekend with a leave stays zero", date: "2026-04-04", leave: { halfDay: true }, seconds: 0 },
    { name: "week 1/2: even ISO week 14 uses week 2", date: "2026-03-30", weekType: "week_one_two", seconds: 4 * 3600 },
    { name: "week 1/2: odd ISO week 15 uses week 1", date: "2026-04-07", weekType: "week_one_two", seconds: 7 * 3600 },
    { name: "DST Sunday is still a weekend", date: "2026-10-25", seconds: 0 },
    { name: "Monday after the autumn DST change is an ordinary day", date: "2026-10-26", seconds: 7 * 3600 },
  ])("$name", ({ date, weekType = "unique_week", leave, seconds }) => {
    expect(expectedSeconds({ date, weekType, weeks: [week1, week2], holidays, leave })).toBe(seconds);
  });

  it("a half-day leave on a 7 h 05 day is still whole seconds", () => {
    const odd = sched(h(9), h(12), h(13), h(17, 5));
    const result = expectedSeconds({
      date: "2026-03-30",
      weekType: "unique_week",
      weeks: [[odd, odd, odd, odd, odd]],
      holidays: new Set(),
      leave: { halfDay: true },
    });
    expect(result).toBe(((7 * 60 + 5) * 60) / 2);
    expect(Number.isInteger(result)).toBe(true);
  });

  it.each([
    { name: "not a date", date: "30/03/2026" },
    { name: "a day that does not exist", date: "2026-02-30" },
  ])("refuses $name", ({ date }) => {
    expect(() => expectedSeconds({ date, weekType: "unique_week", weeks: [week1], holidays: new Set() })).toThrow(
      RangeError,
    );
  });
});

describe("theoreticalLunch", () => {
  it.each<{ name: string; day: ScheduleDay | null; lunch: { start: number; end: number } | null }>([
    { name: "from the end of the morning to the start of the afternoon", day: sevenHours, lunch: { start: h(12), end: h(13) } },
    { name: "no afternoon, no lunch", day: morningOnly, lunch: null },
    { name: "empty template", day: blank, lunch: null },
    { name: "no day", day: null, lunch: null },
    { name: "afternoon starting before the morning ends", day: sched(h(9), h(13), h(12), h(17)), lunch: null },
    { name: "no break between the halves", day: sched(h(9), h(12), h(12), h(16)), lunch: { start: h(12), end: h(12) } },
  ])("$name", ({ day, lunch }) => {
    expect(theoreticalLunch(day)).toEqual(lunch);
  });
});
