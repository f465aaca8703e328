import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Named prepared statements for the hottest statements (the clock actions, DESIGN §6, decision 0057).
 *
 * MikroORM's `execute` inlines every parameter into the SQL text, so PostgreSQL parses and plans each call anew
 * (the clock action's day read: ~0.5 ms of planning for ~0.1 ms of execution). A named statement is parsed once per
 * pooled connection (the pg driver remembers which names a connection has prepared) and then only bound and
 * executed; PostgreSQL's plan cache reuses its plan.
 *
 * A statement's text is fixed (write it with $1..$n, never build it from values): one name, one text. Values are
 * sent as parameters, never inlined; pass instants as ISO strings (`toISOString()`, what MikroORM sends) so the
 * server reads them in UTC whatever the process's zone. The rows are the driver's, parsed by the same type
 * parsers as `em.execute` (the pool's connections), so callers see the same rows either way.
 *
 * It runs on the EntityManager's connection: the pool's, or the transaction's when `em` is inside one. The
 * statement is announced on knex's "query" event like every other, so statement counts (tests/api/query-count,
 * the bench) still see it.
 */
export interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

const names = new Map<string, string>();

/** Declares a statement once (at module load). Two texts under one name are a programming error: thrown at once. */
export function namedStatement(name: string, text: string): NamedStatement {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad statement name ${name}`);
  const known = names.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement ${name} declared twice with different texts`);
  names.set(name, text);
  return { name, text };
}

interface PgLikeClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  __knexUid?: string;
  __knexTxId?: string;
}

interface KnexClientLike {
  acquireConnection(): Promise<PgLikeClient>;
  releaseConnection(connection: PgLikeClient): Promise<void>;
  emit(event: string, data: unknown): boolean;
}

/** Runs a named statement on `em`'s connection (its transaction's when there is one) and returns its rows. */
export async function runNamed<T>(em: EntityManager, statement: NamedStatement, values: readonly unknown[]): Promise<T[]> {
  const knex = em.getConnection().getKnex();
  const root = knex.client as unknown as KnexClientLike;
  const tx = em.getTransactionContext<{ client: KnexClientLike }>();
  const client = tx?.client ?? root;
  const connection = await client.acquireConnection();
  try {
    root.emit("query", {
      __knexUid: connection.__knexUid,
      __knexTxId: connection.__knexTxId,
      method: "raw",
      sql: statement.text,
      bindings: values,
      name: statement.name,
    });
    const result = await connection.query({ name: statement.name, text: statement.text, values: values as unknown[] });
    return result.rows as T[];
  } finally {
    await client.releaseConnection(connection);
  }
}
