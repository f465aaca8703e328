/**
 * Load test of the clock actions (DESIGN §6: ≥ 1,000 actions/s for 60 s with 50 concurrent clients, p99 < 100 ms,
 * zero lost and zero duplicated entries). Each client badges its own bench employee through the /api in a loop
 * start -> pause -> start -> lunch -> start -> end -> reset, against a running server (loopback only), then the
 * database is checked: every accepted action must be exactly one time_log row.
 *
 *   BASE_URL=http://127.0.0.1:3000 DATABASE_URL=postgresql://... tsx scripts/bench/clock.ts
 *   (BENCH_CLIENTS=50, BENCH_SECONDS=60)
 *
 * `benchClock(opts)` is what scripts/bench/index.ts calls.
 */
import { createHash, randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import pg from "pg";

export interface BenchClockOptions {
  /** The running app, on the loopback interface. */
  baseUrl: string;
  /** Its database, to create the bench employees and count the entries afterwards. */
  databaseUrl: string;
  /** Concurrent clients, one employee each (default 50). */
  clients?: number;
  /** How long to run (default 60 s, at most 600). */
  durationSeconds?: number;
  /** Upper bound on requests per client, whatever the duration (default 200,000). */
  maxRequestsPerClient?: number;
  log?: (line: string) => void;
  /**
   * Called when the timed load starts; the function it returns is called when the load ends (before the entries are
   * counted) and its figures go to `measured` (the server's CPU time, say).
   */
  measure?: () => Promise<() => Promise<Record<string, number>>>;
  keepLatencies?: boolean;
}

export interface BenchClockResult {
  clients: number;
  durationSeconds: number;
  /** Accepted badging actions (start, pause, lunch, end), resets excluded. */
  actions: number;
  resets: number;
  actionsPerSecond: number;
  /** Answers other than 200 (a 409 here means the state machine saw a stale state: a bug). */
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  lost: number;
  duplicated: number;
  /** What `measure` gave (e.g. server and database CPU ms per action). */
  measured?: Record<string, number>;
  /** Every request's latency (ms), when `keepLatencies` asked for them (to merge several runs). */
  latencies?: Float64Array;
  /** Seconds of load actually run. */
  elapsedSeconds: number;
}

/** The day each client replays; reset empties it (entries kept as superseded) so the loop can go on. */
const CYCLE = ["start", "pause", "start", "lunch", "start", "end", "reset"] as const;
const BENCH_EMAIL = (i: number) => `bench.clock.${i}@cadran.test`;

function assertLoopback(baseUrl: string) {
  const host = new URL(baseUrl).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`benchClock only runs against a loopback server, not ${host}`);
  }
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Creates (or reuses) the bench employees with an account and a fresh 12-hour API token each: a few statements. */
export async function prepareEmployees(db: pg.Client, count: number): Promise<{ employeeId: number; token: string }[]> {
  const emails = Array.from({ length: count }, (_, i) => BENCH_EMAIL(i + 1));
  const { rows: subsidiaries } = await db.query<{ id: number; country_id: number }>("select id, country_id from subsidiary order by id limit 1");
  const sub = subsidiaries[0] ?? null;
  await db.query(
    `insert into employee (firstname, lastname, email, profile_type, country_id, subsidiary_id, time_registration, created_at, updated_at)
     select 'bench', 'clock ' || n, e, 'ROLE_EMPLOYEE', $2::int, $3::int, true, now(), now()
       from unnest($1::text[]) with ordinality as x(e, n)
     on conflict (email) do nothing`,
    [emails, sub?.country_id ?? null, sub?.id ?? null],
  );
  const { rows: employees } = await db.query<{ id: number; email: string }>("select id, email from employee where email = any($1::text[]) order by id", [emails]);
  const ids = employees.map((e) => e.id);
  // Accounts need a password hash; bench accounts never sign in with a password, so a random unusable one.
  await db.query(
    `insert into app_user (employee_id, email, password_hash, roles, created_at)
     select e.id, e.email, $2, '{ROLE_EMPLOYEE}', now() from employee e
      where e.id = any($1::int[]) and not exists (select 1 from app_user u where u.employee_id = e.id)`,
    [ids, `!bench-${randomBytes(8).toString("hex")}`],
  );
  const week = JSON.stringify(Array(5).fill({ morningStart: 540, morningEnd: 720, afternoonStart: 780, afternoonEnd: 1020 }));
  await db.query(
    `insert into week_schedule (employee_id, week_number, days) select id, 1, $2::jsonb from unnest($1::int[]) as id
     on conflict (employee_id, week_number) do nothing`,
    [ids, week],
  );
  const { rows: users } = await db.query<{ id: number; employee_id: number }>(
    "select id, employee_id from app_user where employee_id = any($1::int[]) order by employee_id",
    [ids],
  );
  const tokens = users.map(() => randomBytes(32).toString("base64url"));
  const hashes = tokens.map((t) => createHash("sha256").update(t).digest("hex"));
  await db.query(
    `insert into api_token (user_id, token_hash, created_at, expires_at)
     select u, h, now(), now() + interval '12 hours' from unnest($1::int[], $2::text[]) as x(u, h)`,
    [users.map((u) => u.id), hashes],
  );
  return users.map((u, i) => ({ employeeId: u.employee_id, token: tokens[i]! }));
}

