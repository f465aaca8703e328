/**
 * Runs the vitest suite as if the machine's clock read another instant (issue 37 item 3, docs/decisions/0115):
 *   npm run test:calendar                          every instant of scripts/lib/calendar-instants.ts, one after another
 *   npm run test:calendar -- --at 2027-03-28T02:30 one instant (a Paris wall-clock time; --at may be repeated)
 *   npm run test:calendar -- --ci                  the instant and the part of the day (CI: ciRun, one pair a day in turn)
 *   npm run test:calendar -- --at … --shard 2/3    the pure tests and the second third of the integration and API files
 *   npm run test:calendar -- --at … -- tests/api   only these files (vitest's own filters, after a second --)
 * Each run is under Debian's libfaketime (`apt-get install faketime`) with a relative offset, so vitest, its forks and
 * an embedded PostgreSQL started for the run (its own data folder, .data/pg-calendar) share one clock. Redis cannot run
 * under libfaketime (jemalloc recurses into clock_gettime): REDIS_URL's server is used, else a redis-server started
 * here at the real time. `--tz Europe/Paris` also sets the processes' zone (the default keeps the machine's).
 * CALENDAR_PG_PORT moves that PostgreSQL from port 54339 (two calendar runs side by side, each in its own clone).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CALENDAR_INSTANTS, CI_SHARDS, ciRun, faketimeOffset, instantOf, shardFiles } from "./lib/calendar-instants";

const root = path.resolve(import.meta.dirname, "..");
const dashdash = process.argv.indexOf("--", 2);
const own = dashdash === -1 ? process.argv.slice(2) : process.argv.slice(2, dashdash);
const filters = dashdash === -1 ? [] : process.argv.slice(dashdash + 1);
const { values } = parseArgs({
  args: own,
  options: {
    at: { type: "string", multiple: true },
    ci: { type: "boolean" },
    shard: { type: "string" },
    tz: { type: "string" },
    "no-build": { type: "boolean" },
  },
  strict: true,
});

const today = values.ci ? ciRun(new Date()) : undefined;
const instants = today ? [today.instant] : values.at?.length ? values.at.map((at) => ({ at, why: "asked" })) : [...CALENDAR_INSTANTS];
const part = today ? { shard: today.shard, of: CI_SHARDS } : values.shard ? parseShard(values.shard) : undefined;
if (part && filters.length > 0) fail("--ci or --shard choose the files: give no file filters with them");
if (part) {
  const files = shardFiles(testFiles(), part.shard, part.of);
  console.log(`test:calendar: part ${part.shard}/${part.of}: every pure test file and a ${ordinal(part.of)} of the integration and API files, ${files.length} files`);
  filters.push(...files);
}
for (const { at } of instants) {
  if (!instantOf(at)) fail(`--at ${at}: no date-time (expected e.g. 2027-03-28T02:30, a wall-clock time in Paris)`);
}

const library = [
  process.env.FAKETIME_LIB,
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
].find((p) => p && existsSync(p));
if (!library) fail("libfaketime is missing: apt-get install -y faketime (or set FAKETIME_LIB to libfaketime.so.1)");

if (!values["no-build"]) {
  const build = spawnSync("npx", ["remix", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, VITE_CJS_IGNORE_WARNING: "true" } });
  if (build.status !== 0) fail("remix build failed");
}

let redis: ChildProcess | undefined;
let redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  const bin = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();
  if (bin) {
    const port = 63900 + (process.pid % 90);
    redis = spawn(bin, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    await new Promise((r) => setTimeout(r, 300));
    redisUrl = `redis://127.0.0.1:${port}`;
  }
}

const results: { at: string; code: number | null; seconds: number }[] = [];
for (const { at, why } of instants) {
  const target = instantOf(at)!;
  console.log(`\n== vitest at ${at} Europe/Paris (${target.toISOString()}): ${why}`);
  const started = Date.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LD_PRELOAD: library,
    FAKETIME: faketimeOffset(target, new Date()),
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
    // The embedded PostgreSQL of this run, started under the same clock (the machine's keeps the real one).
    EMBEDDED_PG_DIR: ".data/pg-calendar",
    EMBEDDED_PG_PORT: process.env.CALENDAR_PG_PORT ?? "54339",
    QUEUE_PREFIX: `cadran-calendar-${process.pid}`,
    ...(values.tz ? { TZ: values.tz } : {}),
  };
  delete env.DATABASE_URL;
  // The global setup requires the machine's PostgreSQL when CI=true; this run needs the embedded one.
  delete env.CI;
  if (redisUrl) env.REDIS_URL = redisUrl;
  else delete env.REDIS_URL;
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/vitest/vitest.mjs"), "run", ...filters], { cwd: root, env, stdio: "inherit" });
    child.on("close", resolve);
  });
  results.push({ at, code, seconds: Math.round((Date.now() - started) / 1000) });
}
redis?.kill();

console.log("\n== test:calendar");
for (const r of results) console.log(`${r.code === 0 ? "ok  " : "FAIL"} ${r.at} Europe/Paris (${r.seconds} s)`);
const failed = results.filter((r) => r.code !== 0).length;
console.log(`${results.length - failed} instants passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** The files vitest.config.ts includes, relative to the root. */
function testFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".test.ts")) found.push(rel);
    }
  };
  for (const dir of ["app", "tests/unit", "tests/integration", "tests/api"]) walk(dir);
  return found;
}

function parseShard(text: string): { shard: number; of: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const shard = Number(m?.[1]);
  const of = Number(m?.[2]);
  if (!m || of < 1 || shard < 1 || shard > of) fail(`--shard ${text}: expected k/n with 1 ≤ k ≤ n (e.g. 2/3)`);
  return { shard, of };
}

function ordinal(of: number): string {
  return of === 2 ? "half" : of === 3 ? "third" : of === 4 ? "quarter" : `1/${of}`;
}

function fail(message: string): never {
  console.error(`test:calendar: ${message}`);
  process.exit(2);
}
