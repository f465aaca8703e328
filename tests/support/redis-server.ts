import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/**
 * A redis-server of a test's own, on a spare port, without persistence: a test may kill it (its data is lost, as after
 * a restart without persistence or a failover) and start it again on the same port, without the machine's shared
 * Redis ever noticing.
 */
export async function spareRedisPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface OwnRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGKILL: everything in it is lost. */
  kill(): Promise<void>;
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await spareRedisPort();
  let child: ChildProcess | undefined;
  const handle: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      // Never under libfaketime (npm run test:calendar): redis-server's allocator recurses into clock_gettime and dies.
      const env = { ...process.env, LD_PRELOAD: undefined };
      child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore", env });
      const until = Date.now() + 10_000;
      while (!(await portOpen(port))) {
        if (Date.now() > until) throw new Error(`redis-server did not start on ${port}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async kill() {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once("exit", () => resolve());
        c.kill("SIGKILL");
      });
    },
  };
  await handle.start();
  return handle;
}
