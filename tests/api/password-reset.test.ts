import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { t } from "~/i18n/fr";
import { resetEnvCache } from "~/server/shared/env.server";
import { QUEUE_NAME } from "~/server/operations/jobs.server";
import { closeQueue } from "~/server/operations/queue.server";
import { hashPassword } from "~/server/identity/password.server";
import { createResetToken, MAX_RESET_MAILS_PER_HOUR } from "~/services/identity/auth.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, TEST_PASSWORD, type Org } from "~tests/support/factories";
import { apiClient, useTestServer } from "~tests/support/http";
import { startSmtpCapture } from "~tests/support/smtp";
import { startWorker } from "~worker/index";

/**
 * The password flows of the /api contract, end to end: POST /api/password/reset enqueues a job in real Redis, a
 * real BullMQ worker (started here, on a queue prefix of its own) makes the token and sends the mail through
 * real SMTP; the link's token then works once with POST /api/password/change.
 */
const redisUrl = process.env.REDIS_URL ?? "";
const prefix = `cadran-test-${randomBytes(4).toString("hex")}`;
// Before the first enqueue (and before the built app reads its environment): a queue of our own, through Redis.
process.env.QUEUE_PREFIX = prefix;
delete process.env.INLINE_JOBS;

const db = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  if (redisUrl) {
    // Only the jobs this file enqueues should run: no scheduled job fires into this database by the clock.
    worker = await startWorker(redisUrl, { prefix, concurrency: 2, schedules: false });
  }
});
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

afterAll(async () => {
  await worker?.close();
  await closeQueue();
  if (redisUrl) {
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  }
  await smtp?.close();
});

const NEW_PASSWORD = "Nouveau-Mot-2026!";
const INVALID_TOKEN = t("change.invalid_token");
const tokenOf = (text: string) => /\/password\/change\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
const hashOf = async (userId: number) =>
  (await db.sql<{ password_hash: string }>("select password_hash from app_user where id = ?", [userId]))[0]!.password_hash;

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in time");
}

let org: Org;
beforeAll(async () => {
  org = await createOrg(db.em());
});

