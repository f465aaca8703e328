import { describe, expect, it, beforeAll } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, TEST_PASSWORD } from "~tests/support/factories";
import { apiClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

describe("POST /api/login", () => {
  let userId: number;
  beforeAll(async () => {
    const org = await createOrg(db.em());
    ({ userId } = await createEmployee(db.em(), org, { email: "Login.Test@cadran.test", profileType: "ROLE_EMPLOYEE" }));
    await createEmployee(db.em(), org, { email: "kim.login@cadran.test", profileType: "ROLE_EMPLOYEE" });
  });

  it("returns a token and the user id; the identifier is case-insensitive", async () => {
    const res = await api.post("/api/login", { username: "LOGIN.test@Cadran.TEST", password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.identifier).toBe(userId);
    expect(res.body.apiToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await db.sql<{ token_hash: string }>("select token_hash from api_token where user_id = ?", [userId]);
    expect(stored.at(-1)!.token_hash).not.toBe(res.body.apiToken);
  });

  it.each([
    ["wrong password", { username: "login.test@cadran.test", password: "Nope-2026!" }, 401],
    ["unknown account", { username: "nobody@cadran.test", password: TEST_PASSWORD }, 401],
    // Issue 42 §2: a look-alike of the login is not the login (a NUL byte is refused by the body's text schema, 422).
    ["the right password after a Kelvin sign for k", { username: "\u212Aim.login@cadran.test", password: TEST_PASSWORD }, 401],
    ["a long s in the identifier", { username: "login.te\u017Ft@cadran.test", password: TEST_PASSWORD }, 401],
  ])("refuses a %s with 401 and a French message", async (_name, body, status) => {
    const res = await api.post("/api/login", body);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe("Identifiant ou mot de passe incorrect.");
  });

  it.each([
    ["an empty body", {}, ["password", "username"]],
    ["a missing password", { username: "a@b.c" }, ["password"]],
    ["a number as username", { username: 12, password: "x" }, ["username"]],
  ])("answers 422 with violations for %s", async (_name, body, paths) => {
    const res = await api.post("/api/login", body);
    expect(res.status).toBe(422);
    expect(res.body.violations.map((v: { propertyPath: string }) => v.propertyPath).sort()).toEqual(paths);
    // One field wrong: the message is its reason; several: the general sentence (issue 28 item 4).
    expect(res.body.message).toBe(new Set(res.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).size === 1 ? res.body.violations[0].message : "Certains champs sont invalides.");
  });

  it("answers 415 for a body that is not JSON and 400 for broken JSON", async () => {
    const form = await api.call("POST", "/api/login", { rawBody: "username=x", contentType: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    const broken = await api.call("POST", "/api/login", { rawBody: "{nope" });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/JSON/);
  });

  it("answers 405 to a GET", async () => {
    const res = await api.get("/api/login");
    expect(res.status).toBe(405);
  });
});

describe("GET /api/users/{id}", () => {
  it("gives the current user as a hydra item, 404 for another id, 401 without or with a bad token", async () => {
    const org = await createOrg(db.em(), " U");
    const me = await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER", firstname: "marie claire", lastname: "durand" });
    const other = await createEmployee(db.em(), org);
    const token = await api.login(me.email);
    const res = await api.get(`/api/users/${me.userId}`, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      "@id": `/api/users/${me.userId}`,
      "@type": "User",
      id: me.userId,
      employeeId: me.employeeId,
      email: me.email,
      displayName: "Marie Claire DURAND",
      roles: ["ROLE_TEAM_LEADER"],
      avatar: null,
    });
    expect((await api.get(`/api/users/${other.userId}`, token)).status).toBe(404);
    const anonymous = await api.get(`/api/users/${me.userId}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe("Authentification requise.");
    expect((await api.get(`/api/users/${me.userId}`, "not-a-token")).status).toBe(401);
  });

  it("refuses an expired or revoked token", async () => {
    const org = await createOrg(db.em(), " X");
    const me = await createEmployee(db.em(), org);
    const token = await api.login(me.email);
    await db.sql("update api_token set expires_at = now() - interval '1 second' where user_id = ?", [me.userId]);
    expect((await api.get(`/api/users/${me.userId}`, token)).status).toBe(401);
    const token2 = await api.login(me.email);
    await db.sql("update api_token set revoked_at = now() where user_id = ?", [me.userId]);
    expect((await api.get(`/api/users/${me.userId}`, token2)).status).toBe(401);
  });

  it("refuses the token of an archived employee", async () => {
    const org = await createOrg(db.em(), " A");
    const me = await createEmployee(db.em(), org);
    const token = await api.login(me.email);
    await db.sql("update employee set fired_at = current_date where id = ?", [me.employeeId]);
    expect((await api.get(`/api/users/${me.userId}`, token)).status).toBe(401);
  });
});

describe("unknown /api paths", () => {
  it("answers JSON 401 without a token and JSON 404 with one", async () => {
    const org = await createOrg(db.em(), " N");
    const me = await createEmployee(db.em(), org);
    const token = await api.login(me.email);
    const anon = await api.get("/api/nothing-here");
    expect(anon.status).toBe(401);
    const res = await api.get("/api/nothing-here", token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Élément introuvable.");
  });
});
