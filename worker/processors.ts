import { getEm } from "~/server/orm.server";
import { parsePayload, type JobName, type JobPayload } from "~/server/jobs.server";
import { cleanup } from "./jobs/cleanup";
import { clockNotifications } from "./jobs/clock-notifications";
import { passwordMail } from "./jobs/password-mail";
import { juneRollover, monthlyAccrual } from "./jobs/leave-accrual";
import { leaveDecisionMail, leaveStepMail } from "./jobs/leave-mail";
import { overtimeChunk, overtimeFinish, overtimeNightly, overtimeRecompute } from "./jobs/overtime";
import { currentFanOut } from "./fanout";
import { reportExport } from "./jobs/report-export";
import { addNextYearHolidays } from "~/services/holiday-proposals.server";
import { runImport } from "~/services/employee-import-run.server";

/**
 * One processor per job name, each a plain async function in worker/jobs/ (tests call them directly); the BullMQ
 * worker and the in-process fallback both go through `runJob`.
 */
type Processors = { [N in JobName]: (payload: JobPayload<N>) => Promise<unknown> };

export const processors: Processors = {
  "mail.password-reset": ({ userId }) => passwordMail(userId, "reset"),
  "mail.welcome": ({ userId }) => passwordMail(userId, "welcome"),
  "maintenance.cleanup": async ({ at }) => cleanup(await getEm(), new Date(), at ? new Date(at) : undefined),
  "mail.leave-step": ({ leaveId }) => leaveStepMail(leaveId),
  "mail.leave-decision": ({ leaveId }) => leaveDecisionMail(leaveId),
  "leave.monthly-accrual": async ({ at }) => monthlyAccrual(await getEm(), at ? new Date(at) : undefined),
  "leave.june-rollover": async ({ at }) => juneRollover(await getEm(), at ? new Date(at) : undefined),
  "clock.notifications": async () => clockNotifications(await getEm()),
  "overtime.nightly": async ({ at }) => overtimeNightly(await getEm(), currentFanOut(runJob), at ? new Date(at) : undefined),
  "overtime.recompute": async ({ from, to, at }) =>
    overtimeRecompute(await getEm(), currentFanOut(runJob), from, to, at ? new Date(at) : undefined),
  "overtime.chunk": async (payload) => overtimeChunk(await getEm(), payload),
  "overtime.finish": async (payload) => overtimeFinish(await getEm(), payload),
  "report.export": ({ exportId }) => reportExport(exportId),
  "holidays.next-year": async ({ at }) => addNextYearHolidays(await getEm(), at ? new Date(at) : new Date()),
  "employees.import": async ({ importId }) => runImport(await getEm(), importId),
};

export class BadPayloadError extends Error {}

export async function runJob(name: string, data: unknown): Promise<unknown> {
  if (!(name in processors)) throw new BadPayloadError(`Unknown job ${name}`);
  const n = name as JobName;
  let payload: unknown;
  try {
    payload = parsePayload(n, data);
  } catch (error) {
    throw new BadPayloadError(`Bad payload for ${name}: ${String(error)}`);
  }
  return (processors[n] as (p: unknown) => Promise<unknown>)(payload);
}
