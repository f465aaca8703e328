/**
 * GET /healthz (DESIGN §11, decision 0050): is this web process fit to serve? For load balancers, the Dockerfile's
 * HEALTHCHECK and monitoring. No authentication and no personal data: booleans, durations, migration names.
 *
 * - database: reachable (one statement, which also reads the applied migrations);
 * - migrations: every migration of db/migrations/index.ts applied;
 * - redis: reachable (PING), when jobs go through Redis (not in the inline-jobs mode of `npm start` without Redis);
 * - worker: age of its heartbeat (Redis key `<QUEUE_PREFIX>:worker:heartbeat`, epoch ms, written every few seconds with a
 *   120 s expiry by the worker); stale beyond WORKER_HEARTBEAT_MAX_AGE_S or missing is a failure, except in the
 *   inline mode, where the jobs run in this process.
 *
 * - schedules: every job scheduler of SCHEDULES present in Redis (they vanish with a Redis restarted without its
 *   data; the worker declares them again, decision 0093);
 * - nightly: the overtime nightly run due at least NIGHTLY_GRACE_HOURS ago is recorded in job_run (a new install
 *   that never recorded one passes), and no run's chunk failed for good since the last completed night. While the
 *   database cannot be read, the night is not known and not reported failing (`checked: false`): the database is.
 *
 * `part: "web"` leaves the worker out (a load balancer should not take the web out of rotation because the worker
 * is down: the pages still work, only the jobs wait).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { Redis } from "ioredis";
import pg from "pg";
import { migrationsList } from "~db/migrations/index";
import { cronOccurrences, JOB_ZONE, nightlyKey } from "~/domain/operations/missed-runs";
import { env } from "~/server/shared/env.server";
import { heartbeatKey, QUEUE_NAME, SCHEDULES } from "~/server/operations/jobs.server";


/** A heartbeat older than this (or none) means the worker is down. The key itself expires after 120 s. */
export const WORKER_HEARTBEAT_MAX_AGE_S = 120;
/** Each check gives up after this long: a health check must answer quickly, even when a part hangs. */
export const CHECK_TIMEOUT_MS = 2000;

export interface HealthCheck {
  ok: boolean;
  ms?: number;
  /** A short, fixed reason (never an error message, which could carry a host or a user name). */
  error?: string;
  [key: string]: unknown;
}

export interface HealthReport {
  status: "ok" | "fail";
  /** The failing parts, for the 503's reader. */
  failing: string[];
  checks: Record<string, HealthCheck>;
}

function withTimeout<T>(promise: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), ms);
    }),
  ]);
}

/** A nightly run (02:00 Paris) must be recorded this long after it was due (a large company's run takes a while). */
export const NIGHTLY_GRACE_HOURS = 4;

/** The job_run key of the most recent nightly run due at least NIGHTLY_GRACE_HOURS before `now`. */
export function expectedNightlyKey(now: Date): string | null {
  const pattern = SCHEDULES.find((s) => s.name === "overtime.nightly")?.pattern;
  if (!pattern) return null;
  const until = new Date(now.getTime() - NIGHTLY_GRACE_HOURS * 3600 * 1000);
  const due = cronOccurrences(pattern, new Date(until.getTime() - 2 * 24 * 3600 * 1000), until, JOB_ZONE);
  const last = due[due.length - 1];
  return last ? nightlyKey(last) : null;
}

/** One Redis connection for health checks: no offline queue, so a PING fails at once when Redis is away. */
type Holder = { redis?: Redis; url?: string; ready?: Promise<void> };
const holder: Holder = ((globalThis as { __cadranHealthRedis?: Holder }).__cadranHealthRedis ??= {});

function healthRedis(url: string): Redis {
  if (!holder.redis || holder.url !== url) {
    holder.redis?.disconnect();
    holder.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: CHECK_TIMEOUT_MS,
      lazyConnect: false,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    holder.redis.on("error", () => {}); // reported by the check, not as an unhandled event
    holder.url = url;
  }
  return holder.redis;
}

