import type { EntityManager } from "@mikro-orm/postgresql";
import { fromBodyDate } from "~/domain/shared/api-dates";
import { isLeaveTooLong, workingDays, type LeaveReason } from "~/domain/leave/days";
import { toHalfDay, validateLeaveRequest, type LeaveRequestViolation } from "~/domain/leave/form";
import { leaveMessage, type LeaveMessageFacts } from "~/domain/leave/messages";
import { canEdit } from "~/domain/leave/workflow";
import { isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { t, type MessageKey } from "~/i18n/fr";
import { enqueue } from "~/server/operations/queue.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type Violation } from "~/services/shared/errors";
import { employeeHolidays } from "~/services/organisation/holidays.server";
import { sheetChanges } from "~/domain/history/history";
import { recordHistory } from "~/services/history/history.server";
import { leaveDetails } from "~/services/history/entries.server";
import { balancesOf, employeeContext, leaveInScope, todayFor, type LeaveBalances, type LeaveRow } from "./leave.server";

/** Asking for, editing and deleting one's own leave (spec 2 "Leave screens"); split from leave.server.ts. */

// ---------- ask, edit, delete ----------

/** A request as the form or the /api gives it, dates already 'YYYY-MM-DD' when readable. */
export interface LeaveInput {
  reason: string | null | undefined;
  start: string | null | undefined;
  end: string | null | undefined;
  halfDay?: boolean;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
  nbHourAbsence?: number | null;
  comment?: string | null;
  urgent?: boolean;
}

/** The /api body (dates as unix seconds or YYYY-MM-DD) as a LeaveInput; an unreadable date stays as "invalid". */
export function leaveInputFromApi(body: {
  reason?: string | null;
  start?: unknown;
  end?: unknown;
  halfDayMorning?: boolean | null;
  halfDayAfternoon?: boolean | null;
  nbHourAbsence?: number | null;
  comment?: string | null;
  urgent?: boolean | null;
}): LeaveInput {
  const date = (value: unknown) => (value === undefined || value === null || value === "" ? null : (fromBodyDate(value) ?? "invalid"));
  return {
    reason: body.reason ?? null,
    start: date(body.start),
    end: date(body.end),
    halfDayMorning: body.halfDayMorning === true,
    halfDayAfternoon: body.halfDayAfternoon === true,
    nbHourAbsence: body.nbHourAbsence ?? null,
    comment: body.comment?.trim() ? body.comment.trim() : null,
    urgent: body.urgent === true,
  };
}

/**
 * A PATCH body over the leave as it stands: each field the body leaves out (undefined) takes the current value, a
 * field sent (null included) replaces it (docs/decisions/0134: every PUT and PATCH of /api is partial).
 */
export function keepAbsent<B extends Record<string, unknown>>(body: B, current: Record<string, unknown>): B {
  const out: Record<string, unknown> = { ...body };
  for (const key of ["reason", "start", "end", "halfDayMorning", "halfDayAfternoon", "nbHourAbsence", "comment", "urgent"]) {
    if (out[key] === undefined) out[key] = current[key];
  }
  return out as B;
}

/** French message of a violation; the balance ones speak to the employee (spec 2 §5). */
export function violationMessage(v: LeaveRequestViolation): string {
  return t(`leave.error.${v.code}` as MessageKey);
}

/** The violations with messages that say what to fix, from the request's facts (issue 28 item 4). */
function toViolations(list: LeaveRequestViolation[], facts?: LeaveMessageFacts): Violation[] {
  return list.map((v) => {
    if (!facts) return { propertyPath: v.field, message: violationMessage(v) };
    const m = leaveMessage(v, facts);
    return { propertyPath: v.field, message: t(m.key as MessageKey, m.params) };
  });
}

function messageFacts(input: LeaveInput, holidays: ReadonlySet<CalendarDate>, balances: LeaveBalances): LeaveMessageFacts {
  const start = input.start && isCalendarDate(input.start) ? input.start : null;
  const end = input.end && isCalendarDate(input.end) ? input.end : null;
  const halfDay = start && start === end ? toHalfDay({ halfDayMorning: input.halfDayMorning, halfDayAfternoon: input.halfDayAfternoon }) : null;
  return {
    start,
    end,
    holidays,
    daysAsked: start && end && start <= end && !isLeaveTooLong(start, end) ? workingDays({ start, end, halfDay, holidays }) : 0,
    daysAvailable: balances.vacation.balance,
    recoveryAsked: Math.round((input.nbHourAbsence ?? 0) * 3600),
    recoveryAvailable: balances.recovery.balance,
  };
}

interface CheckedRequest {
  reason: LeaveReason;
  start: CalendarDate;
  end: CalendarDate;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
  nbHourAbsence: number | null;
  numberDaysWork: number;
  comment: string | null;
  urgent: boolean;
}

/**
 * Runs the domain checks for the employee (locked: two requests of one employee at once cannot both pass the
 * overlap check) and returns the request ready to store, or throws a ValidationError (422) with every violation.
 */
async function checkRequest(
  em: EntityManager,
  employeeId: number,
  input: LeaveInput,
  now: Date,
  editing?: { id: number; start: CalendarDate },
): Promise<CheckedRequest> {
  const ctx = await employeeContext(em, employeeId, true);
  const validDates = !!input.start && !!input.end && isCalendarDate(input.start) && isCalendarDate(input.end);
  // A period longer than a leave may be is refused by validateLeaveRequest before anything is counted: its
  // holidays are not even read.
  const holidays =
    validDates && input.start! <= input.end! && !isLeaveTooLong(input.start!, input.end!)
      ? await employeeHolidays(em, employeeId, input.start!, input.end!)
      : new Set<string>();
  const existing = await em.execute<{ id: number; state: string; start: string; end: string; half_day_morning: boolean; half_day_afternoon: boolean }[]>(
    `select id, state, start::text as start, "end"::text as "end", half_day_morning, half_day_afternoon
       from leave where employee_id = ? and state in ('pending', 'prevalidate', 'validate', 'accepted')`,
    [employeeId],
  );
  const balances = balancesOf(ctx);
  const violations = validateLeaveRequest(input, {
    today: todayFor(ctx, now),
    holidays,
    existingLeaves: existing.map((l) => ({
      id: l.id,
      state: l.state,
      start: l.start,
      end: l.end,
      halfDay: l.start === l.end ? toHalfDay({ halfDayMorning: l.half_day_morning, halfDayAfternoon: l.half_day_afternoon }) : null,
    })),
    balances: { vacation: balances.vacation, recovery: { earned: balances.recovery.earned, taken: balances.recovery.taken } },
    editing,
  });
  if (violations.length > 0) throw new ValidationError(toViolations(violations, messageFacts(input, holidays, balances)));
  const start = input.start!;
  const end = input.end!;
  const sameDay = start === end;
  const halfDayMorning = sameDay && input.halfDayMorning && !input.halfDayAfternoon;
  const halfDayAfternoon = sameDay && input.halfDayAfternoon && !input.halfDayMorning;
  const reason = input.reason as LeaveReason;
  return {
    reason,
    start,
    end,
    halfDayMorning,
    halfDayAfternoon,
    nbHourAbsence: reason === "RECOVERY_LEAVE" ? (input.nbHourAbsence ?? null) : null,
    numberDaysWork: workingDays({ start, end, halfDay: toHalfDay({ halfDayMorning, halfDayAfternoon }), holidays }),
    comment: input.comment?.trim() ? input.comment.trim().slice(0, 2000) : null,
    urgent: input.urgent === true,
  };
}

async function addStep(em: EntityManager, leaveId: number, step: string, actorId: number | null, at: Date) {
  await em.execute(`insert into leave_step (leave_id, step, actor_id, at) values (?, ?, ?, ?)`, [leaveId, step, actorId, at]);
}

/** Asks for a leave: stores it pending with its "created" step, then mails whoever takes the first step. */
export async function requestLeave(em: EntityManager, user: CurrentUser, input: LeaveInput, now = new Date()): Promise<{ id: number }> {
  const id = await em.transactional(async (tx) => {
    const r = await checkRequest(tx, user.employeeId, input, now);
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into leave (employee_id, reason, comment, start, "end", half_day_morning, half_day_afternoon, nb_hour_absence,
          number_days_work, urgent, state, version, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 1, ?, ?) returning id`,
      [user.employeeId, r.reason, r.comment, r.start, r.end, r.halfDayMorning, r.halfDayAfternoon, r.nbHourAbsence, r.numberDaysWork, r.urgent, now, now],
    );
    await addStep(tx, row!.id, "created", user.employeeId, now);
    await recordHistory(tx, {
      action: "leave.ask",
      employeeId: user.employeeId,
      actorId: user.employeeId,
      at: now,
      details: leaveDetails({ id: row!.id, reason: r.reason, start: r.start, end: r.end }),
    });
    // The mail's job is written with the leave (the outbox, decision 0092): both or neither.
    await enqueue("mail.leave-step", { leaveId: row!.id }, { em: tx });
    return row!.id;
  });
  return { id };
}

/** The owner's pending leave, or the right error: 404 out of scope, 403 someone else's, 409 no longer pending. */
async function ownPendingLeave(em: EntityManager, user: CurrentUser, id: number): Promise<LeaveRow> {
  const row = await leaveInScope(em, user, id);
  if (row.employee_id !== user.employeeId) throw new ForbiddenError();
  if (!canEdit(row.state)) throw new ConflictError(t("leave.error.not_editable"));
  return row;
}

/** Edits a pending request of one's own (same checks as asking; the stored start may stay even if past). */
export async function editLeave(
  em: EntityManager,
  user: CurrentUser,
  id: number,
  input: LeaveInput,
  now = new Date(),
): Promise<{ id: number }> {
  await em.transactional(async (tx) => {
    const row = await ownPendingLeave(tx, user, id);
    const r = await checkRequest(tx, user.employeeId, input, now, { id, start: row.start });
    const updated = await tx.execute<{ id: number }[]>(
      `update leave set reason = ?, comment = ?, start = ?, "end" = ?, half_day_morning = ?, half_day_afternoon = ?,
              nb_hour_absence = ?, number_days_work = ?, urgent = ?, version = version + 1, updated_at = ?
        where id = ? and version = ? and state = 'pending' returning id`,
      [r.reason, r.comment, r.start, r.end, r.halfDayMorning, r.halfDayAfternoon, r.nbHourAbsence, r.numberDaysWork, r.urgent, now, id, row.version],
    );
    if (updated.length === 0) throw new ConflictError(t("leave.error.already_decided"));
    await addStep(tx, id, "edited", user.employeeId, now);
    await recordHistory(tx, {
      action: "leave.edit",
      employeeId: user.employeeId,
      actorId: user.employeeId,
      at: now,
      details: leaveDetails({ id, reason: r.reason, start: r.start, end: r.end }, {
        changes: sheetChanges(
          { reason: row.reason, start: row.start, end: row.end, days: row.number_days_work, hours: row.nb_hour_absence },
          { reason: r.reason, start: r.start, end: r.end, days: r.numberDaysWork, hours: r.nbHourAbsence },
          ["reason", "start", "end", "days", "hours"],
        ),
      }),
    });
  });
  return { id };
}

/** Deletes a pending request of one's own; its steps go with it. */
export async function deleteLeave(em: EntityManager, user: CurrentUser, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await ownPendingLeave(tx, user, id);
    const deleted = await tx.execute<{ id: number }[]>(
      `delete from leave where id = ? and version = ? and state = 'pending' returning id`,
      [id, row.version],
    );
    if (deleted.length === 0) throw new ConflictError(t("leave.error.already_decided"));
    // The owner withdrew a request still pending (the leave row goes; the entry stays).
    await recordHistory(tx, { action: "leave.cancel", employeeId: row.employee_id, actorId: user.employeeId, details: leaveDetails(row) });
  });
}

/** For page loaders: a 404 of the leave services becomes the app's 404 page (a thrown Response, as Remix expects). */
export async function orLeavePageNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(String(Math.floor(Math.random() * 3)), { status: 404 });
    throw error;
  }
}

/** Reads a positive id from a route param or form field; NaN-safe (anything else is 0, which finds nothing). */
export function leaveId(value: unknown): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
}

