import type { EntityManager } from "@mikro-orm/postgresql";
import {
  isArchived,
  missingRequiredFields,
  missingSchedule,
  NEW_EMPLOYEE_DEFAULTS,
  normaliseWeek,
  weekCount,
  type EmployeeValues,
} from "~/domain/employees/sheet";
import { contractChangeDay, contractChangeFrom, contractEffectiveFrom, contractTermsDiffer, type ContractFacts } from "~/domain/employees/contract-change";
import { isEmailAddress, normaliseEmail } from "~/domain/shared/email-address";
import { mondayOf } from "~/domain/shared/iso-week";
import { formatFrDate } from "~/domain/shared/date-range";
import { departureProblem, mayDeleteEmployee, type EmployeeHistory } from "~/domain/employees/departure";
import { localDate } from "~/domain/shared/zoned-day";
import { markEmployeeWeeksDirty } from "~/services/overtime/dirty.server";
import { lateChange } from "~/services/payroll/late-change.server";
import { recomputeEmployeesNow } from "~/services/overtime/run.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { t, tOr, type MessageKey } from "~/i18n/fr";
import { enqueue } from "~/server/operations/queue.server";
import { revokeUserSessions } from "~/server/identity/session.server";
import { revokeApiTokens } from "~/services/identity/auth.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { AppError, ConflictError, NotFoundError, ValidationError, withFieldNamed, type Violation } from "~/services/shared/errors";
import { assertManagement, COLUMN_DEFAULTS, COLUMNS, FIELDS, findRecord, NUMERIC_FIELDS, type EmployeeRecord, type ValueField } from "./records.server";
import { sheetChanges, type FieldChange, type HistoryValue } from "~/domain/history/history";
import { recordHistory } from "~/services/history/history.server";

/**
 * Employee sheets, writing (spec 1 §5): validated with the same rules for HTML and API, saved in one transaction
 * together with the employee's login account.
 */

// ---------- saving ----------

const violation = (propertyPath: string, key: MessageKey, params?: Record<string, string | number>): Violation => ({
  propertyPath,
  message: t(key, params),
});

/** The save rules of spec 1 §5 that need the database, and the required fields (same answer for HTML and API). */
async function validateSheet(em: EntityManager, values: EmployeeValues, employeeId: number | null): Promise<void> {
  const violations: Violation[] = missingRequiredFields(values).map((f) => violation(f, "word.required"));
  const schedule = missingSchedule(values);
  if (schedule) violations.push(violation("weeks", `employee.error.${schedule.code}`, "week" in schedule ? { n: schedule.week } : undefined));
  const c = em.getConnection();
  const [row] = await c.execute<{
    matricule_taken: boolean;
    email_taken: boolean;
    personal_email_is_login: boolean;
    country_ok: boolean;
    subsidiary_ok: boolean;
    division_subsidiary: number | null;
    team_division: number | null;
  }[]>(
    `select
       exists(select 1 from employee where matricule = ? and id <> ?) as matricule_taken,
       exists(select 1 from employee where lower(email) = ? and id <> ?)
         or exists(select 1 from app_user where email = ? and employee_id <> ?) as email_taken,
       exists(select 1 from app_user where email = ? and employee_id <> ?) as personal_email_is_login,
       exists(select 1 from country where id = ?) as country_ok,
       exists(select 1 from subsidiary where id = ?) as subsidiary_ok,
       (select subsidiary_id from division where id = ?) as division_subsidiary,
       (select division_id from team where id = ?) as team_division`,
    [
      values.matricule ?? -1,
      employeeId ?? -1,
      values.email ?? "",
      employeeId ?? -1,
      values.email ?? "",
      employeeId ?? -1,
      normaliseEmail(values.emailPersonal) ?? "",
      employeeId ?? -1,
      values.country ?? -1,
      values.subsidiary ?? -1,
      values.division ?? -1,
      values.team ?? -1,
    ],
    // Inside the caller's transaction when there is one (the import creates divisions and teams in it first).
    "all",
    em.getTransactionContext(),
  );
  if (values.matricule !== null && row!.matricule_taken) violations.push(violation("matricule", "employee.error.matricule_taken"));
  // One e-mail syntax at every door, the import's included (app/domain/shared/email-address.ts, issue 42 §2).
  if (values.email && !isEmailAddress(values.email)) violations.push(violation("email", "email.invalid"));
  else if (values.email && row!.email_taken) violations.push(violation("email", "employee.error.email_taken"));
  if (values.emailPersonal && !isEmailAddress(values.emailPersonal)) violations.push(violation("emailPersonal", "email.invalid"));
  // A personal e-mail may never be someone else's login (decision 0019): it is a delivery address only.
  if (values.emailPersonal && row!.personal_email_is_login) violations.push(violation("emailPersonal", "employee.error.personal_email_is_login"));
  if (values.country !== null && !row!.country_ok) violations.push(violation("country", "employee.error.unknown_country"));
  if (values.subsidiary !== null && !row!.subsidiary_ok) violations.push(violation("subsidiary", "employee.error.unknown_subsidiary"));
  if (values.division !== null) {
    if (row!.division_subsidiary === null) violations.push(violation("division", "employee.error.unknown_division"));
    else if (row!.division_subsidiary !== values.subsidiary) violations.push(violation("division", "employee.error.division_subsidiary"));
  }
  if (values.team !== null) {
    if (row!.team_division === null) violations.push(violation("team", "employee.error.unknown_team"));
    else if (row!.team_division !== values.division) violations.push(violation("team", "employee.error.team_division"));
  }
  // Decision 0081: a departure never precedes the hiring (unix seconds 12345 read as 1970 for someone hired in 2023).
  if (departureProblem(values.hiredAt, values.firedAt)) {
    violations.push(violation("firedAt", "employee.error.fired_before_hired", { date: formatFrDate(values.hiredAt!) }));
  }
  if (violations.length) throw new ValidationError(violations);
}

