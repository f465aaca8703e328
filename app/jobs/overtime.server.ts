import type { EntityManager } from "@mikro-orm/postgresql";
import { nightlyKey } from "~/domain/operations/missed-runs";
import { env } from "~/server/shared/env.server";
import { markWeeksDirty } from "~/services/overtime/dirty.server";
import { closePastDays, planChunks, runChunk, type ChunkResult } from "~/services/overtime/run.server";
import type { FanOut } from "./fanout.server";

/**
 * The overtime jobs (DESIGN §8 "Running it", decision 0034). The nightly run closes the past days itself (one
 * statement), then fans out one chunk job per block of employees; "finish" records the night once every chunk is
 * done. A range recompute fans out the same chunks over [from, to]. Every step is idempotent.
 */

/** The nightly run at `at` (02:00 Europe/Paris, or the due moment of a missed night). */
export async function overtimeNightly(em: EntityManager, fanOut: FanOut, at = new Date()) {
  const closed = await closePastDays(em, at);
  const chunks = await planChunks(em, env().OVERTIME_CHUNK_SIZE);
  const iso = at.toISOString();
  await fanOut(
    { name: "overtime.finish", data: { kind: "nightly", at: iso } },
    chunks.map((c) => ({ name: "overtime.chunk", data: { firstId: c.firstId, lastId: c.lastId, at: iso } })),
  );
  return { closed, chunks: chunks.length };
}

/** Every week of every employee touching [from, to] computed again (and credited when finished). */
export async function overtimeRecompute(em: EntityManager, fanOut: FanOut, from: string, to: string, at = new Date()) {
  const chunks = await planChunks(em, env().OVERTIME_CHUNK_SIZE);
  const iso = at.toISOString();
  await fanOut(
    { name: "overtime.finish", data: { kind: "recompute", at: iso } },
    chunks.map((c) => ({ name: "overtime.chunk", data: { firstId: c.firstId, lastId: c.lastId, at: iso, from, to } })),
  );
  return { chunks: chunks.length };
}

/** One block of employees: the nightly selection, or the range when the payload has one. */
export async function overtimeChunk(
  em: EntityManager,
  payload: { firstId: number; lastId: number; at: string; from?: string; to?: string },
): Promise<ChunkResult> {
  const scope = payload.from && payload.to ? { kind: "range" as const, from: payload.from, to: payload.to } : { kind: "nightly" as const };
  return runChunk(em, { firstId: payload.firstId, lastId: payload.lastId }, scope, new Date(payload.at));
}

/** After the last chunk: the night is recorded (the catch-up at start runs a night that was never recorded). */
export async function overtimeFinish(em: EntityManager, payload: { kind: "nightly" | "recompute"; at: string }) {
  if (payload.kind !== "nightly") return { kind: payload.kind };
  const key = nightlyKey(new Date(payload.at));
  await em.execute("insert into job_run (key, done_at) values (?, now()) on conflict (key) do update set done_at = excluded.done_at", [key]);
  return { kind: payload.kind, key };
}

/**
 * A chunk failed for good (its retries spent, or stalled past WORKER_MAX_STALLED: its workers kept dying), issue 31
 * item 3: the failure is recorded (`overtime-failed:<run>:<ids>` in job_run, which /healthz reports until a nightly
 * run completes after it) and, for a range recompute, the chunk's weeks over the range are marked dirty, so the next
 * nightly run computes them. A nightly chunk's weeks are still dirty or current: the next night takes them anyway.
 */
export async function overtimeChunkFailedForGood(
  em: EntityManager,
  payload: { firstId: number; lastId: number; at: string; from?: string; to?: string },
  now = new Date(),
) {
  const key = `overtime-failed:${payload.at}:${payload.firstId}-${payload.lastId}`;
  await em.execute("insert into job_run (key, done_at) values (?, ?) on conflict (key) do nothing", [key, now]);
  if (!payload.from || !payload.to) return { key, marked: 0 };
  const ids = await em.execute<{ id: number }[]>("select id from employee where id between ? and ? order by id", [payload.firstId, payload.lastId]);
  await em.transactional(async (tx) => {
    for (const { id } of ids) await markWeeksDirty(tx, id, payload.from!, payload.to!);
  });
  return { key, marked: ids.length };
}
