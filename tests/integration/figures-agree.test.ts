import { beforeAll, describe, expect, it } from "vitest";
import { weekCellHours } from "~/domain/overtime/screens";
import { loadDashboard } from "~/services/home/dashboard.server";
import { computeEmployeeWeek } from "~/services/overtime/week.server";
import { employeeWeek, employeeYear, overtimeCalendar, type CalendarView } from "~/services/overtime/views.server";
import { payrollCsv, payrollMonth } from "~/services/payroll/payroll.server";
import { reportJson, reportSheet } from "~/services/reports/output.server";
import { loadReportPage } from "~/services/reports/pages.server";
import { reportTable } from "~/services/reports/table.server";
import { costReport, EMPTY_QUERY, overtimeReport, recoveryReport, type OvertimeReport } from "~/services/reports/reports.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { createClock, createSchedule, type Entry } from "~tests/support/factories-badging";
import { addHoliday, createLeave, currentUserOf } from "~tests/support/factories-leave";

/**
 * Issue 25 §1, decision 0071: the same weeks through every door agree. The time account (worked − expected, up to
 * today in the running week) on the employee's page, the week call, the three calendars, the overtime report's page,
 * /api body and Excel sheet, and the dashboard; the legal overtime in the recovery report and the payroll file.
 *
 * Weeks (35 h contract, 7 h a day Monday–Friday), today Thursday 3 December 2026, 15:00 in Paris:
 * - W40 (28/09–04/10), crossing September/October: 5 × 9 h → +10 h;
 * - W46 (09/11–13/11), the 11/11 holiday: 4 × 7 h 30 → +2 h (the holiday expects nothing, it is not "missing");
 * - W47 (16/11–20/11), paid leave Monday–Tuesday: 3 × 9 h → +6 h (the leave is not missing either);
 * - W49 (30/11–06/12), the running week, also crossing November/December: 3 × 9 h, today clocked in at 08:00 and
 *   still working → +6 h (today's day in progress is no deficit, the week is "en cours").
 */
const db = useTestDatabase();
const H = 3600;
const NOW = new Date("2026-12-03T14:00:00Z");
const NINE: Entry[] = [
  ["08:00", "START"],
  ["12:00", "LUNCH"],
  ["13:00", "START"],
  ["18:00", "END"],
];
const SEVEN_AND_HALF: Entry[] = [
  ["08:30", "START"],
  ["12:00", "LUNCH"],
  ["13:00", "START"],
  ["17:00", "END"],
];
const EXPECTED = [
  { week: 40, monday: "2026-09-28", seconds: 10 * H, running: false },
  { week: 46, monday: "2026-11-09", seconds: 2 * H, running: false },
  { week: 47, monday: "2026-11-16", seconds: 6 * H, running: false },
  { week: 49, monday: "2026-11-30", seconds: 6 * H, running: true },
];
const FROM = "2026-09-28";
const TO = "2026-12-03";

let org: Org;
let camille: number;
let head: CurrentUser, finance: CurrentUser, dh: CurrentUser, leader: CurrentUser;

async function day(date: string, entries: Entry[]) {
  await recomputeDay(db.em(), await createClock(db.em(), camille, date, entries), NOW);
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Chiffres");
  head = await currentUserOf(db.em(), await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "fa.head@cadran.test" }));
  finance = await currentUserOf(db.em(), await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "fa.fin@cadran.test" }));
  dh = await currentUserOf(db.em(), await createEmployee(db.em(), org, { profileType: "ROLE_DEPARTMENT_HEAD", email: "fa.dh@cadran.test", teamId: null }));
  leader = await currentUserOf(db.em(), await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER", email: "fa.tl@cadran.test" }));
  ({ employeeId: camille } = await createEmployee(db.em(), org, { email: "fa.camille@cadran.test", firstname: "Camille", lastname: "Dubois" }));
  await db.sql(`update employee set number_of_hours_per_week = 35, hourly_cost = 20, time_registration = true, hired_at = '2024-01-01' where id = ?`, [camille]);
  await createSchedule(db.em(), camille);
  await addHoliday(db.em(), org.countryId, "2026-11-11", "Armistice");
  await createLeave(db.em(), camille, { reason: "PAID_LEAVE", start: "2026-11-16", end: "2026-11-17", state: "accepted", numberDaysWork: 2 });
  for (const d of ["2026-09-28", "2026-09-29", "2026-09-30", "2026-10-01", "2026-10-02"]) await day(d, NINE);
  for (const d of ["2026-11-09", "2026-11-10", "2026-11-12", "2026-11-13"]) await day(d, SEVEN_AND_HALF);
  for (const d of ["2026-11-18", "2026-11-19", "2026-11-20"]) await day(d, NINE);
  for (const d of ["2026-11-30", "2026-12-01", "2026-12-02"]) await day(d, NINE);
  await day("2026-12-03", [["08:00", "START"]]);
  for (const week of [40, 46, 47]) await computeEmployeeWeek(db.em(), camille, { year: 2026, week }, NOW);
});

