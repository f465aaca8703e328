import { createHash, randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { benchClock, percentile, prepareEmployees } from "./clock";
import { processCpuMs, startAppProcess, startFloorProcess } from "./processes";

/**
 * Clock actions through the shop-floor terminal against the physical floor, in the same run (issue 46, decision 0137):
 * `BENCH_ONLY=terminal npm run bench` (also part of a full demo bench).
 *
 * Each of the N clients is one person at their own enrolled terminal (a device cookie), replaying the bench's day
 * start → pause → start → lunch → start → end as the terminal is used: the badge posted to /terminal (the person step,
 * its signed token), then the button (the confirmation). One clock action is these two HTML requests. The badge, not
 * the code: the code's argon2 check is the login's and the login bench measures it; a badge is one index lookup, so
 * what is measured is the terminal's own path. After the end the day is emptied through the /api's reset (not
 * counted as an action, as in scripts/bench/clock.ts). The floor (scripts/bench/floor.ts, one request per action) runs
 * right after on the same database and clients. Then every accepted action must be exactly one `time_log` row naming
 * the client's terminal: lost and doubled are counted.
 */
export interface TerminalBench {
  clients: number;
  seconds: number;
  /** Clock actions through the terminal (badge + button each), per second. */
  actionsPerSecond: number;
  requestsPerSecond: number;
  actions: number;
  errors: number;
  /** Latency of a whole action (both requests), ms. */
  p50: number;
  p95: number;
  p99: number;
  lost: number;
  duplicated: number;
  serverCpuMsPerAction: number;
  floor: { actionsPerSecond: number; p99: number; lost: number; duplicated: number };
  /** Terminal actions per second over the floor's. */
  ratio: number;
}

const CYCLE = ["start", "pause", "start", "lunch", "start", "end"] as const;
const TOKEN = /name="person" value="([^"]+)"/;

