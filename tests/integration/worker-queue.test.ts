import { Queue, type Job } from "bullmq";
import { Redis } from "ioredis";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { DEFAULT_JOB_OPTIONS, QUEUE_NAME, SCHEDULES } from "~/server/operations/jobs.server";
import { closeQueue, enqueue } from "~/server/operations/queue.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { startSmtpCapture } from "~tests/support/smtp";
import { startWorker } from "~worker/index";

/**
 * The BullMQ worker against real Redis (a queue prefix of its own) and real SMTP: retries with backoff, jobs that
 * can never succeed fail at once, schedules are upserted idempotently, and the nightly cleanup deletes only what
 * has expired.
 */
const redisUrl = process.env.REDIS_URL ?? "";
const prefix = `cadran-test-${randomBytes(4).toString("hex")}`;
process.env.QUEUE_PREFIX = prefix;
delete process.env.INLINE_JOBS;
const SMTP_DOWN = "smtp://127.0.0.1:1?ignoreTLS=true";

const db = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
let connection: Redis;
let queue: Queue;

beforeAll(async () => {
  if (!redisUrl) return;
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = SMTP_DOWN;
  process.env.APP_URL = "https://cadran.example";
  resetEnvCache();
  connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  queue = new Queue(QUEUE_NAME, { connection, prefix });
  // No schedules for the worker under test: a schedule firing at a 5-minute boundary must not race the tests.
  worker = await startWorker(redisUrl, { prefix, concurrency: 2, schedules: false });
});

afterAll(async () => {
  if (!redisUrl) return;
  await worker?.close();
  await closeQueue();
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
  await smtp.close();
});

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function jobNamed(name: string, data?: Record<string, unknown>): Promise<Job | undefined> {
  const jobs = await queue.getJobs(["waiting", "active", "delayed", "failed", "completed", "prioritized"]);
  return jobs.find((j) => j.name === name && (!data || JSON.stringify(j.data) === JSON.stringify(data)));
}

