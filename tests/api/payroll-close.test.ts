import { beforeAll, describe, expect, it } from "vitest";
import { closableFrom } from "~/domain/payroll/month";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { insertDefaultPolicy } from "~/services/overtime/policy.server";
import { runChunk } from "~/services/overtime/run.server";
import { computeEmployeeWeek } from "~/services/overtime/week.server";
import { closeMonth, monthState, reopenMonth } from "~/services/payroll/close.server";
import { lateChangeNotice } from "~/services/payroll/late-change.server";
import { payrollMonth } from "~/services/payroll/payroll.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSchedule, type Entry } from "~tests/support/factories-badging";
import { currentUserOf } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/** Issue 27: a monthly close that really closes (decision 0079). */
const db = useTestDatabase();
const server = useTestServer();
const NOW = new Date("2026-11-26T10:00:00Z");

let org: Org;
let head: TestEmployee, financial: TestEmployee;

beforeAll(async () => {
  org = await createOrg(db.em(), " Clôture27");
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "c27.head@cadran.test" });
  financial = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "c27.fin@cadran.test" });
});

const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

describe("absurd months (issue 27 §4)", () => {
  it.each(["0000-01", "2026-13", "2026-00", "1900-01", "9999-12", "20266-01"])(
    "month=%s: the page, the export and the close answer a French 400",
    async (month) => {
      const client = htmlClient(() => server.baseUrl);
      await client.login(financial.email);
      const message = t("payroll.error.month");
      const page = await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=${month}`);
      expect(page.status).toBe(400);
      expect(decode(page.text)).toContain(message);
      for (const format of ["csv", "xlsx"]) {
        const file = await client.get(`/export/payroll?subsidiary=${org.subsidiaryId}&month=${month}&format=${format}`);
        expect(file.status).toBe(400);
        expect(JSON.parse(file.text)).toEqual({ message });
      }
      const close = await client.post(`/report/payroll?subsidiary=${org.subsidiaryId}&month=${month}`, { intent: "close" });
      expect(close.status).toBe(400);
      expect(decode(close.text)).toContain(message);
      const fin = await currentUserOf(db.em(), financial);
      await expect(closeMonth(db.em(), fin, org.subsidiaryId, month, NOW)).rejects.toMatchObject({ status: 422, message });
      expect(await db.sql(`select 1 from payroll_month where subsidiary_id = ?`, [org.subsidiaryId])).toEqual([]);
    },
  );
});

describe("a month closes once it is over (issue 27 §1)", () => {
  it("is refused before the day after its last day, in the subsidiary's zone", async () => {
    const fin = await currentUserOf(db.em(), financial);
    const tooEarly = t("payroll.close_too_early", { month: "novembre 2026", date: "01/12/2026" });
    // 26/11: November is not over, December not begun.
    await expect(closeMonth(db.em(), fin, org.subsidiaryId, "2026-11", NOW)).rejects.toMatchObject({ status: 409, message: tooEarly });
    await expect(closeMonth(db.em(), fin, org.subsidiaryId, "2026-12", NOW)).rejects.toMatchObject({ status: 409 });
    // 30/11 23:30 UTC: already 1 December in Paris, still 30 November in the Azores.
    const azores = await createOrg(db.em(), " Açores27");
    await db.sql(`update subsidiary set timezone = 'Atlantic/Azores' where id = ?`, [azores.subsidiaryId]);
    const lateOn30th = new Date("2026-11-30T23:30:00Z");
    await expect(closeMonth(db.em(), fin, azores.subsidiaryId, "2026-11", lateOn30th)).rejects.toMatchObject({ status: 409, message: tooEarly });
    await closeMonth(db.em(), fin, org.subsidiaryId, "2026-11", lateOn30th);
    const state = await monthState(db.em(), azores.subsidiaryId, "2026-11", lateOn30th);
    expect(state).toMatchObject({ closed: false, closable: false, closableFrom: "2026-12-01" });
    expect((await monthState(db.em(), azores.subsidiaryId, "2026-11", new Date("2026-12-01T01:30:00Z"))).closable).toBe(true);
    await reopenMonth(db.em(), await currentUserOf(db.em(), head), org.subsidiaryId, "2026-11", lateOn30th, { reason: "Correction" });
  });

  it("the page of a month not over says from when it may be closed, with no close button; a posted close is refused", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const today = localDate(new Date(), "Europe/Paris");
    const month = today.slice(0, 7);
    const next = closableFrom(month)!;
    const page = await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=${month}`);
    expect(page.status).toBe(200);
    expect(decode(page.text)).toContain(t("payroll.close_not_yet", { date: `${next.slice(8, 10)}/${next.slice(5, 7)}/${next.slice(0, 4)}` }));
    expect(page.text).not.toContain('name="intent" value="close"');
    const res = await client.post(`/report/payroll?subsidiary=${org.subsidiaryId}&month=${month}`, { intent: "close", confirmed: "yes" });
    expect(res.status).toBe(303);
    expect(decode((await client.get(res.location!)).text)).toContain("n'est pas terminé");
    expect(await db.sql(`select 1 from payroll_month where subsidiary_id = ? and month = ?`, [org.subsidiaryId, `${month}-01`])).toEqual([]);
  });
});

