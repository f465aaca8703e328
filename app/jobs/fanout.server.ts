import type { JobName, JobPayload } from "~/server/operations/jobs.server";

/**
 * How a run hands out its chunk jobs (decision 0034). In the worker process the run becomes a BullMQ flow
 * (worker/fanout.ts installs it): the chunks are children that any worker process may take, the "finish" job is their
 * parent and runs once they are all done. Without Redis (inline jobs, tests, the recompute script) the same jobs run
 * here one after the other.
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
