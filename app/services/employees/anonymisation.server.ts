import type { EntityManager } from "@mikro-orm/postgresql";
import type { HistoryDetails } from "~/domain/history/history";
import { redactDetails } from "~/domain/history/values";
import { frDate } from "~/domain/shared/api-dates";
import { displayName } from "~/domain/employees/name";
import {
  anonymisableFrom,
  anonymisationProblem,
  anonymousEmail,
  anonymousName,
  identityFieldsToChange,
  type AnonymisationProblem,
  type IdentityField,
} from "~/domain/employees/personal-data";
import { localDate } from "~/domain/shared/zoned-day";
import { t, type MessageKey } from "~/i18n/fr";
import { env } from "~/server/shared/env.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ConflictError, NotFoundError } from "~/services/shared/errors";
import { ZONE_FALLBACK } from "./personal-data.server";

/** The anonymisation of an archived employee by HR (issue 32 §4, decision 0101). */

export interface AnonymisationPreview {
  employeeId: number;
  name: string;
  label: string;
  firedAt: string | null;
  retentionMonths: number;
  /** Why it cannot be done today (a French sentence), or null. */
  problem: string | null;
  fields: IdentityField[];
  leaveComments: number;
  clockMessages: number;
  payrollLines: number;
  account: boolean;
}

interface SheetRow {
  id: number;
  firstname: string;
  lastname: string;
  matricule: number | null;
  acronym: string | null;
  birthday: string | null;
  phone: string | null;
  email: string;
  email_personal: string | null;
  comments: string | null;
  fired_at: string | null;
  anonymised_at: string | null;
  zone: string | null;
  leave_comments: number;
  clock_messages: number;
  payroll_lines: number;
  user_id: number | null;
  user_email: string | null;
}

async function readSheet(em: EntityManager, employeeId: number, lock: boolean): Promise<SheetRow> {
  const [row] = await em.getConnection().execute<SheetRow[]>(
    `select e.id, e.firstname, e.lastname, e.matricule, e.acronym, e.birthday::text as birthday, e.phone, e.email, e.email_personal,
            e.comments, e.fired_at::text as fired_at, e.anonymised_at::text as anonymised_at, coalesce(s.timezone, co.timezone) as zone,
            (select count(*)::int from leave l where l.employee_id = e.id and coalesce(l.comment, '') <> '') as leave_comments,
            -- the day's clocks through the unique index, the suggestions through theirs (decision 0113)
            ((select count(*)::int from time_clock c where c.employee_id = e.id and c.suggested = false and coalesce(c.message, '') <> '')
             + (select count(*)::int from time_clock c where c.employee_id = e.id and c.suggested and coalesce(c.message, '') <> '')) as clock_messages,
            (select count(*)::int from payroll_month_line pl where pl.employee_id = e.id) as payroll_lines,
            (select u.id from app_user u where u.employee_id = e.id order by u.id limit 1) as user_id,
            (select u.email from app_user u where u.employee_id = e.id order by u.id limit 1) as user_email
       from employee e
       left join subsidiary s on s.id = e.subsidiary_id
       left join country co on co.id = coalesce(e.country_id, s.country_id)
      where e.id = ?${lock ? " for update of e" : ""}`,
    [employeeId],
    "all",
    em.getTransactionContext()
  );
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return row;
}

const PROBLEM_KEY: Record<AnonymisationProblem, MessageKey> = {
  not_archived: "anonymise.error.not_archived",
  still_employed: "anonymise.error.still_employed",
  already_anonymised: "anonymise.error.already_anonymised",
  too_early: "anonymise.error.too_early",
};

function previewOf(row: SheetRow, now: Date): AnonymisationPreview {
  const retentionMonths = env().PERSONAL_DATA_RETENTION_MONTHS;
  const today = localDate(now, row.zone ?? ZONE_FALLBACK);
  const problem = anonymisationProblem({ firedAt: row.fired_at, anonymisedAt: row.anonymised_at }, today, retentionMonths);
  const anonymous = anonymousName(row.id);
  return {
    employeeId: row.id,
    name: displayName(row.firstname, row.lastname),
    label: displayName(anonymous.firstname, anonymous.lastname),
    firedAt: row.fired_at,
    retentionMonths,
    problem: problem ? t(PROBLEM_KEY[problem], { date: row.fired_at ? frDate(anonymisableFrom(row.fired_at, retentionMonths)) : "" }) : null,
    fields: row.anonymised_at ? [] : identityFieldsToChange(row),
    leaveComments: row.leave_comments,
    clockMessages: row.clock_messages,
    payrollLines: row.anonymised_at ? 0 : row.payroll_lines,
    account: row.user_id != null && !row.anonymised_at,
  };
}

/**
 * The change history about the employee keeps its figures, but its names and free texts go (decision 0106): the
 * identity fields of sheet entries and the reasons become "(anonymisé)". audit_log is append-only; its trigger lets
 * `details` change only inside this transaction's `cadran.redact` setting, which nothing else sets.
 */
async function redactHistory(tx: EntityManager, employeeId: number): Promise<number> {
  const conn = tx.getConnection();
  const ctx = tx.getTransactionContext();
  const rows = await conn.execute<{ id: string; details: HistoryDetails }[]>(`select id, details from audit_log where employee_id = ?`, [employeeId], "all", ctx);
  const redacted = rows.flatMap((r) => {
    const details = redactDetails(r.details ?? {});
    return details ? [{ id: r.id, d: details }] : [];
  });
  if (redacted.length === 0) return 0;
  await conn.execute(`select set_config('cadran.redact', 'on', true)`, [], "run", ctx);
  await conn.execute(
    `update audit_log a set details = x.d from json_to_recordset(?::json) as x(id bigint, d jsonb) where a.id = x.id`,
    [JSON.stringify(redacted)],
    "run",
    ctx,
  );
  await conn.execute(`select set_config('cadran.redact', 'off', true)`, [], "run", ctx);
  return redacted.length;
}

