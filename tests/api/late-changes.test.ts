import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "~/i18n/fr";
import { updateEmployee } from "~/services/employees/writes.server";
import { decideLeave } from "~/services/leave/decision.server";
import { addRecovery } from "~/services/overtime/recovery.server";
import { runChunk } from "~/services/overtime/run.server";
import { closeMonth } from "~/services/payroll/close.server";
import { lateChangeNotice } from "~/services/payroll/late-change.server";
import { payrollMonth } from "~/services/payroll/payroll.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { validateSuggestion } from "~/services/time-clock/suggestions.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSchedule, createSuggestion, type Entry, NINE_HOURS } from "~tests/support/factories-badging";
import { createLeave, currentUserOf } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 38 §1–§2 (decision 0118): closing November for one subsidiary on 1 December freezes November's days of that
 * subsidiary only; December's days (the straddling week's too) and the other subsidiaries stay open; a late change
 * to November is accepted with a notice and paid as a rappel in December, each hour in its one column.
 */
const db = useTestDatabase();
const server = useTestServer();
/** 1 December 2026, 10:00 in Paris: November is over. */
const DEC_1 = new Date("2026-12-01T09:00:00Z");
const TEN_HOURS: Entry[] = [
  ["08:00", "START"],
  ["12:00", "LUNCH"],
  ["13:00", "START"],
  ["19:00", "END"],
];
const NOTICE = "Novembre 2026 est clôturé : la différence sera régularisée sur la paie de décembre 2026.";

let print: Org, lisboa: Org;
let financial: TestEmployee, head: TestEmployee;
let eve: number, luis: number;

async function worker(org: Org, email: string, firstname: string, lastname: string): Promise<number> {
  const { employeeId } = await createEmployee(db.em(), org, { email, firstname, lastname });
  await db.sql(`update employee set number_of_hours_per_week = 35, hired_at = '2023-03-01', leave_workflow = 'fast' where id = ?`, [employeeId]);
  await createSchedule(db.em(), employeeId);
  return employeeId;
}

const csvRows = (text: string) => {
  const lines = text.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).map((l) => l.split(";"));
  return { header: lines[0]!, rows: lines.slice(1) };
};

beforeAll(async () => {
  print = await createOrg(db.em(), " 3Print38");
  lisboa = await createOrg(db.em(), " Lisboa38");
  financial = await createEmployee(db.em(), print, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "i38.fin@cadran.test" });
  head = await createEmployee(db.em(), print, { profileType: "ROLE_HEAD_MANAGEMENT", email: "i38.head@cadran.test" });
  eve = await worker(print, "i38.eve@cadran.test", "eve", "tardive");
  luis = await worker(lisboa, "i38.luis@cadran.test", "luis", "lisboa");
  // Week 47 (16–20 November): 45 h each. Monday 30 November, in the week straddling December: 9 h.
  const clockNow = new Date("2026-11-30T20:00:00Z");
  for (const id of [eve, luis]) {
    for (const d of ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-30"]) {
      await recomputeDay(db.em(), await createClock(db.em(), id, d, NINE_HOURS), clockNow);
    }
    await runChunk(db.em(), { firstId: id, lastId: id }, { kind: "range", from: "2026-11-01", to: "2026-11-30" }, clockNow);
  }
  await closeMonth(db.em(), await currentUserOf(db.em(), financial), print.subsidiaryId, "2026-11", DEC_1);
});

const rappelsOf = (employeeId: number) =>
  db.sql<{ month: string; monday: string; figures: { paidByRate: number[]; restConvertedSeconds: number; overtimeByRate: number[] } }>(
    `select to_char(month, 'YYYY-MM') as month, to_char(monday, 'YYYY-MM-DD') as monday, figures from payroll_regularisation where employee_id = ? order by monday`,
    [employeeId],
  );

