import { MikroORM } from "@mikro-orm/postgresql";
import { ormConfig } from "../db/mikro-orm.config";
import { resolveDatabase } from "./lib/database";

/** Applies pending migrations. Used by `npm run db:migrate`, `npm start` and the test harness. */
export async function migrate(url: string) {
  const orm = await MikroORM.init(ormConfig(url, { poolMax: 2 }));
  try {
    const done = await orm.getMigrator().up();
    return done.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}

if (process.argv[1]?.endsWith("scripts/migrate.ts")) {
  const db = await resolveDatabase();
  const applied = await migrate(db.url);
  console.info(applied.length ? `[db] applied: ${applied.join(", ")}` : "[db] up to date");
  await db.stop();
}
