import { MikroORM, type EntityManager } from "@mikro-orm/postgresql";
import { ormConfig, type DbTimeouts } from "~db/mikro-orm.config";
import { env } from "./env.server";
import { markDatabaseAnswered } from "~/server/operations/unavailable.server";

const watched = new WeakSet<MikroORM>();

/**
 * Every statement the database answers says it is up: after an "unavailable" line the process logs "up" once (issue
 * 42 §9), so a later outage logs "unavailable" again, as JSON, instead of nothing.
 */
function watchAnswers(orm: MikroORM): MikroORM {
  if (watched.has(orm)) return orm;
  watched.add(orm);
  try {
    (orm.em.getConnection().getKnex() as unknown as { on(event: string, fn: () => void): void }).on("query-response", () => markDatabaseAnswered());
  } catch {
    // no knex (never in this app): nothing to watch
  }
  return orm;
}

/**
 * One ORM per process. It is kept on globalThis because the Remix bundle and the Express server (or a test)
 * are two module graphs in one process: both must share one pool, and shutdown must close that pool.
 */
type Holder = { orm?: MikroORM; pending?: Promise<MikroORM>; budget?: DbBudget };
const holder: Holder = ((globalThis as { __cadranOrm?: Holder }).__cadranOrm ??= {});

/**
 * The bounds of each kind of process (decision 0094): a web request (pages, clock actions, /api) gives up in
 * seconds and answers a French 503, so one stuck lock cannot hold every connection; the worker's jobs and exports
 * get minutes.
 */
export type DbBudget = "web" | "jobs";
export const DB_BUDGETS: Record<DbBudget, DbTimeouts> = {
  web: { statementMs: 15_000, lockMs: 3_000, idleInTransactionMs: 10_000, acquireMs: 5_000 },
  jobs: { statementMs: 10 * 60_000, lockMs: 60_000, idleInTransactionMs: 10 * 60_000, acquireMs: 60_000 },
};

/** The worker calls it before its first getOrm (the web keeps the default, "web"). */
export function setOrmBudget(budget: DbBudget) {
  holder.budget = budget;
}

/**
 * The process's ORM. A failed start (the database down or refusing connections) is not kept: the next call tries
 * again, so a process started during an outage recovers when the database is back (issue 31 item 5).
 */
export async function getOrm(): Promise<MikroORM> {
  if (holder.orm) return holder.orm;
  if (!holder.pending) {
    const pending = MikroORM.init(ormConfig(env().DATABASE_URL, { timeouts: DB_BUDGETS[holder.budget ?? "web"] })).then(
      (orm) => {
        holder.orm = watchAnswers(orm);
        return orm;
      },
      (error: unknown) => {
        if (holder.pending === pending) holder.pending = undefined;
        throw error;
      },
    );
    holder.pending = pending;
  }
  return holder.pending;
}

/** A fresh EntityManager for one request or one job: its identity map dies with it. */
export async function getEm(): Promise<EntityManager> {
  return (await getOrm()).em.fork();
}

/**
 * The ORM's root EntityManager, not a fork, for a request that only runs statements (named ones, `execute`) and
 * never loads, persists or flushes an entity: the clock buttons (DESIGN §6, decision 0057), where a fork (a unit of
 * work, an identity map, their helpers) was a tenth of the action's CPU. It has no identity map of its own to leak:
 * MikroORM refuses entity work on the global context (allowGlobalContext is off), so a misuse fails at once.
 */
export async function getStatementEm(): Promise<EntityManager> {
  return (await getOrm()).em;
}

/** The ORM if it has started, without starting it (metrics). */
export function startedOrm(): MikroORM | undefined {
  return holder.orm;
}

/** Tests install the ORM of their own database. */
export function setOrm(orm: MikroORM | undefined) {
  holder.orm = orm && watchAnswers(orm);
  holder.pending = undefined;
}

export async function closeOrm() {
  const orm = holder.orm;
  holder.orm = undefined;
  holder.pending = undefined;
  if (orm) await orm.close(true);
}
