import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * The app under measurement in its own process (`node --import tsx scripts/serve.ts`), as production runs it: the
 * bench's load clients (fetch, timers, percentiles) then never share the server's event loop, so a latency is the
 * server's time plus the loopback, not the clients' work too. BENCH_SERVER_PROF=<dir> adds `--cpu-prof` to it.
 */
export async function startServerProcess(opts: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<{ base: string; pid: number; close: () => Promise<void> }> {
  const base = `http://127.0.0.1:${opts.port}`;
  // Another server on that port would answer the readiness check below and be measured instead: refuse.
  const taken = await fetch(`${base}/favicon.svg`).then(
    async (r) => (await r.arrayBuffer(), true),
    () => false,
  );
  if (taken) throw new Error(`port ${opts.port} is already taken: choose another BENCH_PORT (the measured server uses BENCH_PORT + 1)`);
  const args = ["--import", "tsx"];
  if (process.env.BENCH_SERVER_PROF) args.push("--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`);
  args.push("scripts/serve.ts");
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: path.resolve(import.meta.dirname, "../.."),
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      APP_URL: base,
      PORT: String(opts.port),
      NODE_ENV: "production",
      SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-session-secret-0123456789",
      COOKIE_SECURE: "0",
      INLINE_JOBS: "1",
      ...opts.env,
    },
  });
  let exited = false;
  child.once("exit", () => (exited = true));
  // Up to BENCH_SERVER_START_SECONDS (120 by default: 30 s was too short for tsx and two web processes at load 15+).
  const tries = Number(process.env.BENCH_SERVER_START_SECONDS ?? 120) * 10;
  for (let i = 0; i < tries && !exited; i++) {
    try {
      const res = await fetch(`${base}/favicon.svg`);
      await res.arrayBuffer();
      return {
        base,
        pid: child.pid!,
        close: () =>
          new Promise<void>((resolve) => {
            if (exited) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill("SIGKILL");
  throw new Error(`the bench server did not start on port ${opts.port}`);
}
