import { FlowProducer } from "bullmq";
import type { Redis } from "ioredis";
import { DEFAULT_JOB_OPTIONS, QUEUE_NAME } from "~/server/operations/jobs.server";
import type { FanOut, FanOutJob } from "~/jobs/fanout.server";

/**
 * The worker's fan-out (decision 0034): a run becomes a BullMQ flow on the shared queue; the chunks are children that
 * any worker process may take, the "finish" job is their parent (a chunk that fails for good fails the parent, so the
 * run is not recorded and is caught up). Payloads are ids and dates only, with the default retry and removal options.
 */
export function flowFanOut(connection: Redis, prefix: string): FanOut & { close: () => Promise<void> } {
  const producer = new FlowProducer({ connection, prefix });
  // Reported by the worker's connection (one JSON line per state change), not as an unhandled event.
  producer.on("error", () => {});
  const fanOut = async (parent: FanOutJob, children: FanOutJob[]) => {
    await producer.add({
      name: parent.name,
      queueName: QUEUE_NAME,
      data: parent.data,
      opts: DEFAULT_JOB_OPTIONS,
      children: children.map((c) => ({
        name: c.name,
        queueName: QUEUE_NAME,
        data: c.data,
        opts: { ...DEFAULT_JOB_OPTIONS, failParentOnFailure: true },
      })),
    });
  };
  return Object.assign(fanOut, { close: () => producer.close() });
}
