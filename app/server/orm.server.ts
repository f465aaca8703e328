import { MikroORM, type EntityManager } from "@mikro-orm/postgresql";
import { ormConfig } from "~db/mikro-orm.config";
import { env } from "./env.server";

/**
 * One ORM per process. It is kept on globalThis because the Remix bundle and the Express server (or a test)
 * are two module graphs in one process: both must share one pool, and shutdown must close that pool.
 */
type Holder = { orm?: MikroORM; pending?: Promise<MikroORM> };
const holder: Holder = ((globalThis as { __cadranOrm?: Holder }).__cadranOrm ??= {});

export async function getOrm(): Promise<MikroORM> {
  if (holder.orm) return holder.orm;
  holder.pending ??= MikroORM.init(ormConfig(env().DATABASE_URL)).then((orm) => {
    holder.orm = orm;
    return orm;
  });
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

/** Tests install the ORM of their own database. */
export function setOrm(orm: MikroORM | undefined) {
  holder.orm = orm;
  holder.pending = undefined;
}

export async function closeOrm() {
  const orm = holder.orm;
  holder.orm = undefined;
  holder.pending = undefined;
  if (orm) await orm.close(true);
}
