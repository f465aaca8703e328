import { describe, expect, it } from "vitest";
import { runChunk } from "~/services/overtime/run.server";
import { closeMonth } from "~/services/payroll/close.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { createSchedule } from "~tests/support/factories-badging";
import { currentUserOf } from "~tests/support/factories-leave";

/**
 * The close's own recompute at scale (issue 38 §4, decision 0122): a close computes every stale week of its month
 * inside its transaction. The weeks are computed in one batch (the run's chunk inputs), so the statements the close
 * sends do not grow with the people whose weeks it computes; this pins that, and prints the time per week (the
 * figure written in decision 0122).
 */
const db = useTestDatabase();
/** 1 December 2026, 10:00 in Paris. */
const DEC_1 = new Date("2026-12-01T09:00:00Z");

async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const knex = db.orm.em.getConnection().getKnex();
  let count = 0;
  const onQuery = () => {
    count += 1;
  };
  knex.on("query", onQuery);
  try {
    await fn();
  } finally {
    knex.removeListener("query", onQuery);
  }
  return count;
}

/** A subsidiary with `n` full-time employees who clocked 9 h every weekday of November 2026, all their weeks stale. */
async function company(tag: string, n: number): Promise<{ org: Org; closer: Awaited<ReturnType<typeof currentUserOf>>; ids: number[] }> {
  const org = await createOrg(db.em(), ` Cost${tag}`);
  const fin = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: `cost${tag}.fin@cadran.test` });
  await db.sql(`update employee set time_registration = false where id = ?`, [fin.employeeId]);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { employeeId } = await createEmployee(db.em(), org, { email: `cost${tag}.${i}@cadran.test` });
    await createSchedule(db.em(), employeeId);
    ids.push(employeeId);
  }
  await db.sql(`update employee set number_of_hours_per_week = 35, hired_at = '2023-03-01' where id = any(?::int[])`, [`{${ids.join(",")}}`]);
  // 08:00–12:00 and 13:00–18:00 in Paris (UTC+1 in November), each weekday of November.
  await db.sql(
    `with days as (select e.id as employee_id, d::date as date from unnest(?::int[]) e(id)
                     cross join generate_series(date '2026-11-02', date '2026-11-30', interval '1 day') d where extract(isodow from d) <= 5),
          clocks as (insert into time_clock (employee_id, date, type, suggested, working_time_seconds, lunch_time_seconds, expected_seconds,
                                             overtime_seconds, anomaly, created_by_id, created_at, updated_at)
                     select employee_id, date, 'END', false, 32400, 3600, 25200, 7200, false, employee_id, now(), now() from days returning id, date, created_by_id)
     insert into time_log (time_clock_id, time, type, created_at, created_by_id)
     select c.id, (c.date + t.at) at time zone 'Europe/Paris', t.type, now(), c.created_by_id
       from clocks c cross join (values (time '08:00', 'START'), (time '12:00', 'LUNCH'), (time '13:00', 'START'), (time '18:00', 'END')) t(at, type)`,
    [`{${ids.join(",")}}`],
  );
  await runChunk(db.em(), { firstId: Math.min(...ids), lastId: Math.max(...ids) }, { kind: "range", from: "2026-11-01", to: "2026-11-30" }, new Date("2026-11-30T20:00:00Z"));
  await db.sql(`update overtime_week set dirty = true where employee_id = any(?::int[])`, [`{${ids.join(",")}}`]);
  return { org, closer: await currentUserOf(db.em(), fin), ids };
}

describe("the close's recompute of stale weeks at scale (decision 0122)", () => {
  it("sends as many statements for 4 people as for 40, and computes every stale week", async () => {
    const small = await company("S", 4);
    const large = await company("L", 40);
    const measure = async (c: Awaited<ReturnType<typeof company>>) => {
      const started = performance.now();
      const statements = await countQueries(() => closeMonth(db.em(), c.closer, c.org.subsidiaryId, "2026-11", DEC_1));
      const ms = performance.now() - started;
      const [left] = await db.sql<{ n: number }>(`select count(*)::int as n from overtime_week where employee_id = any(?::int[]) and dirty`, [`{${c.ids.join(",")}}`]);
      const [weeks] = await db.sql<{ n: number }>(
        `select count(*)::int as n from overtime_week where employee_id = any(?::int[]) and monday between '2026-10-26' and '2026-11-30'`,
        [`{${c.ids.join(",")}}`],
      );
      return { statements, ms, left: left!.n, weeks: weeks!.n };
    };
    const a = await measure(small);
    const b = await measure(large);
    console.log(
      `close recompute: ${a.weeks} weeks of ${small.ids.length} people: ${a.statements} statements, ${a.ms.toFixed(0)} ms; ` +
        `${b.weeks} weeks of ${large.ids.length} people: ${b.statements} statements, ${b.ms.toFixed(0)} ms ` +
        `(${((b.ms - a.ms) / (b.weeks - a.weeks)).toFixed(1)} ms per more week)`,
    );
    expect(a.left).toBe(0);
    expect(b.left).toBe(0);
    expect(b.weeks).toBe(10 * a.weeks);
    expect(b.statements).toBe(a.statements);
  });
});
