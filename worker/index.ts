import { UnrecoverableError, Worker, Queue } from "bullmq";
import cluster from "node:cluster";
import { Redis } from "ioredis";
import { env } from "~/server/shared/env.server";
import { observeJob, setMetricsSources, startMetricsServer } from "~/server/operations/metrics.server";
import { closeOrm, getEm, setOrmBudget, startedOrm } from "~/server/shared/orm.server";
import { catchUpMissedJobs } from "~/services/operations/missed-jobs.server";
import { DEFAULT_JOB_OPTIONS, heartbeatKey, QUEUE_NAME, SCHEDULES } from "~/server/operations/jobs.server";
import { clearFanOut, setFanOut } from "~/jobs/fanout.server";
import { flowFanOut } from "./fanout";
import { overtimeChunkFailedForGood } from "~/jobs/overtime.server";
import { runJob } from "~/jobs/registry.server";
import { useJobRunner } from "~/server/operations/job-runner.server";
import { PermanentJobError } from "~/server/operations/jobs.server";
import { logRedisError, logStateChange } from "~/server/operations/ops-log.server";
import { markOutboxDone, outboxDone, outboxIdOf, recheckOutbox, relayOutbox } from "~/server/operations/outbox.server";

export const HEARTBEAT_EVERY_MS = 15_000;
export const HEARTBEAT_TTL_SECONDS = 120;

/** One JSON line per job (DESIGN §11): name, id, duration, result, for ops to watch. */
export function jobLogLine(fields: {
  name: string;
  id: string | undefined;
  durationMs: number;
  result: "completed" | "failed";
  attempt: number;
  error?: string;
}): string {
  return JSON.stringify({ at: new Date().toISOString(), level: fields.result === "failed" ? "warn" : "info", msg: "job", pid: process.pid, ...fields });
}

/**
 * The worker process: runs the jobs of the queue and declares the schedules. Only this process builds Workers;
 * the web only enqueues. SIGTERM/SIGINT close it cleanly (the current job finishes). It writes its heartbeat to
 * Redis every 15 s and hands the overtime runs' chunks out as BullMQ flows, so every worker process shares them.
 */
