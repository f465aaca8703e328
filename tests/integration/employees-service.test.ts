import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EmployeeValues, TrackedField } from "~/domain/employees/sheet";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { resetEnvCache } from "~/server/shared/env.server";
import { createApiToken, userIdForApiToken } from "~/services/identity/auth.server";
import {
  archiveDirectory,
  directoryHome,
  divisionDirectory,
  getEmployeeForCaller,
  getEmployeeSheet,
  listEmployees,
  subsidiaryDirectory,
  teamDirectory,
} from "~/services/employees/employees.server";
import { createEmployee, deleteEmployee, updateEmployee } from "~/services/employees/writes.server";
import { AppError } from "~/services/shared/errors";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee as createAccount, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { actorOf, completeSheet, SEVEN_HOURS } from "~tests/support/factories-employees";
import { startSmtpCapture } from "~tests/support/smtp";

const db = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let org: Org;
let manager: TestEmployee;

beforeAll(async () => {
  // Jobs run in this process so the welcome mail really goes out through the job and SMTP.
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  process.env.INLINE_JOBS = "1";
  resetEnvCache();
  org = await createOrg(db.em());
  manager = await createAccount(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT" });
});
afterAll(async () => {
  await drainInlineJobs();
  delete process.env.INLINE_JOBS;
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
});

async function violationsOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError && error.status === 422) {
      return Object.fromEntries(error.violations.map((v) => [v.propertyPath, v.message]));
    }
    throw error;
  }
  throw new Error("expected a validation error");
}

