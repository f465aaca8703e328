/**
 * A correction of a day as people follow it (issue 28 items 8 and 10), around the suggestion use cases
 * (`createSuggestion` in time-clock.server.ts, `validateSuggestion` / `deleteSuggestion` in
 * services/time-clock/suggestions.server.ts, called unchanged):
 * - asking mails its validators, validating or deleting mails the employee (the mail job reads ids and a date only);
 * - its author may withdraw a correction still pending (management deletes any);
 * - the badging page lists the signed-in person's pending corrections, and the history and team views mark a day
 *   that was corrected (`correctedDays`).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { mayDecideCorrectionOf } from "~/domain/identity/deputy";
import { displayName } from "~/domain/employees/name";
import { frDate } from "~/domain/shared/api-dates";
import { t } from "~/i18n/fr";
import { env } from "~/server/shared/env.server";
import { sendMail } from "~/server/operations/mail.server";
import { enqueue } from "~/server/operations/queue.server";
import { deputiesStandingInToday } from "~/services/identity/deputies.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ForbiddenError, NotFoundError } from "~/services/shared/errors";
import { recordHistory } from "~/services/history/history.server";
import { correctionDetails } from "~/services/history/entries.server";
import { deleteSuggestion, validateSuggestion } from "./suggestions.server";
import { createSuggestion, type ClockView, type SuggestionInput } from "./time-clock.server";

export type CorrectionEvent = "asked" | "validated" | "deleted";

/** Proposes a corrected day (the employee's edit request or a manager's correction), then mails its validators. */
export async function askCorrection(em: EntityManager, actor: CurrentUser, input: SuggestionInput, now: Date = new Date()): Promise<ClockView> {
  const clock = await createSuggestion(em, actor, input, now);
  await enqueue("mail.correction", { event: "asked", employeeId: clock.employeeId, date: clock.date });
  return clock;
}

/** Mails the validators that a correction was proposed (after the caller stored it). */
export async function correctionAsked(employeeId: number, date: string): Promise<void> {
  await enqueue("mail.correction", { event: "asked", employeeId, date });
}

async function suggestionRow(em: EntityManager, id: number) {
  const [row] = await em.execute<{ employee_id: number; date: string; created_by_id: number | null }[]>(
    `select employee_id, date::text as date, created_by_id from time_clock where id = ? and suggested = true`,
    [id],
  );
  if (!row) throw new NotFoundError(t("badging.edit.error.not_found"));
  return row;
}

/** Validates a correction (management) and mails the employee. Returns the corrected day's id. */
export async function validateCorrection(
  em: EntityManager,
  actor: CurrentUser,
  id: number,
  now: Date = new Date(),
): Promise<{ timeClockId: number; notice: string | null }> {
  const row = await suggestionRow(em, id);
  const done = await validateSuggestion(em, actor, id, now);
  if (row.employee_id !== actor.employeeId) await enqueue("mail.correction", { event: "validated", employeeId: row.employee_id, date: row.date });
  return done;
}

/**
 * Deletes a pending correction: management deletes any (the employee is mailed), its author withdraws their own
 * (issue 28 item 8: `DELETE /api/timeclock/suggest/{id}` answered 403 to the author). Anyone else: 403.
 */
export async function removeCorrection(em: EntityManager, actor: CurrentUser, id: number): Promise<"deleted" | "withdrawn"> {
  const row = await suggestionRow(em, id);
  // Management, or a deputy of management today on someone else's correction (decision 0105).
  if (mayDecideCorrectionOf(actor, row.employee_id)) {
    await deleteSuggestion(em, actor, id);
    if (row.employee_id !== actor.employeeId) await enqueue("mail.correction", { event: "deleted", employeeId: row.employee_id, date: row.date });
    return "deleted";
  }
  if (row.created_by_id !== actor.employeeId) throw new ForbiddenError(t("error.forbidden"));
  await em.transactional(async (tx) => {
    const details = await correctionDetails(tx, id);
    const gone = await tx.execute<{ id: number }[]>(`delete from time_clock where id = ? and suggested = true and created_by_id = ? returning id`, [
      id,
      actor.employeeId,
    ]);
    if (gone.length === 0) throw new NotFoundError(t("badging.edit.error.not_found"));
    await recordHistory(tx, { action: "correction.delete", employeeId: row.employee_id, actorId: actor.employeeId, details: { ...details, withdrawn: true } });
  });
  return "withdrawn";
}

