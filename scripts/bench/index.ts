import "../lib/job-runner"; // hands the job registry to the queue (issue 45)
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { DateTime } from "luxon";
import { resolveDatabase } from "../lib/database";
import { migrate } from "../migrate";
import { printResult, runLoad, runRate } from "./load";

/**
 * `npm run bench`: a fresh database with the demo organisation, the built app on a loopback port, then bounded load
 * runs printed against the budgets of DESIGN §6. A benchmark, not a test: it prints, it does not fail.
 * Options (env): BENCH_SECONDS (default 10), BENCH_CLIENTS (default 50), BENCH_ONLY=clock (the clock actions alone),
 * BENCH_ONLY=pages (the pages alone), BENCH_ONLY=nightly (the overtime nightly job and a full-year recompute on worker
 * processes, scripts/bench/nightly.ts; also run at the end of a full bench), BENCH_SERVICES=1 (also the clock's services
 * behind a bare handler).
 *
 * `npm run bench -- --large` (or BENCH_LARGE=1): the same on the 5,000-employee company of db/seeds/large.ts, in its
 * own database (cadran_large, built by `npm run db:seed -- --large` or here when missing); ten times the company with
 * `--employees 50000` (or LARGE_EMPLOYEES=50000: database cadran_large_50k, decision 0104): every page of the rights
 * table that exists, at 40 requests/s of mixed traffic over the seven roles, with its query count; the clock actions
 * with 50 clients for 60 s (BENCH_CLOCK_SECONDS) against the physical floor (scripts/bench/floor.ts) in the same run,
 * each server in its own process (scripts/bench/clock-vs-floor.ts).
 * BENCH_DATABASE=<name> uses another database of the same server (a copy: `create database x template cadran_large`).
 * BENCH_PAGE_FILTER=<regexp> keeps the pages whose rule path matches (e.g. "^/$": the dashboards alone).
 * BENCH_WARMUP_SECONDS (default 10): the large page mix's warm-up, the same traffic sent first and not counted.
 * BENCH_TIMELINE=1 prints the mixed traffic second by second (median and worst latency of the requests sent then).
 * BENCH_LIST_FILTER=<regexp> keeps the demo bench's list pages whose name matches (e.g. "^report": the reports).
 * BENCH_ONLY=terminal: clock actions through the shop-floor terminal (badge + button, HTML without JavaScript) against
 * the floor in the same run, nothing lost or doubled (scripts/bench/terminal.ts, decision 0137; also run by a full demo bench).
 * BENCH_ONLY=burst: the login burst alone (issue 42 §7, scripts/bench/login-burst.ts): other people's clock actions and
 * pages before and during 200 wrong passwords from one address (also run by a full demo bench).
 * BENCH_ONLY=paint: felt speed alone (issue 44 §6, scripts/bench/paint.ts): the leave list, the home and the badging
 * page's largest paint in Chromium on a slow phone profile, cold, JavaScript on and off (PAINT_RUNS, default 3).
 * Figures go to bench-results.json (git-ignored).
 */