describe("createEmployee", () => {
  it("stores the sheet and the schedule, creates the login account and mails the password link", async () => {
    const actor = await actorOf(db.em(), manager);
    const sheet = completeSheet(org, { email: "Nouvel.Arrivant@Cadran.test", firstname: "nouvel", lastname: "arrivant" });
    const { id, userId } = await createEmployee(db.em(), actor, sheet);

    const saved = await getEmployeeSheet(db.em(), actor, id);
    expect(saved).toMatchObject({
      matricule: sheet.matricule,
      email: "nouvel.arrivant@cadran.test",
      numberOfHoursPerMonth: 151.67,
      holidayMonthlyVacationAccrual: 2.08,
      birthday: "1990-04-12",
      team: org.teamId,
      displayName: "Nouvel ARRIVANT",
      completion: 100,
      archived: false,
    });
    expect(saved.weeks[0]![2]).toEqual(SEVEN_HOURS);
    const schedules = await db.sql<{ week_number: number }>("select week_number from week_schedule where employee_id = ?", [id]);
    expect(schedules.map((s) => s.week_number)).toEqual([1]);

    const [user] = await db.sql<{ email: string; roles: string[]; password_hash: string | null; employee_id: number }>(
      "select email, roles, password_hash, employee_id from app_user where id = ?",
      [userId],
    );
    expect(user).toEqual({ email: "nouvel.arrivant@cadran.test", roles: ["ROLE_EMPLOYEE"], password_hash: null, employee_id: id });

    await drainInlineJobs();
    const mail = await smtp.waitFor((m) => m.to.includes("nouvel.arrivant@cadran.test"));
    expect(mail.subject).toBe("Cadran : choisissez votre mot de passe");
    expect(mail.text).toContain("/password/change/");
    const tokens = await db.sql("select id from password_reset_token where user_id = ?", [userId]);
    expect(tokens).toHaveLength(1);
  });

  it("applies the new-sheet defaults for the fields the caller leaves out", async () => {
    const actor = await actorOf(db.em(), manager);
    const { profileType, holidayMonthlyVacationAccrual, timeRegistration, weekType, ...rest } = completeSheet(org);
    void profileType, void holidayMonthlyVacationAccrual, void timeRegistration, void weekType;
    const { id } = await createEmployee(db.em(), actor, rest);
    const saved = await getEmployeeSheet(db.em(), actor, id);
    expect(saved).toMatchObject({ profileType: "ROLE_USER", holidayMonthlyVacationAccrual: 2.08, timeRegistration: true, weekType: "unique_week" });
  });

  it("refuses a sheet with each required field empty, naming every one (zero is filled)", async () => {
    const actor = await actorOf(db.em(), manager);
    const required: TrackedField[] = [
      "matricule", "acronym", "firstname", "lastname", "phone", "emailPersonal", "birthday", "typeContract",
      "numberOfHoursPerWeek", "numberOfHoursPerMonth", "hiredAt", "contractState", "annualSalary", "hourlyCost",
      "holidayEarnedLastYear", "holidayTakenLastYear", "holidayEarnedThisYear", "holidayTakenThisYear", "leaveWorkflow",
      "holidayTotalBalance", "holidayMonthlyVacationAccrual", "holidayWorkingTimeReduction", "country", "subsidiary",
      "position", "timeRegistration", "division", "departmentHead", "teamLeader", "weekType", "email", "profileType",
    ];
    const empty = Object.fromEntries(required.map((f) => [f, null])) as Partial<EmployeeValues>;
    const v = await violationsOf(createEmployee(db.em(), actor, { ...completeSheet(org), ...empty, team: null }));
    expect(Object.keys(v).sort()).toEqual([...required].sort());
    expect(v.matricule).toBe("Ce champ est obligatoire.");

    const zeros = await createEmployee(db.em(), actor, completeSheet(org, { holidayTakenLastYear: 0, annualSalary: 0, holidayTotalBalance: 0 }));
    expect(zeros.id).toBeGreaterThan(0);
  });

  it.each<[string, Partial<EmployeeValues>, string]>([
    ["a team of another division", { team: -1 }, "team"],
    ["an unknown country", { country: 999999 }, "country"],
    ["an unknown division", { division: 999999, team: null }, "division"],
  ])("refuses %s", async (_name, patch, field) => {
    const actor = await actorOf(db.em(), manager);
    const values = completeSheet(org, patch.team === -1 ? { division: org.otherDivisionId, team: org.teamId } : patch);
    const v = await violationsOf(createEmployee(db.em(), actor, values));
    expect(Object.keys(v)).toEqual([field]);
  });

  it("refuses a division of another subsidiary and a team of another division", async () => {
    const actor = await actorOf(db.em(), manager);
    const other = await createOrg(db.em(), " Autre");
    const v1 = await violationsOf(createEmployee(db.em(), actor, completeSheet(org, { division: other.divisionId, team: null })));
    expect(v1).toEqual({ division: "Ce pôle n'appartient pas à l'agence choisie." });
    const v2 = await violationsOf(createEmployee(db.em(), actor, completeSheet(org, { team: other.teamId })));
    expect(v2).toEqual({ team: "Cette équipe n'appartient pas au pôle choisi." });
  });

  it("refuses a matricule or a professional e-mail already used (any case)", async () => {
    const actor = await actorOf(db.em(), manager);
    const first = completeSheet(org);
    await createEmployee(db.em(), actor, first);
    const v = await violationsOf(
      createEmployee(db.em(), actor, completeSheet(org, { matricule: first.matricule, email: first.email!.toUpperCase().toLowerCase() })),
    );
    expect(v).toEqual({
      matricule: "Ce matricule est déjà utilisé par un autre employé.",
      email: "Cet e-mail professionnel est déjà utilisé par un autre compte.",
    });
    const count = await db.sql<{ n: string }>("select count(*) as n from employee where email = ?", [first.email]);
    expect(Number(count[0]!.n)).toBe(1);
  });

  it("is for management only", async () => {
    const head = await createAccount(db.em(), org, { profileType: "ROLE_DEPARTMENT_HEAD" });
    const actor = await actorOf(db.em(), head);
    await expect(createEmployee(db.em(), actor, completeSheet(org))).rejects.toMatchObject({ status: 403 });
    await expect(listEmployees(db.em(), actor, {})).rejects.toMatchObject({ status: 403 });
    await expect(directoryHome(db.em(), actor)).rejects.toMatchObject({ status: 403 });
  });
});

