import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { computeEmployeeWeek } from "~/services/overtime/week.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSchedule, NINE_HOURS } from "~tests/support/factories-badging";
import { createLeave } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/**
 * The four reports against hand-computed weeks (the engine's 45 h week of tests/integration/overtime-week.test.ts):
 * page, /api and Excel give the same numbers; rights per role; the large-export job path.
 */
// Jobs run in this process (set before the server's build reads its settings).
process.env.INLINE_JOBS = "1";
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
const H = 3600;
const NOW = new Date("2026-04-06T08:00:00Z");
const WEEK10 = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"];
const PERIOD = "start=20260301&end=20260331";
const PAGE_PERIOD = "from=2026-03-01&to=2026-03-31";

let org: Org;
let head: TestEmployee, financial: TestEmployee, dh: TestEmployee, otherDh: TestEmployee, leader: TestEmployee, plain: TestEmployee;
let alice: number, bruno: number;
const tokens: Record<string, string> = {};

async function worker(days: string[], over: { divisionId?: number; teamId?: number | null; hourlyCost: number | null; lastname: string }) {
  const { employeeId } = await createEmployee(db.em(), org, { divisionId: over.divisionId, teamId: over.teamId });
  await db.sql(`update employee set number_of_hours_per_week = 35, hourly_cost = ?, lastname = ?, firstname = 'test' where id = ?`, [
    over.hourlyCost,
    over.lastname,
    employeeId,
  ]);
  await createSchedule(db.em(), employeeId);
  for (const date of days) await recomputeDay(db.em(), await createClock(db.em(), employeeId, date, NINE_HOURS), NOW);
  return employeeId;
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Rapports");
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "rp.head@cadran.test" });
  financial = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "rp.fin@cadran.test" });
  dh = await createEmployee(db.em(), org, { profileType: "ROLE_DEPARTMENT_HEAD", email: "rp.dh@cadran.test" });
  otherDh = await createEmployee(db.em(), org, {
    profileType: "ROLE_DEPARTMENT_HEAD",
    email: "rp.dh2@cadran.test",
    divisionId: org.otherDivisionId,
    teamId: null,
  });
  leader = await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER", email: "rp.tl@cadran.test" });
  plain = await createEmployee(db.em(), org, { email: "rp.emp@cadran.test" });
  // Alice: 5 × 9 h in week 10 on a 35 h contract at 20 € → 35 h normal, 8 h at +25 %, 2 h at +50 %.
  alice = await worker(WEEK10, { hourlyCost: 20, lastname: "Aaa-Alice" });
  // Bruno (other division): 4 × 9 h = 36 h → 35 h normal, 1 h at +25 %, at 15 €.
  bruno = await worker(WEEK10.slice(0, 4), { divisionId: org.otherDivisionId, teamId: null, hourlyCost: 15, lastname: "Aab-Bruno" });
  await computeEmployeeWeek(db.em(), alice, { year: 2026, week: 10 }, NOW);
  await computeEmployeeWeek(db.em(), bruno, { year: 2026, week: 10 }, NOW);
  await db.sql(`update employee set recovery_earned = ?, recovery_taken = ? where id = ?`, [10 * H, 4 * H, alice]);
  await db.sql(`update employee set recovery_earned = ?, recovery_taken = ? where id = ?`, [2 * H, 5 * H, bruno]);
  await createLeave(db.em(), alice, { reason: "PAID_LEAVE", start: "2026-03-16", end: "2026-03-17", state: "accepted", numberDaysWork: 2 });
  await createLeave(db.em(), alice, { reason: "SICK_LEAVE", start: "2026-02-20", end: "2026-03-02", state: "accepted", numberDaysWork: 7 });
  await createLeave(db.em(), alice, { reason: "PAID_LEAVE", start: "2026-03-20", end: "2026-03-20", state: "pending" });
  await createLeave(db.em(), alice, { reason: "RECOVERY_LEAVE", start: "2026-03-03", end: "2026-03-03", state: "accepted", nbHourAbsence: 3 });
  for (const [k, who] of Object.entries({ head, financial, dh, otherDh, leader, plain })) tokens[k] = await api.login(who.email);
});

