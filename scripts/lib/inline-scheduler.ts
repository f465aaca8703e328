import { DateTime } from "luxon";
import { cronMatches } from "~/domain/operations/cron";
import { SCHEDULES } from "~/server/operations/jobs.server";
import { getEm } from "~/server/shared/orm.server";
import { catchUpMissedJobs } from "~/services/operations/missed-jobs.server";

/**
 * Without Redis there is no BullMQ scheduler: this timer checks the same SCHEDULES every minute (Europe/Paris)
 * and runs the due jobs in this process with the same processors. Each job is idempotent, so a restart within
 * the minute does no harm. At start it first runs what was missed while the app was down (`caughtUp` settles
 * when that is done).
 */
export function startInlineScheduler(runJob: (name: string, data: unknown) => Promise<unknown>, options: { now?: Date } = {}) {
  let lastMinute = "";
  const tick = () => {
    const now = DateTime.now().setZone("Europe/Paris");
    const key = now.toFormat("yyyy-MM-dd'T'HH:mm");
    if (key === lastMinute) return;
    lastMinute = key;
    const moment = { minute: now.minute, hour: now.hour, dayOfMonth: now.day, month: now.month, dayOfWeek: now.weekday % 7 };
    for (const s of SCHEDULES) {
      if (cronMatches(s.pattern, moment)) {
        void runJob(s.name, {}).catch((error) => console.warn(`[jobs] inline ${s.name} failed`, error));
      }
    }
  };
  const caughtUp = (async () => catchUpMissedJobs(await getEm(), runJob, options.now ?? new Date()))().catch((error) => {
    console.warn(`[jobs] catch-up failed: ${String(error)}`);
    return [];
  });
  const timer = setInterval(tick, 15_000);
  timer.unref();
  const stop = () => clearInterval(timer);
  return Object.assign(stop, { caughtUp });
}
