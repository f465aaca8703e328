import { describe, expect, it } from "vitest";
import { computeOvertimeWeek } from "./overtime";
import { FRANCE_POLICY } from "./policy";
import {
  calendarHeader,
  explainWeekFacts,
  overtimeClass,
  overtimeCrumbs,
  overtimeHomeOf,
  overtimePeriod,
  overtimeYears,
  parseDeduction,
  periodFits,
  pickWeek,
  pickYear,
  weekCellHours,
  yearGrid,
} from "./screens";

const H = 3600;

describe("weekly calendar", () => {
  it.each([
    [5400, 2],
    [5399, 1],
    [1799, null],
    [1800, 1],
    [0, null],
    [-7200, null],
  ])("a week of %i s shows %s whole hours", (seconds, hours) => expect(weekCellHours(seconds)).toBe(hours));

  it("puts each ISO week under the month of its Thursday", () => {
    const { weeks, months } = calendarHeader({ from: "2026-01-26", to: "2026-02-10" });
    expect(weeks.map((w) => w.week)).toEqual([5, 6, 7]);
    expect(months).toEqual([
      { label: "janvier 2026", span: 1 },
      { label: "février 2026", span: 2 },
    ]);
  });

  it("crosses the ISO year: 29 December 2025 is week 1 of 2026", () => {
    const { weeks, months } = calendarHeader({ from: "2025-12-22", to: "2026-01-05" });
    expect(weeks.map((w) => `${w.year}-${w.week}`)).toEqual(["2025-52", "2026-1", "2026-2"]);
    expect(months).toEqual([
      { label: "décembre 2025", span: 1 },
      { label: "janvier 2026", span: 2 },
    ]);
  });
});

describe("period of the filters (spec 2 §5)", () => {
  it.each([
    { name: "nothing asked: 3 months back to today", asked: {}, period: { from: "2026-02-28", to: "2026-05-31" } },
    { name: "within 6 months: kept", asked: { from: "2026-01-01", to: "2026-05-01" }, period: { from: "2026-01-01", to: "2026-05-01" } },
    { name: "7 months, start changed: end = start + 6 months", asked: { from: "2026-01-10", to: "2026-08-10" }, period: { from: "2026-01-10", to: "2026-07-10" } },
    { name: "7 months, end changed: start = end - 6 months", asked: { from: "2026-01-10", to: "2026-08-10", anchor: "to" }, period: { from: "2026-02-10", to: "2026-08-10" } },
    { name: "inverted: end moved after the start", asked: { from: "2026-04-01", to: "2026-03-01" }, period: { from: "2026-04-01", to: "2026-10-01" } },
    { name: "a broken start: the default start", asked: { from: "2026-02-30", to: "2026-05-31" }, period: { from: "2026-02-28", to: "2026-05-31" } },
    { name: "only a start: the period ends there", asked: { from: "2026-03-01" }, period: { from: "2026-03-01", to: "2026-03-01" } },
  ])("$name", ({ asked, period }) => expect(overtimePeriod(asked, "2026-05-31")).toEqual(period));

  it.each([
    [{ from: "2026-01-01", to: "2026-07-01" }, true],
    [{ from: "2026-01-01", to: "2026-07-02" }, false],
    [{ from: "2026-03-01", to: "2026-02-01" }, false],
  ])("periodFits(%o) = %s", (range, fits) => expect(periodFits(range)).toBe(fits));
});

