import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { DateTime } from "luxon";

/**
 * The nightly overtime job and a full-year recompute (DESIGN §6 "Nightly job"), on whatever the database holds (the
 * demo, or the large seed): real worker processes (`node --import tsx worker/index.ts`, the production entry) take
 * the chunk jobs from Redis; this process only enqueues, waits for the queue to drain and reads each worker's peak
 * RSS (VmHWM) before stopping it. Each run is done twice to show the checksum is equal; the full year runs with 1
 * then 2 worker processes. Each run also prints the workers' CPU seconds and the whole machine's (PostgreSQL shares
 * the two cores: when the machine is busy with one worker, a second cannot go faster), and starts from a vacuumed
 * overtime_week. Without Redis it says so and runs nothing. Options (env): BENCH_NIGHTLY_PROCESSES ("1,2" by
 * default), OVERTIME_CHUNK_SIZE, WORKER_CONCURRENCY, BENCH_NIGHTLY_YEAR_RUNS (2 by default: the full year twice per
 * process count, for its checksum; 1 on the 50,000-employee company, where one run takes minutes; 0: the night only),
 * BENCH_NIGHTLY_NIGHT_FIRST=1 (the night's two runs before the full year). Returns the figures (bench-results.json).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const BUDGET = { nightlySeconds: 30, yearSeconds: 300, rssMiB: 512 };

interface RunFigures {
  label: string;
  seconds: number;
  peakRssMiB: number;
  rowsWritten: number;
  checksum: string;
  /** CPU seconds the worker processes used (user + system). */
  workerCpuSeconds: number;
  /** Busy CPU seconds of the whole machine during the run (workers, PostgreSQL, Redis, anything else). */
  machineCpuSeconds: number;
  /** The machine's 1-minute load average when the run started and when it ended (its neighbours' work shows here). */
  loadAverage: [number, number];
}

/** Clock ticks per second of /proc (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** Busy CPU seconds of the machine since boot (every core): /proc/stat's first line minus idle and iowait. */
function machineBusySeconds(): number {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return (total - (fields[3] ?? 0) - (fields[4] ?? 0)) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used; 0 when unknown. */
function processCpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(rest[11]) + Number(rest[12])) / TICKS;
  } catch {
    return 0;
  }
}

function peakRssMiB(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)\s*kB/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

async function startWorkers(count: number, env: NodeJS.ProcessEnv): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(process.execPath, ["--import", "tsx", "worker/index.ts"], {
      cwd: ROOT,
      env: { ...env, WORKER_PROCESSES: "1", WORKER_SCHEDULES: "0", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("worker did not start in 60 s")), 60_000);
      child.stdout!.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("[worker] listening")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => reject(new Error(`worker exited (${code})`)));
    });
    // The JSON job lines are the workers' business: drain them so the pipe never blocks.
    child.stdout!.resume();
    children.push(child);
  }
  return children;
}

async function stopWorkers(children: ChildProcess[]): Promise<{ peak: number; cpu: number }> {
  // Peak RSS and CPU time first (both are gone once the process exits).
  const peak = Math.max(0, ...children.map((c) => peakRssMiB(c.pid)));
  const cpu = children.reduce((sum, c) => sum + processCpuSeconds(c.pid), 0);
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          c.once("exit", () => resolve());
          c.kill("SIGTERM");
        }),
    ),
  );
  return { peak, cpu };
}