/** The account's roles: the profileType (a text[] literal; profile types are fixed identifiers). */
function rolesLiteral(values: EmployeeValues): string {
  return `{${String(columnValue("profileType", values))}}`;
}

function columnValue(field: ValueField, values: EmployeeValues): unknown {
  const v = values[field];
  if (v === null || v === undefined) return COLUMN_DEFAULTS[field] ?? null;
  return v;
}

/** Writes week 1, and week 2 only for week_one_two (the only type that reads it). */
async function writeWeeks(tx: EntityManager, employeeId: number, values: EmployeeValues) {
  const c = tx.getConnection();
  const ctx = tx.getTransactionContext();
  const count = weekCount(values.weekType);
  for (let w = 0; w < count; w++) {
    await c.execute(
      `insert into week_schedule (employee_id, week_number, days) values (?, ?, ?)
       on conflict (employee_id, week_number) do update set days = excluded.days`,
      [employeeId, w + 1, JSON.stringify(normaliseWeek(values.weeks[w]))],
      "run",
      ctx,
    );
  }
  await c.execute("delete from week_schedule where employee_id = ? and week_number > ?", [employeeId, count], "run", ctx);
}

/** A unique constraint lost to a concurrent save becomes the same field error as the check above. */
function uniqueViolation(error: unknown): ValidationError | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  const text = `${e?.constraint ?? ""} ${e?.message ?? ""}`;
  if (e?.code !== "23505" && !/unique/i.test(text)) return null;
  if (/matricule/.test(text)) return new ValidationError([violation("matricule", "employee.error.matricule_taken")]);
  if (/email/.test(text)) return new ValidationError([violation("email", "employee.error.email_taken")]);
  return null;
}

/**
 * Creates an employee and their login account (login = professional e-mail, role = profileType, no password
 * yet), then has the worker mail the "choose your password" link. Returns the new id.
 */
