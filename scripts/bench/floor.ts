import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import pg from "pg";

/**
 * The physical floor of a clock action (DESIGN §6, issue 14): a bare `node:http` handler with a raw `pg` pool of the
 * app's size, running the minimal statements of POST /api/timeclock/{start|pause|lunch|end|reset}: the token check,
 * the day's read, one write. No services, no ORM, no framework, no domain import: what this machine can do, so the
 * ratio of the full stack to it shows what our layers cost. Its statements are named (prepared once per connection,
 * then only bound and executed), as the app's clock statements are since decision 0057. It writes the same rows as the app (the day, one
 * time_log entry per accepted action, the daily overtime row, the employee's state), so the bench counts lost and
 * duplicated entries the same way. Totals are simplified (no expected time: this is a floor, not the product).
 */

const NEXT: Record<string, Record<string, boolean>> = {
  // last type of the day -> the actions allowed (the clock's state machine, inlined).
  none: { start: true, pause: false, lunch: false, end: false },
  START: { start: false, pause: true, lunch: true, end: true },
  PAUSE: { start: true, pause: false, lunch: false, end: false },
  LUNCH: { start: true, pause: false, lunch: false, end: false },
  END: { start: false, pause: false, lunch: false, end: false },
};

const TOKEN_SQL = `select u.employee_id, e.time_registration from api_token t join app_user u on u.id = t.user_id
  join employee e on e.id = u.employee_id where t.token_hash = $1 and t.revoked_at is null and t.expires_at > $2`;

const DAY_SQL = `select d.id, d.type, d.xmin::text as version,
    coalesce((select json_agg(json_build_array((extract(epoch from l.time) * 1000)::float8, l.type) order by l.time, l.id)
                from time_log l where l.time_clock_id = d.id and l.superseded_at is null), '[]'::json) as logs
  from time_clock d where d.employee_id = $1 and d.date = $2 and d.suggested = false`;

const WRITE_SQL = `with day as (
    insert into time_clock (employee_id, date, type, suggested, working_time_seconds, lunch_time_seconds, expected_seconds,
                            overtime_seconds, anomaly, created_by_id, created_at, updated_at)
    values ($1, $2, $3, false, $4, 0, 0, $4, false, $1, $5, $5)
    on conflict (employee_id, date) where suggested = false do update
      set type = excluded.type, working_time_seconds = excluded.working_time_seconds, overtime_seconds = excluded.overtime_seconds,
          updated_at = excluded.updated_at, new_notification = null
      where time_clock.xmin = $6::xid
    returning id),
  log as (insert into time_log (time_clock_id, time, type, created_at, created_by_id) select id, $5, $3, $5, $1 from day returning id),
  emp as (update employee set last_state_time_clock = lower($3) where id = $1 and exists (select 1 from day) returning id),
  ot as (insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds, anomaly)
         select $1, $2, $4, 0, $4, false from day
         on conflict (employee_id, date) do update set worked_seconds = excluded.worked_seconds, overtime_seconds = excluded.overtime_seconds
         returning id)
  select day.id, log.id as log_id from day, log`;

const RESET_SQL = `with day as (
    insert into time_clock (employee_id, date, type, suggested, created_by_id, created_at, updated_at)
    values ($1, $2, null, false, $1, $3, $3)
    on conflict (employee_id, date) where suggested = false do update
      set type = null, working_time_seconds = 0, lunch_time_seconds = 0, overtime_seconds = 0, updated_at = excluded.updated_at
    returning id),
  logs as (update time_log set superseded_at = $3, superseded_by_id = $1 where time_clock_id = (select id from day) and superseded_at is null)
  select id from day`;

/** Working seconds of a day's entries: START -> next entry. */
function working(logs: [number, string][]): number {
  let s = 0;
  for (let i = 0; i + 1 < logs.length; i++) if (logs[i]![1] === "START") s += (logs[i + 1]![0] - logs[i]![0]) / 1000;
  return Math.round(s);
}

export async function startFloorServer(
  databaseUrl: string,
  poolMax = 10,
  port = 0,
  options: { unnamed?: boolean } = {},
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
  // `unnamed`: the floor of decision 0049, whose statements PostgreSQL parsed and planned on every call.
  const query = (name: string, text: string, values: unknown[]) => (options.unnamed ? pool.query(text, values) : pool.query({ name, text, values }));
  const dateFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" });
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    req.resume();
    void (async () => {
      try {
        const m = /^\/api\/timeclock\/(\w+)$/.exec(req.url ?? "");
        if (req.method !== "POST" || !m) return send(404, { message: "not found" });
        const action = m[1]!;
        const token = String(req.headers["x-auth-token"] ?? "");
        const now = new Date();
        const { rows: users } = await query("floor_token", TOKEN_SQL, [createHash("sha256").update(token).digest("hex"), now]);
        const user = users[0];
        if (!user) return send(401, { message: "unauthenticated" });
        if (!user.time_registration) return send(409, { message: "registration off" });
        const date = dateFormat.format(now);
        if (action === "reset") {
          const { rows } = await query("floor_reset", RESET_SQL, [user.employee_id, date, now]);
          return send(200, { id: rows[0]?.id, type: null, timeLogs: [] });
        }
        if (!(action in NEXT.none!)) return send(404, { message: "not found" });
        for (let attempt = 0; attempt < 5; attempt++) {
          const { rows: days } = await query("floor_day", DAY_SQL, [user.employee_id, date]);
          const day = days[0] as { id: number; type: string | null; version: string; logs: [number, string][] } | undefined;
          if (!NEXT[day?.type ?? "none"]![action]) return send(409, { message: "refused" });
          const type = action.toUpperCase();
          const logs: [number, string][] = [...(day?.logs ?? []), [now.getTime(), type]];
          const { rows } = await query("floor_write", WRITE_SQL, [user.employee_id, date, type, working(logs), now, day?.version ?? null]);
          if (rows[0]) return send(200, { id: rows[0].id, type, timeLogs: logs.map(([t, ty]) => ({ time: Math.floor(t / 1000), type: ty })) });
        }
        return send(409, { message: "stale" });
      } catch (error) {
        send(500, { message: String(error) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

// `node --import tsx scripts/bench/floor.ts` (DATABASE_URL, FLOOR_PORT, FLOOR_UNNAMED=1 for 0049's floor): the floor in
// its own process, as the bench runs it (scripts/bench/processes.ts); SIGINT or SIGTERM closes it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const floor = await startFloorServer(process.env.DATABASE_URL!, 10, Number(process.env.FLOOR_PORT ?? 0), {
    unnamed: process.env.FLOOR_UNNAMED === "1",
  });
  console.info(`[floor] listens on ${floor.baseUrl}`);
  const stop = () => void floor.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