const query = () => ({ ...EMPTY_QUERY, subsidiaryId: org.subsidiaryId, from: FROM, to: TO });

describe("the time account through every door (decision 0071)", () => {
  it.each(EXPECTED)("week $week: the employee's page, its week call and the year grid's 'en cours' mark", async ({ week, seconds, running }) => {
    const year = await employeeYear(db.em(), head, camille, { year: "2026", week: String(week) }, NOW);
    const row = year.grid.find((r) => r.week === week)!;
    expect(row.totalSeconds).toBe(seconds);
    expect(row.running).toBe(running);
    expect(year.explained?.timeAccountSeconds).toBe(seconds);
    expect((await employeeWeek(db.em(), head, camille, { year: 2026, week }, NOW)).timeAccountSeconds).toBe(seconds);
  });

  it.each<[CalendarView, () => CurrentUser]>([
    ["team", () => leader],
    ["division", () => dh],
    ["subsidiary", () => head],
  ])("the %s calendar: the same weeks, in whole hours, the running week named", async (view, who) => {
    const page = await overtimeCalendar(db.em(), who(), view, { from: FROM, to: TO, subsidiaryId: org.subsidiaryId }, NOW);
    const row = page.rows.find((r) => r.id === camille)!;
    for (const e of EXPECTED) {
      const cell = row.cells.find((c) => c.week === e.week)!;
      expect(cell.seconds).toBe(e.seconds);
      expect(cell.hours).toBe(weekCellHours(e.seconds));
    }
    expect(page.runningWeek).toBe("2026-W49");
  });

  it("the overtime report: its page, its /api body and its Excel sheet give the same weeks, the running one marked", async () => {
    const full = await overtimeReport(db.em(), finance, query(), NOW);
    const paged = (await loadReportPage(db.em(), finance, "overtime", query(), 1, NOW)) as OvertimeReport;
    for (const report of [full, paged]) {
      const row = report.employees.find((e) => e.employeeId === camille)!;
      for (const e of EXPECTED) expect(row.cells[report.weeks.findIndex((w) => w.week === e.week)]).toBe(e.seconds);
      expect(report.weeks[report.runningWeek!]!.week).toBe(49);
    }
    const table = reportTable({ ...paged, pager: { page: 1, pages: 1, rowCount: 1 } } as never);
    expect(table.head).toContain("S49 (en cours)");
    expect(table.head.at(-3)).toBe("Solde d'heures (total)");

    const body = reportJson(full) as ReturnType<typeof reportJson> & {
      figure: string;
      employees: { employeeId: number; overtimeWeeks: { weekNumber: number; totalOvertimeSeconds: number; totalOvertimeHourFormat: string; running: boolean }[] }[];
    };
    expect(body.figure).toBe("time_account");
    const api = body.employees.find((e) => e.employeeId === camille)!;
    for (const e of EXPECTED) {
      const w = api.overtimeWeeks.find((x) => x.weekNumber === e.week)!;
      expect(w.totalOvertimeSeconds).toBe(e.seconds);
      expect(w.running).toBe(e.running);
    }

    const sheet = reportSheet(full);
    const weekColumn = (week: number) => sheet.columns.findIndex((c) => c.header.startsWith(`S${week} `) || c.header.startsWith(`S${week} (en cours)`));
    for (const make of sheet.rows as Iterable<(n: number) => unknown[]>) {
      const cells = make(2);
      if (cells[0] !== "Camille DUBOIS") continue;
      for (const e of EXPECTED) expect(cells[weekColumn(e.week)]).toBeCloseTo(e.seconds / H, 6);
      // The signed total as text, readable in every reader (a negative [h]:mm shows ##### in Excel), and the row
      // total's formula with its computed result.
      const formatted = sheet.columns.findIndex((c) => c.header === "Solde d'heures (±HHhmm)");
      expect(cells[formatted]).toBe("+24h00");
      expect(cells.find((c) => typeof c === "object" && c !== null && "formula" in c)).toMatchObject({ result: 24 });
    }
    expect(sheet.columns[weekColumn(49)]!.header).toBe("S49 (en cours) 2026");
  });

  it("the team dashboard's overtime of the week is the running week's time account", async () => {
    const dash = await loadDashboard(db.em(), leader, {}, {}, NOW);
    if (dash.variant !== "team") throw new Error(`unexpected ${dash.variant}`);
    const me = dash.blocks.divisions.flatMap((d) => d.teams.flatMap((t) => t.employees)).find((e) => e.id === camille)!;
    expect(me.weekSeconds).toBe(6 * H);
  });
});

