import { randomBytes } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUEUE_NAME } from "~/server/operations/jobs.server";
import { outboxIdOf, relayOutbox, writeOutbox } from "~/server/operations/outbox.server";
import { useTestDatabase } from "~tests/support/db";

/**
 * Decision 0104 (0092's addendum): the outbox's BullMQ job ids stay unique when the database is restored (or
 * recreated) onto a Redis that kept its completed jobs. Real PostgreSQL, the machine's Redis under a prefix of this
 * file's own, no worker: the jobs stay in the queue, where BullMQ would ignore an `add` of an id it holds.
 */
const db = useTestDatabase();
const prefix = `cadran-outbox-ids-${randomBytes(4).toString("hex")}`;
let connection: Redis;
let queue: Queue;

beforeAll(() => {
  if (!process.env.REDIS_URL) throw new Error("this test needs REDIS_URL (the machine's Redis)");
  connection = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue(QUEUE_NAME, { connection, prefix });
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
});

describe("outbox job ids", () => {
  it("a row numbered again after a restore gets a job of its own, not swallowed by the job of the lost row", async () => {
    const first = await writeOutbox(db.em(), "mail.password-reset", { userId: 101 });
    expect(await relayOutbox(db.em(), queue)).toBe(1);
    const [before] = await queue.getJobs(["waiting"]);
    expect(before!.id).toMatch(new RegExp(`^outbox-${first}-[0-9a-z]+$`));
    expect(outboxIdOf(before!.id)).toBe(first);

    // The restore: the table as it was before that row (none), its sequence back where the backup left it.
    await db.sql("delete from job_outbox");
    await db.sql("select setval('job_outbox_id_seq', ?, false)", [first]);
    const again = await writeOutbox(db.em(), "mail.password-reset", { userId: 202 });
    expect(again).toBe(first);
    expect(await relayOutbox(db.em(), queue)).toBe(1);

    // Both jobs are in Redis: the new row's job was not taken for the old one's.
    const jobs = await queue.getJobs(["waiting"]);
    expect(jobs.map((j) => (j.data as { userId: number }).userId).sort()).toEqual([101, 202]);
    expect(new Set(jobs.map((j) => j.id)).size).toBe(2);
    expect(jobs.map((j) => outboxIdOf(j.id))).toEqual([first, first]);
  });

  it("reads the row id of both forms of job id, and nothing else", () => {
    expect(outboxIdOf("outbox-42-lq3x9k2a")).toBe(42);
    expect(outboxIdOf("outbox-42")).toBe(42);
    for (const other of [undefined, "repeat:overtime-nightly:1", "outbox-", "outbox-0-abc", "outbox-4x2", "outbox-42-"]) expect(outboxIdOf(other)).toBeUndefined();
  });
});
