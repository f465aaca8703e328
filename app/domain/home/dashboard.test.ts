import { describe, expect, it } from "vitest";
import {
  DASHBOARD_PAGE_SIZE,
  dashboardPage,
  dashboardPageCount,
  dashboardVariant,
  employeeAcronym,
  mondayToToday,
  orderSubsidiaryTabs,
  selectedTab,
  teamAcronym,
  toDoItems,
  weekOvertime,
  type DashboardVariant,
} from "./dashboard";

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

describe("mondayToToday", () => {
  it.each([
    ["2026-11-23", ["2026-11-23"]],
    ["2026-11-26", ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"]],
    ["2026-11-29", ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]],
  ])("Monday to today of %s", (today, days) => {
    expect(mondayToToday(today)).toEqual(days);
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

describe("pages of a manager scope (decision 0054)", () => {
  it.each<[string | null | undefined, number]>([
    [null, 1],
    [undefined, 1],
    ["", 1],
    ["1", 1],
    ["2", 2],
    ["0", 1],
    ["-1", 1],
    ["2.5", 1],
    ["1e3", 1],
    ["abc", 1],
    ["007", 7],
    ["123456789", 9_999],
    ["1234567890", 1],
  ])("?page=%s reads page %i", (raw, page) => {
    expect(dashboardPage(raw)).toBe(page);
  });

  it.each<[number, number]>([
    [0, 1],
    [1, 1],
    [DASHBOARD_PAGE_SIZE, 1],
    [DASHBOARD_PAGE_SIZE + 1, 2],
    [2_930, Math.ceil(2_930 / DASHBOARD_PAGE_SIZE)],
  ])("%i employees make %i page(s)", (total, pages) => {
    expect(dashboardPageCount(total)).toBe(pages);
  });
});
