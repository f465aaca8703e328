/**
 * Single sign-on with OpenID Connect (issue 32 item 1, decision 0090), end to end against a real provider that this
 * file starts (oidc-provider): the plain link on /login, the authorization code flow with PKCE, state and nonce, the
 * person found by login e-mail, the `redirect` kept, logout, and every refusal in French: a wrong state, an expired
 * code, an unknown, archived or unverified e-mail, an answer without a sign-in under way. Then password sign-in
 * turned off: /login, /api/login and the reset pages say so.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { t } from "~/i18n/fr";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, TEST_PASSWORD, type Org } from "~tests/support/factories";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";
import { passThroughProvider, startOidcProvider, type TestOidcProvider } from "~tests/support/oidc-provider";

const db = useTestDatabase();
const server = useTestServer();
const base = () => server.baseUrl;
const api = apiClient(base);
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const NAME = "Annuaire Test";

let provider: TestOidcProvider;
let org: Org;
beforeAll(async () => {
  org = await createOrg(db.em(), " SSO");
  provider = await startOidcProvider(server.baseUrl);
  provider.configureApp({ name: NAME });
});
afterEach(() => {
  provider.configureApp({ name: NAME });
  provider.codeTtlSeconds = 60;
  vi.restoreAllMocks();
});
afterAll(async () => {
  for (const key of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_NAME", "PASSWORD_SIGN_IN"]) delete process.env[key];
  await provider?.close();
});

/** Clicks the link: GET /login/oidc (optionally with a redirect); returns the provider's authorization URL. */
async function start(c: ReturnType<typeof htmlClient>, redirect?: string): Promise<string> {
  const res = await c.get(`/login/oidc${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`);
  expect(res.status).toBe(302);
  expect(res.location!.startsWith(`${provider.issuer}/`)).toBe(true);
  return res.location!;
}

const appPath = (url: URL) => url.pathname + url.search;

async function alertOn(c: ReturnType<typeof htmlClient>, path: string): Promise<string> {
  return decode((await c.get(path)).text);
}

describe("the link on /login", () => {
  it("is a plain link carrying the redirect, beside the password form", async () => {
    const page = decode((await htmlClient(base).get("/login?redirect=%2Fleave%2Fme")).text);
    expect(page).toMatch(/<a href="\/login\/oidc\?redirect=%2Fleave%2Fme"[^>]*>Se connecter avec Annuaire Test<\/a>/);
    expect(page).toContain('name="password"');
  });

  it("is absent without single sign-on configured", async () => {
    delete process.env.OIDC_ISSUER;
    const page = decode((await htmlClient(base).get("/login")).text);
    expect(page).not.toContain("Se connecter avec");
    expect((await htmlClient(base).get("/login/oidc")).status).toBe(404);
  });
});

