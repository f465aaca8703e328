import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime/policy";
import { resetEnvCache } from "~/server/shared/env.server";
import { QUEUE_NAME } from "~/server/operations/jobs.server";
import { closeQueue, enqueue } from "~/server/operations/queue.server";
import { saveCountryPolicy } from "~/services/overtime/policy.server";
import { overtimeChecksum } from "~/services/overtime/run.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { createSchedule } from "~tests/support/factories-badging";
import { startWorker } from "~worker/index";

/**
 * A worker process killed (SIGKILL) in the middle of a range recompute: its chunk is taken again by another worker
 * once BullMQ sees it stalled (WORKER_LOCK_SECONDS), the run finishes, and nothing is counted twice: every employee's recovery
 * counter equals what their finished weeks earn, and a second run gives the same checksum.
 */
const redisUrl = process.env.REDIS_URL ?? "";
const prefix = `cadran-test-${randomBytes(4).toString("hex")}`;
process.env.QUEUE_PREFIX = prefix;
process.env.OVERTIME_CHUNK_SIZE = "4";
// Dead workers' jobs are taken again after 3 s instead of 30 (the lock and the stalled check).
process.env.WORKER_LOCK_SECONDS = "3";
delete process.env.INLINE_JOBS;
const ROOT = path.resolve(import.meta.dirname, "../..");

const db = useTestDatabase();
let connection: Redis;
let queue: Queue;
let child: ChildProcess | undefined;
const employees: number[] = [];
/** Enough people that one worker (a transaction per person, OVERTIME_BATCH_WEEKS=13) is still busy when it is killed. */
const PEOPLE = 40;

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function drained() {
  await until(async () => {
    const c = await queue.getJobCounts("waiting", "active", "delayed", "waiting-children", "prioritized");
    return c.waiting + c.active + c.delayed + c["waiting-children"] + c.prioritized === 0;
  }, 90_000);
}

beforeAll(async () => {
  if (!redisUrl) return;
  resetEnvCache();
  connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  queue = new Queue(QUEUE_NAME, { connection, prefix });
  const org = await createOrg(db.em(), " Kill");
  await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, paid: 50, inRecuperation: 50, effectiveFrom: "2020-01-01" });
  for (let i = 0; i < PEOPLE; i++) {
    const { employeeId } = await createEmployee(db.em(), org);
    await createSchedule(db.em(), employeeId);
    await db.sql("update employee set number_of_hours_per_week = 35 where id = ?", [employeeId]);
    employees.push(employeeId);
  }
  // 45 h every week of the first quarter of 2026 (clock rows with their totals, as the clock actions store them).
  await db.sql(
    `insert into time_clock (employee_id, date, type, suggested, working_time_seconds, lunch_time_seconds, expected_seconds,
                             overtime_seconds, anomaly, created_at, updated_at)
     select e.id, d::date, 'END', false, 32400, 3600, 25200, 7200, false, now(), now()
       from unnest(?::int[]) e(id) cross join generate_series('2026-01-05'::date, '2026-04-03'::date, interval '1 day') d
      where extract(isodow from d) <= 5`,
    [`{${employees.join(",")}}`],
  );
});

afterAll(async () => {
  if (!redisUrl) return;
  child?.kill("SIGKILL");
  await closeQueue();
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
});

describe.skipIf(!redisUrl)("a worker process killed mid-run", () => {
  it("loses nothing and doubles nothing", async () => {
    child = spawn(process.execPath, ["--import", "tsx", "worker/index.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url, QUEUE_PREFIX: prefix, WORKER_SCHEDULES: "0", WORKER_CONCURRENCY: "1", NODE_ENV: "test", OVERTIME_BATCH_WEEKS: "13" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.resume();
    child.stderr!.resume();
    await enqueue("overtime.recompute", { from: "2026-01-05", to: "2026-04-05", at: "2026-07-01T08:00:00.000Z" });
    // Kill it once it has committed some weeks of its first chunk, before it could credit them.
    await until(async () => {
      const [row] = await db.sql<{ n: number }>("select count(*)::int as n from overtime_week where computed_at is not null");
      return row!.n >= 5;
    }, 60_000);
    child.kill("SIGKILL");
    await new Promise((r) => child!.once("exit", r));
    const [partial] = await db.sql<{ n: number }>("select count(*)::int as n from overtime_week where computed_at is not null");
    expect(partial!.n).toBeLessThan(PEOPLE * 13);

    // Another worker takes the stalled chunk and the rest of the run.
    const rescue = await startWorker(redisUrl, { prefix, concurrency: 2, schedules: false });
    try {
      await drained();
    } finally {
      await rescue.close();
    }
    const rows = await db.sql<{ id: number; counter: number; credited: number; due: number; weeks: number }>(
      `select e.id, e.recovery_earned as counter, coalesce(sum(w.credited_seconds), 0)::int as credited,
              coalesce(sum(w.recovery_earned_seconds + w.mandatory_rest_seconds), 0)::int as due, count(w.id)::int as weeks
         from employee e join overtime_week w on w.employee_id = e.id
        where e.id in (?) group by e.id order by e.id`,
      [employees],
    );
    for (const r of rows) {
      expect(r.weeks).toBe(13);
      // 13 weeks of 45 h, half into recovery: 6 h 30 each, credited once.
      expect(r.due).toBe(13 * 6.5 * 3600);
      expect(r.credited).toBe(r.due);
      expect(r.counter).toBe(r.credited);
    }
    const first = await overtimeChecksum(db.em());
    const again = await startWorker(redisUrl, { prefix, concurrency: 2, schedules: false });
    try {
      await enqueue("overtime.recompute", { from: "2026-01-05", to: "2026-04-05", at: "2026-07-01T08:00:00.000Z" });
      await new Promise((r) => setTimeout(r, 200));
      await drained();
    } finally {
      await again.close();
    }
    expect(await overtimeChecksum(db.em())).toEqual(first);
  }, 120_000);
});
