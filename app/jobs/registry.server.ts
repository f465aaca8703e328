import { getEm } from "~/server/shared/orm.server";
import { runInJobContext, type JobContext } from "~/server/operations/job-context.server";
import { PermanentJobError, parsePayload, type JobName, type JobPayload } from "~/server/operations/jobs.server";
import { sendStoredMail } from "~/server/operations/mail.server";
import { cleanup } from "./cleanup.server";
import { clockNotifications } from "./clock-notifications.server";
import { passwordMail } from "./password-mail.server";
import { juneRollover, monthlyAccrual } from "./leave-accrual.server";
import { correctionMail } from "./correction-mail.server";
import { leaveDecisionMail, leaveStepMail } from "./leave-mail.server";
import { overtimeChunk, overtimeFinish, overtimeNightly, overtimeRecompute } from "./overtime.server";
import { currentFanOut } from "./fanout.server";
import { reportExport } from "./report-export.server";
import { addNextYearHolidays } from "~/services/organisation/holiday-proposals.server";
import { failStaleImports, runImport } from "~/services/employees/import-run.server";
import { mailStartingDeputies } from "~/services/identity/deputy-start-mail.server";
import { sendTerminalMail } from "~/services/time-clock/terminal-codes.server";

/**
 * One processor per job name, each a plain async function in app/jobs/ (tests call them directly); the BullMQ
 * worker and the in-process fallback both go through `runJob`.
 */
type Processors = { [N in JobName]: (payload: JobPayload<N>) => Promise<unknown> };

export const processors: Processors = {
  "mail.password-reset": ({ userId }) => passwordMail(userId, "reset"),
  "mail.welcome": ({ userId }) => passwordMail(userId, "welcome"),
  "maintenance.cleanup": async ({ at }) => cleanup(await getEm(), new Date(), at ? new Date(at) : undefined),
  "mail.leave-step": ({ leaveId }) => leaveStepMail(leaveId),
  "mail.leave-decision": ({ leaveId }) => leaveDecisionMail(leaveId),
  "mail.correction": ({ event, employeeId, date }) => correctionMail(event, employeeId, date),
  "leave.monthly-accrual": async ({ at }) => monthlyAccrual(await getEm(), at ? new Date(at) : undefined),
  "leave.june-rollover": async ({ at }) => juneRollover(await getEm(), at ? new Date(at) : undefined),
  "clock.notifications": async () => clockNotifications(await getEm()),
  "overtime.nightly": async ({ at }) => overtimeNightly(await getEm(), currentFanOut(runJob), at ? new Date(at) : undefined),
  "overtime.recompute": async ({ from, to, at }) =>
    overtimeRecompute(await getEm(), currentFanOut(runJob), from, to, at ? new Date(at) : undefined),
  "overtime.chunk": async (payload) => overtimeChunk(await getEm(), payload),
  "overtime.finish": async (payload) => overtimeFinish(await getEm(), payload),
  "report.export": ({ exportId }) => reportExport(exportId),
  "mail.send": ({ mailId }) => sendStoredMail(mailId),
  "holidays.next-year": async ({ at }) => addNextYearHolidays(await getEm(), at ? new Date(at) : new Date()),
  "employees.import": async ({ importId }) => runImport(await getEm(), importId),
  "employees.import-sweep": async () => failStaleImports(await getEm()),
  "deputy.start-mail": async ({ at }) => mailStartingDeputies(await getEm(), at ? new Date(at) : new Date()),
  "mail.terminal": async ({ event, id }) => sendTerminalMail(await getEm(), event, id),
};

export class BadPayloadError extends PermanentJobError {}

/**
 * Runs one job by name. `context` (the worker gives it): the job's stable id, so the mails it sends are stored and
 * sent by jobs of their own (app/server/operations/mail.server.ts, decision 0092).
 */
export async function runJob(name: string, data: unknown, context?: Omit<JobContext, "mails" | "name">): Promise<unknown> {
  if (!(name in processors)) throw new BadPayloadError(`Unknown job ${name}`);
  const n = name as JobName;
  let payload: unknown;
  try {
    payload = parsePayload(n, data);
  } catch (error) {
    throw new BadPayloadError(`Bad payload for ${name}: ${String(error)}`);
  }
  const run = () => (processors[n] as (p: unknown) => Promise<unknown>)(payload);
  return context ? runInJobContext({ ...context, name: n }, run) : run();
}
