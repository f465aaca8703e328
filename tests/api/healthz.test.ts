import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { heartbeatKey, QUEUE_NAME, SCHEDULES } from "~/server/operations/jobs.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { checkHealth, closeHealthPg, closeHealthRedis } from "~/services/operations/health.server";
import { migrationsList } from "~db/migrations/index";
import { useTestDatabase } from "~tests/support/db";
import { useTestServer } from "~tests/support/http";
import { tcpProxy } from "~tests/support/tcp-proxy";

/**
 * GET /healthz (DESIGN §11, decision 0050) on the real stack with the machine's PostgreSQL and Redis: 200 when every
 * part is fine, 503 naming the failing part otherwise; no authentication, no personal data.
 */
const db = useTestDatabase();
const server = useTestServer();
const redisUrl = process.env.REDIS_URL;
let redis: Redis;
/** This run's heartbeat key: the worker writes it under its queue prefix. */
const HEARTBEAT_KEY = () => heartbeatKey(process.env.QUEUE_PREFIX!);

beforeAll(() => {
  if (!redisUrl) throw new Error("these tests need REDIS_URL (the machine's Redis)");
  // Jobs through Redis, as in production (another file may have asked for inline jobs in this process).
  delete process.env.INLINE_JOBS;
  resetEnvCache();
  redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
});

/** The schedules a worker declares (this run's queue prefix): without them the full /healthz fails (decision 0093). */
beforeAll(async () => {
  const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: process.env.QUEUE_PREFIX });
  for (const s of SCHEDULES) await queue.upsertJobScheduler(s.id, { pattern: s.pattern, tz: "Europe/Paris" }, { name: s.name, data: {} });
  await queue.close();
});
afterAll(async () => {
  redis.disconnect();
  await closeHealthRedis();
  await closeHealthPg();
});

async function get(path = "/healthz") {
  const res = await fetch(`${server.baseUrl}${path}`, { redirect: "manual" });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), cache: res.headers.get("cache-control"), text, body: JSON.parse(text) };
}

describe("GET /healthz", () => {
  it("answers 200 without a session when the database, the migrations, Redis and the worker's heartbeat are fine", async () => {
    await redis.set(HEARTBEAT_KEY(), String(Date.now() - 5_000), "EX", 120);
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.cache).toBe("no-store");
    expect(res.body).toMatchObject({
      status: "ok",
      failing: [],
      checks: {
        database: { ok: true },
        migrations: { ok: true, expected: migrationsList.length, pending: [] },
        redis: { ok: true },
        worker: { ok: true },
      },
    });
    expect(res.body.checks.worker.heartbeatAgeSeconds).toBeGreaterThanOrEqual(4);
    expect(res.body.checks.worker.heartbeatAgeSeconds).toBeLessThan(60);
    // Nothing personal or secret: no e-mail, no connection string, no host.
    expect(res.text).not.toMatch(/@|postgres|redis:\/\/|127\.0\.0\.1/);
  });

  it("answers 503 naming the worker when its heartbeat is missing or stale, and 200 for ?part=web", async () => {
    await redis.del(HEARTBEAT_KEY());
    // Another installation's worker on the same Redis (another QUEUE_PREFIX) is not ours.
    await redis.set(heartbeatKey(`${process.env.QUEUE_PREFIX}-other`), String(Date.now()), "EX", 120);
    const missing = await get();
    expect(missing.status).toBe(503);
    expect(missing.body).toMatchObject({ status: "fail", failing: ["worker"], checks: { worker: { ok: false, error: "no heartbeat" } } });

    await redis.set(HEARTBEAT_KEY(), String(Date.now() - 10 * 60_000), "EX", 120);
    const stale = await get();
    expect(stale.status).toBe(503);
    expect(stale.body.checks.worker).toMatchObject({ ok: false, error: "stale heartbeat" });
    expect(stale.body.checks.worker.heartbeatAgeSeconds).toBeGreaterThanOrEqual(599);

    const web = await get("/healthz?part=web");
    expect(web.status).toBe(200);
    expect(web.body.checks.worker).toBeUndefined();
  });

  it("answers 503 naming the migrations when one of db/migrations/index.ts is not applied", async () => {
    await redis.set(HEARTBEAT_KEY(), String(Date.now()), "EX", 120);
    const last = migrationsList[migrationsList.length - 1]!.name;
    const [row] = await db.sql<{ id: number; name: string; executed_at: Date }>(
      "select id, name, executed_at from mikro_orm_migrations where name like ?",
      [`${last}%`],
    );
    await db.sql("delete from mikro_orm_migrations where id = ?", [row!.id]);
    try {
      const res = await get();
      expect(res.status).toBe(503);
      expect(res.body.failing).toEqual(["migrations"]);
      expect(res.body.checks.migrations).toMatchObject({ ok: false, pending: [last] });
    } finally {
      await db.sql("insert into mikro_orm_migrations (id, name, executed_at) values (?, ?, ?)", [row!.id, row!.name, row!.executed_at]);
    }
    expect((await get()).status).toBe(200);
  });

  it("reports Redis and the worker as failing, quickly, when Redis does not answer", async () => {
    const t0 = performance.now();
    const report = await checkHealth(db.em(), { redisUrl: "redis://127.0.0.1:1", inline: false });
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(report.status).toBe("fail");
    expect(report.failing).toEqual(["redis", "worker", "schedules"]);
    expect(report.checks.database).toMatchObject({ ok: true });
    expect(report.checks.redis).toMatchObject({ ok: false, error: "unreachable" });
    await closeHealthRedis();
  });

  it("names the database, not the nightly run, while the database restarts (issue 42 §9), and is whole again after", async () => {
    await redis.set(HEARTBEAT_KEY(), String(Date.now() - 5_000), "EX", 120);
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = await tcpProxy(Number(target.port || 5432), target.hostname);
    const through = new URL(target);
    through.host = `127.0.0.1:${proxy.port}`;
    try {
      // The database away (a restart): the proxy refuses connections.
      const away = await checkHealth(db.em(), { redisUrl, inline: false, databaseUrl: through.toString() });
      expect(away.status).toBe("fail");
      expect(away.failing).toEqual(["database", "migrations"]);
      expect(away.checks.nightly).toMatchObject({ ok: true, checked: false, reason: "database unreachable" });
      // Back: every part passes, the nightly run read again.
      await proxy.open();
      const back = await checkHealth(db.em(), { redisUrl, inline: false, databaseUrl: through.toString() });
      expect(back.failing).toEqual([]);
      expect(back.checks.nightly).toMatchObject({ ok: true });
      expect(back.checks.nightly).not.toHaveProperty("checked");
    } finally {
      await closeHealthPg();
      await proxy.close();
    }
  });

  it("does not check Redis nor the worker when the jobs run inline (npm start without Redis)", async () => {
    const report = await checkHealth(db.em(), { redisUrl: undefined, inline: true });
    expect(report).toMatchObject({ status: "ok", checks: { redis: { ok: true, mode: "inline" }, worker: { ok: true, mode: "inline" } } });
  });
});
