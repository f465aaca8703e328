import { describe, expect, it } from "vitest";
import { countersFor, counterLabel, isEntryActive, isSection, menuFor, openSectionKey, type MenuItem } from "./menu";

/** The menu as a readable outline: "key" for an entry, "key: entry, entry" for a section. */
function outline(items: MenuItem[]): string[] {
  return items.map((item) => (isSection(item) ? `${item.key}: ${item.entries.map((e) => e.key).join(", ")}` : item.key));
}

/** Spec 1 §2 "Menu structure" (and spec 2 §6), role by role, with time registration on. */
const EXPECTED: Record<string, string[]> = {
  ROLE_HEAD_MANAGEMENT: [
    "menu.home",
    "menu.clocking: menu.badging, menu.agency_badging, menu.edit_badging",
    "menu.overtime: menu.overtime_subsidiary",
    "menu.leave: menu.waiting_leaves",
    "menu.planning: menu.planning_me, menu.planning_agency",
    "menu.reports: menu.report_overtime, menu.report_leave, menu.report_recup, menu.report_cost, menu.report_payroll",
    "menu.employees",
    "menu.settings",
  ],
  ROLE_FINANCIAL_MANAGEMENT: [
    "menu.home",
    "menu.clocking: menu.badging, menu.agency_badging, menu.edit_badging",
    "menu.overtime: menu.overtime_me, menu.overtime_subsidiary",
    "menu.leave: menu.my_leaves, menu.ask_leave, menu.waiting_leaves",
    "menu.planning: menu.planning_me, menu.planning_agency",
    "menu.reports: menu.report_overtime, menu.report_leave, menu.report_recup, menu.report_cost, menu.report_payroll",
    "menu.employees",
    "menu.settings",
  ],
  ROLE_DEPARTMENT_HEAD: [
    "menu.home",
    "menu.clocking: menu.badging, menu.division_badging",
    "menu.overtime: menu.overtime_me, menu.overtime_division",
    "menu.leave: menu.my_leaves, menu.ask_leave, menu.waiting_leaves",
    "menu.planning: menu.planning_me, menu.planning_division",
    "menu.reports: menu.report_overtime",
  ],
  ROLE_TEAM_LEADER: [
    "menu.home",
    "menu.clocking: menu.badging, menu.team_badging",
    "menu.overtime: menu.overtime_me, menu.overtime_team",
    "menu.leave: menu.my_leaves, menu.ask_leave, menu.waiting_leaves",
    "menu.planning: menu.planning_me, menu.planning_team",
  ],
  ROLE_EMPLOYEE: [
    "menu.home",
    "menu.clocking: menu.badging",
    "menu.overtime: menu.overtime_me",
    "menu.leave: menu.my_leaves, menu.ask_leave",
    "menu.planning: menu.planning_me",
  ],
  ROLE_HOST_EMPLOYEE: [
    "menu.home",
    "menu.clocking: menu.badging",
    "menu.overtime: menu.overtime_me",
    "menu.leave: menu.my_leaves, menu.ask_leave",
    "menu.planning: menu.planning_me, menu.planning_agency",
  ],
  ROLE_COMMERCIAL: [
    "menu.home",
    "menu.leave: menu.my_leaves, menu.ask_leave",
    "menu.planning: menu.planning_me, menu.planning_division",
  ],
  ROLE_USER: ["menu.home"],
};

/** Without time registration "Mon pointage" goes; a clocking section left empty goes with it. */
const WITHOUT_TIME_REGISTRATION: Record<string, string | null> = {
  ROLE_HEAD_MANAGEMENT: "menu.clocking: menu.agency_badging, menu.edit_badging",
  ROLE_FINANCIAL_MANAGEMENT: "menu.clocking: menu.agency_badging, menu.edit_badging",
  ROLE_DEPARTMENT_HEAD: "menu.clocking: menu.division_badging",
  ROLE_TEAM_LEADER: "menu.clocking: menu.team_badging",
  ROLE_EMPLOYEE: null,
  ROLE_HOST_EMPLOYEE: null,
  ROLE_COMMERCIAL: null,
  ROLE_USER: null,
};