/**
 * Waits for the health connection to be ready (it may just have been created), within the timeout. Every caller
 * shares one wait (one pair of listeners): while Redis is down, calls do not pile listeners up (issue 31 item 8).
 */
async function readyRedis(url: string): Promise<Redis> {
  const redis = healthRedis(url);
  if (redis.status === "ready") return redis;
  holder.ready ??= new Promise<void>((resolve, reject) => {
    const done = () => {
      redis.off("ready", onReady);
      redis.off("end", onEnd);
      holder.ready = undefined;
    };
    const onReady = () => {
      done();
      resolve();
    };
    const onEnd = () => {
      done();
      reject(new Error("closed"));
    };
    redis.on("ready", onReady);
    redis.on("end", onEnd);
  });
  await withTimeout(holder.ready);
  return redis;
}

/** Listeners the health connection holds (tests: they must not grow with the calls while Redis is down). */
export function healthRedisListeners(): number {
  return holder.redis ? holder.redis.listenerCount("ready") + holder.redis.listenerCount("end") : 0;
}

/**
 * One PostgreSQL connection of the health check's own, outside the app's pool (issue 31 item 4): a pool filled by
 * requests stuck on a lock is not a database down, and must not make every instance fail its health check (a
 * balancer would take them all out). Reconnected at the next check after an error.
 */
type PgHolder = { client?: pg.Client; url?: string; connecting?: Promise<pg.Client> };
const pgHolder: PgHolder = ((globalThis as { __cadranHealthPg?: PgHolder }).__cadranHealthPg ??= {});

async function healthQuery<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  if (pgHolder.url !== url) await closeHealthPg();
  if (!pgHolder.client) {
    pgHolder.url = url;
    pgHolder.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CHECK_TIMEOUT_MS, statement_timeout: CHECK_TIMEOUT_MS });
      client.on("error", () => void closeHealthPg());
      await client.connect();
      pgHolder.client = client;
      return client;
    })().finally(() => {
      pgHolder.connecting = undefined;
    });
    await pgHolder.connecting;
  }
  try {
    return (await pgHolder.client!.query<T>(text, params)).rows;
  } catch (error) {
    await closeHealthPg();
    throw error;
  }
}

export async function closeHealthPg() {
  const client = pgHolder.client;
  pgHolder.client = undefined;
  pgHolder.url = undefined;
  await client?.end().catch(() => {});
}

export async function closeHealthRedis() {
  holder.redis?.disconnect();
  holder.redis = undefined;
  holder.url = undefined;
  holder.ready = undefined;
}

/**
 * Runs the checks (in parallel, each bounded by CHECK_TIMEOUT_MS). `redisUrl` undefined or `inline` true: jobs run in
 * this process, Redis and the worker are not checked.
 */
