import { describe, expect, it } from "vitest";
import {
  daysOfWeekUntil,
  groupByEmployeeThenWeek,
  groupByIsoWeek,
  isoWeekKey,
  isoWeeksInRange,
  mondayOf,
  workingDaysOfWeek,
  type IsoWeekKey,
} from "./iso-week";

describe("isoWeekKey", () => {
  it.each<{ name: string; date: string; key: IsoWeekKey }>([
    { name: "an ordinary Wednesday", date: "2026-03-25", key: { year: 2026, week: 13 } },
    { name: "Sunday belongs to the week that began on Monday", date: "2026-03-29", key: { year: 2026, week: 13 } },
    { name: "1 January on a Thursday is week 1", date: "2026-01-01", key: { year: 2026, week: 1 } },
    { name: "29 December 2025 is already week 1 of 2026", date: "2025-12-29", key: { year: 2026, week: 1 } },
    { name: "31 December 2024 is week 1 of 2025", date: "2024-12-31", key: { year: 2025, week: 1 } },
    { name: "2026 has a week 53", date: "2026-12-31", key: { year: 2026, week: 53 } },
    { name: "1 January 2027 is still week 53 of 2026", date: "2027-01-01", key: { year: 2026, week: 53 } },
    { name: "1 January 2027 on a Friday, 3 January a Sunday", date: "2027-01-03", key: { year: 2026, week: 53 } },
    { name: "4 January 2027 starts week 1", date: "2027-01-04", key: { year: 2027, week: 1 } },
    { name: "29 February in a leap year", date: "2028-02-29", key: { year: 2028, week: 9 } },
  ])("$name", ({ date, key }) => {
    expect(isoWeekKey(date)).toEqual(key);
  });
});

describe("mondayOf and workingDaysOfWeek", () => {
  it.each<{ name: string; date: string; monday: string }>([
    { name: "a Monday is its own Monday", date: "2026-03-23", monday: "2026-03-23" },
    { name: "a Sunday goes back six days", date: "2026-03-29", monday: "2026-03-23" },
    { name: "across a month", date: "2026-04-02", monday: "2026-03-30" },
    { name: "across a year", date: "2027-01-01", monday: "2026-12-28" },
  ])("$name", ({ date, monday }) => {
    expect(mondayOf(date)).toBe(monday);
  });

  it("Monday to Friday of a week crossing a month end", () => {
    expect(workingDaysOfWeek("2026-04-04")).toEqual(["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03"]);
  });
});

describe("daysOfWeekUntil", () => {
  it.each<{ name: string; today: string; includeToday?: boolean; days: string[] }>([
    { name: "Monday: nothing yet", today: "2026-03-23", days: [] },
    { name: "Tuesday: Monday", today: "2026-03-24", days: ["2026-03-23"] },
    {
      name: "Friday: Monday to Thursday",
      today: "2026-03-27",
      days: ["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26"],
    },
    {
      name: "Sunday: the whole week so far, Saturday included",
      today: "2026-03-29",
      days: ["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28"],
    },
    { name: "week crossing New Year", today: "2027-01-01", days: ["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31"] },
    { name: "dashboard: Monday includes today", today: "2026-03-23", includeToday: true, days: ["2026-03-23"] },
    {
      name: "dashboard: Wednesday includes today",
      today: "2026-03-25",
      includeToday: true,
      days: ["2026-03-23", "2026-03-24", "2026-03-25"],
    },
  ])("$name", ({ today, includeToday, days }) => {
    expect(daysOfWeekUntil(today, { includeToday })).toEqual(days);
  });
});

describe("isoWeeksInRange", () => {
  it.each<{ name: string; from: string; to: string; weeks: string[] }>([
    { name: "a single day", from: "2026-03-25", to: "2026-03-25", weeks: ["2026-W13 2026-03-23"] },
    { name: "Wednesday to next Wednesday", from: "2026-03-25", to: "2026-04-01", weeks: ["2026-W13 2026-03-23", "2026-W14 2026-03-30"] },
    { name: "ending on a Monday includes that week", from: "2026-03-23", to: "2026-03-30", weeks: ["2026-W13 2026-03-23", "2026-W14 2026-03-30"] },
    {
      name: "across New Year with week 53",
      from: "2026-12-20",
      to: "2027-01-05",
      weeks: ["2026-W51 2026-12-14", "2026-W52 2026-12-21", "2026-W53 2026-12-28", "2027-W1 2027-01-04"],
    },
    { name: "inverted range is empty", from: "2026-04-01", to: "2026-03-01", weeks: [] },
  ])("$name", ({ from, to, weeks }) => {
    expect(isoWeeksInRange(from, to).map((w) => `${w.year}-W${w.week} ${w.monday}`)).toEqual(weeks);
  });

  it("six months is 26 or 27 weeks", () => {
    expect(isoWeeksInRange("2026-01-01", "2026-06-30")).toHaveLength(27);
  });
});

