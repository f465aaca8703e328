import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { t } from "~/i18n/fr";
import { LOGIN_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_IP } from "~/services/auth.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, TEST_PASSWORD, type Org } from "~tests/support/factories";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/**
 * Login throttling (DESIGN §5): 10 failures per account in 15 minutes, 50 per address; the window slides, so
 * nobody is locked out for good; failures are logged (console.warn). Everything here comes from 127.0.0.1.
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
const newClient = () => htmlClient(() => server.baseUrl);
const THROTTLED = t("login.throttled");
const WRONG = "Mauvais-Mot-2026!";

let org: Org;
beforeAll(async () => {
  org = await createOrg(db.em());
});
afterEach(async () => {
  // Each test starts from a clean slate, so the per-address count never leaks between tests.
  await db.sql("delete from login_failure");
  vi.restoreAllMocks();
});

function failLogin(email: string, times: number) {
  return Promise.all(
    Array.from({ length: times }, () => api.post("/api/login", { username: email, password: WRONG })),
  );
}

describe("per account", () => {
  it("refuses the right password after 10 failures (HTML and API 429), spares other accounts, and forgets after 15 minutes", async () => {
    expect(MAX_FAILURES_PER_ACCOUNT).toBe(10);
    expect(LOGIN_WINDOW_MS).toBe(15 * 60 * 1000);
    const victim = await createEmployee(db.em(), org);
    const bystander = await createEmployee(db.em(), org);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    // Nine failures through the API, the tenth through the form: both count.
    const answers = await failLogin(victim.email, 9);
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(401));
    const tenth = await newClient().post("/login", { identifier: victim.email, password: WRONG, redirect: "/" });
    expect(tenth.status).toBe(400);
    expect(tenth.text).toContain(t("login.invalid"));
    expect(await db.sql("select id from login_failure where identifier = ?", [victim.email])).toHaveLength(10);

    // The 11th attempt, with the right password, is refused.
    const html = await newClient().post("/login", { identifier: victim.email, password: TEST_PASSWORD, redirect: "/" });
    expect(html.status).toBe(429);
    expect(html.text).toContain(THROTTLED);
    expect(html.headers.getSetCookie().some((l) => l.startsWith("cadran_session="))).toBe(false);
    const viaApi = await api.post("/api/login", { username: victim.email.toUpperCase(), password: TEST_PASSWORD });
    expect(viaApi.status).toBe(429);
    expect(viaApi.body).toEqual({ message: THROTTLED });
    expect(await db.sql("select id from api_token where user_id = ?", [victim.userId])).toHaveLength(0);

    // Another account from the same address is not affected.
    expect((await newClient().login(bystander.email)).location).toBe("/");
    expect(await api.login(bystander.email)).toBeTruthy();

    // Failures are logged, as warnings (a console.error would fail the test run).
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines.filter((l) => l.includes(`failed login for ${victim.email}`))).toHaveLength(10);
    expect(lines.some((l) => l.includes(`throttled login for ${victim.email}`))).toBe(true);

    // Throttled attempts are not failures themselves: the window slides and ends.
    expect(await db.sql("select id from login_failure where identifier = ?", [victim.email])).toHaveLength(10);
    await db.sql("update login_failure set at = at - interval '16 minutes' where identifier = ?", [victim.email]);
    const back = await newClient().post("/login", { identifier: victim.email, password: TEST_PASSWORD, redirect: "/leave/me" });
    expect(back.status).toBe(302);
    expect(back.location).toBe("/leave/me");
    expect((await api.post("/api/login", { username: victim.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("still refuses at 10 failures spread over the window, and lets in at 9", async () => {
    const me = await createEmployee(db.em(), org);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await failLogin(me.email, 9);
    await db.sql("update login_failure set at = at - interval '14 minutes' where identifier = ?", [me.email]);
    // nine failures, fourteen minutes old: still under the limit
    expect((await api.post("/api/login", { username: me.email, password: TEST_PASSWORD })).status).toBe(200);
    await failLogin(me.email, 1);
    expect((await api.post("/api/login", { username: me.email, password: TEST_PASSWORD })).status).toBe(429);
  });

  it("counts failures for unknown accounts too (same answer as a wrong password)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const ghost = "personne@cadran.test";
    const answers = await failLogin(ghost, 10);
    expect(answers.every((a) => a.status === 401 && a.body.message === t("login.invalid"))).toBe(true);
    const res = await api.post("/api/login", { username: ghost, password: WRONG });
    expect(res.status).toBe(429);
  });
});

describe("per address", () => {
  it("refuses every account from an address with 50 recent failures", async () => {
    expect(MAX_FAILURES_PER_IP).toBe(50);
    const me = await createEmployee(db.em(), org);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    // 49 failures on 49 different identifiers (none reaches the per-account limit)...
    await db.sql(
      "insert into login_failure (identifier, ip, at) select 'spray' || g || '@cadran.test', '127.0.0.1', now() from generate_series(1, 49) g",
    );
    expect((await api.post("/api/login", { username: me.email, password: TEST_PASSWORD })).status).toBe(200);
    // ...and the 50th
    await failLogin("spray50@cadran.test", 1);
    const res = await api.post("/api/login", { username: me.email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(THROTTLED);
    const html = await newClient().post("/login", { identifier: me.email, password: TEST_PASSWORD, redirect: "/" });
    expect(html.status).toBe(429);
    // Failures from elsewhere do not count against this address.
    await db.sql("update login_failure set ip = '203.0.113.9'");
    expect((await api.post("/api/login", { username: me.email, password: TEST_PASSWORD })).status).toBe(200);
  });
});