describe("employee year", () => {
  it.each([
    { hired: "2022-09-01", years: [2026, 2025, 2024, 2023, 2022] },
    { hired: "2011-01-01", years: [2026, 2025, 2024, 2023, 2022, 2021, 2020] },
    { hired: null, years: [2026, 2025, 2024, 2023, 2022, 2021, 2020] },
    { hired: "2027-01-01", years: [2026] },
  ])("hired $hired: $years", ({ hired, years }) => expect(overtimeYears(hired, "2026-05-31")).toEqual(years));

  it.each([
    ["2024", 2024],
    ["1900", 2026],
    ["abc", 2026],
    [null, 2026],
  ])("year %s -> %i", (asked, year) => expect(pickYear(asked, [2026, 2025, 2024])).toBe(year));

  it("lists the weeks begun, newest first, Monday to Friday", () => {
    const grid = yearGrid(2026, "2026-01-14");
    expect(grid.map((w) => w.week)).toEqual([3, 2, 1]);
    expect(grid[2]!.days).toEqual(["2025-12-29", "2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"]);
    expect(yearGrid(2026, "2027-06-01")).toHaveLength(53);
    expect(yearGrid(2025, "2027-06-01")).toHaveLength(52);
  });

  it.each([
    ["12", 12],
    ["54", null],
    ["1x", null],
    [null, null],
  ])("week %s -> %s", (asked, week) => expect(pickWeek(asked, yearGrid(2026, "2026-12-31"))).toBe(week));

  it.each([
    [3600, "overtime"],
    [60, "overtime"],
    [59, "none"],
    [0, "none"],
    [null, "none"],
    [-60, "undertime"],
  ] as const)("%s s is %s", (seconds, cls) => expect(overtimeClass(seconds)).toBe(cls));
});

describe("deduction input", () => {
  it.each([
    ["2", 2 * H],
    ["1,5", 5400],
    ["1.5", 5400],
    [" 1h30 ", 5400],
    ["1 h 30", 5400],
    ["1:30", 5400],
    ["2 h", 2 * H],
    ["45 min", 2700],
    ["200", 200 * H],
    [1.25, 4500],
    ["abc", null],
    ["", null],
    ["0", null],
    ["-2", null],
    ["201", null],
    ["1h75", null],
    [null, null],
  ])("%j -> %s", (text, seconds) => expect(parseDeduction(text)).toBe(seconds));
});

describe("breadcrumb by role", () => {
  it.each([
    ["ROLE_HEAD_MANAGEMENT", "/overtime/subsidiary"],
    ["ROLE_FINANCIAL_MANAGEMENT", "/overtime/subsidiary"],
    ["ROLE_DEPARTMENT_HEAD", "/overtime/division"],
    ["ROLE_TEAM_LEADER", "/overtime/team"],
    ["ROLE_EMPLOYEE", null],
  ])("%s returns to %s", (role, home) => {
    expect(overtimeHomeOf(role)).toBe(home);
    const crumbs = overtimeCrumbs(role, "Léa Martin", false);
    expect(crumbs[crumbs.length - 1]).toEqual({ label: "Léa Martin", href: null });
    if (home) expect(crumbs[1]!.href).toBe(home);
  });

  it("one's own page ends with 'Mes heures'", () => {
    expect(overtimeCrumbs("ROLE_TEAM_LEADER", "Moi", true).map((c) => c.label)).toEqual(["Heures supplémentaires", "Mes heures"]);
  });
});