async function drained(queue: Queue, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const c = await queue.getJobCounts("waiting", "active", "delayed", "waiting-children", "prioritized", "failed");
    if (c.failed > 0) throw new Error(`${c.failed} job(s) failed`);
    if (c.waiting + c.active + c.delayed + c["waiting-children"] + c.prioritized === 0) return;
    if (Date.now() > end) throw new Error("the queue did not drain in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function checksum(db: pg.Client): Promise<string> {
  const { createHash } = await import("node:crypto");
  const { rows } = await db.query<{ rows: string | null; counters: string | null }>(
    `select (select string_agg(concat_ws(':', employee_id, iso_year, iso_week, checksum, provisional, dirty, credited, credited_seconds), ','
                               order by employee_id, iso_year, iso_week) from overtime_week) as rows,
            (select string_agg(concat_ws(':', id, recovery_earned), ',' order by id) from employee) as counters`,
  );
  return createHash("sha256").update(rows[0]?.rows ?? "").update("|").update(rows[0]?.counters ?? "").digest("hex");
}

async function run(
  label: string,
  opts: { db: pg.Client; queue: Queue; env: NodeJS.ProcessEnv; processes: number; job: { name: string; data: Record<string, unknown> } },
): Promise<RunFigures> {
  // Each run rewrites every week row it computes: with autovacuum off (as on this machine's server) a full year
  // leaves 250,000 dead rows behind, and the next run would be measured on a table twice the size. Vacuum first,
  // as autovacuum would between two runs in production.
  await opts.db.query("vacuum (analyze) overtime_week");
  const children = await startWorkers(opts.processes, opts.env);
  const since = (await opts.db.query<{ now: Date }>("select clock_timestamp() as now")).rows[0]!.now;
  const cpuBefore = children.reduce((sum, c) => sum + processCpuSeconds(c.pid), 0);
  const machineBefore = machineBusySeconds();
  const loadBefore = loadavg()[0]!;
  const started = performance.now();
  await opts.queue.add(opts.job.name, opts.job.data, { removeOnComplete: true, removeOnFail: 100 });
  await drained(opts.queue, 30 * 60_000);
  const seconds = (performance.now() - started) / 1000;
  const machineCpuSeconds = machineBusySeconds() - machineBefore;
  const { peak, cpu } = await stopWorkers(children);
  // Written during the run only: a seed made before 06:00 in Paris stamped its weeks with a later `computed_at`.
  const rows = Number(
    (
      await opts.db.query<{ n: string }>("select count(*) as n from overtime_week where computed_at >= $1 and computed_at <= clock_timestamp()", [
        since,
      ])
    ).rows[0]!.n,
  );
  return {
    label,
    seconds,
    peakRssMiB: peak,
    rowsWritten: rows,
    checksum: await checksum(opts.db),
    workerCpuSeconds: cpu - cpuBefore,
    machineCpuSeconds,
    loadAverage: [Math.round(loadBefore * 100) / 100, Math.round(loadavg()[0]! * 100) / 100],
  };
}

function print(r: RunFigures, budgetSeconds: number) {
  const ok = r.seconds <= budgetSeconds && r.peakRssMiB <= BUDGET.rssMiB;
  console.info(
    `[bench:nightly] ${r.label}: ${r.seconds.toFixed(1)} s (budget ${budgetSeconds} s), peak worker RSS ${r.peakRssMiB} MiB ` +
      `(budget ${BUDGET.rssMiB} MiB), ${r.rowsWritten} week rows written, checksum ${r.checksum.slice(0, 12)} ${ok ? "OK" : "OVER BUDGET"}`,
  );
  // Where the time went: the workers' own CPU, and the machine's (PostgreSQL's backends are most of the rest).
  const cores = (r.machineCpuSeconds / Math.max(r.seconds, 0.001)).toFixed(2);
  console.info(
    `[bench:nightly]   CPU: workers ${r.workerCpuSeconds.toFixed(1)} s, whole machine ${r.machineCpuSeconds.toFixed(1)} s ` +
      `(${cores} of ${cpus().length} cores busy on average; the rest of the machine's CPU is mostly PostgreSQL); ` +
      `load average ${r.loadAverage[0]} → ${r.loadAverage[1]}`,
  );
}

/** Prints the nightly day and the full-year recompute against DESIGN §6 (a benchmark: it prints, it does not fail). */
export async function benchNightly(options: { databaseUrl: string; redisUrl?: string }): Promise<RunFigures[] | undefined> {
  if (!options.redisUrl) {
    console.info("[bench:nightly] skipped: no REDIS_URL (the job runs on BullMQ worker processes)");
    return undefined;
  }
  const figures: RunFigures[] = [];
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const prefix = `cadran-bench-${randomBytes(3).toString("hex")}`;
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue("cadran", { connection, prefix });
  const processes = (process.env.BENCH_NIGHTLY_PROCESSES ?? "1,2").split(",").map(Number).filter((n) => n > 0);
  try {
    const employees = Number((await db.query<{ n: string }>("select count(*) as n from employee")).rows[0]!.n);
    // Enough chunks for every process to take a share even on the 40-person demo (at most the production default).
    const chunkSize = process.env.OVERTIME_CHUNK_SIZE ?? String(Math.max(5, Math.min(200, Math.ceil(employees / 16))));
    const env = { ...process.env, DATABASE_URL: options.databaseUrl, REDIS_URL: options.redisUrl, QUEUE_PREFIX: prefix, OVERTIME_CHUNK_SIZE: chunkSize };
    const today = DateTime.now().setZone("Europe/Paris");
    const from = today.minus({ years: 1 }).toISODate()!;
    const to = today.toISODate()!;
    console.info(
      `[bench:nightly] ${employees} employees; chunks of ${chunkSize}, worker concurrency ${process.env.WORKER_CONCURRENCY ?? 4}`,
    );
    const yearRuns = Number(process.env.BENCH_NIGHTLY_YEAR_RUNS ?? 2);
    const fullYear = async () => {
      for (const n of yearRuns > 0 ? processes : []) {
        const year = { name: "overtime.recompute", data: { from, to } };
        const first = await run(`full year ${from} → ${to}, ${n} worker process(es)`, { db, queue, env, processes: n, job: year });
        print(first, BUDGET.yearSeconds);
        figures.push(first);
        if (yearRuns < 2) continue;
        const second = await run(`the same again, ${n} worker process(es)`, { db, queue, env, processes: n, job: year });
        print(second, BUDGET.yearSeconds);
        figures.push(second);
        console.info(`[bench:nightly] idempotence (full year, ${n} process(es)): checksum ${first.checksum === second.checksum ? "equal" : "DIFFERENT"}`);
      }
    };
    const oneNight = async () => {
      const night = { name: "overtime.nightly", data: { at: new Date().toISOString() } };
      const n = Math.max(...processes);
      const a = await run(`one night, ${n} worker process(es)`, { db, queue, env, processes: n, job: night });
      print(a, BUDGET.nightlySeconds);
      figures.push(a);
      const b = await run(`the same night again`, { db, queue, env, processes: n, job: night });
      print(b, BUDGET.nightlySeconds);
      figures.push(b);
      console.info(`[bench:nightly] idempotence (night): checksum ${a.checksum === b.checksum ? "equal" : "DIFFERENT"}`);
    };
    if (process.env.BENCH_NIGHTLY_NIGHT_FIRST === "1") {
      await oneNight();
      await fullYear();
    } else {
      await fullYear();
      await oneNight();
    }
    return figures;
  } finally {
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    connection.disconnect();
    await db.end();
  }
}
