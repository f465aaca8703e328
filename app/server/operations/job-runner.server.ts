/**
 * The slot where the process that starts the web or the worker hands over the job registry (issue 45 item 2): the
 * queue runs an inline job through it, so `app/server/` and `app/services/` never import `app/jobs/` (the registry
 * imports the services, the services record jobs through the queue: importing it back would close a circle).
 *
 * Who fills it: `app/entry.server.tsx` (the web, whose inline mode runs jobs in its own process), `worker/index.ts`
 * (the worker) and `tests/support/setup-file.ts` (the tests, which call the services without the web). The loader is
 * lazy: the registry and every service it names load on the first inline job, not with this module. No imports here,
 * so a test can fill the slot without loading the queue.
 */
export type JobRunner = (name: string, data: unknown) => Promise<unknown>;

type Slot = { load?: () => Promise<{ runJob: JobRunner }> };
const slot: Slot = ((globalThis as { __cadranJobRunner?: Slot }).__cadranJobRunner ??= {});

export function useJobRunner(load: () => Promise<{ runJob: JobRunner }>) {
  slot.load = load;
}

/** Throws when no process filled the slot: a job recorded inline with nobody to run it would be lost without a word. */
export function assertJobRunner() {
  if (!slot.load) {
    throw new Error("No job runner: the process that runs jobs inline must call useJobRunner (app/server/operations/job-runner.server.ts)");
  }
}

export async function jobRunner(): Promise<JobRunner> {
  assertJobRunner();
  return (await slot.load!()).runJob;
}
