import path from "node:path";
import { benchClock, percentile, type BenchClockResult } from "./clock";
import { databaseCpu, machineCpuMs, processCpuMs, startAppProcess, startFloorProcess, type ServerProcess } from "./processes";

/**
 * DESIGN §6, clock actions: the full stack against the physical floor in the same run, each server in its own child
 * process and the 50 load clients in this one (decision 0057). For each side: throughput, latency percentiles,
 * lost and duplicated entries (scripts/bench/clock.ts), and the CPU time per action of the server process and of the
 * PostgreSQL backends of the database (what an action costs, whatever the neighbours' load does to the wall figures).
 *
 * Options (env):
 * - BENCH_CLOCK_WARMUP: seconds of load on each server before the timed runs (default 3: the JIT and the pools warm up).
 * - BENCH_CLOCK_ROUNDS=<n>: each side's time in n runs, the sides taking turns (default 1: one continuous run each).
 * - BENCH_CLOCK_PROF=<dir>: the servers run with --cpu-prof, their profiles in <dir>/<side>.
 * - BENCH_CLOCK_BASELINE=<dir>: also the full stack of another checkout (built, with its node_modules), e.g. main:
 *   before/after in the same run. BENCH_CLOCK_OLD_FLOOR=1: also the floor of decision 0049 (unnamed statements).
 * - BENCH_SERVICES=1: also the clock's services behind a bare node:http handler, in this process.
 */
export interface ClockSide extends BenchClockResult {
  label: string;
  /** CPU ms per action (resets included): the server process, the PostgreSQL backends, this process (the clients). */
  serverCpuMsPerAction: number;
  dbCpuMsPerAction: number;
  clientCpuMsPerAction: number;
  /** Share of the machine's CPU time (all cores) that was busy during the run, whoever used it. */
  machineBusy: number;
}

export interface ClockVsFloor {
  full: ClockSide;
  floor: ClockSide;
  /** The optional sides (baseline full stack, 0049's floor), by label. */
  others: ClockSide[];
  services: BenchClockResult | null;
  ratio: number;
  p99Ratio: number;
  /** The floor's CPU per action (server, PostgreSQL, clients) over the full stack's: less moved by the neighbours. */
  cpuRatio: number;
  ok: boolean;
}

type Starter = () => Promise<ServerProcess>;

