import type { EntityManager } from "@mikro-orm/postgresql";
import { accrualKey, JOB_ZONE, rolloverKey } from "~/domain/operations/missed-runs";
import { localDate } from "~/domain/shared/zoned-day";

/**
 * The paid-leave counters' periodic jobs (DESIGN §5), both idempotent through job_run: the period's key is
 * inserted in the same transaction as the counters update, so a rerun (retry, second worker, redeploy) finds
 * the key and adds nothing, and a crash leaves neither the key nor the update.
 */

export interface PeriodicJobResult {
  key: string;
  done: boolean;
  employees: number;
}

/** Claims a period: true when this run is the first, false when the key was already there. */
async function claim(em: EntityManager, key: string): Promise<boolean> {
  const rows = await em.execute<{ key: string }[]>(
    `insert into job_run (key, done_at) values (?, now()) on conflict (key) do nothing returning key`,
    [key],
  );
  return rows.length > 0;
}

/**
 * The 1 June roll-over (domain/leave/balance.ts juneRollover, in one bulk UPDATE): this year becomes last year with the
 * unused days of the old last year carried over (an overdraft carried as taken); this year restarts at 0/0.
 * The right-hand sides read the old values (SQL semantics), exactly like the pure function.
 */
export async function juneRollover(em: EntityManager, now = new Date()): Promise<PeriodicJobResult> {
  // Schedules are in Europe/Paris (jobs.server.ts SCHEDULES); the period is the Paris calendar year of `now`.
  const key = rolloverKey(now);
  return em.transactional(async (tx) => {
    if (!(await claim(tx, key))) return { key, done: false, employees: 0 };
    const result = await tx.execute(
      `update employee set
         holiday_earned_last_year = holiday_earned_this_year + greatest(0, holiday_earned_last_year - holiday_taken_last_year),
         holiday_taken_last_year = holiday_taken_this_year + greatest(0, holiday_taken_last_year - holiday_earned_last_year),
         holiday_earned_this_year = 0,
         holiday_taken_this_year = 0,
         updated_at = now()
       where fired_at is null`,
      [],
      "run",
    );
    return { key, done: true, employees: (result as unknown as { affectedRows: number }).affectedRows };
  });
}

/**
 * The first-of-the-month accrual (domain/leave/balance.ts monthlyAccrual): each active employee's monthly accrual is added
 * to this year's earned days. Active on the 1st = hired before it and not gone before it (the seed counts the same
 * month-firsts). In June the roll-over runs first (if it has not), so June's days land in the new vacation year.
 */
export async function monthlyAccrual(em: EntityManager, now = new Date()): Promise<PeriodicJobResult> {
  const today = localDate(now, JOB_ZONE);
  const first = `${today.slice(0, 7)}-01`;
  const key = accrualKey(now);
  const [already] = await em.execute<{ key: string }[]>(`select key from job_run where key = ?`, [key]);
  if (already) return { key, done: false, employees: 0 };
  if (today.slice(5, 7) === "06") await juneRollover(em, now);
  return em.transactional(async (tx) => {
    if (!(await claim(tx, key))) return { key, done: false, employees: 0 };
    const result = await tx.execute(
      `update employee set
         holiday_earned_this_year = holiday_earned_this_year + holiday_monthly_vacation_accrual,
         updated_at = now()
       where (hired_at is null or hired_at < ?) and (fired_at is null or fired_at >= ?)`,
      [first, first],
      "run",
    );
    return { key, done: true, employees: (result as unknown as { affectedRows: number }).affectedRows };
  });
}