const large = process.argv.includes("--large") || process.env.BENCH_LARGE === "1";
const seconds = Number(process.env.BENCH_SECONDS ?? (large ? 30 : 10));
const clockSeconds = Number(process.env.BENCH_CLOCK_SECONDS ?? (large ? 60 : seconds));
const clients = Number(process.env.BENCH_CLIENTS ?? 50);
// The large page mix first sends this many seconds of the same traffic, not counted (each web process warm).
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3190);
const clockOnly = process.env.BENCH_ONLY === "clock";
const pagesOnly = process.env.BENCH_ONLY === "pages";
const nightlyOnly = process.env.BENCH_ONLY === "nightly";
const burstOnly = process.env.BENCH_ONLY === "burst";
const paintOnly = process.env.BENCH_ONLY === "paint";
const terminalOnly = process.env.BENCH_ONLY === "terminal";
const results: Record<string, unknown> = {
  when: new Date().toISOString(),
  mode: large ? "large" : "demo",
  machine: { cpus: (await import("node:os")).cpus().length, loadavg: (await import("node:os")).loadavg() },
};
// The bench measures the built app: build it first when no build is there (a fresh clone after `npm ci`).
const { existsSync } = await import("node:fs");
if (!existsSync(new URL("../../build/index.js", import.meta.url))) {
  console.info("[bench] no build/: running remix build");
  const built = (await import("node:child_process")).spawnSync("npx", ["remix", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// The Excel budget runs in its own process so its peak RSS is the writer's (BENCH_ONLY=excel: that alone).
// Its figures come back through a file and go to bench-results.json with the others.
const { spawnSync } = await import("node:child_process");
const benchExcelProcess = () => {
  const out = join(tmpdir(), `cadran-bench-excel-${process.pid}.json`);
  spawnSync("npx", ["tsx", "scripts/bench/excel.ts"], { stdio: "inherit", env: { ...process.env, BENCH_EXCEL_OUT: out } });
  try {
    results.excel = JSON.parse(readFileSync(out, "utf8"));
    rmSync(out, { force: true });
  } catch {
    results.excel = { error: "no figures (the Excel bench failed: see above)" };
  }
};
// The employee import budget (issue 33): 5,000 rows read, previewed and confirmed in < 30 s, in its own database.
if (process.env.BENCH_ONLY === "import") {
  const { benchImport } = await import("./import");
  results.import = await benchImport();
  writeResults();
  process.exit(0);
}
if (process.env.BENCH_ONLY === "excel") {
  benchExcelProcess();
  writeResults();
  process.exit(0);
}

const admin = await resolveDatabase({ database: "postgres" });
const { largeDatabaseName, largeEmployees } = await import("../../db/seeds/large-size");
const employees = large ? largeEmployees() : 0;
const dbName = process.env.BENCH_DATABASE ?? (large ? largeDatabaseName(employees) : "cadran_bench");
if (large) results.employees = employees;
const url = new URL(admin.url);
url.pathname = `/${dbName}`;
if (large) {
  // The large company is reused when it is there (building it takes a minute or two); made here otherwise.
  const probe = new pg.Client({ connectionString: url.toString() });
  const marker = await probe
    .connect()
    .then(() => probe.query<{ key: string }>("select key from job_run where key like 'large-seed:%'"))
    .then((r) => r.rows[0]?.key ?? null)
    .catch(() => null);
  await probe.end().catch(() => {});
  if (marker && Number(marker.split(":")[1]) !== employees) {
    console.info(`[bench] warning: ${dbName} holds ${marker.split(":")[1]} employees, not the ${employees} asked for`);
  }
  if (!marker) {
    console.info(`[bench] ${dbName} has no large company: building it (npm run db:seed -- --large --employees ${employees})`);
    const { seedLarge } = await import("../../db/seeds/large");
    const seeded = await seedLarge({ adminUrl: admin.url, database: dbName, employees, today: DateTime.now().setZone("Europe/Paris").toISODate()!, migrate });
    results.seed = { ms: seeded.ms, cpuMs: seeded.cpuMs, counts: seeded.counts };
  } else {
    console.info(`[bench] reusing ${dbName} (${marker})`);
    results.seed = { marker };
  }
} else {
  const c = new pg.Client({ connectionString: admin.url });
  await c.connect();
  await c.query(`drop database if exists "${dbName}" with (force)`);
  await c.query(`create database "${dbName}"`);
  await c.end();
}
process.env.DATABASE_URL = url.toString();
process.env.APP_URL = `http://127.0.0.1:${port}`;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789";
process.env.COOKIE_SECURE = "0";
process.env.INLINE_JOBS = "1";
await migrate(process.env.DATABASE_URL);
const { getEm, getOrm } = await import("~/server/shared/orm.server");
const { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } = await import("../../db/seeds/demo");
if (!large) await seedDemo(await getEm(), { today: DateTime.now().setZone("Europe/Paris").toISODate()! });
const { addFiftyLeaves, benchListPages, benchMixedPages } = await import("./pages");
const { discoverBenchPages } = await import("./page-discovery");
const { benchDownloads } = await import("./downloads");
if (!large) await addFiftyLeaves(process.env.DATABASE_URL);
const { serve } = await import("../serve");
// In this process: the server whose queries are counted (knex's events) and the clock's. The timed page runs go to
// the same app in its own process (scripts/bench/server-process.ts), so the load clients never share its event loop.
const web = await serve({ port });
const countBase = `http://127.0.0.1:${port}`;
const { startServerProcess } = await import("./server-process");
// Large mode: as production runs on this 2-core machine, one web process per core (BENCH_WEB_PROCESSES to change).
const webProcesses = process.env.BENCH_WEB_PROCESSES ?? (large ? "2" : "1");
const timed = await startServerProcess({ port: port + 1, databaseUrl: process.env.DATABASE_URL!, env: { WEB_PROCESSES: webProcesses } });
results.webProcesses = Number(webProcesses);
const base = timed.base;
const accounts = DEMO_ACCOUNTS.map((a) => a.email);

async function login(email: string): Promise<string | null> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ identifier: email, password: DEMO_PASSWORD, redirect: "/" }),
    redirect: "manual",
  });
  await res.arrayBuffer();
  if (res.status !== 302) return null;
  return res.headers.getSetCookie().map((l) => l.split(";")[0]).join("; ");
}

