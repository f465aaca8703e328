import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { printResult, runLoad, runRate } from "./load";
import type { BenchPage } from "./page-discovery";
import { databaseCpu, processTreeCpu, processTreeCpuSince } from "./processes";

/**
 * Issue 12 item 6: the list pages with 50 leaves for one employee, against the peer's figures (10–16 ms, 80–99 KB):
 * one client closed-loop (the latency of one page, target ≤ 12 ms at the median), then 40 requests/s, and the size
 * of each page as sent (with `Accept-Encoding: gzip`) and as HTML.
 */
export const PAGE_TARGETS = { p50: 12 };
const SIZE_TARGETS_KB: Record<string, number> = { "/leave/me": 40, "/leave/waiting (pending)": 60, "/leave/ask": 21 };

/** 50 pending leaves (one working day each, next year) for the demo employee, awaiting their team leader. */
export async function addFiftyLeaves(databaseUrl: string, email = "employe@cadran.test"): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number }>(
      "select e.id from employee e join app_user u on u.employee_id = e.id where u.email = $1",
      [email],
    );
    const employeeId = rows[0]!.id;
    await c.query(
      `with days as (
         select d::date as day from generate_series(make_date(extract(year from now())::int + 1, 2, 1),
                                                    make_date(extract(year from now())::int + 1, 5, 31), '1 day') d
         where extract(isodow from d) < 6 order by d limit 50),
       ins as (
         insert into leave (employee_id, reason, comment, start, "end", number_days_work, urgent, state, created_at, updated_at)
         select $1, 'PAID_LEAVE', 'Banc d''essai', day, day, 1, false, 'pending', now(), now() from days
         returning id)
       insert into leave_step (leave_id, step, actor_id, at) select id, 'created', $1, now() from ins`,
      [employeeId],
    );
  } finally {
    await c.end();
  }
}

/** Bytes on the wire for a GET with or without gzip accepted (node:http does not decode). */
function wireSize(base: string, path: string, cookie: string, gzip: boolean): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { headers: { Cookie: cookie, "Accept-Encoding": gzip ? "gzip" : "identity" } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, encoding: String(res.headers["content-encoding"] ?? "none") }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The four report pages over the last 6 months, and the payroll page. */
function reportPages(cookie: string): [string, string, string][] {
  const to = new Date();
  const from = new Date(to);
  from.setMonth(from.getMonth() - 6);
  const period = `from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`;
  return [
    ["report: leave (6 months)", `/report/leave?${period}`, cookie],
    ["report: overtime (6 months)", `/report/overtime?${period}`, cookie],
    ["report: recovery (6 months)", `/report/recup?${period}`, cookie],
    ["report: hourly cost (6 mo.)", `/report/cost?${period}`, cookie],
    ["report: payroll", `/report/payroll`, cookie],
  ];
}

/**
 * The commercial named the team leader's deputy from today for a week, through the profile form (a period already
 * named by an earlier run answers 409 and stays): their cookie.
 */
