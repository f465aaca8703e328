import { beforeAll, describe, expect, it } from "vitest";
import { mondayOf } from "~/domain/shared/iso-week";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, createRoleAccounts, type Org, type TestEmployee } from "~tests/support/factories";
import { emptyWeek } from "~/domain/employees/sheet";
import { completeSheet, sheetToForm, SEVEN_HOURS } from "~tests/support/factories-employees";
import { htmlClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
let org: Org;
let accounts: Record<string, TestEmployee>;

beforeAll(async () => {
  org = await createOrg(db.em());
  accounts = await createRoleAccounts(db.em(), org);
});

async function asManager() {
  const client = htmlClient(() => server.baseUrl);
  await client.login(accounts.ROLE_HEAD_MANAGEMENT!.email);
  return client;
}

const decode = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");

/** The texts of the field errors of a page (the required star's tooltip is not one). */
const fieldErrors = (html: string) => [...decode(html).matchAll(/class="field-error"[^>]*>([^<]*)</g)].map((m) => m[1]!);

describe("employee directory pages", () => {
  it("drills down from the subsidiaries to a team, with cards, counts and the archives card only when needed", async () => {
    const o = await createOrg(db.em(), " Html");
    await createEmployee(db.em(), o, { firstname: "anne", lastname: "martin" });
    await createEmployee(db.em(), o, { firstname: "luc", lastname: "bernard", teamId: null });
    const client = await asManager();

    const home = await client.get("/employees");
    expect(home.status).toBe(200);
    expect(home.text).toContain("3 Print Html");
    expect(home.text).toContain('class="card-grid"');
    expect(home.text).toContain('href="/employees/new"');

    const sub = await client.get(`/employees/subsidiary/${o.subsidiaryId}`);
    expect(sub.status).toBe(200);
    expect(sub.text).toContain("Impression Html");
    expect(sub.text).not.toContain(`/employees/subsidiary/${o.subsidiaryId}/archive`);

    const div = await client.get(`/employees/subsidiary/${o.subsidiaryId}/division/${o.divisionId}`);
    expect(div.text).toContain("Offset Html");
    expect(div.text).toContain("Luc BERNARD");
    expect(div.text).not.toContain("Anne MARTIN");

    const team = await client.get(`/employees/subsidiary/${o.subsidiaryId}/division/${o.divisionId}/team/${o.teamId}`);
    expect(team.text).toContain("Anne MARTIN");
    const empty = await client.get(`/employees/subsidiary/${o.subsidiaryId}/division/${o.divisionId}/team/${o.otherTeamId}`);
    expect(decode(empty.text)).toContain("Aucun employé dans cette équipe.");
    const noTeams = await client.get(`/employees/subsidiary/${o.subsidiaryId}/division/${o.otherDivisionId}`);
    expect(decode(noTeams.text)).toContain("Aucune équipe dans ce pôle.");

    await createEmployee(db.em(), o, { firstname: "paul", lastname: "parti", firedAt: "2025-11-30" });
    const withArchive = await client.get(`/employees/subsidiary/${o.subsidiaryId}`);
    expect(withArchive.text).toContain(`/employees/subsidiary/${o.subsidiaryId}/archive`);
    const archive = await client.get(`/employees/subsidiary/${o.subsidiaryId}/archive`);
    expect(archive.text).toContain("Paul PARTI");
    expect(archive.text).toContain("30/11/2025");
  });

  it("shows the empty states of a subsidiary and of a search", async () => {
    const o = await createOrg(db.em(), " Vide");
    const client = await asManager();
    const sub = await client.get(`/employees/subsidiary/${o.subsidiaryId}`);
    expect(decode(sub.text)).toContain("Aucun employé dans cette agence.");
    const search = await client.get("/employees?q=personne-de-ce-nom");
    expect(decode(search.text)).toContain("Aucun employé trouvé pour cette recherche.");
    const found = await client.get(`/employees?q=${encodeURIComponent("martin")}`);
    expect(found.text).toContain("Anne MARTIN");
  });

  it("answers 404 when a path mixes ids of different places", async () => {
    const a = await createOrg(db.em(), " P1");
    const b = await createOrg(db.em(), " P2");
    const client = await asManager();
    expect((await client.get(`/employees/subsidiary/${a.subsidiaryId}/division/${b.divisionId}`)).status).toBe(404);
    expect((await client.get(`/employees/subsidiary/${a.subsidiaryId}/division/${a.divisionId}/team/${b.teamId}`)).status).toBe(404);
    expect((await client.get("/employees/subsidiary/999999")).status).toBe(404);
    expect((await client.get("/employees/999999/edit")).status).toBe(404);
  });

  it("sends other roles to /login", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(accounts.ROLE_DEPARTMENT_HEAD!.email);
    const res = await client.get("/employees");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
  });
});

