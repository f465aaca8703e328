import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { recoveryBalance, vacationBalance, type VacationCounters } from "~/domain/leave/balance";
import { isLeaveReason } from "~/domain/leave/days";
import { leaveProgress, leaveStateLabel } from "~/domain/leave/progress";
import { canDelete, canEdit, canRemoveAfterValidation, displayedLeaveState } from "~/domain/leave/workflow";
import { type CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate, resolveTimeZone } from "~/domain/shared/zoned-day";
import { t, tOr, type MessageKey } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { inDeputyScope } from "~/services/identity/deputies.server";
import { NotFoundError } from "~/services/shared/errors";
import { discloseLeave } from "~/domain/leave/privacy";
import { DIVISION_HAS_HEAD_SQL, inViewScope, TEAM_HAS_LEADER_SQL } from "./scope.server";

/**
 * Leave requests of the employee: the rows, reads and balances (spec 2 "Leave screens"); asking, editing and deleting
 * are in services/leave/requests.server.ts, decisions in
 * services/leave/decision.server.ts, manager lists in services/leave/lists.server.ts. Reads are plain SQL (no entities): one query per
 * list whatever its length.
 */

// ---------- rows ----------

/** One leave with its employee, as every leave query selects it (aliases l, e). */
export const LEAVE_COLUMNS = `l.id, l.reason, l.comment, l.start::text as start, l."end"::text as "end",
  l.half_day_morning, l.half_day_afternoon, l.nb_hour_absence::float8 as nb_hour_absence,
  l.number_days_work::float8 as number_days_work, l.urgent, l.state, l.version, l.waiting_for,
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
  /** The stored waiting step (decision 0064): 'M', 'D:<division>', 'T:<team>' or null. */
  waiting_for: string | null;
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
  // The privacy rule of DESIGN §5, in one place (domain/leave/privacy.ts): every view of a leave goes through here.
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
  const employee = row && { id: row.employee_id, divisionId: row.division_id, teamId: row.team_id };
  // A deputy sees the leaves the managers they stand in for today see (decision 0105).
  if (!row || !employee || !(inViewScope(user, employee) || (await inDeputyScope(em, user, employee)))) {
    throw new NotFoundError(t("leave.error.not_found"));
  }
  return row;
}

export interface LeaveStepView {
  step: string;
  label: string;
  actor: string | null;
  /** The manager a deputy decided for ("par X pour Y", decision 0105), else null. */
  onBehalfOf: string | null;
  at: string;
}

/** The detail page: the leave and every step of its history (who, when). */
export async function getLeave(em: EntityManager, user: CurrentUser, id: number): Promise<LeaveView & { steps: LeaveStepView[] }> {
  const row = await leaveInScope(em, user, id);
  const steps = await em.execute<
    { step: string; at: Date; firstname: string | null; lastname: string | null; bf: string | null; bl: string | null }[]
  >(
    `select s.step, s.at, a.firstname, a.lastname, b.firstname as bf, b.lastname as bl
       from leave_step s left join employee a on a.id = s.actor_id left join employee b on b.id = s.on_behalf_of_id
      where s.leave_id = ? order by s.at, s.id`,
    [id],
  );
  return {
    ...toLeaveView(row, user),
    steps: steps.map((s) => ({
      step: s.step,
      label: tOr(`leave.step.${s.step}`, s.step),
      actor: s.firstname !== null ? displayName(s.firstname, s.lastname) : null,
      onBehalfOf: s.bf !== null ? displayName(s.bf, s.bl) : null,
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

export interface EmployeeContextRow {
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

export async function employeeContext(em: EntityManager, employeeId: number, forUpdate = false): Promise<EmployeeContextRow> {
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
export function todayFor(ctx: EmployeeContextRow, now: Date): CalendarDate {
  return localDate(now, resolveTimeZone(ctx.zone, ctx.country_zone));
}