/**
 * The stored employee import previews (employee_import.rows, decision 0116) lose every row about the person: the
 * matricule, the professional or the personal e-mail of the sheet as it was. Previews live a day, so there are few.
 */
async function scrubImportPreviews(tx: EntityManager, row: SheetRow): Promise<number> {
  const emails = [row.email, row.email_personal, row.user_email].filter((e): e is string => !!e).map((e) => e.toLowerCase());
  const about = `coalesce((r->'values'->>'matricule') = ?::text, false)
    or coalesce(lower(r->'values'->>'email') = any(?::text[]), false) or coalesce(lower(r->'values'->>'emailPersonal') = any(?::text[]), false)`;
  const list = `{${emails.map((e) => `"${e.replace(/["\\]/g, "")}"`).join(",")}}`;
  const params = [row.matricule === null ? null : String(row.matricule), list, list];
  const res = (await tx.getConnection().execute(
    `update employee_import i
        set rows = (select coalesce(jsonb_agg(x.r order by x.n), '[]'::jsonb) from jsonb_array_elements(i.rows) with ordinality x(r, n)
                     where not (${about.replaceAll("r->", "x.r->")})),
            total = (select count(*) from jsonb_array_elements(i.rows) x(r) where not (${about.replaceAll("r->", "x.r->")}))
      where exists (select 1 from jsonb_array_elements(i.rows) x(r) where ${about.replaceAll("r->", "x.r->")})`,
    [...params, ...params, ...params],
    "run",
    tx.getTransactionContext(),
  )) as unknown as { affectedRows: number };
  return res.affectedRows;
}

/** The dry run: what anonymising this employee would change, and why it cannot be done yet (nothing is written). */
export async function anonymisationPreview(em: EntityManager, employeeId: number, now = new Date()): Promise<AnonymisationPreview> {
  return previewOf(await readSheet(em, employeeId, false), now);
}

/**
 * Anonymises an archived employee whose retention period is over, in one transaction: identity fields blanked or
 * replaced by the anonymous label, free texts (leave comments, clock messages) erased, the names stored in closed
 * payroll months replaced, the account closed (login replaced, password, sessions, tokens, avatar and calendar feeds
 * gone). Figures stay. Logged in `audit_log` with the counts (no personal data). 409 with the reason when refused.
 */
export async function anonymiseEmployee(em: EntityManager, actor: CurrentUser, employeeId: number, now = new Date()): Promise<AnonymisationPreview> {
  return em.transactional(async (tx) => {
    const row = await readSheet(tx, employeeId, true);
    const preview = previewOf(row, now);
    if (preview.problem) throw new ConflictError(preview.problem);
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext();
    const run = (sql: string, params: unknown[]) => conn.execute(sql, params, "run", ctx);
    const anonymous = anonymousName(employeeId);
    const email = anonymousEmail(employeeId);
    await run(
      `update employee set firstname = ?, lastname = ?, matricule = null, acronym = null, birthday = null, phone = null, email = ?,
              email_personal = null, comments = null, terminal_code_hash = null, terminal_code_set_at = null,
              terminal_badge_hash = null, terminal_badge_issued_at = null, anonymised_at = ?, updated_at = ?
        where id = ?`,
      [anonymous.firstname, anonymous.lastname, email, now, now, employeeId]
    );
    await run(`update leave set comment = null where employee_id = ? and comment is not null`, [employeeId]);
    // Both of the employee's kinds of clock, each through its own index (decision 0113), never the whole table.
    await run(`update time_clock set message = null where employee_id = ? and suggested = false and message is not null`, [employeeId]);
    await run(`update time_clock set message = null where employee_id = ? and suggested and message is not null`, [employeeId]);
    await run(`update payroll_month_line set line = line || jsonb_build_object('employeeName', ?::text, 'matricule', null) where employee_id = ?`, [
      preview.label,
      employeeId,
    ]);
    await run(`update payroll_month set closed_by_name = ? where closed_by_id = ?`, [preview.label, employeeId]);
    await run(`update payroll_month_log set actor_name = ? where actor_id = ?`, [preview.label, employeeId]);
    await run(`delete from calendar_feed where employee_id = ?`, [employeeId]);
    if (row.user_id != null) {
      await run(`delete from session where user_id = ?`, [row.user_id]);
      await run(`delete from password_reset_token where user_id = ?`, [row.user_id]);
      await run(`delete from api_token where user_id = ?`, [row.user_id]);
      await run(`delete from avatar where user_id = ?`, [row.user_id]);
      await run(`update app_user set email = ?, password_hash = null where employee_id = ?`, [email, employeeId]);
    }
    if (row.user_email) await run(`delete from login_failure where identifier = ?`, [row.user_email.toLowerCase()]);
    await redactHistory(tx, employeeId);
    await scrubImportPreviews(tx, row);
    await run(`insert into audit_log (at, actor_id, action, employee_id, details) values (?, ?, 'anonymise', ?, ?::jsonb)`, [
      now,
      actor.employeeId,
      employeeId,
      JSON.stringify({
        fields: preview.fields,
        leaveComments: preview.leaveComments,
        clockMessages: preview.clockMessages,
        payrollLines: preview.payrollLines,
        account: preview.account,
        retentionMonths: preview.retentionMonths,
      }),
    ]);
    return preview;
  });
}