interface LoadRun {
  latencies: number[];
  /** [employeeId, accepted badging actions]. */
  accepted: [number, number][];
  errors: number;
  resets: number;
  elapsedMs: number;
}

/**
 * The client loops, as plain JavaScript for a worker thread (no loader needed). Each client replays CYCLE against
 * its own employee; an answer other than 200 puts it back to an empty day.
 */
const LOAD_LOOP = `
const { parentPort, workerData } = require("node:worker_threads");
const { performance } = require("node:perf_hooks");
const { base, employees, durationSeconds, maxRequests, cycle } = workerData;
const post = async (path, token) => {
  const res = await fetch(base + "/api/timeclock/" + path, { method: "POST", headers: { "X-AUTH-TOKEN": token, Accept: "application/json" } });
  await res.arrayBuffer();
  return res.status;
};
(async () => {
  const latencies = [];
  const accepted = [];
  let errors = 0;
  let resets = 0;
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  await Promise.all(employees.map(async ({ employeeId, token }) => {
    let ok = 0;
    for (let i = 0; i < maxRequests && performance.now() < deadline; i++) {
      const action = cycle[i % cycle.length];
      const t0 = performance.now();
      let status = 0;
      try { status = await post(action, token); } catch { status = 0; }
      latencies.push(performance.now() - t0);
      if (status !== 200) {
        errors += 1;
        await post("reset", token).catch(() => 0);
        i = cycle.length - 1;
        continue;
      }
      if (action === "reset") resets += 1;
      else ok += 1;
    }
    accepted.push([employeeId, ok]);
  }));
  parentPort.postMessage({ latencies, accepted, errors, resets, elapsedMs: performance.now() - started });
})();
`;

