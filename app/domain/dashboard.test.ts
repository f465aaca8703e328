import { describe, expect, it } from "vitest";
import {
  dashboardVariant,
  employeeAcronym,
  excerptCells,
  excerptRange,
  mondayToToday,
  orderSubsidiaryTabs,
  personalPlanningGrid,
  personalPlanningRange,
  selectedTab,
  teamAcronym,
  toDoItems,
  weekOvertime,
  weeksByMonth,
  type DashboardLeave,
  type DashboardVariant,
} from "./dashboard";
import { isoWeeksInRange } from "./iso-week";

describe("dashboardVariant", () => {
  it.each<[string, DashboardVariant]>([
    ["ROLE_HEAD_MANAGEMENT", "agency"],
    ["ROLE_FINANCIAL_MANAGEMENT", "agency"],
    ["ROLE_DEPARTMENT_HEAD", "division"],
    ["ROLE_TEAM_LEADER", "team"],
    ["ROLE_COMMERCIAL", "pending"],
    ["ROLE_USER", "pending"],
    ["ROLE_EMPLOYEE", "employee"],
    ["ROLE_HOST_EMPLOYEE", "employee"],
    ["", "pending"],
  ])("%s -> %s", (profile, variant) => {
    expect(dashboardVariant(profile)).toBe(variant);
  });
});

describe("ranges", () => {
  it.each([
    ["2026-11-24", { from: "2026-11-01", to: "2027-01-31" }],
    ["2026-12-31", { from: "2026-12-01", to: "2027-02-28" }],
    ["2026-01-01", { from: "2026-01-01", to: "2026-03-31" }],
  ])("excerpt of %s", (today, range) => {
    expect(excerptRange(today)).toEqual(range);
  });

  it.each([
    ["2026-11-24", "2026-09-01", "2027-02-28", "2026-9 2026-10 2026-11 2026-12 2027-1 2027-2"],
    ["2026-01-15", "2025-11-01", "2026-04-30", "2025-11 2025-12 2026-1 2026-2 2026-3 2026-4"],
    ["2026-03-31", "2026-01-01", "2026-06-30", "2026-1 2026-2 2026-3 2026-4 2026-5 2026-6"],
  ])("personal planning of %s: %s to %s", (today, from, to, months) => {
    const r = personalPlanningRange(today);
    expect([r.from, r.to, r.months.map((m) => `${m.year}-${m.month}`).join(" ")]).toEqual([from, to, months]);
  });

  it.each([
    ["2026-11-23", ["2026-11-23"]],
    ["2026-11-26", ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"]],
    ["2026-11-29", ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]],
  ])("Monday to today of %s", (today, days) => {
    expect(mondayToToday(today)).toEqual(days);
  });
});

describe("weeksByMonth", () => {
  it("puts each week under the month of its Monday, the first under the range's month", () => {
    const months = weeksByMonth({ from: "2026-11-01", to: "2026-12-10" });
    expect(months.map((m) => [m.year, m.month, m.weeks.map((w) => w.week)])).toEqual([
      [2026, 11, [44, 45, 46, 47, 48, 49]],
      [2026, 12, [50]],
    ]);
  });

  it("crosses a year", () => {
    const months = weeksByMonth({ from: "2026-12-01", to: "2027-01-12" });
    expect(months.map((m) => [m.year, m.month, m.weeks.map((w) => w.week)])).toEqual([
      [2026, 12, [49, 50, 51, 52, 53]],
      [2027, 1, [1, 2]],
    ]);
  });
});

describe("excerptCells", () => {
  const weeks = isoWeeksInRange("2026-11-02", "2026-11-22"); // weeks 45, 46, 47
  const leave = (start: string, end: string, state: string, reason: string): DashboardLeave => ({
    start,
    end,
    state,
    reason,
    halfDayMorning: false,
    halfDayAfternoon: false,
  });

  it.each<[string, DashboardLeave[], unknown[]]>([
    ["no leave", [], [null, null, null]],
    ["an accepted leave over two weeks", [leave("2026-11-06", "2026-11-10", "accepted", "PAID_LEAVE")], [
      { state: "accepted", reason: "paid_leave" },
      { state: "accepted", reason: "paid_leave" },
      null,
    ]],
    ["a pending RTT", [leave("2026-11-18", "2026-11-18", "pending", "RTT_LEAVE")], [null, null, { state: "need_review", reason: "rtt_leave" }]],
    ["a refused leave is not shown", [leave("2026-11-03", "2026-11-03", "refused", "PAID_LEAVE")], [null, null, null]],
    ["a hidden reason shows as absent", [leave("2026-11-03", "2026-11-03", "accepted", "")], [{ state: "accepted", reason: "absent" }, null, null]],
    [
      "two reasons in a week are a mix",
      [leave("2026-11-03", "2026-11-03", "accepted", "PAID_LEAVE"), leave("2026-11-05", "2026-11-05", "accepted", "")],
      [{ state: "accepted", reason: "mix" }, null, null],
    ],
  ])("%s", (_name, leaves, cells) => {
    expect(excerptCells(weeks, leaves)).toEqual(cells);
  });
});

