import { readdir } from "node:fs/promises";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { DEFAULT_JOB_OPTIONS, QUEUE_NAME } from "~/server/operations/jobs.server";
import { sendMail } from "~/server/operations/mail.server";
import { closeQueue, enqueue } from "~/server/operations/queue.server";
import { requestLeave, type LeaveInput } from "~/services/leave/requests.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee } from "~tests/support/factories";
import { createLeaveCast, currentUserOf, setCounters } from "~tests/support/factories-leave";
import { ownRedis, type OwnRedis } from "~tests/support/redis-server";
import { startSmtpCapture } from "~tests/support/smtp";
import { startWorker } from "~worker/index";

/**
 * Issue 31 item 2 (decision 0092): PostgreSQL is the source of truth for the work to do. Against a redis-server of
 * this file's own (killed and restarted here, without persistence), real PostgreSQL and a real SMTP server: nothing is
 * lost, nothing is sent twice, no request waits on Redis.
 */
const db = useTestDatabase();
const prefix = `cadran-outbox-${randomBytes(4).toString("hex")}`;
const REFUSED = "refuse.chef@cadran.test";
let redis: OwnRedis;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
const saved = { ...process.env };

/** Wednesday 1 July 2026, 10:00 in Paris. */
const NOW = new Date("2026-07-01T08:00:00Z");
const ask = (start: string, end: string): LeaveInput => ({ reason: "PAID_LEAVE", start, end, halfDayMorning: false, halfDayAfternoon: false });

beforeAll(async () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  redis = await ownRedis();
  smtp = await startSmtpCapture({ refuse: [REFUSED] });
  Object.assign(process.env, {
    REDIS_URL: redis.url,
    QUEUE_PREFIX: prefix,
    SMTP_URL: smtp.url,
    APP_URL: "https://cadran.example",
    OUTBOX_POLL_MS: "100",
    OUTBOX_RECHECK_SECONDS: "1",
  });
  delete process.env.INLINE_JOBS;
  resetEnvCache();
});

afterAll(async () => {
  await worker?.close();
  await closeQueue();
  await redis.kill();
  await smtp.close();
  for (const key of ["REDIS_URL", "QUEUE_PREFIX", "SMTP_URL", "APP_URL", "OUTBOX_POLL_MS", "OUTBOX_RECHECK_SECONDS", "MAIL_DIR"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
  vi.restoreAllMocks();
});

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const to = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

describe("the outbox", () => {
  it("jobs waiting in Redis when it restarts without its data are sent once, after the restart", async () => {
    const org = (await createLeaveCast(db.em(), " Lost")).org;
    const people = await Promise.all([1, 2, 3].map((i) => createEmployee(db.em(), org, { email: `perdu${i}@cadran.test` })));
    for (const p of people) await enqueue("mail.password-reset", { userId: p.userId });
    // Relayed to Redis (no worker yet): three jobs wait there.
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection, prefix });
    await until(async () => (await queue.getWaitingCount()) === 3);
    await queue.close();
    connection.disconnect();

    // Redis dies and comes back empty, then a worker starts.
    await redis.kill();
    await redis.start();
    worker = await startWorker(redis.url, { prefix, concurrency: 2, schedules: false });
    for (const p of people) await smtp.waitFor((m) => m.to.includes(p.email), 20_000);
    await until(async () => (await db.sql<{ n: string }>("select count(*) as n from job_outbox where done_at is null"))[0]!.n === "0");
    for (const p of people) expect(to(p.email)).toHaveLength(1);
  }, 60_000);

  it("a leave asked while Redis is down answers at once; its mail goes once Redis is back", async () => {
    const cast = await createLeaveCast(db.em(), " Down");
    await setCounters(db.em(), cast.employee.employeeId, { earnedLastYear: 3, earnedThisYear: 10 });
    const user = await currentUserOf(db.em(), cast.employee);
    await redis.kill();

    const t0 = performance.now();
    const { id } = await requestLeave(db.em(), user, ask("2026-07-20", "2026-07-24"), NOW);
    expect(performance.now() - t0).toBeLessThan(3000);
    // The job is in PostgreSQL, with the leave.
    const open = await db.sql<{ name: string; payload: unknown }>("select name, payload from job_outbox where done_at is null");
    expect(open).toContainEqual({ name: "mail.leave-step", payload: { leaveId: id } });

    await redis.start();
    const mail = await smtp.waitFor((m) => m.to.includes(cast.teamLeader.email), 30_000);
    expect(mail.text).toContain("20/07/2026");
    expect(to(cast.teamLeader.email)).toHaveLength(1);
  }, 60_000);

  it("a recipient refused with a 550 is not retried, and the others get their mail once", async () => {
    const cast = await createLeaveCast(db.em(), " Refus");
    await setCounters(db.em(), cast.employee.employeeId, { earnedLastYear: 3, earnedThisYear: 10 });
    // Two more team leaders of the same team; the last one's address is refused by the SMTP server.
    const second = await createEmployee(db.em(), cast.org, { email: "second.chef@cadran.test", profileType: "ROLE_TEAM_LEADER", leaveWorkflow: "partial" });
    await createEmployee(db.em(), cast.org, { email: REFUSED, profileType: "ROLE_TEAM_LEADER", leaveWorkflow: "partial" });
    const user = await currentUserOf(db.em(), cast.employee);
    await requestLeave(db.em(), user, ask("2026-08-03", "2026-08-07"), NOW);

    await smtp.waitFor((m) => m.to.includes(cast.teamLeader.email));
    await smtp.waitFor((m) => m.to.includes(second.email));
    const [refused] = await until(async () => {
      const rows = await db.sql<{ attempts: number; error: string }>(
        "select attempts, error from outgoing_mail where to_address = ? and failed_at is not null",
        [REFUSED],
      );
      return rows.length > 0 ? rows : null;
    });
    expect(refused).toMatchObject({ attempts: 1 });
    expect(refused!.error).toMatch(/550/);
    // Longer than the first retry's backoff: nothing goes again.
    await new Promise((r) => setTimeout(r, DEFAULT_JOB_OPTIONS.backoff.delay * 2));
    expect(smtp.refused.filter((a) => a === REFUSED)).toHaveLength(1);
    expect(to(cast.teamLeader.email)).toHaveLength(1);
    expect(to(second.email)).toHaveLength(1);
  }, 60_000);
});

describe("mail delivery", () => {
  it("24 mails to one person written at once under MAIL_DIR are 24 files", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "cadran-mail-"));
    const smtpUrl = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    process.env.MAIL_DIR = dir;
    resetEnvCache();
    try {
      await Promise.all(Array.from({ length: 24 }, (_, i) => sendMail({ to: "une.personne@cadran.test", subject: `n° ${i}`, text: "." })));
      expect((await readdir(dir)).filter((f) => f.endsWith(".eml"))).toHaveLength(24);
    } finally {
      process.env.SMTP_URL = smtpUrl;
      delete process.env.MAIL_DIR;
      resetEnvCache();
    }
  });

  it("retries outlast an outage of an hour (exponential backoff over every attempt)", () => {
    const { attempts, backoff } = DEFAULT_JOB_OPTIONS;
    const total = Array.from({ length: attempts - 1 }, (_, i) => backoff.delay * 2 ** i).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(3600 * 1000);
  });
});