async function deputyOfLeader(opts: { base: string; login: (email: string) => Promise<string | null> }, leader: string): Promise<string> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const body = new URLSearchParams({ intent: "deputy-name", login: "commercial@cadran.test", startsOn: day(0), endsOn: day(7) });
  await fetch(`${opts.base}/profile`, {
    method: "POST",
    headers: { Cookie: leader, Origin: opts.base, "Content-Type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });
  return (await opts.login("commercial@cadran.test"))!;
}

export async function benchListPages(opts: {
  base: string;
  seconds: number;
  login: (email: string) => Promise<string | null>;
}): Promise<void> {
  const employee = (await opts.login("employe@cadran.test"))!;
  const leader = (await opts.login("chef.equipe@cadran.test"))!;
  const finance = (await opts.login("daf@cadran.test"))!;
  const divisionHead = (await opts.login("chef.division@cadran.test"))!;
  const teamPage = await (await fetch(`${opts.base}/overtime/team`, { headers: { Cookie: leader } })).text();
  const teamMate = /href="\/overtime\/employee\/(\d+)"/.exec(teamPage)?.[1];
  // The overtime policy page of the demo's France (issue 13): its id read from the settings list.
  const settings = await (await fetch(`${opts.base}/settings`, { headers: { Cookie: finance } })).text();
  const franceLink = (settings.match(/<a [^>]*>/g) ?? []).find((a) => a.includes("France") && a.includes("/settings/countries/"));
  const france = franceLink && /\/settings\/countries\/(\d+)\/edit/.exec(franceLink)?.[1];
  const pages: [string, string, string][] = [
    ["/leave/me", "/leave/me", employee],
    // The year of the 50 leaves, every month: the pending tab shows the 50 cards (and the demo's, if any).
    ["/leave/waiting (pending)", `/leave/waiting?year=${new Date().getFullYear() + 1}&month=all&employee=all&tab=pending`, leader],
    ["/leave/ask", "/leave/ask", employee],
    // Issue 32 §2 (decision 0105): the same 50 leaves read by the commercial, named the team leader's deputy.
    ["/leave/waiting (deputy)", `/leave/waiting?year=${new Date().getFullYear() + 1}&month=all&employee=all&tab=pending`, await deputyOfLeader(opts, leader)],
    ["home (team leader)", "/", leader],
    // Reports (issue 16): 6-month periods, as finance (head management and financial management see them).
    ...reportPages(finance),
    // Issue 17: every dashboard variant (DESIGN §6: p95 < 100 ms at 40 req/s).
    ["home (agency, management)", "/", finance],
    ["home (division)", "/", (await opts.login("chef.division@cadran.test"))!],
    ["home (employee)", "/", employee],
    ["home (commercial)", "/", (await opts.login("commercial@cadran.test"))!],
    ...(france ? [["overtime policy (France)", `/settings/countries/${france}/overtime`, finance] as [string, string, string]] : []),
    // The /api reference (issue 33): the server-rendered page of the OpenAPI document.
    ["/api/docs (reference)", "/api/docs", finance],
    // Computed public holidays (issue 33): France's proposal of next year, next to the stored days.
    ...(france
      ? [["computed holidays (France, next year)", `/settings/holidays?calendar=country-${france}&year=${new Date().getFullYear() + 1}`, finance] as [string, string, string]]
      : []),
    // The five overtime screens (issue 13 §5); the employee's page is the first person of the team's calendar.
    ["overtime me", "/overtime/me", employee],
    ["overtime team", "/overtime/team", leader],
    ["overtime division", "/overtime/division", divisionHead],
    ["overtime subsidiary", "/overtime/subsidiary", finance],
    ...(teamMate ? [["overtime employee (week)", `/overtime/employee/${teamMate}?week=2`, leader] as [string, string, string]] : []),
    // Planning (issue 15): the yearly calendar and the tables (DESIGN §6: p95 < 150 ms).
    ["/planning/me (yearly)", "/planning/me", employee],
    ["/planning/team", "/planning/team", leader],
    ["/planning/agency (default)", "/planning/agency", finance],
    // The change history (issue 32 §3, decision 0107): the "Historique" tab of the team's first person, as HR.
    ...(teamMate ? [["employee history tab", `/employees/${teamMate}/history`, finance] as [string, string, string]] : []),
  ];
  if (!france) console.info("[bench:pages] France not found in /settings: the overtime policy page is not measured");
  // BENCH_LIST_FILTER=<regexp on the page's name>: only those pages (e.g. "^report" for the reports alone).
  const only = process.env.BENCH_LIST_FILTER ? new RegExp(process.env.BENCH_LIST_FILTER) : null;
  if (only) pages.splice(0, pages.length, ...pages.filter(([name]) => only.test(name)));
  console.info("[bench:pages] 50 pending leaves for employe@cadran.test, awaiting chef.equipe@cadran.test");
  for (const [name, path, cookie] of pages) {
    const plain = await wireSize(opts.base, path, cookie, false);
    const packed = await wireSize(opts.base, path, cookie, true);
    const html = await (await fetch(`${opts.base}${path}`, { headers: { Cookie: cookie } })).text();
    const cards = (html.match(/data-leave-id=/g) ?? []).length;
    const target = SIZE_TARGETS_KB[name];
    const verdict = target == null ? "" : plain.bytes <= target * 1024 ? ` (target ≤ ${target} KB: ok)` : ` (target ≤ ${target} KB: OVER)`;
    console.info(
      `${name.padEnd(28)} status ${plain.status}  ${cards ? `${cards} cards  ` : ""}HTML ${kb(plain.bytes)}${verdict}  sent with gzip accepted ${kb(packed.bytes)} (${packed.encoding})  gzip -6 of the HTML ${kb(gzipSync(html, { level: 6 }).length)}`,
    );
  }
  for (const [name, path, cookie] of pages) {
    const one = async () => {
      const res = await fetch(`${opts.base}${path}`, { headers: { Cookie: cookie } });
      await res.arrayBuffer();
      return res.status === 200;
    };
    // Warm-up (JIT, pool), not measured.
    for (let i = 0; i < 20; i++) await one();
    const single = await runLoad(`${name}, 1 client`, { clients: 1, seconds: opts.seconds }, one);
    printResult(single);
    console.info(`${"".padEnd(28)} median ${single.p50} ms: ${single.p50 <= PAGE_TARGETS.p50 ? "ok" : "OVER"} (target ≤ ${PAGE_TARGETS.p50} ms)`);
    printResult(await runRate(`${name}, 40 req/s`, { rps: 40, seconds: opts.seconds }, one), { p95: 100 });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The large bench (issue 14): every screen of the rights table that exists when the bench runs, mixed traffic.

export interface MixedPageResult {
  name: string;
  path: string;
  roles: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  budget: number;
  queries: number;
  /** Median of 3 requests alone, before the mixed traffic. */
  alone: number;
  ok: boolean;
}

/**
 * Mixed traffic at `rps` requests per second (open loop) over every page and its roles in turn, for `seconds`
 * (after `warmup` seconds of the same, not counted); before it, one request per page with the ORM's queries counted. Prints and returns one line per page.
 */
export async function benchMixedPages(opts: {
  base: string;
  seconds: number;
  rps: number;
  pages: BenchPage[];
  cookies: Map<string, string>;
  countQueries: (fn: () => Promise<unknown>) => Promise<number>;
  /** The in-process server whose pool `countQueries` watches (the timed runs go to `base`, a server process). */
  countBase: string;
  /** Seconds of the same traffic sent first and not counted (default none). */
  warmup?: number;
  /**
   * The timed server's pid (its cluster workers included) and its database: the CPU milliseconds per request of the
   * measured window, server and PostgreSQL (issue 44 item 4), read from /proc. Both optional.
   */
  cpu?: { serverPid: number; databaseUrl: string; dbName: string };
}): Promise<{ pages: MixedPageResult[]; cpuPerRequest?: { serverMs: number; databaseMs: number; requests: number } }> {
  const getAt = async (base: string, path: string, email: string) => {
    const res = await fetch(`${base}${path}`, { headers: { Cookie: opts.cookies.get(email)! } });
    await res.arrayBuffer();
    return res.status === 200;
  };
  const get = (path: string, email: string) => getAt(opts.base, path, email);
  const queries = new Map<string, number>();
  const single = new Map<string, number>();
  for (const p of opts.pages) {
    for (let i = 0; i < 3; i++) await get(p.path, p.accounts[0]!); // warm-up
    queries.set(p.name, await opts.countQueries(() => getAt(opts.countBase, p.path, p.accounts[0]!)));
    // One request alone (no other traffic): the page's own latency, to tell it from queueing under load.
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await get(p.path, p.accounts[i % p.accounts.length]!);
      times.push(performance.now() - t);
    }
    single.set(p.name, Math.round(times.sort((a, b) => a - b)[1]! * 10) / 10);
  }
  // Each page gets the same share of the traffic whatever its number of roles.
  const order: { page: BenchPage; email: string }[] = [];
  const turn = new Map<string, number>();
  // The same traffic first for `warmup` seconds, not counted: every web process compiles its hot paths and fills its
  // pools before the measured window (a deploy's first seconds are not the steady state the budgets speak of); the
  // warm-up's own worst latency is printed apart.
  const warmupCount = Math.round(opts.rps * (opts.warmup ?? 0));
  const total = warmupCount + Math.round(opts.rps * opts.seconds);
  for (let i = 0; i < total; i++) {
    const page = opts.pages[i % opts.pages.length]!;
    const k = turn.get(page.name) ?? 0;
    turn.set(page.name, k + 1);
    order.push({ page, email: page.accounts[k % page.accounts.length]! });
  }
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const warmupLatencies: number[] = [];
  // [sent at, latency] of every request: BENCH_TIMELINE=1 prints them by second (a warm-up, a stall, a steady queue).
  const timeline: [number, number][] = [];
  const start = performance.now();
  const t0 = start + (warmupCount * 1000) / opts.rps; // the measured window
  const pending: Promise<void>[] = [];
  // CPU of the measured window: snapshots taken when its first request is sent and when its last answer is in.
  const dbCpu = opts.cpu ? databaseCpu(opts.cpu.databaseUrl, opts.cpu.dbName) : null;
  let cpuFrom: { server: Map<number, number>; db: Map<number, number> } | null = null;
  for (let i = 0; i < order.length; i++) {
    const wait = start + (i * 1000) / opts.rps - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (i === warmupCount && opts.cpu && dbCpu) cpuFrom = { server: processTreeCpu(opts.cpu.serverPid), db: await dbCpu.snapshot() };
    const { page, email } = order[i]!;
    const t = performance.now();
    if (i < warmupCount) {
      pending.push(
        get(page.path, email)
          .catch(() => false)
          .then(() => {
            warmupLatencies.push(performance.now() - t);
            timeline.push([t - t0, performance.now() - t]);
          }),
      );
      continue;
    }
    pending.push(
      get(page.path, email)
        .catch(() => false)
        .then((ok) => {
          const list = latencies.get(page.name) ?? [];
          list.push(performance.now() - t);
          timeline.push([t - t0, performance.now() - t]);
          latencies.set(page.name, list);
          if (!ok) errors.set(page.name, (errors.get(page.name) ?? 0) + 1);
        }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - t0) / 1000;
  let cpuPerRequest: { serverMs: number; databaseMs: number; requests: number } | undefined;
  if (opts.cpu && dbCpu && cpuFrom) {
    const requests = order.length - warmupCount;
    const serverMs = processTreeCpuSince(opts.cpu.serverPid, cpuFrom.server);
    const databaseMs = await dbCpu.since(cpuFrom.db);
    cpuPerRequest = { serverMs: Number((serverMs / requests).toFixed(2)), databaseMs: Number((databaseMs / requests).toFixed(2)), requests };
  }
  if (warmupCount > 0) {
    warmupLatencies.sort((a, b) => a - b);
    const at = (p: number) => warmupLatencies[Math.min(warmupLatencies.length - 1, Math.floor(p * warmupLatencies.length))]!.toFixed(0);
    console.info(`[bench:pages] warm-up, not counted: ${warmupCount} requests in ${opts.warmup} s, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, worst ${at(1)} ms`);
  }
  if (process.env.BENCH_TIMELINE === "1") {
    const bySecond = new Map<number, number[]>();
    for (const [at, ms] of timeline) bySecond.set(Math.floor(at / 1000), [...(bySecond.get(Math.floor(at / 1000)) ?? []), ms]); // < 0: warm-up
    for (const [second, list] of [...bySecond].sort((a, b) => a[0] - b[0])) {
      list.sort((a, b) => a - b);
      console.info(`[bench:timeline] s${String(second).padStart(3)} n=${list.length} p50 ${list[list.length >> 1]!.toFixed(0)} ms max ${list[list.length - 1]!.toFixed(0)} ms`);
    }
  }
  const measured = order.length - warmupCount;
  console.info(`[bench:pages] ${measured} requests in ${elapsed.toFixed(1)} s (${(measured / elapsed).toFixed(1)} req/s) over ${opts.pages.length} pages and their roles`);
  console.info(`${"page".padEnd(34)} ${"roles".padStart(5)} ${"alone".padStart(9)} ${"req".padStart(5)} ${"p50".padStart(9)} ${"p95".padStart(9)}  budget   queries`);
  const out: MixedPageResult[] = [];
  for (const page of opts.pages) {
    const list = (latencies.get(page.name) ?? []).sort((a, b) => a - b);
    const pct = (p: number) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? 0;
    const r: MixedPageResult = {
      name: page.name,
      path: page.path,
      roles: page.accounts.length,
      requests: list.length,
      errors: errors.get(page.name) ?? 0,
      p50: Math.round(pct(50) * 10) / 10,
      p95: Math.round(pct(95) * 10) / 10,
      budget: page.budget,
      queries: queries.get(page.name) ?? 0,
      alone: single.get(page.name) ?? 0,
      ok: pct(95) <= page.budget && (errors.get(page.name) ?? 0) === 0,
    };
    out.push(r);
    console.info(
      `${page.name.slice(0, 34).padEnd(34)} ${String(r.roles).padStart(5)} ${`${r.alone} ms`.padStart(9)} ${String(r.requests).padStart(5)} ${`${r.p50} ms`.padStart(9)} ${`${r.p95} ms`.padStart(9)}  < ${String(r.budget).padStart(3)} ms ${String(r.queries).padStart(4)} q  ${r.ok ? "ok" : r.errors ? `ERRORS ${r.errors}` : "OVER"}`,
    );
  }
  if (cpuPerRequest) {
    console.info(
      `[bench:pages] CPU per request of the mix (${cpuPerRequest.requests} requests, /proc): server ${cpuPerRequest.serverMs} ms, PostgreSQL ${cpuPerRequest.databaseMs} ms, together ${(cpuPerRequest.serverMs + cpuPerRequest.databaseMs).toFixed(2)} ms`,
    );
  }
  return { pages: out, cpuPerRequest };
}
