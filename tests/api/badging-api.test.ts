import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, createRoleAccounts, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSchedule, createSuggestion } from "~tests/support/factories-badging";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

let org: Org;
let otherOrg: Org;
let roles: Awaited<ReturnType<typeof createRoleAccounts>>;
let alice: TestEmployee;
let bob: TestEmployee; // other division
const tokens: Record<string, string> = {};

beforeAll(async () => {
  org = await createOrg(db.em());
  otherOrg = await createOrg(db.em(), " Lisboa");
  roles = await createRoleAccounts(db.em(), org);
  alice = await createEmployee(db.em(), org, { firstname: "alice", lastname: "martin" });
  bob = await createEmployee(db.em(), org, { firstname: "bob", lastname: "durand", divisionId: org.otherDivisionId, teamId: null });
  await createSchedule(db.em(), alice.employeeId);
  await createClock(db.em(), alice.employeeId, "2026-03-23", [["09:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["18:00", "END"]], {
    workingSeconds: 8 * 3600,
    overtimeSeconds: 3600,
  });
  await createClock(db.em(), bob.employeeId, "2026-03-23", [["09:00", "START"], ["17:00", "END"]], { workingSeconds: 8 * 3600 });
  for (const [role, account] of Object.entries(roles)) tokens[role] = await api.login(account.email);
});

describe("GET /api/timeclock/suggested", () => {
  it("lists the suggestions with the day they correct, for head and financial management", async () => {
    const originId = await createClock(db.em(), alice.employeeId, "2026-03-10", [["09:30", "START"], ["17:00", "END"]]);
    const id = await createSuggestion(db.em(), alice.employeeId, "2026-03-10", [["09:00", "START"], ["17:00", "END"]], {
      originId,
      message: "Badgeuse en panne",
    });
    for (const role of ["ROLE_HEAD_MANAGEMENT", "ROLE_FINANCIAL_MANAGEMENT"]) {
      const res = await api.get("/api/timeclock/suggested", tokens[role]);
      expect(res.status).toBe(200);
      const member = res.body["hydra:member"].find((m: { id: number }) => m.id === id);
      expect(member).toMatchObject({
        "@type": "TimeClock",
        employeeFullname: "Alice MARTIN",
        suggested: true,
        message: "Badgeuse en panne",
        date: Date.UTC(2026, 2, 10, 12) / 1000,
        originSuggested: { id: originId, timeLogs: [{ type: "START" }, { type: "END" }] },
      });
      expect(member.timeLogs.map((l: { type: string }) => l.type)).toEqual(["START", "END"]);
    }
  });

  it.each(["ROLE_DEPARTMENT_HEAD", "ROLE_TEAM_LEADER", "ROLE_EMPLOYEE", "ROLE_HOST_EMPLOYEE", "ROLE_COMMERCIAL"])("answers 403 to %s", async (role) => {
    const res = await api.get("/api/timeclock/suggested", tokens[role]);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Vous n'avez pas accès à cette page.");
  });

  it("answers 401 without a token", async () => {
    expect((await api.get("/api/timeclock/suggested")).status).toBe(401);
  });
});

describe("DELETE /api/timeclock/suggest/{id}", () => {
  it("deletes for management (204), then 404; 403 for a team leader", async () => {
    const id = await createSuggestion(db.em(), alice.employeeId, "2026-03-11", [["09:00", "START"]]);
    expect((await api.delete(`/api/timeclock/suggest/${id}`, tokens.ROLE_TEAM_LEADER)).status).toBe(403);
    expect((await api.delete(`/api/timeclock/suggest/${id}`, tokens.ROLE_FINANCIAL_MANAGEMENT)).status).toBe(204);
    expect(await db.sql(`select id from time_clock where id = ?`, [id])).toEqual([]);
    const again = await api.delete(`/api/timeclock/suggest/${id}`, tokens.ROLE_FINANCIAL_MANAGEMENT);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Cette demande de modification n'existe plus.");
  });

  it("answers 404 for a real day's clock (not a suggestion)", async () => {
    const dayId = await createClock(db.em(), alice.employeeId, "2026-03-12", [["09:00", "START"]]);
    expect((await api.delete(`/api/timeclock/suggest/${dayId}`, tokens.ROLE_HEAD_MANAGEMENT)).status).toBe(404);
    expect(await db.sql(`select id from time_clock where id = ?`, [dayId])).toHaveLength(1);
  });
});

describe("PATCH /api/timeclock/suggest/{id}/valid", () => {
  it("validates: the day gets the proposed entries and its overtime; 404 the second time", async () => {
    const originId = await createClock(db.em(), alice.employeeId, "2026-03-13", [["09:00", "START"]], { anomaly: true });
    const id = await createSuggestion(db.em(), alice.employeeId, "2026-03-13", [["09:00", "START"], ["17:30", "END"]], { originId });
    expect((await api.patch(`/api/timeclock/suggest/${id}/valid`, {}, tokens.ROLE_EMPLOYEE)).status).toBe(403);
    const res = await api.patch(`/api/timeclock/suggest/${id}/valid`, {}, tokens.ROLE_HEAD_MANAGEMENT);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: originId, suggested: false, type: "END", workingTimeInSecond: 8.5 * 3600, overtime: 1.5 * 3600, anomaly: false });
    expect(res.body.timeLogs.map((l: { type: string }) => l.type)).toEqual(["START", "END"]);
    const superseded = await db.sql(`select id from time_log where time_clock_id = ? and superseded_at is not null`, [originId]);
    expect(superseded).toHaveLength(1);
    expect((await api.patch(`/api/timeclock/suggest/${id}/valid`, {}, tokens.ROLE_HEAD_MANAGEMENT)).status).toBe(404);
  });
});

