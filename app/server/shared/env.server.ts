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
  /** Public URL (links in mails, allowed Origin); without it, http://localhost:$PORT (issue 28 item 10). */
  APP_URL: z.string().url().optional(),
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
  /** Times a job may be found stalled (its worker process died) before it fails for good (issue 31 item 3). */
  WORKER_MAX_STALLED: z.coerce.number().int().min(1).max(1000).default(10),
  /** Employees per overtime chunk job (the unit of work the worker processes share). */
  OVERTIME_CHUNK_SIZE: z.coerce.number().int().min(1).max(100_000).default(200),
  /** The worker's outbox relay (decision 0092): how often it copies new job rows to BullMQ, and after how long a
   *  relayed row whose job Redis no longer knows (Redis restarted without its data) is relayed again. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  OUTBOX_RECHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** How often the worker that declares the schedules checks they are still in Redis (decision 0093). */
  SCHEDULES_CHECK_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** GET /metrics (web) and the worker's metrics port answer only with `Authorization: Bearer <METRICS_TOKEN>`;
   *  unset: no metrics served (decision 0093). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The worker's metrics port (it serves no other HTTP); unset: none. */
  METRICS_PORT: z.coerce.number().int().positive().optional(),
  /** Tests and CI use http://localhost; production requires https and __Host- cookies. */
  COOKIE_SECURE: z.enum(["0", "1"]).optional(),
  /**
   * Single sign-on with OpenID Connect (issue 32, decision 0090): the provider's issuer URL (discovery at
   * {issuer}/.well-known/openid-configuration), this app's client id and secret there, and the name shown on the
   * button ("Se connecter avec {OIDC_NAME}"). All three of issuer, id and secret, or none.
   */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).default("l'annuaire de l'entreprise"),
  /** `0`: no password sign-in (form, /api/login, reset by mail): single sign-on only. Needs OIDC_* set. */
  PASSWORD_SIGN_IN: z.enum(["0", "1"]).default("1"),
  /** Months after the departure before HR may anonymise an archived employee (issue 32 §4, decision 0101). */
  PERSONAL_DATA_RETENTION_MONTHS: z.coerce.number().int().min(0).max(600).default(60),
});

export type Env = Omit<z.infer<typeof schema>, "APP_URL"> & { APP_URL: string };

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
  const oidc = [parsed.data.OIDC_ISSUER, parsed.data.OIDC_CLIENT_ID, parsed.data.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidc !== 0 && oidc !== 3) throw new Error("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none");
  if (parsed.data.PASSWORD_SIGN_IN === "0" && oidc === 0) {
    throw new Error("PASSWORD_SIGN_IN=0 needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET): nobody could sign in");
  }
  cached = { ...parsed.data, APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}` };
  return cached;
}

/** For tests that change the environment between files. */
export function resetEnvCache() {
  cached = undefined;
}

/**
 * The single sign-on provider, when configured. Read from the process environment at each call (validated at boot
 * by env()), so that the tests, which share one built app per file, can switch it on and off.
 */
export function oidcSettings(): { issuer: string; clientId: string; clientSecret: string; name: string } | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, OIDC_NAME: name } = process.env;
  if (!issuer || !clientId || !clientSecret) return null;
  return { issuer, clientId, clientSecret, name: name || schema.shape.OIDC_NAME.parse(undefined) };
}

/** Is signing in with a password (and resetting it by mail) allowed? Off only with single sign-on configured. */
export function passwordSignIn(): boolean {
  return process.env.PASSWORD_SIGN_IN !== "0" || oidcSettings() === null;
}

export function cookieSecure(): boolean {
  const e = env();
  if (e.COOKIE_SECURE) return e.COOKIE_SECURE === "1";
  return e.NODE_ENV === "production";
}
