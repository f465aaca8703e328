import { describe, expect, it } from "vitest";
import { dayEvents, monthGrid, planningColumns, weekCell, yearGrid, type PlanningFacts, type PlanningLeave } from "./planning";
import { dashboardPersonalRange, dashboardPlanningRange, eventDayRefusal, LEGEND_KEYS, LEGEND_LETTERS, planningRange, planningYear, planningYears, seesPlanningOf, type EventDayRefusal } from "./rules";

const leave = (over: Partial<PlanningLeave>): PlanningLeave => ({
  id: 1,
  start: "2026-03-02",
  end: "2026-03-02",
  halfDayMorning: false,
  halfDayAfternoon: false,
  state: "accepted",
  reason: "PAID_LEAVE",
  nbHourAbsence: null,
  ...over,
});

const facts: PlanningFacts = {
  holidays: [{ date: "2026-05-01", name: "Fête du travail" }],
  leaves: [
    leave({ id: 1, start: "2026-03-02", end: "2026-03-04" }),
    leave({ id: 2, start: "2026-03-05", end: "2026-03-05", halfDayMorning: true, state: "pending", reason: "RTT_LEAVE" }),
    leave({ id: 3, start: "2026-03-06", end: "2026-03-06", reason: "RECOVERY_LEAVE", nbHourAbsence: 3.5 }),
    leave({ id: 4, start: "2026-03-09", end: "2026-03-09", reason: null }),
    leave({ id: 5, start: "2026-03-10", end: "2026-03-10", state: "refused" }),
  ],
  overtimes: [
    { date: "2026-03-11", seconds: 3600 },
    { date: "2026-03-12", seconds: -1800 },
  ],
  eventDays: [
    { id: 7, date: "2026-03-13", type: "moved" },
    { id: 8, date: "2026-03-16", type: "closed" },
  ],
};

describe("dayEvents", () => {
  it.each<[string, string, string, Record<string, unknown>[]]>([
    ["a holiday", "2026-05-01", "all", [{ type: "holiday", name: "holiday", label: "Fête du travail" }]],
    ["a day of a leave", "2026-03-03", "all", [{ type: "leave", name: "paid_leave", state: "accepted", refId: 1 }]],
    ["a pending morning", "2026-03-05", "all", [{ type: "leave", name: "rtt_leave", state: "need_review", nameSuffix: "morning" }]],
    ["recovery hours as prefix", "2026-03-06", "all", [{ type: "leave", name: "recovery_leave", namePrefix: 3.5 }]],
    ["a hidden reason is Absent", "2026-03-09", "all", [{ type: "leave", name: "absent" }]],
    ["a refused leave is not shown", "2026-03-10", "all", []],
    ["overtime of the day", "2026-03-11", "all", [{ type: "overtime", name: "overtime", namePrefix: 3600 }]],
    ["undertime shows nothing", "2026-03-12", "all", []],
    ["a travel day", "2026-03-13", "all", [{ type: "eventday-moved", name: "moved", refId: 7 }]],
    ["a closing day", "2026-03-16", "all", [{ type: "eventday-closed", name: "closed", refId: 8 }]],
    ["the overtime filter hides leaves", "2026-03-03", "overtime", []],
    ["the leaves filter hides overtime", "2026-03-11", "leaves", []],
    ["the leaves filter keeps event days", "2026-03-13", "leaves", [{ type: "eventday-moved" }]],
    ["a weekend has no badge", "2026-03-07", "all", []],
  ])("%s (%s, %s)", (_, date, filter, expected) => {
    const events = dayEvents(date, facts, filter as "all");
    expect(events).toHaveLength(expected.length);
    expected.forEach((e, i) => expect(events[i]).toMatchObject(e));
  });

  it("a weekend inside a leave has no badge", () => {
    expect(dayEvents("2026-03-07", { ...facts, leaves: [leave({ start: "2026-03-02", end: "2026-03-13" })] })).toEqual([]);
  });
});

describe("yearGrid", () => {
  const grid = yearGrid(2026, facts);
  it.each<[number, number, string | null, boolean]>([
    [1, 1, "2026-01-01", false],
    [29, 2, null, false],
    [31, 2, null, false],
    [31, 4, null, false],
    [31, 12, "2026-12-31", false],
    [7, 3, "2026-03-07", true],
  ])("day %i of month %i -> %s (weekend %s)", (day, month, date, weekend) => {
    expect(grid[day - 1]![month - 1]).toMatchObject({ date, weekend });
  });

  it("has 31 rows of 12 months, and 29 February in a leap year", () => {
    expect(grid).toHaveLength(31);
    expect(grid.every((row) => row.length === 12)).toBe(true);
    expect(yearGrid(2028, facts)[28]![1]!.date).toBe("2028-02-29");
  });
});