export async function createEmployee(
  em: EntityManager,
  actor: CurrentUser,
  input: Partial<EmployeeValues>,
  // The import (decision 0098) mails after its own transaction commits, and only when asked.
  options: { welcomeMail?: boolean } = {},
): Promise<{ id: number; userId: number }> {
  assertManagement(actor);
  const values = normalise({ ...NEW_EMPLOYEE_DEFAULTS, ...input });
  await validateSheet(em, values, null);
  let created: { id: number; userId: number };
  try {
    created = await em.transactional(async (tx) => {
      const c = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const [emp] = await c.execute<{ id: number }[]>(
        `insert into employee (${FIELDS.map((f) => COLUMNS[f]).join(", ")}, created_at, updated_at)
         values (${FIELDS.map(() => "?").join(", ")}, now(), now()) returning id`,
        FIELDS.map((f) => columnValue(f, values)),
        "all",
        ctx,
      );
      await writeWeeks(tx, emp!.id, values);
      const [user] = await c.execute<{ id: number }[]>(
        "insert into app_user (employee_id, email, password_hash, roles, created_at) values (?, ?, null, ?, now()) returning id",
        [emp!.id, values.email, rolesLiteral(values)],
        "all",
        ctx,
      );
      await recordHistory(tx, { action: "sheet.create", employeeId: emp!.id, actorId: actor.employeeId, details: { changes: createdChanges(values) } });
      return { id: emp!.id, userId: user!.id };
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
  // An archived newcomer (history import) gets an account but no mail: the job skips archived accounts anyway.
  if (!isArchived(values.firedAt) && options.welcomeMail !== false) await enqueue("mail.welcome", { userId: created.userId });
  return created;
}

/**
 * Saves a sheet. `input` holds the fields to change (the HTML form sends them all, the API may send a part).
 * An archived sheet is read-only. The login follows the professional e-mail and the role the profileType;
 * archiving (a departure date set) ends the employee's sessions and API tokens. `contractFrom` dates new contract
 * terms back (decision 0070: a day of the past, its week's Monday on; empty, the current week); a date in the future
 * or before the hiring date is a 422 on `contractFrom`.
 */
export async function updateEmployee(
  em: EntityManager,
  actor: CurrentUser,
  id: number,
  input: Partial<EmployeeValues>,
  /** `deferRecompute`: a bulk caller (the import) leaves the weeks dirty for the nightly run (the payroll page says so). */
  options: { contractFrom?: string | null; deferRecompute?: boolean } = {},
): Promise<EmployeeRecord & { notice: string | null }> {
  assertManagement(actor);
  const current = await findRecord(em, id);
  if (!current) throw new NotFoundError(t("error.not_found_item"));
  if (current.archived) throw new ConflictError(t("employee.error.archived"));
  const values = normalise({ ...pickValues(current), ...input });
  await validateSheet(em, values, id);
  const today = localDate(new Date(), "Europe/Paris");
  const effective = contractEffectiveFrom(options.contractFrom, today, values.hiredAt ?? null);
  if ("error" in effective) {
    throw new ValidationError([{ propertyPath: "contractFrom", message: t(`employee.error.contract_from_${effective.error}`) }]);
  }
  let userId = current.userId;
  let notice: string | null = null;
  let recompute = false;
  try {
    userId = await em.transactional(async (tx) => {
      const c = tx.getConnection();
      const ctx = tx.getTransactionContext();
      // A contract, schedule or employment change makes the stored overtime weeks from its date stale. Its days in a
      // month closed for payroll are accepted and become a rappel, said by a notice (decision 0118); the days of a
      // later month (a departure dated 31 January) touch no closed month.
      const from = contractChangeFrom(contractFacts(current), contractFacts(values), today, effective.monday);
      const day = contractChangeDay(contractFacts(current), contractFacts(values), today, effective.monday);
      // New terms apply from their week's Monday (decision 0070): a change effective 1 December is the terms of 30
      // November too, a day of a closed November (decision 0122). A week straddling a closed month is computed at
      // once even when no day of that month changed.
      const termsDay = contractTermsDiffer(contractFacts(current), contractFacts(values)) ? (effective.monday ?? mondayOf(today)) : null;
      const first = day && termsDay && termsDay < day ? termsDay : day;
      if (first && first <= today) ({ notice, recompute } = await lateChange(tx, { employeeIds: [id] }, { from: first, to: today }));
      // New contract terms apply from `termsFrom` (the current week's Monday, or the one it is dated back to): the
      // terms in force until then are kept for the weeks before it (decision 0070). Those are the former contract
      // covering that Monday when the change is dated back over an earlier one (the later former contracts go: the
      // new terms replace them), else the sheet's. A second change in the same week keeps the terms of before the first.
      const termsChanged = contractTermsDiffer(contractFacts(current), contractFacts(values));
      const termsFrom = effective.monday ?? mondayOf(today);
      if (termsChanged) {
        await c.execute(
          `with covering as (
             select h.number_of_hours_per_week, h.week_type, h.weeks from contract_history h
              where h.employee_id = ? and h.valid_until > ? order by h.valid_until limit 1),
           dropped as (delete from contract_history where employee_id = ? and valid_until > ?)
           insert into contract_history (employee_id, valid_until, number_of_hours_per_week, week_type, weeks, created_at, created_by_id)
           select ?, ?, k.number_of_hours_per_week, k.week_type, k.weeks, now(), ?
             from (select number_of_hours_per_week, week_type, weeks from covering
                   union all
                   select e.number_of_hours_per_week, e.week_type,
                          coalesce((select jsonb_agg(ws.days order by ws.week_number) from week_schedule ws where ws.employee_id = e.id), '[]'::jsonb)
                     from employee e where e.id = ? and not exists (select 1 from covering)) k
           on conflict (employee_id, valid_until) do nothing`,
          [id, termsFrom, id, termsFrom, id, termsFrom, actor.employeeId, id],
          "run",
          ctx,
        );
      }
      await c.execute(
        `update employee set ${FIELDS.map((f) => `${COLUMNS[f]} = ?`).join(", ")}, updated_at = now() where id = ?`,
        [...FIELDS.map((f) => columnValue(f, values)), id],
        "run",
        ctx,
      );
      await writeWeeks(tx, id, values);
      if (from) await markEmployeeWeeksDirty(tx, id, from);
      // The days clocked under the new terms (from their Monday on) expect the new schedule: their daily rows are
      // computed again (a few days, or the weeks a change is dated back over).
      if (termsChanged) {
        const days = await c.execute<{ id: number }[]>(
          "select id from time_clock where employee_id = ? and suggested = false and date >= ? order by date",
          [id, termsFrom],
          "all",
          ctx,
        );
        for (const day of days) await recomputeDay(tx, day.id);
      }
      const [user] = await c.execute<{ id: number }[]>(
        `insert into app_user (employee_id, email, password_hash, roles, created_at) values (?, ?, null, ?, now())
         on conflict (employee_id) do update set email = excluded.email, roles = excluded.roles returning id`,
        [id, values.email, rolesLiteral(values)],
        "all",
        ctx,
      );
      const changes = sheetChanges(sheetState(current), sheetState(values), SHEET_HISTORY_FIELDS);
      if (changes.length > 0) {
        const archived = isArchived(values.firedAt);
        const action = archived && !current.archived ? "sheet.archive" : !archived && current.archived ? "sheet.unarchive" : "sheet.update";
        await recordHistory(tx, { action, employeeId: id, actorId: actor.employeeId, details: { changes } });
      }
      return user!.id;
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
  if (isArchived(values.firedAt) && userId) {
    await revokeUserSessions(userId);
    await revokeApiTokens(em, userId);
  }
  if (recompute && !options.deferRecompute) await recomputeEmployeesNow(em, [id], new Date());
  const saved = await findRecord(em, id);
  if (!saved) throw new NotFoundError(t("error.not_found_item"));
  return { ...saved, notice };
}

/** What the overtime engine reads of a sheet (the schedule only as far as the week type uses it). */
function contractFacts(v: EmployeeValues | EmployeeRecord): ContractFacts {
  return {
    numberOfHoursPerWeek: v.numberOfHoursPerWeek === null || v.numberOfHoursPerWeek === undefined ? null : Number(v.numberOfHoursPerWeek),
    weekType: v.weekType ?? null,
    weeks: (v.weeks ?? []).slice(0, weekCount(v.weekType)).map((w) => normaliseWeek(w)),
    country: v.country ?? null,
    subsidiary: v.subsidiary ?? null,
    hiredAt: v.hiredAt ?? null,
    firedAt: v.firedAt ?? null,
  };
}

// ---------- history (decision 0106) ----------

/** The fields a sheet entry compares: every column of the sheet and the schedule (never the account's password). */
export const SHEET_HISTORY_FIELDS: readonly string[] = [...FIELDS, "weeks"];

/**
 * A sheet's values as the history compares them: the stored value of each column (a blank NOT NULL column is its
 * default), numbers as numbers, and the schedule (the weeks its type uses) as one JSON text.
 */
export function sheetState(v: EmployeeValues | EmployeeRecord): Record<string, HistoryValue> {
  const out: Record<string, HistoryValue> = {};
  for (const f of FIELDS) {
    const raw = v[f] === null || v[f] === undefined ? (COLUMN_DEFAULTS[f] ?? null) : v[f];
    out[f] = raw === null ? null : NUMERIC_FIELDS.has(f) ? Number(raw) : (raw as HistoryValue);
  }
  out.weeks = JSON.stringify((v.weeks ?? []).slice(0, weekCount(v.weekType)).map((w) => normaliseWeek(w)));
  return out;
}

/** A new sheet's entry: every field given, nothing -> value. */
export function createdChanges(values: EmployeeValues): FieldChange[] {
  return sheetChanges({}, sheetState(values), SHEET_HISTORY_FIELDS);
}

/** The login is the professional e-mail, compared case-insensitively: stored lower-case. */
function normalise(values: EmployeeValues): EmployeeValues {
  return { ...values, email: values.email ? (normaliseEmail(values.email) ?? values.email.trim()) : null };
}

function pickValues(record: EmployeeRecord): EmployeeValues {
  const out = {} as Record<string, unknown>;
  for (const f of FIELDS) out[f] = record[f];
  out.weeks = record.weeks;
  return out as unknown as EmployeeValues;
}

/**
 * Deletes an employee without any history (a sheet created by mistake: its account goes by cascade). Someone with
 * clocks, leaves or overtime is archived instead (decision 0081): a French 409 says so. The row is locked while
 * checked, so a clock committed meanwhile waits and the check holds.
 */
export async function deleteEmployee(em: EntityManager, actor: CurrentUser, id: number): Promise<void> {
  assertManagement(actor);
  if (id === actor.employeeId) throw new ConflictError(t("employee.error.delete_self"));
  await em.transactional(async (tx) => {
    const [row] = await tx.execute<(EmployeeHistory & { id: number })[]>(
      `select e.id,
              (exists (select 1 from time_clock x where x.employee_id = e.id and x.suggested = false)
               or exists (select 1 from time_clock x where x.employee_id = e.id and x.suggested)) as clocks,
              exists (select 1 from leave x where x.employee_id = e.id) as leaves,
              (e.recovery_earned <> 0 or e.recovery_taken <> 0
               or exists (select 1 from overtime x where x.employee_id = e.id)
               or exists (select 1 from deduction x where x.employee_id = e.id)
               or exists (select 1 from overtime_week x where x.employee_id = e.id and (x.worked_seconds <> 0 or x.credited_seconds <> 0))) as overtime
         from employee e where e.id = ? for update`,
      [Number.isSafeInteger(id) ? id : -1],
    );
    if (!row) throw new NotFoundError(t("error.not_found_item"));
    if (!mayDeleteEmployee(row)) throw new ConflictError(t("employee.error.delete_has_history"));
    const [gone] = await tx.execute<{ firstname: string | null; lastname: string | null; email: string | null; matricule: number | null }[]>(
      "delete from employee where id = ? returning firstname, lastname, email, matricule",
      [id],
    );
    // The entry outlives the sheet (audit_log.employee_id has no foreign key): who it was, old -> nothing.
    const changes = sheetChanges({ ...gone }, { firstname: null, lastname: null, email: null, matricule: null }, ["matricule", "firstname", "lastname", "email"]);
    await recordHistory(tx, { action: "sheet.delete", employeeId: id, actorId: actor.employeeId, details: { changes } });
  });
}

/** A field of the employee sheet by its French label ("E-mail personnel"), for the /api message (issue 41). */
export function employeeFieldLabel(field: string): string | null {
  return tOr(`employee.${field}`, "") || null;
}

/** Runs an employee write of the /api and names its one wrong field in the 422's message (withFieldNamed). */
export async function namingTheField<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError) throw withFieldNamed(error, employeeFieldLabel);
    throw error;
  }
}
