import type { EntityManager } from "@mikro-orm/postgresql";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "~/server/shared/env.server";
import { DEFAULT_JOB_OPTIONS, QUEUE_NAME, parsePayload, type JobName, type JobPayload } from "./jobs.server";
import { assertJobRunner, jobRunner } from "./job-runner.server";
import { logRedisError, logStateChange } from "./ops-log.server";
import { getStatementEm } from "~/server/shared/orm.server";
import { markOutboxDone, relayOutbox, writeOutbox } from "./outbox.server";

/**
 * The web side of the jobs: it only records them. With REDIS_URL the job is a row of the outbox (decision 0092),
 * written in the caller's transaction when it passes one, and relayed to BullMQ in the background: no request waits
 * on Redis, and a job is lost neither with Redis nor with this process. Without Redis (the embedded default) it runs
 * in this process, right after the response is sent (after the caller's transaction commits, when it passes one).
 */
type Holder = {
  queue?: Queue;
  connection?: Redis;
  inline: Promise<unknown>[];
  relaying?: Promise<void>;
  again?: boolean;
};
const holder: Holder = ((globalThis as { __cadranQueue?: Holder }).__cadranQueue ??= { inline: [] });

export function redisConnection(): Redis {
  const url = env().REDIS_URL;
  if (!url) throw new Error("REDIS_URL is not set");
  if (!holder.connection) {
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    connection.on("error", (error) => logStateChange("redis", "down", error.message));
    connection.on("ready", () => logStateChange("redis", "up"));
    holder.connection = connection;
  }
  return holder.connection;
}

export function queue(): Queue {
  if (!holder.queue) {
    holder.queue = new Queue(QUEUE_NAME, {
      connection: redisConnection(),
      prefix: env().QUEUE_PREFIX,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
    holder.queue.on("error", (error) => logRedisError("redis", redisConnection(), error));
  }
  return holder.queue;
}

export function inlineJobs(): boolean {
  return !env().REDIS_URL || env().INLINE_JOBS === "1";
}

/**
 * Records a job. `em`: the caller's transaction, so the job exists if and only if the change that needs it commits.
 * `jobId` is kept for the callers of before the outbox; the outbox row's id names the job now.
 */
export async function enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts: { jobId?: string; em?: EntityManager } = {}) {
  const data = parsePayload(name, payload);
  const inTransaction = !!opts.em?.isInTransaction();
  if (inlineJobs()) {
    assertJobRunner(); // before anything is written
    // In a transaction: the row tells when it has committed (a rolled back change runs nothing).
    const outboxId = inTransaction ? await writeOutbox(opts.em!, name, data) : undefined;
    runInline(name, data, outboxId);
    return;
  }
  await writeOutbox(opts.em ?? (await getStatementEm()), name, data);
  if (!inTransaction) kickRelay();
}

/**
 * The async context of this module's loading: an inline job runs there, outside the caller's request and transaction
 * (MikroORM finds its transaction through AsyncLocalStorage; a job started inside it would use it after its commit).
 */
const outsideCallers = AsyncLocalStorage.snapshot();

function runInline(name: JobName, data: unknown, outboxId: number | undefined) {
  const run = outsideCallers(async () => {
    try {
      const runJob = await jobRunner();
      if (outboxId !== undefined && !(await committed(outboxId))) return;
      await runJob(name, data);
      if (outboxId !== undefined) await markOutboxDone(await getStatementEm(), outboxId);
    } catch (error) {
      console.warn(`[jobs] inline job ${name} failed`, error);
    }
  });
  holder.inline.push(run);
  void run.finally(() => {
    holder.inline = holder.inline.filter((p) => p !== run);
  });
}

/** Waits (up to 10 s) for the outbox row of a job written in a transaction to be visible, i.e. committed. */
async function committed(outboxId: number): Promise<boolean> {
  const em = await getStatementEm();
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const rows = await em.execute<{ id: string }[]>(`select id from job_outbox where id = ?`, [outboxId]);
    if (rows.length > 0) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/**
 * Relays the outbox to BullMQ now, in the background (the worker also polls it): at most one relay at a time per
 * process; a call during a relay asks for one more pass. While Redis is away the relay waits for it, the request
 * does not.
 */
export function kickRelay() {
  if (inlineJobs()) return;
  if (holder.relaying) {
    holder.again = true;
    return;
  }
  holder.relaying = (async () => {
    do {
      holder.again = false;
      await relayOutbox(await getStatementEm(), queue());
    } while (holder.again);
    logStateChange("outbox-relay", "ok");
  })()
    .catch((error) => {
      logStateChange("outbox-relay", "failing", error instanceof Error ? error.message : String(error));
    })
    .finally(() => {
      holder.relaying = undefined;
    });
}

/** Waits for in-process jobs (tests, graceful shutdown). */
export async function drainInlineJobs() {
  while (holder.inline.length > 0) await Promise.allSettled([...holder.inline]);
}

export async function closeQueue() {
  await drainInlineJobs();
  const queue = holder.queue;
  const connection = holder.connection;
  holder.queue = undefined;
  holder.connection = undefined;
  holder.relaying = undefined;
  if (queue) await Promise.race([queue.close(), new Promise((r) => setTimeout(r, 2000))]).catch(() => {});
  connection?.disconnect();
}