describe("personalPlanningGrid", () => {
  const months = [
    { year: 2026, month: 2 },
    { year: 2026, month: 11 },
  ];
  const grid = personalPlanningGrid(months, {
    leaves: [
      { start: "2026-11-09", end: "2026-11-13", state: "accepted", reason: "PAID_LEAVE", halfDayMorning: false, halfDayAfternoon: false },
      { start: "2026-11-16", end: "2026-11-16", state: "pending", reason: "RTT_LEAVE", halfDayMorning: false, halfDayAfternoon: true },
      { start: "2026-11-17", end: "2026-11-17", state: "refused", reason: "RTT_LEAVE", halfDayMorning: false, halfDayAfternoon: false },
    ],
    holidays: new Set(["2026-11-11"]),
    events: new Map([
      ["2026-11-18", "closed"],
      ["2026-11-19", "moved"],
    ]),
  });
  const cell = (day: number, col: number) => grid[day - 1]![col];

  it("has 31 rows of one cell per month", () => {
    expect(grid).toHaveLength(31);
    expect(grid.every((row) => row.length === 2)).toBe(true);
  });

  it.each<[string, number, number, unknown]>([
    ["29 February 2026 does not exist", 29, 0, { kind: "none" }],
    ["a Saturday is a weekend", 7, 1, { kind: "weekend", date: "2026-11-07" }],
    ["a holiday inside a leave stays a holiday", 11, 1, { kind: "holiday", date: "2026-11-11" }],
    ["a day of an accepted leave", 10, 1, { kind: "leave", date: "2026-11-10", reason: "paid_leave", state: "accepted", half: null }],
    ["a pending afternoon", 16, 1, { kind: "leave", date: "2026-11-16", reason: "rtt_leave", state: "need_review", half: "afternoon" }],
    ["a refused leave leaves a working day", 17, 1, { kind: "workday", date: "2026-11-17" }],
    ["a closing day", 18, 1, { kind: "closed", date: "2026-11-18" }],
    ["a travel day", 19, 1, { kind: "moved", date: "2026-11-19" }],
  ])("%s", (_name, day, col, expected) => {
    expect(cell(day, col)).toEqual(expected);
  });
});

describe("agency tabs", () => {
  const subs = [
    { id: 2, name: "Lisboa Print" },
    { id: 1, name: "3 Print" },
    { id: 5, name: "Annecy Print" },
  ];

  it.each([
    [1, [1, 5, 2]],
    [2, [2, 1, 5]],
    [null, [1, 5, 2]],
    [99, [1, 5, 2]],
  ])("own subsidiary %s first", (own, ids) => {
    expect(orderSubsidiaryTabs(subs, own).map((s) => s.id)).toEqual(ids);
  });

  it.each([
    ["5", 5],
    [null, 2],
    ["99", 2],
    ["x1", 2],
    ["", 2],
  ])("?tab=%s selects %s", (asked, id) => {
    expect(selectedTab([{ id: 2 }, { id: 5 }], asked)).toBe(id);
  });

  it("no tab at all", () => {
    expect(selectedTab([], "1")).toBeNull();
  });
});

describe("weekOvertime", () => {
  it.each([
    [0, 0, "none"],
    [1_700, 0, "none"],
    [-1_700, 0, "none"],
    [1_800, 1, "over"],
    [9_000, 3, "over"],
    [-5_400, -2, "under"],
    [-36_000, -10, "under"],
  ])("%s s -> %s h %s", (seconds, hours, tone) => {
    expect(weekOvertime(seconds)).toEqual({ hours, tone });
  });
});

describe("acronyms", () => {
  it.each([
    [null, "jean", "dupont", "JDU"],
    ["ab1", "jean", "dupont", "AB1"],
    ["  ", "Éloïse", "Œillet", "EŒI"],
    [null, "", "", "?"],
  ])("employee %s %s %s -> %s", (stored, first, last, acronym) => {
    expect(employeeAcronym(stored, first, last)).toBe(acronym);
  });

  it.each([
    ["Grand format", "GF"],
    ["Offset", "OFF"],
    ["Pré-presse et façonnage numérique", "PPE"],
    ["", "?"],
  ])("team %s -> %s", (name, acronym) => {
    expect(teamAcronym(name)).toBe(acronym);
  });
});

describe("toDoItems", () => {
  it.each([
    [{ leaves: 0, corrections: null, anomalies: 0, overQuota: 0 }, []],
    [{ leaves: 3, corrections: 0, anomalies: 0, overQuota: 1 }, ["leaves:3", "overQuota:1"]],
    [{ leaves: 0, corrections: 2, anomalies: 4, overQuota: 0 }, ["corrections:2", "anomalies:4"]],
  ])("%j", (counts, items) => {
    expect(toDoItems(counts).map((i) => `${i.kind}:${i.count}`)).toEqual(items);
  });
});
