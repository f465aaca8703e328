import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_PASSWORD, seedDemo } from "../../db/seeds/demo";
import { updateEmployee } from "~/services/employees/writes.server";
import { decideLeave } from "~/services/leave/decision.server";
import { addRecovery } from "~/services/overtime/recovery.server";
import { closeChecklist } from "~/services/payroll/checklist.server";
import { closeMonth } from "~/services/payroll/close.server";
import { lateChange } from "~/services/payroll/late-change.server";
import { validateSuggestion } from "~/services/time-clock/suggestions.server";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { useTestDatabase } from "~tests/support/db";
import { createSuggestion, type Entry } from "~tests/support/factories-badging";
import { createLeave } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 38's "Done means", on the demo company (db/seeds/demo.ts) seeded for 1 December 2026, every service given
 * that instant (decision 0122): close November for 3 Print on 1 December with a waiting November leave in the
 * checklist; then a leave on 2 December accepted, someone archived on 31 January, add-recovery of a November week
 * (Lisboa Print's November open): all succeed; a clock correction on 20 November is accepted with the notice and
 * reaches December's v2 file as a rappel, each hour in one column, equal on the page.
 */
const db = useTestDatabase();
const server = useTestServer();
const TODAY = "2026-12-01";
/** 1 December 2026, 10:00 in Paris. */
const DEC_1 = new Date("2026-12-01T09:00:00Z");
const NOTICE = "Novembre 2026 est clôturé : la différence sera régularisée sur la paie de décembre 2026.";
/** A long 20 November: 7:00–12:00 and 13:00–20:00, 12 h. */
const LONG_DAY: Entry[] = [
  ["07:00", "START"],
  ["12:00", "LUNCH"],
  ["13:00", "START"],
  ["20:00", "END"],
];

let print: number, lisboa: number;
let daf: CurrentUser, direction: CurrentUser;
/** 3 Print employees: `waiting` has a November leave waiting, `worker` is corrected on 20 November, `leaving` is archived. */
let waiting: number, worker: number, leaving: number, december: number;

const userOf = async (email: string) => {
  const [row] = await db.sql<{ id: number }>(`select u.id from app_user u where u.email = ?`, [email]);
  return (await loadCurrentUser(db.em(), row!.id))!;
};

afterEach(() => {
  vi.useRealTimers();
});

beforeAll(async () => {
  await seedDemo(db.em(), { today: TODAY });
  [{ id: print }] = (await db.sql<{ id: number }>(`select id from subsidiary where name = '3 Print'`)) as [{ id: number }];
  [{ id: lisboa }] = (await db.sql<{ id: number }>(`select id from subsidiary where name = 'Lisboa Print'`)) as [{ id: number }];
  daf = await userOf("daf@cadran.test");
  direction = await userOf("direction@cadran.test");
  // 3 Print's time-registered staff clocked on Friday 20 November (a plain day: no anomaly, no leave).
  const staff = await db.sql<{ id: number; hours: number }>(
    `select e.id, e.number_of_hours_per_week::float8 as hours from employee e join time_clock tc on tc.employee_id = e.id and tc.date = '2026-11-20' and not tc.suggested and not tc.anomaly
      where e.subsidiary_id = ? and e.fired_at is null and e.time_registration and e.profile_type = 'ROLE_EMPLOYEE'
        and not exists (select 1 from leave l where l.employee_id = e.id and l.state = 'accepted' and l.start <= '2026-11-22' and l."end" >= '2026-11-16')
      order by e.id`,
    [print],
  );
  expect(staff.length).toBeGreaterThanOrEqual(4);
  // The corrected one works full time (35 h): their extra hours are overtime (a part-timer's would be HC).
  worker = staff.find((s) => s.hours === 35)!.id;
  [waiting, leaving, december] = staff.filter((s) => s.id !== worker).map((s) => s.id) as [number, number, number];
});

describe("the month end of issue 38 on the demo company", () => {
  it("runs as the issue's Done means says", async () => {
    // A November leave still waiting: the checklist lists it before the close, on the page too.
    const waitingLeave = await createLeave(db.em(), waiting, { reason: "PAID_LEAVE", start: "2026-11-27", end: "2026-11-27", state: "pending" });
    const checklist = await closeChecklist(db.em(), print, "2026-11", DEC_1);
    const pending = checklist.find((l) => l.key === "pending_leaves")!;
    expect(pending.items.map((i) => i.href)).toContain(`/leave/detail/${waitingLeave}`);
    // The server runs in this process: signed in and read on 1 December (November may be closed then).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(DEC_1);
    const onDec1 = htmlClient(() => server.baseUrl);
    await onDec1.login("daf@cadran.test", DEMO_PASSWORD);
    const step = (await onDec1.get(`/report/payroll?subsidiary=${print}&month=2026-11&confirm=close`)).text;
    vi.useRealTimers();
    expect(step).toContain(`href="/leave/detail/${waitingLeave}"`);

    // Close November for 3 Print on 1 December.
    await closeMonth(db.em(), daf, print, "2026-11", DEC_1);

    // A leave on 2 December: accepted, no notice (December is open, the straddling week too).
    await db.sql(`update employee set leave_workflow = 'fast' where id = ?`, [december]);
    const decemberLeave = await createLeave(db.em(), december, { reason: "SICK_LEAVE", start: "2026-12-02", end: "2026-12-02", state: "pending" });
    await expect(decideLeave(db.em(), daf, decemberLeave, "validate", { now: DEC_1 })).resolves.toMatchObject({ state: "accepted", notice: null });

    // Someone archived on 31 January: accepted, no notice.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(DEC_1);
    const archived = await updateEmployee(db.em(), direction, leaving, { firedAt: "2027-01-31" });
    vi.useRealTimers();
    expect(archived).toMatchObject({ firedAt: "2027-01-31", notice: null });

    // add-recovery of week 47 (16–22 November): Lisboa Print's November is open; its weeks are computed, no rappel.
    const credited = await addRecovery(db.em(), daf, { week: 47, year: 2026, force: true }, DEC_1);
    expect(credited.notice).toBe(NOTICE);
    expect(await lateChange(db.em(), { subsidiaryId: lisboa }, { from: "2026-11-01", to: "2026-11-30" })).toEqual({ notice: null, recompute: false });
    expect(await db.sql(`select r.id from payroll_regularisation r join employee e on e.id = r.employee_id where e.subsidiary_id = ?`, [lisboa])).toEqual([]);

    // A clock correction on 20 November: accepted with the notice, its week computed at once.
    const suggestion = await createSuggestion(db.em(), worker, "2026-11-20", LONG_DAY);
    expect((await validateSuggestion(db.em(), daf, suggestion, DEC_1)).notice).toBe(NOTICE);
    const rappels = await db.sql<{ month: string; figures: { overtimeByRate: number[]; overtimeOtherRates: number; complementarySeconds: number; paidByRate: number[]; paidOtherRates: number; restConvertedSeconds: number } }>(
      `select to_char(month, 'YYYY-MM') as month, figures from payroll_regularisation where employee_id = ? and monday = '2026-11-16'`,
      [worker],
    );
    expect(rappels).toHaveLength(1);
    expect(rappels[0]!.month).toBe("2026-12");
    const f = rappels[0]!.figures;
    // A full-time week: the extra hours are overtime, no complementary hour.
    expect(f.complementarySeconds).toBe(0);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const overtime = sum(f.overtimeByRate) + (f.overtimeOtherRates ?? 0);
    expect(overtime).toBeGreaterThan(0);
    // Each hour in its one column: paid per rate, or put into rest; never both.
    expect(sum(f.paidByRate) + (f.paidOtherRates ?? 0) + f.restConvertedSeconds).toBe(overtime);

    // December's v2 file: the rappel row carries those hours once; the page's rappel table shows the same cells.
    const client = htmlClient(() => server.baseUrl);
    await client.login("daf@cadran.test", DEMO_PASSWORD);
    const q = `subsidiary=${print}&month=2026-12&layout=v2`;
    const csvText = (await client.get(`/export/payroll?${q}&format=csv`)).text;
    const lines = csvText.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).map((l) => l.split(";"));
    const header = lines[0]!;
    const rows = lines.slice(1).filter((r) => r[1]!.includes("— rappel semaine 47/2026"));
    const num = (v: string) => Number(v.replace(/[\s\u202f\u00a0]/g, "").replace(",", "."));
    const hours = (row: string[], codes: string[]) => codes.reduce((s, c) => s + num(row[header.indexOf(c)]!), 0);
    const [{ name: workerName }] = (await db.sql<{ name: string }>(`select upper(lastname) as name from employee where id = ?`, [worker])) as [{ name: string }];
    const mine = rows.filter((r) => r[1]!.includes(workerName));
    expect(mine).toHaveLength(1);
    // Each column is its figure (hours, two decimals): paid per rate and put into rest, which add up to the rappel's
    // overtime once; nothing in HC or the structural hours.
    const cell = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
    ["HS_25", "HS_33", "HS_50", "HS_100"].forEach((code, i) => expect(hours(mine[0]!, [code])).toBe(cell(f.paidByRate[i]!)));
    expect(hours(mine[0]!, ["HS_EN_REPOS"])).toBe(cell(f.restConvertedSeconds));
    expect(hours(mine[0]!, ["HS_25", "HS_33", "HS_50", "HS_100", "HS_AUTRES", "HS_EN_REPOS"])).toBeCloseTo(overtime / 3600, 1);
    expect(hours(mine[0]!, ["HC", "HS_STRUCT"])).toBe(0);
    const html = (await client.get(`/report/payroll?${q}`)).text;
    const table = html.slice(html.indexOf('data-testid="payroll-rappels-table"'));
    const body = table.slice(table.indexOf("<tbody>"), table.indexOf("</tbody>"));
    const strip = (v: string) => v.replace(/<[^>]*>/g, "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    const pageRows = [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => strip(c[1]!)));
    const csvRappels = lines.slice(1).filter((r) => r[1]!.includes("— rappel semaine")).map((r) => ({ name: r[1]!, values: r.slice(3).map(num) }));
    expect(pageRows.map((cells) => ({ name: cells[0]!, values: cells.slice(3).map(num) }))).toEqual(csvRappels);
  });
});