describe("GET /api/timeclock/agency/{subsidiaryId}", () => {
  it("searches a subsidiary by name and period for management, grouped by employee and ISO week", async () => {
    const res = await api.get(`/api/timeclock/agency/${org.subsidiaryId}?employeeName=MART&start=20260316&end=20260329`, tokens.ROLE_HEAD_MANAGEMENT);
    expect(res.status).toBe(200);
    expect(res.body["hydra:member"]).toHaveLength(1);
    const [member] = res.body["hydra:member"];
    expect(member.employeeFullname).toBe("Alice MARTIN");
    expect(member.weeks).toHaveLength(1);
    expect(member.weeks[0].number).toBe(13);
    expect(member.weeks[0].timeClocks[0]).toMatchObject({ workingTimeInSecond: 8 * 3600, overtime: 3600, date: Date.UTC(2026, 2, 23, 12) / 1000 });
  });

  it("limits a department head to their division, and to their subsidiary (404 elsewhere)", async () => {
    const res = await api.get(`/api/timeclock/agency/${org.subsidiaryId}?start=20260323&end=20260323`, tokens.ROLE_DEPARTMENT_HEAD);
    expect(res.status).toBe(200);
    const names = res.body["hydra:member"].map((m: { employeeFullname: string }) => m.employeeFullname);
    expect(names).toContain("Alice MARTIN");
    expect(names).not.toContain("Bob DURAND");
    expect((await api.get(`/api/timeclock/agency/${otherOrg.subsidiaryId}?start=20260323`, tokens.ROLE_DEPARTMENT_HEAD)).status).toBe(404);
    expect((await api.get(`/api/timeclock/agency/${org.subsidiaryId}?divisionId=${org.otherDivisionId}`, tokens.ROLE_DEPARTMENT_HEAD)).status).toBe(404);
  });

  it("answers 404 for management on a division of another subsidiary or an unknown subsidiary", async () => {
    const token = tokens.ROLE_FINANCIAL_MANAGEMENT;
    expect((await api.get(`/api/timeclock/agency/${org.subsidiaryId}?divisionId=${otherOrg.divisionId}`, token)).status).toBe(404);
    expect((await api.get(`/api/timeclock/agency/999999?start=20260323`, token)).status).toBe(404);
    const other = await api.get(`/api/timeclock/agency/${otherOrg.subsidiaryId}?start=20260323`, token);
    expect(other.status).toBe(200);
    expect(other.body["hydra:member"]).toEqual([]);
  });

  it.each(["ROLE_TEAM_LEADER", "ROLE_EMPLOYEE", "ROLE_HOST_EMPLOYEE", "ROLE_COMMERCIAL"])("answers 403 to %s", async (role) => {
    expect((await api.get(`/api/timeclock/agency/${org.subsidiaryId}?start=20260323`, tokens[role])).status).toBe(403);
  });

  it("answers 422 without any filter and for a malformed date", async () => {
    const none = await api.get(`/api/timeclock/agency/${org.subsidiaryId}`, tokens.ROLE_HEAD_MANAGEMENT);
    expect(none.status).toBe(422);
    expect(none.body.violations[0].message).toBe("Renseignez au moins un filtre puis lancez la recherche.");
    const bad = await api.get(`/api/timeclock/agency/${org.subsidiaryId}?start=2026-03-23`, tokens.ROLE_HEAD_MANAGEMENT);
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(["start"]);
  });
});

