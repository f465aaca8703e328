import type { TestProject } from "vitest/node";
import pg from "pg";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { resolveDatabase } from "../../scripts/lib/database";
import { migrate } from "../../scripts/migrate";

/**
 * Once per run: find PostgreSQL (DATABASE_URL, else the embedded one), build a migrated template database, and
 * tell the test files where it is. Each file then clones it (CREATE DATABASE ... TEMPLATE), which takes ~100 ms.
 * In CI (CI=true) the machine's PostgreSQL and Redis are required: a missing service fails the run.
 */
export default async function setup(project: TestProject) {
  if (process.env.CI === "true" && !process.env.DATABASE_URL) {
    throw new Error("CI requires DATABASE_URL (the machine's PostgreSQL)");
  }
  if (process.env.CI === "true" && !process.env.REDIS_URL) {
    throw new Error("CI requires REDIS_URL (the machine's Redis)");
  }
  // Outside CI without REDIS_URL, a local redis-server (if installed) gives the queue tests a real Redis; the test
  // processes inherit the variable. Without one they run the jobs inline and skip the worker-only tests.
  let redisChild: ChildProcess | undefined;
  if (!process.env.REDIS_URL) {
    const bin = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();
    if (bin) {
      const port = 63800 + (process.pid % 100);
      // Never under libfaketime (npm run test:calendar): redis-server's allocator recurses into clock_gettime and dies.
      const env = { ...process.env, LD_PRELOAD: undefined };
      redisChild = spawn(bin, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore", env });
      await new Promise((r) => setTimeout(r, 300));
      process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    }
  }
  // Jobs enqueued by the test files go to a queue of this run only (a developer's running app shares the Redis).
  process.env.QUEUE_PREFIX ??= `cadran-test-${process.pid}`;
  const db = await resolveDatabase({ database: "postgres" });
  const adminUrl = db.url;
  const template = `cadran_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${template}" with (force)`);
  await admin.query(`create database "${template}"`);
  const templateUrl = withDatabase(adminUrl, template);
  await migrate(templateUrl);
  await admin.end();

  project.provide("adminDatabaseUrl", adminUrl);
  project.provide("templateDatabase", template);
  project.provide("redisUrl", process.env.REDIS_URL ?? "");

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists "${template}" with (force)`);
    await c.end();
    await db.stop();
    if (process.env.REDIS_URL) {
      // Nothing of this run stays in Redis.
      const { Queue } = await import("bullmq");
      const { Redis } = await import("ioredis");
      const connection = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
      const queue = new Queue("cadran", { connection, prefix: process.env.QUEUE_PREFIX });
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
      connection.disconnect();
    }
    redisChild?.kill();
  };
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    redisUrl: string;
  }
}
