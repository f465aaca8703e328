import { randomBytes } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { nightlyKey } from "~/domain/operations/missed-runs";
import { resetEnvCache } from "~/server/shared/env.server";
import { heartbeatKey, QUEUE_NAME, SCHEDULES } from "~/server/operations/jobs.server";
import { MikroORM } from "@mikro-orm/postgresql";
import { ormConfig } from "~db/mikro-orm.config";
import { checkHealth, closeHealthPg, closeHealthRedis, expectedNightlyKey, healthRedisListeners } from "~/services/operations/health.server";
import { useTestDatabase } from "~tests/support/db";
import { ownRedis, type OwnRedis } from "~tests/support/redis-server";
import { startWorker } from "~worker/index";

/**
 * Issue 31 items 1 and 8 (decision 0093), against a redis-server of this file's own: the schedules come back after
 * Redis restarts without its data, /healthz names missing schedules and a nightly run that did not happen, a Redis
 * outage is a few JSON lines (not a stack trace per retry) and /healthz does not pile listeners up meanwhile.
 */
const db = useTestDatabase();
const prefix = `cadran-sched-${randomBytes(4).toString("hex")}`;
let redis: OwnRedis;
const saved = { ...process.env };

beforeAll(async () => {
  redis = await ownRedis();
  Object.assign(process.env, { REDIS_URL: redis.url, QUEUE_PREFIX: prefix, SCHEDULES_CHECK_MS: "200" });
  delete process.env.INLINE_JOBS;
  resetEnvCache();
});

