import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { DateTime } from "luxon";

/**
 * The nightly overtime job and a full-year recompute (DESIGN §6 "Nightly job"), on whatever the database holds (the
 * demo, or the large seed): real worker processes (`node --import tsx worker/index.ts`, the production entry) take
 * the chunk jobs from Redis; this process only enqueues, waits for the queue to drain and reads each worker's peak
 * RSS (VmHWM) before stopping it. Each run is done twice to show the checksum is equal; the full year runs with 1
 * then 2 worker processes. Without Redis it says so and runs nothing. Options (env): BENCH_NIGHTLY_PROCESSES
 * ("1,2" by default), OVERTIME_CHUNK_SIZE, WORKER_CONCURRENCY.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const BUDGET = { nightlySeconds: 30, yearSeconds: 300, rssMiB: 512 };

interface RunFigures {
  label: string;
  seconds: number;
  peakRssMiB: number;
  rowsWritten: number;
  checksum: string;
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

async function stopWorkers(children: ChildProcess[]): Promise<number> {
  // Peak RSS first (VmHWM is gone once the process exits).
  const peak = Math.max(0, ...children.map((c) => peakRssMiB(c.pid)));
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          c.once("exit", () => resolve());
          c.kill("SIGTERM");
        }),
    ),
  );
  return peak;
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
  const children = await startWorkers(opts.processes, opts.env);
  const since = (await opts.db.query<{ now: Date }>("select clock_timestamp() as now")).rows[0]!.now;
  const started = performance.now();
  await opts.queue.add(opts.job.name, opts.job.data, { removeOnComplete: true, removeOnFail: 100 });
  await drained(opts.queue, 30 * 60_000);
  const seconds = (performance.now() - started) / 1000;
  const peak = await stopWorkers(children);
  const rows = Number(
    (await opts.db.query<{ n: string }>("select count(*) as n from overtime_week where computed_at >= $1", [since])).rows[0]!.n,
  );
  return { label, seconds, peakRssMiB: peak, rowsWritten: rows, checksum: await checksum(opts.db) };
}

function print(r: RunFigures, budgetSeconds: number) {
  const ok = r.seconds <= budgetSeconds && r.peakRssMiB <= BUDGET.rssMiB;
  console.info(
    `[bench:nightly] ${r.label}: ${r.seconds.toFixed(1)} s (budget ${budgetSeconds} s), peak worker RSS ${r.peakRssMiB} MiB ` +
      `(budget ${BUDGET.rssMiB} MiB), ${r.rowsWritten} week rows written, checksum ${r.checksum.slice(0, 12)} ${ok ? "OK" : "OVER BUDGET"}`,
  );
}

/** Prints the nightly day and the full-year recompute against DESIGN §6 (a benchmark: it prints, it does not fail). */
export async function benchNightly(options: { databaseUrl: string; redisUrl?: string }) {
  if (!options.redisUrl) {
    console.info("[bench:nightly] skipped: no REDIS_URL (the job runs on BullMQ worker processes)");
    return;
  }
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
    for (const n of processes) {
      const year = { name: "overtime.recompute", data: { from, to } };
      const first = await run(`full year ${from} → ${to}, ${n} worker process(es)`, { db, queue, env, processes: n, job: year });
      print(first, BUDGET.yearSeconds);
      const second = await run(`the same again, ${n} worker process(es)`, { db, queue, env, processes: n, job: year });
      print(second, BUDGET.yearSeconds);
      console.info(`[bench:nightly] idempotence (full year, ${n} process(es)): checksum ${first.checksum === second.checksum ? "equal" : "DIFFERENT"}`);
    }
    const night = { name: "overtime.nightly", data: { at: new Date().toISOString() } };
    const n = Math.max(...processes);
    const a = await run(`one night, ${n} worker process(es)`, { db, queue, env, processes: n, job: night });
    print(a, BUDGET.nightlySeconds);
    const b = await run(`the same night again`, { db, queue, env, processes: n, job: night });
    print(b, BUDGET.nightlySeconds);
    console.info(`[bench:nightly] idempotence (night): checksum ${a.checksum === b.checksum ? "equal" : "DIFFERENT"}`);
  } finally {
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    connection.disconnect();
    await db.end();
  }
}
