import { Queue, type Job } from "bullmq";
import { Redis } from "ioredis";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime/policy";
import { resetEnvCache } from "~/server/shared/env.server";
import { heartbeatKey, QUEUE_NAME } from "~/server/operations/jobs.server";
import { closeQueue, enqueue } from "~/server/operations/queue.server";
import { markWeeksDirty } from "~/services/overtime/dirty.server";
import { saveCountryPolicy } from "~/services/overtime/policy.server";
import { overtimeChecksum } from "~/services/overtime/run.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { createClock, createSchedule, NINE_HOURS } from "~tests/support/factories-badging";
import { startWorker } from "~worker/index";

/**
 * The nightly overtime run through real BullMQ workers (real Redis, a prefix of its own): the run fans out into
 * chunk jobs that two workers share, "finish" records the night, a second run gives the same checksum; the nightly
 * schedule is registered once at 02:00 Europe/Paris; the heartbeat key; one JSON line per job.
 */
const redisUrl = process.env.REDIS_URL ?? "";
const prefix = `cadran-test-${randomBytes(4).toString("hex")}`;
process.env.QUEUE_PREFIX = prefix;
process.env.OVERTIME_CHUNK_SIZE = "1";
delete process.env.INLINE_JOBS;

const db = useTestDatabase();
const H = 3600;
const AT = "2026-04-08T00:00:00.000Z";

let connection: Redis;
let queue: Queue;
const workers: Awaited<ReturnType<typeof startWorker>>[] = [];
const chunksBy: number[] = [0, 0];

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function nightlyRun() {
  await db.sql("delete from job_run where key = 'nightly:2026-04-08'");
  await enqueue("overtime.nightly", { at: AT });
  await until(async () => (await db.sql("select key from job_run where key = 'nightly:2026-04-08'")).length > 0);
}

beforeAll(async () => {
  if (!redisUrl) return;
  resetEnvCache();
  connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  queue = new Queue(QUEUE_NAME, { connection, prefix });
  const org = await createOrg(db.em(), " Worker");
  await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, paid: 50, inRecuperation: 50, effectiveFrom: "2020-01-01" });
  for (let i = 0; i < 8; i++) {
    const { employeeId } = await createEmployee(db.em(), org);
    await createSchedule(db.em(), employeeId);
    await db.sql("update employee set number_of_hours_per_week = 35 where id = ?", [employeeId]);
    for (const date of ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03"]) {
      await recomputeDay(db.em(), await createClock(db.em(), employeeId, date, NINE_HOURS), new Date(AT));
    }
    // As a validated correction of last week would: the week is marked for the night.
    await markWeeksDirty(db.em(), employeeId, "2026-03-30", "2026-04-03");
  }
  for (const w of [0, 1]) {
    const handle = await startWorker(redisUrl, { prefix, concurrency: 1, schedules: false });
    handle.worker.on("completed", (job: Job) => {
      if (job.name === "overtime.chunk") chunksBy[w]! += 1;
    });
    workers.push(handle);
  }
});

afterAll(async () => {
  if (!redisUrl) return;
  for (const w of workers) await w.close();
  await closeQueue();
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
});

describe.skipIf(!redisUrl)("the nightly overtime run on BullMQ workers", () => {
  it("fans out into chunk jobs that two workers share, logs one JSON line per job, and records the night", async () => {
    const info = vi.spyOn(console, "info");
    await nightlyRun();
    // 8 employees in chunks of 1: 8 chunk jobs, taken by both workers.
    expect(chunksBy[0]! + chunksBy[1]!).toBe(8);
    expect(chunksBy[0]).toBeGreaterThan(0);
    expect(chunksBy[1]).toBeGreaterThan(0);
    const weeks = await db.sql<{ credited_seconds: number }>("select credited_seconds from overtime_week where iso_week = 14");
    expect(weeks.map((w) => w.credited_seconds)).toEqual(Array(8).fill(6.5 * H));

    const lines = info.mock.calls
      .map((c) => String(c[0]))
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const chunkLine = lines.find((l) => l.name === "overtime.chunk");
    expect(chunkLine).toMatchObject({ msg: "job", name: "overtime.chunk", result: "completed", attempt: 1 });
    expect(chunkLine!.id).toBeTypeOf("string");
    expect(chunkLine!.durationMs).toBeTypeOf("number");
    expect(lines.some((l) => l.name === "overtime.finish" && l.result === "completed")).toBe(true);
    // Payloads carry ids and dates only.
    info.mockRestore();
  });

  it("a second run gives the same checksum (nothing credited twice)", async () => {
    const first = await overtimeChecksum(db.em());
    await nightlyRun();
    expect(await overtimeChecksum(db.em())).toEqual(first);
  });

  it("writes the heartbeat: epoch milliseconds under <prefix>:worker:heartbeat, expiring within 120 s", async () => {
    const key = heartbeatKey(prefix);
    expect(key).toBe(`${prefix}:worker:heartbeat`);
    const value = Number(await connection.get(key));
    expect(Math.abs(Date.now() - value)).toBeLessThan(20_000);
    const ttl = await connection.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(120);
  });

  it("registers the nightly schedule once, at 02:00 Europe/Paris, with removal options", async () => {
    for (let i = 0; i < 2; i++) await (await startWorker(redisUrl, { prefix, catchUp: false })).close();
    const schedulers = (await queue.getJobSchedulers()).filter((s) => s.key === "overtime-nightly");
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ name: "overtime.nightly", pattern: "0 2 * * *", tz: "Europe/Paris" });
    const next = new Date(Number(schedulers[0]!.next));
    expect(new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" }).format(next)).toBe("02:00");
    const template = schedulers[0]!.template as { opts?: { removeOnComplete?: unknown; removeOnFail?: unknown } } | undefined;
    expect(template?.opts?.removeOnComplete).toBeTruthy();
    expect(template?.opts?.removeOnFail).toBeTruthy();
    for (const s of await queue.getJobSchedulers()) await queue.removeJobScheduler(s.key);
  });
});
