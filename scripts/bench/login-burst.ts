/**
 * The login burst of issue 42 §7 (decision 0131): other people's clock actions and pages, measured before and during
 * a burst of 200 wrong passwords from one address (BURST_ATTACK_RPS a second, open loop), then while it goes on, on their own server process (TRUST_PROXY=loopback, so the burst
 * and the others come from different addresses through X-Forwarded-For). Budget: during the burst, their p50 and p95
 * within 1.5x of before. Also: a clean sign-in's time before and during, how many of the 200 were hashed, the load
 * average. The others' traffic is open-loop (BURST_RPS requests/s, half clock actions, half home pages), so a slower
 * server does not send less.
 *
 *   BENCH_ONLY=burst npm run bench      (BENCH_SECONDS: the "before" window and the sustained burst, default 10)
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { prepareEmployees } from "./clock";
import { processCpuMs } from "./processes";
import { startServerProcess } from "./server-process";

const CYCLE = ["start", "pause", "start", "lunch", "start", "end", "reset"] as const;
const BURST_ADDRESS = "203.0.113.7";

/**
 * `count` wrong passwords from one address (X-Forwarded-For), one real account in four, sent open-loop at `rps` a
 * second whatever the answers' speed: the same attack before and after a change, not one that slows with the server.
 */
const BURST_CLIENTS = `
const { parentPort, workerData: w } = require("node:worker_threads");
const statuses = [];
const one = async (k) => {
  const who = k % 4 === 0 ? w.victim : "inconnu." + (w.offset + k) + "@cadran.test";
  const headers = { "X-Forwarded-For": w.address };
  let res;
  if (w.door === "none") res = await fetch(w.base + "/favicon.svg", { headers });
  else if (w.door === "api") res = await fetch(w.base + "/api/login", { method: "POST", headers: { ...headers, "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify({ username: who, password: "Mauvais-Mot-2026!" }) });
  else res = await fetch(w.base + "/login", { method: "POST", redirect: "manual", headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: w.base }, body: new URLSearchParams({ identifier: who, password: "Mauvais-Mot-2026!", redirect: "/" }) });
  await res.arrayBuffer();
  return res.status;
};
(async () => {
  const pending = [];
  const t0 = performance.now();
  for (let k = 0; k < w.count; k++) {
    const wait = t0 + (k * 1000) / w.rps - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(k).catch(() => 0).then((s) => statuses.push(s)));
  }
  await Promise.all(pending);
  parentPort.postMessage(statuses);
})();
`;

interface Sample {
  at: number;
  ms: number;
  kind: "clock" | "page";
  ok: boolean;
}

function pct(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1));
}

function summary(samples: Sample[], kind: Sample["kind"]) {
  const ms = samples.filter((s) => s.kind === kind).map((s) => s.ms);
  return { n: ms.length, errors: samples.filter((s) => s.kind === kind && !s.ok).length, p50: pct(ms, 50), p95: pct(ms, 95) };
}

