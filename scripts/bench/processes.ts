import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";

/**
 * Servers under test in their OWN processes (decision 0057): the load clients stay in the bench process, so their
 * CPU never competes with the server's event loop, and each server's CPU time can be read from /proc.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const TICK_MS = 1000 / 100; // USER_HZ

/** utime + stime of a process, in ms (fields 14 and 15 of /proc/<pid>/stat); 0 when it is gone or not readable. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The pids of a process and of all its descendants (a supervisor's cluster workers), from /proc's children lists. */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${out[i]}/task`)) {
        const children = readFileSync(`/proc/${out[i]}/task/${task}/children`, "utf8").trim();
        if (children) out.push(...children.split(" ").map(Number));
      }
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU ms of a process and its descendants now, each by pid (a child started later counts from zero). */
export function processTreeCpu(pid: number): Map<number, number> {
  return new Map(processTree(pid).map((p) => [p, processCpuMs(p)]));
}

/** CPU ms a process tree spent since `before` (a snapshot of processTreeCpu). */
export function processTreeCpuSince(pid: number, before: Map<number, number>): number {
  let ms = 0;
  for (const [p, cpu] of processTreeCpu(pid)) ms += Math.max(0, cpu - (before.get(p) ?? 0));
  return ms;
}

/** A port free on the loopback interface now (the kernel's choice), for a child to listen on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  label: string;
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}

async function waitUntilUp(child: ChildProcess, probe: () => Promise<unknown>, label: string): Promise<void> {
  let exited: number | null = null;
  child.once("exit", (code) => (exited = code ?? -1));
  for (let i = 0; i < 600; i++) {
    if (exited !== null) throw new Error(`${label} exited with ${exited} before it answered`);
    try {
      await probe();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill("SIGKILL");
  throw new Error(`${label} did not start`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGINT"); // serve.ts closes gracefully (and writes its --cpu-prof file); the floor exits on SIGINT
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
}

/** node's flags for a child: the tsx loader, and --cpu-prof into `cpuProfDir` when given. */
function nodeArgs(script: string, cpuProfDir?: string): string[] {
  const args = ["--import", "tsx"];
  if (cpuProfDir) args.push("--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`);
  args.push(script);
  return args;
}

/**
 * The full stack as in production: `node --import tsx scripts/serve.ts` (Express, guards, Remix build, services,
 * ORM pool of 10) with the bench's environment, on a free loopback port. Needs `remix build`.
 */
export async function startAppProcess(opts: {
  databaseUrl: string;
  cpuProfDir?: string;
  port?: number;
  /** Another checkout to run (built, with its node_modules): an A/B in the same run. This one by default. */
  dir?: string;
  label?: string;
}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, nodeArgs("scripts/serve.ts", opts.cpuProfDir), {
    cwd: opts.dir ? path.resolve(opts.dir) : ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      APP_URL: baseUrl,
      PORT: String(port),
      NODE_ENV: "production",
      SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-session-secret-0123456789",
      COOKIE_SECURE: "0",
      INLINE_JOBS: "1",
    },
  });
  await waitUntilUp(child, async () => (await fetch(`${baseUrl}/favicon.svg`)).arrayBuffer(), "the app server");
  return { label: opts.label ?? "full stack", baseUrl, pid: child.pid!, stop: stopper(child) };
}

/** The physical floor (scripts/bench/floor.ts) in its own process, same pool size as the app. */
export async function startFloorProcess(opts: {
  databaseUrl: string;
  cpuProfDir?: string;
  port?: number;
  /** 0049's floor: unnamed statements, parsed and planned on every call. */
  unnamed?: boolean;
  label?: string;
}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, nodeArgs("scripts/bench/floor.ts", opts.cpuProfDir), {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: opts.databaseUrl, FLOOR_PORT: String(port), FLOOR_UNNAMED: opts.unnamed ? "1" : "0" },
  });
  await waitUntilUp(child, async () => (await fetch(`${baseUrl}/`)).arrayBuffer(), "the floor server");
  return { label: opts.label ?? "floor", baseUrl, pid: child.pid!, stop: stopper(child) };
}

/**
 * CPU time of the PostgreSQL backends serving one database (the server is on this machine in the bench's setup):
 * `snapshot()` reads each backend's utime + stime; `since(before)` sums what they spent since (a backend that
 * appeared in between counts from zero). 0 when PostgreSQL runs elsewhere (its /proc is not ours).
 */
export function databaseCpu(databaseUrl: string, dbName: string) {
  const snapshot = async (): Promise<Map<number, number>> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const { rows } = await c.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()",
        [dbName],
      );
      return new Map(rows.map((r) => [r.pid, processCpuMs(r.pid)]));
    } finally {
      await c.end();
    }
  };
  const since = async (before: Map<number, number>): Promise<number> => {
    const after = await snapshot();
    let ms = 0;
    for (const [pid, cpu] of after) ms += Math.max(0, cpu - (before.get(pid) ?? 0));
    return ms;
  };
  return { snapshot, since };
}

/** Busy and total CPU time of the whole machine (all cores, ms) from /proc/stat: how saturated it was over a run. */
export function machineCpuMs(): { busy: number; total: number } {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (v[3] ?? 0) + (v[4] ?? 0); // idle + iowait
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
  } catch {
    return { busy: 0, total: 0 };
  }
}
