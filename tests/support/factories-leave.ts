import type { EntityManager } from "@mikro-orm/postgresql";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { createEmployee, createOrg, type Org, type TestEmployee } from "./factories";

/** Leave test helpers: leaves, counters, holidays and the cast of a leave workflow, written with SQL. */

export async function currentUserOf(em: EntityManager, who: TestEmployee): Promise<CurrentUser> {
  const user = await loadCurrentUser(em, who.userId);
  if (!user) throw new Error(`no current user for ${who.email}`);
  return user;
}

export async function setCounters(
  em: EntityManager,
  employeeId: number,
  c: Partial<{ earnedLastYear: number; takenLastYear: number; earnedThisYear: number; takenThisYear: number; recoveryEarned: number; recoveryTaken: number; accrual: number }>,
) {
  await em.execute(
    `update employee set
       holiday_earned_last_year = coalesce(?, holiday_earned_last_year), holiday_taken_last_year = coalesce(?, holiday_taken_last_year),
       holiday_earned_this_year = coalesce(?, holiday_earned_this_year), holiday_taken_this_year = coalesce(?, holiday_taken_this_year),
       recovery_earned = coalesce(?, recovery_earned), recovery_taken = coalesce(?, recovery_taken),
       holiday_monthly_vacation_accrual = coalesce(?, holiday_monthly_vacation_accrual)
     where id = ?`,
    [
      c.earnedLastYear ?? null,
      c.takenLastYear ?? null,
      c.earnedThisYear ?? null,
      c.takenThisYear ?? null,
      c.recoveryEarned ?? null,
      c.recoveryTaken ?? null,
      c.accrual ?? null,
      employeeId,
    ],
  );
}

export async function counters(em: EntityManager, employeeId: number) {
  const [row] = await em.execute<
    { earnedLastYear: number; takenLastYear: number; earnedThisYear: number; takenThisYear: number; recoveryEarned: number; recoveryTaken: number }[]
  >(
    `select holiday_earned_last_year::float8 as "earnedLastYear", holiday_taken_last_year::float8 as "takenLastYear",
            holiday_earned_this_year::float8 as "earnedThisYear", holiday_taken_this_year::float8 as "takenThisYear",
            recovery_earned as "recoveryEarned", recovery_taken as "recoveryTaken"
       from employee where id = ?`,
    [employeeId],
  );
  return row!;
}

export async function addHoliday(em: EntityManager, countryId: number, date: string, name = "Férié") {
  await em.execute(`insert into holiday (country_id, date, name) values (?, ?, ?) on conflict do nothing`, [countryId, date, name]);
}

export async function createLeave(
  em: EntityManager,
  employeeId: number,
  over: Partial<{
    reason: string;
    start: string;
    end: string;
    state: string;
    halfDayMorning: boolean;
    halfDayAfternoon: boolean;
    nbHourAbsence: number | null;
    numberDaysWork: number;
    urgent: boolean;
    comment: string | null;
  }> = {},
): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(
    `insert into leave (employee_id, reason, comment, start, "end", half_day_morning, half_day_afternoon, nb_hour_absence,
        number_days_work, urgent, state, version, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, now(), now()) returning id`,
    [
      employeeId,
      over.reason ?? "PAID_LEAVE",
      over.comment ?? null,
      over.start ?? "2030-07-01",
      over.end ?? over.start ?? "2030-07-01",
      over.halfDayMorning ?? false,
      over.halfDayAfternoon ?? false,
      over.nbHourAbsence ?? null,
      over.numberDaysWork ?? 1,
      over.urgent ?? false,
      over.state ?? "pending",
    ],
  );
  await em.execute(`insert into leave_step (leave_id, step, actor_id, at) values (?, 'created', ?, now())`, [row!.id, employeeId]);
  return row!.id;
}

/**
 * An organisation with its leave cast: management (head and financial), the department head of the division,
 * the team leader of the team, an employee of that team (workflow full), a team leader of the other team, a
 * department head of the other division, and a plain colleague.
 */
export async function createLeaveCast(em: EntityManager, suffix: string, org?: Org) {
  const o = org ?? (await createOrg(em, suffix));
  const tag = suffix.trim().toLowerCase().replace(/[^a-z0-9]/g, "") || "x";
  const mk = (key: string, over: Parameters<typeof createEmployee>[2]) =>
    createEmployee(em, o, { email: `${key}.${tag}@cadran.test`, ...over });
  const head = await mk("direction", { profileType: "ROLE_HEAD_MANAGEMENT", teamId: null, divisionId: null, leaveWorkflow: "fast" });
  const financial = await mk("daf", { profileType: "ROLE_FINANCIAL_MANAGEMENT", teamId: null, divisionId: null, leaveWorkflow: "fast" });
  const departmentHead = await mk("chef.division", { profileType: "ROLE_DEPARTMENT_HEAD", teamId: null, leaveWorkflow: "partial" });
  const teamLeader = await mk("chef.equipe", { profileType: "ROLE_TEAM_LEADER", leaveWorkflow: "partial" });
  const employee = await mk("employe", { profileType: "ROLE_EMPLOYEE", leaveWorkflow: "full" });
  const otherTeamLeader = await mk("chef.autre", { profileType: "ROLE_TEAM_LEADER", teamId: o.otherTeamId, leaveWorkflow: "partial" });
  const otherDepartmentHead = await mk("chef.autre.division", {
    profileType: "ROLE_DEPARTMENT_HEAD",
    divisionId: o.otherDivisionId,
    teamId: null,
    leaveWorkflow: "partial",
  });
  const colleague = await mk("collegue", { profileType: "ROLE_EMPLOYEE", leaveWorkflow: "full" });
  const host = await mk("accueil", { profileType: "ROLE_HOST_EMPLOYEE", teamId: null, leaveWorkflow: "fast" });
  return { org: o, head, financial, departmentHead, teamLeader, employee, otherTeamLeader, otherDepartmentHead, colleague, host };
}
