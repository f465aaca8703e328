import { effectiveStepActor, type LeaveState } from "~/domain/leave/workflow";
import { toWorkflow } from "~/services/leave/scope.server";

const IN_FLIGHT = ["pending", "prevalidate", "validate"];

interface EmployeeRow {
  id: number;
  profile_type: string;
  team_id: number | null;
  division_id: number | null;
  fired_at: string | null;
  leave_workflow: string;
}

/**
 * The leaves whose stored leave.waiting_for (decision 0064) is not what the domain rule gives from the rows as they
 * are now: effectiveStepActor, with the posts (a team leader / department head other than the employee, not fired)
 * worked out here from the raw employee table, not by the SQL functions that fill the column. Empty when all agree.
 */
export async function wrongWaitingFor(sql: <T>(text: string) => Promise<T[]>): Promise<{ wrong: string[]; stored: number }> {
  const employees = await sql<EmployeeRow>("select id, profile_type, team_id, division_id, fired_at::text as fired_at, leave_workflow from employee");
  const byId = new Map(employees.map((e) => [e.id, e]));
  const leaders = new Map<number, number[]>();
  const heads = new Map<number, number[]>();
  for (const x of employees) {
    if (x.fired_at !== null) continue;
    if (x.profile_type === "ROLE_TEAM_LEADER" && x.team_id !== null) leaders.set(x.team_id, [...(leaders.get(x.team_id) ?? []), x.id]);
    if (x.profile_type === "ROLE_DEPARTMENT_HEAD" && x.division_id !== null) heads.set(x.division_id, [...(heads.get(x.division_id) ?? []), x.id]);
  }
  const leaves = await sql<{ id: number; employee_id: number; state: string; waiting_for: string | null }>(
    "select id, employee_id, state, waiting_for from leave order by id",
  );
  const wrong: string[] = [];
  for (const l of leaves) {
    const e = byId.get(l.employee_id)!;
    let expected: string | null = null;
    if (IN_FLIGHT.includes(l.state)) {
      const teamHasLeader = e.team_id !== null && (leaders.get(e.team_id) ?? []).some((id) => id !== e.id);
      const divisionHasHead = e.division_id !== null && (heads.get(e.division_id) ?? []).some((id) => id !== e.id);
      const actor = effectiveStepActor(toWorkflow(e.leave_workflow), l.state as LeaveState, { teamHasLeader, divisionHasHead });
      expected = actor === "team_leader" ? `T:${e.team_id}` : actor === "department_head" ? `D:${e.division_id}` : "M";
    }
    if (l.waiting_for !== expected) wrong.push(`leave ${l.id} (${e.leave_workflow} ${l.state}): ${l.waiting_for} ≠ ${expected}`);
  }
  return { wrong, stored: leaves.filter((l) => l.waiting_for !== null).length };
}
