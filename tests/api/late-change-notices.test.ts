import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { updateEmployee } from "~/services/employees/writes.server";
import { runChunk } from "~/services/overtime/run.server";
import { closeMonth } from "~/services/payroll/close.server";
import { lateChange } from "~/services/payroll/late-change.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { validateSuggestion } from "~/services/time-clock/suggestions.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSchedule, createSuggestion, type Entry, NINE_HOURS } from "~tests/support/factories-badging";
import { createLeave, currentUserOf } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";
import { overtimeChunk } from "~/jobs/overtime.server";
import { updateSubsidiary } from "~/services/organisation/subsidiaries.server";
import { addEventDay, removeEventDay } from "~/services/organisation/event-days.server";

/**
 * Issue 38, what decision 0118 left open (decision 0122): the /api answers of leave decisions, clock corrections
 * and deduction removals carry the late-change notice (documented in /api/docs.json); a contract change effective
 * today computes the week straddling a closed month at once; a moved employee's notice names the month the
 * rappel is paid in.
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

let print: Org, moveFrom: Org, moveTo: Org;
let financial: TestEmployee, head: TestEmployee, moveFinancial: TestEmployee;
let ann: number, bob: number, mo: number, cy: number;

async function worker(org: Org, email: string, lastname: string): Promise<number> {
  const { employeeId } = await createEmployee(db.em(), org, { email, firstname: "i38n", lastname });
  await db.sql(`update employee set number_of_hours_per_week = 35, hired_at = '2023-03-01', leave_workflow = 'fast' where id = ?`, [employeeId]);
  await createSchedule(db.em(), employeeId);
  return employeeId;
}

/** Week 47 (16–20 November) at 9 h a day and Monday 30 November, computed on 30 November. */
async function november(id: number) {
  const clockNow = new Date("2026-11-30T20:00:00Z");
  for (const d of ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-30"]) {
    await recomputeDay(db.em(), await createClock(db.em(), id, d, NINE_HOURS), clockNow);
  }
  await runChunk(db.em(), { firstId: id, lastId: id }, { kind: "range", from: "2026-11-01", to: "2026-11-30" }, clockNow);
}

beforeAll(async () => {
  print = await createOrg(db.em(), " N38");
  moveFrom = await createOrg(db.em(), " M38a");
  moveTo = await createOrg(db.em(), " M38b");
  financial = await createEmployee(db.em(), print, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "i38n.fin@cadran.test" });
  head = await createEmployee(db.em(), print, { profileType: "ROLE_HEAD_MANAGEMENT", email: "i38n.head@cadran.test" });
  moveFinancial = await createEmployee(db.em(), moveFrom, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "i38n.mfin@cadran.test" });
  ann = await worker(print, "i38n.ann@cadran.test", "ann");
  bob = await worker(print, "i38n.bob@cadran.test", "bob");
  mo = await worker(moveFrom, "i38n.mo@cadran.test", "mo");
  cy = await worker(print, "i38n.cy@cadran.test", "cy");
  for (const id of [ann, bob, mo, cy]) await november(id);
  await closeMonth(db.em(), await currentUserOf(db.em(), financial), print.subsidiaryId, "2026-11", DEC_1);
  await closeMonth(db.em(), await currentUserOf(db.em(), moveFinancial), moveFrom.subsidiaryId, "2026-11", DEC_1);
});

afterEach(() => {
  vi.useRealTimers();
});

const regularisations = (employeeId: number) =>
  db.sql<{ month: string; monday: string; subsidiary: number }>(
    `select to_char(month, 'YYYY-MM') as month, to_char(monday, 'YYYY-MM-DD') as monday, subsidiary_id as subsidiary
       from payroll_regularisation where employee_id = ? order by monday`,
    [employeeId],
  );

