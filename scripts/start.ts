import "./lib/job-runner"; // hands the job registry to the queue (issue 45)
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import closeWithGrace from "close-with-grace";
import { DateTime } from "luxon";
import path from "node:path";
import { resolveDatabase } from "./lib/database";
import { startEnvironment } from "./lib/start-env";
import { migrate } from "./migrate";

/**
 * `npm start`: everything a newcomer needs on a machine with only Node 20.
 * - no DATABASE_URL: an embedded PostgreSQL under .data/pg;
 * - migrations, then the demo organisation on first start;
 * - no REDIS_URL: a local redis-server if one is on the PATH, else jobs run inside this process ("inline jobs");
 * - the web server and the worker in this process tree, closed together;
 * - production mode (the build `remix build` just made, no development error pages), with a local session secret
 *   kept under .data and the Secure cookie flag following APP_URL's scheme (scripts/lib/start-env.ts).
 */
startEnvironment(process.env, path.resolve(import.meta.dirname, "../.data"));
const db = await resolveDatabase();
process.env.DATABASE_URL = db.url;
await migrate(db.url);

let redisChild: ChildProcess | undefined;
if (!process.env.REDIS_URL) {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();
  if (found) {
    const port = Number(process.env.EMBEDDED_REDIS_PORT) || 63799;
    redisChild = spawn(found, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    await new Promise((r) => setTimeout(r, 300));
    process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    console.info(`[start] local redis-server on port ${port}`);
  } else {
    process.env.INLINE_JOBS = "1";
    console.info("[start] no Redis: inline jobs (run inside the web process)");
  }
}

const { getEm, setOrmBudget } = await import("~/server/shared/orm.server");
// One process runs the web and the jobs on one pool: the jobs' bounds (decision 0094), or a nightly run would be cut
// at the web's 15 s. Separate web and worker processes (production) each get their own.
setOrmBudget("jobs");
const em = await getEm();
const [{ count }] = await em.getConnection().execute<{ count: string }[]>("select count(*) from employee");
if (Number(count) === 0) {
  const { seedDemo } = await import("../db/seeds/demo");
  await seedDemo(em, { today: DateTime.now().setZone("Europe/Paris").toISODate()! });
  console.info("[start] demo organisation loaded (accounts: see README, password Cadran-2026!)");
}

const { serve } = await import("./serve");
const web = await serve();

let worker: { close: () => Promise<void> } | undefined;
let stopScheduler: (() => void) | undefined;
if (process.env.INLINE_JOBS === "1") {
  // Without Redis the schedules run from a timer in this process (same processors).
  const { runJob } = await import("~/jobs/registry.server");
  const { startInlineScheduler } = await import("./lib/inline-scheduler");
  stopScheduler = startInlineScheduler(runJob);
} else {
  const { startWorker } = await import("../worker/index");
  worker = await startWorker(process.env.REDIS_URL!);
  console.info("[start] worker started");
}

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) console.error(err);
  stopScheduler?.();
  await worker?.close();
  await web.close();
  redisChild?.kill();
  await db.stop();
});
