import { UnrecoverableError, Worker, Queue } from "bullmq";
import { Redis } from "ioredis";
import { closeOrm, getEm } from "~/server/orm.server";
import { catchUpMissedJobs } from "~/services/missed-jobs.server";
import { QUEUE_NAME, SCHEDULES } from "~/server/jobs.server";
import { BadPayloadError, runJob } from "./processors";

/**
 * The worker process: runs the jobs of the queue and declares the schedules. Only this process builds Workers;
 * the web only enqueues. SIGTERM/SIGINT close it cleanly (the current job finishes).
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
  } = {},
) {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const prefix = options.prefix ?? process.env.QUEUE_PREFIX ?? "cadran";
  const worker = new Worker(
    QUEUE_NAME,
    async (job) => {
      try {
        return await runJob(job.name, job.data);
      } catch (error) {
        if (error instanceof BadPayloadError) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    { connection, prefix, concurrency: options.concurrency ?? 4 },
  );
  worker.on("failed", (job, error) => console.warn(`[worker] job ${job?.name} #${job?.id} failed: ${error.message}`));

  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  for (const s of options.schedules === false ? [] : SCHEDULES) {
    await queue.upsertJobScheduler(s.id, { pattern: s.pattern, tz: "Europe/Paris" }, { name: s.name, data: {} });
  }
  await worker.waitUntilReady();
  if (options.catchUp ?? options.schedules !== false) {
    // Missed while down (nightly, accrual, roll-over): run here, in order; idempotent by their job_run keys.
    await catchUpMissedJobs(await getEm(), runJob, options.now ?? new Date()).catch((error) =>
      console.warn(`[worker] catch-up failed: ${String(error)}`),
    );
  }

  return {
    worker,
    async close() {
      await worker.close();
      await queue.close();
      connection.disconnect();
    },
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("worker/index.ts");
if (isMain) {
  const url = process.env.REDIS_URL;
  if (!url) {
    console.error("REDIS_URL is required for the worker (without Redis, jobs run inside the web process).");
    process.exit(1);
  }
  const handle = await startWorker(url);
  console.info(`[worker] listening on queue "${QUEUE_NAME}"`);
  const stop = async (signal: string) => {
    console.info(`[worker] ${signal}: closing`);
    await handle.close();
    await closeOrm();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}
