import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Runs one statement as a NAMED prepared statement on a pooled connection, outside any transaction: PostgreSQL
 * parses and plans it once per connection, then only binds and executes it (MikroORM's `execute` inlines the
 * parameters into the SQL text, so a 3.5 KB statement is planned again on every request, 1–2 ms of the database's
 * time; docs/decisions/0060). For the statements every request runs, read-only or single-statement writes: never
 * inside `em.transactional` (it takes its own connection).
 *
 * `sql` uses `?` placeholders as elsewhere in the app; they become `$1…` here. The knex "query" event is emitted so
 * query counts (tests/api/query-count.test.ts, the bench) still see the statement.
 */
export async function preparedQuery<T>(em: EntityManager, name: string, sql: string, values: unknown[]): Promise<T[]> {
  const knex = em.getConnection().getKnex();
  const text = numbered(name, sql);
  knex.emit("query", { sql, bindings: values, method: "raw", prepared: name });
  const client = knex.client as unknown as {
    acquireConnection(): Promise<PgConnection>;
    releaseConnection(connection: PgConnection): Promise<void>;
  };
  const connection = await client.acquireConnection();
  try {
    const result = await connection.query({ name, text, values });
    return result.rows as T[];
  } finally {
    await client.releaseConnection(connection);
  }
}

interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

const numberedCache = new Map<string, string>();

/** `?` → `$1`, `$2`… outside quoted strings and identifiers (one text per statement name). */
function numbered(name: string, sql: string): string {
  const known = numberedCache.get(name);
  if (known !== undefined) return known;
  let n = 0;
  let out = "";
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === "?") {
      n += 1;
      out += `$${n}`;
    } else out += ch;
  }
  numberedCache.set(name, out);
  return out;
}
