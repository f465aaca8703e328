import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { anonymisationPreview } from "~/services/employees/anonymisation.server";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { deleteEmployee } from "~/services/employees/writes.server";
import { personalDataArchive } from "~/services/employees/personal-data.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { createClock } from "~tests/support/factories-badging";
import { positional, statementsSentBy } from "~tests/support/plans";

/**
 * Decision 0113: a statement over "every clock of one employee" takes the day's clocks (unique index `(employee_id,
 * date) where suggested = false`) and the suggestions (`time_clock_suggested_employee_index`) apart. Written as one
 * `where employee_id = ?`, neither partial index can serve it and PostgreSQL reads the whole table: 10.5 M rows and
 * 0.6 s per anonymisation preview at 50,000 employees. The statements the anonymisation preview, "Mes données" and
 * the delete check really send are captured and explained: none may scan `time_clock`.
 */
const db = useTestDatabase();
let head: CurrentUser;
let worker: CurrentUser;

beforeAll(async () => {
  const org = await createOrg(db.em(), " Plans pointages");
  const h = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" });
  const w = await createEmployee(db.em(), org);
  head = (await loadCurrentUser(db.em(), h.userId))!;
  worker = (await loadCurrentUser(db.em(), w.userId))!;
  await createClock(db.em(), w.employeeId, "2026-10-05", [["08:00", "START"], ["17:00", "END"]]);
  await createClock(db.em(), w.employeeId, "2026-10-06", [["08:00", "START"], ["17:00", "END"]], { suggested: true });
});

async function statementsOf(run: () => Promise<unknown>) {
  return (await statementsSentBy(db.orm, run)).filter((s) => s.sql.includes("time_clock") && /^\s*(select|with)/i.test(s.sql));
}

/** The relations the plan reads with a sequential scan, sequential scans being made as dear as possible. */
async function seqScans(statement: { sql: string; bindings: unknown[] }): Promise<string[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query("set enable_seqscan = off");
    const sql = statement.sql.includes("$1") ? statement.sql : positional(statement.sql);
    const { rows } = await client.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${sql}`, statement.bindings);
    const plan = JSON.stringify(rows[0]!["QUERY PLAN"]);
    return [...plan.matchAll(/"Node Type":"Seq Scan"[^}]*?"Relation Name":"([^"]+)"/g)].map((m) => m[1]!);
  } finally {
    await client.end();
  }
}

describe("one employee's clocks are read through their indexes, never the whole table", () => {
  it.each([
    ["the anonymisation preview", () => anonymisationPreview(db.em(), worker.employeeId)],
    ["'Mes données'", () => personalDataArchive(db.em(), worker)],
    ["the delete check (refused: the employee has clocks)", () => deleteEmployee(db.em(), head, worker.employeeId)],
  ])("%s", async (_name, run) => {
    const statements = await statementsOf(run);
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) expect(await seqScans(s), s.sql).not.toContain("time_clock");
  });

  it("the preview still counts both kinds of clock", async () => {
    await db.sql(`update time_clock set message = 'Oubli' where employee_id = ?`, [worker.employeeId]);
    const [row] = await db.sql<{ n: number }>(`select count(*)::int as n from time_clock where employee_id = ? and message = 'Oubli'`, [worker.employeeId]);
    expect(row!.n).toBe(2);
    expect((await anonymisationPreview(db.em(), worker.employeeId)).clockMessages).toBe(2);
  });
});
