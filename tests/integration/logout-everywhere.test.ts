import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/**
 * "Se déconnecter partout" on /profile (DESIGN §5), like a browser without JavaScript: the confirmed POST ends
 * every session (other browsers too) and every API token of the person, then logs out; others keep theirs.
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
const newClient = () => htmlClient(() => server.baseUrl);
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

let org: Org;
beforeAll(async () => {
  org = await createOrg(db.em());
});

describe("/profile: log out everywhere", () => {
  it("offers the button with a confirmation that is a plain POST form (no JavaScript needed)", async () => {
    const me = await createEmployee(db.em(), org);
    const c = newClient();
    await c.login(me.email);
    const html = decode((await c.get("/profile")).text);
    expect(html).toContain("Se déconnecter partout");
    // <details>/<summary> confirmation holding a POST form with the intent.
    expect(html).toMatch(/<details[^>]*>\s*<summary[^>]*>Se déconnecter partout<\/summary>[\s\S]*?<form method="post"[^>]*>[\s\S]*?name="intent" value="logout-everywhere"/);
  });

  it("ends every session and API token of the person, then goes to /login with a French message", async () => {
    const me = await createEmployee(db.em(), org);
    const other = await createEmployee(db.em(), org);
    const laptop = newClient();
    const phone = newClient();
    await laptop.login(me.email);
    await phone.login(me.email);
    const token = await api.login(me.email);
    const otherBrowser = newClient();
    await otherBrowser.login(other.email);
    const otherToken = await api.login(other.email);
    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toHaveLength(2);

    const res = await laptop.post("/profile", { intent: "logout-everywhere" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
    expect(decode((await laptop.get("/login")).text)).toContain("Toutes vos sessions ont été fermées. Reconnectez-vous.");

    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toEqual([]);
    expect(await db.sql("select id from api_token where user_id = ? and revoked_at is null", [me.userId])).toEqual([]);
    for (const c of [laptop, phone]) {
      const page = await c.get("/profile");
      expect(page.status).toBe(302);
      expect(page.location).toMatch(/^\/login/);
    }
    expect((await api.get("/api/profile", token)).status).toBe(401);

    // Someone else keeps their session and token.
    expect((await otherBrowser.get("/profile")).status).toBe(200);
    expect((await api.get("/api/profile", otherToken)).status).toBe(200);
  });

  it("cannot be triggered from another site (CSRF: 403, nothing ended)", async () => {
    const me = await createEmployee(db.em(), org);
    const c = newClient();
    await c.login(me.email);
    const res = await c.post("/profile", { intent: "logout-everywhere" }, "https://evil.example");
    expect(res.status).toBe(403);
    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toHaveLength(1);
  });
});
