/**
 * Issue 43 item 3, as an integrator's sync job uses /api: what GET answers, PUT (or PATCH) takes back unchanged;
 * every PUT and PATCH is partial (a field left out keeps its value) on every resource; embedded relations carry
 * their `@id`; a bracketed filter or order the collection does not have is a 400 naming it; paged collections link
 * their pages with `hydra:view` (docs/decisions/0134).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { BRACKET_PARAMS } from "~/server/api/api.server";
import { openApiDocument } from "~/server/api/openapi.server";
import { mondayAfter } from "~tests/support/factories-time";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, createRoleAccounts, type Org, type TestEmployee } from "~tests/support/factories";
import { completeSheet, sheetToApiBody } from "~tests/support/factories-employees";
import { apiClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

let org: Org;
let manager: TestEmployee;
let employee: TestEmployee;
let token: string;
let employeeToken: string;
/** A complete sheet, created through /api (the factory's accounts have no contract: a PUT would ask for one). */
let sheetId: number;

/** What changes by itself between two reads (the clock of the write), and a write's late-change notice (0122). */
const stable = (body: Record<string, unknown>) => {
  const { updatedAt: _u, notice: _n, ...rest } = body;
  return rest;
};

beforeAll(async () => {
  org = await createOrg(db.em());
  const accounts = await createRoleAccounts(db.em(), org);
  manager = accounts.ROLE_HEAD_MANAGEMENT!;
  employee = accounts.ROLE_EMPLOYEE!;
  token = await api.login(manager.email);
  employeeToken = await api.login(employee.email);
  const created = await api.post("/api/employees", sheetToApiBody(completeSheet(org, { email: "aller.retour@cadran.test", firstname: "Alix", lastname: "Retour" })), token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  sheetId = created.body.id;
});

describe("GET then PUT: what /api gives, it takes back (issue 43 item 3)", () => {
  it.each([["employees"], ["countries"], ["subsidiaries"], ["divisions"], ["teams"]])("/api/%s/{id}: the GET body sent back is a 200 that changes nothing", async (kind) => {
    const id = { employees: sheetId, countries: org.countryId, subsidiaries: org.subsidiaryId, divisions: org.divisionId, teams: org.teamId }[kind]!;
    const before = await api.get(`/api/${kind}/${id}`, token);
    expect(before.status).toBe(200);
    const put = await api.put(`/api/${kind}/${id}`, before.body, token);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(stable(put.body)).toEqual(stable(before.body));
    expect(stable((await api.get(`/api/${kind}/${id}`, token)).body)).toEqual(stable(before.body));
  });

  it("embeds every relation of a settings item and a sheet with its @id", async () => {
    const team = (await api.get(`/api/teams/${org.teamId}`, token)).body;
    expect(team.subsidiary["@id"]).toBe(`/api/subsidiaries/${org.subsidiaryId}`);
    expect(team.division["@id"]).toBe(`/api/divisions/${org.divisionId}`);
    const division = (await api.get(`/api/divisions/${org.divisionId}`, token)).body;
    expect(division.teams.map((t: { "@id": string }) => t["@id"])).toContain(`/api/teams/${org.teamId}`);
    const subsidiary = (await api.get(`/api/subsidiaries/${org.subsidiaryId}`, token)).body;
    expect(subsidiary.country["@id"]).toBe(`/api/countries/${org.countryId}`);
    expect(subsidiary.divisions.every((d: { "@id"?: string }) => d["@id"]?.startsWith("/api/divisions/"))).toBe(true);
    const sheet = (await api.get(`/api/employees/${sheetId}`, token)).body;
    for (const key of ["country", "subsidiary", "division", "team"]) expect(sheet[key]["@id"], key).toMatch(/^\/api\/\w+\/\d+$/);
  });

  it("takes a relation as an IRI, an id or the embedded object", async () => {
    const cases: [unknown, number][] = [
      [`/api/teams/${org.otherTeamId}`, org.otherTeamId],
      [org.teamId, org.teamId],
      [{ "@id": `/api/teams/${org.otherTeamId}`, id: org.otherTeamId, name: "ignored" }, org.otherTeamId],
    ];
    for (const [team, expected] of cases) {
      const put = await api.put(`/api/employees/${sheetId}`, { team }, token);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.team.id).toBe(expected);
    }
  });
});