describe.skipIf(!redisUrl)("POST /api/password/reset through the worker", () => {
  it("answers a known and an unknown e-mail alike (202, same body) and mails ONE link to the known one", async () => {
    const me = await createEmployee(db.em(), org, { email: "reset.me@cadran.test", firstname: "léa", lastname: "martin" });
    const unknown = await api.post("/api/password/reset", { email: "personne@cadran.test" });
    const known = await api.post("/api/password/reset", { email: "Reset.Me@cadran.test " });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: t("success.reset_link_sent") });

    const mail = await smtp.waitFor((m) => m.to.includes(me.email));
    expect(mail.subject).toBe(t("reset.mail_subject"));
    expect(mail.text).toContain("Léa MARTIN");
    // The link uses APP_URL (here the test server), never the request's Host header.
    expect(mail.text).toContain(`${server.baseUrl}/password/change/`);
    const token = tokenOf(mail.text);
    expect(token).toBeTruthy();
    // Stored hashed, never in clear.
    const stored = await db.sql<{ token_hash: string }>("select token_hash from password_reset_token where user_id = ?", [me.userId]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(token);

    // Exactly one mail for the known account, none for the unknown one.
    await new Promise((r) => setTimeout(r, 400));
    expect(smtp.messages.filter((m) => m.to.includes(me.email))).toHaveLength(1);
    expect(smtp.messages.some((m) => m.to.includes("personne@cadran.test"))).toBe(false);

    // The token works once.
    const changed = await api.post("/api/password/change", { token, plainPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: t("success.password_reset") });
    expect(await api.login(me.email, NEW_PASSWORD)).toBeTruthy();
    const old = await api.post("/api/login", { username: me.email, password: TEST_PASSWORD });
    expect(old.status).toBe(401);

    const again = await api.post("/api/password/change", { token, plainPassword: "Encore-Un-2026!" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: INVALID_TOKEN });
    expect(await api.login(me.email, NEW_PASSWORD)).toBeTruthy();
  });

  it("mails at most three links per account per hour whatever the number of requests, answers the same, and only the latest link works (issue 30)", async () => {
    const me = await createEmployee(db.em(), org);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // 25 requests in a few seconds, as the probe sent them.
    const answers = await Promise.all(Array.from({ length: 25 }, () => api.post("/api/password/reset", { email: me.email })));
    expect(answers.every((a) => a.status === 202 && a.body.message === t("success.reset_link_sent"))).toBe(true);
    await smtp.waitFor((m) => m.to.includes(me.email));
    await waitUntil(async () => smtp.messages.filter((m) => m.to.includes(me.email)).length >= 3, 20_000);
    // A moment more for the remaining jobs to run: still three mails.
    await new Promise((r) => setTimeout(r, 1500));
    const mails = smtp.messages.filter((m) => m.to.includes(me.email));
    expect(mails).toHaveLength(MAX_RESET_MAILS_PER_HOUR);
    expect(MAX_RESET_MAILS_PER_HOUR).toBe(3);
    // A 26th request an hour's worth later still answers the same, and sends nothing more.
    const later = await api.post("/api/password/reset", { email: me.email });
    expect(later.body).toEqual(answers[0]!.body);
    await new Promise((r) => setTimeout(r, 400));
    expect(smtp.messages.filter((m) => m.to.includes(me.email))).toHaveLength(3);
    // Each new link revoked the earlier ones: exactly one link is still alive, the latest one.
    const live = await db.sql<{ token_hash: string }>("select token_hash from password_reset_token where user_id = ? and used_at is null", [me.userId]);
    expect(live).toHaveLength(1);
    const tokens = mails.map((m) => tokenOf(m.text)!);
    const latest = tokens.find((tk) => createHash("sha256").update(tk).digest("hex") === live[0]!.token_hash)!;
    expect(latest).toBeTruthy();
    for (const old of tokens.filter((tk) => tk !== latest)) {
      const res = await api.post("/api/password/change", { token: old, plainPassword: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: INVALID_TOKEN });
    }
    expect((await api.post("/api/password/change", { token: latest, plainPassword: NEW_PASSWORD })).status).toBe(200);
    expect(warn.mock.calls.some((c) => String(c[0]).includes(`reset mail limit reached for user ${me.userId}`))).toBe(true);
    warn.mockRestore();
  });

  it("looks up by login e-mail only: a personal e-mail equal to someone's login never reaches the wrong account", async () => {
    // Data stored before the check existed: B's personal e-mail is A's login, and B's account is older.
    const b = await createEmployee(db.em(), org, { email: "b.collision@cadran.test", emailPersonal: "A.Collision@cadran.test" });
    const a = await createEmployee(db.em(), org, { email: "a.collision@cadran.test" });
    const res = await api.post("/api/password/reset", { email: "a.collision@cadran.test" });
    expect(res.status).toBe(202);
    const mail = await smtp.waitFor((m) => m.to.includes(a.email));
    const token = tokenOf(mail.text)!;
    await new Promise((r) => setTimeout(r, 400));
    // Only A was mailed, and the link changes A's password, not B's.
    expect(smtp.messages.some((m) => m.to.includes(b.email))).toBe(false);
    expect(await db.sql("select user_id from password_reset_token where user_id = ?", [b.userId])).toHaveLength(0);
    expect((await api.post("/api/password/change", { token, plainPassword: NEW_PASSWORD })).status).toBe(200);
    expect(await api.login(a.email, NEW_PASSWORD)).toBeTruthy();
    expect(await api.login(b.email)).toBeTruthy();
  });

  it("sends nothing for a personal e-mail that is no login, and answers the same", async () => {
    const me = await createEmployee(db.em(), org, { emailPersonal: "Lea.Perso@Example.org" });
    const res = await api.post("/api/password/reset", { email: "lea.perso@example.org" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: t("success.reset_link_sent") });
    await new Promise((r) => setTimeout(r, 400));
    expect(smtp.messages.some((m) => m.to.includes(me.email) || m.to.includes("lea.perso@example.org"))).toBe(false);
    expect(await db.sql("select id from password_reset_token where user_id = ?", [me.userId])).toHaveLength(0);
  });

  it.each([
    ["the Kelvin sign for k (issue 42 §2)", "kim.reset@cadran.test", "\u212Aim.reset@cadran.test"],
    ["full-width letters", "kim.wide@cadran.test", "\uFF4B\uFF49\uFF4D.wide@cadran.test"],
  ])("sends nothing for a look-alike of a login (%s), and answers the same", async (_name, login, asked) => {
    const me = await createEmployee(db.em(), org, { email: login });
    const res = await api.post("/api/password/reset", { email: asked });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: t("success.reset_link_sent") });
    await new Promise((r) => setTimeout(r, 400));
    expect(smtp.messages.some((m) => m.to.includes(me.email))).toBe(false);
    expect(await db.sql("select id from password_reset_token where user_id = ?", [me.userId])).toHaveLength(0);
  });

  it("sends nothing for an archived employee, and answers the same", async () => {
    const me = await createEmployee(db.em(), org, { firedAt: "2026-01-31" });
    const res = await api.post("/api/password/reset", { email: me.email });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: t("success.reset_link_sent") });
    await new Promise((r) => setTimeout(r, 400));
    expect(smtp.messages.some((m) => m.to.includes(me.email))).toBe(false);
    expect(await db.sql("select id from password_reset_token where user_id = ?", [me.userId])).toHaveLength(0);
  });
});