describe("menuFor", () => {
  it.each(Object.entries(EXPECTED))("%s with time registration", (profileType, expected) => {
    expect(outline(menuFor({ profileType, timeRegistration: true }))).toEqual(expected);
  });

  it.each(Object.entries(WITHOUT_TIME_REGISTRATION))("%s without time registration", (profileType, clocking) => {
    const withTr = EXPECTED[profileType]!;
    const expected = withTr.flatMap((line) => (line.startsWith("menu.clocking") ? (clocking ? [clocking] : []) : [line]));
    const items = menuFor({ profileType, timeRegistration: false });
    expect(outline(items)).toEqual(expected);
    for (const item of items) if (isSection(item)) expect(item.entries.length).toBeGreaterThan(0);
  });

  it("shows nothing but Home to an unknown profileType", () => {
    expect(outline(menuFor({ profileType: "ROLE_NOBODY", timeRegistration: true }))).toEqual(["menu.home"]);
  });

  it("carries the counters on their entries", () => {
    const items = menuFor({ profileType: "ROLE_HEAD_MANAGEMENT", timeRegistration: true });
    const entries = items.flatMap((i) => (isSection(i) ? i.entries : [i]));
    expect(entries.filter((e) => e.counter).map((e) => [e.path, e.counter])).toEqual([
      ["/time-clock/edit-badging", "suggestedClocks"],
      ["/leave/waiting", "waitingLeaves"],
    ]);
  });
});

describe("countersFor", () => {
  it.each([
    ["ROLE_HEAD_MANAGEMENT", ["waitingLeaves", "suggestedClocks"]],
    ["ROLE_FINANCIAL_MANAGEMENT", ["waitingLeaves", "suggestedClocks"]],
    ["ROLE_TEAM_LEADER", ["waitingLeaves"]],
    ["ROLE_DEPARTMENT_HEAD", ["waitingLeaves"]],
    ["ROLE_EMPLOYEE", []],
    ["ROLE_HOST_EMPLOYEE", []],
    ["ROLE_COMMERCIAL", []],
    ["ROLE_USER", []],
  ])("%s loads %j", (profileType, expected) => {
    expect(countersFor(profileType)).toEqual(expected);
  });
});

describe("isEntryActive", () => {
  it.each([
    ["/", "/", true],
    ["/", "/leave/me", false],
    ["/", "/profile", false],
    ["/leave/me", "/leave/me", true],
    ["/leave/me", "/leave/ask", false],
    ["/leave/waiting", "/leave/me", false],
    ["/employees", "/employees", true],
    ["/employees", "/employees/subsidiary/1/division/2", true],
    ["/employees", "/employees/12/edit", true],
    ["/settings", "/settings/countries/new", true],
    ["/settings", "/profile", false],
    ["/time-clock/badging", "/time-clock/team-badging", false],
    ["/report/cost", "/report/leave", false],
    ["/planning/me", "/planning/meeting", false],
    ["/planning/me", "/planning/me/2026", true],
  ])("entry %s on %s -> %s", (entry, path, expected) => {
    expect(isEntryActive(entry, path)).toBe(expected);
  });
});

describe("openSectionKey", () => {
  const items = menuFor({ profileType: "ROLE_FINANCIAL_MANAGEMENT", timeRegistration: true });
  it.each([
    ["/", null],
    ["/profile", null],
    ["/employees/12/edit", null],
    ["/settings", null],
    ["/time-clock/badging", "menu.clocking"],
    ["/time-clock/edit-badging", "menu.clocking"],
    ["/overtime/employee/4", "menu.overtime"],
    ["/leave/detail/3", "menu.leave"],
    ["/leave/waiting", "menu.leave"],
    ["/planning/agency", "menu.planning"],
    ["/report/cost", "menu.reports"],
  ])("%s opens %s", (path, expected) => {
    expect(openSectionKey(items, path)).toBe(expected);
  });

  it("opens nothing for a section the viewer does not have", () => {
    const commercial = menuFor({ profileType: "ROLE_COMMERCIAL", timeRegistration: true });
    expect(openSectionKey(commercial, "/report/overtime")).toBeNull();
    expect(openSectionKey(commercial, "/planning/division")).toBe("menu.planning");
  });
});

describe("counterLabel", () => {
  it.each([
    [0, null],
    [-3, null],
    [Number.NaN, null],
    [1, "1"],
    [2, "2"],
    [3, "3"],
    [4, "4"],
    [5, "5"],
    [6, "6"],
    [7, "7"],
    [8, "8"],
    [9, "9+"],
    [10, "9+"],
    [42, "9+"],
    [Number.POSITIVE_INFINITY, null],
  ])("%s -> %s", (count, expected) => {
    expect(counterLabel(count)).toBe(expected);
  });
});