describe("a close freezes November's days of its subsidiary, not weeks nor the company (issue 38 §1)", () => {
  it("a leave on 2–3 December, a departure dated 31 January, add-recovery of a November week: accepted; December's days carry no notice", async () => {
    const fin = await currentUserOf(db.em(), financial);
    const leave = await createLeave(db.em(), eve, { reason: "SICK_LEAVE", start: "2026-12-02", end: "2026-12-03", state: "pending", numberDaysWork: 2 });
    await expect(decideLeave(db.em(), fin, leave, "validate", { now: DEC_1 })).resolves.toMatchObject({ state: "accepted", notice: null });
    const { employeeId: gone } = await createEmployee(db.em(), print, { email: "i38.gone@cadran.test" });
    const boss = await currentUserOf(db.em(), head);
    await expect(updateEmployee(db.em(), boss, gone, { firedAt: "2027-01-31" })).resolves.toMatchObject({ firedAt: "2027-01-31", notice: null });
    // December's days, in the straddling week too, touch no closed month; Lisboa's November is open.
    expect(await lateChangeNotice(db.em(), { employeeIds: [eve] }, { from: "2026-12-01", to: "2026-12-06" })).toBeNull();
    expect(await lateChangeNotice(db.em(), { subsidiaryId: lisboa.subsidiaryId }, { from: "2026-11-01", to: "2026-11-30" })).toBeNull();
    expect(await lateChangeNotice(db.em(), { employeeIds: [luis] }, { from: "2026-11-20", to: "2026-11-20" })).toBeNull();

    // POST /api/add-recovery of week 47: every subsidiary's week computed, Lisboa's included; nothing moved, no rappel.
    const api = apiClient(() => server.baseUrl);
    const token = await api.login(financial.email);
    const res = await api.post("/api/add-recovery", { week: 47, year: 2026, force: true }, token);
    expect(res.status).toBe(200);
    expect(res.body.notice).toBe(NOTICE);
    expect(await rappelsOf(eve)).toEqual([]);
    expect(await rappelsOf(luis)).toEqual([]);
  });

  it("the nightly run computes the straddling week; its November share paid with November is what the snapshot holds, the rest is December's", async () => {
    // Eve works 1–4 December: the week of 30 November ends at 45 h.
    const clockNow = new Date("2026-12-04T20:00:00Z");
    for (const d of ["2026-12-01", "2026-12-04"]) await recomputeDay(db.em(), await createClock(db.em(), eve, d, NINE_HOURS), clockNow);
    const night = new Date("2026-12-07T02:00:00Z");
    await runChunk(db.em(), { firstId: eve, lastId: eve }, { kind: "nightly" }, night);
    const [week] = await db.sql<{ dirty: boolean; provisional: boolean; worked: number }>(
      `select dirty, provisional, worked_seconds as worked from overtime_week where employee_id = ? and monday = '2026-11-30'`,
      [eve],
    );
    expect(week).toMatchObject({ dirty: false, provisional: false });
    // November as closed is unchanged; the week's totals are split: what November's share now owes reaches December.
    const november = await payrollMonth(db.em(), print.subsidiaryId, "2026-11");
    const line = november.lines.find((l) => l.employeeId === eve)!;
    const december = await payrollMonth(db.em(), print.subsidiaryId, "2026-12");
    const live = december.lines.find((l) => l.employeeId === eve && !l.employeeName.includes("rappel"))!;
    const rappel = december.lines.filter((l) => l.employeeId === eve && l.employeeName.includes("semaine 49/2026"));
    // The whole week's hours are paid once: November's line, December's share and the rappel of November's share.
    const [stored] = await db.sql<{ bands: { rates: { rate: number; seconds: number }[] } }>(
      `select bands from overtime_week where employee_id = ? and monday = '2026-11-30'`,
      [eve],
    );
    const weekTotal = stored!.bands.rates.reduce((s, r) => s + r.seconds, 0);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const week48to49 = sum(live.overtimeByRate) + sum(rappel.flatMap((r) => r.overtimeByRate));
    const novemberShareBefore = sum(line.overtimeByRate) - 10 * 3600; // week 47's 10 h
    expect(novemberShareBefore + week48to49).toBe(weekTotal);
  });
});

