import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { closeMonth, reopenMonth } from "~/services/payroll/close.server";
import { closeChecklist, closedMonthAnomalies } from "~/services/payroll/checklist.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { runChunk } from "~/services/overtime/run.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSchedule, createSuggestion, type Entry, NINE_HOURS } from "~tests/support/factories-badging";
import { createLeave, currentUserOf } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 38 §3–§4 (decision 0118): the pre-close checklist, the close that computes its stale weeks, the
 * confirmation steps without JavaScript, a reopening that asks a reason and, once the file was downloaded, that the
 * payslips are being redone; a re-close writes version 2 of the file.
 */
const db = useTestDatabase();
const server = useTestServer();
const DEC_1 = new Date("2026-12-01T09:00:00Z");
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

let org: Org;
let financial: TestEmployee, head: TestEmployee;
let ana: number, pat: number;
let subsidiaryName: string;

beforeAll(async () => {
  org = await createOrg(db.em(), " Liste38");
  financial = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "l38.fin@cadran.test" });
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "l38.head@cadran.test" });
  ({ employeeId: ana } = await createEmployee(db.em(), org, { email: "l38.ana@cadran.test", firstname: "ana", lastname: "attente" }));
  await db.sql(`update employee set number_of_hours_per_week = 35, hired_at = '2023-03-01' where id = ?`, [ana]);
  await db.sql(`update employee set time_registration = false where id in (?, ?)`, [financial.employeeId, head.employeeId]);
  await createSchedule(db.em(), ana);
  const clockNow = new Date("2026-11-20T20:00:00Z");
  for (const d of ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]) {
    await recomputeDay(db.em(), await createClock(db.em(), ana, d, NINE_HOURS), clockNow);
  }
  await runChunk(db.em(), { firstId: ana, lastId: ana }, { kind: "range", from: "2026-11-16", to: "2026-11-22" }, clockNow);
  // Pat works part time, Wednesdays off, and clocked every other working day of November: no missing day (the
  // schedule is read, not Monday–Friday: decision 0122).
  ({ employeeId: pat } = await createEmployee(db.em(), org, { email: "l38.pat@cadran.test", firstname: "pat", lastname: "partiel" }));
  await db.sql(`update employee set number_of_hours_per_week = 28, hired_at = '2023-03-01' where id = ?`, [pat]);
  const work = { morningStart: 540, morningEnd: 720, afternoonStart: 780, afternoonEnd: 1020 };
  const off = { morningStart: null, morningEnd: null, afternoonStart: null, afternoonEnd: null };
  await db.sql(`insert into week_schedule (employee_id, week_number, days) values (?, 1, ?::jsonb)`, [pat, JSON.stringify([work, work, off, work, work])]);
  for (let day = 1; day <= 30; day++) {
    const d = `2026-11-${String(day).padStart(2, "0")}`;
    const weekday = new Date(`${d}T12:00:00Z`).getUTCDay();
    // Thursday 5 November: 7 hours in one stretch, without the 20-minute break (Code du travail, art. L3121-16).
    const entries: Entry[] = d === "2026-11-05" ? [["07:00", "START"], ["14:00", "END"]] : NINE_HOURS;
    if (weekday !== 0 && weekday !== 3 && weekday !== 6) await createClock(db.em(), pat, d, entries);
  }
  [{ name: subsidiaryName }] = (await db.sql<{ name: string }>(`select name from subsidiary where id = ?`, [org.subsidiaryId])) as [{ name: string }];
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the pre-close checklist (issue 38 §4)", () => {
  it("lists a waiting November leave and correction, the stale week, the days without clock; each with where to fix it", async () => {
    const leave = await createLeave(db.em(), ana, { reason: "PAID_LEAVE", start: "2026-11-26", end: "2026-11-27", state: "pending", numberDaysWork: 2 });
    await createSuggestion(db.em(), ana, "2026-11-24", NINE_HOURS);
    await db.sql(`update overtime_week set dirty = true where employee_id = ? and monday = '2026-11-16'`, [ana]);
    const list = await closeChecklist(db.em(), org.subsidiaryId, "2026-11", DEC_1);
    const line = (key: string) => list.find((l) => l.key === key)!;
    expect(line("pending_leaves")).toMatchObject({ count: 1, items: [{ label: "Ana ATTENTE — 26/11/2026", href: `/leave/detail/${leave}` }] });
    expect(line("pending_corrections")).toMatchObject({ count: 1, items: [{ label: "Ana ATTENTE — 24/11/2026" }] });
    expect(line("stale_weeks")).toMatchObject({ count: 1, items: [{ href: `/overtime/employee/${ana}` }] });
    // Ana clocked 16–20 November only: the other weekdays of November (21 of them, no holiday in this org) are missing.
    // Pat, Wednesdays off and every other working day clocked, is not listed.
    expect(line("missing_clocks").count).toBe(1);
    expect(line("missing_clocks").items).toHaveLength(1);
    expect(line("missing_clocks").items[0]!.label).toBe("Ana ATTENTE — 16 j (02/11/2026…)");
    // Pat's day without a break is a legal-check warning of the month: listed with the anomalies (decision 0122).
    // It reads as French words, names its article from the one table of sources and links its explained week (decision 0138).
    const week45 = `/overtime/employee/${pat}?year=2026&week=45#explication`;
    expect(line("anomalies")).toMatchObject({ count: 1, items: [{ label: "Pat PARTIEL — 1", href: week45 }] });
    expect(line("anomalies").items[0]!.notes).toEqual([
      {
        text: "Le 05/11/2026 : 7 h 00 de travail sans pause de 20 minutes, dès 6 h.",
        href: week45,
        sources: [expect.objectContaining({ id: "FR.L3121-16", article: "Code du travail, art. L3121-16" })],
      },
    ]);

    // The page shows it before the close button; the close's confirmation step names the subsidiary, the month, the
    // counts. The server runs in this process: signed in and read on 1 December (November is over then).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(DEC_1);
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const base = `/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-11`;
    const page = decode((await client.get(base)).text);
    expect(page).toContain('data-testid="payroll-checklist"');
    expect(page).toContain("Absences en attente sur des jours du mois : 1");
    expect(page).toContain(`href="/leave/detail/${leave}"`);
    // The anomaly's line: its words linking the explained week, its article linking the official text, titled.
    const notes = page.slice(page.indexOf('data-testid="payroll-anomaly-notes"'));
    expect(notes).toContain(`href="${week45}">Le 05/11/2026 : 7 h 00 de travail sans pause de 20 minutes, dès 6 h.</a>`);
    expect(notes).toMatch(/<a href="https:\/\/www\.legifrance\.gouv\.fr\/[^"]+"[^>]*title="Pause de 20 minutes dès 6 heures de travail — texte lu le 02\/12\/2026"[^>]*>Code du travail, art\. L3121-16<\/a>/);
    expect(page).toContain(`${base}&confirm=close`.replace("/report/payroll", ""));
    const step = decode((await client.get(`${base}&confirm=close`)).text);
    expect(step).toContain(`Clôturer novembre 2026 pour ${subsidiaryName} ?`);
    expect(step).toContain("Corrections de pointage en attente sur des jours du mois : 1");
    vi.useRealTimers();
    expect(step).toContain("Semaines modifiées depuis leur dernier calcul (recalculées par la clôture) : 1");
  });

  it("the close recomputes the stale week inside it: never closed at the old figure", async () => {
    // The week's stored figure is made stale: an hour more on Friday, the week marked dirty (as a correction would).
    await db.sql(`update time_clock set working_time_seconds = working_time_seconds + 3600 where employee_id = ? and date = '2026-11-20'`, [ana]);
    await db.sql(`update overtime_week set dirty = true where employee_id = ? and monday = '2026-11-16'`, [ana]);
    await closeMonth(db.em(), await currentUserOf(db.em(), financial), org.subsidiaryId, "2026-11", DEC_1);
    const [week] = await db.sql<{ dirty: boolean; worked: number }>(
      `select dirty, worked_seconds as worked from overtime_week where employee_id = ? and monday = '2026-11-16'`,
      [ana],
    );
    expect(week).toEqual({ dirty: false, worked: 46 * 3600 });
    const [line] = await db.sql<{ hs50: number }>(
      `select (l.line -> 'overtimeByRate' ->> 2)::int as hs50 from payroll_month_line l join payroll_month pm on pm.id = l.payroll_month_id
        where pm.subsidiary_id = ? and l.employee_id = ?`,
      [org.subsidiaryId, ana],
    );
    expect(line!.hs50).toBe(3 * 3600);
  });
});

