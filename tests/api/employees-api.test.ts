import { t } from "~/i18n/fr";
import { beforeAll, describe, expect, it } from "vitest";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { useTestDatabase } from "~tests/support/db";
import { ALL_ROLES, createEmployee, createOrg, createRoleAccounts, type Org, type TestEmployee } from "~tests/support/factories";
import { completeSheet, sheetToApiBody } from "~tests/support/factories-employees";
import { apiClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
let org: Org;
let accounts: Record<(typeof ALL_ROLES)[number], TestEmployee>;
let token: string;

beforeAll(async () => {
  org = await createOrg(db.em());
  accounts = await createRoleAccounts(db.em(), org);
  token = await api.login(accounts.ROLE_FINANCIAL_MANAGEMENT.email);
});

const NOT_MANAGEMENT = ALL_ROLES.filter((r) => r !== "ROLE_HEAD_MANAGEMENT" && r !== "ROLE_FINANCIAL_MANAGEMENT");
const paths = (res: { body: { violations?: { propertyPath: string }[] } }) => (res.body.violations ?? []).map((v) => v.propertyPath).sort();

describe("POST /api/employees", () => {
  it("creates the employee and the account; 201 with the item in the spec's shape", async () => {
    const sheet = completeSheet(org, { email: "API.Nouveau@cadran.test", firstname: "jean-marc", lastname: "api" });
    const body = { ...sheetToApiBody(sheet), birthday: 639_878_400 /* 12/04/1990 00:00 UTC */ };
    const res = await api.post("/api/employees", body, token);
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/employees/${res.body.id}`);
    expect(res.body).toMatchObject({
      "@id": `/api/employees/${res.body.id}`,
      "@type": "Employee",
      email: "api.nouveau@cadran.test",
      displayName: "Jean-Marc API",
      birthday: 639_878_400,
      hiredAt: Date.parse("2020-01-06T00:00:00Z") / 1000, // unix seconds like every date of a body (decision 0088)
      firedAt: null,
      numberOfHoursPerWeek: 35,
      holidayMonthlyVacationAccrual: 2.08,
      country: { "@id": `/api/countries/${org.countryId}`, id: org.countryId, name: "France" },
      subsidiary: { id: org.subsidiaryId, name: "3 Print" },
      division: { id: org.divisionId, name: "Impression", subsidiary: `/api/subsidiaries/${org.subsidiaryId}` },
      team: { id: org.teamId, name: "Offset", subsidiary: `/api/subsidiaries/${org.subsidiaryId}`, division: `/api/divisions/${org.divisionId}` },
      timeRegistration: true,
      completion: 100,
      lastStateTimeClock: "unbadged",
    });
    expect(res.body.weeks).toHaveLength(1);
    expect(res.body.weeks[0][0]).toEqual({ morning: { start: { hour: 9, minute: 0 }, end: { hour: 12, minute: 0 } }, afternoon: { start: { hour: 13, minute: 0 }, end: { hour: 17, minute: 0 } } });
    const [user] = await db.sql<{ email: string; roles: string[] }>("select email, roles from app_user where employee_id = ?", [res.body.id]);
    expect(user).toEqual({ email: "api.nouveau@cadran.test", roles: ["ROLE_EMPLOYEE"] });
    await drainInlineJobs();
  });

  it("answers 422 with a violation for every required field left empty", async () => {
    const res = await api.post("/api/employees", { email: "vide@cadran.test", firstname: "a", lastname: "b" }, token);
    expect(res.status).toBe(422);
    expect(paths(res)).toEqual(
      [
        "matricule", "acronym", "phone", "emailPersonal", "birthday", "typeContract", "numberOfHoursPerWeek", "numberOfHoursPerMonth",
        "hiredAt", "contractState", "annualSalary", "hourlyCost", "country", "subsidiary", "position", "division",
        // Time registration is on by default: an employee who clocks needs a schedule (issue 29 item 4).
        "weeks",
      ].sort(),
    );
    expect(res.body.violations[0].message).toBe("Ce champ est obligatoire.");
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["an acronym of 11 characters", { acronym: "ABCDEFGHIJK" }, "acronym", "Le trigramme fait au plus 10 caractères."],
    ["an invalid professional e-mail", { email: "pas-un-mail" }, "email", "Email invalide."],
    ["a professional e-mail with the Kelvin sign (issue 42 §2)", { email: "\u212Aim.sheet@cadran.test" }, "email", "Email invalide."],
    ["a professional e-mail with a long s", { email: "\u017Fophie.sheet@cadran.test" }, "email", "Email invalide."],
    ["a professional e-mail with full-width letters", { email: "\uFF4C\uFF45\uFF41@cadran.test" }, "email", "Email invalide."],
    ["a professional e-mail with a dotless i", { email: "\u0131rene.sheet@cadran.test" }, "email", "Email invalide."],
    ["a professional e-mail with a combining mark", { email: "le\u0301a.sheet@cadran.test" }, "email", "Email invalide."],
    ["an empty professional e-mail", { email: null }, "email", "Ce champ est obligatoire."],
    ["an empty profile type", { profileType: null }, "profileType", "Ce champ est obligatoire."],
    ["an unknown profile type", { profileType: "ROLE_ROOT" }, "profileType", "Choisissez une valeur de la liste."],
    ["an unknown contract type", { typeContract: "INTERIM" }, "typeContract", "Choisissez une valeur de la liste."],
    ["an unknown workflow", { leaveWorkflow: "slow" }, "leaveWorkflow", "Choisissez une valeur de la liste."],
    ["an unknown week type", { weekType: "week_three" }, "weekType", "Choisissez une valeur de la liste."],
    ["a negative salary", { annualSalary: -1 }, "annualSalary", "Saisissez un nombre positif ou nul."],
    ["a text as hours", { numberOfHoursPerWeek: "35h" }, "numberOfHoursPerWeek", "Saisissez un nombre."],
    ["a decimal matricule", { matricule: 12.5 }, "matricule", "Saisissez un nombre entier."],
    ["a broken date", { hiredAt: "2026-02-30" }, "hiredAt", "Saisissez une date valide."],
    ["an IRI of the wrong collection", { team: "/api/divisions/1" }, "team", "Référence invalide."],
    ["a schedule of four days", { weeks: [[{}, {}, {}, {}]] }, "weeks.0", "Le planning contient une ou deux semaines de 5 jours."],
    ["an hour of 24", { weeks: [[{ morning: { start: { hour: 24, minute: 0 }, end: null }, afternoon: null }, {}, {}, {}, {}]] }, "weeks.0.0.morning.start.hour", "L'heure va de 0 à 23."],
    ["a yes/no as text", { teamLeader: "oui" }, "teamLeader", "Répondez oui ou non."],
    ["a time-registered employee with an empty schedule", { weeks: [[{}, {}, {}, {}, {}]] }, "weeks", "Un employé soumis au pointage a besoin d'horaires : remplissez la semaine type."],
  ])("answers 422 for %s", async (_name, patch, path, message) => {
    const res = await api.post("/api/employees", { ...sheetToApiBody(completeSheet(org)), ...patch }, token);
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([{ propertyPath: path, message }]);
  });

  it("answers 422 for a used matricule or e-mail and for places that do not belong together", async () => {
    const first = completeSheet(org);
    expect((await api.post("/api/employees", sheetToApiBody(first), token)).status).toBe(201);
    const dup = await api.post("/api/employees", sheetToApiBody(completeSheet(org, { matricule: first.matricule, email: first.email!.toUpperCase() })), token);
    expect(dup.status).toBe(422);
    expect(paths(dup)).toEqual(["email", "matricule"]);
    const other = await createOrg(db.em(), " Ailleurs");
    const wrongDivision = await api.post("/api/employees", sheetToApiBody(completeSheet(org, { division: other.divisionId, team: null })), token);
    expect(wrongDivision.body.violations).toEqual([{ propertyPath: "division", message: "Ce pôle n'appartient pas à l'agence choisie." }]);
    const wrongTeam = await api.post("/api/employees", sheetToApiBody(completeSheet(org, { team: other.teamId })), token);
    expect(wrongTeam.body.violations).toEqual([{ propertyPath: "team", message: "Cette équipe n'appartient pas au pôle choisi." }]);
    await drainInlineJobs();
  });

  it("answers 422 (French violation on emailPersonal) when the personal e-mail is another person's login, on POST and PUT", async () => {
    const someone = accounts.ROLE_USER.email;
    const res = await api.post("/api/employees", sheetToApiBody(completeSheet(org, { emailPersonal: someone.toUpperCase() })), token);
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([
      { propertyPath: "emailPersonal", message: "Cet e-mail est l'identifiant de connexion d'un autre compte : choisissez une autre adresse personnelle." },
    ]);
    const created = await api.post("/api/employees", sheetToApiBody(completeSheet(org)), token);
    expect(created.status).toBe(201);
    const put = await api.put(`/api/employees/${created.body.id}`, { emailPersonal: someone }, token);
    expect(put.status).toBe(422);
    expect(paths(put)).toEqual(["emailPersonal"]);
    const [row] = await db.sql<{ email_personal: string }>("select email_personal from employee where id = ?", [created.body.id]);
    expect(row!.email_personal).not.toBe(someone);
    // Their own login as personal e-mail is harmless.
    expect((await api.put(`/api/employees/${created.body.id}`, { emailPersonal: created.body.email }, token)).status).toBe(200);
    await drainInlineJobs();
  });

  it("answers 415 for a form body", async () => {
    const res = await api.call("POST", "/api/employees", { token, rawBody: "a=1", contentType: "application/x-www-form-urlencoded" });
    expect(res.status).toBe(415);
  });

  it.each(NOT_MANAGEMENT)("answers 403 to %s", async (role) => {
    const other = await api.login(accounts[role].email);
    const res = await api.post("/api/employees", sheetToApiBody(completeSheet(org)), other);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Vous n'avez pas accès à cette page.");
  });
});

describe("GET /api/employees", () => {
  let o: Org;
  beforeAll(async () => {
    o = await createOrg(db.em(), " Filtres");
    await createEmployee(db.em(), o, { lastname: "zola" });
    await createEmployee(db.em(), o, { lastname: "abel" });
    await createEmployee(db.em(), o, { lastname: "sansequipe", teamId: null });
    await createEmployee(db.em(), o, { lastname: "autreequipe", teamId: o.otherTeamId });
    await createEmployee(db.em(), o, { lastname: "parti-tot", firedAt: "2024-01-31" });
    await createEmployee(db.em(), o, { lastname: "parti-tard", firedAt: "2025-09-30" });
  });
  const names = (res: { body: { "hydra:member": { lastname: string }[] } }) => res.body["hydra:member"].map((m) => m.lastname);

  it.each<[string, string, string[]]>([
    ["active employees of a subsidiary, by last name", `subsidiary=${0}&exists[contract.firedAt]=false`, ["abel", "autreequipe", "sansequipe", "zola"]],
    ["archived, latest departure first", `subsidiary=${0}&exists[contract.firedAt]=true&order[contract.firedAt]=desc`, ["parti-tard", "parti-tot"]],
    ["a team (as an IRI)", `team=/api/teams/${-1}&exists[contract.firedAt]=false`, ["abel", "zola"]],
    ["a division without team", `division=${-2}&exists[team]=false`, ["sansequipe"]],
  ])("filters: %s", async (_name, query, expected) => {
    const q = query.replace("subsidiary=0", `subsidiary=${o.subsidiaryId}`).replace("/api/teams/-1", `/api/teams/${o.teamId}`).replace("division=-2", `division=${o.divisionId}`);
    const res = await api.get(`/api/employees?${q}`, token);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(expected);
    expect(res.body["hydra:totalItems"]).toBe(expected.length);
  });

  it("paginates by 30 with the total", async () => {
    const all = await api.get("/api/employees", token);
    const total = all.body["hydra:totalItems"];
    expect(all.body["hydra:member"].length).toBe(Math.min(30, total));
    const last = await api.get(`/api/employees?page=${Math.ceil(total / 30) + 1}`, token);
    const pages = Math.ceil(total / 30);
    expect(last.body).toEqual({
      "hydra:member": [],
      "hydra:totalItems": total,
      "hydra:view": {
        "@id": `/api/employees?page=${pages + 1}`,
        "@type": "hydra:PartialCollectionView",
        "hydra:first": "/api/employees?page=1",
        "hydra:last": `/api/employees?page=${pages}`,
        "hydra:previous": `/api/employees?page=${pages}`,
      },
    });
  });

  it("answers 400 for a filter it cannot read", async () => {
    expect((await api.get("/api/employees?exists[contract.firedAt]=maybe", token)).status).toBe(400);
    expect((await api.get("/api/employees?team=/api/divisions/1", token)).status).toBe(400);
    expect((await api.get("/api/employees?page=0", token)).status).toBe(400);
  });

  it.each(NOT_MANAGEMENT)("answers 403 to %s", async (role) => {
    const other = await api.login(accounts[role].email);
    expect((await api.get("/api/employees", other)).status).toBe(403);
  });
});

describe("GET, PUT, DELETE /api/employees/{id}", () => {
  it("anyone reads their own sheet; another id is 404 unless management", async () => {
    const me = accounts.ROLE_EMPLOYEE;
    const mine = await api.login(me.email);
    const own = await api.get(`/api/employees/${me.employeeId}`, mine);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: me.employeeId, email: me.email, profileType: "ROLE_EMPLOYEE" });
    expect((await api.get(`/api/employees/${accounts.ROLE_TEAM_LEADER.employeeId}`, mine)).status).toBe(404);
    expect((await api.get(`/api/employees/${accounts.ROLE_TEAM_LEADER.employeeId}`, token)).status).toBe(200);
    expect((await api.get("/api/employees/999999", token)).status).toBe(404);
    expect((await api.get("/api/employees/abc", token)).status).toBe(404);
    expect((await api.get(`/api/employees/${me.employeeId}`)).status).toBe(401);
  });

  it("gives the read-only extras of today: a full-day leave, a half-day leave, overtime in progress", async () => {
    const full = await createEmployee(db.em(), org, { email: "extras.full@cadran.test" });
    const half = await createEmployee(db.em(), org, { email: "extras.half@cadran.test" });
    const late = await createEmployee(db.em(), org, { email: "extras.late@cadran.test" });
    const today = "(now() at time zone 'Europe/Paris')::date";
    await db.sql(
      `insert into leave (employee_id, reason, start, "end", state, number_days_work, created_at, updated_at)
       values (?, 'SICK_LEAVE', ${today} - 1, ${today} + 1, 'accepted', 3, now(), now())`,
      [full.employeeId],
    );
    await db.sql(
      `insert into leave (employee_id, reason, start, "end", half_day_afternoon, state, number_days_work, created_at, updated_at)
       values (?, 'PAID_LEAVE', ${today}, ${today}, true, 'accepted', 0.5, now(), now())`,
      [half.employeeId],
    );
    await db.sql(
      `insert into time_clock (employee_id, date, type, working_time_seconds, expected_seconds, created_at, updated_at)
       values (?, ${today}, 'START', 30000, 25200, now(), now())`,
      [late.employeeId],
    );
    const get = async (id: number) => (await api.get(`/api/employees/${id}`, token)).body;
    expect(await get(full.employeeId)).toMatchObject({ isInLeave: true, isInOvertime: false, halfDayLeave: null });
    expect(await get(half.employeeId)).toMatchObject({
      isInLeave: false,
      halfDayLeave: { reason: "PAID_LEAVE", halfDayMorning: false, halfDayAfternoon: true },
    });
    expect(await get(late.employeeId)).toMatchObject({ isInLeave: false, isInOvertime: true, halfDayLeave: null });
  });

  it("PUT saves the fields sent, keeps the others, and follows login and role", async () => {
    const created = await api.post("/api/employees", sheetToApiBody(completeSheet(org)), token);
    const id = created.body.id;
    const res = await api.put(
      `/api/employees/${id}`,
      { position: "Chef d'atelier", profileType: "ROLE_TEAM_LEADER", email: "Promu@Cadran.test", weekType: "week_one_two", weeks: [created.body.weeks[0], created.body.weeks[0]] },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, position: "Chef d'atelier", profileType: "ROLE_TEAM_LEADER", email: "promu@cadran.test", acronym: created.body.acronym });
    expect(res.body.weeks).toHaveLength(2);
    const [user] = await db.sql<{ email: string; roles: string[] }>("select email, roles from app_user where employee_id = ?", [id]);
    expect(user).toEqual({ email: "promu@cadran.test", roles: ["ROLE_TEAM_LEADER"] });

    const invalid = await api.put(`/api/employees/${id}`, { position: null, acronym: "ABCDEFGHIJKL" }, token);
    expect(invalid.status).toBe(422);
    expect(paths(invalid)).toEqual(["acronym"]);
    const missing = await api.put(`/api/employees/${id}`, { position: null }, token);
    expect(missing.status).toBe(422);
    expect(missing.body.violations).toEqual([{ propertyPath: "position", message: "Ce champ est obligatoire." }]);
    // Issue 41: one wrong field is named in `message`, with its reason (a body rule and a sheet rule alike).
    expect(invalid.body.message).toBe(`${t("employee.acronym")} : ${invalid.body.violations[0].message}`);
    expect(missing.body.message).toBe("Poste : Ce champ est obligatoire.".replace("Poste", t("employee.position")));
    const badMail = await api.put(`/api/employees/${id}`, { emailPersonal: "pas-un-mail" }, token);
    expect(badMail.status).toBe(422);
    expect(badMail.body.message).toBe(`${t("employee.emailPersonal")} : ${t("email.invalid")}`);
    expect(badMail.body.message).not.toBe("Certains champs sont invalides.");
    expect((await api.put("/api/employees/999999", { position: "x" }, token)).status).toBe(404);
    await drainInlineJobs();
  });

  it("PUT dates new hours back with contractFrom (kept off the sheet); a date in the future is a 422 on contractFrom", async () => {
    const created = await api.post("/api/employees", sheetToApiBody(completeSheet(org, { hiredAt: "2025-01-06" })), token);
    const id = created.body.id;
    const future = await api.put(`/api/employees/${id}`, { numberOfHoursPerWeek: 39, contractFrom: "2999-01-01" }, token);
    expect(future.status).toBe(422);
    expect(future.body.violations).toEqual([{ propertyPath: "contractFrom", message: "La date d'effet ne peut pas être dans le futur." }]);
    const ok = await api.put(`/api/employees/${id}`, { numberOfHoursPerWeek: 39, contractFrom: "2026-03-04" }, token);
    expect(ok.status).toBe(200);
    expect(ok.body).not.toHaveProperty("contractFrom");
    const rows = await db.sql<{ until: string; hours: string }>(
      "select valid_until::text as until, number_of_hours_per_week::text as hours from contract_history where employee_id = ?",
      [id],
    );
    expect(rows).toEqual([{ until: "2026-03-02", hours: "35.00" }]);
    await drainInlineJobs();
  });

  it("PUT with a departure date archives: the employee's token dies, the sheet is then refused with 409", async () => {
    const leaver = await createEmployee(db.em(), org, { lastname: "depart" });
    const theirs = await api.login(leaver.email);
    const res = await api.put(`/api/employees/${leaver.employeeId}`, { firedAt: 1_772_236_800 /* 28/02/2026 */ }, token);
    expect(res.status).toBe(200);
    expect(res.body.firedAt).toBe(1_772_236_800);
    expect((await api.get(`/api/employees/${leaver.employeeId}`, theirs)).status).toBe(401);
    const again = await api.put(`/api/employees/${leaver.employeeId}`, { position: "x" }, token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Cette fiche est archivée : elle ne peut plus être modifiée.");
  });

  it("DELETE removes the employee (204), then 404; management only", async () => {
    const victim = await createEmployee(db.em(), org, { lastname: "supprime" });
    const other = await api.login(accounts.ROLE_DEPARTMENT_HEAD.email);
    expect((await api.delete(`/api/employees/${victim.employeeId}`, other)).status).toBe(403);
    const res = await api.delete(`/api/employees/${victim.employeeId}`, token);
    expect(res.status).toBe(204);
    expect(await db.sql("select 1 from app_user where id = ?", [victim.userId])).toHaveLength(0);
    expect((await api.delete(`/api/employees/${victim.employeeId}`, token)).status).toBe(404);
  });

  it.each(NOT_MANAGEMENT)("PUT answers 403 to %s, even on their own sheet", async (role) => {
    const other = await api.login(accounts[role].email);
    expect((await api.put(`/api/employees/${accounts[role].employeeId}`, { position: "x" }, other)).status).toBe(403);
  });
});
