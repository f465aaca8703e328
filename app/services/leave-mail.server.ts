import type { EntityManager } from "@mikro-orm/postgresql";
import { frDate } from "~/domain/api-dates";
import { displayName } from "~/domain/employee-name";
import { t } from "~/i18n/fr";
import { env } from "~/server/env.server";
import { sendMail } from "~/server/mail.server";
import { EFFECTIVE_STEP_SQL } from "./leave-scope.server";
import { LEAVE_COLUMNS, LEAVE_FROM, reasonLabel, type LeaveRow } from "./leave.server";

/**
 * The leave mails (jobs mail.leave-step and mail.leave-decision). They read the leave when they run, so a retried
 * or late job mails what is true now: a request decided in between is not announced to the old step's people.
 */

interface MailLeaveRow extends LeaveRow {
  step: "T" | "D" | "M" | null;
}

async function loadForMail(em: EntityManager, leaveId: number): Promise<MailLeaveRow | undefined> {
  const rows = await em.execute<MailLeaveRow[]>(
    `select ${LEAVE_COLUMNS},
            case when l.state in ('pending', 'prevalidate', 'validate') then ${EFFECTIVE_STEP_SQL} end as step
       from ${LEAVE_FROM} where l.id = ?`,
    [leaveId],
  );
  return rows[0];
}

/** Mails whoever takes the next step: the team leader(s) of the team, the department head(s), or management. */
export async function sendLeaveStepMail(em: EntityManager, leaveId: number): Promise<{ sent: number }> {
  const leave = await loadForMail(em, leaveId);
  if (!leave || !leave.step) return { sent: 0 };
  const where =
    leave.step === "T"
      ? `profile_type = 'ROLE_TEAM_LEADER' and team_id = ?`
      : leave.step === "D"
        ? `profile_type = 'ROLE_DEPARTMENT_HEAD' and division_id = ?`
        : `profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT') and ? = ?`;
  const param = leave.step === "T" ? [leave.team_id] : leave.step === "D" ? [leave.division_id] : [1, 1];
  const recipients = await em.execute<{ email: string; firstname: string; lastname: string }[]>(
    `select email, firstname, lastname from employee where ${where} and fired_at is null and id <> ? order by id`,
    [...param, leave.employee_id],
  );
  const link = new URL("/leave/waiting", env().APP_URL).toString();
  for (const r of recipients) {
    await sendMail({
      to: r.email,
      subject: t("leave.mail.step_subject"),
      text: t("leave.mail.step_text", {
        name: displayName(r.firstname, r.lastname),
        employee: displayName(leave.firstname, leave.lastname),
        reason: reasonLabel(leave.reason),
        start: frDate(leave.start),
        end: frDate(leave.end),
        link,
      }),
    });
  }
  return { sent: recipients.length };
}

/** Mails the employee that their request was accepted or refused. */
export async function sendLeaveDecisionMail(em: EntityManager, leaveId: number): Promise<{ sent: number }> {
  const leave = await loadForMail(em, leaveId);
  if (!leave || (leave.state !== "accepted" && leave.state !== "refused")) return { sent: 0 };
  const accepted = leave.state === "accepted";
  await sendMail({
    to: leave.employee_email,
    subject: t(accepted ? "leave.mail.accepted_subject" : "leave.mail.refused_subject"),
    text: t("leave.mail.decision_text", {
      name: displayName(leave.firstname, leave.lastname),
      reason: reasonLabel(leave.reason),
      start: frDate(leave.start),
      end: frDate(leave.end),
      decision: t(accepted ? "leave.mail.accepted_word" : "leave.mail.refused_word"),
      link: new URL(`/leave/detail/${leave.id}`, env().APP_URL).toString(),
    }),
  });
  return { sent: 1 };
}
