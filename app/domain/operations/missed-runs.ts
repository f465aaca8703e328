import { DateTime } from "luxon";
import { cronMatches } from "./cron";

/**
 * Catching up the schedules missed while the app was down (issue 10 item 13), as pure functions: which due
 * moments of which schedule have no recorded run. The caller reads `job_run` and runs what this returns, in order,
 * each job being idempotent by its own key.
 *
 * Two kinds of schedule:
 * - `each`: every missed period matters (the monthly accrual, the 1 June roll-over). The periods of one `chain`
 *   share a history: only the moments after the chain's last recorded period are due (so a fresh database, or a
 *   period already passed by later runs, is never replayed), at most `MAX_LOOKBACK_DAYS` back. The history is
 *   read from the keys (the period each run recorded), not from when it ran, so a catch-up that stopped halfway
 *   resumes where it stopped.
 * - `latest`: only the most recent due moment matters (the nightly cleanup): run once if it is not recorded.
 */

export const MAX_LOOKBACK_DAYS = 400;

export interface CatchUpSchedule {
  name: string;
  /** Five-field cron pattern, read in `zone`. Day-level patterns only (one or a few times a day at most). */
  pattern: string;
  zone: string;
  mode: "each" | "latest";
  /** Schedules of one chain are caught up together, after the last recorded run of any of them. */
  chain: string;
  /** The job_run key the job records for the period of a due moment. */
  keyOf: (due: Date) => string;
  /** The start of the period a key of this schedule names (at or before its due moment); null for other keys. */
  dueOf: (key: string) => Date | null;
}

export interface MissedRun {
  name: string;
  at: Date;
  key: string;
}

/**
 * The moments in (after, until] when a day-level cron pattern fires in a zone, oldest first; cost O(days) with
 * the span capped at MAX_LOOKBACK_DAYS + 1 days whatever the input.
 *
 * @example cronOccurrences("0 1 1 * *", new Date("2026-04-15T00:00:00Z"), new Date("2026-06-02T00:00:00Z"), "Europe/Paris")
 *   // [2026-04-30T23:00:00Z (1 May 01:00 Paris), 2026-05-31T23:00:00Z (1 June 01:00 Paris)]
 */
export function cronOccurrences(pattern: string, after: Date, until: Date, zone: string): Date[] {
  const out: Date[] = [];
  if (!(until.getTime() > after.getTime())) return out;
  const [minuteField, hourField] = pattern.trim().split(/\s+/);
  const end = DateTime.fromJSDate(until, { zone }).startOf("day");
  // The most recent days only: a window longer than the lookback loses its oldest part.
  const first = DateTime.fromJSDate(after, { zone }).startOf("day");
  const oldest = end.minus({ days: MAX_LOOKBACK_DAYS + 1 });
  const start = first < oldest ? oldest : first;
  const days = Math.round(end.diff(start, "days").days);
  for (let d = 0; d <= days; d++) {
    const day = start.plus({ days: d });
    const dayMoment = { minute: 0, hour: 0, dayOfMonth: day.day, month: day.month, dayOfWeek: day.weekday % 7 };
    // The day fields first (cheap), then the hours and minutes of that day.
    if (!cronMatches(`* * ${pattern.trim().split(/\s+/).slice(2).join(" ")}`, dayMoment)) continue;
    for (let hour = 0; hour < 24; hour++) {
      if (!cronMatches(`* ${hourField} * * *`, { ...dayMoment, hour })) continue;
      for (let minute = 0; minute < 60; minute++) {
        if (!cronMatches(`${minuteField} * * * *`, { ...dayMoment, hour, minute })) continue;
        const at = day.set({ hour, minute }).toJSDate();
        if (at.getTime() > after.getTime() && at.getTime() <= until.getTime()) out.push(at);
      }
    }
  }
  return out;
}