describe("closed months and their log (issue 27 §5)", () => {
  it("the page lists the closed months with who closed them and when; the log keeps each close and reopen, even once the account is gone", async () => {
    const closer = await createEmployee(db.em(), org, {
      profileType: "ROLE_FINANCIAL_MANAGEMENT",
      email: "c27.closer@cadran.test",
      firstname: "zoé",
      lastname: "clôture",
    });
    const fin = await currentUserOf(db.em(), closer);
    const boss = await currentUserOf(db.em(), head);
    await closeMonth(db.em(), fin, org.subsidiaryId, "2026-08", new Date("2026-09-02T08:00:00Z"));
    await closeMonth(db.em(), fin, org.subsidiaryId, "2026-09", new Date("2026-10-05T08:00:00Z"));
    await reopenMonth(db.em(), boss, org.subsidiaryId, "2026-09", new Date("2026-10-06T08:00:00Z"), { reason: "Correction" });
    await closeMonth(db.em(), await currentUserOf(db.em(), financial), org.subsidiaryId, "2026-09", new Date("2026-10-07T08:00:00Z"));

    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const page = decode((await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-10`)).text);
    const section = page.slice(page.indexOf('data-testid="payroll-closed-months"'));
    expect(section).toContain(t("payroll.closed_months"));
    expect(section).toMatch(/09\/2026<\/a><\/th><td[^>]*>Camille TEST\d+<\/td><td>07\/10\/2026 10:00<\/td>/);
    expect(section).toMatch(/08\/2026<\/a><\/th><td[^>]*>Zoé CLÔTURE<\/td><td>02\/09\/2026 10:00<\/td>/);
    expect(section.indexOf("09/2026")).toBeLessThan(section.indexOf("08/2026"));

    // The closer's account goes (an empty sheet may be deleted): the log and the list keep the name.
    await db.sql(`delete from app_user where employee_id = ?`, [closer.employeeId]);
    await db.sql(`delete from employee where id = ?`, [closer.employeeId]);
    const state = await monthState(db.em(), org.subsidiaryId, "2026-09");
    expect(state.log.map((l) => [l.action, l.actor])).toEqual([
      ["close", expect.stringMatching(/^Camille TEST/)],
      ["reopen", expect.stringMatching(/^Camille TEST/)],
      ["close", "Zoé CLÔTURE"],
    ]);
    expect((await monthState(db.em(), org.subsidiaryId, "2026-08")).closedBy).toBe("Zoé CLÔTURE");
  });
});

describe("a closed month is a snapshot (issue 27 §2)", () => {
  const OCTOBER_WEEK = ["2026-10-05", "2026-10-06", "2026-10-07", "2026-10-08", "2026-10-09"];
  const NINE_HOURS: Entry[] = [
    ["08:00", "START"],
    ["12:00", "LUNCH"],
    ["13:00", "START"],
    ["18:00", "END"],
  ];
  const csvOf = async (subsidiaryId: number, month: string) => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const res = await client.get(`/export/payroll?subsidiary=${subsidiaryId}&month=${month}&format=csv`);
    expect(res.status).toBe(200);
    return res.text;
  };

  it("a move to another subsidiary or a deletion leaves October's lines as closed; the runs compute its weeks again (decision 0118) and what a week now owes is carried into the next open month", async () => {
    const print = await createOrg(db.em(), " Print27");
    const lisboa = await createOrg(db.em(), " Lisboa27");
    const { employeeId: alice } = await createEmployee(db.em(), print, { email: "c27.alice@cadran.test", firstname: "alice", lastname: "snap" });
    const { employeeId: carol } = await createEmployee(db.em(), print, { email: "c27.carol@cadran.test", firstname: "carol", lastname: "vide" });
    await db.sql(`update employee set number_of_hours_per_week = 35, hired_at = '2023-03-01' where id = ?`, [alice]);
    await createSchedule(db.em(), alice);
    const clockNow = new Date("2026-10-12T08:00:00Z");
    for (const d of OCTOBER_WEEK) await recomputeDay(db.em(), await createClock(db.em(), alice, d, NINE_HOURS), clockNow);
    await computeEmployeeWeek(db.em(), alice, { year: 2026, week: 41 }, clockNow);

    const fin = await currentUserOf(db.em(), financial);
    const before = await payrollMonth(db.em(), print.subsidiaryId, "2026-10");
    await closeMonth(db.em(), fin, print.subsidiaryId, "2026-10", NOW);
    const aliceLine = before.lines.find((l) => l.employeeId === alice)!;
    expect(aliceLine.overtimeByRate).toEqual([8 * 3600, 0, 2 * 3600, 0]);

    // Alice moves to Lisboa (her sheet's subsidiary, division and team); Carol's empty sheet is deleted.
    await db.sql(`update employee set subsidiary_id = ?, country_id = ?, division_id = ?, team_id = ? where id = ?`, [
      lisboa.subsidiaryId,
      lisboa.countryId,
      lisboa.divisionId,
      lisboa.teamId,
      alice,
    ]);
    const api = apiClient(() => server.baseUrl);
    const token = await api.login(head.email);
    expect((await api.delete(`/api/employees/${carol}`, token)).status).toBe(204);
    const refused = await api.delete(`/api/employees/${alice}`, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(t("employee.error.delete_has_history"));

    // A change to her October still says it is closed, though Lisboa's October is open: Print's close holds her line.
    await expect(lateChangeNotice(db.em(), { employeeIds: [alice] }, { from: "2026-10-09", to: "2026-10-09" })).resolves.toMatch(/^Octobre 2026 est clôturé/);
    await expect(lateChangeNotice(db.em(), { employeeIds: [alice] }, { from: "2026-11-16", to: "2026-11-16" })).resolves.toBeNull();

    const after = await payrollMonth(db.em(), print.subsidiaryId, "2026-10");
    expect(after.lines).toEqual(before.lines);
    const csv = await csvOf(print.subsidiaryId, "2026-10");
    expect(csv).toContain("Alice SNAP");
    expect(csv).toContain("Carol VIDE");

    // A data fix adds an hour to Friday 9 October; the recompute of October computes the week (decision 0118: a close
    // freezes days, not weeks), October's lines stay as they were paid.
    const [week] = await db.sql<{ checksum: string }>(`select checksum from overtime_week where employee_id = ? and monday = '2026-10-05'`, [alice]);
    await db.sql(`update time_clock set working_time_seconds = working_time_seconds + 3600 where employee_id = ? and date = '2026-10-09'`, [alice]);
    const scope = { kind: "range", from: "2026-10-01", to: "2026-10-31" } as const;
    await runChunk(db.em(), { firstId: alice, lastId: alice }, scope, NOW);
    await runChunk(db.em(), { firstId: alice, lastId: alice }, { kind: "nightly" }, NOW);
    const [kept] = await db.sql<{ checksum: string }>(`select checksum from overtime_week where employee_id = ? and monday = '2026-10-05'`, [alice]);
    expect(kept!.checksum).not.toBe(week!.checksum);

    // …and carries the hour into Lisboa's November (her subsidiary now), once however often the runs go.
    await runChunk(db.em(), { firstId: alice, lastId: alice }, scope, NOW);
    const rappels = await db.sql<{ subsidiary_id: number; month: string; monday: string; figures: { overtimeByRate: number[] } }>(
      `select subsidiary_id, to_char(month, 'YYYY-MM') as month, to_char(monday, 'YYYY-MM-DD') as monday, figures from payroll_regularisation where employee_id = ?`,
      [alice],
    );
    expect(rappels).toEqual([
      {
        subsidiary_id: lisboa.subsidiaryId,
        month: "2026-11",
        monday: "2026-10-05",
        figures: expect.objectContaining({ overtimeByRate: [0, 0, 3600, 0] }),
      },
    ]);
    const november = await payrollMonth(db.em(), lisboa.subsidiaryId, "2026-11");
    const rappel = november.lines.find((l) => l.employeeName.includes("rappel"))!;
    expect(rappel.employeeName).toBe("Alice SNAP — rappel semaine 41/2026 (du 05/10/2026 au 11/10/2026)");
    expect(rappel.overtimeByRate).toEqual([0, 0, 3600, 0]);
    const file = await csvOf(lisboa.subsidiaryId, "2026-11");
    expect(file).toContain("Alice SNAP — rappel semaine 41/2026 (du 05/10/2026 au 11/10/2026);2026-11;0;0;1;0;");
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const page = decode((await client.get(`/report/payroll?subsidiary=${lisboa.subsidiaryId}&month=2026-11`)).text);
    expect(page).toContain('data-testid="payroll-rappels"');
    expect(page).toContain("41/2026");
    // October itself is unchanged.
    expect((await payrollMonth(db.em(), print.subsidiaryId, "2026-10")).lines).toEqual(before.lines);

    // Lisboa closes November: the regularisation is paid with it, and the next runs carry nothing more.
    const december = new Date("2026-12-02T08:00:00Z");
    await closeMonth(db.em(), fin, lisboa.subsidiaryId, "2026-11", december);
    await runChunk(db.em(), { firstId: alice, lastId: alice }, scope, december);
    expect(await db.sql(`select to_char(month, 'YYYY-MM') as month from payroll_regularisation where employee_id = ?`, [alice])).toEqual([{ month: "2026-11" }]);
    expect((await payrollMonth(db.em(), lisboa.subsidiaryId, "2026-11")).lines.filter((l) => l.employeeName.includes("rappel"))).toHaveLength(1);
    expect((await payrollMonth(db.em(), lisboa.subsidiaryId, "2026-12")).lines.filter((l) => l.employeeName.includes("rappel"))).toHaveLength(0);
    const closedPage = decode((await client.get(`/report/payroll?subsidiary=${lisboa.subsidiaryId}&month=2026-11`)).text);
    expect(closedPage).toContain('data-testid="payroll-rappels"');
    expect(closedPage).toContain("41/2026");
  });

  it("in cadran-paie-v2 a rappel puts each hour in its one column: the part put into rest is in HS_EN_REPOS, not paid (decision 0111)", async () => {
    const split = await createOrg(db.em(), " Split27");
    // The country's policy puts half of the overtime into replacement rest (L3121-33).
    await insertDefaultPolicy(db.em(), split.countryId, "France", { paid: 50, inRecuperation: 50, employeeInitiatedRecuperation: 50, employerInitiatedRecuperation: 50 });
    const { employeeId: dora } = await createEmployee(db.em(), split, { email: "c27.dora@cadran.test", firstname: "dora", lastname: "repos" });
    await db.sql(`update employee set number_of_hours_per_week = 35, hired_at = '2023-03-01' where id = ?`, [dora]);
    await createSchedule(db.em(), dora);
    const clockNow = new Date("2026-10-12T08:00:00Z");
    for (const d of OCTOBER_WEEK) await recomputeDay(db.em(), await createClock(db.em(), dora, d, NINE_HOURS), clockNow);
    await computeEmployeeWeek(db.em(), dora, { year: 2026, week: 41 }, clockNow);
    await closeMonth(db.em(), await currentUserOf(db.em(), financial), split.subsidiaryId, "2026-10", NOW);

    // A data fix adds an hour on Friday 9 October (the 46th of the week: +50 %), after October was paid.
    await db.sql(`update time_clock set working_time_seconds = working_time_seconds + 3600 where employee_id = ? and date = '2026-10-09'`, [dora]);
    await runChunk(db.em(), { firstId: dora, lastId: dora }, { kind: "range", from: "2026-10-01", to: "2026-10-31" }, NOW);

    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const res = await client.get(`/export/payroll?subsidiary=${split.subsidiaryId}&month=2026-11&format=csv&layout=v2`);
    expect(res.status).toBe(200);
    const row = res.text.split("\r\n").find((l) => l.includes("Dora REPOS — rappel semaine 41/2026"))!;
    const cols = row.split(";");
    const header = res.text.replace(/^\uFEFF/, "").split("\r\n")[0]!.split(";");
    const col = (name: string) => cols[header.indexOf(name)];
    // Half an hour paid at +50 %, half an hour put into rest and earned increased (0,5 × 1,5): never both.
    expect([col("HS_25"), col("HS_50"), col("HS_EN_REPOS"), col("RECUP_ACQUISE")]).toEqual(["0", "0,5", "0,5", "0,75"]);
    expect([col("HS_STRUCT"), col("PRIME_1ER_MAI"), col("HEURES_NUIT")]).toEqual(["0", "0", "0"]);
    // v1 keeps its meaning: every banded hour of the rate.
    const v1 = (await client.get(`/export/payroll?subsidiary=${split.subsidiaryId}&month=2026-11&format=csv`)).text;
    expect(v1).toContain("Dora REPOS — rappel semaine 41/2026 (du 05/10/2026 au 11/10/2026);2026-11;0;0;1;0;");
  });
});