describe("explained week", () => {
  const days = (worked: number[], leaveOn?: number) =>
    worked.map((w, i) => ({
      date: `2026-03-0${2 + i}`,
      workedSeconds: w,
      scheduledSeconds: 7 * H,
      expectedSeconds: i === leaveOn ? 0 : 7 * H,
      absence: i === leaveOn ? { reason: "PAID_LEAVE", halfDay: false } : null,
    }));
  const week = (worked: number[], extra: { leaveOn?: number; quotaBefore?: number } = {}) =>
    computeOvertimeWeek({
      week: { year: 2026, week: 10 },
      zone: "Europe/Paris",
      days: days(worked, extra.leaveOn),
      contractWeeklyHours: 35,
      policy: { ...FRANCE_POLICY, paid: 50, inRecuperation: 50 },
      quotaUsedBeforeSeconds: extra.quotaBefore ?? 0,
      companySize: 42,
    });

  it.each([
    {
      name: "45 h on a 35 h contract: bands, split, quota",
      result: week([9 * H, 9 * H, 9 * H, 9 * H, 9 * H]),
      days: ["Lundi 02/03/2026 : 9 h 00 travaillées."],
      steps: ["Heures travaillées : 45 h 00.", "8 h 00 majorées de 25 %.", "2 h 00 majorées de 50 %.", "Répartition : 50 % payées, 50 % en récupération."],
      warning: false,
    },
    {
      name: "a paid-leave day counted toward the threshold",
      result: week([0, 9 * H, 9 * H, 9 * H, 9 * H], { leaveOn: 0 }),
      days: ["Lundi 02/03/2026 : 7 h 00 d'absence comptées."],
      steps: ["Absences comptées comme du travail : 7 h 00 (comptées depuis le 10/09/2025).", "Heures retenues : 43 h 00."],
      warning: false,
    },
    {
      name: "the quota crossed 80 %: the warning",
      result: week([9 * H, 9 * H, 9 * H, 9 * H, 9 * H], { quotaBefore: 175 * H }),
      days: [],
      steps: ["Attention : plus de 80 % du contingent annuel est utilisé."],
      warning: true,
    },
  ])("$name", ({ result, days: someDays, steps, warning }) => {
    const e = explainWeekFacts({ steps: result.explanation, days: result.days, anomalies: result.anomalies, quota: result.quota }, []);
    for (const d of someDays) expect(e.days).toContain(d);
    for (const s of steps) expect(e.steps).toContain(s);
    expect(e.quotaWarning).toBe(warning);
    expect(e.quotaPercent).toBe(Math.floor((result.quota.afterSeconds * 100) / result.quota.limitSeconds));
  });

  it("issue 41: no '0 h 00' clause, the night said with the worked hours, never a sentence starting with 'dont'", () => {
    const r = week([9 * H, 7 * H, 7 * H, 7 * H, 7 * H]);
    const e = explainWeekFacts(
      { steps: r.explanation, days: r.days, anomalies: r.anomalies, quota: r.quota, nightSeconds: { "2026-03-02": 2 * H, "2026-03-03": 20 } },
      [],
    );
    expect(e.days).toContain("Lundi 02/03/2026 : 9 h 00 travaillées, dont 2 h 00 de nuit (21 h – 6 h).");
    expect(e.days).toContain("Mardi 03/03/2026 : 7 h 00 travaillées.");
    for (const d of e.days) {
      expect(d).not.toMatch(/ : dont /);
      expect(d).not.toContain("0 h 00");
    }
  });

  it("issue 41: a week with missing hours says how they relate to the balance; a full week says nothing", () => {
    const short = week([7 * H, 7 * H, 7 * H, 0, 0]);
    const e = explainWeekFacts({ steps: short.explanation, days: short.days, anomalies: short.anomalies, quota: short.quota }, []);
    expect(e.steps.some((s) => s.startsWith("Heures manquantes"))).toBe(true);
    expect(e.relation).toMatch(/^Le solde compare chaque jour/);
    const full = week([9 * H, 9 * H, 9 * H, 9 * H, 9 * H]);
    expect(explainWeekFacts({ steps: full.explanation, days: full.days, anomalies: full.anomalies, quota: full.quota }, []).relation).toBeNull();
  });

  it("says the legal checks once, not the engine's same 10 h finding again", () => {
    const r = week([11 * H, 7 * H, 7 * H, 7 * H, 7 * H]);
    const e = explainWeekFacts({ steps: r.explanation, days: r.days, anomalies: r.anomalies, quota: r.quota }, [
      { code: "day_over_10h", date: "2026-03-02", seconds: 11 * H },
    ]);
    expect(e.warnings).toEqual(["Le 02/03/2026 : 11 h 00 travaillées, plus de 10 h dans la journée."]);
  });
});
