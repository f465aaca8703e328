/**
 * The /api contract of the four settings collections (spec 1 §7): hydra shapes, lists by name, relations as IRIs
 * in, embedded {id, name} out; 401/403/404/405/409/415/422 as DESIGN §4 says.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, createRoleAccounts, type Org } from "~tests/support/factories";
import { apiClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

let org: Org;
let token: string; // financial management
let headToken: string; // head management

const overtime = { paid: 60, inRecuperation: 40, employeeInitiatedRecuperation: 12.5, employerInitiatedRecuperation: 87.5 };
const paths = (v: { violations?: { propertyPath: string }[] }) => (v.violations ?? []).map((x) => x.propertyPath).sort();

beforeAll(async () => {
  org = await createOrg(db.em());
  await createRoleAccounts(db.em(), org);
  token = await api.login("role_financial_management@cadran.test");
  headToken = await api.login("role_head_management@cadran.test");
});

describe("rights", () => {
  const calls: [string, string][] = [
    ["GET", "/api/countries"],
    ["POST", "/api/countries"],
    ["GET", "/api/countries/1"],
    ["PUT", "/api/countries/1"],
    ["DELETE", "/api/countries/1"],
    ["GET", "/api/subsidiaries"],
    ["POST", "/api/subsidiaries"],
    ["GET", "/api/subsidiaries/1"],
    ["PUT", "/api/subsidiaries/1"],
    ["DELETE", "/api/subsidiaries/1"],
    ["GET", "/api/subsidiaries/1/divisions"],
    ["GET", "/api/subsidiaries/1/divisions/1/teams"],
    ["GET", "/api/divisions"],
    ["POST", "/api/divisions"],
    ["GET", "/api/divisions/1"],
    ["PUT", "/api/divisions/1"],
    ["DELETE", "/api/divisions/1"],
    ["GET", "/api/teams"],
    ["POST", "/api/teams"],
    ["GET", "/api/teams/1"],
    ["PUT", "/api/teams/1"],
    ["DELETE", "/api/teams/1"],
  ];

  it.each(["ROLE_EMPLOYEE", "ROLE_TEAM_LEADER", "ROLE_DEPARTMENT_HEAD", "ROLE_HOST_EMPLOYEE", "ROLE_COMMERCIAL", "ROLE_USER"])(
    "%s gets 403 on every call, and nothing changes",
    async (role) => {
      const other = await api.login(`${role.toLowerCase()}@cadran.test`);
      for (const [method, path] of calls) {
        const res = await api.call(method, path, { token: other, body: method === "POST" || method === "PUT" ? { name: "X" } : undefined });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.message).toBe("Vous n'avez pas accès à cette page.");
      }
      expect(await db.sql("select id from country where id = ?", [org.countryId])).toHaveLength(1);
    },
  );

  it("answers 401 without a token", async () => {
    expect((await api.get("/api/countries")).status).toBe(401);
    expect((await api.delete(`/api/teams/${org.otherTeamId}`)).status).toBe(401);
  });
});

describe("/api/countries", () => {
  it("creates a country with holidays (201), then GET item and list (by name) give the same shape", async () => {
    const res = await api.post(
      "/api/countries",
      {
        name: "Belgique",
        timezone: "Europe/Brussels",
        overtime,
        holidays: [
          { date: "2026-07-21", name: "Fête nationale" },
          { date: Date.UTC(2026, 10, 11) / 1000, name: "Armistice" },
        ],
      },
      token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      "@id": `/api/countries/${res.body.id}`,
      "@type": "Country",
      id: res.body.id,
      name: "Belgique",
      timezone: "Europe/Brussels",
      overtime,
      holidays: [
        { id: expect.any(Number), date: Date.parse("2026-07-21T00:00:00Z") / 1000, name: "Fête nationale" },
        { id: expect.any(Number), date: Date.parse("2026-11-11T00:00:00Z") / 1000, name: "Armistice" },
      ],
    });
    const item = await api.get(`/api/countries/${res.body.id}`, headToken);
    expect(item.status).toBe(200);
    expect(item.body).toEqual(res.body);
    const list = await api.get("/api/countries", token);
    expect(list.status).toBe(200);
    expect(list.body["hydra:member"].map((c: { name: string }) => c.name)).toEqual(["Belgique", "France"]);
    expect(list.body["hydra:totalItems"]).toBe(2);
    expect(list.body["hydra:member"][0]).toEqual(res.body);
  });

  it.each([
    ["an empty body", {}, ["name", "overtime", "timezone"]],
    ["an empty name", { name: " ", timezone: "UTC", overtime }, ["name"]],
    ["a time zone outside the list", { name: "Z", timezone: "Europe/Atlantis", overtime }, ["timezone"]],
    ["a missing overtime percentage", { name: "Z", timezone: "UTC", overtime: { ...overtime, paid: undefined } }, ["overtime.paid"]],
    [
      "percentages out of 0-100 or not numbers",
      { name: "Z", timezone: "UTC", overtime: { paid: 101, inRecuperation: -0.5, employeeInitiatedRecuperation: "50", employerInitiatedRecuperation: 0 } },
      ["overtime.employeeInitiatedRecuperation", "overtime.inRecuperation", "overtime.paid"],
    ],
    ["a holiday without a name", { name: "Z", timezone: "UTC", overtime, holidays: [{ date: "2026-01-01" }] }, ["holidays.0.name"]],
    ["a holiday with a bad date", { name: "Z", timezone: "UTC", overtime, holidays: [{ date: "2026-02-30", name: "Jamais" }] }, ["holidays.0.date"]],
    [
      "the same day twice",
      { name: "Z", timezone: "UTC", overtime, holidays: [{ date: "2026-01-01", name: "A" }, { date: "2026-01-01", name: "B" }] },
      ["holidays.1.date"],
    ],
    ["a name already used", { name: "france", timezone: "UTC", overtime }, ["name"]],
  ])("refuses %s with 422 and violations", async (_name, body, expected) => {
    const before = await db.sql("select id from country");
    const res = await api.post("/api/countries", body, token);
    expect(res.status).toBe(422);
    // One field wrong: the message is its reason; several: the general sentence (issue 28 item 4).
    expect(res.body.message).toBe(new Set(res.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).size === 1 ? res.body.violations[0].message : "Certains champs sont invalides.");
    expect(paths(res.body)).toEqual(expected);
    for (const v of res.body.violations) expect(v.message).toMatch(/[a-zé]/);
    expect(await db.sql("select id from country")).toHaveLength(before.length);
  });

  it("gives the French messages of the rules", async () => {
    const res = await api.post("/api/countries", { name: "France", timezone: "Mars", overtime: { ...overtime, paid: 120 } }, token);
    const byPath = Object.fromEntries(res.body.violations.map((v: { propertyPath: string; message: string }) => [v.propertyPath, v.message]));
    expect(byPath).toEqual({
      timezone: "Choisissez un fuseau horaire de la liste.",
      "overtime.paid": "Le pourcentage doit être compris entre 0 et 100.",
    });
  });

  it("answers 415 to a body that is not JSON", async () => {
    const res = await api.call("POST", "/api/countries", { token, rawBody: "name=x", contentType: "application/x-www-form-urlencoded" });
    expect(res.status).toBe(415);
  });

  it("PUT replaces the fields and the holidays list; 404 for an unknown id", async () => {
    const created = await api.post(
      "/api/countries",
      { name: "Suisse", timezone: "Europe/Zurich", overtime, holidays: [{ date: "2026-08-01", name: "Fête nationale" }] },
      token,
    );
    const res = await api.put(
      `/api/countries/${created.body.id}`,
      { name: "Confédération suisse", timezone: "Europe/Zurich", overtime: { ...overtime, paid: 0 }, holidays: [] },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Confédération suisse", overtime: { paid: 0 }, holidays: [] });
    const missing = await api.put("/api/countries/999999", { name: "X", timezone: "UTC", overtime }, token);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Élément introuvable.");
    expect((await api.get("/api/countries/999999", token)).status).toBe(404);
    expect((await api.get("/api/countries/abc", token)).status).toBe(404);
  });

  it("DELETE answers 204, or 409 with a French message while subsidiaries or employees use it", async () => {
    const refused = await api.delete(`/api/countries/${org.countryId}`, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Impossible de supprimer le pays « France » : des agences ou des employés y sont encore rattachés.");
    const c = await api.post("/api/countries", { name: "Monaco", timezone: "Europe/Monaco", overtime }, token);
    const done = await api.delete(`/api/countries/${c.body.id}`, token);
    expect(done.status).toBe(204);
    expect(done.body).toBeNull();
    expect((await api.delete(`/api/countries/${c.body.id}`, token)).status).toBe(404);
  });

  it("answers 405 to PATCH", async () => {
    expect((await api.patch(`/api/countries/${org.countryId}`, {}, token)).status).toBe(405);
  });
});

describe("/api/subsidiaries", () => {
  it("creates with a country IRI and answers the country embedded, divisions listed", async () => {
    const res = await api.post(
      "/api/subsidiaries",
      { name: "Lyon Print", country: `/api/countries/${org.countryId}`, city: "Lyon", timezone: "Europe/Paris" },
      token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      "@id": `/api/subsidiaries/${res.body.id}`,
      "@type": "Subsidiary",
      id: res.body.id,
      name: "Lyon Print",
      country: { "@id": `/api/countries/${org.countryId}`, id: org.countryId, name: "France" },
      city: "Lyon",
      timezone: "Europe/Paris",
      divisions: [],
      holidays: [],
    });
    const item = await api.get(`/api/subsidiaries/${org.subsidiaryId}`, token);
    expect(item.body.divisions).toEqual([
      { "@id": `/api/divisions/${org.otherDivisionId}`, id: org.otherDivisionId, name: "Finition" },
      { "@id": `/api/divisions/${org.divisionId}`, id: org.divisionId, name: "Impression" },
    ]);
    const list = await api.get("/api/subsidiaries", token);
    expect(list.body["hydra:member"].map((s: { name: string }) => s.name)).toEqual(["3 Print", "Lyon Print"]);
  });

  it.each([
    ["an empty body", {}, ["city", "country", "name", "timezone"]],
    ["a missing city", { name: "A", country: "/api/countries/COUNTRY", timezone: "UTC" }, ["city"]],
    ["an IRI of another collection", { name: "A", country: "/api/teams/COUNTRY", city: "X", timezone: "UTC" }, ["country"]],
    ["an unknown country", { name: "A", country: "/api/countries/999999", city: "X", timezone: "UTC" }, ["country"]],
    ["a time zone outside the list", { name: "A", country: "/api/countries/COUNTRY", city: "X", timezone: "Paris" }, ["timezone"]],
    ["a name already used", { name: "3 PRINT", country: "/api/countries/COUNTRY", city: "X", timezone: "UTC" }, ["name"]],
    ["a local holiday without a name", { name: "A", country: "/api/countries/COUNTRY", city: "X", timezone: "UTC", holidays: [{ date: "2026-12-26" }] }, ["holidays.0.name"]],
    [
      "a local holiday with a bad date",
      { name: "A", country: "/api/countries/COUNTRY", city: "X", timezone: "UTC", holidays: [{ date: "2026-02-30", name: "Jamais" }] },
      ["holidays.0.date"],
    ],
    [
      "the same local holiday twice",
      { name: "A", country: "/api/countries/COUNTRY", city: "X", timezone: "UTC", holidays: [{ date: "2026-12-26", name: "A" }, { date: "2026-12-26", name: "B" }] },
      ["holidays.1.date"],
    ],
    ["holidays that are not a list", { name: "A", country: "/api/countries/COUNTRY", city: "X", timezone: "UTC", holidays: "26/12" }, ["holidays"]],
  ])("refuses %s with 422, French messages, nothing stored", async (_name, body, expected) => {
    const filled = JSON.parse(JSON.stringify(body).replaceAll("COUNTRY", String(org.countryId)));
    const before = await db.sql<{ n: number }>("select (select count(*) from subsidiary) + (select count(*) from holiday) as n");
    const res = await api.post("/api/subsidiaries", filled, token);
    expect(res.status).toBe(422);
    // One field wrong: the message is its reason; several: the general sentence (issue 28 item 4).
    expect(res.body.message).toBe(new Set(res.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).size === 1 ? res.body.violations[0].message : "Certains champs sont invalides.");
    expect(paths(res.body)).toEqual(expected);
    for (const v of res.body.violations) expect(v.message).toMatch(/[a-zé]/);
    expect(await db.sql("select (select count(*) from subsidiary) + (select count(*) from holiday) as n")).toEqual(before);
  });

  it("carries the local holidays: POST with a list, PUT without keeps them, PUT with [] clears them", async () => {
    const created = await api.post(
      "/api/subsidiaries",
      {
        name: "Strasbourg Print",
        country: `/api/countries/${org.countryId}`,
        city: "Strasbourg",
        timezone: "Europe/Paris",
        holidays: [
          { date: "2026-12-26", name: "Saint-Étienne" },
          { date: "2026-04-03", name: "Vendredi saint" },
        ],
      },
      token,
    );
    expect(created.status).toBe(201);
    expect(created.body.holidays).toEqual([
      { id: expect.any(Number), date: Date.parse("2026-04-03T00:00:00Z") / 1000, name: "Vendredi saint" },
      { id: expect.any(Number), date: Date.parse("2026-12-26T00:00:00Z") / 1000, name: "Saint-Étienne" },
    ]);
    const id = created.body.id;
    const base = { name: "Strasbourg Print", country: org.countryId, city: "Strasbourg", timezone: "Europe/Paris" };
    const kept = await api.put(`/api/subsidiaries/${id}`, base, token);
    expect(kept.status).toBe(200);
    expect(kept.body.holidays).toEqual(created.body.holidays);
    const renamed = await api.put(`/api/subsidiaries/${id}`, { ...base, holidays: [{ date: "2026-12-26", name: "Saint-Étienne (Alsace)" }] }, token);
    // Holiday dates come back as unix seconds (spec 2 §7, decision 0088).
    expect(renamed.body.holidays).toEqual([{ id: created.body.holidays[1].id, date: Date.parse("2026-12-26T00:00:00Z") / 1000, name: "Saint-Étienne (Alsace)" }]);
    // The local holidays are the subsidiary's only: none became a country holiday.
    expect(await db.sql("select id from holiday where country_id is not null and name like 'Saint-Étienne%'")).toHaveLength(0);
    const cleared = await api.put(`/api/subsidiaries/${id}`, { ...base, holidays: [] }, token);
    expect(cleared.body.holidays).toEqual([]);
    expect(await db.sql("select id from holiday where subsidiary_id = ?", [id])).toHaveLength(0);
    expect((await api.delete(`/api/subsidiaries/${id}`, token)).status).toBe(204);
  });

  it("PUT replaces; DELETE refuses a subsidiary with divisions (409), deletes an empty one (204)", async () => {
    const created = await api.post(
      "/api/subsidiaries",
      { name: "Nantes Print", country: org.countryId, city: "Nantes", timezone: "Europe/Paris" },
      token,
    );
    const put = await api.put(
      `/api/subsidiaries/${created.body.id}`,
      { name: "Nantes Impression", country: `/api/countries/${org.countryId}`, city: "Saint-Herblain", timezone: "UTC" },
      token,
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: "Nantes Impression", city: "Saint-Herblain", timezone: "UTC" });
    const refused = await api.delete(`/api/subsidiaries/${org.subsidiaryId}`, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("« 3 Print »");
    expect((await api.delete(`/api/subsidiaries/${created.body.id}`, token)).status).toBe(204);
    expect(await db.sql("select id from subsidiary where id = ?", [created.body.id])).toHaveLength(0);
  });

  it("lists a subsidiary's divisions and a division's teams; 404 outside", async () => {
    const divs = await api.get(`/api/subsidiaries/${org.subsidiaryId}/divisions`, token);
    expect(divs.status).toBe(200);
    expect(divs.body["hydra:member"].map((d: { name: string }) => d.name)).toEqual(["Finition", "Impression"]);
    expect(divs.body["hydra:member"][1]).toMatchObject({
      "@id": `/api/divisions/${org.divisionId}`,
      subsidiary: { "@id": `/api/subsidiaries/${org.subsidiaryId}`, id: org.subsidiaryId, name: "3 Print" },
      teams: [
        { "@id": `/api/teams/${org.otherTeamId}`, id: org.otherTeamId, name: "Numérique" },
        { "@id": `/api/teams/${org.teamId}`, id: org.teamId, name: "Offset" },
      ],
    });
    const teams = await api.get(`/api/subsidiaries/${org.subsidiaryId}/divisions/${org.divisionId}/teams`, token);
    expect(teams.status).toBe(200);
    expect(teams.body["hydra:member"].map((t: { name: string }) => t.name)).toEqual(["Numérique", "Offset"]);
    const other = await createOrg(db.em(), " X");
    expect((await api.get(`/api/subsidiaries/${org.subsidiaryId}/divisions/${other.divisionId}/teams`, token)).status).toBe(404);
    expect((await api.get("/api/subsidiaries/999999/divisions", token)).status).toBe(404);
  });
});

describe("/api/divisions and /api/teams", () => {
  it("creates a division and a team, with embedded relations", async () => {
    const div = await api.post("/api/divisions", { name: "Reliure", subsidiary: `/api/subsidiaries/${org.subsidiaryId}` }, token);
    expect(div.status).toBe(201);
    expect(div.body).toEqual({
      "@id": `/api/divisions/${div.body.id}`,
      "@type": "Division",
      id: div.body.id,
      name: "Reliure",
      subsidiary: { "@id": `/api/subsidiaries/${org.subsidiaryId}`, id: org.subsidiaryId, name: "3 Print" },
      teams: [],
    });
    const team = await api.post(
      "/api/teams",
      { name: "Matin", subsidiary: `/api/subsidiaries/${org.subsidiaryId}`, division: `/api/divisions/${div.body.id}` },
      headToken,
    );
    expect(team.status).toBe(201);
    expect(team.body).toEqual({
      "@id": `/api/teams/${team.body.id}`,
      "@type": "Team",
      id: team.body.id,
      name: "Matin",
      subsidiary: { "@id": `/api/subsidiaries/${org.subsidiaryId}`, id: org.subsidiaryId, name: "3 Print" },
      division: { "@id": `/api/divisions/${div.body.id}`, id: div.body.id, name: "Reliure" },
    });
    expect((await api.get(`/api/teams/${team.body.id}`, token)).body).toEqual(team.body);
    const byName = (names: string[]) => [...names].sort(new Intl.Collator("fr", { sensitivity: "base", numeric: true }).compare);
    const teams = (await api.get("/api/teams", token)).body["hydra:member"].map((t: { name: string }) => t.name);
    expect(teams).toContain("Matin");
    expect(teams).toEqual(byName(teams));
    const divisions = (await api.get("/api/divisions", token)).body["hydra:member"].map((t: { name: string }) => t.name);
    expect(divisions).toContain("Reliure");
    expect(divisions).toEqual(byName(divisions));
  });

  it.each([
    ["/api/divisions", {}, ["name", "subsidiary"]],
    ["/api/divisions", { name: "Impression", subsidiary: "/api/subsidiaries/SUB" }, ["name"]],
    ["/api/divisions", { name: "Y", subsidiary: "/api/subsidiaries/999999" }, ["subsidiary"]],
    ["/api/teams", {}, ["division", "name", "subsidiary"]],
    ["/api/teams", { name: "Offset", subsidiary: "/api/subsidiaries/SUB", division: "/api/divisions/DIV" }, ["name"]],
    ["/api/teams", { name: "Y", subsidiary: "/api/subsidiaries/SUB", division: "/api/divisions/999999" }, ["division"]],
    ["/api/teams", { name: "Y", subsidiary: "/api/subsidiaries/SUB", division: "/api/divisions/OTHERDIV" }, ["division"]],
  ])("POST %s %j -> 422 on %j", async (path, body, expected) => {
    const other = await db.sql<{ id: number }>("select id from division where subsidiary_id <> ? limit 1", [org.subsidiaryId]);
    const otherDiv = other[0]?.id ?? (await createOrg(db.em(), " Y")).divisionId;
    const filled = JSON.parse(
      JSON.stringify(body).replaceAll("OTHERDIV", String(otherDiv)).replaceAll("SUB", String(org.subsidiaryId)).replaceAll("DIV", String(org.divisionId)),
    );
    const res = await api.post(path, filled, token);
    expect(res.status).toBe(422);
    expect(paths(res.body)).toEqual(expected);
  });

  it("refuses a team whose division is in another subsidiary, with the French message", async () => {
    const other = await createOrg(db.em(), " Z");
    const res = await api.post(
      "/api/teams",
      { name: "Soir", subsidiary: `/api/subsidiaries/${org.subsidiaryId}`, division: `/api/divisions/${other.divisionId}` },
      token,
    );
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([{ propertyPath: "division", message: "Ce pôle n'appartient pas à l'agence choisie." }]);
  });

  it("PUT and DELETE a team and a division; 409 while in use", async () => {
    const o = await createOrg(db.em(), " W");
    await createEmployee(db.em(), o);
    const put = await api.put(
      `/api/teams/${o.otherTeamId}`,
      { name: "Web", subsidiary: `/api/subsidiaries/${o.subsidiaryId}`, division: `/api/divisions/${o.otherDivisionId}` },
      token,
    );
    expect(put.status).toBe(200);
    expect(put.body.division).toEqual({ "@id": `/api/divisions/${o.otherDivisionId}`, id: o.otherDivisionId, name: "Finition W" });
    const divPut = await api.put(`/api/divisions/${o.divisionId}`, { name: "Impression numérique", subsidiary: `/api/subsidiaries/${o.subsidiaryId}` }, token);
    expect(divPut.status).toBe(200);
    expect(divPut.body.name).toBe("Impression numérique");

    const teamInUse = await api.delete(`/api/teams/${o.teamId}`, token);
    expect(teamInUse.status).toBe(409);
    expect(teamInUse.body.message).toBe("Impossible de supprimer l'équipe « Offset W » : elle compte encore des employés.");
    const divInUse = await api.delete(`/api/divisions/${o.otherDivisionId}`, token);
    expect(divInUse.status).toBe(409);
    expect(divInUse.body.message).toBe("Impossible de supprimer le pôle « Finition W » : il contient encore des équipes ou des employés.");
    expect((await api.delete(`/api/teams/${o.otherTeamId}`, token)).status).toBe(204);
    expect((await api.delete(`/api/divisions/${o.otherDivisionId}`, token)).status).toBe(204);
    expect((await api.delete(`/api/divisions/${o.otherDivisionId}`, token)).status).toBe(404);
  });
});