export interface PendingCorrection {
  id: number;
  date: string;
  /** The signed-in person proposed it: they may withdraw it. */
  own: boolean;
}

/** The signed-in person's corrections awaiting management, newest day first (the badging page's notice). */
export async function pendingCorrections(em: EntityManager, user: CurrentUser): Promise<PendingCorrection[]> {
  const rows = await em.execute<{ id: number; date: string; created_by_id: number | null }[]>(
    `select id, date::text as date, created_by_id from time_clock where employee_id = ? and suggested = true order by date desc, id desc limit 20`,
    [user.employeeId],
  );
  return rows.map((r) => ({ id: r.id, date: r.date, own: r.created_by_id === user.employeeId }));
}

/**
 * The days among `clockIds` whose entries were corrected (a validated suggestion superseded some entries): one query.
 */
export async function correctedDays(em: EntityManager, clockIds: readonly number[]): Promise<Set<number>> {
  if (clockIds.length === 0) return new Set();
  const rows = await em.execute<{ id: number }[]>(
    `select distinct l.time_clock_id as id from time_log l where l.time_clock_id = any(?::int[]) and l.superseded_at is not null`,
    [`{${clockIds.map(Number).join(",")}}`],
  );
  return new Set(rows.map((r) => r.id));
}

// ---------------------------------------------------------------------------------------------------------------- mails

interface Person {
  email: string;
  firstname: string;
  lastname: string;
}

/**
 * The correction mails (job mail.correction): "asked" to management of the employee's subsidiary (all management
 * when that subsidiary has none), "validated" and "deleted" to the employee. Links use APP_URL.
 */
export async function sendCorrectionMail(em: EntityManager, event: CorrectionEvent, employeeId: number, date: string): Promise<{ sent: number }> {
  const [employee] = await em.execute<(Person & { subsidiary_id: number | null })[]>(
    `select email, firstname, lastname, subsidiary_id from employee where id = ?`,
    [employeeId],
  );
  if (!employee) return { sent: 0 };
  const name = displayName(employee.firstname, employee.lastname);
  const day = frDate(date);
  if (event === "asked") {
    const recipients = await em.execute<(Person & { id: number })[]>(
      `select id, email, firstname, lastname from employee m
        where m.profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT') and (m.fired_at is null or m.fired_at > current_date)
          and m.id <> ?
          and (m.subsidiary_id = ? or not exists (
                select 1 from employee x where x.profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT')
                  and (x.fired_at is null or x.fired_at > current_date) and x.subsidiary_id = ? and x.id <> ?))
        order by m.id`,
      [employeeId, employee.subsidiary_id ?? -1, employee.subsidiary_id ?? -1, employeeId],
    );
    const link = new URL("/time-clock/edit-badging", env().APP_URL).toString();
    // Whoever stands in today for one of them is told too (decision 0105), never about their own correction.
    const deputies = await deputiesStandingInToday(
      em,
      recipients.map((r) => r.id),
      [employeeId, ...recipients.map((r) => r.id)],
    );
    const told = [...recipients.map((r) => ({ email: r.email, name: displayName(r.firstname, r.lastname) })), ...deputies.map((d) => ({ email: d.email, name: d.deputyName }))];
    for (const r of told) {
      await sendMail({
        to: r.email,
        subject: t("badging.mail.correction_asked_subject"),
        text: t("badging.mail.correction_asked_text", { name: r.name, employee: name, date: day, link }),
      });
    }
    return { sent: told.length };
  }
  const link = new URL("/time-clock/badging", env().APP_URL).toString();
  await sendMail({
    to: employee.email,
    subject: t(event === "validated" ? "badging.mail.correction_validated_subject" : "badging.mail.correction_deleted_subject"),
    text: t(event === "validated" ? "badging.mail.correction_validated_text" : "badging.mail.correction_deleted_text", { name, date: day, link }),
  });
  return { sent: 1 };
}
