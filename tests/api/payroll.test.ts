import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { decideLeave, removeLeave } from "~/services/leave/decision.server";
import { computeEmployeeWeek } from "~/services/overtime/week.server";
import { closeMonth, monthState, reopenMonth } from "~/services/payroll/close.server";
import { lateChangeNotice } from "~/services/payroll/late-change.server";
import { payrollColumns, payrollMonth, PAYROLL_CSV_COLUMNS } from "~/services/payroll/payroll.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { validateSuggestion } from "~/services/time-clock/suggestions.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSchedule, createSuggestion, NINE_HOURS } from "~tests/support/factories-badging";
import { createLeave, currentUserOf } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/** Payroll variables (DESIGN §10): numbers from the stored weeks, CSV and Excel read back, the monthly close. */
const db = useTestDatabase();
const server = useTestServer();
const NOW = new Date("2026-04-06T08:00:00Z");

let org: Org;
let head: TestEmployee, financial: TestEmployee;
let alice: number;

beforeAll(async () => {
  org = await createOrg(db.em(), " Paie");
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "pay.head@cadran.test" });
  financial = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "pay.fin@cadran.test" });
  ({ employeeId: alice } = await createEmployee(db.em(), org, { email: "pay.alice@cadran.test" }));
  await db.sql(`update employee set number_of_hours_per_week = 35, lastname = 'Aaa-Paie', firstname = 'alice' where id = ?`, [alice]);
  await createSchedule(db.em(), alice);
  // Week 10 (2–6 March): 45 h → 8 h at +25 %, 2 h at +50 %. Week 14 (30 March – 3 April) straddles April:
  // 9 h on Monday and Tuesday in March, 9 h on Wed–Fri in April → 45 h, split 18/45 to March.
  for (const d of ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03"]) {
    await recomputeDay(db.em(), await createClock(db.em(), alice, d, NINE_HOURS), NOW);
  }
  await computeEmployeeWeek(db.em(), alice, { year: 2026, week: 10 }, NOW);
  await computeEmployeeWeek(db.em(), alice, { year: 2026, week: 14 }, NOW);
  await createLeave(db.em(), alice, { reason: "PAID_LEAVE", start: "2026-03-16", end: "2026-03-17", state: "accepted", numberDaysWork: 2 });
  // 27 March (Fri) to 3 April (Fri): 6 weekdays, 3 of them in March (27, 30, 31) → 3 of its 6 days.
  await createLeave(db.em(), alice, { reason: "RTT_LEAVE", start: "2026-03-27", end: "2026-04-03", state: "accepted", numberDaysWork: 6 });
  await createLeave(db.em(), alice, { reason: "RECOVERY_LEAVE", start: "2026-03-10", end: "2026-03-10", state: "accepted", nbHourAbsence: 3 });
});

