/**
 * Loads the demo organisation (DESIGN §3) into the database: `npm run db:seed` (tsx scripts/seed.ts).
 * The database is DATABASE_URL, else the embedded PostgreSQL (like `npm start`). Runs pending migrations first,
 * then wipes every application table and seeds relative to today in Europe/Paris.
 */
import { MikroORM } from "@mikro-orm/postgresql";
import { DateTime } from "luxon";
import { ormConfig } from "../db/mikro-orm.config";
import { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TABLES } from "../db/seeds/demo";
import { resolveDatabase } from "./lib/database";
import { migrate } from "./migrate";

async function main() {
  const started = performance.now();
  const db = await resolveDatabase();
  try {
    const migrations = await migrate(db.url);
    if (migrations.length > 0) console.log(`Migrations appliquées : ${migrations.join(", ")}`);
    const orm = await MikroORM.init(ormConfig(db.url));
    try {
      const today = DateTime.now().setZone("Europe/Paris").toISODate();
      if (!today) throw new Error("Cannot compute today's date in Europe/Paris");
      const seedStarted = performance.now();
      await seedDemo(orm.em.fork(), { today });
      const seedMs = Math.round(performance.now() - seedStarted);

      const select = DEMO_TABLES.map((t) => `(select count(*) from "${t}")::int as "${t}"`).join(", ");
      const [counts] = await orm.em.fork().execute<Record<string, number>[]>(`select ${select}`);
      console.log(`Organisation de démonstration chargée au ${today} en ${seedMs} ms :`);
      for (const t of DEMO_TABLES) console.log(`  ${t.padEnd(14)} ${counts?.[t] ?? 0}`);
      console.log(`Comptes (mot de passe ${DEMO_PASSWORD}) : ${DEMO_ACCOUNTS.map((a) => a.email).join(", ")}`);
      console.log(`Terminé en ${Math.round(performance.now() - started)} ms.`);
    } finally {
      await orm.close(true);
    }
  } finally {
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