/** Bundle sizes, login, and the home page closed-loop and at the budget's rate. */
async function benchPages() {
  const { printBundle } = await import("./bundle");
  printBundle();
  // Login is argon2id-bound on purpose (m = 19 MiB, t = 2): its rate is the hashing rate of the machine.
  printResult(
    await runLoad("login (POST /login)", { clients, seconds }, async (i) => (await login(accounts[i % accounts.length]!)) != null),
  );

  const cookies = await Promise.all(Array.from({ length: clients }, (_, i) => login(accounts[i % accounts.length]!)));
  printResult(
    await runLoad("home page (GET /)", { clients, seconds }, async (i) => {
      const res = await fetch(`${base}/`, { headers: { Cookie: cookies[i]! } });
      await res.arrayBuffer();
      return res.status === 200;
    }),
  );
  // The budget is stated at about 40 requests/s: measured open-loop, mixed over the seven demo accounts.
  printResult(
    await runRate("home page at 40 req/s", { rps: 40, seconds }, async (i) => {
      const res = await fetch(`${base}/`, { headers: { Cookie: cookies[i % cookies.length]! } });
      await res.arrayBuffer();
      return res.status === 200;
    }),
    { p95: 100 },
  );
}

/** Counts the statements the app's pool sends while `fn` runs (knex's "query" event, as tests/api/query-count). */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const knex = (await getOrm()).em.getConnection().getKnex();
  let count = 0;
  const onQuery = () => (count += 1);
  knex.on("query", onQuery);
  try {
    await fn();
  } finally {
    knex.removeListener("query", onQuery);
  }
  return count;
}

/** Large mode: every existing page, mixed traffic over the seven roles at 40 req/s. */
async function benchLargePages() {
  const cookies = new Map<string, string>();
  for (const a of accounts) {
    const cookie = await login(a);
    if (cookie) cookies.set(a, cookie);
  }
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const { rows } = await db.query<{ id: number; leave_id: number | null }>(
    `select e.id, (select l.id from leave l where l.employee_id = e.id order by l.start desc limit 1) as leave_id
       from employee e where e.email = 'employe@cadran.test'`,
  );
  await db.end();
  const pages = await discoverBenchPages({ base, cookies, employeeId: rows[0]!.id, leaveId: rows[0]!.leave_id });
  const mixed = await benchMixedPages({
    base,
    seconds,
    rps: 40,
    pages,
    cookies,
    countQueries,
    countBase,
    warmup: warmupSeconds,
    cpu: { serverPid: timed.pid, databaseUrl: process.env.DATABASE_URL!, dbName },
  });
  results.pages = mixed.pages;
  results.pagesCpuPerRequest = mixed.cpuPerRequest;
  if (!process.env.BENCH_PAGE_FILTER) results.downloads = await benchDownloads({ base, cookies, email: "daf@cadran.test", employeeId: rows[0]!.id });
}

