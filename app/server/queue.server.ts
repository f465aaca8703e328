import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { env } from "./env.server";
import { DEFAULT_JOB_OPTIONS, QUEUE_NAME, parsePayload, type JobName, type JobPayload } from "./jobs.server";

/**
 * The web side of the jobs: it only enqueues. With REDIS_URL the job goes to BullMQ and the worker process
 * runs it; without (the embedded default) it runs in this process, right after the response is sent.
 */
type Holder = { queue?: Queue; connection?: Redis; inline: Promise<unknown>[] };
const holder: Holder = ((globalThis as { __cadranQueue?: Holder }).__cadranQueue ??= { inline: [] });

export function redisConnection(): Redis {
  const url = env().REDIS_URL;
  if (!url) throw new Error("REDIS_URL is not set");
  holder.connection ??= new Redis(url, { maxRetriesPerRequest: null });
  return holder.connection;
}

function queue(): Queue {
  holder.queue ??= new Queue(QUEUE_NAME, {
    connection: redisConnection(),
    prefix: env().QUEUE_PREFIX,
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
  return holder.queue;
}

export function inlineJobs(): boolean {
  return !env().REDIS_URL || env().INLINE_JOBS === "1";
}

export async function enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts: { jobId?: string } = {}) {
  const data = parsePayload(name, payload);
  if (inlineJobs()) {
    const run = (async () => {
      const { runJob } = await import("~/jobs/registry.server");
      try {
        await runJob(name, data);
      } catch (error) {
        console.warn(`[jobs] inline job ${name} failed`, error);
      }
    })();
    holder.inline.push(run);
    void run.finally(() => {
      holder.inline = holder.inline.filter((p) => p !== run);
    });
    return;
  }
  await queue().add(name, data, opts.jobId ? { jobId: opts.jobId } : undefined);
}

/** Waits for in-process jobs (tests, graceful shutdown). */
export async function drainInlineJobs() {
  while (holder.inline.length > 0) await Promise.allSettled([...holder.inline]);
}

export async function closeQueue() {
  await drainInlineJobs();
  await holder.queue?.close();
  holder.queue = undefined;
  if (holder.connection) {
    holder.connection.disconnect();
    holder.connection = undefined;
  }
}