export async function benchClockVsFloor(opts: {
  databaseUrl: string;
  dbName: string;
  clients: number;
  seconds: number;
  log?: (line: string) => void;
}): Promise<ClockVsFloor> {
  const log = opts.log ?? ((line: string) => console.info(line));
  const profDir = process.env.BENCH_CLOCK_PROF ? path.resolve(process.env.BENCH_CLOCK_PROF) : undefined;
  const prof = (side: string) => profDir && path.join(profDir, side);
  const warmup = Number(process.env.BENCH_CLOCK_WARMUP ?? 3);
  const baselineDir = process.env.BENCH_CLOCK_BASELINE;
  const dbCpu = databaseCpu(opts.databaseUrl, opts.dbName);
  const { databaseUrl } = opts;

  // In the order they run: the baseline (if any) just before the full stack, the old floor just after the floor.
  const starters: [string, Starter][] = [];
  if (baselineDir) {
    starters.push([
      "baseline",
      () => startAppProcess({ databaseUrl, dir: baselineDir, cpuProfDir: prof("baseline"), label: `full stack of ${baselineDir} (baseline)` }),
    ]);
  }
  starters.push(["full", () => startAppProcess({ databaseUrl, cpuProfDir: prof("app"), label: "full stack (node scripts/serve.ts: Express, route, services, ORM)" })]);
  starters.push(["floor", () => startFloorProcess({ databaseUrl, cpuProfDir: prof("floor"), label: "physical floor (scripts/bench/floor.ts: node:http, raw pg, named statements)" })]);
  if (process.env.BENCH_CLOCK_OLD_FLOOR === "1") {
    starters.push(["oldFloor", () => startFloorProcess({ databaseUrl, unnamed: true, cpuProfDir: prof("old-floor"), label: "0049's floor (unnamed statements)" })]);
  }

  const rounds = Math.max(1, Number(process.env.BENCH_CLOCK_ROUNDS ?? 1));
  const roundSeconds = opts.seconds / rounds;

  /** One timed run of `roundSeconds` on a server, with its CPU figures. */
  const runOnce = async (server: ServerProcess, quiet: boolean): Promise<BenchClockResult> =>
    benchClock({
      baseUrl: server.baseUrl,
      databaseUrl,
      clients: opts.clients,
      durationSeconds: roundSeconds,
      log: quiet ? () => {} : log,
      keepLatencies: true,
      measure: async () => {
        const cpu0 = processCpuMs(server.pid);
        const db0 = await dbCpu.snapshot();
        const client0 = process.cpuUsage();
        const machine0 = machineCpuMs();
        return async () => {
          const client = process.cpuUsage(client0);
          const machine = machineCpuMs();
          return {
            serverCpuMs: processCpuMs(server.pid) - cpu0,
            dbCpuMs: await dbCpu.since(db0),
            clientCpuMs: (client.user + client.system) / 1000,
            machineBusyMs: machine.busy - machine0.busy,
            machineTotalMs: machine.total - machine0.total,
          };
        };
      },
    });

  /** The runs of one side merged: throughput over the time run, percentiles over every latency, sums. */
  const merge = (label: string, runs: BenchClockResult[]): ClockSide => {
    const sum = (f: (r: BenchClockResult) => number) => runs.reduce((a, r) => a + f(r), 0);
    const m = (key: string) => sum((r) => r.measured?.[key] ?? 0);
    const all = new Float64Array(sum((r) => r.latencies?.length ?? 0));
    let offset = 0;
    for (const r of runs) {
      all.set(r.latencies ?? [], offset);
      offset += r.latencies?.length ?? 0;
    }
    all.sort();
    const actions = sum((r) => r.actions);
    const resets = sum((r) => r.resets);
    const elapsed = sum((r) => r.elapsedSeconds);
    const n = Math.max(1, actions + resets);
    const perAction = (ms: number) => Math.round((ms / n) * 100) / 100;
    const ms = (x: number) => Math.round(x * 10) / 10;
    return {
      label,
      clients: opts.clients,
      durationSeconds: Math.round(elapsed * 10) / 10,
      elapsedSeconds: elapsed,
      actions,
      resets,
      actionsPerSecond: Math.round(n / Math.max(0.001, elapsed)),
      errors: sum((r) => r.errors),
      p50: ms(percentile(all, 50)),
      p95: ms(percentile(all, 95)),
      p99: ms(percentile(all, 99)),
      max: ms(all.length ? all[all.length - 1]! : 0),
      lost: sum((r) => r.lost),
      duplicated: sum((r) => r.duplicated),
      serverCpuMsPerAction: perAction(m("serverCpuMs")),
      dbCpuMsPerAction: perAction(m("dbCpuMs")),
      clientCpuMsPerAction: perAction(m("clientCpuMs")),
      machineBusy: Math.round((m("machineBusyMs") / Math.max(1, m("machineTotalMs"))) * 100) / 100,
    };
  };

  // Every server is started at once (an idle one costs nothing) and each round runs the sides one after the other:
  // with several rounds, both sides see the same machine (a neighbour's burst falls on both).
  const servers: [string, ServerProcess][] = [];
  const sides = new Map<string, ClockSide>();
  try {
    for (const [key, start] of starters) servers.push([key, await start()]);
    if (warmup > 0) {
      for (const [, server] of servers) {
        await benchClock({ baseUrl: server.baseUrl, databaseUrl, clients: opts.clients, durationSeconds: warmup, log: () => {} });
      }
    }
    const runs = new Map<string, BenchClockResult[]>(servers.map(([key]) => [key, []]));
    for (let round = 0; round < rounds; round++) {
      for (const [key, server] of servers) {
        if (rounds === 1) log(`[bench:clock] ${server.label} (pid ${server.pid}):`);
        runs.get(key)!.push(await runOnce(server, rounds > 1));
      }
    }
    for (const [key, server] of servers) {
      const side = merge(server.label, runs.get(key)!);
      sides.set(key, side);
      if (rounds > 1) {
        log(
          `[bench:clock] ${server.label} (pid ${server.pid}), ${rounds} rounds: ${side.actionsPerSecond} actions/s ` +
            `(${side.actions} actions + ${side.resets} resets in ${side.durationSeconds} s), p50 ${side.p50} ms, p95 ${side.p95} ms, ` +
            `p99 ${side.p99} ms, max ${side.max} ms, errors ${side.errors}, lost ${side.lost}, duplicated ${side.duplicated}`,
        );
      }
      log(
        `[bench:clock]   CPU per action: server process ${side.serverCpuMsPerAction} ms, PostgreSQL backends ${side.dbCpuMsPerAction} ms, ` +
          `load clients ${side.clientCpuMsPerAction} ms; machine busy ${Math.round(side.machineBusy * 100)} %`,
      );
    }
  } finally {
    for (const [, server] of servers.reverse()) await server.stop();
  }

  let services: BenchClockResult | null = null;
  if (process.env.BENCH_SERVICES === "1") {
    const { startBareClockServer } = await import("./bare-clock");
    const bare = await startBareClockServer();
    log("[bench:clock] our services behind a bare node:http handler (in the bench process: no Express, helmet, Remix):");
    services = await benchClock({ baseUrl: bare.baseUrl, databaseUrl, clients: opts.clients, durationSeconds: opts.seconds, log });
    await bare.close();
  }

  const full = sides.get("full")!;
  const floor = sides.get("floor")!;
  const compare = (a: ClockSide, b: ClockSide) => ({
    ratio: a.actionsPerSecond / Math.max(1, b.actionsPerSecond),
    p99Ratio: a.p99 / Math.max(0.1, b.p99),
  });
  // Every full stack against every floor measured, the budget's pair last.
  for (const [a, b] of [["baseline", "floor"], ["baseline", "oldFloor"], ["full", "oldFloor"]] as const) {
    const [x, y] = [sides.get(a), sides.get(b)];
    if (!x || !y) continue;
    const c = compare(x, y);
    log(`[bench:clock] (${a} / ${b}: ${c.ratio.toFixed(2)} of the throughput, p99 ${x.p99} ms vs ${y.p99} ms = ${c.p99Ratio.toFixed(2)} ×)`);
  }
  const { ratio, p99Ratio } = compare(full, floor);
  const ok = ratio >= 0.7 && p99Ratio <= 1.5 && full.lost + full.duplicated + floor.lost + floor.duplicated === 0;
  log(
    `[bench:clock] full stack / floor: ${ratio.toFixed(2)} of the throughput (budget ≥ 0.70), p99 ${full.p99} ms vs ${floor.p99} ms ` +
      `= ${p99Ratio.toFixed(2)} × (budget ≤ 1.5 ×), lost ${full.lost}, duplicated ${full.duplicated}: ${ok ? "ok" : "OVER"}`,
  );
  // The machine is shared: a neighbour's burst moves both wall figures. What an action costs in CPU (the server, the
  // PostgreSQL backends, the clients) moves much less, and on a saturated machine the throughputs tend to the inverse
  // ratio of these sums: printed beside the budget's figures, not instead of them (decision 0057).
  const cpu = (side: ClockSide) => side.serverCpuMsPerAction + side.dbCpuMsPerAction + side.clientCpuMsPerAction;
  const cpuRatio = cpu(floor) / Math.max(0.001, cpu(full));
  log(
    `[bench:clock] CPU per action, server + PostgreSQL + clients: full stack ${cpu(full).toFixed(2)} ms, floor ${cpu(floor).toFixed(2)} ms: ` +
      `floor / full stack = ${cpuRatio.toFixed(2)} (the throughput ratio a saturated machine tends to)`,
  );
  const others = [...sides].filter(([k]) => k !== "full" && k !== "floor").map(([, v]) => v);
  return {
    full,
    floor,
    others,
    services,
    ratio: Math.round(ratio * 100) / 100,
    p99Ratio: Math.round(p99Ratio * 100) / 100,
    cpuRatio: Math.round(cpuRatio * 100) / 100,
    ok,
  };
}
