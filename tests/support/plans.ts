import type { MikroORM } from "@mikro-orm/postgresql";

/** A statement as the app sent it, with its bindings. */
export interface SentStatement {
  sql: string;
  bindings: unknown[];
}

/** The statements the app's pool sends while `run` runs (knex's "query" event); a refusal of `run` is ignored. */
export async function statementsSentBy(orm: MikroORM, run: () => Promise<unknown>): Promise<SentStatement[]> {
  const knex = orm.em.getConnection().getKnex();
  const seen: SentStatement[] = [];
  const onQuery = (q: { sql: string; bindings?: unknown[] }) => seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  knex.on("query", onQuery);
  try {
    await run().catch(() => {});
  } finally {
    knex.removeListener("query", onQuery);
  }
  return seen;
}

/** `?` placeholders (outside quotes: the statements hold none inside) to `$n`, as the pg driver wants them. */
export function positional(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
}