describe("monthGrid", () => {
  it("has the months of the period and blanks outside it", () => {
    const { months, rows } = monthGrid({ from: "2026-01-15", to: "2026-03-10" }, facts);
    expect(months).toEqual(["2026-01", "2026-02", "2026-03"]);
    expect(rows[13]![0]!.date).toBeNull();
    expect(rows[14]![0]!.date).toBe("2026-01-15");
    expect(rows[10]![2]!.date).toBeNull();
  });
});

describe("weekCell (the week entry rule)", () => {
  it.each<[string, PlanningLeave[], Record<string, unknown> | null]>([
    ["no leave", [], null],
    ["one accepted leave", [leave({})], { state: "accepted", name: "paid_leave", half: null, days: 1 }],
    ["a pending one needs review", [leave({ state: "pending" })], { state: "need_review", name: "paid_leave" }],
    ["accepted + prevalidated", [leave({}), leave({ id: 2, start: "2026-03-03", end: "2026-03-03", state: "prevalidate" })], { state: "need_review", days: 2 }],
    ["two reasons -> mix", [leave({}), leave({ id: 2, start: "2026-03-03", end: "2026-03-03", reason: "RTT_LEAVE" })], { name: "mix" }],
    ["a hidden reason -> absent", [leave({ reason: null })], { name: "absent" }],
    ["absent + paid -> mix", [leave({ reason: null }), leave({ id: 2, start: "2026-03-04", end: "2026-03-04" })], { name: "mix" }],
    ["a refused leave is ignored", [leave({ state: "refused" })], null],
    ["an afternoon only -> split", [leave({ halfDayAfternoon: true })], { half: "afternoon", days: 0.5 }],
    ["a leave over the weekend counts weekdays of the week", [leave({ start: "2026-02-27", end: "2026-03-03" })], { days: 2 }],
    ["a leave of another week", [leave({ start: "2026-03-09", end: "2026-03-10" })], null],
  ])("%s", (_, leaves, expected) => {
    const cell = weekCell("2026-03-02", leaves);
    if (expected === null) expect(cell).toBeNull();
    else expect(cell).toMatchObject(expected);
  });
});

describe("planningColumns", () => {
  it("gives the ISO weeks and their months (a week is in its Thursday's month)", () => {
    const { weeks, months } = planningColumns({ from: "2026-03-25", to: "2026-04-08" });
    expect(weeks.map((w) => w.week)).toEqual([13, 14, 15]);
    expect(months).toEqual([
      { month: "2026-03", span: 1 },
      { month: "2026-04", span: 2 },
    ]);
  });
  it("crosses a year", () => {
    const { weeks, months } = planningColumns({ from: "2025-12-22", to: "2026-01-05" });
    expect(weeks.map((w) => `${w.year}-${w.week}`)).toEqual(["2025-52", "2026-1", "2026-2"]);
    expect(months.map((m) => m.month)).toEqual(["2025-12", "2026-01"]);
  });
});

describe("eventDayRefusal", () => {
  const ctx = {
    today: "2026-03-10",
    holidays: new Set(["2026-05-01"]),
    eventDays: new Set(["2026-03-12"]),
    leaves: [
      leave({ start: "2026-03-16", end: "2026-03-20" }),
      leave({ start: "2026-03-23", end: "2026-03-23", halfDayMorning: true }),
      leave({ start: "2026-03-24", end: "2026-03-24", state: "pending" }),
    ],
  };
  it.each<[string, EventDayRefusal | null]>([
    ["2026-03-11", null],
    ["2026-03-14", "weekend"],
    ["2026-03-15", "weekend"],
    ["2026-05-01", "holiday"],
    ["2026-03-12", "duplicate"],
    ["2026-03-18", "leave"],
    ["2026-03-23", null],
    ["2026-03-24", null],
    ["2026-02-30", "invalid_date"],
    ["hier", "invalid_date"],
    ["2019-12-31", "out_of_range"],
    ["2028-03-11", "out_of_range"],
  ])("%s -> %s", (date, refusal) => {
    expect(eventDayRefusal(date, ctx)).toBe(refusal);
  });
});