describe("updateEmployee", () => {
  it("saves, keeps week 2 only for week_one_two, and makes the login and the role follow the sheet", async () => {
    const actor = await actorOf(db.em(), manager);
    const sheet = completeSheet(org);
    const { id, userId } = await createEmployee(db.em(), actor, sheet);
    const week2 = [SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS, { ...SEVEN_HOURS, afternoonStart: null, afternoonEnd: null }];
    const saved = await updateEmployee(db.em(), actor, id, {
      ...sheet,
      email: "changed.login@cadran.test",
      profileType: "ROLE_TEAM_LEADER",
      weekType: "week_one_two",
      weeks: [sheet.weeks[0]!, week2],
    });
    expect(saved.weeks[1]![4]!.afternoonStart).toBeNull();
    const [user] = await db.sql<{ email: string; roles: string[] }>("select email, roles from app_user where id = ?", [userId]);
    expect(user).toEqual({ email: "changed.login@cadran.test", roles: ["ROLE_TEAM_LEADER"] });
    expect(await db.sql("select 1 from week_schedule where employee_id = ?", [id])).toHaveLength(2);

    await updateEmployee(db.em(), actor, id, { weekType: "unique_week" });
    expect(await db.sql("select 1 from week_schedule where employee_id = ?", [id])).toHaveLength(1);
  });

  it("archiving relaxes the required fields, revokes sessions and tokens, and makes the sheet read-only", async () => {
    const actor = await actorOf(db.em(), manager);
    const leaver = await createAccount(db.em(), org, { profileType: "ROLE_EMPLOYEE" });
    const em = db.em();
    const token = await createApiToken(em, leaver.userId);
    await db.sql("insert into session (id, user_id, data, created_at, last_seen_at, expires_at) values ('s-leaver', ?, '{}', now(), now(), now() + interval '1 hour')", [
      leaver.userId,
    ]);
    // The factory's employee has an incomplete sheet: archiving must not ask for the missing fields.
    const saved = await updateEmployee(db.em(), actor, leaver.employeeId, { firedAt: "2026-03-31" });
    expect(saved.archived).toBe(true);
    expect(await db.sql("select 1 from session where user_id = ?", [leaver.userId])).toHaveLength(0);
    const [tok] = await db.sql<{ revoked_at: Date | null }>("select revoked_at from api_token where user_id = ?", [leaver.userId]);
    expect(tok!.revoked_at).not.toBeNull();
    expect(await userIdForApiToken(db.em(), token)).toBeNull();

    await expect(updateEmployee(db.em(), actor, leaver.employeeId, { position: "x" })).rejects.toMatchObject({
      status: 409,
      message: "Cette fiche est archivée : elle ne peut plus être modifiée.",
    });
  });

  it("an incomplete active sheet cannot be saved without its required fields", async () => {
    const actor = await actorOf(db.em(), manager);
    const someone = await createAccount(db.em(), org);
    const v = await violationsOf(updateEmployee(db.em(), actor, someone.employeeId, { position: "Imprimeur" }));
    expect(v.acronym).toBe("Ce champ est obligatoire.");
    expect(v.position).toBeUndefined();
  });

  it("answers 404 for an unknown employee", async () => {
    const actor = await actorOf(db.em(), manager);
    await expect(updateEmployee(db.em(), actor, 999999, {})).rejects.toMatchObject({ status: 404 });
  });
});

describe("reading", () => {
  it("anyone reads their own sheet; another employee's is 404 unless management", async () => {
    const me = await createAccount(db.em(), org);
    const other = await createAccount(db.em(), org);
    const actor = await actorOf(db.em(), me);
    expect((await getEmployeeForCaller(db.em(), actor, me.employeeId)).id).toBe(me.employeeId);
    await expect(getEmployeeForCaller(db.em(), actor, other.employeeId)).rejects.toMatchObject({ status: 404 });
    const boss = await actorOf(db.em(), manager);
    expect((await getEmployeeForCaller(db.em(), boss, other.employeeId)).id).toBe(other.employeeId);
  });

  it("lists with every filter, paginates by 30 and runs one query whatever the page size", async () => {
    const o = await createOrg(db.em(), " Liste");
    const actor = await actorOf(db.em(), manager);
    for (let i = 0; i < 33; i++) await createAccount(db.em(), o, { lastname: `liste${String(i).padStart(2, "0")}`, teamId: i < 20 ? o.teamId : null });
    await createAccount(db.em(), o, { lastname: "archive1", firedAt: "2025-01-31" });
    await createAccount(db.em(), o, { lastname: "archive2", firedAt: "2025-06-30" });

    await listEmployees(db.em(), actor, { subsidiary: o.subsidiaryId }); // warms the collation check
    const em = db.em();
    const spy = vi.spyOn(em.getConnection(), "execute");
    const page1 = await listEmployees(em, actor, { subsidiary: o.subsidiaryId, archived: false });
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(page1.total).toBe(33);
    expect(page1.members).toHaveLength(30);
    expect(page1.members[0]!.lastname).toBe("liste00");
    const page2 = await listEmployees(db.em(), actor, { subsidiary: o.subsidiaryId, archived: false, page: 2 });
    expect(page2.members.map((m) => m.lastname)).toEqual(["liste30", "liste31", "liste32"]);
    expect((await listEmployees(db.em(), actor, { subsidiary: o.subsidiaryId, page: 9 })).total).toBe(35);

    const archived = await listEmployees(db.em(), actor, { subsidiary: o.subsidiaryId, archived: true, orderByFiredAtDesc: true });
    expect(archived.members.map((m) => m.lastname)).toEqual(["archive2", "archive1"]);
    expect((await listEmployees(db.em(), actor, { team: o.teamId, archived: false })).total).toBe(20);
    expect((await listEmployees(db.em(), actor, { division: o.divisionId, withoutTeam: true, archived: false })).total).toBe(13);
    expect((await listEmployees(db.em(), actor, { division: o.otherDivisionId })).total).toBe(0);
    const withRelations = (await listEmployees(db.em(), actor, { team: o.teamId })).members[0]!;
    expect(withRelations.relations.team).toEqual({ id: o.teamId, name: "Offset Liste", subsidiary: o.subsidiaryId, division: o.divisionId });
  });
});

