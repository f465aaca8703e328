import { describe, expect, it } from "vitest";
import { useTestDatabase, type TestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { createLeave, createLeaveCast } from "~tests/support/factories-leave";
import { wrongWaitingFor } from "~tests/support/waiting";

const db = useTestDatabase();
const IN_FLIGHT = ["pending", "prevalidate", "validate"];

/**
 * leave.waiting_for (decision 0064) is kept by PostgreSQL triggers: after every org change and every state change,
 * each leave must carry the key that the domain rule gives from the rows as they are now (wrongWaitingFor), and the
 * repair function must find nothing to correct.
 */
async function expectStoredStepsFollowTheRule(label: string) {
  const { wrong, stored } = await wrongWaitingFor((text) => db.sql(text));
  expect(wrong, label).toEqual([]);
  expect(stored, label).toBeGreaterThan(0);
  const [repair] = await db.sql<{ n: number }>("select leave_waiting_for_refresh() as n");
  expect(repair!.n, `${label}: rows the repair corrected`).toBe(0);
}

type Cast = Awaited<ReturnType<typeof setUp>>;
let n = 0;

/** A cast with leaves in flight (and decided) for every workflow, in the led team, the other team, and no team. */
async function setUp(database: TestDatabase) {
  const em = database.em();
  const cast = await createLeaveCast(em, ` Stored${++n}`);
  const org = cast.org;
  const [leaderless] = await database.sql<{ id: number }>("insert into team (name, subsidiary_id, division_id) values (?, ?, ?) returning id", [
    `Sans chef ${n}`,
    org.subsidiaryId,
    org.divisionId,
  ]);
  const mk = (over: Parameters<typeof createEmployee>[2]) => createEmployee(em, org, { email: `stored${n}.${Math.random().toString(36).slice(2)}@cadran.test`, ...over });
  const partial = await mk({ leaveWorkflow: "partial" });
  const fast = await mk({ leaveWorkflow: "fast" });
  const otherTeam = await mk({ teamId: org.otherTeamId, leaveWorkflow: "full" });
  const noTeam = await mk({ teamId: null, leaveWorkflow: "full" });
  const otherDivision = await mk({ teamId: null, divisionId: org.otherDivisionId, leaveWorkflow: "full" });
  const people = [cast.employee, cast.colleague, cast.teamLeader, cast.departmentHead, cast.head, partial, fast, otherTeam, noTeam, otherDivision];
  const leaves: Record<string, number> = {};
  for (const who of people) {
    for (const state of [...IN_FLIGHT, "accepted"]) leaves[`${who.email} ${state}`] = await createLeave(em, who.employeeId, { state });
  }
  return { ...cast, leaderlessTeamId: leaderless!.id, partial, fast, otherTeam, noTeam, otherDivision, leaves };
}

const CHANGES: [string, (c: Cast) => Promise<unknown>][] = [
  ["the team leader is fired", (c) => db.sql("update employee set fired_at = '2026-11-30' where id = ?", [c.teamLeader.employeeId])],
  [
    "the team leader is fired, then taken back",
    async (c) => {
      await db.sql("update employee set fired_at = '2026-11-30' where id = ?", [c.teamLeader.employeeId]);
      await db.sql("update employee set fired_at = null where id = ?", [c.teamLeader.employeeId]);
    },
  ],
  ["the team leader moves to the team without leader", (c) => db.sql("update employee set team_id = ? where id = ?", [c.leaderlessTeamId, c.teamLeader.employeeId])],
  ["the team leader moves to the other division", (c) => db.sql("update employee set division_id = ?, team_id = null where id = ?", [c.org.otherDivisionId, c.teamLeader.employeeId])],
  ["the team leader becomes a plain employee", (c) => db.sql("update employee set profile_type = 'ROLE_EMPLOYEE' where id = ?", [c.teamLeader.employeeId])],
  ["the team leader becomes department head", (c) => db.sql("update employee set profile_type = 'ROLE_DEPARTMENT_HEAD' where id = ?", [c.teamLeader.employeeId])],
  ["the team leader is deleted", (c) => db.sql("delete from employee where id = ?", [c.teamLeader.employeeId])],
  [
    "the team leader leaves and a colleague is promoted",
    async (c) => {
      await db.sql("update employee set fired_at = '2026-11-30' where id = ?", [c.teamLeader.employeeId]);
      await db.sql("update employee set profile_type = 'ROLE_TEAM_LEADER' where id = ?", [c.colleague.employeeId]);
    },
  ],
  ["a colleague becomes a second team leader", (c) => db.sql("update employee set profile_type = 'ROLE_TEAM_LEADER' where id = ?", [c.colleague.employeeId])],
  [
    "a new team leader is hired into the team without leader",
    async (c) => {
      await db.sql("update employee set team_id = ? where id in (?, ?)", [c.leaderlessTeamId, c.employee.employeeId, c.partial.employeeId]);
      await createEmployee(db.em(), c.org, { profileType: "ROLE_TEAM_LEADER", teamId: c.leaderlessTeamId, email: `new.leader.${n}@cadran.test` });
    },
  ],
  ["the department head is fired", (c) => db.sql("update employee set fired_at = '2026-12-31' where id = ?", [c.departmentHead.employeeId])],
  ["the department head moves to the other division", (c) => db.sql("update employee set division_id = ? where id = ?", [c.org.otherDivisionId, c.departmentHead.employeeId])],
  ["the department head is deleted", (c) => db.sql("delete from employee where id = ?", [c.departmentHead.employeeId])],
  ["the other division's head becomes management", (c) => db.sql("update employee set profile_type = 'ROLE_HEAD_MANAGEMENT' where id = ?", [c.otherDepartmentHead.employeeId])],
  ["an employee changes team (to the team without leader)", (c) => db.sql("update employee set team_id = ? where id = ?", [c.leaderlessTeamId, c.employee.employeeId])],
  ["an employee changes division", (c) => db.sql("update employee set division_id = ?, team_id = null where id = ?", [c.org.otherDivisionId, c.colleague.employeeId])],
  ["an employee gets the fast workflow", (c) => db.sql("update employee set leave_workflow = 'fast' where id = ?", [c.employee.employeeId])],
  ["an employee gets the partial workflow", (c) => db.sql("update employee set leave_workflow = 'partial' where id = ?", [c.colleague.employeeId])],
  ["the led team is deleted (its people lose their team)", (c) => db.sql("delete from team where id = ?", [c.org.teamId])],
  [
    "the first division is deleted (its teams first; its people lose their division)",
    async (c) => {
      await db.sql("delete from team where division_id = ?", [c.org.divisionId]);
      await db.sql("delete from division where id = ?", [c.org.divisionId]);
    },
  ],
  ["the whole team moves to the other division in one statement", (c) => db.sql("update employee set division_id = ? where team_id = ?", [c.org.otherDivisionId, c.org.teamId])],
  ["everyone in the company is fired in one statement", () => db.sql("update employee set fired_at = '2027-01-01' where fired_at is null")],
  [
    "requests move along their workflow",
    async (c) => {
      for (const [key, id] of Object.entries(c.leaves)) {
        if (key.endsWith(" pending")) await db.sql("update leave set state = 'prevalidate', version = version + 1 where id = ?", [id]);
        if (key.endsWith(" prevalidate")) await db.sql("update leave set state = 'validate', version = version + 1 where id = ?", [id]);
        if (key.endsWith(" validate")) await db.sql("update leave set state = 'accepted', version = version + 1 where id = ?", [id]);
        if (key.endsWith(" accepted")) await db.sql("update leave set state = 'removed', version = version + 1 where id = ?", [id]);
      }
    },
  ],
  [
    "a request is refused, another goes to a colleague",
    async (c) => {
      await db.sql("update leave set state = 'refused' where id = ?", [c.leaves[`${c.employee.email} pending`]]);
      await db.sql("update leave set employee_id = ? where id = ?", [c.fast.employeeId, c.leaves[`${c.colleague.email} pending`]]);
    },
  ],
  ["a request's dates change (the step stays)", (c) => db.sql("update leave set start = '2030-08-01', \"end\" = '2030-08-02' where id = ?", [c.leaves[`${c.employee.email} pending`]])],
];

describe("leave.waiting_for follows org changes and state changes", () => {
  it("is right as the cast is made", async () => {
    await setUp(db);
    await expectStoredStepsFollowTheRule("set up");
  });

  it.each(CHANGES)("%s", async (label, change) => {
    const cast = await setUp(db);
    await expectStoredStepsFollowTheRule(`${label}: before`);
    await change(cast);
    await expectStoredStepsFollowTheRule(label);
  });

  it("the repair puts back what was changed behind the triggers' back", async () => {
    await setUp(db);
    await db.sql("update leave set waiting_for = 'T:0' where state = 'pending'");
    await db.sql("update leave set waiting_for = 'M' where state = 'accepted'");
    const [repair] = await db.sql<{ n: number }>("select leave_waiting_for_refresh() as n");
    expect(repair!.n).toBeGreaterThan(0);
    await expectStoredStepsFollowTheRule("repaired");
  });
});