export async function benchLoginBurst(opts: {
  port: number;
  databaseUrl: string;
  accounts: string[];
  password: string;
  seconds: number;
  webProcesses: string;
}) {
  const server = await startServerProcess({ port: opts.port, databaseUrl: opts.databaseUrl, env: { WEB_PROCESSES: opts.webProcesses, TRUST_PROXY: "loopback" } });
  const base = server.base;
  const db = new pg.Client({ connectionString: opts.databaseUrl });
  await db.connect();
  try {
    await db.query("delete from login_failure");
    const employees = await prepareEmployees(db, 20);
    let person = 0;
    const login = async (email: string, password: string, address: string) => {
      const res = await fetch(`${base}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": address },
        body: new URLSearchParams({ identifier: email, password, redirect: "/" }),
        redirect: "manual",
      });
      await res.arrayBuffer();
      return { status: res.status, cookie: res.headers.getSetCookie().map((l) => l.split(";")[0]).join("; ") };
    };
    // The burst's door: the sign-in form (default) or BURST_DOOR=api (POST /api/login, JSON, no page rendered).
    // BURST_DOOR=none: 200 requests for a static file instead, the measure's own noise.
    const door = process.env.BURST_DOOR === "api" ? "api" : process.env.BURST_DOOR === "none" ? "none" : "form";
    // Each person signs in from an address of their own.
    const cookies: string[] = [];
    for (const email of opts.accounts) {
      const r = await login(email, opts.password, `198.51.100.${(person += 1)}`);
      if (r.status === 302) cookies.push(r.cookie);
    }
    if (cookies.length === 0) throw new Error("no demo account could sign in");

    // The others' traffic, open loop: one clock action per employee in turn (chained per employee), and home pages.
    const samples: Sample[] = [];
    const chains = employees.map(() => Promise.resolve());
    const steps = employees.map(() => 0);
    let stop = false;
    const rps = Number(process.env.BURST_RPS ?? 10);
    const traffic = (async () => {
      const t0 = performance.now();
      const pending: Promise<void>[] = [];
      for (let i = 0; !stop; i++) {
        const wait = t0 + (i * 1000) / rps - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (i % 2 === 0) {
          const e = (i / 2) % employees.length;
          const { token } = employees[e]!;
          const action = CYCLE[steps[e]! % CYCLE.length]!;
          steps[e]! += 1;
          chains[e] = chains[e]!.then(async () => {
            const at = performance.now();
            const res = await fetch(`${base}/api/timeclock/${action}`, { method: "POST", headers: { "X-AUTH-TOKEN": token, Accept: "application/json" } }).catch(() => null);
            await res?.arrayBuffer();
            samples.push({ at, ms: performance.now() - at, kind: "clock", ok: res?.status === 200 });
          });
          pending.push(chains[e]!);
        } else {
          const at = performance.now();
          pending.push(
            fetch(`${base}/`, { headers: { Cookie: cookies[i % cookies.length]! } })
              .then(async (res) => {
                await res.arrayBuffer();
                samples.push({ at, ms: performance.now() - at, kind: "page", ok: res.status === 200 });
              })
              .catch(() => void samples.push({ at, ms: performance.now() - at, kind: "page", ok: false })),
          );
        }
      }
      await Promise.all(pending);
    })();

    const cleanLogin = async () => {
      const t = performance.now();
      const r = await login(opts.accounts[0]!, opts.password, `198.51.100.${(person += 1)}`);
      return { ms: Number((performance.now() - t).toFixed(1)), status: r.status };
    };
    // The paths the burst takes are warmed too (a first render of the login page with its error, a first failure
    // recorded): a few wrong passwords, each from an address of its own, before the "before" window.
    for (let i = 0; i < 6; i++) await login(`echauffement.${i}@cadran.test`, "Mauvais-Mot-2026!", `192.0.2.${i + 1}`);
    // Before: the traffic alone (its first BURST_WARMUP_SECONDS, default 5, not counted: connections and pages warm up).
    await new Promise((r) => setTimeout(r, Number(process.env.BURST_WARMUP_SECONDS ?? 5) * 1000));
    const beforeFrom = performance.now();
    const cpu = (): number => processCpuMs(server.pid);
    const cpuBeforeFrom = cpu();
    await new Promise((r) => setTimeout(r, opts.seconds * 1000));
    const loginBefore = await cleanLogin();
    const burstFrom = performance.now();
    const cpuBurstFrom = cpu();
    const loadBefore = loadavg();

    // The burst: 200 wrong passwords from one address, 20 at a time (as the probe), on one real account and names.
    // BURST_ATTACK_RPS (default 20): the burst's rate, 200 attempts in 10 s by default.
    const attackRps = Number(process.env.BURST_ATTACK_RPS ?? 20);
    // The burst's clients run on a thread of their own (plain JavaScript, as scripts/bench/clock.ts does): the
    // others' traffic and its timing here never wait behind the burst's own fetches.
    const sendBurst = (count: number, offset: number) =>
      new Promise<number[]>((resolve, reject) => {
        const worker = new Worker(BURST_CLIENTS, {
          eval: true,
          workerData: { base, count, offset, door, rps: attackRps, victim: opts.accounts[1 % opts.accounts.length], address: BURST_ADDRESS },
        });
        worker.once("message", (statuses: number[]) => {
          resolve(statuses);
          void worker.terminate();
        });
        worker.once("error", reject);
      });
    const loginDuring = cleanLogin();
    const statuses = await sendBurst(200, 0);
    const burstTo = performance.now();
    const cpuBurstTo = cpu();
    const during = await loginDuring;
    const hashed = Number((await db.query("select count(*)::int as n from login_failure where ip = $1", [BURST_ADDRESS])).rows[0].n);

    // Sustained: the attack goes on at the same rate for BENCH_SECONDS (a probe that does not stop).
    const sustainedFrom = performance.now();
    const cpuSustainedFrom = cpu();
    let sustainedSent: number;
    let sustainedLogin: { ms: number; status: number };
    {
      const again = sendBurst(Math.round(attackRps * opts.seconds), 1000);
      sustainedLogin = await cleanLogin();
      sustainedSent = (await again).length;
    }
    const sustainedTo = performance.now();
    const cpuSustainedTo = cpu();
    const loadDuring = loadavg();
    const hashedSustained = Number((await db.query("select count(*)::int as n from login_failure where ip = $1", [BURST_ADDRESS])).rows[0].n) - hashed;
    stop = true;
    await traffic;

    const window = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to);
    const before = window(beforeFrom, burstFrom);
    const burst = window(burstFrom, burstTo);
    const sustained = window(sustainedFrom, sustainedTo);
    // The server's CPU (its /proc times, whatever the machine's other load): per second of each window, and what one
    // attempt of the burst cost beyond the others' traffic.
    const perSecond = (ms: number, from: number, to: number) => Number((ms / ((to - from) / 1000)).toFixed(1));
    const cpuBefore = perSecond(cpuBurstFrom - cpuBeforeFrom, beforeFrom, burstFrom);
    const serverCpu = {
      beforeMsPerSecond: cpuBefore,
      burstMsPerSecond: perSecond(cpuBurstTo - cpuBurstFrom, burstFrom, burstTo),
      sustainedMsPerSecond: perSecond(cpuSustainedTo - cpuSustainedFrom, sustainedFrom, sustainedTo),
      msPerBurstAttempt: Number(((cpuBurstTo - cpuBurstFrom - (cpuBefore * (burstTo - burstFrom)) / 1000) / 200).toFixed(2)),
    };
    const figures = {
      attackRps,
      serverCpu,
      door,
      rps,
      before: { clock: summary(before, "clock"), page: summary(before, "page"), seconds: Number(((burstFrom - beforeFrom) / 1000).toFixed(1)) },
      burst: {
        clock: summary(burst, "clock"),
        page: summary(burst, "page"),
        seconds: Number(((burstTo - burstFrom) / 1000).toFixed(2)),
        answers: Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])),
        hashed,
      },
      sustained: {
        clock: summary(sustained, "clock"),
        page: summary(sustained, "page"),
        seconds: Number(((sustainedTo - sustainedFrom) / 1000).toFixed(1)),
        sent: sustainedSent,
        hashed: hashedSustained,
      },
      cleanLogin: { before: loginBefore, duringBurst: during, duringSustained: sustainedLogin },
      loadavg: { before: loadBefore.map((l) => Number(l.toFixed(2))), after: loadDuring.map((l) => Number(l.toFixed(2))) },
    };
    const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : 0);
    const ratios = {
      burst: {
        clockP50: ratio(figures.burst.clock.p50, figures.before.clock.p50),
        clockP95: ratio(figures.burst.clock.p95, figures.before.clock.p95),
        pageP50: ratio(figures.burst.page.p50, figures.before.page.p50),
        pageP95: ratio(figures.burst.page.p95, figures.before.page.p95),
      },
      sustained: {
        clockP50: ratio(figures.sustained.clock.p50, figures.before.clock.p50),
        clockP95: ratio(figures.sustained.clock.p95, figures.before.clock.p95),
        pageP50: ratio(figures.sustained.page.p50, figures.before.page.p50),
        pageP95: ratio(figures.sustained.page.p95, figures.before.page.p95),
      },
    };
    const verdict = (r: Record<string, number>) => (Object.values(r).every((v) => v <= 1.5) ? "ok" : "OVER");
    const line = (name: string, w: { clock: ReturnType<typeof summary>; page: ReturnType<typeof summary> }) =>
      `  ${name.padEnd(10)} clock p50 ${w.clock.p50} ms p95 ${w.clock.p95} ms (${w.clock.n}, errors ${w.clock.errors})   page p50 ${w.page.p50} ms p95 ${w.page.p95} ms (${w.page.n}, errors ${w.page.errors})`;
    console.info(`login burst (200 wrong passwords from one address through ${door === "api" ? "/api/login" : "/login"}, ${attackRps} a second; others at ${rps} req/s open loop)`);
    console.info(line("before", figures.before));
    console.info(`${line("burst", figures.burst)}  ${figures.burst.seconds} s, answers ${JSON.stringify(figures.burst.answers)}, hashed ${hashed}`);
    console.info(`${line("sustained", figures.sustained)}  ${figures.sustained.seconds} s, ${sustainedSent} sent, hashed ${hashedSustained}`);
    console.info(`  ratios (budget 1.5x): burst ${JSON.stringify(ratios.burst)} ${verdict(ratios.burst)}; sustained ${JSON.stringify(ratios.sustained)} ${verdict(ratios.sustained)}`);
    console.info(`  server CPU: ${serverCpu.beforeMsPerSecond} ms/s before, ${serverCpu.burstMsPerSecond} ms/s during the burst, ${serverCpu.sustainedMsPerSecond} ms/s sustained; ${serverCpu.msPerBurstAttempt} ms per attempt of the burst`);
    console.info(`  clean sign-in: before ${loginBefore.ms} ms, during the burst ${during.ms} ms (${during.status}), sustained ${sustainedLogin?.ms} ms (${sustainedLogin?.status}); load average ${figures.loadavg.before.join(" ")} -> ${figures.loadavg.after.join(" ")}`);
    if (process.env.BURST_TIMELINE === "1") {
      // Second by second from the burst's start: the others' worst latency and count.
      for (let from = burstFrom; from < sustainedTo; from += 1000) {
        const w = window(from, from + 1000);
        const worst = w.reduce((m, x) => Math.max(m, x.ms), 0);
        console.info(`    +${((from - burstFrom) / 1000).toFixed(0).padStart(2)} s  ${String(w.length).padStart(3)} requests, worst ${worst.toFixed(0)} ms`);
      }
    }
    return { ...figures, ratios };
  } finally {
    await db.end();
    await server.close();
  }
}
