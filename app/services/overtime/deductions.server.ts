/**
 * Deductions of an employee's time account and the daily overtime records of /api/overtime (split from
 * services/overtime/views.server.ts).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { canCallApi } from "~/domain/identity/access";
import type { DateRange } from "~/domain/shared/date-range";
import { displayName } from "~/domain/employees/name";
import { parseDeduction } from "~/domain/overtime/screens";
import { type CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/services/shared/errors";
import { markWeekDirty } from "./dirty.server";
import { lateChange } from "~/services/payroll/late-change.server";
import { recomputeEmployeesNow } from "./run.server";
import { recordHistory } from "~/services/history/history.server";
import { scopedEmployee, type DeductionView } from "./year.server";

// ---------------------------------------------------------------------------------------------------------------
// Deductions

/**
 * Adds a deduction of an employee's overtime balance, dated today in the employee's zone, and marks that week
 * dirty in the same transaction (DESIGN §8). Roles of /api/deduction only, never on oneself (docs/decisions/0039);
 * an employee outside the scope is a NotFoundError; an input that is not a duration is a 422 on `newdeduction`.
 */
export async function addDeduction(
  em: EntityManager,
  actor: CurrentUser,
  employeeId: number,
  text: unknown,
  now: Date,
): Promise<{ id: number; date: CalendarDate; seconds: number }> {
  if (!canCallApi("POST", "/api/deduction", actor.profileType)) throw new ForbiddenError(t("error.forbidden"));
  const emp = await scopedEmployee(em, actor, employeeId);
  const seconds = parseDeduction(text);
  if (seconds === null) throw new ValidationError([{ propertyPath: "newdeduction", message: t("overtime_screens.deduction.invalid") }]);
  const date = localDate(now, emp.zone);
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into deduction (employee_id, date, seconds, created_by_id, created_at) values (?, ?, ?, ?, ?) returning id`,
      [emp.id, date, seconds, actor.employeeId, now],
    );
    await markWeekDirty(tx, emp.id, date);
    await recordHistory(tx, { action: "deduction.add", employeeId: emp.id, actorId: actor.employeeId, at: now, details: { deductionId: row!.id, day: date, seconds } });
    return { id: row!.id, date, seconds };
  });
}

/**
 * Removes a deduction of an employee (decision 0069): the roles of /api/deduction, on an employee of their scope (or
 * themselves, as they may deduct from their own page). The row stays, with who removed it and when; every read of the
 * balance skips it. Its week is marked dirty in the same transaction; a month closed for payroll refuses it (409).
 * A deduction that is not the employee's, or already removed, is a NotFoundError.
 */
export async function removeDeduction(
  em: EntityManager,
  actor: CurrentUser,
  employeeId: number,
  deductionId: number,
  now: Date,
): Promise<{ id: number; date: CalendarDate; seconds: number; notice: string | null }> {
  if (!canCallApi("DELETE", "/api/deduction/:id", actor.profileType)) throw new ForbiddenError(t("error.forbidden"));
  const emp = await scopedEmployee(em, actor, employeeId);
  const done = await em.transactional(async (tx) => {
    const [row] = await tx.execute<{ id: number; date: string; seconds: number }[]>(
      `select id, date::text as date, seconds from deduction where id = ? and employee_id = ? and removed_at is null for update`,
      [deductionId, emp.id],
    );
    if (!row) throw new NotFoundError(t("overtime_screens.deduction.not_found"));
    // A day of a closed month: accepted, its difference a rappel on the next open month (decision 0118).
    const late = await lateChange(tx, { employeeIds: [emp.id] }, { from: row.date, to: row.date });
    await tx.execute(`update deduction set removed_at = ?, removed_by_id = ? where id = ?`, [now, actor.employeeId, row.id]);
    await markWeekDirty(tx, emp.id, row.date);
    await recordHistory(tx, {
      action: "deduction.remove",
      employeeId: emp.id,
      actorId: actor.employeeId,
      at: now,
      details: { deductionId: row.id, day: row.date, seconds: row.seconds },
    });
    return { id: row.id, date: row.date, seconds: row.seconds, notice: late.notice, recompute: late.recompute };
  });
  if (done.recompute) await recomputeEmployeesNow(em, [emp.id], now);
  const { recompute: _, ...out } = done;
  return out;
}

/**
 * The employee whose deduction this is (for DELETE /api/deduction/{id}, which names the deduction only); null when
 * there is no such deduction, or it is already removed.
 */
export async function deductionOwner(em: EntityManager, deductionId: number): Promise<number | null> {
  const [row] = await em.execute<{ employee_id: number }[]>(`select employee_id from deduction where id = ? and removed_at is null`, [deductionId]);
  return row?.employee_id ?? null;
}

/** The deductions of an employee between two days (/api/getdeduction), newest first. */
export async function deductionsOf(em: EntityManager, actor: CurrentUser, employeeId: number, range: DateRange): Promise<DeductionView[]> {
  const emp = await scopedEmployee(em, actor, employeeId);
  const rows = await em.execute<{ id: number; date: string; seconds: number; firstname: string | null; lastname: string | null }[]>(
    `select d.id, d.date::text as date, d.seconds, b.firstname, b.lastname
       from deduction d left join employee b on b.id = d.created_by_id
      where d.employee_id = ? and d.date between ? and ? and d.removed_at is null order by d.date desc, d.id desc`,
    [emp.id, range.from, range.to],
  );
  return rows.map((d) => ({ id: d.id, date: d.date, seconds: d.seconds, by: d.lastname ? displayName(d.firstname, d.lastname) : null }));
}

// ---------------------------------------------------------------------------------------------------------------
// The overtime list (/api/overtime)

export interface OvertimeRecord {
  employeeId: number;
  date: CalendarDate;
  overtime: number;
}

/**
 * The daily overtime records (spec 2 §6 "Overtime record": employeeId, date, overtime seconds) of the caller, or of
 * one employee of their scope, between two days. One query after the scope check.
 */
export async function overtimeRecords(em: EntityManager, actor: CurrentUser, employeeId: number | null, range: DateRange): Promise<OvertimeRecord[]> {
  const emp = await scopedEmployee(em, actor, employeeId ?? actor.employeeId);
  const rows = await em.execute<{ date: string; s: number }[]>(
    `select o.date::text as date, o.overtime_seconds as s from overtime o where o.employee_id = ? and o.date between ? and ? order by o.date`,
    [emp.id, range.from, range.to],
  );
  return rows.map((r) => ({ employeeId: emp.id, date: r.date, overtime: r.s }));
}
