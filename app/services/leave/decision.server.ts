import type { EntityManager } from "@mikro-orm/postgresql";
import {
  restoreRecoveryHours,
  restoreVacationDays,
  takeRecoveryHours,
  takeVacationDays,
  countsAgainstVacation,
  type VacationCounters,
} from "~/domain/leave/balance";
import { displayName } from "~/domain/employees/name";
import { isLeaveReason } from "~/domain/leave/days";
import { REFUSAL_REASON_MAX } from "~/forms/leave.server";
import { canRemoveAfterValidation, decide, decidingAs, isLeaveState, type LeaveDecision } from "~/domain/leave/workflow";
import { vacationYearOf } from "~/domain/leave/vacation-year";
import { localDate, resolveTimeZone } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { enqueue } from "~/server/operations/queue.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { AppError, ConflictError, ForbiddenError, ValidationError } from "~/services/shared/errors";
import { actingFor, deputyToday } from "~/services/identity/deputies.server";
import { deciderOf, DIVISION_HAS_HEAD_SQL, TEAM_HAS_LEADER_SQL, underDecision } from "./scope.server";
import { LEAVE_COLUMNS, LEAVE_FROM, leaveInScope, type LeaveRow } from "./leave.server";
import { markWeeksDirty } from "~/services/overtime/dirty.server";
import { lateChange } from "~/services/payroll/late-change.server";
import { recomputeEmployeesNow } from "~/services/overtime/run.server";
import { recordHistory } from "~/services/history/history.server";
import { leaveDetails } from "~/services/history/entries.server";

/**
 * Decisions on a leave: validate (one step along the workflow; management accepts at once), refuse, and remove
 * after validation. Two managers deciding at once: the leave's `version` column is checked by a conditional
 * UPDATE (`... where id = ? and version = ?`), so exactly one wins and the other gets a 409 (DESIGN §5).
 * Acceptance and removal change the employee's counters in the same transaction.
 */

interface DecisionRow extends LeaveRow {
  team_has_leader: boolean;
  division_has_head: boolean;
}

async function loadForDecision(em: EntityManager, id: number): Promise<DecisionRow | undefined> {
  const rows = await em.execute<DecisionRow[]>(
    `select ${LEAVE_COLUMNS}, ${TEAM_HAS_LEADER_SQL} as team_has_leader, ${DIVISION_HAS_HEAD_SQL} as division_has_head
       from ${LEAVE_FROM} where l.id = ?`,
    [id],
  );
  return rows[0];
}

/** Moves the leave from the version the caller saw to its new state, or 409 when someone was faster. */
async function moveState(
  em: EntityManager,
  id: number,
  version: number,
  state: string,
  now: Date,
  taken?: { daysFromLastYear: number; daysFromThisYear: number },
) {
  const rows = await em.execute<{ id: number }[]>(
    `update leave set state = ?, version = version + 1, updated_at = ?
            ${taken ? ", days_from_last_year = ?, days_from_this_year = ?" : ""}
      where id = ? and version = ? returning id`,
    [state, now, ...(taken ? [taken.daysFromLastYear, taken.daysFromThisYear] : []), id, version],
  );
  if (rows.length === 0) throw new ConflictError(t("leave.error.already_decided"));
}

interface CountersRow {
  holiday_earned_last_year: number;
  holiday_taken_last_year: number;
  holiday_earned_this_year: number;
  holiday_taken_this_year: number;
  recovery_earned: number;
  recovery_taken: number;
}