describe("directory", () => {
  it("drills down subsidiary > division > team, sorted by last then first name, archives apart", async () => {
    const o = await createOrg(db.em(), " Annuaire");
    const actor = await actorOf(db.em(), manager);
    await createAccount(db.em(), o, { firstname: "zoé", lastname: "martin" });
    await createAccount(db.em(), o, { firstname: "anne", lastname: "martin" });
    await createAccount(db.em(), o, { firstname: "luc", lastname: "émery" });
    await createAccount(db.em(), o, { firstname: "paul", lastname: "sansequipe", teamId: null });
    await createAccount(db.em(), o, { firstname: "jean", lastname: "sanspole", teamId: null, divisionId: null });

    let sub = await subsidiaryDirectory(db.em(), actor, o.subsidiaryId);
    expect(sub.divisions.map((d) => d.name)).toEqual(["Finition Annuaire", "Impression Annuaire"]);
    expect(sub.archivedCount).toBe(0);
    expect(sub.withoutDivision.map((e) => e.displayName)).toEqual(["Jean SANSPOLE"]);

    const team = await teamDirectory(db.em(), actor, o.subsidiaryId, o.divisionId, o.teamId);
    expect(team.employees.map((e) => e.displayName)).toEqual(["Luc ÉMERY", "Anne MARTIN", "Zoé MARTIN"]);
    const div = await divisionDirectory(db.em(), actor, o.subsidiaryId, o.divisionId);
    expect(div.teams.map((tm) => tm.name)).toEqual(["Numérique Annuaire", "Offset Annuaire"]);
    expect(div.employees.map((e) => e.displayName)).toEqual(["Paul SANSEQUIPE"]);

    await createAccount(db.em(), o, { lastname: "parti", firedAt: "2025-12-31" });
    sub = await subsidiaryDirectory(db.em(), actor, o.subsidiaryId);
    expect(sub.archivedCount).toBe(1);
    const archive = await archiveDirectory(db.em(), actor, o.subsidiaryId);
    expect(archive.employees).toMatchObject([{ displayName: "Camille PARTI", firedAt: "2025-12-31" }]);
    expect((await teamDirectory(db.em(), actor, o.subsidiaryId, o.divisionId, o.teamId)).employees).toHaveLength(3);

    const found = await directoryHome(db.em(), actor, "MART");
    expect(found.results!.map((e) => e.displayName)).toEqual(["Anne MARTIN", "Zoé MARTIN"]);
    expect((await directoryHome(db.em(), actor, "parti")).results).toEqual([]);
    expect((await directoryHome(db.em(), actor, "50%_")).results).toEqual([]);
  });

  it("answers 404 when the ids of a path do not belong together", async () => {
    const a = await createOrg(db.em(), " A404");
    const b = await createOrg(db.em(), " B404");
    const actor = await actorOf(db.em(), manager);
    await expect(divisionDirectory(db.em(), actor, a.subsidiaryId, b.divisionId)).rejects.toMatchObject({ status: 404 });
    await expect(teamDirectory(db.em(), actor, a.subsidiaryId, a.otherDivisionId, a.teamId)).rejects.toMatchObject({ status: 404 });
    await expect(subsidiaryDirectory(db.em(), actor, 999999)).rejects.toMatchObject({ status: 404 });
  });
});

describe("deleteEmployee", () => {
  it("deletes the employee with their account and schedule; not oneself; 404 when gone", async () => {
    const actor = await actorOf(db.em(), manager);
    const { id, userId } = await createEmployee(db.em(), actor, completeSheet(org));
    await drainInlineJobs(); // the welcome mail job of the new account
    await deleteEmployee(db.em(), actor, id);
    expect(await db.sql("select 1 from employee where id = ?", [id])).toHaveLength(0);
    expect(await db.sql("select 1 from app_user where id = ?", [userId])).toHaveLength(0);
    expect(await db.sql("select 1 from week_schedule where employee_id = ?", [id])).toHaveLength(0);
    await expect(deleteEmployee(db.em(), actor, id)).rejects.toMatchObject({ status: 404 });
    await expect(deleteEmployee(db.em(), actor, manager.employeeId)).rejects.toMatchObject({ status: 409 });
  });
});
