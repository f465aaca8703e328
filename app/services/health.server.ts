/**
 * GET /healthz (DESIGN §11, decision 0050): is this web process fit to serve? For load balancers, the Dockerfile's
 * HEALTHCHECK and monitoring. No authentication and no personal data: booleans, durations, migration names.
 *
 * - database: reachable (one statement, which also reads the applied migrations);
 * - migrations: every migration of db/migrations/index.ts applied;
 * - redis: reachable (PING), when jobs go through Redis (not in the inline-jobs mode of `npm start` without Redis);
 * - worker: age of its heartbeat (Redis key `cadran:worker:heartbeat`, epoch ms, written every few seconds with a
 *   120 s expiry by the worker); stale beyond WORKER_HEARTBEAT_MAX_AGE_S or missing is a failure, except in the
 *   inline mode, where the jobs run in this process.
 *
 * `part: "web"` leaves the worker out (a load balancer should not take the web out of rotation because the worker
 * is down: the pages still work, only the jobs wait).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { Redis } from "ioredis";
import { migrationsList } from "~db/migrations/index";

export const HEARTBEAT_KEY = "cadran:worker:heartbeat";
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

/** One Redis connection for health checks: no offline queue, so a PING fails at once when Redis is away. */
type Holder = { redis?: Redis; url?: string };
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

/** Waits for the health connection to be ready (it may just have been created), within the timeout. */
async function readyRedis(url: string): Promise<Redis> {
  const redis = healthRedis(url);
  if (redis.status === "ready") return redis;
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      redis.once("ready", () => resolve());
      redis.once("end", () => reject(new Error("closed")));
    }),
  );
  return redis;
}

export async function closeHealthRedis() {
  holder.redis?.disconnect();
  holder.redis = undefined;
  holder.url = undefined;
}

/**
 * Runs the checks (in parallel, each bounded by CHECK_TIMEOUT_MS). `redisUrl` undefined or `inline` true: jobs run in
 * this process, Redis and the worker are not checked.
 */
export async function checkHealth(
  em: EntityManager,
  options: { redisUrl?: string; inline: boolean; now?: Date; part?: "all" | "web" },
): Promise<HealthReport> {
  const now = options.now ?? new Date();
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
      const rows = await em.getConnection().execute<{ name: string }[]>("select name from mikro_orm_migrations");
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
              const value = await r.get(HEARTBEAT_KEY);
              const beat = value === null ? NaN : Number(value);
              if (!Number.isFinite(beat)) return { ok: false, error: "no heartbeat", heartbeatAgeSeconds: null };
              const age = Math.max(0, Math.round((now.getTime() - beat) / 1000));
              return age <= WORKER_HEARTBEAT_MAX_AGE_S ? { ok: true, heartbeatAgeSeconds: age } : { ok: false, error: "stale heartbeat", heartbeatAgeSeconds: age };
            },
            "unreachable",
          )
        : Promise.resolve(void (checks.worker = { ok: true, mode: "inline" }));
  await Promise.all([database, redis, worker]);
  if (!checks.migrations) checks.migrations = { ok: false, error: "database unreachable" };
  const order = ["database", "migrations", "redis", "worker"];
  const failing = order.filter((name) => checks[name] && !checks[name]!.ok);
  const sorted = Object.fromEntries(order.filter((n) => checks[n]).map((n) => [n, checks[n]!]));
  return { status: failing.length === 0 ? "ok" : "fail", failing, checks: sorted };
}