describe("a closed month's anomalies in words (decision 0143)", () => {
  it("the closed November lists Pat's day without a break as the checklist said it: its words, its explained week, its article linked", async () => {
    const week45 = `/overtime/employee/${pat}?year=2026&week=45#explication`;
    const list = await closedMonthAnomalies(db.em(), org.subsidiaryId, "2026-11", DEC_1);
    expect(list).toMatchObject({ key: "anomalies", count: 1, items: [{ label: "Pat PARTIEL — 1", href: week45 }] });
    expect(list.items[0]!.notes).toEqual([
      {
        text: "Le 05/11/2026 : 7 h 00 de travail sans pause de 20 minutes, dès 6 h.",
        href: week45,
        sources: [expect.objectContaining({ id: "FR.L3121-16", article: "Code du travail, art. L3121-16" })],
      },
    ]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(DEC_1);
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    const page = decode((await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-11`)).text);
    vi.useRealTimers();
    // Closed: no checklist, the anomalies section instead, rendered as the checklist renders them.
    expect(page).toContain("Mois clôturé par");
    expect(page).not.toContain('data-testid="payroll-checklist"');
    const section = page.slice(page.indexOf('data-testid="payroll-closed-anomalies"'));
    expect(section).toContain("Salariés avec des anomalies ou alertes légales sur le mois : 1");
    expect(section).toContain(`href="${week45}">Pat PARTIEL — 1</a>`);
    const notes = section.slice(section.indexOf('data-testid="payroll-anomaly-notes"'));
    expect(notes).toContain(`href="${week45}">Le 05/11/2026 : 7 h 00 de travail sans pause de 20 minutes, dès 6 h.</a>`);
    expect(notes).toMatch(/<a href="https:\/\/www\.legifrance\.gouv\.fr\/[^"]+"[^>]*title="Pause de 20 minutes dès 6 heures de travail — texte lu le 02\/12\/2026"[^>]*>Code du travail, art\. L3121-16<\/a>/);
  });
});

describe("reopening is the exception (issue 38 §3)", () => {
  it("asks a reason, shows what would change, is refused once the file was downloaded unless the payslips are redone; a re-close is version 2", async () => {
    const boss = await currentUserOf(db.em(), head);
    await expect(reopenMonth(db.em(), boss, org.subsidiaryId, "2026-11", DEC_1, { reason: "  " })).rejects.toMatchObject({
      status: 422,
      message: "Indiquez pourquoi le mois est rouvert.",
    });
    const client = htmlClient(() => server.baseUrl);
    await client.login(head.email);
    const base = `/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-11`;
    // The file is downloaded: version 1 in its name.
    const file = await client.get(`/export/payroll?subsidiary=${org.subsidiaryId}&month=2026-11&format=csv&layout=v2`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition") ?? "").toMatch(/version-1\.csv/);
    // A reopening posted without its step goes to it; the step names the month and says the file was downloaded.
    const bare = await client.post(base, { intent: "reopen" });
    expect(bare.status).toBe(303);
    const step = decode((await client.get(bare.location!)).text);
    expect(step).toContain(`Rouvrir novembre 2026 pour ${subsidiaryName} ?`);
    expect(step).toContain('data-testid="payroll-reopen-preview"');
    expect(step).toContain("a été téléchargé le");
    expect(step).toContain('name="payslipsRedone"');
    // Without the confirmation that the payslips are redone: refused, the month stays closed.
    await expect(reopenMonth(db.em(), boss, org.subsidiaryId, "2026-11", DEC_1, { reason: "Erreur de contrat" })).rejects.toMatchObject({ status: 409 });
    const refused = await client.post(base, { intent: "reopen", confirmed: "yes", reason: "Erreur de contrat" });
    expect(refused.status).toBe(303);
    expect(await db.sql(`select 1 from payroll_month where subsidiary_id = ?`, [org.subsidiaryId])).toHaveLength(1);
    const done = await client.post(base, { intent: "reopen", confirmed: "yes", reason: "Erreur de contrat", payslipsRedone: "yes" });
    expect(done.status).toBe(302);
    expect(await db.sql(`select 1 from payroll_month where subsidiary_id = ?`, [org.subsidiaryId])).toEqual([]);
    const [entry] = await db.sql<{ details: { reason: string; payslipsRedone: boolean } }>(
      `select details from audit_log where action = 'close.reopen' and subsidiary_id = ? order by id desc limit 1`,
      [org.subsidiaryId],
    );
    expect(entry!.details).toMatchObject({ reason: "Erreur de contrat", payslipsRedone: true });
    expect(decode((await client.get(base)).text)).toContain("« Erreur de contrat »");

    // Closed again: version 2 of the file, in its name and in the Excel sheet's.
    await closeMonth(db.em(), await currentUserOf(db.em(), financial), org.subsidiaryId, "2026-11", DEC_1);
    const again = await client.get(`/export/payroll?subsidiary=${org.subsidiaryId}&month=2026-11&format=csv&layout=v2`);
    expect(again.headers.get("content-disposition") ?? "").toMatch(/version-2\.csv/);
  });
});
