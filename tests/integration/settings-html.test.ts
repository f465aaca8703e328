/**
 * The settings screens over HTTP like a browser without JavaScript: the four cards, the forms with their field
 * errors (400, nothing stored), the holiday rows added and removed by the server, the redirect/stay behaviour
 * and the deletion with its refusal message.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, createRoleAccounts, type Org } from "~tests/support/factories";
import { htmlClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
let org: Org;
let daf: string;
let direction: string;

/** conform's list intents, as the add/remove buttons submit them (name="__intent__"). */
const ADD_HOLIDAY = JSON.stringify({ type: "insert", payload: { name: "holidays" } });
const removeHoliday = (index: number) => JSON.stringify({ type: "remove", payload: { name: "holidays", index } });

const countryFields = (name: string, extra: Record<string, string> = {}) => ({
  name,
  timezone: "Europe/Lisbon",
  "overtime.paid": "50",
  "overtime.inRecuperation": "50",
  "overtime.employeeInitiatedRecuperation": "20",
  "overtime.employerInitiatedRecuperation": "30",
  ...extra,
});

/** Decodes the few entities React writes, for text assertions. */
function text(html: string) {
  return html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
}

async function signedIn(email: string) {
  const c = htmlClient(() => server.baseUrl);
  await c.login(email);
  return c;
}

beforeAll(async () => {
  org = await createOrg(db.em());
  const accounts = await createRoleAccounts(db.em(), org);
  daf = accounts.ROLE_FINANCIAL_MANAGEMENT.email;
  direction = accounts.ROLE_HEAD_MANAGEMENT.email;
});

describe("/settings", () => {
  it("shows the four cards with items by name, add buttons, edit links and delete confirmations naming the item", async () => {
    const c = await signedIn(daf);
    const res = await c.get("/settings");
    expect(res.status).toBe(200);
    const html = text(res.text);
    for (const title of ["Agences", "Pôles", "Équipes", "Pays"]) expect(html).toContain(`>${title}</h2>`);
    for (const path of ["subsidiaries", "divisions", "teams", "countries"]) expect(html).toContain(`href="/settings/${path}/new"`);
    expect(html).toContain(`href="/settings/teams/${org.teamId}/edit"`);
    // One confirm step for the page (decision 0033): a row's delete button asks `?confirm=delete-team-N` with the
    // page's one GET form; no dialog is sent until one is asked, then only that one, naming the item.
    expect(html).toContain(`form="settings-confirm"`);
    expect(html).toContain(`value="delete-team-${org.otherTeamId}"`);
    expect(html).not.toContain("Voulez-vous vraiment supprimer");
    expect(html).not.toContain('role="dialog"');
    const asked = text((await c.get(`/settings?confirm=delete-team-${org.otherTeamId}`)).text);
    expect(asked).toContain("Voulez-vous vraiment supprimer « Numérique » ?");
    expect(asked.match(/role="dialog"/g)).toHaveLength(1);
    expect(asked).toContain(`name="intent" value="delete-team-${org.otherTeamId}"`);
    expect(asked).toContain('action="/settings?index"');
    // A malformed or unknown confirm shows no dialog.
    for (const bad of ["delete-team-x", "drop-team-1", `delete-team-${org.otherTeamId}0`]) {
      const res = await c.get(`/settings?confirm=${bad}`);
      expect(res.status).toBe(200);
      expect(text(res.text)).not.toContain('role="dialog"');
    }
    // Divisions ordered by name: Finition before Impression.
    expect(html.indexOf(">Finition<")).toBeLessThan(html.indexOf(">Impression<"));
  });

  it.each(["ROLE_EMPLOYEE", "ROLE_TEAM_LEADER", "ROLE_DEPARTMENT_HEAD", "ROLE_HOST_EMPLOYEE", "ROLE_COMMERCIAL"])(
    "logs a %s out to /login (no right)",
    async (role) => {
      for (const path of ["/settings", "/settings/countries/new", `/settings/teams/${org.teamId}/edit`]) {
        const res = await (await signedIn(`${role.toLowerCase()}@cadran.test`)).get(path);
        expect(res.status).toBe(302);
        expect(res.location).toBe("/login");
      }
      const c = await signedIn(`${role.toLowerCase()}@cadran.test`);
      const post = await c.post("/settings?index", { intent: `delete-team-${org.otherTeamId}` });
      expect(post.status).toBe(302);
      expect(post.location).toBe("/login");
      expect(await db.sql("select id from team where id = ?", [org.otherTeamId])).toHaveLength(1);
    },
  );

  it("refuses to delete a team with employees (French message), deletes an empty one", async () => {
    const c = await signedIn(direction);
    const refused = await c.post("/settings?index", { intent: `delete-team-${org.teamId}` });
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/settings");
    expect(text((await c.get("/settings")).text)).toContain("Impossible de supprimer l'équipe « Offset » : elle compte encore des employés.");
    expect(await db.sql("select id from team where id = ?", [org.teamId])).toHaveLength(1);

    const o = await createOrg(db.em(), " del");
    const done = await c.post("/settings?index", { intent: `delete-team-${o.otherTeamId}` });
    expect(done.location).toBe("/settings");
    expect(text((await c.get("/settings")).text)).toContain("« Numérique del » a été supprimé.");
    expect(await db.sql("select id from team where id = ?", [o.otherTeamId])).toHaveLength(0);
  });
});