describe("a late change to November is accepted and paid in December (issue 38 §2)", () => {
  it("a clock correction on 20 November: the notice, its week recomputed at once, a December rappel with each hour in one column, equal on the page and in both files; a second recompute adds nothing", async () => {
    const fin = await currentUserOf(db.em(), financial);
    const suggestion = await createSuggestion(db.em(), eve, "2026-11-20", TEN_HOURS);
    const done = await validateSuggestion(db.em(), fin, suggestion, DEC_1);
    expect(done.notice).toBe(NOTICE);
    // Recomputed in the request: the week is clean and holds the 46th hour.
    const [week] = await db.sql<{ dirty: boolean; worked: number; earned: number; rest: number }>(
      `select dirty, worked_seconds as worked, recovery_earned_seconds as earned, mandatory_rest_seconds as rest from overtime_week where employee_id = ? and monday = '2026-11-16'`,
      [eve],
    );
    expect(week).toMatchObject({ dirty: false, worked: 46 * 3600 });
    const rappels = (await rappelsOf(eve)).filter((r) => r.monday === "2026-11-16");
    expect(rappels).toHaveLength(1);
    expect(rappels[0]!.month).toBe("2026-12");
    // The hour is at +50 % (the 46th): paid or put into rest, never both.
    const f = rappels[0]!.figures;
    expect(f.overtimeByRate).toEqual([0, 0, 3600, 0]);
    expect(f.paidByRate[2]! + f.restConvertedSeconds).toBe(3600);

    // Idempotent: the nightly and a range recompute leave the rappel as it is.
    const before = await rappelsOf(eve);
    await runChunk(db.em(), { firstId: eve, lastId: eve }, { kind: "range", from: "2026-11-01", to: "2026-11-30" }, DEC_1);
    await runChunk(db.em(), { firstId: eve, lastId: eve }, { kind: "nightly" }, DEC_1);
    expect(await rappelsOf(eve)).toEqual(before);

    // The recovery counter follows the stored weeks (credited once).
    const [counter] = await db.sql<{ earned: number; credited: number }>(
      `select e.recovery_earned as earned, (select coalesce(sum(w.credited_seconds), 0)::int from overtime_week w where w.employee_id = e.id) as credited from employee e where e.id = ?`,
      [eve],
    );
    expect(Number(counter!.earned)).toBe(Number(counter!.credited));
    const [w47] = await db.sql<{ credited: number; due: number }>(
      `select credited_seconds as credited, recovery_earned_seconds + mandatory_rest_seconds as due from overtime_week where employee_id = ? and monday = '2026-11-16'`,
      [eve],
    );
    expect(w47!.credited).toBe(w47!.due);

    // The v2 file's rappel row: HS_50 + HS_EN_REPOS = 1 h; the page's rappel table shows the same cells.
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const csv = csvRows((await client.get(`/export/payroll?subsidiary=${print.subsidiaryId}&month=2026-12&format=csv&layout=v2`)).text);
    const row = csv.rows.find((r) => r[1]!.includes("rappel semaine 47/2026"))!;
    const col = (name: string) => row[csv.header.indexOf(name)]!;
    const n = (v: string) => Number(v.replace(",", "."));
    expect(n(col("HS_50")) + n(col("HS_EN_REPOS"))).toBe(1);
    expect(col("HS_25")).toBe("0");
    const page = (await client.get(`/report/payroll?subsidiary=${print.subsidiaryId}&month=2026-12&layout=v2`)).text;
    expect(page).toContain('data-testid="payroll-rappels"');
    // November as closed did not move.
    const november = await payrollMonth(db.em(), print.subsidiaryId, "2026-11");
    expect(november.lines.find((l) => l.employeeId === eve)!.overtimeByRate).toEqual([8 * 3600, 0, 2 * 3600, 0].map((s, i) => s + (i === 0 ? 0 : 0)));
    expect(t("payroll.late_change", { month: "Novembre 2026", payslip: "décembre 2026" })).toBe(NOTICE);
  });

  it.each(["v2", "v1"])("page = file (%s): the page's rappel table equals the CSV and the Excel rows cell by cell (issue 38 §5)", async (layout) => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const q = `subsidiary=${print.subsidiaryId}&month=2026-12&layout=${layout}`;
    const html = (await client.get(`/report/payroll?${q}`)).text;
    const table = html.slice(html.indexOf('data-testid="payroll-rappels-table"'));
    const body = table.slice(table.indexOf("<tbody>"), table.indexOf("</tbody>"));
    const num = (v: string) => Number(v.replace(/[\s\u202f\u00a0]/g, "").replace(",", "."));
    const strip = (v: string) => v.replace(/<[^>]*>/g, "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    const pageRows = [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => {
      const cells = [...m[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => strip(c[1]!));
      return { name: cells[0]!, values: cells.slice(3).map(num) };
    });
    expect(pageRows.length).toBeGreaterThan(0);
    const csv = csvRows((await client.get(`/export/payroll?${q}&format=csv`)).text);
    const csvRappels = csv.rows.filter((r) => r[1]!.includes("— rappel semaine")).map((r) => ({ name: r[1]!, values: r.slice(3).map(num) }));
    const res = await fetch(`${server.baseUrl}/export/payroll?${q}&format=xlsx`, { headers: { Cookie: [...client.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ") } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const xlsxRappels: { name: string; values: number[] }[] = [];
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as unknown[]).slice(1);
      if (!String(values[1]).includes("— rappel semaine")) return;
      xlsxRappels.push({ name: String(values[1]), values: values.slice(3).map((v) => Number(v ?? 0)) });
    });
    expect(csvRappels).toEqual(pageRows);
    expect(xlsxRappels).toEqual(pageRows);
  });

  it("after the rappel the employee's week (/api), the recovery report and the counter read the stored week", async () => {
    const [stored] = await db.sql<{ worked: number; earned: number; rest: number; computed: Date }>(
      `select worked_seconds as worked, recovery_earned_seconds as earned, mandatory_rest_seconds as rest, computed_at as computed
         from overtime_week where employee_id = ? and monday = '2026-11-16'`,
      [eve],
    );
    const api = apiClient(() => server.baseUrl);
    const token = await api.login(financial.email);
    const week = await api.get(`/api/overtime/employee/${eve}/2026/47`, token);
    expect(week.status).toBe(200);
    expect(week.body).toMatchObject({ source: "stored", provisional: false });
    expect(JSON.stringify(week.body.totals)).toContain(String(46 * 3600));
    const report = await api.get(`/api/report/recovery?subsidiary=${print.subsidiaryId}&start=20261116&end=20261122`, token);
    expect(report.status).toBe(200);
    const row = (report.body.employees as { employeeId: number; weeks: { weekNumber: number; totalOvertime: number; recoveryEarned: number }[]; recoveryEarned: number }[]).find(
      (e) => e.employeeId === eve,
    )!;
    const w47 = row.weeks.find((w) => w.weekNumber === 47)!;
    expect(w47.totalOvertime).toBe(11);
    expect(w47.recoveryEarned).toBe(Math.round((stored!.earned / 3600) * 100) / 100);
    const [counter] = await db.sql<{ earned: number }>(`select recovery_earned as earned from employee where id = ?`, [eve]);
    expect(row.recoveryEarned).toBe(Math.round((Number(counter!.earned) / 3600) * 100) / 100);
    // The overtime report: the week's time account is the stored one (+11 h: 46 worked for 35).
    const overtime = await api.get(`/api/report/overtime?subsidiaryId=${print.subsidiaryId}&start=20261116&end=20261122`, token);
    expect(overtime.status).toBe(200);
    const eveRow = (overtime.body.employees as { employeeId: number; overtimeWeeks: { totalOvertimeSeconds: number }[] }[]).find((e) => e.employeeId === eve)!;
    expect(eveRow.overtimeWeeks.map((w) => w.totalOvertimeSeconds)).toEqual([11 * 3600]);
    // The employee's overtime page (HTML) shows the stored week: its 46 worked hours, the 20th's 10 (decision 0122).
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const page = await client.get(`/overtime/employee/${eve}?year=2026&week=47`);
    expect(page.status).toBe(200);
    const text = page.text.replace(/<[^>]*>/g, " ").replace(/[\s\u202f\u00a0]+/g, " ");
    expect(text).toContain("Heures travaillées : 46 h 00.");
    expect(text).toContain("Heures au-delà du contrat : 11 h 00.");
    expect(text).toContain("S47 · 16/11 +02h00 +02h00 +02h00 +02h00 +03h00 +11h00");
  });
});