describe("the /api answers of late changes carry the notice (decision 0122)", () => {
  it("a leave accepted, refused and removed; a clock correction validated; a deduction removed: `notice` names the month, null outside it", async () => {
    const api = apiClient(() => server.baseUrl);
    const token = await api.login(financial.email);
    const boss = await api.login(head.email);

    const november = await createLeave(db.em(), ann, { reason: "SICK_LEAVE", start: "2026-11-18", end: "2026-11-18", state: "pending" });
    const accepted = await api.patch(`/api/leaves/${november}/valid`, {}, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: november, state: "accepted", notice: NOTICE });
    // Its week was computed in the request: not dirty.
    const [week] = await db.sql<{ dirty: boolean }>(`select dirty from overtime_week where employee_id = ? and monday = '2026-11-16'`, [ann]);
    expect(week!.dirty).toBe(false);
    const removed = await api.patch(`/api/leaves/${november}/remove`, {}, boss);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ state: "removed", notice: NOTICE });

    // A refusal changes no figure (a leave in flight is not counted): no notice. A December leave: none either.
    const refusedLeave = await createLeave(db.em(), ann, { reason: "SICK_LEAVE", start: "2026-11-19", end: "2026-11-19", state: "pending" });
    const refused = await api.patch(`/api/leaves/${refusedLeave}/refuse`, { reason: "Non" }, token);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ state: "refused", notice: null });
    const december = await createLeave(db.em(), ann, { reason: "SICK_LEAVE", start: "2026-12-09", end: "2026-12-09", state: "pending" });
    const later = await api.patch(`/api/leaves/${december}/valid`, {}, token);
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ state: "accepted", notice: null });

    const suggestion = await createSuggestion(db.em(), bob, "2026-11-20", TEN_HOURS);
    const corrected = await api.patch(`/api/timeclock/suggest/${suggestion}/valid`, {}, token);
    expect(corrected.status).toBe(200);
    expect(corrected.body.notice).toBe(NOTICE);
    expect((await regularisations(bob)).filter((r) => r.monday === "2026-11-16")).toEqual([
      { month: "2026-12", monday: "2026-11-16", subsidiary: print.subsidiaryId },
    ]);

    const [deduction] = await db.sql<{ id: number }>(
      `insert into deduction (employee_id, date, seconds, created_at) values (?, '2026-11-17', 3600, now()) returning id`,
      [bob],
    );
    const gone = await api.delete(`/api/deduction/${deduction!.id}`, token);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ removed: true, notice: NOTICE });
  });

  it("PUT /api/employees/{id}: a departure dated 27 November answers the notice", async () => {
    const api = apiClient(() => server.baseUrl);
    // The server runs in this process: signed in and saved on 1 December.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(DEC_1);
    const boss = await api.login(head.email);
    const closed = await api.put(`/api/employees/${cy}`, { firedAt: "2026-11-27" }, boss);
    vi.useRealTimers();
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: cy, notice: NOTICE });
  });

  it("the OpenAPI document describes `notice` on those answers", async () => {
    const res = await fetch(`${server.baseUrl}/api/docs.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, { responses: Record<string, { content?: { "application/json"?: { schema?: unknown } } }> }>> };
    const answer = (path: string, method: string, status: string) => JSON.stringify(doc.paths[path]![method]!.responses[status]!.content!["application/json"]!.schema);
    for (const action of ["valid", "refuse", "remove"]) expect(answer(`/api/leaves/{id}/${action}`, "patch", "200")).toContain('"notice"');
    expect(answer("/api/timeclock/suggest/{id}/valid", "patch", "200")).toContain('"notice"');
    expect(answer("/api/deduction/{id}", "delete", "200")).toContain('"notice"');
    expect(answer("/api/employees/{id}", "put", "200")).toContain('"notice"');
  });
});

describe("a closing day entered on a closed month's day (decision 0122)", () => {
  it("is accepted with the notice and its week computed at once; removing it too", async () => {
    const [account] = await db.sql<{ id: number }>(`select id from app_user where employee_id = ?`, [bob]);
    const self = await currentUserOf(db.em(), { employeeId: bob, userId: account!.id, email: "i38n.bob@cadran.test" });
    const added = await addEventDay(db.em(), self, { date: "2026-11-24", type: "closed" }, "2026-12-01");
    expect(added.notice).toBe(NOTICE);
    const dirty = async () => (await db.sql<{ dirty: boolean }>(`select dirty from overtime_week where employee_id = ? and monday = '2026-11-23'`, [bob]))[0]!.dirty;
    expect(await dirty()).toBe(false);
    const removed = await removeEventDay(db.em(), self, added.id);
    expect(removed.notice).toBe(NOTICE);
    expect(await dirty()).toBe(false);
    // A December day: no notice.
    const later = await addEventDay(db.em(), self, { date: "2026-12-15", type: "closed" }, "2026-12-01");
    expect(later.notice).toBeNull();
    await removeEventDay(db.em(), self, later.id);
  });
});

describe("a contract change effective today (decision 0122)", () => {
  it("computes the week straddling the closed month at once, with the notice: the new terms are those of Monday 30 November", async () => {
    await db.sql(`update overtime_week set dirty = false where employee_id = ?`, [ann]);
    const [{ before }] = (await db.sql<{ before: Date }>(`select clock_timestamp() as before`)) as [{ before: Date }];
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(DEC_1);
    const boss = await currentUserOf(db.em(), head);
    // The sheet's required fields filled (the factory's employee has none), and the weekly hours 35 → 30.
    const sheet = {
      acronym: "ANN",
      phone: "0601020304",
      emailPersonal: "ann.perso@example.org",
      birthday: "1990-04-12",
      typeContract: "CDI",
      numberOfHoursPerMonth: 151.67,
      contractState: "En poste",
      annualSalary: 32000,
      hourlyCost: 21.5,
      position: "Imprimeur",
    };
    const saved = await updateEmployee(db.em(), boss, ann, { ...sheet, numberOfHoursPerWeek: 30 });
    vi.useRealTimers();
    expect(saved.notice).toBe(NOTICE);
    const [week] = await db.sql<{ dirty: boolean; computed: Date; contract: number }>(
      `select dirty, computed_at as computed, contract_seconds as contract from overtime_week where employee_id = ? and monday = '2026-11-30'`,
      [ann],
    );
    // Computed in the request with the new terms, not left to the nightly run.
    expect(week).toMatchObject({ dirty: false, contract: 30 * 3600 });
    expect(new Date(week!.computed).getTime()).toBeGreaterThanOrEqual(new Date(before).getTime());
  });

  it("a change whose days are after the closed month but whose week touches it: no notice, but its weeks are computed", async () => {
    expect(await lateChange(db.em(), { employeeIds: [bob] }, { from: "2026-12-01", to: "2026-12-02" })).toEqual({ notice: null, recompute: true });
    expect(await lateChange(db.em(), { employeeIds: [bob] }, { from: "2026-12-07", to: "2026-12-08" })).toEqual({ notice: null, recompute: false });
    expect(await lateChange(db.em(), { employeeIds: [bob] }, { dates: ["2026-12-02"] })).toEqual({ notice: null, recompute: true });
    expect(await lateChange(db.em(), { employeeIds: [bob] }, { dates: ["2026-11-20"] })).toEqual({ notice: NOTICE, recompute: true });
  });
});

describe("a moved employee's notice names the month their rappel is paid in (decision 0122)", () => {
  it("moved after their November was closed with their line; the former subsidiary closed December without them: paid in the new subsidiary's December", async () => {
    await db.sql(`update employee set subsidiary_id = ?, division_id = ?, team_id = ? where id = ?`, [moveTo.subsidiaryId, moveTo.divisionId, moveTo.teamId, mo]);
    await closeMonth(db.em(), await currentUserOf(db.em(), moveFinancial), moveFrom.subsidiaryId, "2026-12", new Date("2027-01-01T09:00:00Z"));
    // The former subsidiary's next open month is January; the rappel goes to the new subsidiary's December.
    expect(await lateChange(db.em(), { employeeIds: [mo] }, { dates: ["2026-11-20"] })).toEqual({ notice: NOTICE, recompute: true });
    const boss = await currentUserOf(db.em(), head);
    const suggestion = await createSuggestion(db.em(), mo, "2026-11-20", TEN_HOURS);
    const done = await validateSuggestion(db.em(), boss, suggestion, new Date("2027-01-02T09:00:00Z"));
    expect(done.notice).toBe(NOTICE);
    expect((await regularisations(mo)).filter((r) => r.monday === "2026-11-16")).toEqual([{ month: "2026-12", monday: "2026-11-16", subsidiary: moveTo.subsidiaryId }]);
    // The new subsidiary as a whole has no closed November.
    expect(await lateChange(db.em(), { subsidiaryId: moveTo.subsidiaryId }, { dates: ["2026-11-20"] })).toEqual({ notice: null, recompute: false });
  });
});

const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** The values a browser would post from the page's form holding `field` (inputs, checked boxes, selects). */
function formValues(html: string, field: string): Record<string, string> {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes(`name="${field}"`)) ?? "";
  const out: Record<string, string> = {};
  const attr = (tag: string, name: string) => decode(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? "");
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const type = attr(tag, "type");
    if (!attr(tag, "name") || type === "submit" || ((type === "checkbox" || type === "radio") && !/\schecked/.test(tag))) continue;
    out[attr(tag, "name")] = type === "checkbox" && !/\svalue=/.test(tag) ? "on" : attr(tag, "value");
  }
  for (const [, name, options] of form.matchAll(/<select\b[^>]*\sname="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const chosen = /<option\b[^>]*\sselected[^>]*>/.exec(options!)?.[0] ?? /<option\b[^>]*>/.exec(options!)?.[0] ?? "";
    out[name!] = attr(chosen, "value");
  }
  return out;
}

describe("a holiday added or removed on a day of a closed month (decision 0122)", () => {
  it("is accepted with the notice; a job written with the change computes its weeks (its chunk run here)", async () => {
    const boss = await currentUserOf(db.em(), head);
    const [sub] = await db.sql<{ name: string; country: number }>(`select name, country_id as country from subsidiary where id = ?`, [print.subsidiaryId]);
    const base = { name: sub!.name, countryId: sub!.country, city: "Paris", timezone: "Europe/Paris" };
    const before = Number((await db.sql<{ n: number }>(`select count(*)::int as n from job_outbox where name = 'overtime.recompute'`, []))[0]!.n);
    const saved = await updateSubsidiary(db.em(), boss, print.subsidiaryId, { ...base, holidays: [{ date: "2026-11-19", name: "Fête locale" }] });
    expect(saved.notice).toBe(NOTICE);
    const jobs = await db.sql<{ payload: { from: string; to: string } }>(`select payload from job_outbox where name = 'overtime.recompute' order by id`, []);
    expect(jobs).toHaveLength(before + 1);
    expect(jobs.at(-1)!.payload).toMatchObject({ from: "2026-11-19", to: "2026-11-19" });
    // Until the job ran, December's payroll page says the rappels may still move (decision 0122).
    const finance = htmlClient(() => server.baseUrl);
    await finance.login(financial.email);
    const december1 = `/report/payroll?subsidiary=${print.subsidiaryId}&month=2026-12`;
    expect((await finance.get(december1)).text).toContain('data-testid="payroll-pending-rappels"');
    // The job's chunk (what the worker runs for these employees): the week of the holiday computed again.
    const at = new Date("2026-12-01T10:00:00Z");
    const [{ started }] = (await db.sql<{ started: Date }>(`select clock_timestamp() as started`)) as [{ started: Date }];
    await overtimeChunk(db.em(), { firstId: bob, lastId: bob, at: at.toISOString(), ...jobs.at(-1)!.payload });
    const [week] = await db.sql<{ dirty: boolean; computed: Date }>(`select dirty, computed_at as computed from overtime_week where employee_id = ? and monday = '2026-11-16'`, [bob]);
    expect(week!.dirty).toBe(false);
    expect(new Date(week!.computed).getTime()).toBeGreaterThanOrEqual(new Date(started).getTime());
    const ids = [ann, bob, cy, financial.employeeId, head.employeeId];
    await overtimeChunk(db.em(), { firstId: Math.min(...ids), lastId: Math.max(...ids), at: at.toISOString(), ...jobs.at(-1)!.payload });
    await runChunk(db.em(), { firstId: Math.min(...ids), lastId: Math.max(...ids) }, { kind: "nightly" }, at);
    expect((await finance.get(december1)).text).not.toContain('data-testid="payroll-pending-rappels"');
    // A rename changes nothing computed: no notice, no job. A December holiday: no notice (its week does not touch November).
    const renamed = await updateSubsidiary(db.em(), boss, print.subsidiaryId, { ...base, holidays: [{ date: "2026-11-19", name: "Fête de la ville" }] });
    expect(renamed.notice).toBeNull();
    const december = await updateSubsidiary(db.em(), boss, print.subsidiaryId, { ...base, holidays: [{ date: "2026-11-19", name: "Fête de la ville" }, { date: "2026-12-16", name: "Autre" }] });
    expect(december.notice).toBeNull();
    expect(await db.sql(`select id from job_outbox where name = 'overtime.recompute'`, [])).toHaveLength(before + 1);

    // Removed on the page (no JavaScript): accepted, the warning names the month and the job.
    const client = htmlClient(() => server.baseUrl);
    await client.login(head.email);
    const path = `/settings/subsidiaries/${print.subsidiaryId}/edit`;
    const form = formValues((await client.get(path)).text, "city");
    const kept = Object.fromEntries(Object.entries(form).filter(([k]) => !k.startsWith("holidays[")));
    const res = await client.post(path, { ...kept, "holidays[0].date": form["holidays[1].date"]!, "holidays[0].name": form["holidays[1].name"]! });
    expect(res.status).toBe(302);
    const page = decode((await client.get(path)).text);
    expect(page).toContain(NOTICE);
    expect(await db.sql(`select date::text from holiday where subsidiary_id = ?`, [print.subsidiaryId])).toEqual([{ date: "2026-12-16" }]);
  });
});
