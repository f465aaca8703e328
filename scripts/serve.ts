import closeWithGrace from "close-with-grace";
import type { Server } from "node:http";
import { closeOrm } from "~/server/orm.server";
import { closeQueue } from "~/server/queue.server";
import { env } from "~/server/env.server";
import { createApp, loadBuild } from "./lib/app";

/** Starts the web process: Express + Remix, closed gracefully on SIGTERM/SIGINT (pool and queue included). */
export async function serve(options: { port?: number } = {}): Promise<{ server: Server; close: () => Promise<void> }> {
  const e = env();
  const build = await loadBuild();
  const app = createApp(build, { appUrl: e.APP_URL, production: e.NODE_ENV === "production" });
  const port = options.port ?? e.PORT;
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(port, () => resolve(s));
  });
  console.info(`[web] Cadran listens on http://localhost:${port}`);
  const close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeQueue();
    await closeOrm();
  };
  return { server, close };
}

const isMain = process.argv[1]?.endsWith("scripts/serve.ts");
if (isMain) {
  const handle = await serve();
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) console.error(err);
    await handle.close();
  });
}