/** The employee's counters, row locked until the end of the transaction (accrual and other decisions wait). */
async function lockCounters(em: EntityManager, employeeId: number): Promise<{ vacation: VacationCounters; recovery: { earned: number; taken: number } }> {
  const [row] = await em.execute<CountersRow[]>(
    `select holiday_earned_last_year::float8 as holiday_earned_last_year, holiday_taken_last_year::float8 as holiday_taken_last_year,
            holiday_earned_this_year::float8 as holiday_earned_this_year, holiday_taken_this_year::float8 as holiday_taken_this_year,
            recovery_earned, recovery_taken
       from employee where id = ? for update`,
    [employeeId],
  );
  return {
    vacation: {
      earnedLastYear: row!.holiday_earned_last_year,
      takenLastYear: row!.holiday_taken_last_year,
      earnedThisYear: row!.holiday_earned_this_year,
      takenThisYear: row!.holiday_taken_this_year,
    },
    recovery: { earned: row!.recovery_earned, taken: row!.recovery_taken },
  };
}

async function writeVacation(em: EntityManager, employeeId: number, c: VacationCounters) {
  await em.execute(
    `update employee set holiday_earned_last_year = ?, holiday_taken_last_year = ?, holiday_earned_this_year = ?,
            holiday_taken_this_year = ?, updated_at = now() where id = ?`,
    [c.earnedLastYear, c.takenLastYear, c.earnedThisYear, c.takenThisYear, employeeId],
  );
}

/**
 * leave.days_from_* keep two decimals like the counters (monthly accruals of 2.08): the part taken from last year is
 * rounded down to a hundredth and the rest charged to this year, so what is recorded on the leave is exactly what
 * was charged and a removal gives back exactly that.
 */
function hundredthsSplit(days: number, fromLastYear: number) {
  const daysFromLastYear = Math.floor(fromLastYear * 100 + 1e-9) / 100;
  return { daysFromLastYear, daysFromThisYear: Math.round((days - daysFromLastYear) * 100) / 100 };
}

/** Charges an accepted leave to the counters (paid leave: last year first; recovery leave: its hours). */
async function chargeCounters(em: EntityManager, row: LeaveRow) {
  if (!isLeaveReason(row.reason)) return undefined;
  if (countsAgainstVacation(row.reason)) {
    const { vacation } = await lockCounters(em, row.employee_id);
    const result = takeVacationDays(vacation, row.number_days_work);
    if (!result.ok) throw new AppError(422, t("leave.error.employee_insufficient_balance"));
    const split = hundredthsSplit(row.number_days_work, result.daysFromLastYear);
    await writeVacation(em, row.employee_id, {
      ...vacation,
      takenLastYear: Math.round((vacation.takenLastYear + split.daysFromLastYear) * 100) / 100,
      takenThisYear: Math.round((vacation.takenThisYear + split.daysFromThisYear) * 100) / 100,
    });
    return split;
  }
  if (row.reason === "RECOVERY_LEAVE" && row.nb_hour_absence) {
    const { recovery } = await lockCounters(em, row.employee_id);
    const result = takeRecoveryHours(recovery, row.nb_hour_absence);
    if (!result.ok) throw new AppError(422, t("leave.error.employee_insufficient_recovery"));
    await em.execute(`update employee set recovery_taken = ?, updated_at = now() where id = ?`, [result.counters.taken, row.employee_id]);
  }
  return undefined;
}

export interface DecisionResult {
  id: number;
  state: string;
  /** Whose leave and when: the success message names them (issue 28 item 3). */
  fullname: string;
  start: string;
  end: string;
  /** The half-day marks: the notice says "le 15/12/2026 (matin)" (issue 41). */
  halfDayMorning?: boolean;
  halfDayAfternoon?: boolean;
  /** The manager a deputy decided for (decision 0105); absent otherwise. */
  forWhom?: string | null;
  /** The change touched a month closed for payroll: the French notice naming it and the payslip month (decision 0118). */
  notice?: string | null;
}

/** A refusal reason as stored: trimmed, empty as null; longer than REFUSAL_REASON_MAX: a field error (422). */
export function refusalReasonOf(text: string | null | undefined): string | null {
  const reason = (text ?? "").trim();
  if (reason.length > REFUSAL_REASON_MAX) {
    throw new ValidationError([{ propertyPath: "reason", message: t("leave.error.refusal_reason_too_long", { max: REFUSAL_REASON_MAX }) }]);
  }
  return reason === "" ? null : reason;
}

