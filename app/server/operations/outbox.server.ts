import type { EntityManager } from "@mikro-orm/postgresql";
import type { Queue } from "bullmq";
import { DEFAULT_JOB_OPTIONS, type JobName } from "./jobs.server";

/**
 * The outbox (decision 0092): PostgreSQL is the source of truth for work to do. A producer writes a `job_outbox` row
 * in the transaction of the change that needs it; a relay copies open rows to BullMQ under the job id
 * `outbox-<id>-<stamp>` (BullMQ keeps one job per id, so a relay repeated after a crash adds nothing), and the worker
 * marks the row done once the job has run. A row relayed but not done whose job Redis no longer knows (Redis restarted without its data,
 * a failover, an eviction) is relayed again. No request ever waits on Redis.
 */

export const OUTBOX_JOB_PREFIX = "outbox-";

/**
 * The BullMQ job id of an outbox row: its id and its creation instant (`stamp`, microseconds since 1970 in base 36).
 * The id alone is not unique over the life of a Redis: a database restored from a backup (or recreated) numbers its
 * rows again from the backup's sequence, and BullMQ, which keeps completed jobs, would silently drop the new rows'
 * jobs as already known (decision 0092's addendum). A row written after the restore has a later `created_at` than
 * any written before it, so (id, created_at) never repeats, whatever kind of restore (dump, physical copy, point in
 * time) and whatever is kept in the tables (an installation id stored in the database would be restored with it).
 */
export function outboxJobId(id: number | string, stamp: string): string {
  return `${OUTBOX_JOB_PREFIX}${id}-${stamp}`;
}

/** `stamp` of outboxJobId, in SQL: the row's created_at as microseconds since 1970 (its full precision). */
const STAMP_SQL = `(floor(extract(epoch from created_at) * 1000000))::bigint::text as stamp`;
const stampOf = (micros: string) => BigInt(micros).toString(36);

/** The outbox row behind a BullMQ job id, if the job came through the outbox (`outbox-<id>-<stamp>`; before decision 0104 `outbox-<id>`). */
export function outboxIdOf(jobId: string | undefined): number | undefined {
  const m = jobId ? /^outbox-(\d+)(?:-[0-9a-z]+)?$/.exec(jobId) : null;
  if (!m) return undefined;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Writes one job row; pass the transaction's EntityManager to tie the job to the change that needs it. */
export async function writeOutbox(em: EntityManager, name: JobName, payload: unknown): Promise<number> {
  const [row] = await em.execute<{ id: string }[]>(`insert into job_outbox (name, payload) values (?, ?::jsonb) returning id`, [
    name,
    JSON.stringify(payload),
  ]);
  return Number(row!.id);
}

interface OpenRow {
  id: string;
  name: string;
  payload: unknown;
  /** created_at in microseconds since 1970 (STAMP_SQL). */
  stamp: string;
}

const jobOf = (r: OpenRow) => ({ name: r.name, data: r.payload, opts: { ...DEFAULT_JOB_OPTIONS, jobId: outboxJobId(r.id, stampOf(r.stamp)) } });

/** Copies the rows never relayed to BullMQ (oldest first, `limit` at a time); returns how many. */
export async function relayOutbox(em: EntityManager, queue: Queue, limit = 200): Promise<number> {
  const rows = await em.execute<OpenRow[]>(
    `select id, name, payload, ${STAMP_SQL} from job_outbox where done_at is null and relayed_at is null order by id limit ?`,
    [limit],
  );
  if (rows.length === 0) return 0;
  await queue.addBulk(rows.map(jobOf));
  await em.execute(`update job_outbox set relayed_at = now() where id in (?)`, [rows.map((r) => r.id)]);
  return rows.length;
}

/**
 * The rows relayed more than `olderThanSeconds` ago and not done: a job Redis no longer knows is added again; one
 * Redis finished (completed, or failed for good) but whose row was not marked (the database was away at that moment)
 * is marked now. Returns what it did.
 */
export async function recheckOutbox(em: EntityManager, queue: Queue, olderThanSeconds: number, limit = 200) {
  const rows = await em.execute<OpenRow[]>(
    `select id, name, payload, ${STAMP_SQL} from job_outbox where done_at is null and relayed_at < now() - make_interval(secs => ?) order by id limit ?`,
    [olderThanSeconds, limit],
  );
  const lost: OpenRow[] = [];
  let marked = 0;
  for (const r of rows) {
    const state = await queue.getJobState(outboxJobId(r.id, stampOf(r.stamp)));
    if (state === "unknown") lost.push(r);
    else if (state === "completed" || state === "failed") {
      await markOutboxDone(em, Number(r.id), state === "failed" ? "failed in the queue" : undefined);
      marked += 1;
    }
  }
  if (lost.length > 0) {
    await queue.addBulk(lost.map(jobOf));
    await em.execute(`update job_outbox set relayed_at = now() where id in (?)`, [lost.map((r) => r.id)]);
  }
  return { relayedAgain: lost.length, marked };
}

/** The job of this row has run (or failed for good, with its reason): it is never relayed again. */
export async function markOutboxDone(em: EntityManager, id: number, failure?: string) {
  await em.execute(`update job_outbox set done_at = now(), failed = ?, error = ? where id = ? and done_at is null`, [
    failure !== undefined,
    failure?.slice(0, 500) ?? null,
    id,
  ]);
}

/** Has this outbox row's job already run? (a job relayed twice runs once) */
export async function outboxDone(em: EntityManager, id: number): Promise<boolean> {
  const [row] = await em.execute<{ done: boolean }[]>(`select done_at is not null as done from job_outbox where id = ?`, [id]);
  return row?.done ?? false;
}

/** Open rows and the age of the oldest (for /healthz and /metrics). */
export async function outboxBacklog(em: EntityManager): Promise<{ open: number; oldestSeconds: number | null }> {
  const [row] = await em.execute<{ open: string; oldest: number | null }[]>(
    `select count(*) as open, extract(epoch from now() - min(created_at))::float8 as oldest from job_outbox where done_at is null`,
  );
  return { open: Number(row?.open ?? 0), oldestSeconds: row?.oldest === null || row?.oldest === undefined ? null : Math.round(Number(row.oldest)) };
}
