import * as z from "~/forms/z.server";

/**
 * The environment, validated once at boot. A wrong value stops the process with a clear message
 * rather than failing later in a request.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  DATABASE_URL: z.string().min(1),
  REDIS_URL: z.string().optional(),
  /** BullMQ key prefix: lets tests, e2e and a developer's app share one Redis without seeing each other's jobs. */
  QUEUE_PREFIX: z.string().min(1).default("cadran"),
  SESSION_SECRET: z.string().min(16).default("cadran-development-secret-change-me"),
  APP_URL: z.string().url().default("http://localhost:3000"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Cadran <no-reply@cadran.test>"),
  MAIL_DIR: z.string().default(".data/mail"),
  /** Set by `npm start` when no Redis is reachable: jobs run in the web process. */
  INLINE_JOBS: z.enum(["0", "1"]).default("0"),
  /** Worker scaling (README "Production"): jobs run at once per worker process, and processes started by start:worker. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  WORKER_PROCESSES: z.coerce.number().int().min(1).max(32).default(1),
  /** Seconds after which a job of a dead worker process is taken again (BullMQ lock duration and stalled check). */
  WORKER_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Employees per overtime chunk job (the unit of work the worker processes share). */
  OVERTIME_CHUNK_SIZE: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Tests and CI use http://localhost; production requires https and __Host- cookies. */
  COOKIE_SECURE: z.enum(["0", "1"]).optional(),
  /** Months after the departure before HR may anonymise an archived employee (issue 32 §4, decision 0101). */
  PERSONAL_DATA_RETENTION_MONTHS: z.coerce.number().int().min(0).max(600).default(60),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.SESSION_SECRET === schema.shape.SESSION_SECRET.parse(undefined)) {
    throw new Error("SESSION_SECRET must be set in production");
  }
  cached = parsed.data;
  return cached;
}

/** For tests that change the environment between files. */
export function resetEnvCache() {
  cached = undefined;
}

export function cookieSecure(): boolean {
  const e = env();
  if (e.COOKIE_SECURE) return e.COOKIE_SECURE === "1";
  return e.NODE_ENV === "production";
}
