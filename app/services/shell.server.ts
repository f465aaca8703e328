import type { EntityManager } from "@mikro-orm/postgresql";
import { countersFor, type CounterKind } from "~/domain/menu";
import type { CurrentUser } from "./current-user.server";

/**
 * Counts of the menu's red counters, in one round trip. Scope decisions (docs/decisions/0005): management sees the
 * whole company; a department head their division; a team leader their team. The waiting list is what awaits the
 * viewer's own step of the workflow (DESIGN §5), never their own requests.
 */
export async function shellCounters(em: EntityManager, user: CurrentUser): Promise<Partial<Record<CounterKind, number>>> {
  const kinds = countersFor(user.profileType);
  if (kinds.length === 0) return {};
  const [row] = await em.getConnection().execute<{ waiting: string | null; suggested: string | null }[]>(
    `select
       ${kinds.includes("waitingLeaves") ? WAITING_COUNT_SQL : "null"} as waiting,
       ${kinds.includes("suggestedClocks") ? "(select count(*) from time_clock where suggested = true)" : "null"} as suggested`,
    kinds.includes("waitingLeaves") ? waitingParams(user) : [],
  );
  const out: Partial<Record<CounterKind, number>> = {};
  if (row?.waiting != null) out.waitingLeaves = Number(row.waiting);
  if (row?.suggested != null) out.suggestedClocks = Number(row.suggested);
  return out;
}

/**
 * A leave awaits:
 * - management when fast+pending, or partial/full+validate;
 * - the department head of the employee's division when partial+pending or full+prevalidate;
 * - the team leader of the employee's team when full+pending.
 */
export const WAITING_CONDITION_SQL = `(
  (? and ((e.leave_workflow = 'fast' and l.state = 'pending') or (e.leave_workflow in ('partial','full') and l.state = 'validate')))
  or (? and e.division_id = ? and ((e.leave_workflow = 'partial' and l.state = 'pending') or (e.leave_workflow = 'full' and l.state = 'prevalidate')))
  or (? and e.team_id = ? and e.leave_workflow = 'full' and l.state = 'pending')
) and l.employee_id <> ?`;

const WAITING_COUNT_SQL = `(select count(*) from leave l join employee e on e.id = l.employee_id where ${WAITING_CONDITION_SQL})`;

export function waitingParams(user: CurrentUser): unknown[] {
  const management = user.profileType === "ROLE_HEAD_MANAGEMENT" || user.profileType === "ROLE_FINANCIAL_MANAGEMENT";
  const deptHead = user.profileType === "ROLE_DEPARTMENT_HEAD";
  const teamLeader = user.profileType === "ROLE_TEAM_LEADER";
  return [management, deptHead, user.divisionId ?? -1, teamLeader, user.teamId ?? -1, user.employeeId];
}
