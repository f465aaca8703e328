import { MikroORM } from "@mikro-orm/postgresql";
import pg from "pg";
import { afterAll, describe, expect, it, inject } from "vitest";
import { isoWeekKey } from "~/domain/shared/iso-week";
import { computeEmployeeWeek } from "~/services/overtime/week.server";
import { ormConfig } from "~db/mikro-orm.config";
import { seedLarge } from "~db/seeds/large";
import { wrongWaitingFor } from "~tests/support/waiting";
import { migrate } from "../../scripts/migrate";

/**
 * The bench company (db/seeds/large.ts), small: every table filled, every leave reason in every state, two runs
 * with the same seed give the same rows, and a stored overtime week is what the service computes from the rows.
 */
const adminUrl = inject("adminDatabaseUrl");
const names = [`cadran_l_${process.pid}_a`, `cadran_l_${process.pid}_b`];
const today = "2026-11-24";

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const n of names) await admin.query(`drop database if exists "${n}" with (force)`);
  await admin.end();
});

async function digest(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, string> = {};
    for (const table of ["employee", "team", "leave", "leave_step", "event_day", "time_clock", "time_log", "overtime", "overtime_week", "deduction"]) {
      const cols = table === "employee" ? "id, email, team_id, hired_at, fired_at, recovery_earned" : table === "overtime_week" ? "id, employee_id, iso_year, iso_week, checksum" : "*";
      const { rows } = await c.query(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from (select ${cols} from "${table}") t`);
      out[table] = `${rows[0].n}:${rows[0].h}`;
    }
    return out;
  } finally {
    await c.end();
  }
}

describe("the large seed", () => {
  it("fills every table with COPY, deterministically, and stores the engine's weeks as the service computes them", async () => {
    const a = await seedLarge({ adminUrl, database: names[0], employees: 60, seed: 7, today, migrate });
    const b = await seedLarge({ adminUrl, database: names[1], employees: 60, seed: 7, today, migrate });
    for (const table of ["employee", "app_user", "week_schedule", "team", "division", "leave", "leave_step", "event_day", "time_clock", "time_log", "overtime", "overtime_week", "holiday", "overtime_policy"]) {
      expect(a.counts[table], table).toBeGreaterThan(0);
    }
    expect(a.counts.employee).toBe(60);
    expect(await digest(a.url)).toEqual(await digest(b.url));

    const c = new pg.Client({ connectionString: a.url });
    await c.connect();
    const { rows: accounts } = await c.query("select email from app_user where email like '%@cadran.test' and email not like '%.%.%@%' order by id");
    const { rows: states } = await c.query("select count(distinct state)::int as n from leave");
    const { rows: anomalies } = await c.query("select count(*) filter (where anomaly)::int as a, count(*) filter (where overtime_seconds > 0)::int as o from time_clock");
    const { rows: weeks } = await c.query(
      `select w.employee_id, w.monday::text as monday, w.checksum from overtime_week w
        where not w.provisional and w.worked_seconds > 0 order by w.employee_id, w.monday limit 3`,
    );
    // The leaves went in by COPY without triggers: each one in flight still carries whom it awaits (decision 0064).
    const waiting = await wrongWaitingFor(async (text) => (await c.query(text)).rows);
    // The stored time account per week (decision 0114), filled after the COPY: equal to the days and deductions.
    const { rows: account } = await c.query(
      `with live as (select employee_id, date_trunc('week', d)::date as m, sum(s)::bigint as s from (
                       select employee_id, date as d, overtime_seconds as s from overtime
                       union all select employee_id, date, -seconds from deduction where removed_at is null) x group by 1, 2)
       select (select count(*)::int from time_account_week where seconds <> 0) as stored,
              (select count(*)::int from live full join time_account_week w on w.employee_id = live.employee_id and w.monday = live.m
                where coalesce(live.s, 0) <> coalesce(w.seconds, 0)) as wrong`,
    );
    await c.end();
    expect(account[0]).toMatchObject({ wrong: 0 });
    expect(account[0].stored).toBeGreaterThan(0);
    expect(waiting.wrong).toEqual([]);
    expect(waiting.stored).toBeGreaterThan(0);
    expect(accounts.map((r) => r.email)).toContain("employe@cadran.test");
    expect(states[0].n).toBe(5);
    expect(anomalies[0].a).toBeGreaterThan(0);
    expect(anomalies[0].o).toBeGreaterThan(0);

    const orm = await MikroORM.init(ormConfig(a.url, { poolMax: 2 }));
    try {
      for (const w of weeks) {
        const stored = await computeEmployeeWeek(orm.em.fork(), w.employee_id, isoWeekKey(w.monday), new Date(`${today}T10:00:00Z`));
        expect(stored.checksum, `${w.employee_id} ${w.monday}`).toBe(w.checksum);
      }
    } finally {
      await orm.close(true);
    }
  }, 240_000);
});
