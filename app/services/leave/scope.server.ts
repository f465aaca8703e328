import { isManagement } from "~/domain/identity/access";
import { seesLeaveDetails } from "~/domain/leave/privacy";
import { isLeaveWorkflow, type LeaveDecider, type LeaveUnderDecision, type LeaveState } from "~/domain/leave/workflow";
import type { CurrentUser } from "~/services/identity/current-user.server";

/**
 * The SQL side of the leave rules that lists need (one query per list, DESIGN §6): who sees which leave and
 * which leave awaits whom. Fragments use the aliases `l` (leave) and `e` (its employee) and `?` placeholders
 * filled by the matching *Params function. The pure twins live in domain/leave/workflow.ts (decidingAs,
 * effectiveStepActor, isAwaitingActor); tests/integration/leave-waiting.test.ts checks that both agree.
 *
 * Whom a leave in flight awaits is stored on the leave (`leave.waiting_for`, decision 0064): 'M' management,
 * 'D:<division id>' the department head of that division, 'T:<team id>' the team leader of that team; null once
 * decided. PostgreSQL computes it (function leave_waiting_for, with team_has_leader and division_has_head: the
 * one SQL statement of the rule, migration Migration20261126100000) and keeps it current by triggers on leave and
 * employee, so a list reads it through one index instead of deciding the step of every leave in flight.
 */

/** True when the team of the leave's employee has a team leader (other than the employee, still employed). */
export const TEAM_HAS_LEADER_SQL = `team_has_leader(e.team_id, e.id)`;

/** True when the division of the leave's employee has a department head (other than the employee). */
export const DIVISION_HAS_HEAD_SQL = `division_has_head(e.division_id, e.id)`;

/**
 * Who takes the next step of a leave in flight: 'T' team leader, 'D' department head, 'M' management
 * (effectiveStepActor: the nominal actor of the workflow, passed up while that post is empty); null once decided.
 */
export const EFFECTIVE_STEP_SQL = `left(l.waiting_for, 1)`;

/**
 * The key of what awaits the viewer's step, as stored in leave.waiting_for: management 'M', a department head
 * 'D:<their division>', a team leader 'T:<their team>', anyone else null (nothing awaits them). Params, in order:
 * is management, is department head, division id, is team leader, team id.
 */
const VIEWER_KEY_SQL = `(case when ? then 'M' when ? then 'D:' || ? when ? then 'T:' || ? end)`;

/**
 * A leave awaits the viewer (their waiting list and menu counter, DESIGN §5: what awaits *their* step):
 * - management (company-wide): the requests at the management step;
 * - a department head: the department head's step, in their division;
 * - a team leader: the team leader's step, in their team;
 * never the viewer's own request. Alias `l` only (no join needed). Params: waitingParams(user).
 */
export const WAITING_CONDITION_SQL = `(l.employee_id <> ? and l.waiting_for = ${VIEWER_KEY_SQL})`;

export function waitingParams(user: Pick<CurrentUser, "employeeId" | "profileType" | "divisionId" | "teamId">): unknown[] {
  return [
    user.employeeId,
    isManagement(user.profileType),
    user.profileType === "ROLE_DEPARTMENT_HEAD",
    user.divisionId ?? -1,
    user.profileType === "ROLE_TEAM_LEADER",
    user.teamId ?? -1,
  ];
}

/** The viewer's own waiting key, as VIEWER_KEY_SQL computes it ('M', 'D:<division>', 'T:<team>'), null for others. */
export function ownWaitingKey(user: Pick<CurrentUser, "profileType" | "divisionId" | "teamId">): string | null {
  if (isManagement(user.profileType)) return "M";
  if (user.profileType === "ROLE_DEPARTMENT_HEAD") return `D:${user.divisionId ?? -1}`;
  if (user.profileType === "ROLE_TEAM_LEADER") return `T:${user.teamId ?? -1}`;
  return null;
}

/**
 * The employees whose leaves a manager may see (spec 2 / DESIGN: management company-wide, a department head
 * their division, a team leader their team). Params: managerScopeParams(user). Alias `e`.
 */
export const MANAGER_SCOPE_SQL = `(? or (? and e.division_id = ?) or (? and e.team_id = ?))`;

export function managerScopeParams(user: Pick<CurrentUser, "profileType" | "divisionId" | "teamId">): unknown[] {
  return [
    isManagement(user.profileType),
    user.profileType === "ROLE_DEPARTMENT_HEAD",
    user.divisionId ?? -1,
    user.profileType === "ROLE_TEAM_LEADER",
    user.teamId ?? -1,
  ];
}

/** A leave the viewer may open: their own, or one of an employee in their manager scope. */
export const VIEW_SCOPE_SQL = `(l.employee_id = ? or ${MANAGER_SCOPE_SQL})`;

export function viewScopeParams(user: CurrentUser): unknown[] {
  return [user.employeeId, ...managerScopeParams(user)];
}

/**
 * May this user see this employee's leaves? Same rule as VIEW_SCOPE_SQL, for one row already loaded: the pure
 * rule of domain/leave/privacy.ts (the viewers who see a leave's details are the ones who may open it).
 */
export function inViewScope(
  user: Pick<CurrentUser, "employeeId" | "profileType" | "divisionId" | "teamId">,
  employee: { id: number; divisionId: number | null; teamId: number | null },
): boolean {
  return seesLeaveDetails(user, { employeeId: employee.id, divisionId: employee.divisionId, teamId: employee.teamId });
}

/** The decider of the domain rules, from the signed-in user. */
export function deciderOf(user: CurrentUser): LeaveDecider {
  return {
    profileType: user.profileType as LeaveDecider["profileType"],
    employeeId: user.employeeId,
    teamLeaderOfTeamId: user.profileType === "ROLE_TEAM_LEADER" ? user.teamId : null,
    departmentHeadOfDivisionId: user.profileType === "ROLE_DEPARTMENT_HEAD" ? user.divisionId : null,
    subsidiaryId: user.subsidiaryId,
  };
}

export function toWorkflow(value: string) {
  return isLeaveWorkflow(value) ? value : "fast";
}

/** The leave as the domain decides on it (state already checked to be a LeaveState by the caller). */
export function underDecision(row: {
  leave_workflow: string;
  state: string;
  employee_id: number;
  team_id: number | null;
  division_id: number | null;
  subsidiary_id: number | null;
  team_has_leader: boolean;
  division_has_head: boolean;
}): LeaveUnderDecision {
  return {
    workflow: toWorkflow(row.leave_workflow),
    state: row.state as LeaveState,
    employeeId: row.employee_id,
    teamId: row.team_id,
    divisionId: row.division_id,
    subsidiaryId: row.subsidiary_id,
    teamHasLeader: row.team_has_leader,
    divisionHasHead: row.division_has_head,
  };
}
