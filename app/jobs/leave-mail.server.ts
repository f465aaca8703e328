import { getEm } from "~/server/shared/orm.server";
import { sendLeaveDecisionMail, sendLeaveStepMail } from "~/services/leave/mail.server";

/** Mails the people who take the leave's next step (the payload carries the id only). */
export async function leaveStepMail(leaveId: number) {
  return sendLeaveStepMail(await getEm(), leaveId);
}

/** Mails the employee the decision on their leave (accepted or refused). */
export async function leaveDecisionMail(leaveId: number) {
  return sendLeaveDecisionMail(await getEm(), leaveId);
}
