import type { EntityManager } from "@mikro-orm/postgresql";
import { hashPassword } from "~/server/identity/password.server";

/**
 * Small factories for tests: an organisation and employees with accounts, written with SQL (fast, no identity map).
 * The password of every account is TEST_PASSWORD; its hash is computed once per process.
 */
export const TEST_PASSWORD = "Cadran-2026!";
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

export interface Org {
  countryId: number;
  subsidiaryId: number;
  divisionId: number;
  teamId: number;
  otherTeamId: number;
  otherDivisionId: number;
}

export async function createOrg(em: EntityManager, suffix = ""): Promise<Org> {
  const c = em.getConnection();
  const [country] = await c.execute<{ id: number }[]>(
    "insert into country (name, timezone) values (?, 'Europe/Paris') returning id",
    [`France${suffix}`],
  );
  const [sub] = await c.execute<{ id: number }[]>(
    "insert into subsidiary (name, country_id, city, timezone) values (?, ?, 'Paris', 'Europe/Paris') returning id",
    [`3 Print${suffix}`, country!.id],
  );
  const [div] = await c.execute<{ id: number }[]>("insert into division (name, subsidiary_id) values (?, ?) returning id", [
    `Impression${suffix}`,
    sub!.id,
  ]);
  const [div2] = await c.execute<{ id: number }[]>("insert into division (name, subsidiary_id) values (?, ?) returning id", [
    `Finition${suffix}`,
    sub!.id,
  ]);
  const [team] = await c.execute<{ id: number }[]>(
    "insert into team (name, subsidiary_id, division_id) values (?, ?, ?) returning id",
    [`Offset${suffix}`, sub!.id, div!.id],
  );
  const [team2] = await c.execute<{ id: number }[]>(
    "insert into team (name, subsidiary_id, division_id) values (?, ?, ?) returning id",
    [`Numérique${suffix}`, sub!.id, div!.id],
  );
  return {
    countryId: country!.id,
    subsidiaryId: sub!.id,
    divisionId: div!.id,
    teamId: team!.id,
    otherTeamId: team2!.id,
    otherDivisionId: div2!.id,
  };
}

export interface TestEmployee {
  employeeId: number;
  userId: number;
  email: string;
}

let counter = 0;
export async function createEmployee(
  em: EntityManager,
  org: Org | null,
  overrides: Partial<{
    email: string;
    firstname: string;
    lastname: string;
    profileType: string;
    teamId: number | null;
    divisionId: number | null;
    teamLeader: boolean;
    departmentHead: boolean;
    timeRegistration: boolean;
    leaveWorkflow: string;
    firedAt: string | null;
    emailPersonal: string | null;
  }> = {},
): Promise<TestEmployee> {
  counter += 1;
  const email = (overrides.email ?? `employe${counter}.${Date.now()}@cadran.test`).toLowerCase();
  const profileType = overrides.profileType ?? "ROLE_EMPLOYEE";
  const c = em.getConnection();
  const [emp] = await c.execute<{ id: number }[]>(
    `insert into employee (firstname, lastname, email, email_personal, profile_type, country_id, subsidiary_id, division_id, team_id,
        team_leader, department_head, time_registration, leave_workflow, fired_at, matricule, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now(), now()) returning id`,
    [
      overrides.firstname ?? "camille",
      overrides.lastname ?? `test${counter}`,
      email,
      overrides.emailPersonal ?? null,
      profileType,
      org?.countryId ?? null,
      org?.subsidiaryId ?? null,
      overrides.divisionId !== undefined ? overrides.divisionId : (org?.divisionId ?? null),
      overrides.teamId !== undefined ? overrides.teamId : (org?.teamId ?? null),
      overrides.teamLeader ?? profileType === "ROLE_TEAM_LEADER",
      overrides.departmentHead ?? profileType === "ROLE_DEPARTMENT_HEAD",
      overrides.timeRegistration ?? true,
      overrides.leaveWorkflow ?? "full",
      overrides.firedAt ?? null,
      // Unique within this process (its own counter's block of 1,000), far from completeSheet's and the seeds' ranges:
      // a purely random matricule collided now and then in files that create hundreds of people.
      300_000_000 + counter * 1000 + Math.floor(Math.random() * 1000),
    ],
  );
  const [user] = await c.execute<{ id: number }[]>(
    "insert into app_user (employee_id, email, password_hash, roles, created_at) values (?, ?, ?, ?, now()) returning id",
    [emp!.id, email, await passwordHash(), `{${profileType}}`],
  );
  return { employeeId: emp!.id, userId: user!.id, email };
}

export const ALL_ROLES = [
  "ROLE_HEAD_MANAGEMENT",
  "ROLE_FINANCIAL_MANAGEMENT",
  "ROLE_DEPARTMENT_HEAD",
  "ROLE_TEAM_LEADER",
  "ROLE_EMPLOYEE",
  "ROLE_HOST_EMPLOYEE",
  "ROLE_COMMERCIAL",
  "ROLE_USER",
] as const;

/** One account per profileType, all in the same org. */
export async function createRoleAccounts(em: EntityManager, org: Org) {
  const out = {} as Record<(typeof ALL_ROLES)[number], TestEmployee>;
  for (const role of ALL_ROLES) {
    out[role] = await createEmployee(em, org, { profileType: role, email: `${role.toLowerCase()}@cadran.test` });
  }
  return out;
}
