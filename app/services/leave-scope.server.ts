import { isManagement } from "~/domain/access";
import { seesLeaveDetails } from "~/domain/leave-privacy";
import { isLeaveWorkflow, type LeaveDecider, type LeaveUnderDecision, type LeaveState } from "~/domain/leave-workflow";
import type { CurrentUser } from "./current-user.server";

/**
 * The SQL side of the leave rules that lists need (one query per list, DESIGN §6): who sees which leave and
 * which leave awaits whom. Every fragment expects the aliases `l` (leave) and `e` (its employee) and uses `?`
 * placeholders filled by the matching *Params function. The pure twins live in domain/leave-workflow.ts
 * (decidingAs, effectiveStepActor, isAwaitingActor); tests/integration/leave-waiting.test.ts checks that both
 * agree.
 */

/** True when the team of the leave's employee has a team leader (other than the employee, still employed). */
export const TEAM_HAS_LEADER_SQL = `exists (select 1 from employee tl where tl.team_id = e.team_id
  and tl.profile_type = 'ROLE_TEAM_LEADER' and tl.fired_at is null and tl.id <> e.id)`;

/** True when the division of the leave's employee has a department head (other than the employee). */
export const DIVISION_HAS_HEAD_SQL = `exists (select 1 from employee dh where dh.division_id = e.division_id
  and dh.profile_type = 'ROLE_DEPARTMENT_HEAD' and dh.fired_at is null and dh.id <> e.id)`;

/**
 * Who takes the next step of a leave in flight: 'T' team leader, 'D' department head, 'M' management
 * (effectiveStepActor: the nominal actor of the workflow, passed up while that post is empty). An unknown
 * workflow counts as fast, like toWorkflow below.
 */
export const EFFECTIVE_STEP_SQL = `(case
  when l.state = 'validate' or e.leave_workflow not in ('partial', 'full') then 'M'
  when l.state = 'prevalidate' or e.leave_workflow = 'partial' then (case when ${DIVISION_HAS_HEAD_SQL} then 'D' else 'M' end)
  else (case when ${TEAM_HAS_LEADER_SQL} then 'T' when ${DIVISION_HAS_HEAD_SQL} then 'D' else 'M' end)
end)`;

/**
 * A leave awaits the viewer (their waiting list and menu counter, DESIGN §5: what awaits *their* step):
 * - management (company-wide): the requests at the management step;
 * - a department head: the department head's step, in their division;
 * - a team leader: the team leader's step, in their team;
 * never the viewer's own request. Params: waitingParams(user).
 */
export const WAITING_CONDITION_SQL = `(l.state in ('pending', 'prevalidate', 'validate') and l.employee_id <> ? and (
  (? and ${EFFECTIVE_STEP_SQL} = 'M')
  or (? and e.division_id = ? and ${EFFECTIVE_STEP_SQL} = 'D')
  or (? and e.team_id = ? and ${EFFECTIVE_STEP_SQL} = 'T')
))`;

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
 * rule of domain/leave-privacy.ts (the viewers who see a leave's details are the ones who may open it).
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