console.info(
  `Cadran bench${large ? " (large company)" : ""}: ${clients} clients, ${seconds} s per run, loopback ${base}, ${webProcesses} web process(es)`,
);
if (large) {
  if (!clockOnly && !nightlyOnly) await benchLargePages();
  if (!clockOnly && !pagesOnly && !nightlyOnly) benchExcelProcess();
} else if (paintOnly) {
  // Felt speed (issue 44 §6): the leave list (50 pending leaves), the home and the badging page of the demo employee.
  const { benchPaint } = await import("./paint");
  const cookie = (await login("employe@cadran.test"))!;
  results.paint = await benchPaint({
    base,
    pages: [
      { name: "leave list", path: "/leave/me?tab=pending", cookie },
      { name: "home", path: "/", cookie },
      { name: "badging", path: "/time-clock/badging", cookie },
    ],
  });
} else if (terminalOnly) {
  const { benchTerminal } = await import("./terminal");
  results.terminal = await benchTerminal({ databaseUrl: process.env.DATABASE_URL!, clients, seconds: clockSeconds });
} else if (burstOnly) {
  const { benchLoginBurst } = await import("./login-burst");
  results.loginBurst = await benchLoginBurst({ port: port + 2, databaseUrl: process.env.DATABASE_URL!, accounts, password: DEMO_PASSWORD, seconds, webProcesses });
} else {
  if (!clockOnly && !pagesOnly && !nightlyOnly) await benchPages();
  if (!clockOnly && !nightlyOnly) await benchListPages({ base, seconds, login });
  if (!clockOnly && !pagesOnly && !nightlyOnly) benchExcelProcess();
  if (!clockOnly && !pagesOnly && !nightlyOnly) {
    const { benchLoginBurst } = await import("./login-burst");
    results.loginBurst = await benchLoginBurst({ port: port + 2, databaseUrl: process.env.DATABASE_URL!, accounts, password: DEMO_PASSWORD, seconds, webProcesses });
  }
}

if (!pagesOnly && !nightlyOnly && !burstOnly && !paintOnly && !terminalOnly) {
  // The full stack and the floor each in their own child process, the load clients here (decision 0057).
  try {
    const { benchClockVsFloor } = await import("./clock-vs-floor");
    results.clock = await benchClockVsFloor({ databaseUrl: process.env.DATABASE_URL!, dbName, clients, seconds: clockSeconds });
  } catch (error) {
    console.info(`clock bench skipped: ${(error as Error).message}`);
  }
}
if (!large && !clockOnly && !pagesOnly && !nightlyOnly && !burstOnly && !paintOnly && !terminalOnly) {
  // The shop-floor terminal's clock actions against the floor (decision 0137).
  const { benchTerminal } = await import("./terminal");
  results.terminal = await benchTerminal({ databaseUrl: process.env.DATABASE_URL!, clients, seconds: clockSeconds });
}

await timed.close();
if (!clockOnly && !pagesOnly && !burstOnly && !paintOnly && !terminalOnly) {
  const { benchNightly } = await import("./nightly");
  results.nightly = await benchNightly({ databaseUrl: process.env.DATABASE_URL!, redisUrl: process.env.REDIS_URL });
}

writeResults();

await web.close();
await admin.stop();
process.exit(0);

/** The figures of the run, for comparing runs (bench-results.json, git-ignored). */
function writeResults() {
  writeFileSync(new URL("../../bench-results.json", import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  console.info(`[bench] figures written to bench-results.json`);
}
