import { randomBytes } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { nightlyKey } from "~/domain/operations/missed-runs";
import { overtimeChunkFailedForGood } from "~/jobs/overtime.server";
import { resetEnvCache } from "~/server/shared/env.server";
import { heartbeatKey, QUEUE_NAME } from "~/server/operations/jobs.server";
import { checkHealth, closeHealthRedis } from "~/services/operations/health.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { ownRedis, type OwnRedis } from "~tests/support/redis-server";
import { startWorker } from "~worker/index";

/**
 * Issue 31 item 3: a run's chunk is taken again however many times its worker dies (up to WORKER_MAX_STALLED), and a
 * chunk that fails for good is not silent: /healthz reports the failed run until a nightly run completes after it,
 * and the chunk's weeks are marked dirty so that next nightly run computes them.
 */
const db = useTestDatabase();
const prefix = `cadran-otfail-${randomBytes(4).toString("hex")}`;
let redis: OwnRedis;
const saved = { ...process.env };

beforeAll(async () => {
  redis = await ownRedis();
  Object.assign(process.env, { REDIS_URL: redis.url, QUEUE_PREFIX: prefix });
  delete process.env.INLINE_JOBS;
  resetEnvCache();
});
afterAll(async () => {
  await closeHealthRedis();
  await redis.kill();
  for (const key of ["REDIS_URL", "QUEUE_PREFIX"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
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

describe("a run whose chunk fails for good", () => {
  it("the worker takes a stalled chunk again up to WORKER_MAX_STALLED times (10), not once", async () => {
    const worker = await startWorker(redis.url, { prefix, concurrency: 1, schedules: false });
    try {
      expect(worker.worker.opts.maxStalledCount).toBe(10);
    } finally {
      await worker.close();
    }
  });

  it("is recorded by the worker, reported by /healthz until a nightly run completes, and its weeks wait for that run", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
    const org = await createOrg(db.em(), " OtFail");
    const a = await createEmployee(db.em(), org);
    const b = await createEmployee(db.em(), org);
    await db.sql("insert into job_run (key, done_at) values (?, now() - interval '1 day')", [nightlyKey(new Date(Date.now() - 24 * 3600 * 1000))]);
    const worker = await startWorker(redis.url, { prefix, concurrency: 1, schedules: false });
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection, prefix });
    try {
      // A range no calendar has: the chunk fails, and with one attempt it fails for good.
      const at = new Date().toISOString();
      await queue.add("overtime.chunk", { firstId: a.employeeId, lastId: b.employeeId, at, from: "2026-02-30", to: "2026-03-01" }, { attempts: 1 });
      await until(async () => (await db.sql("select 1 from job_run where key like 'overtime-failed:%'")).length > 0);
      await connection.set(heartbeatKey(prefix), String(Date.now()), "EX", 120);
      const health = await checkHealth(db.em(), { redisUrl: redis.url, inline: false });
      expect(health.checks.nightly).toMatchObject({ ok: false, error: "overtime run failed" });
    } finally {
      await worker.close();
      await queue.close();
      connection.disconnect();
      vi.restoreAllMocks();
    }

    // A recompute chunk's weeks are marked dirty for the next night.
    await overtimeChunkFailedForGood(db.em(), { firstId: a.employeeId, lastId: b.employeeId, at: new Date().toISOString(), from: "2026-03-02", to: "2026-03-15" });
    const dirty = await db.sql<{ employee_id: number; iso_week: number }>(
      "select employee_id, iso_week from overtime_week where employee_id in (?, ?) and dirty order by employee_id, iso_week",
      [a.employeeId, b.employeeId],
    );
    expect(dirty).toEqual([
      { employee_id: a.employeeId, iso_week: 10 },
      { employee_id: a.employeeId, iso_week: 11 },
      { employee_id: b.employeeId, iso_week: 10 },
      { employee_id: b.employeeId, iso_week: 11 },
    ]);

    // The next nightly run completes: the failure is behind us.
    await db.sql("insert into job_run (key, done_at) values (?, now() + interval '1 second')", [nightlyKey(new Date())]);
    const after = await checkHealth(db.em(), { redisUrl: redis.url, inline: false, part: "all" });
    expect(after.checks.nightly).toMatchObject({ ok: true });
  }, 60_000);
});
