import { FlowProducer } from "bullmq";
import type { Redis } from "ioredis";
import { DEFAULT_JOB_OPTIONS, QUEUE_NAME, type JobName, type JobPayload } from "~/server/jobs.server";

/**
 * How a run hands out its chunk jobs (decision 0034). In the worker process the run becomes a BullMQ flow: the
 * chunks are children that any worker process may take, the "finish" job is their parent and runs once they are all
 * done (a chunk that fails for good fails the parent, so the run is not recorded and is caught up). Without Redis
 * (inline jobs, tests, the recompute script) the same jobs run here one after the other.
 */
export interface FanOutJob<N extends JobName = JobName> {
  name: N;
  data: JobPayload<N>;
}

export type FanOut = (parent: FanOutJob, children: FanOutJob[]) => Promise<void>;

type Runner = (name: string, data: unknown) => Promise<unknown>;

/** Runs the children then the parent in this process, in order; the first failure stops the run. */
export function inlineFanOut(run: Runner): FanOut {
  return async (parent, children) => {
    for (const child of children) await run(child.name, child.data);
    await run(parent.name, parent.data);
  };
}

/** A BullMQ flow on the shared queue: payloads are ids and dates only, with the default retry and removal options. */
export function flowFanOut(connection: Redis, prefix: string): FanOut & { close: () => Promise<void> } {
  const producer = new FlowProducer({ connection, prefix });
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

const holder: { fanOut?: FanOut } = {};

/** Installed by startWorker; unset, runs inline through `run`. */
export function setFanOut(fanOut: FanOut | undefined) {
  holder.fanOut = fanOut;
}

/** A closing worker removes its fan-out only if it is still the installed one (several workers in one process). */
export function clearFanOut(fanOut: FanOut) {
  if (holder.fanOut === fanOut) holder.fanOut = undefined;
}

export function currentFanOut(run: Runner): FanOut {
  return holder.fanOut ?? inlineFanOut(run);
}