export async function checkHealth(
  _em: EntityManager | undefined,
  options: { redisUrl?: string; inline: boolean; now?: Date; part?: "all" | "web"; databaseUrl?: string },
): Promise<HealthReport> {
  const now = options.now ?? new Date();
  const databaseUrl = options.databaseUrl ?? env().DATABASE_URL;
  const checks: Record<string, HealthCheck> = {};
  const timed = async (name: string, fn: () => Promise<HealthCheck>, error: string) => {
    const t0 = performance.now();
    try {
      checks[name] = { ...(await withTimeout(fn())), ms: Math.round(performance.now() - t0) };
    } catch {
      checks[name] = { ok: false, error, ms: Math.round(performance.now() - t0) };
    }
  };

  const database = timed(
    "database",
    async () => {
      const rows = await healthQuery<{ name: string }>(databaseUrl, "select name from mikro_orm_migrations");
      const applied = new Set(rows.map((r) => r.name.replace(/\.(ts|js)$/, "")));
      const pending = migrationsList.map((m) => m.name).filter((n) => !applied.has(n));
      checks.migrations = { ok: pending.length === 0, expected: migrationsList.length, applied: applied.size, pending };
      return { ok: true };
    },
    "unreachable",
  );
  const jobsThroughRedis = !!options.redisUrl && !options.inline;
  const redis = jobsThroughRedis
    ? timed(
        "redis",
        async () => {
          const r = await readyRedis(options.redisUrl!);
          return { ok: (await r.ping()) === "PONG" };
        },
        "unreachable",
      )
    : Promise.resolve(void (checks.redis = { ok: true, mode: "inline" }));
  const worker =
    options.part === "web"
      ? Promise.resolve()
      : jobsThroughRedis
        ? timed(
            "worker",
            async () => {
              const r = await readyRedis(options.redisUrl!);
              const value = await r.get(heartbeatKey(env().QUEUE_PREFIX));
              const beat = value === null ? NaN : Number(value);
              if (!Number.isFinite(beat)) return { ok: false, error: "no heartbeat", heartbeatAgeSeconds: null };
              const age = Math.max(0, Math.round((now.getTime() - beat) / 1000));
              return age <= WORKER_HEARTBEAT_MAX_AGE_S ? { ok: true, heartbeatAgeSeconds: age } : { ok: false, error: "stale heartbeat", heartbeatAgeSeconds: age };
            },
            "unreachable",
          )
        : Promise.resolve(void (checks.worker = { ok: true, mode: "inline" }));
  const workerSide = options.part !== "web" && jobsThroughRedis;
  const schedules = workerSide
    ? timed(
        "schedules",
        async () => {
          const r = await readyRedis(options.redisUrl!);
          const present = new Set(await r.zrange(`${env().QUEUE_PREFIX}:${QUEUE_NAME}:repeat`, 0, -1));
          const missing = SCHEDULES.map((s) => s.id).filter((id) => !present.has(id));
          return missing.length === 0 ? { ok: true } : { ok: false, error: "missing schedules", missing };
        },
        "unreachable",
      )
    : Promise.resolve();
  const nightly = options.part !== "web"
    ? timed(
        "nightly",
        async () => {
          const expected = expectedNightlyKey(now);
          const [row] = await healthQuery<{ latest: string | null; recorded: boolean; failed_after: boolean }>(
            databaseUrl,
            `select (select max(key) from job_run where key like 'nightly:%') as latest,
                    exists (select 1 from job_run where key = $1) as recorded,
                    -- A chunk failed for good since the last completed night (issue 31 item 3).
                    exists (select 1 from job_run f where f.key like 'overtime-failed:%'
                             and f.done_at > coalesce((select max(done_at) from job_run where key like 'nightly:%'), '-infinity')) as failed_after`,
            [expected ?? ""],
          );
          if (row?.failed_after) return { ok: false, error: "overtime run failed", last: row.latest?.slice(8) ?? null };
          const latest = row?.latest ?? null;
          // A new install that never recorded a night is not failing (the worker's start catches the night up).
          if (!latest) return { ok: true, last: null };
          const recorded = !!row?.recorded;
          return recorded || !expected ? { ok: true, last: latest.slice(8) } : { ok: false, error: "nightly run missing", last: latest.slice(8), expected: expected.slice(8) };
        },
        "unreachable",
      )
    : Promise.resolve();
  await Promise.all([database, redis, worker, schedules, nightly]);
  if (checks.nightly && !checks.nightly.ok && checks.nightly.error === "unreachable") {
    // The nightly check could not read the database (one restarting, issue 42 §9): the night is not known, and not
    // failing; it is checked again once the database answers. The database is what fails, also when it answered its
    // own check and went away before this one.
    checks.nightly = { ok: true, checked: false, reason: "database unreachable", ms: checks.nightly.ms };
    if (checks.database?.ok) checks.database = { ok: false, error: "unreachable", ms: checks.database.ms };
  }
  if (!checks.migrations) checks.migrations = { ok: false, error: "database unreachable" };
  const order = ["database", "migrations", "redis", "worker", "schedules", "nightly"];
  const failing = order.filter((name) => checks[name] && !checks[name]!.ok);
  const sorted = Object.fromEntries(order.filter((n) => checks[n]).map((n) => [n, checks[n]!]));
  return { status: failing.length === 0 ? "ok" : "fail", failing, checks: sorted };
}