interface Clock {
  id: number;
  employeeId: number;
  name: string;
  date: string;
}
const clock = (id: number, employeeId: number, name: string, date: string): Clock => ({ id, employeeId, name, date });

describe("groupByIsoWeek", () => {
  it.each<{ name: string; clocks: Clock[]; groups: [string, number[]][] }>([
    { name: "nothing", clocks: [], groups: [] },
    {
      name: "one week, days put in order",
      clocks: [clock(1, 1, "A", "2026-03-25"), clock(2, 1, "A", "2026-03-23")],
      groups: [["2026-W13", [2, 1]]],
    },
    {
      name: "weeks in chronological order whatever the input order",
      clocks: [clock(1, 1, "A", "2026-04-01"), clock(2, 1, "A", "2026-03-24"), clock(3, 1, "A", "2026-03-30")],
      groups: [
        ["2026-W13", [2]],
        ["2026-W14", [3, 1]],
      ],
    },
    {
      name: "Sunday stays with its Monday",
      clocks: [clock(1, 1, "A", "2026-03-29"), clock(2, 1, "A", "2026-03-30")],
      groups: [
        ["2026-W13", [1]],
        ["2026-W14", [2]],
      ],
    },
    {
      name: "New Year: 31 Dec and 1 Jan in the same week 53",
      clocks: [clock(1, 1, "A", "2027-01-01"), clock(2, 1, "A", "2026-12-31"), clock(3, 1, "A", "2027-01-04")],
      groups: [
        ["2026-W53", [2, 1]],
        ["2027-W1", [3]],
      ],
    },
    {
      name: "week 1 of one year and week 1 of the next stay apart",
      clocks: [clock(1, 1, "A", "2027-01-05"), clock(2, 1, "A", "2026-01-01")],
      groups: [
        ["2026-W1", [2]],
        ["2027-W1", [1]],
      ],
    },
    {
      name: "same day twice keeps input order",
      clocks: [clock(1, 1, "A", "2026-03-25"), clock(2, 2, "B", "2026-03-25")],
      groups: [["2026-W13", [1, 2]]],
    },
  ])("$name", ({ clocks, groups }) => {
    const result = groupByIsoWeek(clocks, (c) => c.date);
    expect(result.map((g) => [`${g.year}-W${g.week}`, g.items.map((c) => c.id)])).toEqual(groups);
  });

  it("each group carries its Monday", () => {
    expect(groupByIsoWeek([clock(1, 1, "A", "2026-03-29")], (c) => c.date)[0]?.monday).toBe("2026-03-23");
  });
});

describe("groupByEmployeeThenWeek", () => {
  it.each<{ name: string; clocks: Clock[]; groups: [string, [string, number[]][]][] }>([
    { name: "nothing", clocks: [], groups: [] },
    {
      name: "employees in order of first appearance, each by week",
      clocks: [
        clock(1, 20, "Bruno DURAND", "2026-03-31"),
        clock(2, 10, "Alice MARTIN", "2026-03-24"),
        clock(3, 20, "Bruno DURAND", "2026-03-23"),
        clock(4, 10, "Alice MARTIN", "2026-03-25"),
      ],
      groups: [
        [
          "Bruno DURAND",
          [
            ["2026-W13", [3]],
            ["2026-W14", [1]],
          ],
        ],
        ["Alice MARTIN", [["2026-W13", [2, 4]]]],
      ],
    },
    {
      name: "two employees with the same name stay apart",
      clocks: [clock(1, 1, "Marie DUPONT", "2026-03-24"), clock(2, 2, "Marie DUPONT", "2026-03-24")],
      groups: [
        ["Marie DUPONT", [["2026-W13", [1]]]],
        ["Marie DUPONT", [["2026-W13", [2]]]],
      ],
    },
  ])("$name", ({ clocks, groups }) => {
    const result = groupByEmployeeThenWeek(
      clocks,
      (c) => ({ id: c.employeeId, fullname: c.name }),
      (c) => c.date,
    );
    expect(
      result.map((e) => [e.employeeFullname, e.weeks.map((w) => [`${w.year}-W${w.week}`, w.items.map((c) => c.id)])]),
    ).toEqual(groups);
  });

  it("keeps the employee id", () => {
    const [first] = groupByEmployeeThenWeek(
      [clock(1, 42, "Alice MARTIN", "2026-03-24")],
      (c) => ({ id: c.employeeId, fullname: c.name }),
      (c) => c.date,
    );
    expect(first?.employeeId).toBe(42);
  });
});
