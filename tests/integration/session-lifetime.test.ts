import { createCookie } from "@remix-run/node";
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "~/server/shared/env.server";
import { createResetToken } from "~/services/identity/auth.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/**
 * Browser sessions and API tokens over real HTTP (DESIGN §5): a new id at login, 30 min idle and 12 h absolute
 * lifetime, logout, password change and archiving end them. Session rows are checked in PostgreSQL.
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
const newClient = () => htmlClient(() => server.baseUrl);

/** The session row id (SHA-256 of the id) behind the cookie a client holds. */
async function sessionRowId(client: ReturnType<typeof htmlClient>): Promise<string | null> {
  const value = client.jar.get("cadran_session");
  if (!value) return null;
  const cookie = createCookie("cadran_session", { secrets: [env().SESSION_SECRET] });
  const id = (await cookie.parse(`cadran_session=${value}`)) as string | null;
  return id ? createHash("sha256").update(id).digest("hex") : null;
}
const rowsOf = (userId: number) =>
  db.sql<{ id: string; last_seen_at: Date; expires_at: Date; created_at: Date }>(
    "select id, last_seen_at, expires_at, created_at from session where user_id = ? order by created_at",
    [userId],
  );

let org: Org;
beforeAll(async () => {
  org = await createOrg(db.em());
});

describe("sign-in", () => {
  it("starts a new session id at login and deletes the anonymous one it had", async () => {
    const me = await createEmployee(db.em(), org);
    const client = newClient();
    // An anonymous session exists once an alert is carried (here: the reset request's confirmation).
    expect((await client.post("/password/reset", { email: "nobody@cadran.test" })).status).toBe(302);
    const before = await sessionRowId(client);
    expect(before).toBeTruthy();
    expect(await db.sql("select id from session where id = ?", [before])).toHaveLength(1);
    const cookieBefore = client.jar.get("cadran_session");

    await client.login(me.email);
    const after = await sessionRowId(client);
    expect(client.jar.get("cadran_session")).not.toBe(cookieBefore);
    expect(after).not.toBe(before);
    expect(await db.sql("select id from session where id = ?", [before])).toHaveLength(0);
    const rows = await rowsOf(me.userId);
    expect(rows.map((r) => r.id)).toEqual([after]);
    // 12 h absolute lifetime from creation
    const lifetime = new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime();
    expect(lifetime).toBe(12 * 3600 * 1000);
    expect((await client.get("/")).status).toBe(200);
  });

  it("keeps the session cookie httpOnly and SameSite=Lax", async () => {
    const me = await createEmployee(db.em(), org);
    const res = await newClient().login(me.email);
    const line = res.headers.getSetCookie().find((l) => l.startsWith("cadran_session="))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
  });
});

describe("expiry", () => {
  it("ends a session idle for 31 minutes: the next request is anonymous and the row is deleted", async () => {
    const me = await createEmployee(db.em(), org);
    const client = newClient();
    await client.login(me.email);
    await db.sql("update session set last_seen_at = now() - interval '31 minutes' where user_id = ?", [me.userId]);
    const res = await client.get("/leave/me?tab=accepted");
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/login?redirect=${encodeURIComponent("/leave/me?tab=accepted")}`);
    expect(await rowsOf(me.userId)).toHaveLength(0);
  });

  it("keeps a session idle for 29 minutes and refreshes its last use", async () => {
    const me = await createEmployee(db.em(), org);
    const client = newClient();
    await client.login(me.email);
    await db.sql("update session set last_seen_at = now() - interval '29 minutes' where user_id = ?", [me.userId]);
    expect((await client.get("/")).status).toBe(200);
    const [row] = await rowsOf(me.userId);
    expect(Date.now() - new Date(row!.last_seen_at).getTime()).toBeLessThan(60_000);
  });

  it("ends a session past its absolute expiry even when used a second ago", async () => {
    const me = await createEmployee(db.em(), org);
    const client = newClient();
    await client.login(me.email);
    await db.sql("update session set expires_at = now() - interval '1 second', last_seen_at = now() where user_id = ?", [me.userId]);
    const res = await client.get("/");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login?redirect=%2F");
    expect(await rowsOf(me.userId)).toHaveLength(0);
  });
});

describe("logout", () => {
  it("deletes the session row, goes to /login with an alert, and GET /logout changes nothing", async () => {
    const me = await createEmployee(db.em(), org);
    const client = newClient();
    await client.login(me.email);
    // A GET never logs out
    const get = await client.get("/logout");
    expect(get.status).toBe(302);
    expect(await rowsOf(me.userId)).toHaveLength(1);

    const res = await client.post("/logout", {});
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
    expect(await rowsOf(me.userId)).toHaveLength(0);
    expect((await client.get("/login")).text).toContain("Vous êtes déconnecté.");
    expect((await client.get("/")).location).toBe("/login?redirect=%2F");
  });

  it("leaves the user's other sessions alone", async () => {
    const me = await createEmployee(db.em(), org);
    const a = newClient();
    const b = newClient();
    await a.login(me.email);
    await b.login(me.email);
    expect(await rowsOf(me.userId)).toHaveLength(2);
    await a.post("/logout", {});
    expect(await rowsOf(me.userId)).toHaveLength(1);
    expect((await b.get("/")).status).toBe(200);
  });
});

describe("revocation", () => {
  it("a password change with a reset token ends every session and API token of the user, not of others", async () => {
    const me = await createEmployee(db.em(), org);
    const other = await createEmployee(db.em(), org);
    const a = newClient();
    const b = newClient();
    const o = newClient();
    await a.login(me.email);
    await b.login(me.email);
    await o.login(other.email);
    const token1 = await api.login(me.email);
    const token2 = await api.login(me.email);
    const otherToken = await api.login(other.email);
    expect(await rowsOf(me.userId)).toHaveLength(2);

    const reset = await createResetToken(db.em(), me.userId);
    const res = await api.post("/api/password/change", { token: reset, plainPassword: "Nouveau-Mot-2026!" });
    expect(res.status).toBe(200);

    expect(await rowsOf(me.userId)).toHaveLength(0);
    const live = await db.sql("select id from api_token where user_id = ? and revoked_at is null", [me.userId]);
    expect(live).toHaveLength(0);
    for (const client of [a, b]) expect((await client.get("/")).location).toBe("/login?redirect=%2F");
    for (const token of [token1, token2]) expect((await api.get(`/api/users/${me.userId}`, token)).status).toBe(401);

    // Someone else's session and token live on.
    expect((await o.get("/")).status).toBe(200);
    expect((await api.get(`/api/users/${other.userId}`, otherToken)).status).toBe(200);
  });

  it("archiving the employee (departure date set) makes requireUser refuse the session", async () => {
    const me = await createEmployee(db.em(), org);
    const client = newClient();
    await client.login(me.email);
    expect((await client.get("/")).status).toBe(200);
    await db.sql("update employee set fired_at = current_date where id = ?", [me.employeeId]);
    const res = await client.get("/profile");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login?redirect=%2Fprofile");
    // The refused session is ended: its cookie is cleared and its row is gone.
    expect(client.jar.has("cadran_session")).toBe(false);
    expect(await rowsOf(me.userId)).toHaveLength(0);
    // And the archived employee cannot sign in again.
    const again = await newClient().post("/login", { identifier: me.email, password: "Cadran-2026!", redirect: "/" });
    expect(again.status).toBe(400);
  });
});