describe("payroll variables", () => {
  it("splits a straddling week by its days and prorates a straddling leave (hand-computed)", async () => {
    const data = await payrollMonth(db.em(), org.subsidiaryId, "2026-03");
    const line = data.lines.find((l) => l.employeeId === alice)!;
    // Week 10: 8 h + 2 h. Week 14: 8 h at 25 % and 2 h at 50 %, × 18/45 → 3,2 h and 0,8 h.
    expect(line.overtimeByRate).toEqual([(8 + 3.2) * 3600, 0, (2 + 0.8) * 3600, 0]);
    expect(line.recoveryTakenSeconds).toBe(3 * 3600);
    expect(line.leaveDays[0]).toBe(2); // PAID_LEAVE
    expect(line.leaveDays[4]).toBe(3); // RTT_LEAVE: 6 days × 3/6 weekdays
  });

  it("counts a straddling week's anomalies in the month of their day, not in both months", async () => {
    const { employeeId: bob } = await createEmployee(db.em(), org, { email: "pay.bob@cadran.test" });
    await createSchedule(db.em(), bob);
    // Week 14: a day without END on Tuesday 31 March and another on Wednesday 1 April; no contract hours.
    for (const d of ["2026-03-31", "2026-04-01"]) await recomputeDay(db.em(), await createClock(db.em(), bob, d, [["08:00", "START"]]), NOW);
    await computeEmployeeWeek(db.em(), bob, { year: 2026, week: 14 }, NOW);
    const [week] = await db.sql<{ anomaly_count: number; list: unknown }>(
      `select anomaly_count, explanation -> 'anomalies' as list from overtime_week where employee_id = ? and iso_week = 14`,
      [bob],
    );
    // Two dated anomalies and an undated week-level one (no contract hours on the sheet).
    expect(week!.anomaly_count).toBe(3);
    expect(week!.list).toContainEqual({ code: "contract_missing" });
    const march = (await payrollMonth(db.em(), org.subsidiaryId, "2026-03")).lines.find((l) => l.employeeId === bob)!;
    const april = (await payrollMonth(db.em(), org.subsidiaryId, "2026-04")).lines.find((l) => l.employeeId === bob)!;
    // 31 March in March; 1 April and the undated one (the week's Thursday, 2 April) in April.
    expect([march.anomalies, april.anomalies]).toEqual([1, 2]);
  });

  it("the CSV parses back: BOM, semicolons, comma decimals, the documented columns", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const cookie = [...client.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${server.baseUrl}/export/payroll?subsidiary=${org.subsidiaryId}&month=2026-03&format=csv`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("cadran-paie-3-print-paie-20260301-20260331.csv");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split("\r\n").filter(Boolean).map((l) => l.split(";"));
    expect(lines[0]).toEqual([...PAYROLL_CSV_COLUMNS]);
    const row = lines.find((l) => l[1] === "Alice AAA-PAIE")!;
    const col = (name: string) => row[PAYROLL_CSV_COLUMNS.indexOf(name as never)];
    expect([col("MOIS"), col("HS_25"), col("HS_50"), col("RECUP_PRISE"), col("JOURS_PAID"), col("JOURS_RTT")]).toEqual(["2026-03", "11,2", "2,8", "3", "2", "3"]);
  });

  it("cadran-paie-v2 is asked with layout=v2: its documented columns, paid hours per rate (v1 stays the default address)", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const cookie = [...client.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${server.baseUrl}/export/payroll?subsidiary=${org.subsidiaryId}&month=2026-03&format=csv&layout=v2`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(Buffer.from(await res.arrayBuffer()));
    const lines = text.slice(1).split("\r\n").filter(Boolean).map((l) => l.split(";"));
    expect(lines[0]).toEqual(payrollColumns("cadran-paie-v2"));
    expect(lines[0]!.slice(0, 16)).toEqual([
      "MATRICULE", "NOM", "MOIS", "HS_STRUCT", "HS_25", "HS_33", "HS_50", "HS_100", "HS_AUTRES", "HC", "PRIME_1ER_MAI", "HEURES_DIM_FERIES",
      "HEURES_NUIT", "HS_EN_REPOS", "RECUP_ACQUISE", "RECUP_PRISE",
    ]);
    const row = lines.find((l) => l[1] === "Alice AAA-PAIE")!;
    const col = (name: string) => row[lines[0]!.indexOf(name)];
    expect([col("HS_STRUCT"), col("HS_25"), col("HS_50"), col("HC"), col("PRIME_1ER_MAI"), col("RECUP_PRISE")]).toEqual(["0", "11,2", "2,8", "0", "0", "3"]);
    // The page shows the layout it exports.
    const page = await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-03&layout=v2`);
    expect(page.text).toContain("HS structurelles, dans le salaire (h)");
    expect(page.text).toContain("layout=v2&amp;format=csv");
  });

  it("cadran-paie-v3 is asked with layout=v3 and is the page's default: v2's columns and the night premium after HEURES_NUIT, its articles linked (decision 0143)", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const csv = await client.get(`/export/payroll?subsidiary=${org.subsidiaryId}&month=2026-03&format=csv&layout=v3`);
    expect(csv.status).toBe(200);
    const lines = csv.text.replace(/^\ufeff/, "").split("\r\n").filter(Boolean).map((l) => l.split(";"));
    expect(lines[0]).toEqual(payrollColumns("cadran-paie-v3"));
    expect(lines[0]!.slice(12, 17)).toEqual(["HEURES_NUIT", "HEURES_NUIT_MAJOREES", "TAUX_NUIT", "PRIME_NUIT_H", "HS_EN_REPOS"]);
    const row = lines.find((l) => l[1] === "Alice AAA-PAIE")!;
    const col = (name: string) => row[lines[0]!.indexOf(name)];
    // Alice works by day in Paris: no night hours, no premium; her other figures are v2's.
    expect([col("HS_25"), col("HS_50"), col("HEURES_NUIT"), col("HEURES_NUIT_MAJOREES"), col("TAUX_NUIT"), col("PRIME_NUIT_H")]).toEqual(["11,2", "2,8", "0", "0", "0", "0"]);
    // The page without a layout shows v3, links its files with layout=v3, offers v2 and v1, and cites the night premium's law.
    const page = (await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-03`)).text.replaceAll("&#x27;", "'");
    expect(page).toContain("Heures de nuit majorées (h)");
    expect(page).toContain("Taux de majoration de nuit (%)");
    expect(page).toContain("layout=v3&amp;format=csv");
    expect(page).toMatch(/<option value="v3"[^>]*>cadran-paie-v3 \(recommandé, avec la majoration de nuit\)<\/option>/);
    expect(page).toContain('<option value="v2">cadran-paie-v2 (sans la majoration de nuit)</option>');
    const night = page.slice(page.indexOf('data-testid="payroll-night-sources"'));
    expect(night).toMatch(/<a href="https:\/\/www\.legifrance\.gouv\.fr\/[^"]+"[^>]*title="Contreparties du travail de nuit[^"]*texte lu le 04\/12\/2026"[^>]*>Code du travail, art\. L3122-8<\/a>/);
    expect(night).toContain(">Código do Trabalho, art. 266.º n.º 1</a>");
    // v2 asked: its own columns, no premium nor its articles.
    const v2 = (await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-03&layout=v2`)).text;
    expect(v2).not.toContain("Heures de nuit majorées (h)");
    expect(v2).not.toContain('data-testid="payroll-night-sources"');
  });

  it("the Excel file has the same rows with French headers", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const cookie = [...client.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${server.baseUrl}/export/payroll?subsidiary=${org.subsidiaryId}&month=2026-03&format=xlsx`, { headers: { Cookie: cookie } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const data = await payrollMonth(db.em(), org.subsidiaryId, "2026-03");
    expect(ws.actualRowCount - 1).toBe(data.lines.length);
    expect(ws.getRow(1).getCell(4).value).toBe("HS 25 % (h)");
    expect((await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-03`)).status).toBe(200);
  });
});

describe("the monthly close", () => {
  it("finance closes; changes to the month's days are accepted with a notice naming the payslip month (decision 0118); head management reopens; all logged", async () => {
    const fin = await currentUserOf(db.em(), financial);
    const boss = await currentUserOf(db.em(), head);
    const pending = await createLeave(db.em(), alice, { reason: "SICK_LEAVE", start: "2026-02-26", end: "2026-03-02", state: "pending" });
    const accepted = await createLeave(db.em(), alice, { reason: "PAID_LEAVE", start: "2026-02-23", end: "2026-02-23", state: "accepted" });
    await db.sql(`update employee set leave_workflow = 'fast' where id = ?`, [alice]);
    const suggestion = await createSuggestion(db.em(), alice, "2026-02-25", NINE_HOURS);

    await closeMonth(db.em(), fin, org.subsidiaryId, "2026-02", NOW);
    await expect(closeMonth(db.em(), fin, org.subsidiaryId, "2026-02", NOW)).rejects.toMatchObject({ status: 409, message: "Ce mois est déjà clôturé." });

    const notice = "Février 2026 est clôturé : la différence sera régularisée sur la paie de mars 2026.";
    // A leave of 26 February – 2 March: its February days are a rappel in March.
    await expect(decideLeave(db.em(), fin, pending, "validate", { now: NOW })).resolves.toMatchObject({ state: "accepted", notice });
    await expect(removeLeave(db.em(), fin, accepted, { now: NOW })).resolves.toMatchObject({ state: "removed", notice });
    await expect(validateSuggestion(db.em(), fin, suggestion, NOW)).resolves.toMatchObject({ notice });
    // Days of March, the week of 23 February included, touch no closed month.
    await expect(lateChangeNotice(db.em(), { subsidiaryId: org.subsidiaryId }, { from: "2026-03-09", to: "2026-03-09" })).resolves.toBeNull();
    await expect(lateChangeNotice(db.em(), { employeeIds: [alice] }, { from: "2026-03-01", to: "2026-03-02" })).resolves.toBeNull();

    await expect(reopenMonth(db.em(), fin, org.subsidiaryId, "2026-02", NOW, { reason: "Correction" })).rejects.toMatchObject({ status: 403, message: "Seule la direction peut rouvrir un mois clôturé." });
    await reopenMonth(db.em(), boss, org.subsidiaryId, "2026-02", NOW, { reason: "Correction" });
    const state = await monthState(db.em(), org.subsidiaryId, "2026-02");
    expect(state.closed).toBe(false);
    expect(state.log.map((l) => l.action).sort()).toEqual(["close", "reopen"]);
  });

  it("the page closes a month without JavaScript, through its confirmation step (issue 38 §4)", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const base = `/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-01`;
    // A close posted without its confirmation goes to the step, nothing closed.
    const bare = await client.post(base, { intent: "close" });
    expect(bare.status).toBe(303);
    expect(bare.location).toContain("confirm=close");
    expect(await db.sql(`select 1 from payroll_month where subsidiary_id = ? and month = '2026-01-01'`, [org.subsidiaryId])).toEqual([]);
    const step = (await client.get(bare.location!)).text.replaceAll("&#x27;", "'");
    expect(step).toContain('data-testid="payroll-confirm-close"');
    const [sub] = await db.sql<{ name: string }>(`select name from subsidiary where id = ?`, [org.subsidiaryId]);
    expect(step).toContain(`Clôturer janvier 2026 pour ${sub!.name} ?`);
    expect(step).toContain("Absences en attente sur des jours du mois : 0");
    const res = await client.post(base, { intent: "close", confirmed: "yes" });
    expect(res.status).toBe(302);
    const page = await client.get(res.location!);
    expect(page.text).toContain("Le mois est clôturé.");
    expect(page.text).toContain("Mois clôturé par");
  });
});