describe("signing in through the provider", () => {
  it("uses PKCE, state and nonce, signs the person in by login e-mail, keeps the redirect, and logout ends our session", async () => {
    const me = await createEmployee(db.em(), org, { email: "lea.sso@cadran.test" });
    const c = htmlClient(base);
    const authorize = new URL(await start(c, "/leave/me?year=2026"));
    expect(authorize.searchParams.get("response_type")).toBe("code");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${base()}/login/oidc/callback`);
    // The provider vouches for the address in another case: the login still matches.
    const back = await passThroughProvider(provider, authorize.toString(), "Lea.SSO@cadran.test");
    expect(back.origin).toBe(base());
    expect(back.searchParams.get("code")).toBeTruthy();
    const done = await c.get(appPath(back));
    expect(done.status).toBe(302);
    expect(done.location).toBe("/leave/me?year=2026");
    expect((await c.get("/leave/me?year=2026")).status).toBe(200);
    const sessions = await db.sql<{ id: string }>("select id from session where user_id = ?", [me.userId]);
    expect(sessions).toHaveLength(1);

    // Logout ends our session (the provider's own session is the provider's business).
    const out = await c.post("/logout", {});
    expect(out.status).toBe(302);
    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toEqual([]);
    expect((await c.get("/leave/me")).location).toMatch(/^\/login\?redirect=/);
    // The same answer cannot sign anyone in again (the code and the session's checks are used).
    const replay = await c.get(appPath(back));
    expect(replay.status).toBe(302);
    expect(replay.location).toBe("/login");
  });

  it("refuses an answer whose state is wrong (French message, not signed in), and its checks are then gone", async () => {
    const me = await createEmployee(db.em(), org);
    const c = htmlClient(base);
    const back = await passThroughProvider(provider, await start(c, "/profile"), me.email);
    const forged = new URL(back);
    forged.searchParams.set("state", "etat-falsifie");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await c.get(appPath(forged));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login?redirect=%2Fprofile");
    expect(await alertOn(c, res.location!)).toContain(t("login.oidc.failed", { name: NAME }));
    expect(warn.mock.calls.map((call) => String(call[0])).join("\n")).toMatch(/single sign-on refused: .*"state"/);
    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toEqual([]);
    // The genuine answer arriving afterwards finds no sign-in under way.
    const genuine = await c.get(appPath(back));
    expect(genuine.location).toBe("/login");
    expect(await alertOn(c, "/login")).toContain(t("login.oidc.expired", { name: NAME }));
    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toEqual([]);
  });

  it("refuses an expired code", async () => {
    const me = await createEmployee(db.em(), org);
    provider.codeTtlSeconds = 1;
    const c = htmlClient(base);
    const back = await passThroughProvider(provider, await start(c), me.email);
    await new Promise((r) => setTimeout(r, 2_100));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await c.get(appPath(back));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
    expect(await alertOn(c, "/login")).toContain(t("login.oidc.failed", { name: NAME }));
    // The provider's token endpoint refused the code (it expired), not anything else.
    expect(warn.mock.calls.map((call) => String(call[0])).join("\n")).toContain("(invalid_grant)");
    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toEqual([]);
  });

  it("refuses an answer reaching another browser (no sign-in under way there)", async () => {
    const me = await createEmployee(db.em(), org);
    const back = await passThroughProvider(provider, await start(htmlClient(base)), me.email);
    const other = htmlClient(base);
    const res = await other.get(appPath(back));
    expect(res.location).toBe("/login");
    expect(await alertOn(other, "/login")).toContain(t("login.oidc.expired", { name: NAME }));
    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toEqual([]);
  });

  it.each([
    ["an unknown e-mail", "inconnu.sso@cadran.test", {}, "login.oidc.unknown"],
    ["an address the provider says is not verified", "non.verifie@cadran.test", { email_verified: false }, "login.oidc.no_email"],
  ] as const)("refuses %s with a French message and creates no account", async (_name, email, claims, key) => {
    if (key === "login.oidc.no_email") await createEmployee(db.em(), org, { email });
    provider.claims[email] = claims;
    const c = htmlClient(base);
    const res = await c.get(appPath(await passThroughProvider(provider, await start(c), email)));
    expect(res.location).toBe("/login");
    expect(await alertOn(c, "/login")).toContain(t(key, { name: NAME, email }));
    expect((await c.get("/")).location).toMatch(/^\/login/);
    expect(await db.sql("select id from app_user where email = ?", [email])).toHaveLength(key === "login.oidc.unknown" ? 0 : 1);
  });

  it.each([
    ["a NUL byte in the e-mail claim (issue 42 §3)", "nul.sso@cadran.test", "nul.sso@cadran.test\u0000"],
    ["the Kelvin sign for k (issue 42 §2)", "kim.sso@cadran.test", "\u212Aim.sso@cadran.test"],
    ["long s for s", "sophie.sso@cadran.test", "\u017Fophie.sso@cadran.test"],
    ["full-width letters", "lou.sso@cadran.test", "\uFF4C\uFF4F\uFF55.sso@cadran.test"],
  ])("refuses %s in French at /login: nobody signed in, the database never said unavailable", async (_name, account, claim) => {
    const me = await createEmployee(db.em(), org, { email: account });
    provider.claims[account] = { email: claim };
    const warn = vi.spyOn(console, "warn");
    const c = htmlClient(base);
    const res = await c.get(appPath(await passThroughProvider(provider, await start(c), account)));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
    expect(await alertOn(c, "/login")).toContain(t("login.oidc.bad_email", { name: NAME }));
    expect(await db.sql("select id from session where user_id = ?", [me.userId])).toEqual([]);
    expect(warn.mock.calls.flat().join("\n")).not.toMatch(/"part":"database"/);
    // The same person with their real address signs in at once: nothing was left broken.
    provider.claims[account] = {};
    const again = htmlClient(base);
    expect((await again.get(appPath(await passThroughProvider(provider, await start(again), account)))).location).toBe("/");
  });

  it("refuses an archived person", async () => {
    const gone = await createEmployee(db.em(), org, { firedAt: "2026-01-31" });
    const c = htmlClient(base);
    const res = await c.get(appPath(await passThroughProvider(provider, await start(c), gone.email)));
    expect(res.location).toBe("/login");
    expect(await alertOn(c, "/login")).toContain(t("login.oidc.archived", { name: NAME, email: gone.email }));
    expect(await db.sql("select id from session where user_id = ?", [gone.userId])).toEqual([]);
  });

  it("never sends the browser to a redirect outside the app", async () => {
    const me = await createEmployee(db.em(), org);
    const c = htmlClient(base);
    const res = await c.get(appPath(await passThroughProvider(provider, await start(c, "//evil.example/x"), me.email)));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
  });
});

describe("password sign-in turned off", () => {
  it("shows only the link on /login and refuses a password on /login and /api/login in French", async () => {
    provider.configureApp({ name: NAME, passwordSignIn: false });
    const me = await createEmployee(db.em(), org);
    const c = htmlClient(base);
    const page = decode((await c.get("/login")).text);
    expect(page).toContain("Se connecter avec Annuaire Test");
    expect(page).not.toContain('name="password"');
    expect(page).not.toContain(t("login.forgot"));
    const form = await c.post("/login", { identifier: me.email, password: TEST_PASSWORD, redirect: "/" });
    expect(form.status).toBe(400);
    expect(decode(form.text)).toContain(t("login.password_off", { name: NAME }));
    const viaApi = await api.post("/api/login", { username: me.email, password: TEST_PASSWORD });
    expect(viaApi.status).toBe(403);
    expect(viaApi.body).toEqual({ message: t("login.password_off", { name: NAME }) });
    // Single sign-on still works.
    const done = await c.get(appPath(await passThroughProvider(provider, await start(c), me.email)));
    expect(done.location).toBe("/");
  });

  it("makes the reset-by-mail pages say so, and sends nothing", async () => {
    provider.configureApp({ name: NAME, passwordSignIn: false });
    const me = await createEmployee(db.em(), org);
    const c = htmlClient(base);
    const message = t("reset.password_off", { name: NAME });
    const reset = decode((await c.get("/password/reset")).text);
    expect(reset).toContain(message);
    expect(reset).not.toContain('name="email"');
    const posted = await c.post("/password/reset", { email: me.email });
    expect(posted.status).toBe(400);
    expect(decode(posted.text)).toContain(message);
    const change = await c.get("/password/change/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(decode(change.text)).toContain(message);
    const viaApi = await api.post("/api/password/reset", { email: me.email });
    expect(viaApi.status).toBe(403);
    expect(viaApi.body.message).toBe(message);
    expect(await db.sql("select id from password_reset_token where user_id = ?", [me.userId])).toEqual([]);
  });
  it("offers no password change on the profile, and refuses one posted anyway, in French", async () => {
    provider.configureApp({ name: NAME, passwordSignIn: false });
    const me = await createEmployee(db.em(), org);
    const c = htmlClient(base);
    expect((await c.get(appPath(await passThroughProvider(provider, await start(c), me.email)))).location).toBe("/");
    const profile = decode((await c.get("/profile")).text);
    expect(profile).not.toContain('value="change-password"');
    const posted = await c.post("/profile", { intent: "change-password", current: TEST_PASSWORD, password: "Nouveau-mot-2026!", confirm: "Nouveau-mot-2026!" });
    expect(posted.status).toBe(400);
    expect(decode(posted.text)).toContain(t("reset.password_off", { name: NAME }));
  });
});