describe("PUT and PATCH are partial on every resource", () => {
  it("PUT /api/employees/{id} with one field changes that field only", async () => {
    const before = (await api.get(`/api/employees/${sheetId}`, token)).body;
    const put = await api.put(`/api/employees/${sheetId}`, { phone: "06 11 22 33 44" }, token);
    expect(put.status).toBe(200);
    expect(stable(put.body)).toEqual({ ...stable(before), phone: "06 11 22 33 44" });
  });

  it("PUT /api/countries/{id} with the name only keeps the rates and the holidays", async () => {
    const before = (await api.get(`/api/countries/${org.countryId}`, token)).body;
    const put = await api.put(`/api/countries/${org.countryId}`, { name: before.name, timezone: before.timezone, overtime: before.overtime }, token);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.holidays).toEqual(before.holidays);
  });

  it("PATCH /api/leaves/{id} takes back its GET body, and with a comment only keeps the dates", async () => {
    const monday = mondayAfter(28);
    const created = await api.post("/api/leaves", { reason: "NO_PAID_LEAVE", start: monday, end: monday, comment: "avant" }, employeeToken);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const same = await api.patch(`/api/leaves/${created.body.id}`, created.body, employeeToken);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    // The same leave; only its history gained "Demande modifiée".
    expect({ ...same.body, updatedAt: 0, version: 0, steps: [] }).toEqual({ ...created.body, updatedAt: 0, version: 0, steps: [] });
    const comment = await api.patch(`/api/leaves/${created.body.id}`, { comment: "après" }, employeeToken);
    expect(comment.status, JSON.stringify(comment.body)).toBe(200);
    expect(comment.body).toMatchObject({ comment: "après", start: created.body.start, end: created.body.end, reason: "NO_PAID_LEAVE" });
  });
});

describe("filters, orders and pages", () => {
  it("refuses a bracketed filter or order a collection does not have, with a 400 naming it", async () => {
    const wrong = await api.get("/api/employees?order[firedAt]=desc", token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("order[firedAt]");
    expect(wrong.body.message).toContain("order[contract.firedAt]");
    expect((await api.get("/api/employees?order[contract.firedAt]=desc", token)).status).toBe(200);
    const none = await api.get("/api/countries?order[name]=asc", token);
    expect(none.status).toBe(400);
    expect(none.body.message).toContain("order[name]");
  });

  it("documents exactly the bracketed parameters each collection honours", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    const documented: Record<string, string[]> = {};
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = (ops.get?.parameters ?? []).filter((p) => p.in === "query" && p.name.includes("[")).map((p) => p.name);
      if (names.length) documented[path] = names.sort();
    }
    expect(documented).toEqual(Object.fromEntries(Object.entries(BRACKET_PARAMS).map(([p, names]) => [p, [...names].sort()])));
  });

  it("links the pages of /api/employees with hydra:view (first, last, previous, next), filters kept", async () => {
    for (let i = 0; i < 31; i++) await createEmployee(db.em(), org, { email: `page-${i}@cadran.test`, lastname: `Page${String(i).padStart(2, "0")}` });
    const first = await api.get(`/api/employees?subsidiary=${org.subsidiaryId}`, token);
    expect(first.status).toBe(200);
    expect(first.body["hydra:totalItems"]).toBeGreaterThan(30);
    const view = first.body["hydra:view"];
    expect(view).toMatchObject({
      "@type": "hydra:PartialCollectionView",
      "@id": `/api/employees?subsidiary=${org.subsidiaryId}&page=1`,
      "hydra:first": `/api/employees?subsidiary=${org.subsidiaryId}&page=1`,
      "hydra:last": `/api/employees?subsidiary=${org.subsidiaryId}&page=2`,
      "hydra:next": `/api/employees?subsidiary=${org.subsidiaryId}&page=2`,
    });
    expect(view["hydra:previous"]).toBeUndefined();
    const second = await api.get(view["hydra:next"], token);
    expect(second.body["hydra:view"]["hydra:previous"]).toBe(`/api/employees?subsidiary=${org.subsidiaryId}&page=1`);
    expect(second.body["hydra:view"]["hydra:next"]).toBeUndefined();
    const ids = new Set([...first.body["hydra:member"], ...second.body["hydra:member"]].map((e: { id: number }) => e.id));
    expect(ids.size).toBe(first.body["hydra:totalItems"]);
  });
});