function runInWorker(data: {
  base: string;
  employees: { employeeId: number; token: string }[];
  durationSeconds: number;
  maxRequests: number;
}): Promise<LoadRun> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_LOOP, { eval: true, workerData: { ...data, cycle: [...CYCLE] } });
    worker.once("message", (run: LoadRun) => {
      resolve(run);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}

/** Runs the load test and checks the entries; resolves with the figures (see BenchClockResult). */
export async function benchClock(opts: BenchClockOptions): Promise<BenchClockResult> {
  assertLoopback(opts.baseUrl);
  const clients = Math.max(1, Math.min(opts.clients ?? 50, 500));
  const durationSeconds = Math.max(1, Math.min(opts.durationSeconds ?? 60, 600));
  const maxRequests = Math.max(1, Math.min(opts.maxRequestsPerClient ?? 200_000, 1_000_000));
  const log = opts.log ?? ((line: string) => console.log(line));
  const base = opts.baseUrl.replace(/\/+$/, "");

  const db = new pg.Client({ connectionString: opts.databaseUrl });
  await db.connect();
  try {
    const employees = await prepareEmployees(db, clients);
    const ids = employees.map((e) => e.employeeId);
    log(`[bench:clock] ${clients} clients, ${durationSeconds} s, against ${base}`);

    const post = async (path: string, token: string) => {
      const res = await fetch(`${base}/api/timeclock/${path}`, { method: "POST", headers: { "X-AUTH-TOKEN": token, Accept: "application/json" } });
      await res.arrayBuffer();
      return res.status;
    };
    // Every client starts from an empty day, whatever an earlier run left.
    await Promise.all(employees.map((e) => post("reset", e.token)));
    // A reset keeps the day's entries as superseded: a run leaves ~75,000 of them on these 50 days, and the next run
    // would measure days no one ever has (each action's recompute reads them: 918 → 460 actions/s after a few runs
    // on one database, decision 0104 addendum). Gone before counting, so every run starts from the same state.
    await db.query(
      `delete from time_log l using time_clock c
        where c.id = l.time_clock_id and c.employee_id = any($1::int[]) and c.suggested = false and l.superseded_at is not null`,
      [ids],
    );
    const { rows: before } = await db.query<{ employee_id: number; n: string }>(
      `select c.employee_id, count(l.id) as n from time_clock c join time_log l on l.time_clock_id = c.id
        where c.employee_id = any($1::int[]) and c.suggested = false group by c.employee_id`,
      [ids],
    );
    const rowsBefore = new Map(before.map((r) => [r.employee_id, Number(r.n)]));

    // The load runs on a worker thread (the bench's main thread only waits); the server runs in its own process
    // (scripts/bench/processes.ts) when the bench starts it.
    const stopMeasure = opts.measure ? await opts.measure() : null;
    const run = await runInWorker({ base, employees, durationSeconds, maxRequests });
    const measured = stopMeasure ? await stopMeasure() : undefined;
    const { latencies, errors, resets } = run;
    const accepted = new Map(run.accepted);
    const elapsed = run.elapsedMs / 1000;

    const { rows: after } = await db.query<{ employee_id: number; n: string }>(
      `select c.employee_id, count(l.id) as n from time_clock c join time_log l on l.time_clock_id = c.id
        where c.employee_id = any($1::int[]) and c.suggested = false group by c.employee_id`,
      [ids],
    );
    let lost = 0;
    let duplicated = 0;
    const rowsAfter = new Map(after.map((r) => [r.employee_id, Number(r.n)]));
    for (const id of ids) {
      const written = (rowsAfter.get(id) ?? 0) - (rowsBefore.get(id) ?? 0);
      const expected = accepted.get(id) ?? 0;
      if (written < expected) lost += expected - written;
      if (written > expected) duplicated += written - expected;
    }

    const sorted = Float64Array.from(latencies).sort();
    const actions = [...accepted.values()].reduce((a, b) => a + b, 0);
    const result: BenchClockResult = {
      clients,
      durationSeconds: Math.round(elapsed * 10) / 10,
      actions,
      resets,
      actionsPerSecond: Math.round((actions + resets) / elapsed),
      errors,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.length ? sorted[sorted.length - 1]! : 0),
      lost,
      duplicated,
      measured,
      latencies: opts.keepLatencies ? sorted : undefined,
      elapsedSeconds: elapsed,
    };
    log(
      `[bench:clock] ${result.actionsPerSecond} actions/s (${actions} actions + ${resets} resets in ${result.durationSeconds} s), ` +
        `p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, max ${result.max} ms, ` +
        `errors ${errors}, lost ${lost}, duplicated ${duplicated}`,
    );
    return result;
  } finally {
    await db.end();
  }
}

function round(ms: number) {
  return Math.round(ms * 10) / 10;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const baseUrl = process.env.BASE_URL ?? "http://127.0.0.1:3000";
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("DATABASE_URL is required (the database of the running server).");
    process.exit(2);
  }
  const result = await benchClock({
    baseUrl,
    databaseUrl,
    clients: Number(process.env.BENCH_CLIENTS ?? 50),
    durationSeconds: Number(process.env.BENCH_SECONDS ?? 60),
  });
  process.exit(result.lost === 0 && result.duplicated === 0 ? 0 : 1);
}
