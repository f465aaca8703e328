import * as z from "~/forms/z.server";

/**
 * The one registry of background jobs: names and payload schemas shared by producers (web) and the worker.
 * Payloads carry ids only, never personal data or secrets (a reset token is made by the job itself).
 */
export type JobName =
  | "mail.password-reset"
  | "mail.welcome"
  | "maintenance.cleanup"
  | "mail.leave-step"
  | "mail.leave-decision"
  | "mail.correction"
  | "leave.monthly-accrual"
  | "leave.june-rollover"
  | "clock.notifications"
  | "overtime.nightly"
  | "overtime.recompute"
  | "overtime.chunk"
  | "overtime.finish"
  | "report.export"
  | "mail.send"
  | "holidays.next-year"
  | "employees.import"
  | "employees.import-sweep"
  | "deputy.start-mail"
  | "mail.terminal";

/**
 * Periodic jobs take the period from "now", or from `at` (an ISO instant) when a missed run is caught up at
 * start (services/operations/missed-jobs.server.ts): `at` is the due moment the run stands for.
 */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const periodic = z.object({ at: z.iso.datetime({ offset: true }).optional() });

export const JOBS = {
  "mail.password-reset": z.object({ userId: z.number().int().positive() }),
  "mail.welcome": z.object({ userId: z.number().int().positive() }),
  "maintenance.cleanup": periodic,
  // Leave: mails to the next validator / to the employee; the accrual and roll-over take the period from "now".
  "mail.leave-step": z.object({ leaveId: z.number().int().positive() }),
  "mail.leave-decision": z.object({ leaveId: z.number().int().positive() }),
  // A clock correction asked (to its validators), validated or deleted (to the employee): ids and the day only.
  "mail.correction": z.object({ event: z.enum(["asked", "validated", "deleted"]), employeeId: z.number().int().positive(), date: isoDate }),
  "leave.monthly-accrual": periodic,
  "leave.june-rollover": periodic,
  // Clock reminders: decided from "now" at each run (idempotent per employee, day and kind).
  "clock.notifications": z.object({}),
  // Overtime (DESIGN §8, decision 0034): the nightly run and a range recompute fan out into chunk jobs (blocks of
  // employee ids); "finish" runs once every chunk of a run is done and records the nightly's job_run key.
  "overtime.nightly": periodic,
  "overtime.recompute": z.object({ from: isoDate, to: isoDate, at: z.iso.datetime({ offset: true }).optional() }),
  "overtime.chunk": z.object({
    firstId: z.number().int().positive(),
    lastId: z.number().int().positive(),
    at: z.iso.datetime({ offset: true }),
    from: isoDate.optional(),
    to: isoDate.optional(),
  }),
  "overtime.finish": z.object({ kind: z.enum(["nightly", "recompute"]), at: z.iso.datetime({ offset: true }) }),
  // A large Excel export (decision 0045): the export's id only.
  "report.export": z.object({ exportId: z.string().uuid() }),
  // One stored mail to one recipient (outgoing_mail, decision 0092): the row's id only.
  "mail.send": z.object({ mailId: z.number().int().positive() }),
  // Computed public holidays (decision 0097): next year's days of every followed calendar, each 1 December.
  "holidays.next-year": periodic,
  // A confirmed employee import of many rows (decision 0098): the import's id only (its rows are in the database).
  "employees.import": z.object({ importId: z.string().uuid() }),
  // Confirmations left "running" by a process that died are failed, to be confirmed again (decision 0116): from "now".
  "employees.import-sweep": z.object({}),
  // The deputies whose period begins today, told once (decision 0112): from "now".
  "deputy.start-mail": periodic,
  // The shop-floor terminal (decision 0136): a code reset or a lock (to the employee id), a pause (terminal id).
  "mail.terminal": z.object({ event: z.enum(["code-reset", "locked", "paused"]), id: z.number().int().positive() }),
} as const;

/** Repeating jobs, declared once and upserted at worker start (a redeploy never doubles them). */
export const SCHEDULES: { id: string; name: JobName; pattern: string }[] = [
  { id: "nightly-cleanup", name: "maintenance.cleanup", pattern: "15 3 * * *" },
  // Clock reminders (start missed, lunch, end of day, overtime): every 5 minutes.
  { id: "clock-notifications", name: "clock.notifications", pattern: "*/5 * * * *" },
  // Leave (DESIGN §5): the roll-over at 00:00 on 1 June, the accrual at 01:00 on every 1st (Europe/Paris). The
  // June accrual runs the roll-over first if it has not run, so their order never depends on the scheduler.
  { id: "leave-june-rollover", name: "leave.june-rollover", pattern: "0 0 1 6 *" },
  { id: "leave-monthly-accrual", name: "leave.monthly-accrual", pattern: "0 1 1 * *" },
  // Overtime (DESIGN §8): close yesterday, recompute the current and dirty weeks, credit finished weeks.
  { id: "overtime-nightly", name: "overtime.nightly", pattern: "0 2 * * *" },
  // Computed public holidays (decision 0097): next year's, at 04:00 on 1 December.
  { id: "holidays-next-year", name: "holidays.next-year", pattern: "0 4 1 12 *" },
  // Deputies (decision 0112): a period's first day, at 07:00, the deputy hears what already awaits the manager.
  { id: "deputy-start-mail", name: "deputy.start-mail", pattern: "0 7 * * *" },
  // Employee imports (decision 0116): a confirmation whose process died is failed within 15 minutes.
  { id: "employee-import-sweep", name: "employees.import-sweep", pattern: "*/5 * * * *" },
];

export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]>;

/** All jobs share one queue: they are few and short; the name routes to the processor. */
export const QUEUE_NAME = "cadran";

/**
 * The worker heartbeat's Redis key under a queue prefix (`cadran:worker:heartbeat` with the default prefix): the
 * worker writes it (epoch ms), GET /healthz reads its age; installations sharing one Redis under different
 * QUEUE_PREFIX values each see their own worker.
 */
export function heartbeatKey(prefix: string): string {
  return `${prefix}:worker:heartbeat`;
}

/**
 * Retries outlast an outage of minutes (decision 0092): 12 attempts 2 s, 4 s, ... 68 min apart, about 2 h 16 min in
 * all, so a mail or a job whose database, SMTP server or disk is away for a while still runs once they are back.
 */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 12,
  backoff: { type: "exponential" as const, delay: 2000 },
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
};

export function parsePayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  return JOBS[name].parse(data) as JobPayload<N>;
}

/**
 * A failure that no retry can cure (a bad payload, a recipient refused by the SMTP server with a 5xx): the worker
 * fails the job for good at once (BullMQ's UnrecoverableError), instead of retrying it.
 */
export class PermanentJobError extends Error {}

export function isJobName(name: string): name is JobName {
  return name in JOBS;
}