describe("the legal overtime through its doors (recovery report, payroll page and CSV)", () => {
  it("the recovery report's weeks and the payroll months hold the same paid-or-rested overtime", async () => {
    const recup = await recoveryReport(db.em(), finance, query());
    const weeks = recup.employees.find((e) => e.employeeId === camille)!.weeks;
    const legal = (w: number) => weeks.find((x) => x.week === w)?.overtimeSeconds ?? 0;
    expect(legal(40)).toBe(10 * H);
    const months = await Promise.all(["2026-09", "2026-10", "2026-11"].map((m) => payrollMonth(db.em(), org.subsidiaryId, m)));
    const hs = (i: number) => {
      const l = months[i]!.lines.find((x) => x.employeeId === camille)!;
      return l.overtimeByRate.reduce((s, v) => s + v, 0) + l.overtimeOtherRates + l.complementarySeconds;
    };
    // W40 split by its days: September holds 3 of its 5 worked days, October 2.
    expect(hs(0) + hs(1)).toBe(legal(40));
    expect(hs(0)).toBe(6 * H);
    expect(hs(2)).toBe(legal(46) + legal(47));
    // The CSV carries the page's numbers.
    const csv = payrollCsv(months[0]!).split("\r\n");
    const header = csv[0]!.replace("\ufeff", "").split(";");
    const line = csv.find((l) => l.includes("DUBOIS"))!.split(";");
    expect(Number(line[header.indexOf("HS_25")]!.replace(",", "."))).toBeCloseTo(months[0]!.lines.find((x) => x.employeeId === camille)!.overtimeByRate[0]! / H, 2);
  });
});

describe("structural overtime of a 39 h contract (issue 25 §3, §6; decision 0073)", () => {
  let paul: number;
  beforeAll(async () => {
    ({ employeeId: paul } = await createEmployee(db.em(), org, { email: "fa.paul@cadran.test", firstname: "Paul", lastname: "Trenteneuf" }));
    await db.sql(`update employee set number_of_hours_per_week = 39, time_registration = true, hired_at = '2024-01-01' where id = ?`, [paul]);
    // 8 h Monday–Thursday, 7 h Friday: his 39 h (L3121-30 al. 2: 4 h above the legal 35 h use the quota).
    await createSchedule(db.em(), paul, { morningStart: 8 * 60, morningEnd: 12 * 60, afternoonStart: 13 * 60, afternoonEnd: 17 * 60 });
    const eight: Entry[] = [
      ["08:00", "START"],
      ["12:00", "LUNCH"],
      ["13:00", "START"],
      ["17:00", "END"],
    ];
    const seven: Entry[] = [
      ["08:00", "START"],
      ["12:00", "LUNCH"],
      ["13:00", "START"],
      ["16:00", "END"],
    ];
    for (const d of ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"]) await recomputeDay(db.em(), await createClock(db.em(), paul, d, eight), NOW);
    await recomputeDay(db.em(), await createClock(db.em(), paul, "2026-11-06", seven), NOW);
    await computeEmployeeWeek(db.em(), paul, { year: 2026, week: 45 }, NOW);
  });

  it("the recovery report names 4 structural hours and 4 h of quota used; the overtime report shows the quota; payroll v2 puts them in HS_STRUCT only", async () => {
    const recup = await recoveryReport(db.em(), finance, query());
    const w = recup.employees.find((e) => e.employeeId === paul)!.weeks.find((x) => x.week === 45)!;
    expect([w.structuralSeconds, w.overtimeSeconds, w.quotaUsedSeconds]).toEqual([4 * H, 0, 4 * H]);
    const table = reportTable({ ...recup, pager: { page: 1, pages: 1, rowCount: 1 } } as never);
    expect(table.head).toContain("HS structurelles (dans le salaire)");
    expect(table.head).toContain("Contingent utilisé (h)");

    const report = await overtimeReport(db.em(), finance, query(), NOW);
    expect(report.employees.find((e) => e.employeeId === paul)!.quotaUsedSeconds).toBe(4 * H);

    const november = (await payrollMonth(db.em(), org.subsidiaryId, "2026-11")).lines.find((l) => l.employeeId === paul)!;
    expect([november.structuralSeconds, november.paidByRate[0]]).toEqual([4 * H, 0]);
  });
});

describe("the hourly-cost report keeps a public holiday's normal cost (issue 25 §4)", () => {
  it("W46: 30 h worked + the 11/11's 7 scheduled hours, paid although not worked, at 20 € = 740 €", async () => {
    const cost = await costReport(db.em(), finance, query());
    const w = cost.employees.find((e) => e.employeeId === camille)!.weeks.find((x) => x.week === 46)!;
    expect(w.cost!.normalCents).toBe(37 * 2000);
  });
});
