/**
 * Loads the demo organisation (DESIGN §3) into the database: `npm run db:seed` (tsx scripts/seed.ts).
 * Runs pending migrations first, then wipes every application table and seeds relative to today in Europe/Paris.
 */
import { MikroORM } from "@mikro-orm/postgresql";
import { DateTime } from "luxon";
import { ormConfig } from "../db/mikro-orm.config";
import { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } from "../db/seeds/demo";

/**
 * The database to seed. For now DATABASE_URL is required.
 * TODO(lead): replace with `import { resolveDatabaseUrl } from "./lib/database"`, which also finds the embedded
 * PostgreSQL when DATABASE_URL is unset.
 */
function resolveDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      "DATABASE_URL n'est pas défini. Exemple : DATABASE_URL=postgresql://postgres@127.0.0.1:5432/cadran npm run db:seed",
    );
    process.exit(1);
  }
  return url;
}

const COUNTED_TABLES = [
  "country",
  "holiday",
  "subsidiary",
  "division",
  "team",
  "employee",
  "week_schedule",
  "app_user",
  "time_clock",
  "time_log",
  "overtime",
  "leave",
  "leave_step",
  "event_day",
  "deduction",
];

async function main() {
  const url = resolveDatabaseUrl();
  const started = performance.now();
  const orm = await MikroORM.init(ormConfig(url));
  try {
    const migrations = await orm.getMigrator().up();
    if (migrations.length > 0) console.log(`Migrations appliquées : ${migrations.map((m) => m.name).join(", ")}`);

    const today = DateTime.now().setZone("Europe/Paris").toISODate();
    if (!today) throw new Error("Cannot compute today's date in Europe/Paris");
    const seedStarted = performance.now();
    await seedDemo(orm.em.fork(), { today });
    const seedMs = Math.round(performance.now() - seedStarted);

    const select = COUNTED_TABLES.map((t) => `(select count(*) from "${t}")::int as "${t}"`).join(", ");
    const [counts] = await orm.em.fork().execute<Record<string, number>[]>(`select ${select}`);
    console.log(`Organisation de démonstration chargée au ${today} en ${seedMs} ms :`);
    for (const t of COUNTED_TABLES) console.log(`  ${t.padEnd(14)} ${counts?.[t] ?? 0}`);
    console.log(`Comptes (mot de passe ${DEMO_PASSWORD}) : ${DEMO_ACCOUNTS.map((a) => a.email).join(", ")}`);
    console.log(`Terminé en ${Math.round(performance.now() - started)} ms.`);
  } finally {
    await orm.close(true);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
