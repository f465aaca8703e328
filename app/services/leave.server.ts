import type { EntityManager } from "@mikro-orm/postgresql";
import { fromBodyDate } from "~/domain/api-dates";
import { displayName } from "~/domain/employee-name";
import { recoveryBalance, vacationBalance, type VacationCounters } from "~/domain/leave-balance";
import { isLeaveReason, isLeaveTooLong, workingDays, type LeaveReason } from "~/domain/leave-days";
import { leaveProgress, leaveStateLabel } from "~/domain/leave-progress";
import { toHalfDay, validateLeaveRequest, type LeaveRequestViolation } from "~/domain/leave-form";
import { leaveMessage, type LeaveMessageFacts } from "~/domain/leave-messages";
import { canDelete, canEdit, canRemoveAfterValidation, displayedLeaveState } from "~/domain/leave-workflow";
import { isCalendarDate, type CalendarDate } from "~/domain/time-calendar-date";
import { localDate, resolveTimeZone } from "~/domain/zoned-day";
import { t, tOr, type MessageKey } from "~/i18n/fr";
import { enqueue } from "~/server/queue.server";
import type { CurrentUser } from "./current-user.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type Violation } from "./errors";
import { employeeHolidays } from "./holidays.server";
import { discloseLeave } from "~/domain/leave-privacy";
import { DIVISION_HAS_HEAD_SQL, inViewScope, TEAM_HAS_LEADER_SQL, VIEW_SCOPE_SQL, viewScopeParams } from "./leave-scope.server";

/**
 * Leave requests of the employee: ask, edit, delete, read (spec 2 "Leave screens"). Decisions are in
 * leave-decision.server.ts, manager lists in leave-lists.server.ts. Reads are plain SQL (no entities): one query per
 * list whatever its length.
 */

// ---------- rows ----------

/** One leave with its employee, as every leave query selects it (aliases l, e). */
export const LEAVE_COLUMNS = `l.id, l.reason, l.comment, l.start::text as start, l."end"::text as "end",
  l.half_day_morning, l.half_day_afternoon, l.nb_hour_absence::float8 as nb_hour_absence,
  l.number_days_work::float8 as number_days_work, l.urgent, l.state, l.version,
  l.days_from_last_year::float8 as days_from_last_year, l.days_from_this_year::float8 as days_from_this_year,
  l.created_at, l.updated_at,
  e.id as employee_id, e.firstname, e.lastname, e.email as employee_email, e.recovery_earned, e.recovery_taken,
  e.holiday_earned_last_year::float8 as holiday_earned_last_year, e.holiday_taken_last_year::float8 as holiday_taken_last_year,
  e.holiday_earned_this_year::float8 as holiday_earned_this_year, e.holiday_taken_this_year::float8 as holiday_taken_this_year,
  e.hired_at::text as hired_at, e.team_id, e.division_id, e.subsidiary_id, e.leave_workflow,
  case when l.state in ('pending', 'prevalidate', 'validate') then ${TEAM_HAS_LEADER_SQL} end as team_has_leader,
  case when l.state in ('pending', 'prevalidate', 'validate') then ${DIVISION_HAS_HEAD_SQL} end as division_has_head,
  case when l.state in ('prevalidate', 'validate')
    then (select max(s.at) from leave_step s where s.leave_id = l.id and s.step = l.state) end as state_reached_at`;

export const LEAVE_FROM = `leave l join employee e on e.id = l.employee_id`;

export interface LeaveRow {
  id: number;
  reason: string;
  comment: string | null;
  start: string;
  end: string;
  half_day_morning: boolean;
  half_day_afternoon: boolean;
  nb_hour_absence: number | null;
  number_days_work: number;
  urgent: boolean;
  state: string;
  version: number;
  days_from_last_year: number;
  days_from_this_year: number;
  created_at: Date;
  updated_at: Date;
  employee_id: number;
  firstname: string;
  lastname: string;
  employee_email: string;
  recovery_earned: number;
  recovery_taken: number;
  holiday_earned_last_year: number;
  holiday_taken_last_year: number;
  holiday_earned_this_year: number;
  holiday_taken_this_year: number;
  hired_at: string | null;
  team_id: number | null;
  division_id: number | null;
  subsidiary_id: number | null;
  leave_workflow: string;
  team_has_leader: boolean | null;
  division_has_head: boolean | null;
  state_reached_at: Date | null;
}

