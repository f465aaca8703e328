import { rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { DateTime } from "luxon";
import { resolveDatabase } from "../../scripts/lib/database";
import { migrate } from "../../scripts/migrate";
import { mailDir } from "./mail-dir";

/**
 * The server the browser journeys run against: a fresh database with the demo organisation, the built app, and
 * (with REDIS_URL) a worker in this process on its own queue prefix. Mails are written under .data/e2e-mail-<port>.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, "../..");
const admin = await resolveDatabase({ database: "postgres" });
const dbName = port === 3100 ? "cadran_e2e" : `cadran_e2e_${port}`;
const client = new pg.Client({ connectionString: admin.url });
await client.connect();
await client.query(`drop database if exists "${dbName}" with (force)`);
await client.query(`create database "${dbName}"`);
await client.end();
const url = new URL(admin.url);
url.pathname = `/${dbName}`;
process.env.DATABASE_URL = url.toString();
process.env.PORT = String(port);
process.env.APP_URL = `http://127.0.0.1:${port}`;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "e2e-session-secret-0123456789";
process.env.COOKIE_SECURE = "0";
process.env.QUEUE_PREFIX = `cadran-e2e-${port}`;
process.env.MAIL_DIR = mailDir(port);
// A journey may set its own "now" with the cookie cadran_test_now (app/server/shared/clock.server.ts, decision 0103).
process.env.CADRAN_TEST_CLOCK = "1";
delete process.env.SMTP_URL;
rmSync(process.env.MAIL_DIR, { recursive: true, force: true });
mkdirSync(process.env.MAIL_DIR, { recursive: true });
if (!process.env.REDIS_URL) process.env.INLINE_JOBS = "1";

// Single sign-on against a real OpenID provider in this process (decision 0090; tests/e2e/sso.spec.ts): its login
// screen asks for an e-mail. E2E_OIDC=0 leaves it out.
let oidc: { close: () => Promise<void> } | undefined;
if (process.env.E2E_OIDC !== "0") {
  const { startOidcProvider } = await import("../support/oidc-provider");
  const provider = await startOidcProvider(process.env.APP_URL);
  provider.configureApp({ name: "Annuaire Démo" });
  oidc = provider;
}

await migrate(process.env.DATABASE_URL);
const { getEm } = await import("~/server/shared/orm.server");
const { seedDemo } = await import("../../db/seeds/demo");
await seedDemo(await getEm(), { today: DateTime.now().setZone("Europe/Paris").toISODate()! });

const { serve } = await import("../../scripts/serve");
const web = await serve({ port });
let worker: { close: () => Promise<void> } | undefined;
if (process.env.REDIS_URL) {
  // A queue of this run only: jobs of an earlier run on the same port stay in Redis (completed jobs are kept), and
  // the fresh database numbers its outbox rows from 1 again, so BullMQ would take `outbox-1` for a job already done
  // and drop the new one (the reset mail never sent).
  const { Queue } = await import("bullmq");
  const { Redis } = await import("ioredis");
  const { QUEUE_NAME } = await import("~/server/operations/jobs.server");
  const connection = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
  const old = new Queue(QUEUE_NAME, { connection, prefix: process.env.QUEUE_PREFIX });
  await old.obliterate({ force: true });
  await old.close();
  connection.disconnect();
  const { startWorker } = await import("../../worker/index");
  worker = await startWorker(process.env.REDIS_URL, { prefix: process.env.QUEUE_PREFIX });
}
const stop = async () => {
  await worker?.close();
  await web.close();
  await oidc?.close();
  await admin.stop();
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