describe("/settings teams by pages of 50", () => {
  it("shows 50 teams a page with their range and GET page links, keeps the page through the confirm step and the deletion", async () => {
    const rows = await db.sql<{ id: number }>(
      `insert into team (name, subsidiary_id, division_id)
       select 'Zz équipe ' || lpad(n::text, 2, '0'), ?, ? from generate_series(1, 60) n returning id`,
      [org.subsidiaryId, org.divisionId],
    );
    const total = Number((await db.sql<{ n: string }>("select count(*) as n from team"))[0]!.n);
    expect(total).toBeGreaterThan(50);
    const pages = Math.ceil(total / 50);
    const c = await signedIn(direction);
    const first = text((await c.get("/settings")).text);
    expect(first.match(/value="delete-team-/g)).toHaveLength(50);
    expect(first).toContain(`Équipes 1 à 50 sur ${total}`);
    expect(first).toContain('href="/settings?page=2"');
    expect(first).not.toContain('name="page"');

    const last = text((await c.get(`/settings?page=${pages}`)).text);
    expect(last).toContain("Zz équipe 60");
    expect(last).toContain(`Équipes ${(pages - 1) * 50 + 1} à ${total} sur ${total}`);
    // Past the end: the last page; malformed: the first.
    expect(text((await c.get("/settings?page=999")).text)).toContain(`Équipes ${(pages - 1) * 50 + 1} à ${total} sur ${total}`);
    expect(text((await c.get("/settings?page=abc")).text)).toContain(`Équipes 1 à 50 sur ${total}`);

    const zz60 = rows[rows.length - 1]!.id;
    expect(last).toContain(`<input type="hidden" name="page" value="${pages}"/>`);
    const asked = text((await c.get(`/settings?page=${pages}&confirm=delete-team-${zz60}`)).text);
    expect(asked).toContain("Voulez-vous vraiment supprimer « Zz équipe 60 » ?");
    const done = await c.post("/settings?index", { intent: `delete-team-${zz60}`, page: String(pages) });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/settings?page=${pages}`);
    expect(await db.sql("select id from team where id = ?", [zz60])).toHaveLength(0);
    // The other cards are whole on every page.
    expect(last).toContain('href="/settings/countries/new"');
    expect(last).toContain(">Finition<");
  });
});

describe("country form", () => {
  it("has a breadcrumb, a back link and required stars with the tooltip", async () => {
    const c = await signedIn(daf);
    const html = text((await c.get("/settings/countries/new")).text);
    expect(html).toContain('aria-label="Fil d\'Ariane"');
    expect(html).toContain("Retour aux paramètres");
    expect(html).toContain('title="Ce champ est obligatoire."');
    expect(html).toContain("Europe/Lisbon</option>");
  });

  it("adds and removes holiday rows without JavaScript (200, nothing saved), then saves everything", async () => {
    const c = await signedIn(daf);
    const added = await c.post("/settings/countries/new", { ...countryFields("Cap-Vert"), __intent__: ADD_HOLIDAY });
    expect(added.status).toBe(200);
    expect(added.text).toContain('name="holidays[0].date"');
    expect(added.text).not.toContain('name="holidays[1].date"');
    expect(added.text).toContain('value="Cap-Vert"');
    const two = await c.post("/settings/countries/new", {
      ...countryFields("Cap-Vert"),
      "holidays[0].date": "2026-07-05",
      "holidays[0].name": "Indépendance",
      __intent__: ADD_HOLIDAY,
    });
    expect(two.status).toBe(200);
    expect(two.text).toContain('name="holidays[1].date"');
    expect(two.text).toContain('value="Indépendance"');
    const removed = await c.post("/settings/countries/new", {
      ...countryFields("Cap-Vert"),
      "holidays[0].date": "2026-07-05",
      "holidays[0].name": "Indépendance",
      "holidays[1].date": "",
      "holidays[1].name": "",
      __intent__: removeHoliday(0),
    });
    expect(removed.status).toBe(200);
    expect(removed.text).not.toContain('value="Indépendance"');
    expect(removed.text).toContain('name="holidays[0].date"');
    expect(await db.sql("select id from country where name = 'Cap-Vert'")).toHaveLength(0);

    const saved = await c.post("/settings/countries/new", {
      ...countryFields("Cap-Vert"),
      "holidays[0].date": "2026-07-05",
      "holidays[0].name": "Indépendance",
      "holidays[1].date": "2026-01-20",
      "holidays[1].name": "Héros nationaux",
      "holidays[2].date": "",
      "holidays[2].name": "",
      intent: "save",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/settings");
    const [country] = await db.sql<{ id: number; timezone: string; overtime_paid: string }>(
      "select id, timezone, overtime_paid from country where name = 'Cap-Vert'",
    );
    expect(country).toMatchObject({ timezone: "Europe/Lisbon", overtime_paid: "50.00" });
    const holidays = await db.sql<{ date: string; name: string }>(
      "select to_char(date, 'YYYY-MM-DD') as date, name from holiday where country_id = ? order by date",
      [country!.id],
    );
    expect(holidays).toEqual([
      { date: "2026-01-20", name: "Héros nationaux" },
      { date: "2026-07-05", name: "Indépendance" },
    ]);
    expect(text((await c.get("/settings")).text)).toContain("« Cap-Vert » a été créé.");
  });

  it.each([
    ["an empty name", { name: "" }, "name", "Le nom est obligatoire."],
    ["a time zone outside the list", { timezone: "Mars/Olympus" }, "timezone", "Choisissez un fuseau horaire de la liste."],
    ["an empty overtime field", { "overtime.paid": "" }, "overtime.paid", "Ce pourcentage est obligatoire."],
    ["a percentage above 100", { "overtime.inRecuperation": "101" }, "overtime.inRecuperation", "Le pourcentage doit être compris entre 0 et 100."],
    ["a negative percentage", { "overtime.employerInitiatedRecuperation": "-1" }, "overtime.employerInitiatedRecuperation", "Le pourcentage doit être compris entre 0 et 100."],
    ["a holiday without name", { "holidays[0].date": "2026-07-14", "holidays[0].name": "" }, "holidays[0].name", "Le nom du jour férié est obligatoire."],
    ["a holiday without date", { "holidays[0].date": "", "holidays[0].name": "Fête" }, "holidays[0].date", "La date du jour férié est obligatoire."],
    [
      "the same day twice",
      { "holidays[0].date": "2026-07-14", "holidays[0].name": "A", "holidays[1].date": "2026-07-14", "holidays[1].name": "B" },
      "holidays[1].date",
      "Ce jour férié est déjà dans la liste.",
    ],
    ["a name already used", { name: "FRANCE" }, "name", "Un pays porte déjà ce nom."],
  ])("refuses %s with 400, the French error on the field, nothing stored", async (_name, change, field, message) => {
    const c = await signedIn(daf);
    const res = await c.post("/settings/countries/new", { ...countryFields("Groenland"), ...change, intent: "save" });
    expect(res.status).toBe(400);
    const html = text(res.text);
    expect(html).toContain(message);
    expect(html).toMatch(new RegExp(`name="${field.replace(/[[\].]/g, "\\$&")}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field.replace(/[[\].]/g, "\\$&")}"`));
    expect(await db.sql("select id from country where name = 'Groenland'")).toHaveLength(0);
  });

  it("edits a country and stays on the page with « Modifications enregistrées. »", async () => {
    const c = await signedIn(daf);
    const page = await c.get(`/settings/countries/${org.countryId}/edit`);
    expect(page.status).toBe(200);
    const res = await c.post(`/settings/countries/${org.countryId}/edit`, {
      ...countryFields("France"),
      timezone: "Europe/Paris",
      // A percentage typed with a French comma (issue 11 §4).
      "overtime.paid": "37,5",
      "holidays[0].date": "2026-07-14",
      "holidays[0].name": "Fête nationale",
      intent: "save",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/settings/countries/${org.countryId}/edit`);
    const again = text((await c.get(res.location!)).text);
    expect(again).toContain("Modifications enregistrées.");
    expect(again).toContain('value="Fête nationale"');
    expect(again).toContain('value="2026-07-14"');
    expect(again).toContain('value="37,5"');
    const [stored] = await db.sql<{ paid: number }>("select overtime_paid::float8 as paid from country where id = ?", [org.countryId]);
    expect(stored!.paid).toBe(37.5);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const c = await signedIn(daf);
    expect((await c.get("/settings/countries/999999/edit")).status).toBe(404);
    expect((await c.get("/settings/countries/abc/edit")).status).toBe(404);
    expect((await c.get("/settings/teams/999999/edit")).status).toBe(404);
  });
});

describe("subsidiary, division and team forms", () => {
  it("creates a subsidiary, a division and a team from empty forms, back to /settings each time", async () => {
    const c = await signedIn(direction);
    const sub = await c.post("/settings/subsidiaries/new", { name: "Porto Print", country: String(org.countryId), city: "Porto", timezone: "Europe/Lisbon" });
    expect(sub.status).toBe(302);
    expect(sub.location).toBe("/settings");
    const [s] = await db.sql<{ id: number; city: string }>("select id, city from subsidiary where name = 'Porto Print'");
    expect(s!.city).toBe("Porto");
    const div = await c.post("/settings/divisions/new", { name: "Reliure", subsidiary: String(s!.id) });
    expect(div.location).toBe("/settings");
    const [d] = await db.sql<{ id: number }>("select id from division where name = 'Reliure' and subsidiary_id = ?", [s!.id]);
    const team = await c.post("/settings/teams/new", { name: "Matin", subsidiary: String(s!.id), division: String(d!.id) });
    expect(team.location).toBe("/settings");
    expect(await db.sql("select id from team where name = 'Matin' and division_id = ? and subsidiary_id = ?", [d!.id, s!.id])).toHaveLength(1);
  });

  it.each([
    ["/settings/subsidiaries/new", { name: "", country: "", city: "", timezone: "Europe/Paris" }, ["Le nom est obligatoire.", "Choisissez un pays.", "La ville est obligatoire."]],
    ["/settings/subsidiaries/new", { name: "3 print", country: "1", city: "X", timezone: "Europe/Paris" }, ["Une agence porte déjà ce nom."]],
    ["/settings/subsidiaries/new", { name: "Y", country: "999999", city: "X", timezone: "UTC" }, ["Ce pays n'existe pas."]],
    ["/settings/subsidiaries/new", { name: "Y", country: "1", city: "X", timezone: "Nowhere" }, ["Choisissez un fuseau horaire de la liste."]],
    ["/settings/divisions/new", { name: "", subsidiary: "" }, ["Le nom est obligatoire.", "Choisissez une agence."]],
    ["/settings/divisions/new", { name: "Impression", subsidiary: "SUB" }, ["Cette agence a déjà un pôle de ce nom."]],
    ["/settings/teams/new", { name: "", subsidiary: "", division: "" }, ["Le nom est obligatoire.", "Choisissez une agence.", "Choisissez un pôle."]],
    ["/settings/teams/new", { name: "Offset", subsidiary: "SUB", division: "DIV" }, ["Ce pôle a déjà une équipe de ce nom."]],
  ])("%s refuses %j with 400 and %j", async (path, form, messages) => {
    const c = await signedIn(daf);
    const fill = (v: string) => v.replace("SUB", String(org.subsidiaryId)).replace("DIV", String(org.divisionId));
    const body = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, fill(v)]));
    if (body.country === "1") body.country = String(org.countryId);
    const before = await db.sql<{ n: number }>("select (select count(*) from subsidiary) + (select count(*) from division) + (select count(*) from team) as n");
    const res = await c.post(path, body);
    expect(res.status).toBe(400);
    for (const m of messages) expect(text(res.text)).toContain(m);
    const after = await db.sql<{ n: number }>("select (select count(*) from subsidiary) + (select count(*) from division) + (select count(*) from team) as n");
    expect(after).toEqual(before);
  });

  it("adds a local holiday row to a subsidiary without JavaScript (200, nothing saved), refuses a bad row (400), saves, edits", async () => {
    const c = await signedIn(daf);
    const fields = { name: "Metz Print", country: String(org.countryId), city: "Metz", timezone: "Europe/Paris" };
    const empty = text((await c.get("/settings/subsidiaries/new")).text);
    expect(empty).toContain("Jours fériés locaux");
    expect(empty).toContain("Aucun jour férié local.");
    const added = await c.post("/settings/subsidiaries/new", { ...fields, __intent__: ADD_HOLIDAY });
    expect(added.status).toBe(200);
    expect(added.text).toContain('name="holidays[0].date"');
    expect(added.text).toContain('name="holidays[0].name"');
    expect(added.text).not.toContain('name="holidays[1].date"');
    expect(added.text).toContain('value="Metz Print"');
    const two = await c.post("/settings/subsidiaries/new", {
      ...fields,
      "holidays[0].date": "2026-12-26",
      "holidays[0].name": "Saint-Étienne",
      __intent__: ADD_HOLIDAY,
    });
    expect(two.status).toBe(200);
    expect(two.text).toContain('name="holidays[1].date"');
    expect(await db.sql("select id from subsidiary where name = 'Metz Print'")).toHaveLength(0);

    // A filled row without its name: the French error on the field, nothing stored.
    const refused = await c.post("/settings/subsidiaries/new", {
      ...fields,
      "holidays[0].date": "2026-12-26",
      "holidays[0].name": "",
      intent: "save",
    });
    expect(refused.status).toBe(400);
    expect(text(refused.text)).toContain("Le nom du jour férié est obligatoire.");
    expect(refused.text).toMatch(/name="holidays\[0\]\.name"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="holidays\[0\]\.name"/);
    const twice = await c.post("/settings/subsidiaries/new", {
      ...fields,
      "holidays[0].date": "2026-12-26",
      "holidays[0].name": "A",
      "holidays[1].date": "2026-12-26",
      "holidays[1].name": "B",
      intent: "save",
    });
    expect(twice.status).toBe(400);
    expect(text(twice.text)).toContain("Ce jour férié est déjà dans la liste.");
    expect(await db.sql("select id from subsidiary where name = 'Metz Print'")).toHaveLength(0);
    expect(await db.sql("select id from holiday where subsidiary_id is not null")).toHaveLength(0);

    // Saved with the added empty row left blank (ignored).
    const saved = await c.post("/settings/subsidiaries/new", {
      ...fields,
      "holidays[0].date": "2026-12-26",
      "holidays[0].name": "Saint-Étienne",
      "holidays[1].date": "",
      "holidays[1].name": "",
      intent: "save",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/settings");
    const [sub] = await db.sql<{ id: number }>("select id from subsidiary where name = 'Metz Print'");
    const local = () =>
      db.sql<{ date: string; name: string }>("select to_char(date, 'YYYY-MM-DD') as date, name from holiday where subsidiary_id = ? order by date", [sub!.id]);
    expect(await local()).toEqual([{ date: "2026-12-26", name: "Saint-Étienne" }]);

    const edit = text((await c.get(`/settings/subsidiaries/${sub!.id}/edit`)).text);
    expect(edit).toContain('value="Saint-Étienne"');
    expect(edit).toContain('value="2026-12-26"');
    const updated = await c.post(`/settings/subsidiaries/${sub!.id}/edit`, {
      ...fields,
      "holidays[0].date": "2026-12-26",
      "holidays[0].name": "Saint-Étienne",
      "holidays[1].date": "2026-04-03",
      "holidays[1].name": "Vendredi saint",
      intent: "save",
    });
    expect(updated.status).toBe(302);
    expect(updated.location).toBe(`/settings/subsidiaries/${sub!.id}/edit`);
    expect(await local()).toEqual([
      { date: "2026-04-03", name: "Vendredi saint" },
      { date: "2026-12-26", name: "Saint-Étienne" },
    ]);
    // Every row removed: no local holiday left.
    const cleared = await c.post(`/settings/subsidiaries/${sub!.id}/edit`, { ...fields, intent: "save" });
    expect(cleared.status).toBe(302);
    expect(await local()).toEqual([]);
  });

  it("L3122-2 / art. 223.º: a subsidiary's night agreement is saved within the law's frame, refused outside it (400, form filled), emptied back to the country's", async () => {
    const c = await signedIn(daf);
    const sub = org.subsidiaryId;
    const edit = text((await c.get(`/settings/subsidiaries/${sub}/edit`)).text);
    expect(edit).toContain("Accord sur le travail de nuit");
    expect(edit).toContain("Laissez vide pour appliquer la période de nuit et la majoration du pays.");
    const base = { name: "3 Print", country: String(org.countryId), city: "Paris", timezone: "Europe/Paris", intent: "save" };
    const night = () => db.sql<{ f: string | null; t: string | null; r: number | null }>("select night_from as f, night_to as t, night_rate::float8 as r from subsidiary where id = ?", [sub]);
    // France's policy (weekly mode): 22:00-06:00 is 8 h, under L3122-2's 9 h.
    const bad = await c.post(`/settings/subsidiaries/${sub}/edit`, { ...base, nightFrom: "22:00", nightTo: "06:00", nightRate: "20" });
    expect(bad.status).toBe(400);
    const badHtml = text(bad.text);
    expect(badHtml).toContain("La période de nuit doit durer au moins 9 heures consécutives");
    expect(badHtml).toMatch(/name="nightFrom"[^>]*value="22:00"/);
    expect(await night()).toEqual([{ f: null, t: null, r: null }]);
    const half = await c.post(`/settings/subsidiaries/${sub}/edit`, { ...base, nightFrom: "22:00", nightTo: "" });
    expect(half.status).toBe(400);
    expect(text(half.text)).toContain("Indiquez le début et la fin de la période de nuit, ou aucun des deux.");
    const ok = await c.post(`/settings/subsidiaries/${sub}/edit`, { ...base, nightFrom: "22:00", nightTo: "07:00", nightRate: "20" });
    expect(ok.status).toBe(302);
    expect(await night()).toEqual([{ f: "22:00", t: "07:00", r: 20 }]);
    expect(text((await c.get(`/settings/subsidiaries/${sub}/edit`)).text)).toMatch(/name="nightTo"[^>]*value="07:00"/);
    const cleared = await c.post(`/settings/subsidiaries/${sub}/edit`, { ...base, nightFrom: "", nightTo: "", nightRate: "" });
    expect(cleared.status).toBe(302);
    expect(await night()).toEqual([{ f: null, t: null, r: null }]);
  });

  it("refuses a team whose division belongs to another subsidiary", async () => {
    const c = await signedIn(daf);
    const other = await createOrg(db.em(), " other");
    const res = await c.post("/settings/teams/new", { name: "Soir", subsidiary: String(org.subsidiaryId), division: String(other.divisionId) });
    expect(res.status).toBe(400);
    expect(text(res.text)).toContain("Ce pôle n'appartient pas à l'agence choisie.");
  });

  it("edits a team and stays on its page", async () => {
    const c = await signedIn(daf);
    const o = await createOrg(db.em(), " edit");
    await createEmployee(db.em(), o);
    const res = await c.post(`/settings/teams/${o.otherTeamId}/edit`, {
      name: "Numérique 2",
      subsidiary: String(o.subsidiaryId),
      division: String(o.divisionId),
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/settings/teams/${o.otherTeamId}/edit`);
    expect(text((await c.get(res.location!)).text)).toContain("Modifications enregistrées.");
    expect(await db.sql("select id from team where name = 'Numérique 2'")).toHaveLength(1);
  });
});