export async function startWorker(
  redisUrl: string,
  options: {
    concurrency?: number;
    prefix?: string;
    /** false: run jobs only, declare no schedule (tests) */
    schedules?: boolean;
    /** Run the schedules missed while down, before returning (default: when schedules are declared). */
    catchUp?: boolean;
    /** The clock of the catch-up (tests). */
    now?: Date;
    /** The metrics port (default METRICS_PORT; none when unset). */
    metricsPort?: number;
  } = {},
) {
  // Jobs and exports get minutes, not a web request's seconds (decision 0094).
  setOrmBudget("jobs");
  // The worker is a process that starts jobs: it hands the registry to the queue, for a job recorded inline here.
  useJobRunner(async () => ({ runJob }));
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  let schedulesTimer: NodeJS.Timeout | undefined;
  const prefix = options.prefix ?? process.env.QUEUE_PREFIX ?? "cadran";
  const fanOut = flowFanOut(connection, prefix);
  setFanOut(fanOut);
  const worker = new Worker(
    QUEUE_NAME,
    async (job) => {
      const started = performance.now();
      const log = (result: "completed" | "failed", error?: string) => {
        observeJob(job.name, result, (performance.now() - started) / 1000);
        console.info(
          jobLogLine({ name: job.name, id: job.id, durationMs: Math.round(performance.now() - started), result, attempt: job.attemptsMade + 1, error }),
        );
      };
      // A job that came through the outbox (decision 0092) runs once even if relayed twice, and marks its row done.
      const outboxId = outboxIdOf(job.id);
      try {
        if (outboxId !== undefined && (await outboxDone(await getEm(), outboxId))) {
          log("completed");
          return { skipped: "already done" };
        }
        const value = await runJob(job.name, job.data, { key: job.id ?? `${job.name}:${job.timestamp}`, queued: true });
        if (outboxId !== undefined) await markOutboxDone(await getEm(), outboxId);
        log("completed");
        return value;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log("failed", message);
        const permanent = error instanceof PermanentJobError;
        const last = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        if (outboxId !== undefined && last) await markOutboxDone(await getEm(), outboxId, message).catch(() => {});
        if (permanent) throw new UnrecoverableError(message);
        throw error;
      }
    },
    {
      connection,
      prefix,
      concurrency: options.concurrency ?? env().WORKER_CONCURRENCY,
      // A process killed mid-job leaves its lock to expire; another process then takes the job again.
      lockDuration: env().WORKER_LOCK_SECONDS * 1000,
      stalledInterval: env().WORKER_LOCK_SECONDS * 1000,
      // A run's chunk whose worker was killed twice (or more) is taken again, not failed for good (issue 31 item 3).
      maxStalledCount: env().WORKER_MAX_STALLED,
    },
  );
  // One JSON line per state change (item 8): a Redis away for a minute is two lines, not a stack trace per retry.
  connection.on("error", (error) => logStateChange("worker-redis", "down", error.message));
  connection.on("ready", () => logStateChange("worker-redis", "up"));
  worker.on("error", (error) => logRedisError("worker-redis", connection, error));
  worker.on("failed", (job, error) => {
    // A chunk that will not run again: recorded for /healthz, its weeks left for the next nightly run.
    const final = !!job && (error instanceof UnrecoverableError || /stalled more than allowable limit/.test(error.message) || job.attemptsMade >= (job.opts.attempts ?? 1));
    if (job?.name === "overtime.chunk" && final) {
      void (async () => overtimeChunkFailedForGood(await getEm(), job.data as Parameters<typeof overtimeChunkFailedForGood>[1]))().catch((e) =>
        logStateChange("overtime-failure-record", "failing", String(e)),
      );
    }
  });
  worker.on("failed", (job, error) => console.warn(`[worker] job ${job?.name} #${job?.id} failed: ${error.message}`));

  const beat = () =>
    connection
      .set(heartbeatKey(prefix), String(Date.now()), "EX", HEARTBEAT_TTL_SECONDS)
      .then(() => logStateChange("worker-heartbeat", "ok"))
      .catch((error) => logStateChange("worker-heartbeat", "failing", String(error)));
  await beat();
  const heartbeat = setInterval(beat, HEARTBEAT_EVERY_MS);
  heartbeat.unref();

  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  queue.on("error", (error) => logRedisError("worker-redis", connection, error));
  const { attempts: _attempts, backoff: _backoff, ...removal } = DEFAULT_JOB_OPTIONS;
  /**
   * Declares one schedule. A schedule partly lost (issue 42 §10: its entry in the scheduler set evicted while its next
   * run, a delayed job `repeat:<id>:<ms>`, stayed) makes BullMQ refuse the upsert ("job ID already exists"): the run
   * left behind is removed (it is not running: delayed or waiting) and the schedule declared again, whole.
   */
  const declareOne = async (s: (typeof SCHEDULES)[number]) => {
    const upsert = () => queue.upsertJobScheduler(s.id, { pattern: s.pattern, tz: "Europe/Paris" }, { name: s.name, data: {}, opts: removal });
    try {
      await upsert();
    } catch (error) {
      if (!/already exists|collision/i.test(error instanceof Error ? error.message : String(error))) throw error;
      for (const job of await queue.getJobs(["delayed", "waiting", "prioritized"])) {
        if (job?.id?.startsWith(`repeat:${s.id}:`)) await job.remove();
      }
      await upsert();
    }
  };
  const declare = async (only: readonly (typeof SCHEDULES)[number][] = SCHEDULES) => {
    for (const s of only) await declareOne(s);
  };
  /** The schedules not whole in Redis: no scheduler, or one without its pattern or its next run. */
  const missingSchedules = async () => {
    const found = new Map((await queue.getJobSchedulers()).map((j) => [j.key, j]));
    return SCHEDULES.filter((s) => {
      const j = found.get(s.id);
      return !j || j.pattern !== s.pattern || !j.next;
    });
  };
  /**
   * The schedules live in Redis: a Redis restarted without its data, a failover or an eviction loses them, all or
   * some (issue 31 item 1, decision 0093; issue 42 §10). The declaring worker checks each when its connection is ready
   * again and with every heartbeat, and declares again those missing (upserts: never doubled). A failure is a
   * "schedules failing" line; Redis "down" only when Redis is what failed.
   */
  let checking = false;
  const redeclareIfMissing = async () => {
    if (checking) return;
    checking = true;
    try {
      const missing = await missingSchedules();
      if (missing.length === 0) return;
      await declare(missing);
      logStateChange("worker-schedules", "ok");
      console.warn(
        JSON.stringify({ at: new Date().toISOString(), level: "warn", msg: "schedules declared again", pid: process.pid, count: missing.length, ids: missing.map((m) => m.id) }),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (connection.status !== "ready") logStateChange("worker-redis", "down", message);
      else logStateChange("worker-schedules", "failing", message);
    } finally {
      checking = false;
    }
  };
  const declaring = options.schedules !== false;
  if (declaring) {
    await declare();
    connection.on("ready", () => void redeclareIfMissing());
    schedulesTimer = setInterval(() => void redeclareIfMissing(), Math.min(HEARTBEAT_EVERY_MS, env().SCHEDULES_CHECK_MS));
    schedulesTimer.unref();
  }
  await worker.waitUntilReady();
  if (options.catchUp ?? options.schedules !== false) {
    // Missed while down (nightly, accrual, roll-over): run here, in order; idempotent by their job_run keys.
    await (async () => catchUpMissedJobs(await getEm(), runJob, options.now ?? new Date()))().catch((error) =>
      console.warn(`[worker] catch-up failed: ${String(error)}`),
    );
  }

  // The outbox relay (decision 0092): new rows every OUTBOX_POLL_MS, rows whose job Redis lost every few polls.
  let relaying = false;
  let polls = 0;
  const relay = async () => {
    if (relaying) return;
    relaying = true;
    try {
      const em = await getEm();
      await relayOutbox(em, queue);
      if (polls++ % 10 === 0) await recheckOutbox(em, queue, env().OUTBOX_RECHECK_SECONDS);
      logStateChange("outbox-relay", "ok");
    } catch (error) {
      logStateChange("outbox-relay", "failing", error instanceof Error ? error.message : String(error));
    } finally {
      relaying = false;
    }
  };
  const relayTimer = setInterval(() => void relay(), env().OUTBOX_POLL_MS);
  relayTimer.unref();

  // Metrics (issue 31 item 8): this worker's jobs, its queue's depths, the outbox backlog, its pool; on its own port.
  setMetricsSources({ orm: startedOrm, queue: () => queue, outbox: true });
  const metricsPort = options.metricsPort ?? env().METRICS_PORT;
  const metricsServer = metricsPort ? await startMetricsServer(metricsPort, env().METRICS_TOKEN) : undefined;

  return {
    worker,
    async close() {
      clearInterval(relayTimer);
      await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
      clearInterval(schedulesTimer);
      clearInterval(heartbeat);
      await worker.close();
      clearFanOut(fanOut);
      await fanOut.close();
      await queue.close();
      connection.disconnect();
    },
  };
}

/**
 * Waits for PostgreSQL before the worker starts (issue 31 item 5): a worker started during an outage retries with a
 * growing delay (1 s to 15 s), one JSON line when it goes down and one when it is back, instead of crashing on an
 * uncaught ECONNREFUSED.
 */
export async function waitForDatabase(options: { maxDelayMs?: number } = {}) {
  let delay = 1000;
  for (;;) {
    try {
      const em = await getEm();
      await em.getConnection().execute("select 1");
      logStateChange("database", "up");
      return;
    } catch (error) {
      logStateChange("database", "down", error instanceof Error ? error.message : String(error));
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, options.maxDelayMs ?? 15_000);
    }
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("worker/index.ts");
if (isMain) {
  const url = process.env.REDIS_URL;
  if (!url) {
    console.error("REDIS_URL is required for the worker (without Redis, jobs run inside the web process).");
    process.exit(1);
  }
  const processes = env().WORKER_PROCESSES;
  if (cluster.isPrimary && processes > 1) {
    // WORKER_PROCESSES > 1: this process only supervises; each child is a full worker sharing the queue.
    for (let i = 0; i < processes; i++) cluster.fork();
    cluster.on("exit", (child, code, signal) => {
      if (!stopping) {
        console.warn(`[worker] process ${child.process.pid} ended (${signal ?? code}); starting another`);
        cluster.fork();
      }
    });
    let stopping = false;
    const stopAll = (signal: NodeJS.Signals) => {
      stopping = true;
      for (const child of Object.values(cluster.workers ?? {})) child?.process.kill(signal);
    };
    process.once("SIGTERM", () => stopAll("SIGTERM"));
    process.once("SIGINT", () => stopAll("SIGINT"));
    console.info(`[worker] ${processes} processes on queue "${QUEUE_NAME}"`);
  } else {
    // Only the first process declares the schedules and catches up: the others just take jobs.
    // WORKER_SCHEDULES=0: take jobs only (the bench's workers, extra hosts).
    const first = (cluster.isPrimary || cluster.worker?.id === 1) && process.env.WORKER_SCHEDULES !== "0";
    setOrmBudget("jobs");
    await waitForDatabase();
    const handle = await startWorker(url, { schedules: first });
    console.info(`[worker] listening on queue "${QUEUE_NAME}" (pid ${process.pid}, concurrency ${env().WORKER_CONCURRENCY})`);
    const stop = async (signal: string) => {
      console.info(`[worker] ${signal}: closing`);
      await handle.close();
      await closeOrm();
      process.exit(0);
    };
    process.once("SIGTERM", () => void stop("SIGTERM"));
    process.once("SIGINT", () => void stop("SIGINT"));
  }
}