/** What the screens and the /api show of a leave; dates as 'YYYY-MM-DD', instants as ISO strings. */
export interface LeaveView {
  id: number;
  /** null when the viewer may not know it (DESIGN §5): shown as "Absent". */
  reason: string | null;
  reasonLabel: string;
  comment: string | null;
  start: CalendarDate;
  end: CalendarDate;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
  nbHourAbsence: number | null;
  numberDaysWork: number;
  urgent: boolean;
  state: string;
  /** pending | accepted | refused | the raw state (displayedLeaveState). */
  status: string;
  /** The badge's word: En attente, Acceptée, Refusée, Retirée. */
  statusLabel: string;
  /** Where the request is: "En attente du chef de pôle (validée par le chef d'équipe le 12/11/2026)" (leaveStateLabel). */
  stateLabel: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  employee: {
    id: number;
    fullname: string;
    /** The counters: null when the viewer may not see them (DESIGN §5). */
    recoveryEarned: number | null;
    recoveryTaken: number | null;
    holidayEarnedLastYear: number | null;
    holidayTakenLastYear: number | null;
    holidayEarnedThisYear: number | null;
    holidayTakenThisYear: number | null;
    hiredAt: string | null;
  };
  canEdit: boolean;
  canDelete: boolean;
  canRemove: boolean;
}

export function reasonLabel(reason: string): string {
  return isLeaveReason(reason) ? t(`leave.reason.${reason}` as MessageKey) : reason;
}

export function statusOf(state: string): { status: string; label: string } {
  if (state === "removed") return { status: "removed", label: t("leave.state.removed") };
  const shown = displayedLeaveState(state);
  if (shown.status === "raw") return { status: shown.value, label: shown.value };
  return { status: shown.status, label: t(`leave.state.${shown.status}` as MessageKey) };
}

export function toLeaveView(row: LeaveRow, viewer: Pick<CurrentUser, "employeeId" | "profileType" | "divisionId" | "teamId">): LeaveView {
  const own = row.employee_id === viewer.employeeId;
  const { status, label } = statusOf(row.state);
  // The privacy rule of DESIGN §5, in one place (domain/leave-privacy.ts): every view of a leave goes through here.
  const shown = discloseLeave(
    viewer,
    { employeeId: row.employee_id, divisionId: row.division_id, teamId: row.team_id },
    {
      reason: row.reason,
      comment: row.comment,
      nbHourAbsence: row.nb_hour_absence,
      balances: {
        recoveryEarned: row.recovery_earned,
        recoveryTaken: row.recovery_taken,
        holidayEarnedLastYear: row.holiday_earned_last_year,
        holidayTakenLastYear: row.holiday_taken_last_year,
        holidayEarnedThisYear: row.holiday_earned_this_year,
        holidayTakenThisYear: row.holiday_taken_this_year,
      },
    },
  );
  return {
    id: row.id,
    reason: shown.reason,
    reasonLabel: shown.reason === null ? t("leave.reason.absent") : reasonLabel(shown.reason),
    comment: shown.comment,
    start: row.start,
    end: row.end,
    halfDayMorning: row.half_day_morning,
    halfDayAfternoon: row.half_day_afternoon,
    nbHourAbsence: shown.nbHourAbsence,
    numberDaysWork: row.number_days_work,
    urgent: row.urgent,
    state: row.state,
    status,
    statusLabel: label,
    stateLabel: leaveStateLabel(
      leaveProgress({
        state: row.state,
        workflow: row.leave_workflow,
        teamHasLeader: row.team_has_leader,
        divisionHasHead: row.division_has_head,
        reachedOn: row.state_reached_at ? localDate(new Date(row.state_reached_at), resolveTimeZone("Europe/Paris")) : null,
      }),
    ),
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    employee: {
      id: row.employee_id,
      fullname: displayName(row.firstname, row.lastname),
      recoveryEarned: shown.balances?.recoveryEarned ?? null,
      recoveryTaken: shown.balances?.recoveryTaken ?? null,
      holidayEarnedLastYear: shown.balances?.holidayEarnedLastYear ?? null,
      holidayTakenLastYear: shown.balances?.holidayTakenLastYear ?? null,
      holidayEarnedThisYear: shown.balances?.holidayEarnedThisYear ?? null,
      holidayTakenThisYear: shown.balances?.holidayTakenThisYear ?? null,
      hiredAt: row.hired_at,
    },
    canEdit: own && canEdit(row.state),
    canDelete: own && canDelete(row.state),
    canRemove: canRemoveAfterValidation(row.state, viewer.profileType),
  };
}

export async function loadLeaveRow(em: EntityManager, id: number): Promise<LeaveRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const rows = await em.execute<LeaveRow[]>(`select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where l.id = ?`, [id]);
  return rows[0] ?? null;
}

/** The leave if the viewer may see it (own, or in their manager scope); otherwise 404, never revealing it exists. */
export async function leaveInScope(em: EntityManager, user: CurrentUser, id: number): Promise<LeaveRow> {
  const row = await loadLeaveRow(em, id);
  if (!row || !inViewScope(user, { id: row.employee_id, divisionId: row.division_id, teamId: row.team_id })) {
    throw new NotFoundError(t("leave.error.not_found"));
  }
  return row;
}

