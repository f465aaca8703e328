import { z } from "zod";

/**
 * The one registry of background jobs: names and payload schemas shared by producers (web) and the worker.
 * Payloads carry ids only, never personal data or secrets (a reset token is made by the job itself).
 */
export type JobName = "mail.password-reset" | "mail.welcome" | "maintenance.cleanup";

export const JOBS = {
  "mail.password-reset": z.object({ userId: z.number().int().positive() }),
  "mail.welcome": z.object({ userId: z.number().int().positive() }),
  "maintenance.cleanup": z.object({}),
} as const;

/** Repeating jobs, declared once and upserted at worker start (a redeploy never doubles them). */
export const SCHEDULES: { id: string; name: JobName; pattern: string }[] = [
  { id: "nightly-cleanup", name: "maintenance.cleanup", pattern: "15 3 * * *" },
];

export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]>;

/** All jobs share one queue: they are few and short; the name routes to the processor. */
export const QUEUE_NAME = "cadran";

export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential" as const, delay: 2000 },
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
};

export function parsePayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  return JOBS[name].parse(data) as JobPayload<N>;
}

export function isJobName(name: string): name is JobName {
  return name in JOBS;
}
