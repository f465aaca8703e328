import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { QUEUE_NAME } from "~/server/operations/jobs.server";
import { closeQueue } from "~/server/operations/queue.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { counters, setCounters } from "~tests/support/factories-leave";
import { cleanup } from "~/jobs/cleanup.server";
import { startWorker } from "~worker/index";
import { runJob } from "~/jobs/registry.server";
import { startInlineScheduler } from "../../scripts/lib/inline-scheduler";

/**
 * Schedules missed while the app was down are run at start, once, in order, as of their due moment: by the
 * inline scheduler (no Redis) and by the BullMQ worker (real Redis), against real PostgreSQL. And the nightly
 * cleanup removes the reminders' `notif:*` job_run rows after 30 days.
 */
const redisUrl = process.env.REDIS_URL ?? "";
const prefix = `cadran-test-${randomBytes(4).toString("hex")}`;
process.env.QUEUE_PREFIX = prefix;

const db = useTestDatabase();
const keys = async (like: string) => (await db.sql<{ key: string }>("select key from job_run where key like ? order by key", [like])).map((r) => r.key);

beforeAll(() => {
  resetEnvCache();
  vi.spyOn(console, "info").mockImplementation(() => {});
});

afterAll(async () => {
  await closeQueue();
  if (redisUrl) {
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  }
});

describe("catch-up at start", () => {
  it("inline mode: down from late May to 3 July, the start runs the June roll-over, then the June and July accruals, once", async () => {
    const org = await createOrg(db.em(), " Rattrapage");
    const emp = await createEmployee(db.em(), org);
    await setCounters(db.em(), emp.employeeId, { earnedLastYear: 25, takenLastYear: 20, earnedThisYear: 20, takenThisYear: 3, accrual: 2 });
    // Last recorded runs: the 2025 roll-over and May 2026's accrual (done on 1 May).
    await db.sql("insert into job_run (key, done_at) values ('rollover:2025', '2025-06-01T00:00:00+02'), ('accrual:2026-05', '2026-05-01T01:00:00+02')");

    const now = new Date("2026-07-03T07:00:00Z");
    const stop = startInlineScheduler(runJob, { now });
    const ran = await stop.caughtUp;
    stop();
    expect(ran.map((r) => r.key)).toEqual(["rollover:2026", "accrual:2026-06", "accrual:2026-07", "nightly:2026-07-03", "cleanup:2026-07-03"]);
    // The overtime night (02:00) ran too, inline: it records its key once its chunks are done.
    expect(await keys("nightly:%")).toEqual(["nightly:2026-07-03"]);
    expect(await keys("accrual:%")).toEqual(["accrual:2026-05", "accrual:2026-06", "accrual:2026-07"]);
    expect(await keys("rollover:%")).toEqual(["rollover:2025", "rollover:2026"]);
    expect(await keys("cleanup:%")).toEqual(["cleanup:2026-07-03"]);
    // Roll-over first (last year = this year 20 + 5 unused of the old last year; 3 taken), then two accruals of 2 days.
    expect(await counters(db.em(), emp.employeeId)).toMatchObject({ earnedLastYear: 25, takenLastYear: 3, earnedThisYear: 4, takenThisYear: 0 });

    // A second start (or a second process) does nothing more.
    const again = startInlineScheduler(runJob, { now: new Date("2026-07-03T08:00:00Z") });
    expect(await again.caughtUp).toEqual([]);
    again();
    expect(await counters(db.em(), emp.employeeId)).toMatchObject({ earnedLastYear: 25, takenLastYear: 3, earnedThisYear: 4, takenThisYear: 0 });
  });

  it.skipIf(!redisUrl)("BullMQ worker: its start runs the accruals missed since the last recorded one, once", async () => {
    const org = await createOrg(db.em(), " Rattrapage Worker");
    const emp = await createEmployee(db.em(), org);
    await setCounters(db.em(), emp.employeeId, { earnedThisYear: 1, accrual: 2.5 });
    // Recorded so far (previous test): accrual:2026-07. Down until 2 September: August and September are due.
    const worker = await startWorker(redisUrl, { prefix, concurrency: 1, schedules: false, catchUp: true, now: new Date("2026-09-02T10:00:00Z") });
    try {
      expect(await keys("accrual:%")).toEqual(["accrual:2026-05", "accrual:2026-06", "accrual:2026-07", "accrual:2026-08", "accrual:2026-09"]);
      expect((await counters(db.em(), emp.employeeId)).earnedThisYear).toBe(6);
      expect(await keys("cleanup:%")).toContain("cleanup:2026-09-02");
    } finally {
      await worker.close();
    }
    // A second worker start: nothing more.
    const second = await startWorker(redisUrl, { prefix, concurrency: 1, schedules: false, catchUp: true, now: new Date("2026-09-02T11:00:00Z") });
    await second.close();
    expect((await counters(db.em(), emp.employeeId)).earnedThisYear).toBe(6);
  });
});

describe("nightly cleanup of job_run", () => {
  it("removes the reminders' notif:* rows (and its own marks) older than 30 days, keeps the rest", async () => {
    const now = new Date("2026-11-24T02:15:00Z");
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
    await db.sql(
      `insert into job_run (key, done_at) values
         ('notif:1:2026-10-20:pre_lunch', ?), ('notif:2:2026-10-26:end_of_day', ?), ('notif:3:2026-11-23:pre_lunch', ?),
         ('cleanup:2026-10-01', ?), ('accrual:2024-01', ?), ('rollover:2024', ?)`,
      [at(35), at(29), at(1), at(54), at(1000), at(900)],
    );
    const result = await cleanup(db.em(), now);
    expect(result.jobRuns).toBe(2);
    expect(await keys("notif:%")).toEqual(["notif:2:2026-10-26:end_of_day", "notif:3:2026-11-23:pre_lunch"]);
    expect(await keys("cleanup:2026-1%")).toEqual(["cleanup:2026-11-24"]);
    expect(await keys("accrual:2024%")).toEqual(["accrual:2024-01"]);
    expect(await keys("rollover:2024")).toEqual(["rollover:2024"]);
    // Idempotent: a rerun removes nothing more.
    expect((await cleanup(db.em(), now)).jobRuns).toBe(0);
  });

  it("repairs a leave whose stored step went stale (decision 0064: the race the triggers cannot see)", async () => {
    const org = await createOrg(db.em(), " Repair");
    const e = await createEmployee(db.em(), org, { leaveWorkflow: "fast" });
    const [leave] = await db.sql<{ id: number }>(
      `insert into leave (employee_id, reason, start, "end", state, number_days_work, version, created_at, updated_at)
       values (?, 'PAID_LEAVE', '2030-01-07', '2030-01-07', 'pending', 1, 1, now(), now()) returning id`,
      [e.employeeId],
    );
    expect(await db.sql(`select waiting_for from leave where id = ?`, [leave!.id])).toEqual([{ waiting_for: "M" }]);
    // A stale value, as a concurrent commit could leave it (written past the trigger, which only fires on state).
    await db.sql(`update leave set waiting_for = 'T:999999' where id = ?`, [leave!.id]);
    expect((await cleanup(db.em(), new Date())).waitingRepaired).toBe(1);
    expect(await db.sql(`select waiting_for from leave where id = ?`, [leave!.id])).toEqual([{ waiting_for: "M" }]);
    expect((await cleanup(db.em(), new Date())).waitingRepaired).toBe(0);
  });
});