export interface LeaveStepView {
  step: string;
  label: string;
  actor: string | null;
  at: string;
}

/** The detail page: the leave and every step of its history (who, when). */
export async function getLeave(em: EntityManager, user: CurrentUser, id: number): Promise<LeaveView & { steps: LeaveStepView[] }> {
  const row = await leaveInScope(em, user, id);
  const steps = await em.execute<{ step: string; at: Date; firstname: string | null; lastname: string | null }[]>(
    `select s.step, s.at, a.firstname, a.lastname from leave_step s left join employee a on a.id = s.actor_id
      where s.leave_id = ? order by s.at, s.id`,
    [id],
  );
  return {
    ...toLeaveView(row, user),
    steps: steps.map((s) => ({
      step: s.step,
      label: tOr(`leave.step.${s.step}`, s.step),
      actor: s.firstname !== null ? displayName(s.firstname, s.lastname) : null,
      at: new Date(s.at).toISOString(),
    })),
  };
}

export type LeaveTab = "pending" | "accepted" | "rejected";

/** SQL of a tab: pending = every step in flight; rejected = refused, and accepted leaves removed afterwards. */
export function tabCondition(tab: LeaveTab): string {
  if (tab === "pending") return `l.state in ('pending', 'prevalidate', 'validate')`;
  if (tab === "accepted") return `l.state = 'accepted'`;
  return `l.state in ('refused', 'rejected', 'removed')`;
}

/** My leaves (one tab, or all of them for the /api), newest first. */
export async function myLeaves(em: EntityManager, user: CurrentUser, tab?: LeaveTab): Promise<LeaveView[]> {
  const rows = await em.execute<LeaveRow[]>(
    `select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where l.employee_id = ? ${tab ? `and ${tabCondition(tab)}` : ""}
      order by l.start desc, l.id desc`,
    [user.employeeId],
  );
  return rows.map((r) => toLeaveView(r, user));
}

// ---------- balances ----------

export interface LeaveBalances {
  vacation: VacationCounters & { balance: number; lastYearLeft: number; thisYearLeft: number };
  recovery: { earned: number; taken: number; balance: number };
}

export function balancesOf(row: {
  holiday_earned_last_year: number;
  holiday_taken_last_year: number;
  holiday_earned_this_year: number;
  holiday_taken_this_year: number;
  recovery_earned: number;
  recovery_taken: number;
}): LeaveBalances {
  const vacation: VacationCounters = {
    earnedLastYear: Number(row.holiday_earned_last_year),
    takenLastYear: Number(row.holiday_taken_last_year),
    earnedThisYear: Number(row.holiday_earned_this_year),
    takenThisYear: Number(row.holiday_taken_this_year),
  };
  return {
    vacation: {
      ...vacation,
      balance: vacationBalance(vacation),
      lastYearLeft: Math.round((vacation.earnedLastYear - vacation.takenLastYear) * 100) / 100,
      thisYearLeft: Math.round((vacation.earnedThisYear - vacation.takenThisYear) * 100) / 100,
    },
    recovery: {
      earned: row.recovery_earned,
      taken: row.recovery_taken,
      balance: recoveryBalance(row.recovery_earned, row.recovery_taken),
    },
  };
}

interface EmployeeContextRow {
  id: number;
  country_id: number | null;
  zone: string | null;
  country_zone: string | null;
  holiday_earned_last_year: number;
  holiday_taken_last_year: number;
  holiday_earned_this_year: number;
  holiday_taken_this_year: number;
  recovery_earned: number;
  recovery_taken: number;
}

async function employeeContext(em: EntityManager, employeeId: number, forUpdate = false): Promise<EmployeeContextRow> {
  const rows = await em.execute<EmployeeContextRow[]>(
    `select e.id, e.country_id, s.timezone as zone, c.timezone as country_zone,
            e.holiday_earned_last_year::float8 as holiday_earned_last_year, e.holiday_taken_last_year::float8 as holiday_taken_last_year,
            e.holiday_earned_this_year::float8 as holiday_earned_this_year, e.holiday_taken_this_year::float8 as holiday_taken_this_year,
            e.recovery_earned, e.recovery_taken
       from employee e left join subsidiary s on s.id = e.subsidiary_id left join country c on c.id = e.country_id
      where e.id = ? ${forUpdate ? "for update of e" : ""}`,
    [employeeId],
  );
  if (!rows[0]) throw new NotFoundError();
  return rows[0];
}

/** The balance cards of the ask page. */
export async function leaveBalances(em: EntityManager, user: CurrentUser): Promise<LeaveBalances> {
  return balancesOf(await employeeContext(em, user.employeeId));
}

/** Today in the employee's zone (subsidiary, else country, else Europe/Paris). */
function todayFor(ctx: EmployeeContextRow, now: Date): CalendarDate {
  return localDate(now, resolveTimeZone(ctx.zone, ctx.country_zone));
}

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
