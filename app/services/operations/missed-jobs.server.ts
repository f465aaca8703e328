import type { EntityManager } from "@mikro-orm/postgresql";
import { CATCH_UP_PERIODS, JOB_ZONE, missedRuns, type CatchUpSchedule, type MissedRun } from "~/domain/operations/missed-runs";
import { SCHEDULES } from "~/server/operations/jobs.server";

/**
 * Catch-up at start (issue 10 item 13): the schedules missed while the app was down (nightly cleanup, monthly
 * accrual, 1 June roll-over) run once, oldest first, each as of the moment it was due. Called by the worker at
 * start and by the inline scheduler (no Redis). Every job is idempotent by its job_run key, so two processes
 * starting together, or a start during a scheduled run, do each period once.
 */

/** The schedules that are caught up, with their patterns from the one registry (jobs.server.ts). */
export function catchUpSchedules(): CatchUpSchedule[] {
  return SCHEDULES.flatMap((s) => {
    const period = CATCH_UP_PERIODS[s.name];
    return period ? [{ name: s.name, pattern: s.pattern, zone: JOB_ZONE, ...period }] : [];
  });
}

/** What is due and not recorded (read only). */
export async function dueMissedRuns(em: EntityManager, now = new Date()): Promise<MissedRun[]> {
  // Only the period keys: the reminders' notif:* rows are many and irrelevant here.
  const rows = await em
    .getConnection()
    .execute<{ key: string }[]>("select key from job_run where key like 'accrual:%' or key like 'rollover:%' or key like 'cleanup:%' or key like 'nightly:%'");
  return missedRuns(catchUpSchedules(), rows.map((r) => r.key), now);
}

/**
 * Runs the missed runs one after the other through `run` (the same processors as the schedules), with the due
 * moment as `at`. A failing run is logged and stops the catch-up (the next start resumes from the last recorded
 * period). Returns what ran.
 */
export async function catchUpMissedJobs(
  em: EntityManager,
  run: (name: string, data: unknown) => Promise<unknown>,
  now = new Date(),
): Promise<MissedRun[]> {
  const done: MissedRun[] = [];
  for (const missed of await dueMissedRuns(em, now)) {
    try {
      await run(missed.name, { at: missed.at.toISOString() });
    } catch (error) {
      console.warn(`[jobs] catch-up of ${missed.name} (${missed.key}) failed: ${String(error)}`);
      break;
    }
    console.info(`[jobs] caught up ${missed.name} (${missed.key})`);
    done.push(missed);
  }
  return done;
}
