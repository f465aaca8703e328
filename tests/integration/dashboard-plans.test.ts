import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { loadDashboard } from "~/services/home/dashboard.server";
import { isoWeekKey } from "~/domain/shared/iso-week";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { createClock } from "~tests/support/factories-badging";
import { positional, statementsSentBy } from "~tests/support/plans";

/**
 * Decision 0054: the "to do" counts of the manager dashboards read only the rows they count, through two partial
 * indexes (overtime_week_near_quota_index, time_clock_open_day_index). PostgreSQL considers a partial index only when
 * the statement's condition implies the index's predicate, so an edit of either that breaks the implication would
 * silently bring back the scan of every stored week of the year (1.5 s on the 5,000-employee company). The statement
 * the dashboard really sends is captured and explained, the other indexes of both tables being removed in a
 * transaction that is rolled back: only the partial indexes can serve it. What they count is checked too: the
 * viewer's scope, active people, each person once, this ISO year, yesterday only, no suggestion.
 */
const db = useTestDatabase();

let management: CurrentUser;
let departmentHead: CurrentUser;
const today = localDate(new Date(), "Europe/Paris");

/** A stored week of `employeeId` with `afterSeconds` of a 220 h quota used. */
async function week(employeeId: number, isoYear: number, isoWeek: number, afterSeconds: number) {
  await db.sql(
    `insert into overtime_week (employee_id, iso_year, iso_week, monday, quota_after_seconds, bands, explanation)
     values (?, ?, ?, current_date, ?, '[]', '{"quota": {"limitSeconds": 792000}}')`,
    [employeeId, isoYear, isoWeek, afterSeconds],
  );
}

beforeAll(async () => {
  const org = await createOrg(db.em(), " Plans");
  const head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" });
  const dh = await createEmployee(db.em(), org, { profileType: "ROLE_DEPARTMENT_HEAD" });
  management = (await loadCurrentUser(db.em(), head.userId))!;
  departmentHead = (await loadCurrentUser(db.em(), dh.userId))!;

  // Past 80 % of the quota (633,600 s of 792,000): in the division (two such weeks: counted once), in the other
  // division; not counted: a former employee, one at 79 %, one past it only last year.
  const year = isoWeekKey(today).year;
  const inDivision = await createEmployee(db.em(), org);
  const otherDivision = await createEmployee(db.em(), org, { divisionId: org.otherDivisionId, teamId: null });
  const fired = await createEmployee(db.em(), org, { firedAt: "2020-01-01" });
  const below = await createEmployee(db.em(), org);
  const lastYear = await createEmployee(db.em(), org);
  await week(inDivision.employeeId, year, 1, 640_000);
  await week(inDivision.employeeId, year, 2, 700_000);
  await week(otherDivision.employeeId, year, 1, 633_600);
  await week(fired.employeeId, year, 1, 700_000);
  await week(below.employeeId, year, 1, 633_599);
  await week(lastYear.employeeId, year - 1, 52, 792_000);

  // Yesterday: a day left open in the division, a flagged day in the other division; not counted: a day ended,
  // a suggestion left open, a day left open the day before.
  const y = addDays(today, -1);
  await createClock(db.em(), inDivision.employeeId, y, [["08:00", "START"]]);
  await createClock(db.em(), otherDivision.employeeId, y, [["08:00", "START"], ["17:00", "END"]], { anomaly: true });
  await createClock(db.em(), below.employeeId, y, [["08:00", "START"], ["17:00", "END"]]);
  await createClock(db.em(), lastYear.employeeId, y, [["08:00", "START"]], { suggested: true });
  await createClock(db.em(), lastYear.employeeId, addDays(today, -2), [["08:00", "START"]]);
});

/** The statements (with their bindings) the dashboard of `user` sends. */
async function statementsOf(user: CurrentUser) {
  return statementsSentBy(db.orm, () => loadDashboard(db.em(), user, { waitingLeaves: 0, suggestedClocks: 0 }, {}));
}

/** The names of the indexes the plan uses, with every index of both tables but the two partial ones removed. */
async function indexesUsed(statement: { sql: string; bindings: unknown[] }): Promise<string[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("alter table overtime_week drop constraint overtime_week_employee_id_iso_year_iso_week_unique");
    for (const index of ["overtime_week_iso_year_iso_week_index", "time_clock_date_index", "time_clock_employee_date_unique"]) {
      await client.query(`drop index ${index}`);
    }
    await client.query("set local enable_seqscan = off");
    const sql = statement.sql.includes("$1") ? statement.sql : positional(statement.sql);
    const { rows } = await client.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${sql}`, statement.bindings);
    const plan = JSON.stringify(rows[0]!["QUERY PLAN"]);
    return [...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]!);
  } finally {
    await client.query("rollback").catch(() => {});
    await client.end();
  }
}

describe("the 'to do' counts of the manager dashboards", () => {
  it.each([
    ["management counts the company", () => management, { anomalies: 2, overQuota: 2 }],
    ["a department head counts their division", () => departmentHead, { anomalies: 1, overQuota: 1 }],
  ])("%s: yesterday's open days and the people past 80 %% of the quota, once each", async (_name, who, expected) => {
    const dashboard = await loadDashboard(db.em(), who(), { waitingLeaves: 0, suggestedClocks: 0 }, {});
    if (dashboard.variant !== "agency" && dashboard.variant !== "division") throw new Error(dashboard.variant);
    expect({ anomalies: dashboard.toDo.counts.anomalies, overQuota: dashboard.toDo.counts.overQuota }).toEqual(expected);
  });

  it.each([
    ["management (company-wide)", () => management],
    ["a department head (their division)", () => departmentHead],
  ])("%s: read through the partial indexes", async (_name, who) => {
    const statements = await statementsOf(who());
    const toDo = statements.filter((s) => s.sql.includes("overtime_week") && s.sql.includes("time_clock"));
    expect(toDo).toHaveLength(1);
    const used = await indexesUsed(toDo[0]!);
    expect(used).toContain("overtime_week_near_quota_index");
    expect(used).toContain("time_clock_open_day_index");
  });
});
