import { beforeAll, describe, expect, it, vi } from "vitest";
import { t, type MessageKey } from "~/i18n/fr";
import { createResetToken } from "~/services/identity/auth.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, TEST_PASSWORD, type Org } from "~tests/support/factories";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * The no-JS HTML forms of the security layout, posted like a browser without JavaScript: login, logout, password
 * reset request and password change; French errors in the returned page, nothing stored on error.
 */
const db = useTestDatabase();
const server = useTestServer();
const newClient = () => htmlClient(() => server.baseUrl);

/** A catalogue text as React writes it into HTML. */
function html(key: MessageKey) {
  return t(key).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
}
const hashOf = async (userId: number) =>
  (await db.sql<{ password_hash: string }>("select password_hash from app_user where id = ?", [userId]))[0]!.password_hash;

let org: Org;
beforeAll(async () => {
  org = await createOrg(db.em());
});

describe("login form", () => {
  it("answers 400 with both French field errors when the fields are empty", async () => {
    const res = await newClient().post("/login", { identifier: "  ", password: "", redirect: "" });
    expect(res.status).toBe(400);
    expect(res.text).toContain(html("login.identifier_required"));
    expect(res.text).toContain(html("login.password_required"));
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("answers 400 with the French message for a wrong password, keeps the identifier and never the password", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const me = await createEmployee(db.em(), org, { email: "garde.moi@cadran.test" });
    const secret = "Pas-Le-Bon-2026!";
    const res = await newClient().post("/login", { identifier: me.email, password: secret, redirect: "/leave/me" });
    expect(res.status).toBe(400);
    expect(res.text).toContain(html("login.invalid"));
    expect(res.text).toMatch(new RegExp(`<input[^>]*name="identifier"[^>]*value="${me.email.replace(".", "\\.")}"`));
    expect(res.text).not.toContain(secret);
    expect(res.text).not.toMatch(/name="password"[^>]*value="[^"]+"/);
    expect(res.headers.getSetCookie()).toEqual([]);
    vi.restoreAllMocks();
  });

  it("signs in, and honours the redirect parameter for local paths only", async () => {
    const me = await createEmployee(db.em(), org);
    const cases: [string, string][] = [
      ["/leave/me?tab=accepted", "/leave/me?tab=accepted"],
      ["/", "/"],
      ["", "/"],
      ["//evil.example", "/"],
      ["//evil.example/login", "/"],
      ["https://evil.example/", "/"],
      ["/\\evil.example", "/"],
      ["javascript:alert(1)", "/"],
      ["/logout", "/"],
    ];
    for (const [redirect, expected] of cases) {
      const res = await newClient().post("/login", { identifier: me.email, password: TEST_PASSWORD, redirect });
      expect(res.status, redirect).toBe(302);
      expect(res.location, redirect).toBe(expected);
    }
  });

  it("carries the redirect from the guarded page through the login form (no JS)", async () => {
    const me = await createEmployee(db.em(), org);
    const client = newClient();
    const guarded = await client.get("/leave/me?tab=rejected");
    expect(guarded.location).toBe("/login?redirect=%2Fleave%2Fme%3Ftab%3Drejected");
    const page = await client.get(guarded.location!);
    // the form posts the redirect back in a hidden field
    expect(page.text).toMatch(/<input type="hidden" name="redirect" value="\/leave\/me\?tab=rejected"/);
    const res = await client.post("/login", { identifier: me.email, password: TEST_PASSWORD, redirect: "/leave/me?tab=rejected" });
    expect(res.location).toBe("/leave/me?tab=rejected");
  });

  it("refuses a cross-origin POST to /login or /logout with 403 and changes nothing", async () => {
    const me = await createEmployee(db.em(), org);
    const attacker = newClient();
    const login = await attacker.post("/login", { identifier: me.email, password: TEST_PASSWORD, redirect: "/" }, "http://evil.example");
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toHaveLength(0);

    const victim = newClient();
    await victim.login(me.email);
    const logout = await victim.post("/logout", {}, "http://evil.example");
    expect(logout.status).toBe(403);
    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toHaveLength(1);
    expect((await victim.get("/")).status).toBe(200);
  });

  it("sends a signed-in visitor of /login home", async () => {
    const me = await createEmployee(db.em(), org);
    const client = newClient();
    await client.login(me.email);
    const res = await client.get("/login");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
  });
});

describe("password reset form", () => {
  it("answers 400 with the French error when empty", async () => {
    const res = await newClient().post("/password/reset", { email: "   " });
    expect(res.status).toBe(400);
    expect(res.text).toContain(html("word.required"));
  });

  it("carries the success alert across the redirect to /login, once", async () => {
    const client = newClient();
    // An unknown address: the same answer as a known one, and nothing is enqueued by this test.
    const res = await client.post("/password/reset", { email: "inconnu@cadran.test" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
    const first = await client.get("/login");
    expect(first.status).toBe(200);
    expect(first.text).toContain(html("success.reset_link_sent"));
    const second = await client.get("/login");
    expect(second.text).not.toContain(html("success.reset_link_sent"));
  });

  it("drops earlier alerts (alerts are cleared at password reset)", async () => {
    const me = await createEmployee(db.em(), org);
    const client = newClient();
    await client.login(me.email);
    await client.post("/logout", {}); // leaves "Vous êtes déconnecté." waiting
    await client.post("/password/reset", { email: "inconnu@cadran.test" });
    const page = await client.get("/login");
    expect(page.text).toContain(html("success.reset_link_sent"));
    expect(page.text).not.toContain(html("success.logged_out"));
  });
});

describe("password change form", () => {
  it("answers 400 for an unknown token on the page itself", async () => {
    const res = await newClient().get("/password/change/not-a-token");
    expect(res.status).toBe(400);
    expect(res.text).toContain(html("change.invalid_token"));
    // The token in the URL never travels to another site. (Not "no-referrer": a form posted from such a page carries
    // "Origin: null", which Remix's own CSRF check rejects.)
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
  });

  it.each([
    ["mismatching passwords", { password: "Nouveau-Mot-2026!", confirm: "Nouveau-Mot-2027!" }, ["change.mismatch"]],
    ["a weak password", { password: "faible", confirm: "faible" }, ["password.invalid"]],
    ["empty fields", { password: "", confirm: "" }, ["word.required"]],
  ] as const)("answers 400 for %s with the French message and stores nothing", async (_name, form, keys) => {
    const me = await createEmployee(db.em(), org);
    const token = await createResetToken(db.em(), me.userId);
    const before = await hashOf(me.userId);
    const client = newClient();
    expect((await client.get(`/password/change/${token}`)).status).toBe(200);
    const res = await client.post(`/password/change/${token}`, form);
    expect(res.status).toBe(400);
    for (const key of keys) expect(res.text).toContain(html(key));
    // "Format du mot de passe valide." when (and only when) the new password met the rule.
    if (form.password === "Nouveau-Mot-2026!") expect(res.text).toContain(html("password.valid"));
    else expect(res.text).not.toContain(html("password.valid"));
    if (form.password) expect(res.text).not.toContain(`value="${form.password}"`);
    expect(await hashOf(me.userId)).toBe(before);
    // the token is still good
    const used = await db.sql("select id from password_reset_token where user_id = ? and used_at is not null", [me.userId]);
    expect(used).toHaveLength(0);
  });

  it("changes the password, then shows the success alert on /login; the link is then dead", async () => {
    const me = await createEmployee(db.em(), org);
    const token = await createResetToken(db.em(), me.userId);
    const client = newClient();
    const res = await client.post(`/password/change/${token}`, { password: "Nouveau-Mot-2026!", confirm: "Nouveau-Mot-2026!" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
    expect((await client.get("/login")).text).toContain(html("success.password_reset"));
    expect((await newClient().post("/login", { identifier: me.email, password: "Nouveau-Mot-2026!", redirect: "/" })).status).toBe(302);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await newClient().post("/login", { identifier: me.email, password: TEST_PASSWORD, redirect: "/" })).status).toBe(400);
    vi.restoreAllMocks();
    // second use of the link
    expect((await newClient().get(`/password/change/${token}`)).status).toBe(400);
    const again = await newClient().post(`/password/change/${token}`, { password: "Encore-Un-2026!", confirm: "Encore-Un-2026!" });
    expect(again.status).toBe(400);
    expect(again.text).toContain(html("change.invalid_token"));
  });
});

describe("404 page", () => {
  it("keeps the shell for a signed-in user (unknown path, unknown leave) and draws an inline SVG, no emoji", async () => {
    const me = await createEmployee(db.em(), org, { email: "perdu@cadran.test" });
    const client = newClient();
    await client.login(me.email);
    for (const path of ["/cette-page-n-existe-pas", "/leave/detail/999999"]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toContain(html("error.not_found_title"));
      expect(res.text, path).toContain('aria-label="Menu utilisateur"');
      expect(res.text, path).toContain('id="content"');
      expect(res.text, path).toMatch(/<svg[^>]*data-picture/);
      expect(res.text, path).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it("stands alone for a visitor", async () => {
    const res = await newClient().get("/cette-page-n-existe-pas");
    expect(res.status).toBe(404);
    expect(res.text).toContain(html("error.not_found_title"));
    expect(res.text).not.toContain('aria-label="Menu utilisateur"');
    expect(res.text).toMatch(/<svg[^>]*data-picture/);
  });
});
