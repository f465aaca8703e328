import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { t } from "~/i18n/fr";
import { argon2Load } from "~/server/identity/password.server";
import { attemptsInFlight, BURST_REFUSALS, clearLoginBursts } from "~/server/identity/login-attempts.server";
import { ADDRESS_PACE_FREE_FAILURES, ADDRESS_PACE_STEP_MS } from "~/domain/identity/login-throttle";
import { loginWithPassword, type LoginResult } from "~/services/identity/auth.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, TEST_PASSWORD, type Org } from "~tests/support/factories";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 42 §7, decision 0131: a login burst (200 wrong passwords sent at once from one address, on one real account
 * and on a hundred names) is refused before hashing but for a few checks, and a clean account signing in from
 * elsewhere during it gets the hashing at once, not after the burst. Before: every attempt of the burst read "no
 * failure yet" and waited its turn for a hash (200 hashes, 503s after 10 s), and the clean sign-in waited behind them.
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
const WRONG = "Mauvais-Mot-2026!";
const BURST_IP = "203.0.113.7";

let org: Org;
beforeAll(async () => {
  org = await createOrg(db.em(), " Burst");
});
afterEach(async () => {
  await db.sql("delete from login_failure");
  clearLoginBursts();
  vi.restoreAllMocks();
});