describe("employee sheet without JavaScript", () => {
  it("creates an employee: redirect to the edit page with the success alert, account and schedule stored", async () => {
    const client = await asManager();
    const page = await client.get("/employees/new");
    expect(page.status).toBe(200);
    // Decimals are written with a French comma and read with a comma or a point (issue 11 §4).
    expect(page.text).toContain('inputMode="decimal"');
    expect(page.text).toContain('value="2,08"');
    expect(decode(page.text)).toContain("Créer l'employé");
    // An empty form claims no completion (issue 11 §5).
    expect(decode(page.text)).not.toContain("Fiche complétée");
    expect(decode(page.text)).toContain("Informations administratives");

    const sheet = completeSheet(org, { email: "html.nouveau@cadran.test" });
    const res = await client.post("/employees/new", { ...sheetToForm(sheet), numberOfHoursPerWeek: "35,5", holidayEarnedThisYear: "12.5" });
    expect(res.status).toBe(302);
    const [row] = await db.sql<{ id: number }>("select id from employee where email = ?", ["html.nouveau@cadran.test"]);
    expect(res.location).toBe(`/employees/${row!.id}/edit`);
    expect(await db.sql("select 1 from app_user where email = ?", ["html.nouveau@cadran.test"])).toHaveLength(1);
    const [numbers] = await db.sql<{ h: string; e: string }>(
      "select number_of_hours_per_week::text as h, holiday_earned_this_year::text as e from employee where id = ?",
      [row!.id],
    );
    expect([Number(numbers!.h), Number(numbers!.e)]).toEqual([35.5, 12.5]);
    const [ws] = await db.sql<{ days: unknown[] }>("select days from week_schedule where employee_id = ?", [row!.id]);
    expect(ws!.days[0]).toEqual(SEVEN_HOURS);

    const edit = await client.get(res.location!);
    expect(decode(edit.text)).toContain("La fiche employé a été créée.");
    expect(decode(edit.text)).toContain("Fiche complétée à 100 %");
    expect(edit.text).toContain('value="35,5"');
    expect(edit.text).toContain("07:00");
    expect(edit.text).toContain(`/employees/subsidiary/${org.subsidiaryId}/division/${org.divisionId}/team/${org.teamId}`);
    await drainInlineJobs();
  });

  it("comes back filled with the French errors, nothing stored", async () => {
    const client = await asManager();
    const sheet = completeSheet(org, { email: "html.erreur@cadran.test", acronym: null, matricule: null });
    const form = { ...sheetToForm(sheet), acronym: "", numberOfHoursPerWeek: "abc", "weeks[0][0].morningStartHour": "25" };
    const res = await client.post("/employees/new", form);
    expect(res.status).toBe(400);
    const html = decode(res.text);
    expect(fieldErrors(res.text).sort()).toEqual(["Ce champ est obligatoire.", "Ce champ est obligatoire.", "Saisissez un nombre."].sort());
    expect(html).toContain("L'heure va de 0 à 23.");
    expect(html).toContain('value="html.erreur@cadran.test"');
    expect(await db.sql("select 1 from employee where email = ?", ["html.erreur@cadran.test"])).toHaveLength(0);
  });

  it.each([
    ["an acronym longer than 10 characters", { acronym: "ABCDEFGHIJK" }, "Le trigramme fait au plus 10 caractères."],
    ["an invalid personal e-mail", { emailPersonal: "pas-un-mail" }, "Email invalide."],
    ["an empty professional e-mail", { email: "" }, "Ce champ est obligatoire."],
    ["an empty profile type", { profileType: "" }, "Ce champ est obligatoire."],
  ])("refuses %s", async (_name, patch, message) => {
    const client = await asManager();
    const res = await client.post("/employees/new", { ...sheetToForm(completeSheet(org)), ...patch });
    expect(res.status).toBe(400);
    expect(fieldErrors(res.text)).toEqual([message]);
  });

  it("refuses a time-registered employee without a schedule (field error, nothing stored), not one who does not clock", async () => {
    const client = await asManager();
    const empty = completeSheet(org, { email: "html.sans.horaires@cadran.test", weeks: [emptyWeek(), emptyWeek()] });
    const res = await client.post("/employees/new", sheetToForm(empty));
    expect(res.status).toBe(400);
    expect(decode(res.text)).toContain("Un employé soumis au pointage a besoin d'horaires : remplissez la semaine type.");
    expect(decode(res.text)).toContain('value="html.sans.horaires@cadran.test"');
    expect(await db.sql("select 1 from employee where email = ?", ["html.sans.horaires@cadran.test"])).toHaveLength(0);
    // Alternate weeks with week 2 left empty: that week is named.
    const week2 = completeSheet(org, { weekType: "week_one_two" });
    const res2 = await client.post("/employees/new", sheetToForm(week2));
    expect(res2.status).toBe(400);
    expect(decode(res2.text)).toContain("Un employé soumis au pointage a besoin d'horaires : la semaine 2 est vide.");
    // Someone who does not clock needs no schedule.
    const noClock = completeSheet(org, { timeRegistration: false, weeks: [emptyWeek(), emptyWeek()] });
    expect((await client.post("/employees/new", sheetToForm(noClock))).status).toBe(302);
    await drainInlineJobs();
  });

  it("shows the schedule's weekly total beside the contract hours and warns when they differ", async () => {
    const client = await asManager();
    const same = await client.post("/employees/new", sheetToForm(completeSheet(org)));
    expect(same.status).toBe(302);
    const samePage = decode((await client.get(same.location!)).text);
    expect(samePage).toContain("Horaires saisis : 35 h 00 par semaine.");
    expect(samePage).toContain("Horaires : 35 h 00 par semaine · contrat : 35 h 00 par semaine.");
    expect(samePage).not.toContain("data-contract-warning");
    const more = await client.post("/employees/new", sheetToForm(completeSheet(org, { numberOfHoursPerWeek: 39 })));
    expect(more.status).toBe(302);
    const morePage = decode((await client.get(more.location!)).text);
    expect(morePage).toContain("Attention : les horaires (35 h 00 par semaine) ne correspondent pas aux heures du contrat (39 h 00 par semaine).");
    expect(morePage).toContain("data-contract-warning");
    await drainInlineJobs();
  });

  it("refuses a used matricule and e-mail as field errors, and a team of another division", async () => {
    const client = await asManager();
    const first = completeSheet(org);
    expect((await client.post("/employees/new", sheetToForm(first))).status).toBe(302);
    const dup = await client.post("/employees/new", sheetToForm(completeSheet(org, { matricule: first.matricule, email: first.email })));
    expect(dup.status).toBe(400);
    expect(decode(dup.text)).toContain("Ce matricule est déjà utilisé par un autre employé.");
    expect(decode(dup.text)).toContain("Cet e-mail professionnel est déjà utilisé par un autre compte.");
    const wrongTeam = await client.post("/employees/new", sheetToForm(completeSheet(org, { division: org.otherDivisionId })));
    expect(wrongTeam.status).toBe(400);
    expect(decode(wrongTeam.text)).toContain("Cette équipe n'appartient pas au pôle choisi.");
    await drainInlineJobs();
  });

  it("refuses as personal e-mail another person's login, as a field error, nothing stored", async () => {
    const client = await asManager();
    const sheet = completeSheet(org, { email: "html.perso@cadran.test", emailPersonal: accounts.ROLE_USER!.email.toUpperCase() });
    const res = await client.post("/employees/new", sheetToForm(sheet));
    expect(res.status).toBe(400);
    expect(fieldErrors(res.text)).toEqual(["Cet e-mail est l'identifiant de connexion d'un autre compte : choisissez une autre adresse personnelle."]);
    expect(await db.sql("select 1 from employee where email = ?", ["html.perso@cadran.test"])).toHaveLength(0);
  });

  it("edits and stays on the page; the refresh intent shows week 2 and totals without saving", async () => {
    const client = await asManager();
    const emp = await createEmployee(db.em(), org);
    const sheet = completeSheet(org);
    const inverted = { ...SEVEN_HOURS, morningStart: 12 * 60, morningEnd: 9 * 60 };
    // Week 2 holds hours: a time-registered employee needs both weeks of a rotation (issue 29 item 4).
    const form = sheetToForm({ ...sheet, weekType: "week_one_two", weeks: [[inverted, SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS, SEVEN_HOURS], [SEVEN_HOURS, ...sheet.weeks[1]!.slice(1)]] });

    const refresh = await client.post(`/employees/${emp.employeeId}/edit`, { ...form, intent: "refresh" });
    expect(refresh.status).toBe(200);
    expect(refresh.text).toContain('data-week="2"');
    expect(refresh.text).toMatch(/data-day-total="0"[^>]*><output[^>]*>00:00</);
    expect(fieldErrors(refresh.text)).toEqual([]);
    const [before] = await db.sql<{ week_type: string }>("select week_type from employee where id = ?", [emp.employeeId]);
    expect(before!.week_type).toBe("unique_week");

    const save = await client.post(`/employees/${emp.employeeId}/edit`, { ...form, intent: "save" });
    expect(save.status).toBe(302);
    expect(save.location).toBe(`/employees/${emp.employeeId}/edit`);
    const page = await client.get(save.location!);
    expect(decode(page.text)).toContain("La fiche employé a été enregistrée.");
    expect(page.text).toContain('data-week="2"');
    const [after] = await db.sql<{ week_type: string; profile_type: string }>("select week_type, profile_type from employee where id = ?", [emp.employeeId]);
    expect(after).toEqual({ week_type: "week_one_two", profile_type: "ROLE_EMPLOYEE" });
    // The contract of before is listed, in force until the Sunday before this week (decision 0070).
    const sunday = addDays(mondayOf(localDate(new Date(), "Europe/Paris")), -1);
    const former = decode(page.text);
    expect(former).toContain('data-testid="former-contracts"');
    expect(former).toMatch(new RegExp(`<th scope="row">${sunday.split("-").reverse().join("/")}</th><td>[^<]+</td><td>Semaine unique</td>`));
  });

  it("dates new hours back: a date in the future comes back as a field error with the form filled; a past one applies from its Monday", async () => {
    const client = await asManager();
    const emp = await createEmployee(db.em(), org);
    const sheet = completeSheet(org);
    expect((await client.post(`/employees/${emp.employeeId}/edit`, { ...sheetToForm(sheet), intent: "save" })).status).toBe(302);
    await db.sql("delete from contract_history where employee_id = ?", [emp.employeeId]);
    const today = localDate(new Date(), "Europe/Paris");
    const form = { ...sheetToForm({ ...sheet, numberOfHoursPerWeek: 39, position: "Conducteur" }), intent: "save" };

    const refused = await client.post(`/employees/${emp.employeeId}/edit`, { ...form, contractFrom: addDays(today, 3) });
    expect(refused.status).toBe(400);
    expect(decode(refused.text)).toContain("La date d'effet ne peut pas être dans le futur.");
    expect(refused.text).toContain(`value="${addDays(today, 3)}"`);
    expect(refused.text).toContain('value="Conducteur"');
    expect(await db.sql("select id from contract_history where employee_id = ?", [emp.employeeId])).toEqual([]);

    const back = addDays(mondayOf(today), -12); // a Wednesday two weeks ago
    const saved = await client.post(`/employees/${emp.employeeId}/edit`, { ...form, contractFrom: back });
    expect(saved.status).toBe(302);
    const rows = await db.sql<{ until: string }>("select valid_until::text as until from contract_history where employee_id = ?", [emp.employeeId]);
    expect(rows).toEqual([{ until: mondayOf(back) }]);
  });

  it("lists no former contract on a sheet whose contract never changed", async () => {
    const client = await asManager();
    const emp = await createEmployee(db.em(), org);
    const page = await client.get(`/employees/${emp.employeeId}/edit`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-testid="former-contracts"');
  });

  it("archives: the sheet becomes read-only with the explanatory text, and a later post is refused", async () => {
    const client = await asManager();
    const emp = await createEmployee(db.em(), org, { firstname: "zoé", lastname: "partante" });
    const sheet = completeSheet(org, { firedAt: "2026-02-28" });
    const save = await client.post(`/employees/${emp.employeeId}/edit`, sheetToForm(sheet));
    expect(save.status).toBe(302);
    const page = decode((await client.get(`/employees/${emp.employeeId}/edit`)).text);
    expect(page).toContain("archive-header");
    expect(page).toContain("28/02/2026");
    expect(page).toMatch(/<fieldset disabled=""/);
    expect(page).not.toContain("Enregistrer les modifications");
    expect(page).not.toContain("Fiche complétée");
    const again = await client.post(`/employees/${emp.employeeId}/edit`, sheetToForm({ ...sheet, position: "Autre" }));
    expect(again.status).toBe(409);
    expect(decode(again.text)).toContain("Cette fiche est archivée : elle ne peut plus être modifiée.");
    const [row] = await db.sql<{ position: string }>("select position from employee where id = ?", [emp.employeeId]);
    expect(row!.position).toBe("Imprimeur");
  });
});