describe("HTML screens without JavaScript", () => {
  it("corrections: a card, a failed edit (400, nothing stored), then validation (302, entries replaced)", async () => {
    const html = htmlClient(() => server.baseUrl);
    await html.login(roles.ROLE_HEAD_MANAGEMENT.email);
    const originId = await createClock(db.em(), alice.employeeId, "2026-03-05", [["09:00", "START"]]);
    const id = await createSuggestion(db.em(), alice.employeeId, "2026-03-05", [["09:00", "START"], ["17:00", "END"]], {
      originId,
      message: "Oubli du soir",
    });
    const page = await html.get("/time-clock/edit-badging");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Alice MARTIN — 05/03/2026");
    expect(page.text).toContain("Oubli du soir");
    expect(page.text).toContain("Pointages actuels");
    // One GET form for the page: no dialog nor edit form until a card's button asks for it (decision 0033).
    expect(page.text).not.toContain('role="dialog"');
    expect(page.text).not.toContain(`name="intent" value="edit-${id}"`);
    expect(page.text).toContain(`form="badging-confirm" name="confirm" value="validate-${id}"`);
    const confirm = await html.get(`/time-clock/edit-badging?confirm=validate-${id}`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('role="dialog"');
    expect(confirm.text).toContain(`name="intent" value="validate-${id}"`);
    expect(confirm.text).toContain("Les anciens pointages restent archivés.");
    const edit = await html.get(`/time-clock/edit-badging?edit=${id}`);
    expect(edit.text).toContain(`name="intent" value="edit-${id}"`);
    expect(edit.text).not.toContain('role="dialog"');

    const failed = await html.post("/time-clock/edit-badging", { intent: `edit-${id}`, message: "", time_0: "09:00", type_0: "" });
    expect(failed.status).toBe(400);
    expect(failed.text).toContain("Le commentaire est obligatoire.");
    expect(failed.text).toContain("Le type est obligatoire.");
    expect(await db.sql(`select message from time_clock where id = ?`, [id])).toEqual([{ message: "Oubli du soir" }]);

    const ok = await html.post("/time-clock/edit-badging", { intent: `validate-${id}` });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/time-clock/edit-badging");
    const live = await db.sql<{ type: string }>(`select type from time_log where time_clock_id = ? and superseded_at is null order by time`, [originId]);
    expect(live.map((l) => l.type)).toEqual(["START", "END"]);
    const after = await html.get("/time-clock/edit-badging");
    expect(after.text).toContain("La correction a été validée");
  });

  it("corrections: ten cards a page, the pager's links, and an action that keeps the viewer's page", async () => {
    await db.sql(`delete from time_clock where suggested = true`);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(await createSuggestion(db.em(), alice.employeeId, `2026-01-${String(5 + i).padStart(2, "0")}`, [["09:00", "START"]]));
    }
    const html = htmlClient(() => server.baseUrl);
    await html.login(roles.ROLE_HEAD_MANAGEMENT.email);
    const first = await html.get("/time-clock/edit-badging");
    expect(first.text).toContain("Demandes 1 à 10 sur 12");
    expect(first.text).toContain('href="/time-clock/edit-badging?page=2"');
    expect(first.text).toContain(`data-testid="suggestion-${ids[9]}"`);
    expect(first.text).not.toContain(`data-testid="suggestion-${ids[10]}"`);
    const second = await html.get("/time-clock/edit-badging?page=2");
    expect(second.text).toContain("Demandes 11 à 12 sur 12");
    expect(second.text).toContain(`data-testid="suggestion-${ids[11]}"`);
    // The confirm step keeps the page (a field of the GET form), and so do the dialog's post and its redirect.
    expect(second.text).toContain('<input type="hidden" name="page" value="2"/>');
    const confirm = await html.get(`/time-clock/edit-badging?page=2&confirm=delete-${ids[11]}`);
    expect(confirm.text).toContain('href="/time-clock/edit-badging?page=2"'); // cancel
    const deleted = await html.post("/time-clock/edit-badging", { intent: `delete-${ids[11]}`, page: "2" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/time-clock/edit-badging?page=2");
    expect(await db.sql(`select count(*)::int as n from time_clock where suggested = true`)).toEqual([{ n: 11 }]);
    await db.sql(`delete from time_clock where suggested = true`);
  });

  it("corrections: the empty state", async () => {
    await db.sql(`delete from time_clock where suggested = true`);
    const html = htmlClient(() => server.baseUrl);
    await html.login(roles.ROLE_FINANCIAL_MANAGEMENT.email);
    const page = await html.get("/time-clock/edit-badging");
    expect(page.text).toContain("Aucune demande de modification de pointage en attente.");
  });

  it("team badging: hint, search, a correction that fails (400) then succeeds (302 + stored)", async () => {
    const html = htmlClient(() => server.baseUrl);
    await html.login(roles.ROLE_TEAM_LEADER.email);
    const first = await html.get("/time-clock/team-badging");
    expect(first.status).toBe(200);
    expect(first.text).toContain("Renseignez au moins un filtre puis lancez la recherche.");
    expect(first.text).toContain("Non badgé"); // legend and today's states
    expect(first.text).toContain("Anomalie (journée non terminée)");

    const search = await html.get("/time-clock/team-badging?from=2026-03-23&to=2026-03-27&name=alice");
    expect(search.text).toContain("Alice MARTIN");
    expect(search.text).toContain("Semaine 13");
    expect(search.text).toContain("8 h 00");
    expect(search.text).toContain("+01h00");
    expect(search.text).not.toContain("Bob DURAND");
    const none = await html.get("/time-clock/team-badging?name=personne");
    expect(none.text).toContain("Aucun résultat ne correspond à votre recherche.");

    const path = "/time-clock/team-badging?from=2026-03-23&to=2026-03-27&name=alice";
    const bad = await html.post(path, { intent: "suggest", employeeId: String(alice.employeeId), date: "2026-03-23", message: "", time_0: "09:00", type_0: "START" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Le commentaire est obligatoire.");
    const count = async () => (await db.sql(`select id from time_clock where suggested = true and employee_id = ?`, [alice.employeeId])).length;
    expect(await count()).toBe(0);

    const good = await html.post(path, {
      intent: "suggest",
      employeeId: String(alice.employeeId),
      date: "2026-03-23",
      message: "Départ à 17 h",
      time_0: "09:00",
      type_0: "START",
      time_1: "17:00",
      type_1: "END",
      time_2: "",
      type_2: "",
    });
    expect(good.status).toBe(302);
    expect(good.location).toBe(path);
    expect(await count()).toBe(1);

    const outside = await html.post(path, { intent: "suggest", employeeId: String(bob.employeeId), date: "2026-03-23", message: "x", time_0: "09:00", type_0: "START" });
    expect(outside.status).toBe(302);
    expect((await db.sql(`select id from time_clock where suggested = true and employee_id = ?`, [bob.employeeId])).length).toBe(0);
  });

  it("division and agency badging render their accordions; the agency loads a division by link", async () => {
    const head = htmlClient(() => server.baseUrl);
    await head.login(roles.ROLE_DEPARTMENT_HEAD.email);
    const division = await head.get("/time-clock/division-badging");
    expect(division.status).toBe(200);
    expect(division.text).toContain("Offset");
    expect(division.text).toContain("Aucun employé dans cette équipe."); // the empty team "Numérique"
    // A team's employees load on demand (decision 0067): a link per team, the table of the team asked only.
    expect(division.text).toContain(`open=${org.teamId}#team-${org.teamId}`);
    expect(division.text).not.toContain(`data-testid="today-${alice.employeeId}"`);
    const team = await head.get(`/time-clock/division-badging?open=${org.teamId}`);
    expect(team.status).toBe(200);
    expect(team.text).toContain(`data-testid="today-${alice.employeeId}"`);
    expect(team.text).toMatch(new RegExp(`<details[^>]* open="" id="team-${org.teamId}"`));
    // The search is kept by the team links.
    expect((await head.get("/time-clock/division-badging?name=martin")).text).toContain(`name=martin&amp;open=${org.teamId}`);
    expect((await head.get(`/time-clock/agency-badging?subsidiary=${otherOrg.subsidiaryId}`)).status).toBe(404);

    const direction = htmlClient(() => server.baseUrl);
    await direction.login(roles.ROLE_HEAD_MANAGEMENT.email);
    const agency = await direction.get("/time-clock/agency-badging");
    expect(agency.status).toBe(200);
    expect(agency.text).toContain("Impression");
    expect(agency.text).toContain("Finition");
    expect(agency.text).toContain(`open=${org.divisionId}`);
    const opened = await direction.get(`/time-clock/agency-badging?subsidiary=${org.subsidiaryId}&open=${org.otherDivisionId}`);
    expect(opened.text).toContain("Aucune équipe dans ce pôle.");
    expect(opened.text).toContain("Bob DURAND");
    const byDivision = await direction.get(
      `/time-clock/agency-badging?subsidiary=${org.subsidiaryId}&division=${org.otherDivisionId}&from=2026-03-01&to=2026-03-31`,
    );
    expect(byDivision.text).toContain("Bob DURAND");
    expect(byDivision.text).toContain("Semaine 13");
    expect(byDivision.text).not.toContain("Alice MARTIN</h3>");
  });
});