/**
 * Validates or refuses a leave in flight. Out of the actor's scope: 404. In scope but not the actor's step
 * (or their own leave): 403. Already decided, or decided by someone else since `expectedVersion`: 409.
 */
export async function decideLeave(
  em: EntityManager,
  user: CurrentUser,
  id: number,
  decision: LeaveDecision,
  options: { expectedVersion?: number; now?: Date; refusalReason?: string | null } = {},
): Promise<DecisionResult> {
  const now = options.now ?? new Date();
  const refusalReason = decision === "refuse" ? refusalReasonOf(options.refusalReason) : null;
  // A deputy decides with the step of the manager they stand in for today, recorded "par X pour Y" (decision 0105).
  const { actor, onBehalfOf } = await actingFor(em, user, id, deputyToday(now));
  await leaveInScope(em, actor, id);
  const result = await em.transactional(async (tx) => {
    const row = await loadForDecision(tx, id);
    if (!row) throw new ConflictError(t("leave.error.already_decided"));
    const version = options.expectedVersion ?? row.version;
    if (!isLeaveState(row.state) || version !== row.version) throw new ConflictError(t("leave.error.already_decided"));
    const leave = underDecision(row);
    const as = decidingAs({ actor: deciderOf(actor), leave });
    if (as === null) {
      if (!["pending", "prevalidate", "validate"].includes(row.state)) throw new ConflictError(t("leave.error.already_decided"));
      throw new ForbiddenError(t("leave.error.not_your_step"));
    }
    const next = decide(leave.workflow, leave.state, decision, as);
    if (!next.ok) throw new ConflictError(t("leave.error.already_decided"));
    // An acceptance changes the leave's days: in a month closed for payroll it is a rappel, said (decision 0118).
    // A refusal changes no figure (a leave in flight is not counted): no notice.
    const late = next.state === "accepted" ? await lateChange(tx, { employeeIds: [row.employee_id] }, { from: row.start, to: row.end }) : null;
    // The state moves first: a concurrent decision fails here before any counter is touched.
    await moveState(tx, id, version, next.state, now);
    if (next.state === "accepted") {
      const taken = await chargeCounters(tx, row);
      if (taken) await tx.execute(`update leave set days_from_last_year = ?, days_from_this_year = ? where id = ?`, [taken.daysFromLastYear, taken.daysFromThisYear, id]);
      await markWeeksDirty(tx, row.employee_id, row.start, row.end);
    }
    if (next.state === "refused" && refusalReason) await tx.execute(`update leave set refusal_reason = ? where id = ?`, [refusalReason, id]);
    await tx.execute(`insert into leave_step (leave_id, step, actor_id, on_behalf_of_id, at) values (?, ?, ?, ?, ?)`, [
      id,
      next.state,
      user.employeeId,
      onBehalfOf,
      now,
    ]);
    const refused = next.state === "refused";
    await recordHistory(tx, {
      action: refused ? "leave.refuse" : "leave.approve",
      employeeId: row.employee_id,
      actorId: user.employeeId,
      at: now,
      details: leaveDetails(row, { step: next.state, ...(onBehalfOf ? { onBehalfOfId: onBehalfOf } : {}), ...(refused ? { reason: refusalReason } : {}) }),
    });
    // The mail's job is written with the decision (the outbox, decision 0092): both or neither.
    if (next.state === "accepted" || next.state === "refused") await enqueue("mail.leave-decision", { leaveId: id }, { em: tx });
    else await enqueue("mail.leave-step", { leaveId: id }, { em: tx });
    return {
      id,
      state: next.state,
      fullname: displayName(row.firstname, row.lastname),
      start: row.start,
      end: row.end,
      halfDayMorning: row.half_day_morning,
      halfDayAfternoon: row.half_day_afternoon,
      forWhom: onBehalfOf ? actor.fullName : null,
      notice: late?.notice ?? null,
      recompute: late?.recompute ?? false,
      employeeId: row.employee_id,
    };
  });
  // The weeks of a closed month's days are computed at once: the rappel is right before a file is downloaded.
  if (result.recompute) await recomputeEmployeesNow(em, [result.employeeId], now);
  const { employeeId: _, recompute: __, ...out } = result;
  return out;
}

