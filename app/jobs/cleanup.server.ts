import type { EntityManager } from "@mikro-orm/postgresql";
import { PREVIEW_LIFETIME_MS } from "~/domain/employees/import";
import { cleanupKey } from "~/domain/operations/missed-runs";

/** Reminder keys (`notif:*`) and cleanup marks (`cleanup:*`) of job_run are kept this long. */
export const JOB_RUN_KEEP_MS = 30 * 24 * 3600 * 1000;

/**
 * Nightly housekeeping: expired sessions, expired employee import previews, dead API and reset tokens, old login failures, and the job_run rows
 * that only guard a short-lived repeat (`notif:*` reminders, `cleanup:*` marks) after 30 days; the accrual and
 * roll-over keys stay (they are the history the catch-up reads). Records `cleanup:<Paris day of dueAt>`, so a
 * start after a missed night knows whether it ran. Idempotent: a rerun deletes nothing more than what has
 * expired since.
 * It also repairs the stored step of the leaves in flight (leave.waiting_for, decision 0064): the triggers keep it
 * current, but an org change and a leave write committed at the same instant in the same team can leave one row
 * with the step of before; leave_waiting_for_refresh() recomputes the rows that differ (`waitingRepaired`).
 */
export async function cleanup(em: EntityManager, now = new Date(), dueAt: Date = now) {
  const conn = em.getConnection();
  type Run = { affectedRows: number };
  const day = new Date(now.getTime() - 24 * 3600 * 1000);
  const sessions = (await conn.execute("delete from session where expires_at < ? or last_seen_at < ?", [now, new Date(now.getTime() - 30 * 60 * 1000)], "run")) as unknown as Run;
  const tokens = (await conn.execute("delete from api_token where expires_at < ? or revoked_at < ?", [day, day], "run")) as unknown as Run;
  const resets = (await conn.execute("delete from password_reset_token where expires_at < ?", [day], "run")) as unknown as Run;
  const failures = (await conn.execute("delete from login_failure where at < ?", [day], "run")) as unknown as Run;
  const jobRuns = (await conn.execute(
    "delete from job_run where (key like 'notif:%' or key like 'cleanup:%' or key like 'nightly:%' or key like 'overtime-failed:%') and done_at < ?",
    [new Date(now.getTime() - JOB_RUN_KEEP_MS)],
    "run",
  )) as unknown as Run;
  // The outbox (decision 0092): jobs done a week ago, mails sent or refused 30 days ago.
  const outbox = (await conn.execute("delete from job_outbox where done_at < ?", [new Date(now.getTime() - 7 * 24 * 3600 * 1000)], "run")) as unknown as Run;
  const mails = (await conn.execute(
    "delete from outgoing_mail where coalesce(sent_at, failed_at) < ?",
    [new Date(now.getTime() - JOB_RUN_KEEP_MS)],
    "run",
  )) as unknown as Run;
  // Employee imports never confirmed, or whose confirmation failed, after their lifetime (decision 0116): their rows
  // hold names, logins and salaries nobody will use. A finished import keeps its counts (its rows were dropped).
  const imports = (await conn.execute(
    "delete from employee_import where state in ('preview', 'failed') and created_at <= ?",
    [new Date(now.getTime() - PREVIEW_LIFETIME_MS)],
    "run",
  )) as unknown as Run;
  const [repaired] = await conn.execute<{ n: number }[]>("select leave_waiting_for_refresh() as n");
  await conn.execute("insert into job_run (key, done_at) values (?, ?) on conflict (key) do nothing", [cleanupKey(dueAt), now], "run");
  return {
    sessions: sessions.affectedRows,
    tokens: tokens.affectedRows,
    resets: resets.affectedRows,
    failures: failures.affectedRows,
    jobRuns: jobRuns.affectedRows,
    waitingRepaired: Number(repaired?.n ?? 0),
    outbox: outbox.affectedRows,
    mails: mails.affectedRows,
    imports: imports.affectedRows,
  };
}