describe("planningYears and planningYear", () => {
  it.each<[string | null, string, number[]]>([
    // Next year is offered: leaves booked ahead are seen (issue 28 item 9).
    ["2022-09-01", "2026-03-10", [2027, 2026, 2025, 2024, 2023, 2022]],
    ["2012-01-01", "2022-03-10", [2023, 2022, 2021, 2020]],
    [null, "2021-03-10", [2022, 2021, 2020]],
    ["2027-01-01", "2026-03-10", [2027, 2026]],
  ])("hired %s, today %s", (hired, today, years) => {
    expect(planningYears(hired, today)).toEqual(years);
  });
  it.each<[string | null, number]>([
    ["2024", 2024],
    ["2027", 2027],
    ["2019", 2026],
    ["abc", 2026],
    [null, 2026],
  ])("asked %s -> %i", (asked, year) => {
    expect(planningYear(asked, [2027, 2026, 2025, 2024], "2026-03-10")).toBe(year);
  });
});

describe("planningRange", () => {
  it.each<[string | null, string | null, "from" | "to", Record<string, unknown>]>([
    [null, null, "from", { from: "2026-03-23", to: "2026-06-30", clamped: false }],
    ["2026-01-10", "2026-09-01", "from", { from: "2026-01-10", to: "2026-07-10", clamped: true }],
    ["2026-01-10", "2026-09-01", "to", { from: "2026-03-01", to: "2026-09-01", clamped: true }],
    ["2026-04-01", "2026-05-01", "from", { from: "2026-04-01", to: "2026-05-01", clamped: false }],
    ["2026-12-01", null, "from", { from: "2026-12-01", to: "2026-12-01" }],
  ])("%s – %s (%s)", (from, to, anchor, expected) => {
    expect(planningRange(from, to, anchor, "2026-03-30")).toMatchObject(expected);
  });
  // Spec 2 §9: the excerpt runs from day 1 of the month to two months ahead; the personal planning from day 1 two
  // months back to three months ahead; both as whole months.
  it.each([
    ["2026-03-30", "2026-03-01", "2026-05-31", "2026-01-01", "2026-06-30"],
    ["2026-11-24", "2026-11-01", "2027-01-31", "2026-09-01", "2027-02-28"],
    ["2026-12-31", "2026-12-01", "2027-02-28", "2026-10-01", "2027-03-31"],
    ["2026-01-15", "2026-01-01", "2026-03-31", "2025-11-01", "2026-04-30"],
  ])("dashboard ranges of %s: excerpt %s – %s, personal %s – %s", (today, from, to, personalFrom, personalTo) => {
    expect([dashboardPlanningRange(today), dashboardPersonalRange(today)]).toEqual([
      { from, to },
      { from: personalFrom, to: personalTo },
    ]);
  });
});

describe("legend", () => {
  it("lists the spec's seventeen keys and absent, each with its own letters", () => {
    expect(LEGEND_KEYS).toHaveLength(18);
    expect(new Set(LEGEND_KEYS.map((k) => LEGEND_LETTERS[k])).size).toBe(18);
  });
});

describe("seesPlanningOf", () => {
  const owner = { employeeId: 2, subsidiaryId: 1, divisionId: 10, teamId: 100 };
  const viewer = (profileType: string, over: Partial<{ subsidiaryId: number; divisionId: number; teamId: number }> = {}) => ({
    employeeId: 1,
    profileType,
    subsidiaryId: 1,
    divisionId: 10,
    teamId: 100,
    ...over,
  });
  it.each<[string, ReturnType<typeof viewer>, boolean]>([
    ["head management, anywhere", viewer("ROLE_HEAD_MANAGEMENT", { subsidiaryId: 9, divisionId: 99, teamId: 999 }), true],
    ["financial management", viewer("ROLE_FINANCIAL_MANAGEMENT", { subsidiaryId: 9 }), true],
    ["department head, same division", viewer("ROLE_DEPARTMENT_HEAD", { teamId: 999 }), true],
    ["department head, other division", viewer("ROLE_DEPARTMENT_HEAD", { divisionId: 11 }), false],
    ["commercial, same division", viewer("ROLE_COMMERCIAL"), true],
    ["commercial, other division", viewer("ROLE_COMMERCIAL", { divisionId: 11 }), false],
    ["team leader, same team", viewer("ROLE_TEAM_LEADER"), true],
    ["team leader, other team", viewer("ROLE_TEAM_LEADER", { teamId: 101 }), false],
    ["host, same subsidiary", viewer("ROLE_HOST_EMPLOYEE", { divisionId: 11, teamId: 101 }), true],
    ["host, other subsidiary", viewer("ROLE_HOST_EMPLOYEE", { subsidiaryId: 2 }), false],
    ["a colleague", viewer("ROLE_EMPLOYEE"), false],
  ])("%s -> %s", (_, v, expected) => {
    expect(seesPlanningOf(v, owner)).toBe(expected);
  });
  it("oneself, whatever the role", () => {
    expect(seesPlanningOf({ ...viewer("ROLE_USER"), employeeId: 2 }, owner)).toBe(true);
  });
});