/** The runs due by `now` that no `job_run` key records, oldest first (ties: the order of `schedules`). */
export function missedRuns(schedules: readonly CatchUpSchedule[], recordedKeys: readonly string[], now: Date): MissedRun[] {
  const keys = new Set(recordedKeys);
  const floor = new Date(now.getTime() - MAX_LOOKBACK_DAYS * 86_400_000);
  const out: (MissedRun & { order: number })[] = [];
  schedules.forEach((s, order) => {
    if (s.mode === "latest") {
      const last = cronOccurrences(s.pattern, new Date(now.getTime() - 8 * 86_400_000), now, s.zone).at(-1);
      if (last && !keys.has(s.keyOf(last))) out.push({ name: s.name, at: last, key: s.keyOf(last), order });
      return;
    }
    const chain = schedules.filter((c) => c.chain === s.chain);
    let lastDone: Date | null = null;
    for (const key of recordedKeys) {
      for (const c of chain) {
        const due = c.dueOf(key);
        if (due && (lastDone === null || due > lastDone)) lastDone = due;
      }
    }
    // Never run before: nothing to catch up (a new installation starts with the next scheduled run).
    if (lastDone === null) return;
    const after = lastDone > floor ? lastDone : floor;
    for (const at of cronOccurrences(s.pattern, after, now, s.zone)) {
      const key = s.keyOf(at);
      if (!keys.has(key)) out.push({ name: s.name, at, key, order });
    }
  });
  return out
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order)
    .map(({ name, at, key }) => ({ name, at, key }));
}

// ---------- the periods of our jobs (their job_run keys) ----------

/** The zone of every schedule (jobs.server.ts SCHEDULES) and of the periods their keys name. */
export const JOB_ZONE = "Europe/Paris";

function zonedDate(at: Date): string {
  return DateTime.fromJSDate(at, { zone: JOB_ZONE }).toISODate()!;
}

/** Midnight (Paris) of the first day of a key's period: the chain's history is read at day level. */
function periodStart(iso: string): Date | null {
  const dt = DateTime.fromISO(iso, { zone: JOB_ZONE });
  return dt.isValid ? dt.toJSDate() : null;
}

/** `accrual:2026-11`: the monthly accrual of the Paris month of `at`. */
export const accrualKey = (at: Date) => `accrual:${zonedDate(at).slice(0, 7)}`;
/** `rollover:2026`: the 1 June roll-over of the Paris year of `at`. */
export const rolloverKey = (at: Date) => `rollover:${zonedDate(at).slice(0, 4)}`;
/** `cleanup:2026-11-24`: the nightly cleanup of the Paris day of `at`. */
export const cleanupKey = (at: Date) => `cleanup:${zonedDate(at)}`;

/** `nightly:2026-11-24`: the overtime nightly run of the Paris day of `at` (recorded once every chunk is done). */
export const nightlyKey = (at: Date) => `nightly:${zonedDate(at)}`;

/**
 * How each caught-up job names its periods: key of a due moment, and the start of a key's period. The clock reminders (every 5 minutes) are never caught up: a late reminder is noise.
 */
export const CATCH_UP_PERIODS: Record<string, Pick<CatchUpSchedule, "mode" | "chain" | "keyOf" | "dueOf">> = {
  "leave.june-rollover": {
    mode: "each",
    chain: "leave",
    keyOf: rolloverKey,
    dueOf: (key) => (/^rollover:\d{4}$/.test(key) ? periodStart(`${key.slice(9)}-06-01`) : null),
  },
  "leave.monthly-accrual": {
    mode: "each",
    chain: "leave",
    keyOf: accrualKey,
    dueOf: (key) => (/^accrual:\d{4}-\d{2}$/.test(key) ? periodStart(`${key.slice(8)}-01`) : null),
  },
  "maintenance.cleanup": {
    mode: "latest",
    chain: "cleanup",
    keyOf: cleanupKey,
    dueOf: (key) => (/^cleanup:\d{4}-\d{2}-\d{2}$/.test(key) ? periodStart(key.slice(8)) : null),
  },
  // Only the latest night matters: a run takes every dirty week whatever night marked it.
  "overtime.nightly": {
    mode: "latest",
    chain: "overtime",
    keyOf: nightlyKey,
    dueOf: (key) => (/^nightly:\d{4}-\d{2}-\d{2}$/.test(key) ? periodStart(key.slice(8)) : null),
  },
};
