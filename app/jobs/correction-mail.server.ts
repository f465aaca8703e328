import { getEm } from "~/server/shared/orm.server";
import { sendCorrectionMail, type CorrectionEvent } from "~/services/time-clock/clock-corrections.server";

/** Mails a clock correction asked (its validators), validated or deleted (the employee); ids and the day only. */
export async function correctionMail(event: CorrectionEvent, employeeId: number, date: string) {
  return sendCorrectionMail(await getEm(), event, employeeId, date);
}