describe("a login burst", () => {
  it("200 wrong passwords at once cost a few hashes, and a clean account from elsewhere signs in before the burst is checked", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const victim = await createEmployee(db.em(), org);
    const bystander = await createEmployee(db.em(), org);
    const attempt = (identifier: string, password: string, ip: string) =>
      loginWithPassword(db.em().fork(), { identifier, password, ip });

    const burst = Array.from({ length: 200 }, (_, i) =>
      attempt(i % 2 === 0 ? victim.email : `inconnu${i}@cadran.test`, WRONG, BURST_IP),
    );
    // Meanwhile someone else, from another address, with the right password.
    let failuresBeforeBystander = -1;
    const clean = attempt(bystander.email, TEST_PASSWORD, "198.51.100.4").then(async (r) => {
      failuresBeforeBystander = (await db.sql("select id from login_failure")).length;
      return r;
    });
    const answers: LoginResult[] = await Promise.all(burst);

    expect(await clean).toMatchObject({ ok: true, userId: bystander.userId });
    // Each "invalid" is one password hashed and one failure recorded; every other attempt was refused before hashing.
    const invalid = answers.filter((a) => !a.ok && a.reason === "invalid").length;
    const throttled = answers.filter((a) => !a.ok && a.reason === "throttled").length;
    expect(invalid + throttled).toBe(200);
    expect(invalid).toBeLessThanOrEqual(15);
    expect(await db.sql("select id from login_failure where ip = ?", [BURST_IP])).toHaveLength(invalid);
    // The clean sign-in did not wait for the burst: at most the burst's first few checks were done before it.
    expect(failuresBeforeBystander).toBeLessThanOrEqual(15);
    expect(argon2Load()).toMatchObject({ running: 0, waiting: 0, suspects: 0 });
    expect(attemptsInFlight()).toBe(0);

    // The victim, once the burst is over, is not refused for it beyond the rule of 10 (it had fewer recorded).
    const victimFailures = (await db.sql("select id from login_failure where identifier = ?", [victim.email])).length;
    expect(victimFailures).toBeLessThan(10);
    expect(await attempt(victim.email, TEST_PASSWORD, "198.51.100.5")).toMatchObject({ ok: true });
  }, 60_000);

  it("counts the checks by lane: a run of failures from one address is checked one at a time after the clean ones", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const me = await createEmployee(db.em(), org);
    argon2Load(true);
    // One after the other, a run of wrong passwords on names from one address: each is checked (no burst), the
    // first three as clean, the others as suspect (three failures from the address).
    for (let i = 0; i < 12; i++) {
      expect(await loginWithPassword(db.em().fork(), { identifier: `nom${i}@cadran.test`, password: WRONG, ip: BURST_IP })).toMatchObject({ reason: "invalid" });
    }
    expect(argon2Load()).toMatchObject({ suspect: 9, refused: 0 });
    // Someone from that address with the right password: checked in the suspect lane, which is free: signed in.
    expect(await loginWithPassword(db.em().fork(), { identifier: me.email, password: TEST_PASSWORD, ip: BURST_IP })).toMatchObject({ ok: true });
    expect(argon2Load()).toMatchObject({ suspect: 10, refused: 0 });
  }, 60_000);

  it("slows an address failing fast one attempt at a time: a run one after the other is answered, one sent alongside is refused before hashing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const me = await createEmployee(db.em(), org);
    const attempt = (identifier: string, password: string) => loginWithPassword(db.em().fork(), { identifier, password, ip: BURST_IP });
    argon2Load(true);
    // Ten wrong passwords one after the other from one address: no wait from the pace (ADDRESS_PACE_FREE_FAILURES).
    for (let i = 0; i < ADDRESS_PACE_FREE_FAILURES; i++) expect(await attempt(`nom${i}@cadran.test`, WRONG)).toMatchObject({ reason: "invalid" });
    // The 11th and 12th wait 100 then 200 ms, and are checked: slowed, never refused.
    const started = performance.now();
    expect(await attempt("nom10@cadran.test", WRONG)).toMatchObject({ reason: "invalid" });
    expect(await attempt("nom11@cadran.test", WRONG)).toMatchObject({ reason: "invalid" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * ADDRESS_PACE_STEP_MS - 5);
    // Two more from the address at the same moment: one waits its turn and is checked, the other is refused before
    // hashing (whichever reads the counts first sees the other in flight).
    const pair = await Promise.all([attempt("nom12@cadran.test", WRONG), attempt("nom13@cadran.test", WRONG)]);
    expect(pair.map((a) => (a.ok ? "ok" : a.reason)).sort()).toEqual(["invalid", "throttled"]);
    expect(argon2Load()).toMatchObject({ refused: 0 });
    expect(argon2Load().clean + argon2Load().suspect).toBe(13);
    expect(await db.sql("select id from login_failure where ip = ?", [BURST_IP])).toHaveLength(13);
    // Someone at that address with the right password, after the run: slowed too, signed in.
    expect(await attempt(me.email, TEST_PASSWORD)).toMatchObject({ ok: true });
    // From another address the pace does not apply.
    expect(await loginWithPassword(db.em().fork(), { identifier: me.email, password: TEST_PASSWORD, ip: "198.51.100.9" })).toMatchObject({ ok: true });
    expect(attemptsInFlight()).toBe(0);
  }, 60_000);

  it("answers the attempts refused before hashing as throttled: 429 and the French message on /api/login", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const me = await createEmployee(db.em(), org);
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.post("/api/login", { username: me.email, password: WRONG })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(answers.find((a) => a.status === 429)?.body).toEqual({ message: t("login.throttled") });
  }, 60_000);

  it("answers an address in a burst before the page: a small French 429 with Retry-After, nothing checked nor recorded", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const me = await createEmployee(db.em(), org);
    // A burst from this address (127.0.0.1): wrong passwords for one account, sent at once, until it is refused often.
    for (let round = 0; round < 5; round++) {
      await Promise.all(Array.from({ length: 10 }, () => api.post("/api/login", { username: me.email, password: WRONG })));
    }
    const failures = (await db.sql("select id from login_failure")).length;
    argon2Load(true);
    const form = await htmlClient(() => server.baseUrl).post("/login", { identifier: me.email, password: TEST_PASSWORD, redirect: "/" });
    expect(form.status).toBe(429);
    expect(form.headers.get("retry-after")).toBe("2");
    expect(form.headers.get("content-type")).toMatch(/^text\/html/);
    expect(form.text).toContain(t("login.burst"));
    expect(form.text).toContain('href="/login"');
    expect(form.text).toContain('lang="fr"');
    const viaApi = await api.post("/api/login", { username: me.email, password: TEST_PASSWORD });
    expect(viaApi).toMatchObject({ status: 429, body: { message: t("login.burst") } });
    // Nothing hashed, nothing recorded for these.
    expect(argon2Load()).toMatchObject({ clean: 0, suspect: 0 });
    expect(await db.sql("select id from login_failure")).toHaveLength(failures);
    expect(BURST_REFUSALS).toBe(10);
    // Another address is not concerned; this one is forgotten once the burst has stopped (here: cleared, as after 2 s).
    clearLoginBursts();
    await db.sql("delete from login_failure");
    expect((await api.post("/api/login", { username: me.email, password: TEST_PASSWORD })).status).toBe(200);
  }, 60_000);
});
