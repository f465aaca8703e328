import { leavePeriodText } from "~/domain/leave/period-text";
import type { EntityManager } from "@mikro-orm/postgresql";
import { frDate } from "~/domain/shared/api-dates";
import { displayName } from "~/domain/employees/name";
import { t } from "~/i18n/fr";
import { env } from "~/server/shared/env.server";
import { sendMail } from "~/server/operations/mail.server";
import { deputiesStandingInToday } from "~/services/identity/deputies.server";
import { EFFECTIVE_STEP_SQL } from "./scope.server";
import { LEAVE_COLUMNS, LEAVE_FROM, reasonLabel, type LeaveRow } from "./leave.server";

/**
 * The leave mails (jobs mail.leave-step and mail.leave-decision). They read the leave when they run, so a retried
 * or late job mails what is true now: a request decided in between is not announced to the old step's people.
 */

interface MailLeaveRow extends LeaveRow {
  step: "T" | "D" | "M" | null;
  refusal_reason: string | null;
  /** Who removed it (the last 'removed' step's actor). */
  removed_by: { firstname: string; lastname: string } | null;
  /** A decision a deputy took: who, and for whom (decision 0105); null otherwise. */
  decided_for: { bf: string; bl: string; ff: string; fl: string } | null;
}

async function loadForMail(em: EntityManager, leaveId: number): Promise<MailLeaveRow | undefined> {
  const rows = await em.execute<MailLeaveRow[]>(
    `select ${LEAVE_COLUMNS},
            case when l.state in ('pending', 'prevalidate', 'validate') then ${EFFECTIVE_STEP_SQL} end as step,
            l.refusal_reason,
            case when l.state = 'removed' then (select json_build_object('firstname', a.firstname, 'lastname', a.lastname) from leave_step s join employee a on a.id = s.actor_id
                                                 where s.leave_id = l.id and s.step = 'removed' order by s.at desc limit 1) end as removed_by,
            case when l.state in ('accepted', 'refused') then (select json_build_object('bf', a.firstname, 'bl', a.lastname, 'ff', f.firstname, 'fl', f.lastname)
                                                  from leave_step s join employee a on a.id = s.actor_id join employee f on f.id = s.on_behalf_of_id
                                                 where s.leave_id = l.id and s.step = l.state order by s.at desc limit 1) end as decided_for
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
  const recipients = await em.execute<{ id: number; email: string; firstname: string; lastname: string }[]>(
    `select id, email, firstname, lastname from employee where ${where} and fired_at is null and id <> ? order by id`,
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
        period: leavePeriodText({ start: leave.start, end: leave.end, halfDayMorning: leave.half_day_morning, halfDayAfternoon: leave.half_day_afternoon }),
        link,
      }),
    });
  }
  // Whoever stands in today for one of them hears of it too (decision 0105): one mail each, naming the manager.
  const deputies = await deputiesStandingInToday(
    em,
    recipients.map((r) => r.id),
    [leave.employee_id, ...recipients.map((r) => r.id)],
  );
  for (const d of deputies) {
    await sendMail({
      to: d.email,
      subject: t("deputy.mail.step_subject", { manager: d.managerName }),
      text: t("deputy.mail.step_text", {
        name: d.deputyName,
        manager: d.managerName,
        to: frDate(d.endsOn),
        employee: displayName(leave.firstname, leave.lastname),
        reason: reasonLabel(leave.reason),
        period: leavePeriodText({ start: leave.start, end: leave.end, halfDayMorning: leave.half_day_morning, halfDayAfternoon: leave.half_day_afternoon }),
        link,
      }),
    });
  }
  return { sent: recipients.length + deputies.length };
}

/**
 * Mails the employee that their request was accepted or refused (with the refusal's reason when one was given), or
 * that an accepted leave was removed (issue 28 items 3 and 10).
 */
export async function sendLeaveDecisionMail(em: EntityManager, leaveId: number): Promise<{ sent: number }> {
  const leave = await loadForMail(em, leaveId);
  if (!leave || (leave.state !== "accepted" && leave.state !== "refused" && leave.state !== "removed")) return { sent: 0 };
  const link = new URL(`/leave/detail/${leave.id}`, env().APP_URL).toString();
  const common = { name: displayName(leave.firstname, leave.lastname), reason: reasonLabel(leave.reason), period: leavePeriodText({ start: leave.start, end: leave.end, halfDayMorning: leave.half_day_morning, halfDayAfternoon: leave.half_day_afternoon }) };
  if (leave.state === "removed") {
    const actor = leave.removed_by ? displayName(leave.removed_by.firstname, leave.removed_by.lastname) : t("leave.mail.management");
    await sendMail({ to: leave.employee_email, subject: t("leave.mail.removed_subject"), text: t("leave.mail.removed_text", { ...common, actor, link }) });
    return { sent: 1 };
  }
  const accepted = leave.state === "accepted";
  let text = t("leave.mail.decision_text", { ...common, decision: t(accepted ? "leave.mail.accepted_word" : "leave.mail.refused_word"), link });
  if (!accepted && leave.refusal_reason) text = text.replace(/\n\nCadran$/, `\n\n${t("leave.mail.refusal_reason", { reason: leave.refusal_reason })}\n\nCadran`);
  if (leave.decided_for) {
    const d = leave.decided_for;
    const line = t("leave.mail.decided_by_for", { name: displayName(d.bf, d.bl), forWhom: displayName(d.ff, d.fl) });
    text = text.replace(/\n\nCadran$/, `\n\n${line}\n\nCadran`);
  }
  await sendMail({ to: leave.employee_email, subject: t(accepted ? "leave.mail.accepted_subject" : "leave.mail.refused_subject"), text });
  return { sent: 1 };
}