export async function benchTerminal(opts: { databaseUrl: string; clients: number; seconds: number; log?: (line: string) => void }): Promise<TerminalBench> {
  const log = opts.log ?? ((line: string) => console.info(line));
  const { deviceCookieHeader } = await import("~/server/time-clock/terminal-device.server");
  const db = new pg.Client({ connectionString: opts.databaseUrl });
  await db.connect();
  const people = await prepareEmployees(db, opts.clients);
  const ids = people.map((p) => p.employeeId);
  // A matricule and a badge each (as issueBadge stores it: the SHA-256 of the secret), and one enrolled terminal each.
  const badges = people.map(() => randomBytes(32).toString("hex").toUpperCase());
  const sha = (s: string) => createHash("sha256").update(s).digest("hex");
  await db.query(
    `update employee e set matricule = 900000000 + x.n, terminal_badge_hash = x.h, terminal_badge_issued_at = now()
       from unnest($1::int[], $2::text[]) with ordinality as x(id, h, n) where e.id = x.id`,
    [ids, badges.map(sha)],
  );
  const { rows: subs } = await db.query<{ subsidiary_id: number }>("select subsidiary_id from employee where id = $1", [ids[0]]);
  const secrets = people.map(() => randomBytes(32).toString("base64url"));
  const { rows: terminals } = await db.query<{ id: number }>(
    `insert into terminal (subsidiary_id, name, place, secret_hash, created_at, enrolled_at, last_used_at)
     select $1, 'Bench ' || n, '', h, now(), now(), now() from unnest($2::text[]) with ordinality as x(h, n) returning id`,
    [subs[0]!.subsidiary_id, secrets.map(sha)],
  );
  const cookies = await Promise.all(secrets.map(async (s) => (await deviceCookieHeader(s)).split(";")[0]!));
  const terminalIds = terminals.map((t) => t.id);

  const app = await startAppProcess({ databaseUrl: opts.databaseUrl, label: "full stack through /terminal" });
  const base = app.baseUrl;
  const post = async (i: number, body: Record<string, string>) => {
    const res = await fetch(`${base}/terminal?index`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies[i]!, Origin: base },
      body: new URLSearchParams(body),
    });
    return { status: res.status, text: await res.text() };
  };
  const reset = async (i: number) => {
    const res = await fetch(`${base}/api/timeclock/reset`, { method: "POST", headers: { "X-AUTH-TOKEN": people[i]!.token, Accept: "application/json" } });
    await res.arrayBuffer();
  };
  const rowsByTerminal = async () => {
    const { rows } = await db.query<{ terminal_id: number; n: string }>(
      "select terminal_id, count(*) as n from time_log where terminal_id = any($1::int[]) group by terminal_id",
      [terminalIds],
    );
    return new Map(rows.map((r) => [r.terminal_id, Number(r.n)]));
  };

  try {
    await Promise.all(people.map((_, i) => reset(i)));
    // Warm-up (JIT, pools), not counted.
    await runLoop(3);
    await Promise.all(people.map((_, i) => reset(i)));
    const before = await rowsByTerminal();
    const cpu0 = processCpuMs(app.pid);
    log(`[bench:terminal] ${opts.clients} clients at their own terminal, ${opts.seconds} s, badge + button per action, against ${base}`);
    const run = await runLoop(opts.seconds);
    const serverCpuMs = processCpuMs(app.pid) - cpu0;
    const after = await rowsByTerminal();
    let lost = 0;
    let duplicated = 0;
    terminalIds.forEach((id, i) => {
      const written = (after.get(id) ?? 0) - (before.get(id) ?? 0);
      const expected = run.accepted[i]!;
      if (written < expected) lost += expected - written;
      if (written > expected) duplicated += written - expected;
    });
    const sorted = Float64Array.from(run.latencies).sort();
    const actions = run.accepted.reduce((a, b) => a + b, 0);
    const r1 = (x: number) => Math.round(x * 10) / 10;
    const result = {
      clients: opts.clients,
      seconds: r1(run.elapsed),
      actionsPerSecond: Math.round(actions / run.elapsed),
      requestsPerSecond: Math.round((2 * actions + run.errors) / run.elapsed),
      actions,
      errors: run.errors,
      p50: r1(percentile(sorted, 50)),
      p95: r1(percentile(sorted, 95)),
      p99: r1(percentile(sorted, 99)),
      lost,
      duplicated,
      serverCpuMsPerAction: Math.round((serverCpuMs / Math.max(1, actions)) * 100) / 100,
    };
    log(
      `[bench:terminal] ${result.actionsPerSecond} actions/s through the terminal (${actions} actions = ${2 * actions} requests in ${result.seconds} s), ` +
        `p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms per action, errors ${run.errors}, lost ${lost}, duplicated ${duplicated}; ` +
        `server CPU ${result.serverCpuMsPerAction} ms per action`,
    );
    await app.stop();

    const floorServer = await startFloorProcess({ databaseUrl: opts.databaseUrl });
    let floorRun;
    try {
      await benchClock({ baseUrl: floorServer.baseUrl, databaseUrl: opts.databaseUrl, clients: opts.clients, durationSeconds: 3, log: () => {} });
      log(`[bench:terminal] ${floorServer.label}, same clients and seconds:`);
      floorRun = await benchClock({ baseUrl: floorServer.baseUrl, databaseUrl: opts.databaseUrl, clients: opts.clients, durationSeconds: opts.seconds, log });
    } finally {
      await floorServer.stop();
    }
    const ratio = result.actionsPerSecond / Math.max(1, floorRun.actionsPerSecond);
    log(
      `[bench:terminal] terminal / floor: ${ratio.toFixed(2)} of the floor's actions per second (${result.actionsPerSecond} vs ${floorRun.actionsPerSecond}), ` +
        `p99 ${result.p99} ms vs ${floorRun.p99} ms; terminal lost ${lost}, duplicated ${duplicated}; floor lost ${floorRun.lost}, duplicated ${floorRun.duplicated}`,
    );
    return {
      ...result,
      floor: { actionsPerSecond: floorRun.actionsPerSecond, p99: floorRun.p99, lost: floorRun.lost, duplicated: floorRun.duplicated },
      ratio: Math.round(ratio * 100) / 100,
    };
  } finally {
    await app.stop();
    // The bench's terminals and badges go (their rows stay superseded or not, as the clock bench's do).
    await db.query("update time_log set terminal_id = null where terminal_id = any($1::int[])", [terminalIds]);
    await db.query("delete from terminal where id = any($1::int[])", [terminalIds]);
    await db.query("update employee set terminal_badge_hash = null, terminal_badge_issued_at = null, matricule = null where id = any($1::int[])", [ids]);
    await db.end();
  }

  /** Every client replays CYCLE at its terminal until the deadline; an answer other than 200 empties its day. */
  async function runLoop(seconds: number) {
    const latencies: number[] = [];
    const accepted = people.map(() => 0);
    let errors = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      people.map(async (_, i) => {
        const badge = `CADRAN-${900000000 + i + 1}-${badges[i]}`;
        for (let step = 0; performance.now() < deadline; step++) {
          const action = CYCLE[step % CYCLE.length]!;
          const t0 = performance.now();
          let ok = false;
          try {
            const person = await post(i, { intent: "badge", badge });
            const token = TOKEN.exec(person.text)?.[1];
            if (person.status === 200 && token) ok = (await post(i, { intent: action, person: token })).status === 200;
          } catch {
            ok = false;
          }
          latencies.push(performance.now() - t0);
          if (ok) accepted[i] += 1;
          else errors += 1;
          if (!ok || action === "end") {
            await reset(i).catch(() => {});
            step = CYCLE.length - 1;
          }
        }
      }),
    );
    return { latencies, accepted, errors, elapsed: (performance.now() - started) / 1000 };
  }
}
