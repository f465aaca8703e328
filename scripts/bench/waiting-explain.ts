/**
 * EXPLAIN (ANALYZE, BUFFERS) of the "what awaits this viewer" statements (decision 0064), on the database of
 * DATABASE_URL (the large company: `DATABASE_URL=…/cadran_large npx tsx scripts/bench/waiting-explain.ts`):
 * the shell's menu counter (the one statement of every page), the dashboards' first five and the waiting list's
 * count and page, for a management, a department head and a team leader viewer taken from the database.
 * One line per statement: EXPLAIN ANALYZE's execution time (best of `--runs`, 5) and the median wall time of as many
 * plain executions from this client; `--plans` also prints the plans.
 * Read-only: the session row the shell statement needs is made in a transaction that is rolled back.
 */
import "../lib/job-runner"; // hands the job registry to the queue (issue 45)
import pg from "pg";
import { SHELL_SQL } from "../../app/server/shared/request-state.server";
import { WAITING_CONDITION_SQL, waitingParams } from "../../app/services/leave/scope.server";
import { LEAVE_COLUMNS, LEAVE_FROM } from "../../app/services/leave/leave.server";
import { PENDING_PAGE_SIZE } from "../../app/services/leave/lists.server";

const args = process.argv.slice(2);
const showPlans = args.includes("--plans");
const runs = Number(args[args.indexOf("--runs") + 1] ?? 0) || 5;

/** knex-style `?` to `$n`. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

async function main() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const viewers = await client.query<{ user_id: number; employee_id: number; profile_type: string; division_id: number | null; team_id: number | null; email: string }>(
    `select distinct on (kind) u.id as user_id, e.id as employee_id, e.profile_type, e.division_id, e.team_id, u.email,
            case when e.profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT') then 1
                 when e.profile_type = 'ROLE_DEPARTMENT_HEAD' then 2 else 3 end as kind
       from app_user u join employee e on e.id = u.employee_id
      where e.fired_at is null and e.profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT', 'ROLE_DEPARTMENT_HEAD', 'ROLE_TEAM_LEADER')
      order by kind, e.id`,
  );
  const statements = (v: (typeof viewers.rows)[number]): [string, string, unknown[]][] => {
    const user = { employeeId: v.employee_id, profileType: v.profile_type, divisionId: v.division_id, teamId: v.team_id };
    const wp = waitingParams(user);
    return [
      ["shell (counter)", SHELL_SQL, ["explain-waiting-session"]],
      ["dashboard first five", `select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where ${WAITING_CONDITION_SQL} order by l.urgent desc, l.start, l.id limit 5`, wp],
      ["waiting list count", `select count(*)::int as n from leave l where ${WAITING_CONDITION_SQL}`, wp],
      [
        "waiting list page",
        `select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where ${WAITING_CONDITION_SQL} order by l.urgent desc, l.start asc, l.id asc limit ${PENDING_PAGE_SIZE} offset 0`,
        wp,
      ],
    ];
  };
  for (const v of viewers.rows) {
    console.log(`\n== ${v.profile_type} ${v.email} (employee ${v.employee_id}, division ${v.division_id}, team ${v.team_id})`);
    await client.query("begin");
    await client.query(
      `insert into session (id, user_id, data, created_at, last_seen_at, expires_at)
       values ('explain-waiting-session', $1, jsonb_build_object('userId', $1::int), now(), now(), now() + interval '1 hour')`,
      [v.user_id],
    );
    for (const [name, sql, params] of statements(v)) {
      const text = numbered(sql);
      let best = Infinity;
      let plan = "";
      let rows = 0;
      for (let i = 0; i < runs; i++) {
        const res = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${text}`, params);
        const lines = res.rows.map((r) => r["QUERY PLAN"]);
        const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join("\n"))?.[1]);
        if (ms < best) {
          best = ms;
          plan = lines.join("\n");
        }
      }
      // Without EXPLAIN's per-node timing: the median of `runs` plain executions, as the client sees them.
      const walls: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await client.query(text, params);
        walls.push(performance.now() - t0);
      }
      walls.sort((a, b) => a - b);
      const wall = walls[Math.floor(walls.length / 2)]!;
      rows = (await client.query(text, params)).rowCount ?? 0;
      const result = name.endsWith("count") || name.startsWith("shell") ? JSON.stringify((await client.query(text, params)).rows[0]?.n ?? (await client.query(text, params)).rows[0]?.waiting) : `${rows} rows`;
      console.log(`${name.padEnd(22)} explain ${best.toFixed(2).padStart(7)} ms   plain ${wall.toFixed(2).padStart(7)} ms   ${result}`);
      if (showPlans) console.log(plan + "\n");
    }
    await client.query("rollback");
  }
  await client.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