afterAll(() => {
  delete process.env.REPORT_EXPORT_JOB_ROWS;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const byName = (list: any[], part: string): any => list.find((e: { employeeName: string }) => e.employeeName.includes(part));

describe("GET /api/report/* — numbers from the stored weeks", () => {
  it("overtime: one row per employee, the week's time account (decision 0071), totals per week and overall", async () => {
    const res = await api.get(`/api/report/overtime?subsidiaryId=${org.subsidiaryId}&${PERIOD}`, tokens.financial);
    expect(res.status).toBe(200);
    expect(res.body.weeks.map((w: { weekNumber: number }) => w.weekNumber)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(res.body.figure).toBe("time_account");
    const a = byName(res.body.employees, "AAA-ALICE");
    // The time account: Alice 5 × (9 h − 7 h) = +10 h; Bruno 4 × (9 h − 7 h) = +8 h (his legal overtime is 1 h: the
    // recovery report below; the Friday he did not clock is no row of the time account).
    expect(a.overtimeWeeks).toEqual([
      { weekNumber: 10, year: 2026, totalOvertimeSeconds: 10 * H, totalOvertimeHours: 10, totalOvertimeHourFormat: "+10h00", running: false },
    ]);
    expect(byName(res.body.employees, "AAB-BRUNO").totalSeconds).toBe(8 * H);
    expect(res.body.totalByWeek[1]).toMatchObject({ weekNumber: 10, totalSeconds: 18 * H, totalHourFormat: "+18h00" });
    expect(res.body.totalWeeks.totalSeconds).toBe(18 * H);
    expect(res.body.identifier).toBe(`overtime-${org.subsidiaryId}-20260301-20260331`);
  });

  it("recovery: hours and increased hours per rate, total increased, taken, the balance rule", async () => {
    const res = await api.get(`/api/report/recovery?subsidiaryId=${org.subsidiaryId}&${PERIOD}`, tokens.head);
    expect(res.status).toBe(200);
    expect(res.body.rates).toEqual([25, 33, 50, 100]);
    const a = byName(res.body.employees, "AAA-ALICE");
    expect(a).toMatchObject({ recoveryNormal: 20, count: 1, recoveryEarned: 10, recoveryTaken: 4, recoveryBalance: 6, totalTaken: 3 });
    expect(a.weeks[0]).toMatchObject({ weekNumber: 10, normalHours: 35, totalOvertime: 10, recoveryPaid: 10, totalIncreased: 13, totalIncreasedFormat: "13h00", totalTaken: 3 });
    expect(a.weeks[0].overtimeRates.map((r: { rateCalc: number; hourNumber: number; total: number }) => [r.rateCalc, r.hourNumber, r.total])).toEqual([
      [25, 8, 10],
      [33, 0, 0],
      [50, 2, 3],
      [100, 0, 0],
    ]);
    expect(byName(res.body.employees, "AAB-BRUNO").recoveryBalance).toBe(0);
  });

  it("hourly cost: normal cost, cost per band, total to pay, increased, average and difference", async () => {
    const res = await api.get(`/api/report/hourly-cost?subsidiaryId=${org.subsidiaryId}&${PERIOD}`, tokens.financial);
    expect(res.status).toBe(200);
    const a = byName(res.body.employees, "AAA-ALICE");
    // 35 h × 20 € = 700 €; 8 h × 25 € = 200 €; 2 h × 30 € = 60 €.
    expect(a.weeks[0]).toMatchObject({ normalCost: 700, totalToPay: 960, hourlyCostIncreased: 21.33 });
    expect(a.weeks[0].overtimeRates.find((r: { rateCalc: number }) => r.rateCalc === 25)).toEqual({ rateCalc: 25, hourNumber: 8, total: 200 });
    expect(a).toMatchObject({ hourlyCostNormal: 20, totalToPay: 960, averageCost: 21.33, differenceCost: 1.33 });
    // Bruno: 35 h × 15 € + 1 h × 18,75 € = 543,75 €.
    expect(byName(res.body.employees, "AAB-BRUNO").totalToPay).toBe(543.75);
    expect(res.body.totalWeeks).toBe(1503.75);
  });

  it("leave: accepted leaves overlapping the period, recovery leave excluded, by reason", async () => {
    const res = await api.get(`/api/report/leave?subsidiaryId=${org.subsidiaryId}&${PERIOD}`, tokens.financial);
    expect(res.status).toBe(200);
    const a = byName(res.body.employees, "AAA-ALICE");
    expect(a.leaves.map((l: { reason: string; numberDaysWork: number }) => [l.reason, l.numberDaysWork])).toEqual([
      ["sick_leave", 7],
      ["paid_leave", 2],
    ]);
    expect(a.leaves[1].start).toBe(Date.UTC(2026, 2, 16) / 1000);
    const sick = await api.get(`/api/report/leave?${PERIOD}&reason=sick_leave`, tokens.financial);
    expect(sick.body.totalItems).toBeGreaterThanOrEqual(1);
    expect(sick.body.employees.flatMap((e: { leaves: { reason: string }[] }) => e.leaves.map((l) => l.reason))).toEqual(expect.arrayContaining(["sick_leave"]));
    expect(sick.body.employees.flatMap((e: { leaves: { reason: string }[] }) => e.leaves).every((l: { reason: string }) => l.reason === "sick_leave")).toBe(true);
  });

  it.each([
    [`/api/report/overtime?start=20260101&end=20260702`, 422, "La période d'un rapport ne peut pas dépasser 6 mois."],
    [`/api/report/overtime?start=20260301`, 422, "Indiquez une date de début et une date de fin."],
    [`/api/report/overtime?start=20260331&end=20260301`, 422, "La date de fin ne peut pas précéder la date de début."],
    [`/api/report/overtime?start=2026-03-01&end=20260331`, 422, "La date doit être une date valide."],
    [`/api/report/recovery?subsidiaryId=abc&${PERIOD}`, 400, "Le filtre « subsidiaryId » est invalide."],
    [`/api/report/leave?${PERIOD}&reason=recovery_leave`, 422, "Motif de congé inconnu ou non proposé dans ce rapport."],
    [`/api/report/hourly-cost?subsidiaryId=999999&${PERIOD}`, 404, "Élément introuvable."],
  ])("%s → %i in French", async (path, status, message) => {
    const res = await api.get(path, tokens.financial);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });
});

describe("rights (spec 2 §6)", () => {
  it.each([
    ["overtime", "head", 200],
    ["overtime", "financial", 200],
    ["overtime", "dh", 200],
    ["overtime", "leader", 403],
    ["overtime", "plain", 403],
    ["recovery", "dh", 403],
    ["hourly-cost", "dh", 403],
    ["leave", "dh", 403],
    ["leave", "leader", 403],
    ["recovery", "head", 200],
  ])("/api/report/%s as %s → %i", async (report, who, status) => {
    expect((await api.get(`/api/report/${report}?${PERIOD}`, tokens[who])).status).toBe(status);
  });

  it("a department head sees their division only; another division or subsidiary is a 404", async () => {
    const own = await api.get(`/api/report/overtime?${PERIOD}`, tokens.dh);
    const names = own.body.employees.map((e: { employeeName: string }) => e.employeeName);
    expect(names.some((n: string) => n.includes("AAA-ALICE"))).toBe(true);
    expect(names.some((n: string) => n.includes("AAB-BRUNO"))).toBe(false);
    expect((await api.get(`/api/report/overtime?divisionId=${org.otherDivisionId}&${PERIOD}`, tokens.dh)).status).toBe(404);
    const other = await createOrg(db.em(), " Ailleurs");
    expect((await api.get(`/api/report/overtime?subsidiaryId=${other.subsidiaryId}&${PERIOD}`, tokens.dh)).status).toBe(404);
    const second = await api.get(`/api/report/overtime?${PERIOD}`, tokens.otherDh);
    expect(second.body.employees.map((e: { employeeName: string }) => e.employeeName).some((n: string) => n.includes("AAB-BRUNO"))).toBe(true);
  });

  it("pages: 200 for their roles, refused for the others", async () => {
    for (const [path, who, ok] of [
      ["/report/overtime", dh, true],
      ["/report/recup", financial, true],
      ["/report/cost", head, true],
      ["/report/leave", financial, true],
      ["/report/recup", dh, false],
      ["/export/cost", leader, false],
    ] as const) {
      const client = htmlClient(() => server.baseUrl);
      await client.login(who.email);
      const res = await client.get(path);
      if (ok) expect(res.status, path).toBe(200);
      else expect([302, 403, 404]).toContain(res.status);
    }
  });
});

async function download(client: ReturnType<typeof htmlClient>, path: string) {
  const cookie = [...client.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(server.baseUrl + path, { headers: { Cookie: cookie }, redirect: "manual" });
  return { res, buffer: Buffer.from(await res.arrayBuffer()) };
}

async function readSheet(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe("pages and Excel files agree with the API", () => {
  it("the recovery page shows the numbers, the file has French headers, real dates and the API's row count", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const page = await client.get(`/report/recup?subsidiary=${org.subsidiaryId}&${PAGE_PERIOD}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("AAA-ALICE");
    expect(page.text).toContain("13 h 00");
    const apiRes = await api.get(`/api/report/recovery?subsidiaryId=${org.subsidiaryId}&${PERIOD}`, tokens.financial);

    const { res, buffer } = await download(client, `/export/recup?subsidiary=${org.subsidiaryId}&${PAGE_PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="cadran-recuperation-3-print-rapports-20260301-20260331.xlsx"; filename*=UTF-8''cadran-recuperation-3-print-rapports-20260301-20260331.xlsx`,
    );
    const ws = await readSheet(buffer);
    expect(ws.getRow(1).values).toEqual(
      expect.arrayContaining(["Employé", "Matricule", "Coût horaire normal", "Semaine", "Lundi", "Heures à 25 %", "Heures majorées à 50 %", "Total majoré", "Total majoré (h:mm)", "Solde de récupération"]),
    );
    expect(ws.actualRowCount - 1).toBe(apiRes.body.totalItems);
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toContain("AAA-ALICE");
    expect(row.getCell(6).value).toEqual(new Date("2026-03-02T00:00:00Z"));
    expect(row.getCell(6).numFmt).toBe("dd/mm/yyyy");
    expect(row.getCell(3).numFmt).toBe('#,##0.00 "€"');
    expect(row.getCell(7).value).toBe(35);
    // Column 8 is the structural hours (decision 0073); the quota used and the mandatory rest close the row.
    expect(row.getCell(8).value).toBe(0);
    const twin = row.getCell(20);
    expect(twin.numFmt).toBe("[h]:mm");
    // The page's "13 h 00" as whole minutes, a value (issue 43 item 4): not a formula on the hours cell.
    // (exceljs reads a number with a time format as a date from 30/12/1899.)
    expect(((twin.value as Date).getTime() - Date.UTC(1899, 11, 30)) / 60_000).toBeCloseTo(780, 6);
    expect(row.getCell(19).value).toBe(13);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.autoFilter).toBe("A1:X1");
  });

  it("the cost file ends with totals as formulas; the overtime file sums each row and week", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(head.email);
    const cost = await readSheet((await download(client, `/export/cost?subsidiary=${org.subsidiaryId}&${PAGE_PERIOD}`)).buffer);
    const apiCost = await api.get(`/api/report/hourly-cost?subsidiaryId=${org.subsidiaryId}&${PERIOD}`, tokens.head);
    expect(cost.actualRowCount).toBe(apiCost.body.totalItems + 2);
    const last = cost.getRow(cost.actualRowCount);
    expect(last.getCell(1).value).toBe("Total");
    const total = last.getCell(17).value as { formula: string; result: number };
    expect(total.formula).toBe(`SUM(Q2:Q${cost.actualRowCount - 1})`);
    expect(total.result).toBe(1503.75);

    const overtime = await readSheet((await download(client, `/export/overtime?subsidiary=${org.subsidiaryId}&${PAGE_PERIOD}`)).buffer);
    const apiOvertime = await api.get(`/api/report/overtime?subsidiaryId=${org.subsidiaryId}&${PERIOD}`, tokens.head);
    expect(overtime.actualRowCount).toBe(apiOvertime.body.totalItems + 2);
    expect((overtime.getRow(2).getCell(9).value as { formula: string }).formula).toBe("SUM(C2:H2)");
    const weekTotal = overtime.getRow(overtime.actualRowCount).getCell(4).value as { formula: string; result: number };
    expect(weekTotal.result).toBe(18);
  });

  it("the leave file has one row per leave of the API", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const ws = await readSheet((await download(client, `/export/leave?${PAGE_PERIOD}`)).buffer);
    const apiLeave = await api.get(`/api/report/leave?${PERIOD}`, tokens.financial);
    expect(ws.actualRowCount - 1).toBe(apiLeave.body.totalItems);
    expect(ws.getRow(1).values).toEqual([undefined, "Employé", "Matricule", "Début", "Fin", "Motif", "Jours ouvrés"]);
  });

  it("a period over 6 months moves on the page (the date changed stays, the other moves, a notice says so); the /api keeps its 422", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const decoded = (text: string) => text.replace(/&#x27;|&#39;/g, "'");
    // A typed URL: the start is kept, the end moves to start + 6 months, and the report is there.
    const page = await client.get(`/report/overtime?from=2026-01-01&to=2026-09-01`);
    expect(page.status).toBe(200);
    expect(decoded(page.text)).not.toContain("La période d'un rapport ne peut pas dépasser 6 mois.");
    expect(decoded(page.text)).toContain("la date de fin a été déplacée à 6 mois après le début. Période affichée : du 01/01/2026 au 01/07/2026.");
    expect(page.text).toContain('data-testid="report-table"');
    expect(page.text).toContain("/export/overtime?from=2026-01-01&amp;to=2026-07-01");
    // The form without JavaScript: only the end changed from the period shown, so the start moves.
    const byEnd = await client.get(`/report/overtime?from=2026-01-01&to=2026-09-01&shownFrom=2026-01-01&shownTo=2026-03-31`);
    expect(decoded(byEnd.text)).toContain("la date de début a été déplacée à 6 mois avant la fin. Période affichée : du 01/03/2026 au 01/09/2026.");
    expect(byEnd.text).toContain('value="2026-03-01"');
    const exported = await download(client, `/export/overtime?from=2026-01-01&to=2026-09-01`);
    expect(exported.res.status).toBe(302);
    const refused = await api.get(`/api/report/overtime?start=20260101&end=20260902`, tokens.financial);
    expect(refused.status).toBe(422);
  });
});

describe("large exports run as a job", () => {
  it("above the threshold: a job with its progress, a download for its requester only", async () => {
    process.env.REPORT_EXPORT_JOB_ROWS = "0";
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const started = await download(client, `/export/recup?subsidiary=${org.subsidiaryId}&${PAGE_PERIOD}`);
    expect(started.res.status).toBe(302);
    const location = started.res.headers.get("location")!;
    const id = new URL(location, server.baseUrl).searchParams.get("job")!;
    expect(location).toContain("/report/recup?");
    await drainInlineJobs();
    const [job] = await db.sql<{ status: string; done_rows: number; total_rows: number }>(`select status, done_rows, total_rows from report_export where id = ?`, [id]);
    expect(job).toMatchObject({ status: "done" });
    expect(job!.done_rows).toBe(job!.total_rows);
    const page = await client.get(location);
    expect(page.text).toContain(`/export/recup?job=${id}`);
    const file = await download(client, `/export/recup?job=${id}`);
    expect(file.res.status).toBe(200);
    const apiRes = await api.get(`/api/report/recovery?subsidiaryId=${org.subsidiaryId}&${PERIOD}`, tokens.financial);
    expect((await readSheet(file.buffer)).actualRowCount - 1).toBe(apiRes.body.totalItems);

    const other = htmlClient(() => server.baseUrl);
    await other.login(head.email);
    expect((await download(other, `/export/recup?job=${id}`)).res.status).toBe(404);
    expect((await other.get(`/report/recup?job=${id}`)).status).toBe(404);

    // A running job's page refreshes itself without JavaScript.
    await db.sql(`update report_export set status = 'running', done_rows = 1, total_rows = 4 where id = ?`, [id]);
    const running = await client.get(`/report/recup?job=${id}`);
    expect(running.text).toContain('http-equiv="refresh"');
    expect(running.text).toContain("1 ligne sur 4");
    // Kept 24 h.
    await db.sql(`update report_export set status = 'done', expires_at = now() - interval '1 second' where id = ?`, [id]);
    expect((await download(client, `/export/recup?job=${id}`)).res.status).toBe(404);
    delete process.env.REPORT_EXPORT_JOB_ROWS;
  });
});

describe("manual add-recovery form", () => {
  it("refuses a week the year does not have, then adds a valid one with the French success alert", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const bad = await client.post(`/report/recup`, { intent: "add-recovery", week: "53", year: "2025" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('class="field-error"');
    const ok = await client.post(`/report/recup`, { intent: "add-recovery", week: "11", year: "2026" });
    expect(ok.status).toBe(302);
    const after = await client.get(ok.location!);
    expect(after.text).toContain("Récupération ajoutée avec succès !");
  });
});