afterAll(async () => {
  await closeHealthRedis();
  await closeHealthPg();
  await redis.kill();
  for (const key of ["REDIS_URL", "QUEUE_PREFIX", "SCHEDULES_CHECK_MS"]) {
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

describe("schedules and a Redis that loses its data", () => {
  it("the worker declares its schedules again after Redis restarts empty; the outage is a few JSON lines", async () => {
    const lines: string[] = [];
    const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    vi.spyOn(console, "warn").mockImplementation(keep);
    vi.spyOn(console, "info").mockImplementation(keep);
    const worker = await startWorker(redis.url, { prefix, concurrency: 1, catchUp: false });
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    connection.on("error", () => {});
    const queue = new Queue(QUEUE_NAME, { connection, prefix });
    queue.on("error", () => {});
    try {
      expect((await queue.getJobSchedulers()).map((s) => s.key).sort()).toEqual(SCHEDULES.map((s) => s.id).sort());
      lines.length = 0;
      await redis.kill();
      await new Promise((r) => setTimeout(r, 3000));
      // Three seconds of outage: a line per part that changed state, each a JSON object.
      expect(lines.length).toBeLessThanOrEqual(6);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      expect(lines.some((l) => JSON.parse(l).state === "down")).toBe(true);

      await redis.start();
      const back = await until(async () => {
        const list = await queue.getJobSchedulers().catch(() => []);
        return list.length === SCHEDULES.length ? list : null;
      });
      expect(back.map((s) => s.key).sort()).toEqual(SCHEDULES.map((s) => s.id).sort());
      for (const s of back) expect(s.tz).toBe("Europe/Paris");
    } finally {
      await worker.close();
      await queue.close();
      connection.disconnect();
      vi.restoreAllMocks();
    }
  }, 60_000);
});

describe("a partly lost schedule set (issue 42 §10)", () => {
  it.each([
    ["its entry in the scheduler set", (c: Redis, id: string) => c.zrem(`${prefix}:${QUEUE_NAME}:repeat`, id)],
    ["its scheduler hash", (c: Redis, id: string) => c.del(`${prefix}:${QUEUE_NAME}:repeat:${id}`)],
  ] as const)("one schedule losing %s is declared again, once, without a Redis 'down' line", async (_name, evict) => {
    const lines: string[] = [];
    const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    vi.spyOn(console, "warn").mockImplementation(keep);
    vi.spyOn(console, "info").mockImplementation(keep);
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection, prefix });
    await queue.obliterate({ force: true });
    const worker = await startWorker(redis.url, { prefix, concurrency: 1, catchUp: false });
    try {
      const full = async () => {
        const list = await queue.getJobSchedulers();
        return list.filter((s) => s.pattern && s.next).map((s) => s.key).sort();
      };
      expect(await full()).toEqual(SCHEDULES.map((s) => s.id).sort());
      const lost = SCHEDULES[0]!.id;
      // As an eviction would: one key of one schedule goes, its next run (a delayed job) stays.
      await evict(connection, lost);
      expect(await full()).not.toContain(lost);
      lines.length = 0;
      await until(async () => ((await full()).length === SCHEDULES.length ? true : null), 10_000);
      expect(await full()).toEqual(SCHEDULES.map((s) => s.id).sort());
      // One next run per schedule: the one left behind was replaced, not doubled.
      const delayed = (await queue.getDelayed()).filter((j) => j.id?.startsWith(`repeat:${lost}:`));
      expect(delayed).toHaveLength(1);
      expect(lines.join("\n")).not.toMatch(/"state":"down"|already exists/);
      expect(lines.join("\n")).toMatch(/schedules declared again/);
    } finally {
      await worker.close();
      await queue.close();
      connection.disconnect();
      vi.restoreAllMocks();
    }
  }, 30_000);
});

describe("/healthz for the worker's side", () => {
  it("names the missing schedules, and a nightly run that did not happen", async () => {
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection, prefix });
    try {
      await queue.obliterate({ force: true });
      await connection.set(heartbeatKey(prefix), String(Date.now()), "EX", 120);
      const now = new Date("2026-11-20T10:00:00Z");
      await db.sql("insert into job_run (key, done_at) values (?, now())", [nightlyKey(new Date("2026-11-17T01:00:00Z"))]);
      const health = await checkHealth(db.em(), { redisUrl: redis.url, inline: false, now });
      expect(health.status).toBe("fail");
      expect(health.failing).toEqual(["schedules", "nightly"]);
      expect(health.checks.schedules).toMatchObject({ ok: false, error: "missing schedules", missing: SCHEDULES.map((s) => s.id) });
      expect(health.checks.nightly).toMatchObject({ ok: false, error: "nightly run missing", last: "2026-11-17", expected: "2026-11-20" });

      // The schedules are back and the night is recorded: fine again.
      for (const s of SCHEDULES) await queue.upsertJobScheduler(s.id, { pattern: s.pattern, tz: "Europe/Paris" }, { name: s.name, data: {} });
      await db.sql("insert into job_run (key, done_at) values (?, now())", [expectedNightlyKey(now)]);
      const fine = await checkHealth(db.em(), { redisUrl: redis.url, inline: false, now });
      expect(fine.failing).toEqual([]);
      // The web part (load balancers) never looks at them.
      await queue.obliterate({ force: true });
      const web = await checkHealth(db.em(), { redisUrl: redis.url, inline: false, now, part: "web" });
      expect(web.status).toBe("ok");
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });

  it.each([
    ["at 05:00 Paris, the night before is expected (the 02:00 run still has its grace)", "2026-11-20T04:00:00Z", "nightly:2026-11-19"],
    ["at 06:30 Paris, tonight's 02:00 run is expected", "2026-11-20T05:30:00Z", "nightly:2026-11-20"],
  ])("expects the right night: %s", (_name, at, key) => {
    expect(expectedNightlyKey(new Date(at))).toBe(key);
  });

  it("a pool full of requests stuck on a lock is not 'database unreachable' (its own connection answers)", async () => {
    const small = await MikroORM.init(ormConfig(db.url, { poolMax: 2, timeouts: { statementMs: 10_000, lockMs: 10_000, idleInTransactionMs: 10_000, acquireMs: 5_000 } }));
    try {
      const stuck = Promise.all([1, 2].map(() => small.em.getConnection().execute("select pg_sleep(3)")));
      await new Promise((r) => setTimeout(r, 200));
      const t0 = performance.now();
      const health = await checkHealth(small.em.fork(), { inline: true, part: "web" });
      expect(performance.now() - t0).toBeLessThan(1500);
      expect(health.checks.database).toMatchObject({ ok: true });
      expect(health.status).toBe("ok");
      await stuck;
    } finally {
      await small.close(true);
    }
  }, 30_000);

  it("does not add a listener per call while Redis is down", async () => {
    await redis.kill();
    try {
      const calls = await Promise.all(Array.from({ length: 30 }, () => checkHealth(db.em(), { redisUrl: redis.url, inline: false, part: "web" })));
      for (const c of calls) expect(c.failing).toContain("redis");
      await Promise.all(Array.from({ length: 30 }, () => checkHealth(db.em(), { redisUrl: redis.url, inline: false, part: "web" })));
      expect(healthRedisListeners()).toBeLessThanOrEqual(4);
    } finally {
      await redis.start();
    }
  }, 30_000);
});
