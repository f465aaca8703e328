import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { ownRedis, spareRedisPort, type OwnRedis } from "~tests/support/redis-server";
import { tcpProxy } from "~tests/support/tcp-proxy";

/**
 * Issue 31 item 5 (decision 0095): the image's command is node itself, so SIGTERM reaches it and the web drains and
 * exits (no orphan left serving); the worker started while PostgreSQL is down waits for it instead of crashing, then
 * closes cleanly on SIGTERM. Real processes, a redis-server of this file's own, PostgreSQL behind a TCP proxy that
 * this test closes and opens (the machine's PostgreSQL never stops).
 */
const root = path.resolve(import.meta.dirname, "../..");
const db = useTestDatabase();
let redis: OwnRedis;
const children: ChildProcess[] = [];

beforeAll(async () => {
  redis = await ownRedis();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await redis.kill();
});

function dockerCmd(): string[] {
  const line = readFileSync(path.join(root, "Dockerfile"), "utf8")
    .split("\n")
    .find((l) => l.startsWith("CMD "));
  return JSON.parse(line!.slice(4)) as string[];
}

function run(argv: string[], env: Record<string, string>) {
  const child = spawn(argv[0]!, argv.slice(1), { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => out,
    async waitFor(text: string, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (!out.includes(text)) {
        if (Date.now() > until) throw new Error(`no "${text}" in: ${out.slice(-2000)}`);
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${out.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.end();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

const within = <T,>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms))]);

describe("signals and starts", () => {
  it("the image runs node itself in exec form (no npm, no shell in front)", () => {
    const cmd = dockerCmd();
    expect(cmd[0]).toBe("node");
    expect(cmd).not.toContain("npm");
  });

  it("the web started by the image's command exits on SIGTERM and stops serving", async () => {
    const port = await spareRedisPort();
    const web = run(dockerCmd(), {
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: db.url,
      SESSION_SECRET: "a-test-secret-of-enough-length-0123456789",
      REDIS_URL: "",
      INLINE_JOBS: "1",
    });
    await web.waitFor("listens on");
    const health = await fetch(`http://127.0.0.1:${port}/healthz?part=web`);
    expect(health.status).toBe(200);
    web.child.kill("SIGTERM");
    expect(await within(web.exited, 15_000)).toBe(0);
    expect(await accepts(port)).toBe(false);
  }, 60_000);

  it("a worker started while PostgreSQL is down waits for it, then runs, and closes cleanly on SIGTERM", async () => {
    const pgPort = Number(new URL(db.url).port || 5432);
    const proxy = await tcpProxy(pgPort);
    const url = new URL(db.url);
    url.port = String(proxy.port);
    const worker = run(["node", "--import", "tsx", "worker/index.ts"], {
      NODE_ENV: "production",
      DATABASE_URL: url.toString(),
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `cadran-signals-${process.pid}`,
      WORKER_SCHEDULES: "0",
      SESSION_SECRET: "a-test-secret-of-enough-length-0123456789",
    });
    try {
      await worker.waitFor('"part":"database","state":"down"');
      await new Promise((r) => setTimeout(r, 1500));
      expect(worker.child.exitCode).toBeNull();
      await proxy.open();
      await worker.waitFor("listening on queue", 40_000);
      worker.child.kill("SIGTERM");
      expect(await within(worker.exited, 15_000)).toBe(0);
      expect(worker.output()).toContain("SIGTERM: closing");
    } finally {
      await proxy.close();
    }
  }, 90_000);
});
