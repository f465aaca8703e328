import closeWithGrace from "close-with-grace";
import cluster from "node:cluster";
import type { Server } from "node:http";
import { closeOrm } from "~/server/shared/orm.server";
import { closeQueue } from "~/server/operations/queue.server";
import { env } from "~/server/shared/env.server";
import { testClockOn } from "~/server/shared/clock.server";
import { createApp, loadBuild } from "./lib/app";
import { gracefulClose } from "./lib/http-close";

/** Starts the web process: Express + Remix, closed gracefully on SIGTERM/SIGINT (pool and queue included). */
export async function serve(options: { port?: number } = {}): Promise<{ server: Server; close: () => Promise<void> }> {
  const e = env();
  if (testClockOn()) console.warn("[web] WARNING: CADRAN_TEST_CLOCK=1, requests may set their own clock (cookie cadran_test_now). Browser tests only, never in production (decision 0103).");
  const build = await loadBuild();
  const app = createApp(build, { appUrl: e.APP_URL, production: e.NODE_ENV === "production" });
  const port = options.port ?? e.PORT;
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(port, () => resolve(s));
  });
  // An idle keep-alive connection is closed by its client or its proxy first, never by us: Node's 5-s default races
  // a client reusing the socket at that moment (ECONNRESET on a request that never reached us; a load balancer's idle
  // timeout is typically 60 s). Headers must arrive within a little more than that.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  console.info(`[web] Cadran listens on http://localhost:${port}`);
  // Stops when the last request in flight is answered, not when the clients drop their kept-alive sockets.
  const closeHttp = gracefulClose(server);
  const close = async () => {
    await closeHttp();
    await closeQueue();
    await closeOrm();
  };
  return { server, close };
}

const isMain = process.argv[1]?.endsWith("scripts/serve.ts");
const processes = Math.max(1, Math.floor(Number(process.env.WEB_PROCESSES ?? 1)) || 1);
if (isMain && cluster.isPrimary && processes > 1) {
  // WEB_PROCESSES > 1: this process only supervises; each child serves the same port (node cluster shares it), so
  // a page's React rendering on one core does not hold the requests the other core could serve.
  let stopping = false;
  for (let i = 0; i < processes; i++) cluster.fork();
  cluster.on("exit", (child, code, signal) => {
    if (stopping) return;
    console.warn(`[web] process ${child.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const child of Object.values(cluster.workers ?? {})) child?.process.kill(signal);
  };
  process.once("SIGTERM", () => stopAll("SIGTERM"));
  process.once("SIGINT", () => stopAll("SIGINT"));
} else if (isMain) {
  const handle = await serve();
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) console.error(err);
    await handle.close();
  });
}
