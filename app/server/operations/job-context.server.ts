import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which job the current code runs in (decision 0092), set by `runJob` around a job's function. In the worker
 * (`queued`), `sendMail` does not talk SMTP itself: it stores the mail and hands it to a job of its own (`mail.send`),
 * keyed by this job's stable id, so a retried job finds its mails already stored and never sends them twice.
 */
export interface JobContext {
  /** Stable across the retries of one job (the BullMQ job id). */
  key: string;
  name: string;
  /** Mails go through the outbox (worker process), not straight to SMTP (inline jobs, tests, scripts). */
  queued: boolean;
  /** Mails stored so far in this attempt, per recipient (the n-th mail to one address in one job). */
  mails: Map<string, number>;
}

const storage = new AsyncLocalStorage<JobContext>();

export function runInJobContext<T>(context: Omit<JobContext, "mails">, fn: () => Promise<T>): Promise<T> {
  return storage.run({ ...context, mails: new Map() }, fn);
}

export function currentJob(): JobContext | undefined {
  return storage.getStore();
}