describe("POST /api/password/reset: bad input", () => {
  it.each([
    ["an empty body", {}],
    ["an empty e-mail", { email: "  " }],
    ["a number", { email: 12 }],
  ])("answers 422 with a violation on email for %s", async (_name, body) => {
    const res = await api.post("/api/password/reset", body);
    expect(res.status).toBe(422);
    expect(res.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(["email"]);
  });

  it("answers 415 to a form body", async () => {
    const res = await api.call("POST", "/api/password/reset", { rawBody: "email=x", contentType: "application/x-www-form-urlencoded" });
    expect(res.status).toBe(415);
  });
});

describe("POST /api/password/change", () => {
  it("refuses an expired token with 400 and changes nothing", async () => {
    const me = await createEmployee(db.em(), org);
    const token = await createResetToken(db.em(), me.userId);
    await db.sql("update password_reset_token set expires_at = now() - interval '1 second' where user_id = ?", [me.userId]);
    const before = await hashOf(me.userId);
    const res = await api.post("/api/password/change", { token, plainPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: INVALID_TOKEN });
    expect(await hashOf(me.userId)).toBe(before);
  });

  it("refuses a token made before a later password change", async () => {
    const me = await createEmployee(db.em(), org);
    const token = await createResetToken(db.em(), me.userId);
    await new Promise((r) => setTimeout(r, 5));
    // The password changes some other way after the link was sent (e.g. from the profile).
    await db.sql("update app_user set password_hash = ?, password_changed_at = now() where id = ?", [
      await hashPassword("Autre-Chemin-2026!"),
      me.userId,
    ]);
    const res = await api.post("/api/password/change", { token, plainPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_TOKEN);
    expect(await api.login(me.email, "Autre-Chemin-2026!")).toBeTruthy();
  });

  it("kills the user's other reset tokens once one is used", async () => {
    const me = await createEmployee(db.em(), org);
    const first = await createResetToken(db.em(), me.userId);
    const second = await createResetToken(db.em(), me.userId);
    expect((await api.post("/api/password/change", { token: second, plainPassword: NEW_PASSWORD })).status).toBe(200);
    const res = await api.post("/api/password/change", { token: first, plainPassword: "Encore-Un-2026!" });
    expect(res.status).toBe(400);
  });

  it("refuses an unknown token with 400", async () => {
    const res = await api.post("/api/password/change", { token: randomBytes(32).toString("base64url"), plainPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_TOKEN);
  });

  it.each([
    ["too short", "Ab1!abc"],
    ["no uppercase", "nouveau-mot-2026!"],
    ["no lowercase", "NOUVEAU-MOT-2026!"],
    ["no digit", "Nouveau-Mot-deux!"],
    ["no special character", "NouveauMot2026"],
    ["too long", `Aa1!${"x".repeat(200)}`],
  ])("answers 422 with a violation on plainPassword for a weak password (%s) and stores nothing", async (_name, plainPassword) => {
    const me = await createEmployee(db.em(), org);
    const token = await createResetToken(db.em(), me.userId);
    const before = await hashOf(me.userId);
    const res = await api.post("/api/password/change", { token, plainPassword });
    expect(res.status).toBe(422);
    // One field wrong: the message is its reason (issue 28 item 4).
    expect(res.body.message).toBe(t("password.invalid"));
    expect(res.body.violations).toEqual([{ propertyPath: "plainPassword", message: t("password.invalid") }]);
    expect(await hashOf(me.userId)).toBe(before);
    // The token was not spent by the refused attempt.
    expect((await api.post("/api/password/change", { token, plainPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it.each([
    ["an empty body", {}, ["plainPassword", "token"]],
    ["an empty password", { token: "x", plainPassword: "" }, ["plainPassword"]],
    ["a missing token", { plainPassword: NEW_PASSWORD }, ["token"]],
  ])("answers 422 for %s", async (_name, body, paths) => {
    const res = await api.post("/api/password/change", body);
    expect(res.status).toBe(422);
    const fields = [...new Set(res.body.violations.map((v: { propertyPath: string }) => v.propertyPath))].sort();
    expect(fields).toEqual(paths);
  });
});