describe.skipIf(!redisUrl)("the BullMQ worker", () => {
  it("upserts its schedules idempotently (a second start does not double them)", async () => {
    const second = await startWorker(redisUrl, { prefix });
    await second.close();
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual(SCHEDULES.map((s) => s.id).sort());
    for (const s of schedulers) expect(s.tz).toBe("Europe/Paris");
    // From here on nothing should fire by the clock into this test's database.
    for (const s of schedulers) await queue.removeJobScheduler(s.key);
    expect(await queue.getJobSchedulers()).toHaveLength(0);
  });

  it("retries a mail job with backoff: SMTP down on the first attempt, up for the next", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const org = await createOrg(db.em());
    const me = await createEmployee(db.em(), org, { email: "retry.me@cadran.test" });

    await enqueue("mail.password-reset", { userId: me.userId });
    const job = await until(() => jobNamed("mail.password-reset", { userId: me.userId }));
    // The payload carries an id only, and the job has retries with exponential backoff.
    expect(job.data).toEqual({ userId: me.userId });
    expect(job.opts.attempts).toBe(DEFAULT_JOB_OPTIONS.attempts);
    expect(job.opts.attempts).toBeGreaterThan(1);
    expect(job.opts.backoff).toEqual({ type: "exponential", delay: 2000 });
    expect(job.opts.removeOnComplete).toBeTruthy();
    expect(job.opts.removeOnFail).toBeTruthy();

    // The job stores the mail and hands it to a job of its own (decision 0092): the mail.send job is the one retried.
    const send = await until(() => jobNamed("mail.send"));
    expect(Object.keys(send.data)).toEqual(["mailId"]);
    // First attempt: the SMTP server refuses the connection; the job waits for its retry.
    const delayed = await until(async () => {
      const j = await queue.getJob(send.id!);
      return j && j.attemptsMade >= 1 && (await j.getState()) === "delayed" ? j : null;
    });
    expect(delayed.failedReason).toMatch(/ECONNREFUSED|connect/i);
    expect(warn.mock.calls.some((c) => String(c[0]).includes(`[worker] job mail.send #${send.id} failed`))).toBe(true);
    expect(smtp.messages.filter((m) => m.to.includes(me.email))).toHaveLength(0);

    // The server comes back: the retry (2 s later) delivers the mail.
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
    const mail = await smtp.waitFor((m) => m.to.includes(me.email), 15_000);
    expect(mail.text).toContain("https://cadran.example/password/change/");
    const done = await until(async () => {
      const j = await queue.getJob(send.id!);
      return j && (await j.getState()) === "completed" ? j : null;
    });
    expect(done.attemptsMade).toBeGreaterThanOrEqual(1);
    // (BullMQ does not always report processedOn on a retried job, so its duration is not asserted.)
    expect(smtp.messages.filter((m) => m.to.includes(me.email))).toHaveLength(1);
    expect((await jobNamed("mail.password-reset", { userId: me.userId }))?.attemptsMade ?? 0).toBeLessThanOrEqual(1);
  }, 40_000);

  it.each([
    ["an unknown job name", "mail.nope", {}, /Unknown job mail\.nope/],
    ["a bad payload", "mail.password-reset", { userId: "douze" }, /Bad payload/],
  ])("fails %s for good at once (UnrecoverableError, no retry)", async (_name, jobName, data, reason) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const added = await queue.add(jobName, data, DEFAULT_JOB_OPTIONS);
    const failed = await until(async () => {
      // The state first, then the job: a job read before it failed would carry no failedReason yet.
      if ((await queue.getJobState(added.id!)) !== "failed") return null;
      return (await queue.getJob(added.id!)) ?? null;
    });
    // Failed although four more attempts were allowed: no retry was scheduled.
    expect(failed.attemptsMade).toBeLessThanOrEqual(1);
    expect(await queue.getDelayedCount()).toBe(0);
    expect(failed.opts.attempts).toBe(DEFAULT_JOB_OPTIONS.attempts);
    expect(failed.failedReason).toMatch(reason);
  });

  it("runs the cleanup job: expired sessions and dead tokens go, live ones stay", async () => {
    const org = await createOrg(db.em(), " C");
    const u = (await createEmployee(db.em(), org)).userId;
    const prefixes: Record<string, string> = { session: "session-", api_token: "api-", password_reset_token: "reset-" };
    const rows = async (table: string) =>
      (
        await db.sql<{ label: string }>(
          `select label from cleanup_probe p join ${table} t on t.id::text = p.ref where p.label like ? order by label`,
          [`${prefixes[table]}%`],
        )
      ).map((r) => r.label);
    // Labels let us see exactly which rows survive.
    await db.sql("create table cleanup_probe (label text, ref text)");
    const session = async (label: string, lastSeen: string, expires: string) => {
      const id = randomBytes(16).toString("hex");
      await db.sql(
        `insert into session (id, user_id, data, created_at, last_seen_at, expires_at)
         values (?, ?, '{}', now() - interval '1 hour', now() - interval '${lastSeen}', now() + interval '${expires}')`,
        [id, u],
      );
      await db.sql("insert into cleanup_probe values (?, ?)", [label, id]);
    };
    await session("session-live", "1 minute", "11 hours");
    await session("session-idle", "31 minutes", "11 hours");
    await session("session-expired", "1 minute", "-1 minute");

    const token = async (table: string, label: string, cols: string) => {
      const [row] = await db.sql<{ id: number }>(
        table === "api_token"
          ? `insert into api_token (user_id, token_hash, created_at, expires_at, revoked_at) values (?, ?, now() - interval '3 days', ${cols}) returning id`
          : `insert into password_reset_token (user_id, token_hash, created_at, expires_at, used_at) values (?, ?, now() - interval '3 days', ${cols}) returning id`,
        [u, randomBytes(32).toString("hex")],
      );
      await db.sql("insert into cleanup_probe values (?, ?)", [label, String(row!.id)]);
    };
    await token("api_token", "api-live", "now() + interval '11 hours', null");
    await token("api_token", "api-expired-2-days", "now() - interval '2 days', null");
    await token("api_token", "api-revoked-2-days", "now() + interval '11 hours', now() - interval '2 days'");
    await token("api_token", "api-expired-1-hour", "now() - interval '1 hour', null");
    await token("password_reset_token", "reset-live", "now() + interval '20 minutes', null");
    await token("password_reset_token", "reset-expired-2-days", "now() - interval '2 days', null");
    await db.sql("insert into login_failure (identifier, ip, at) values ('old@x', '1.2.3.4', now() - interval '2 days'), ('new@x', '1.2.3.4', now())");

    await enqueue("maintenance.cleanup", {});
    const job = await until(async () => {
      const j = await jobNamed("maintenance.cleanup");
      return j && (await j.getState()) === "completed" ? j : null;
    });
    expect(job.returnvalue).toEqual({ sessions: 2, tokens: 2, resets: 1, failures: 1, jobRuns: 0, waitingRepaired: 0, outbox: 0, mails: 0, imports: 0 });

    expect(await rows("session")).toEqual(["session-live"]);
    expect(await rows("api_token")).toEqual(["api-expired-1-hour", "api-live"]);
    expect(await rows("password_reset_token")).toEqual(["reset-live"]);
    expect((await db.sql<{ identifier: string }>("select identifier from login_failure")).map((r) => r.identifier)).toEqual(["new@x"]);
  });
});
