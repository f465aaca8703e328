/**
 * Issue 3 "Done when": an administrator sets up a new company from an empty database through the screens alone,
 * without JavaScript. The first account comes from `createAdmin` (what `npm run admin:create` runs); everything
 * after that goes through the HTML forms with the same field names and intents a browser without JavaScript sends.
 */
import { describe, expect, it } from "vitest";
import { emptyWeek, type EmployeeValues } from "~/domain/employees/sheet";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { createAdmin } from "~/services/identity/admin-bootstrap.server";
import { ConflictError, ValidationError } from "~/services/shared/errors";
import { useTestDatabase } from "~tests/support/db";
import { sheetToForm, SEVEN_HOURS } from "~tests/support/factories-employees";
import { htmlClient, useTestServer } from "~tests/support/http";
import { useInlineMail } from "~tests/support/smtp";

const db = useTestDatabase();
const server = useTestServer();
const inbox = useInlineMail();

const ADMIN_PASSWORD = "Premier-Acces-2026!";

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The names of the form controls of a page: what a browser can submit from it. */
const controlNames = (html: string) =>
  new Set([...html.matchAll(/<(?:input|select|textarea|button)\b[^>]*?\bname="([^"]*)"/g)].map((m) => decode(m[1]!)));

/** Every posted field is one the page offers (so the test posts what the browser form posts). */
function expectFieldsOf(html: string, form: Record<string, string>) {
  const names = controlNames(html);
  expect(Object.keys(form).filter((k) => !names.has(k))).toEqual([]);
}

/** The value of conform's "add a row" button (name="__intent__"), as a browser without JavaScript submits it. */
function insertIntent(html: string): string {
  // Match on the raw HTML: the value is a JSON text whose quotes are escaped as &quot; inside the attribute.
  const buttons = [...html.matchAll(/<button\b[^>]*>/g)].map((m) => m[0]).filter((b) => b.includes('name="__intent__"'));
  const values = buttons.map((b) => decode(/\bvalue="([^"]*)"/.exec(b)?.[1] ?? ""));
  const insert = values.find((v) => v.includes('"type":"insert"'));
  expect(insert).toBeTruthy();
  return insert!;
}

/** A settings "new" form: 302 to /settings, then the success alert on /settings. */
async function createThroughSettings(browser: ReturnType<typeof htmlClient>, path: string, form: Record<string, string>, name: string) {
  const page = await browser.get(path);
  expect(page.status).toBe(200);
  expectFieldsOf(page.text, form);
  const res = await browser.post(path, form);
  expect(res.status).toBe(302);
  expect(res.location).toBe("/settings");
  const settings = await browser.get("/settings");
  expect(settings.status).toBe(200);
  expect(decode(settings.text)).toContain(`« ${name} » a été créé.`);
  return page;
}

describe("setting up a company from an empty database, without JavaScript", () => {
  it("goes from the first account to an employee in a team, through the screens alone", async () => {
    // ---- an empty installation
    const [empty] = await db.sql<{ n: number }>(
      "select (select count(*) from employee)::int + (select count(*) from app_user)::int + (select count(*) from country)::int as n",
    );
    expect(empty!.n).toBe(0);

    // ---- the first account and its password link (what `npm run admin:create` prints)
    const admin = await createAdmin(db.em(), { email: "  Anne.Boss@Societe.FR ", firstname: "Anne", lastname: "Martin" }, server.baseUrl);
    expect(admin.email).toBe("anne.boss@societe.fr");
    expect(admin.link).toMatch(new RegExp(`^${server.baseUrl.replace(/[.]/g, "\\.")}/password/change/[A-Za-z0-9_-]{43}$`));
    const [account] = await db.sql<{ roles: string[]; password_hash: string | null; profile_type: string; firstname: string }>(
      `select u.roles, u.password_hash, e.profile_type, e.firstname from app_user u join employee e on e.id = u.employee_id where u.email = ?`,
      ["anne.boss@societe.fr"],
    );
    expect(account).toEqual({ roles: ["ROLE_HEAD_MANAGEMENT"], password_hash: null, profile_type: "ROLE_HEAD_MANAGEMENT", firstname: "Anne" });

    // ---- follow the link: choose the password, then log in
    const browser = htmlClient(() => server.baseUrl);
    const changePath = admin.link.slice(server.baseUrl.length);
    const change = await browser.get(changePath);
    expect(change.status).toBe(200);
    expectFieldsOf(change.text, { password: "", confirm: "" });
    const changed = await browser.post(changePath, { password: ADMIN_PASSWORD, confirm: ADMIN_PASSWORD });
    expect(changed.status).toBe(302);
    expect(changed.location).toBe("/login");
    expect(decode((await browser.get("/login")).text)).toContain("Votre mot de passe a été modifié.");
    // Single use: the same link is dead now.
    expect((await browser.get(changePath)).status).toBe(400);
    await browser.login("anne.boss@societe.fr", ADMIN_PASSWORD);
    const home = await browser.get("/");
    expect(home.status).toBe(200);

    // ---- a country with two holidays, rows added with the "add a holiday" button (no JavaScript: a round trip)
    const countryBase = {
      name: "France",
      timezone: "Europe/Paris",
      "overtime.paid": "25",
      "overtime.inRecuperation": "75",
      "overtime.employeeInitiatedRecuperation": "100",
      "overtime.employerInitiatedRecuperation": "50",
    };
    const countryPage = await browser.get("/settings/countries/new");
    expect(countryPage.status).toBe(200);
    expectFieldsOf(countryPage.text, { ...countryBase, intent: "save" });
    const oneRow = await browser.post("/settings/countries/new", { ...countryBase, __intent__: insertIntent(countryPage.text) });
    expect(oneRow.status).toBe(200);
    expect(controlNames(oneRow.text)).toContain("holidays[0].date");
    const firstRow = { "holidays[0].date": "2026-07-14", "holidays[0].name": "Fête nationale" };
    const twoRows = await browser.post("/settings/countries/new", { ...countryBase, ...firstRow, __intent__: insertIntent(oneRow.text) });
    expect(twoRows.status).toBe(200);
    expect(decode(twoRows.text)).toContain('value="Fête nationale"');
    const countryForm = { ...countryBase, ...firstRow, "holidays[1].date": "2026-12-25", "holidays[1].name": "Noël", intent: "save" };
    expectFieldsOf(twoRows.text, countryForm);
    const savedCountry = await browser.post("/settings/countries/new", countryForm);
    expect(savedCountry.status).toBe(302);
    expect(savedCountry.location).toBe("/settings");
    expect(decode((await browser.get("/settings")).text)).toContain("« France » a été créé.");
    const [country] = await db.sql<{ id: number; timezone: string; overtime_paid: string; employer_initiated_recuperation: string }>(
      "select id, timezone, overtime_paid::text, employer_initiated_recuperation::text from country where name = 'France'",
    );
    expect(country).toMatchObject({ timezone: "Europe/Paris", overtime_paid: "25.00", employer_initiated_recuperation: "50.00" });
    const holidays = await db.sql<{ date: string; name: string }>(
      "select to_char(date, 'YYYY-MM-DD') as date, name from holiday where country_id = ? order by date",
      [country!.id],
    );
    expect(holidays).toEqual([
      { date: "2026-07-14", name: "Fête nationale" },
      { date: "2026-12-25", name: "Noël" },
    ]);

    // ---- a subsidiary in it
    const subsidiaryPage = await createThroughSettings(
      browser,
      "/settings/subsidiaries/new",
      { name: "Imprimerie Lyon", country: String(country!.id), city: "Lyon", timezone: "Europe/Paris", intent: "save" },
      "Imprimerie Lyon",
    );
    expect(subsidiaryPage.text).toContain(`<option value="${country!.id}">France</option>`);
    const [subsidiary] = await db.sql<{ id: number; country_id: number; city: string }>(
      "select id, country_id, city from subsidiary where name = 'Imprimerie Lyon'",
    );
    expect(subsidiary).toMatchObject({ country_id: country!.id, city: "Lyon" });

    // ---- a division
    await createThroughSettings(
      browser,
      "/settings/divisions/new",
      { name: "Production", subsidiary: String(subsidiary!.id), intent: "save" },
      "Production",
    );
    const [division] = await db.sql<{ id: number; subsidiary_id: number }>("select id, subsidiary_id from division where name = 'Production'");
    expect(division!.subsidiary_id).toBe(subsidiary!.id);

    // ---- a team
    await createThroughSettings(
      browser,
      "/settings/teams/new",
      { name: "Offset", subsidiary: String(subsidiary!.id), division: String(division!.id), intent: "save" },
      "Offset",
    );
    const [team] = await db.sql<{ id: number; subsidiary_id: number; division_id: number }>(
      "select id, subsidiary_id, division_id from team where name = 'Offset'",
    );
    expect(team).toMatchObject({ subsidiary_id: subsidiary!.id, division_id: division!.id });

    // ---- an employee sheet in that team: every required field, a 35-hour week
    const sheet: EmployeeValues = {
      matricule: 1001,
      acronym: "LDU",
      firstname: "Léa",
      lastname: "Dupont",
      birthday: "1991-03-08",
      phone: "0612345678",
      email: "lea.dupont@societe.fr",
      emailPersonal: "lea.dupont@example.org",
      profileType: "ROLE_EMPLOYEE",
      position: "Conductrice offset",
      comments: null,
      typeContract: "CDI",
      numberOfHoursPerWeek: 35,
      numberOfHoursPerMonth: 151.67,
      hiredAt: "2026-01-05",
      firedAt: null,
      contractState: "En poste",
      annualSalary: 31000,
      hourlyCost: 20.5,
      holidayEarnedLastYear: 0,
      holidayTakenLastYear: 0,
      holidayEarnedThisYear: 0,
      holidayTakenThisYear: 0,
      holidayTotalBalance: 0,
      holidayMonthlyVacationAccrual: 2.08,
      holidayWorkingTimeReduction: false,
      country: country!.id,
      subsidiary: subsidiary!.id,
      division: division!.id,
      team: team!.id,
      departmentHead: false,
      teamLeader: false,
      timeRegistration: true,
      leaveWorkflow: "full",
      weekType: "unique_week",
      weeks: [[SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS], emptyWeek()],
    };
    // A unique week: the page shows week 1's inputs only, so week 2's are not posted.
    const employeeForm = Object.fromEntries(Object.entries(sheetToForm(sheet)).filter(([k]) => !k.startsWith("weeks[1]")));
    employeeForm.intent = "save";
    const newPage = await browser.get("/employees/new");
    expect(newPage.status).toBe(200);
    expectFieldsOf(newPage.text, employeeForm);
    expect(newPage.text).toContain(`value="${team!.id}"`);
    const savedEmployee = await browser.post("/employees/new", employeeForm);
    expect(savedEmployee.status).toBe(302);
    const [employee] = await db.sql<{ id: number; team_id: number; division_id: number; subsidiary_id: number; country_id: number }>(
      "select id, team_id, division_id, subsidiary_id, country_id from employee where email = 'lea.dupont@societe.fr'",
    );
    expect(employee).toMatchObject({ team_id: team!.id, division_id: division!.id, subsidiary_id: subsidiary!.id, country_id: country!.id });
    expect(savedEmployee.location).toBe(`/employees/${employee!.id}/edit`);
    const edit = decode((await browser.get(savedEmployee.location!)).text);
    expect(edit).toContain("La fiche employé a été créée.");
    expect(edit).toContain("Fiche complétée à 100 %");
    const [schedule] = await db.sql<{ days: unknown[] }>("select days from week_schedule where employee_id = ? and week_number = 1", [employee!.id]);
    expect(schedule!.days).toEqual([SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS]);

    // ---- the directory: subsidiaries -> subsidiary -> division -> team shows her
    const directory = decode((await browser.get("/employees")).text);
    expect(directory).toContain("Imprimerie Lyon");
    expect(directory).toContain(`/employees/subsidiary/${subsidiary!.id}`);
    const subsidiaryDir = decode((await browser.get(`/employees/subsidiary/${subsidiary!.id}`)).text);
    expect(subsidiaryDir).toContain("Production");
    const divisionPath = `/employees/subsidiary/${subsidiary!.id}/division/${division!.id}`;
    expect(subsidiaryDir).toContain(divisionPath);
    const divisionDir = decode((await browser.get(divisionPath)).text);
    expect(divisionDir).toContain("Offset");
    expect(divisionDir).toContain(`${divisionPath}/team/${team!.id}`);
    const teamDir = await browser.get(`${divisionPath}/team/${team!.id}`);
    expect(teamDir.status).toBe(200);
    expect(decode(teamDir.text)).toContain("Léa DUPONT");

    // ---- her account, and the welcome mail with her own password link
    const [user] = await db.sql<{ id: number; roles: string[]; password_hash: string | null }>(
      "select id, roles, password_hash from app_user where employee_id = ?",
      [employee!.id],
    );
    expect(user).toMatchObject({ roles: ["ROLE_EMPLOYEE"], password_hash: null });
    await drainInlineJobs();
    const welcome = await inbox.capture.waitFor((m) => m.to.includes("lea.dupont@societe.fr"));
    expect(welcome.subject).toBe("Cadran : choisissez votre mot de passe");
    expect(welcome.text).toContain("identifiant : lea.dupont@societe.fr");
    const welcomeLink = /\/password\/change\/[A-Za-z0-9_-]+/.exec(welcome.text)?.[0];
    expect(welcomeLink).toBeTruthy();
    const newcomer = htmlClient(() => server.baseUrl);
    expect((await newcomer.get(welcomeLink!)).status).toBe(200);
    expect((await newcomer.post(welcomeLink!, { password: "Bienvenue-Lea-1", confirm: "Bienvenue-Lea-1" })).status).toBe(302);
    await newcomer.login("lea.dupont@societe.fr", "Bienvenue-Lea-1");
  });
});

describe("createAdmin", () => {
  it("refuses an e-mail already used (whatever its case) and a malformed one, storing nothing", async () => {
    await createAdmin(db.em(), { email: "daf@compta.fr", firstname: "Luc", lastname: "Roux", role: "ROLE_FINANCIAL_MANAGEMENT" }, "http://localhost:3000");
    const count = async () => (await db.sql<{ n: number }>("select count(*)::int as n from app_user"))[0]!.n;
    const before = await count();

    const duplicate = createAdmin(db.em(), { email: "DAF@Compta.fr", firstname: "Autre", lastname: "Personne" }, "http://localhost:3000");
    await expect(duplicate).rejects.toBeInstanceOf(ConflictError);
    await expect(duplicate).rejects.toThrow("L'e-mail « daf@compta.fr » est déjà utilisé par un compte.");

    const bad = createAdmin(db.em(), { email: "pas-un-mail", firstname: "A", lastname: "B" }, "http://localhost:3000");
    await expect(bad).rejects.toBeInstanceOf(ValidationError);
    await expect(
      createAdmin(db.em(), { email: "x@compta.fr", firstname: "A", lastname: "B", role: "ROLE_EMPLOYEE" }, "http://localhost:3000"),
    ).rejects.toBeInstanceOf(ValidationError);

    expect(await count()).toBe(before);
    const [daf] = await db.sql<{ roles: string[] }>("select roles from app_user where email = 'daf@compta.fr'");
    expect(daf!.roles).toEqual(["ROLE_FINANCIAL_MANAGEMENT"]);
  });
});
