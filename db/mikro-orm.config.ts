import { defineConfig } from "@mikro-orm/postgresql";
import { Migrator } from "@mikro-orm/migrations";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { entities } from "./entities/index";
import { migrationsList } from "./migrations/index";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Bounds on a connection's work (decision 0094): statements, lock waits, a transaction left idle, and the wait for a
 * free connection of the pool. Unset: PostgreSQL's and knex's defaults (none, and 60 s), for scripts and tests.
 */
export interface DbTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  acquireMs: number;
}

/** One configuration for the app, the worker, the scripts and the tests. */
export function ormConfig(clientUrl: string, options: { debug?: boolean; poolMax?: number; timeouts?: DbTimeouts } = {}) {
  const t = options.timeouts;
  const bounds = t
    ? ` -c statement_timeout=${t.statementMs} -c lock_timeout=${t.lockMs} -c idle_in_transaction_session_timeout=${t.idleInTransactionMs}`
    : "";
  return defineConfig({
    clientUrl,
    entities,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    extensions: [Migrator],
    debug: options.debug ?? false,
    pool: { min: 0, max: options.poolMax ?? 10 },
    // No JIT compilation (decision 0055): this app's statements are short; PostgreSQL's cost threshold sends the
    // report totals over a large company to LLVM, whose compile time (0.3–0.5 s measured) dwarfs the query's own.
    driverOptions: { connection: { options: `-c jit=off${bounds}` }, ...(t ? { acquireConnectionTimeout: t.acquireMs } : {}) },
    forceUtcTimezone: true,
    // Reads must not flush by accident; services flush explicitly.
    flushMode: "commit",
    migrations: {
      path: path.join(here, "migrations"),
      pathTs: path.join(here, "migrations"),
      glob: "Migration*.{js,ts}",
      migrationsList,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: "ts",
    },
  });
}

export default ormConfig(process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/cadran");