/**
 * Removes an accepted leave (head or financial management only) and gives its days or hours back, to the years
 * they were taken from (restoreVacationDays, counting the 1 June roll-overs since the acceptance).
 */
export async function removeLeave(
  em: EntityManager,
  user: CurrentUser,
  id: number,
  options: { expectedVersion?: number; now?: Date } = {},
): Promise<DecisionResult> {
  const now = options.now ?? new Date();
  const row = await leaveInScope(em, user, id);
  if (!canRemoveAfterValidation("accepted", user.profileType)) throw new ForbiddenError(t("leave.error.not_removable"));
  if (row.state !== "accepted" || (options.expectedVersion !== undefined && options.expectedVersion !== row.version)) {
    throw new ConflictError(t("leave.error.not_removable"));
  }
  const late = await em.transactional(async (tx) => {
    const late = await lateChange(tx, { employeeIds: [row.employee_id] }, { from: row.start, to: row.end });
    await moveState(tx, id, row.version, "removed", now);
    if (isLeaveReason(row.reason) && countsAgainstVacation(row.reason)) {
      const { vacation } = await lockCounters(tx, row.employee_id);
      const [accepted] = await tx.execute<{ at: Date; zone: string | null }[]>(
        `select max(s.at) as at, max(sub.timezone) as zone from leave_step s join leave l on l.id = s.leave_id
           join employee e on e.id = l.employee_id left join subsidiary sub on sub.id = e.subsidiary_id
          where s.leave_id = ? and s.step = 'accepted'`,
        [id],
      );
      const zone = resolveTimeZone(accepted?.zone);
      const acceptedOn = localDate(accepted?.at ? new Date(accepted.at) : new Date(row.updated_at), zone);
      const rollovers =
        Number(vacationYearOf(localDate(now, zone)).start.slice(0, 4)) - Number(vacationYearOf(acceptedOn).start.slice(0, 4));
      const restored = restoreVacationDays(
        vacation,
        { daysFromLastYear: row.days_from_last_year, daysFromThisYear: row.days_from_this_year },
        Math.max(0, rollovers),
      );
      await writeVacation(tx, row.employee_id, restored);
    } else if (row.reason === "RECOVERY_LEAVE" && row.nb_hour_absence) {
      const { recovery } = await lockCounters(tx, row.employee_id);
      const restored = restoreRecoveryHours(recovery, row.nb_hour_absence);
      await tx.execute(`update employee set recovery_taken = ?, updated_at = now() where id = ?`, [restored.taken, row.employee_id]);
    }
    await tx.execute(`insert into leave_step (leave_id, step, actor_id, at) values (?, 'removed', ?, ?)`, [id, user.employeeId, now]);
    await recordHistory(tx, { action: "leave.remove", employeeId: row.employee_id, actorId: user.employeeId, at: now, details: leaveDetails(row) });
    await markWeeksDirty(tx, row.employee_id, row.start, row.end);
    // The employee learns it by mail too (issue 28 item 10), the job written with the removal (the outbox, 0092).
    await enqueue("mail.leave-decision", { leaveId: id }, { em: tx });
    return late;
  });
  if (late.recompute) await recomputeEmployeesNow(em, [row.employee_id], now);
  return { id, state: "removed", fullname: displayName(row.firstname, row.lastname), start: row.start, end: row.end, halfDayMorning: row.half_day_morning, halfDayAfternoon: row.half_day_afternoon, notice: late.notice };
}
