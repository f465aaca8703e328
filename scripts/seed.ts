/**
 * Loads the demo organisation (DESIGN §3) into the database: `npm run db:seed` (tsx scripts/seed.ts).
 * The database is DATABASE_URL, else the embedded PostgreSQL (like `npm start`). Runs pending migrations first,
 * then wipes every application table and seeds relative to today in Europe/Paris.
 */
import "./lib/job-runner"; // hands the job registry to the queue (issue 45)
import { MikroORM } from "@mikro-orm/postgresql";
import { DateTime } from "luxon";
import { ormConfig } from "../db/mikro-orm.config";
import { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TABLES } from "../db/seeds/demo";
import { resolveDatabase } from "./lib/database";
import { migrate } from "./migrate";

/** `--name value` from the command line, or undefined. */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A progress bar on a terminal, one line per phase otherwise. */
function progressBar() {
  let lastPhase = "";
  let lastDraw = 0;
  const started = performance.now();
  return (phase: string, done: number, total: number) => {
    const now = performance.now();
    const finished = done >= total;
    if (!process.stderr.isTTY) {
      if (phase !== lastPhase || finished) {
        if (phase !== lastPhase) console.error(`  ${phase}… (${((now - started) / 1000).toFixed(1)} s)`);
        lastPhase = phase;
      }
      return;
    }
    if (phase === lastPhase && !finished && now - lastDraw < 100) return;
    lastPhase = phase;
    lastDraw = now;
    const width = 30;
    const filled = Math.round((width * Math.min(done, total)) / Math.max(total, 1));
    const pct = Math.round((100 * Math.min(done, total)) / Math.max(total, 1));
    process.stderr.write(`\r  [${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(pct).padStart(3)} % ${phase.padEnd(14)} ${((now - started) / 1000).toFixed(1)} s`);
    if (finished) process.stderr.write("\n");
  };
}

/**
 * `npm run db:seed -- --large [--employees N] [--seed S] [--today YYYY-MM-DD] [--database NAME]`: the bench
 * company (db/seeds/large.ts) in its own database on the server of DATABASE_URL (or the embedded one), dropped and
 * refilled. DATABASE_URL's own database is left alone. N: `--employees`, else LARGE_EMPLOYEES, else 5,000; the
 * database: cadran_large for 5,000, cadran_large_50k for 50,000 (db/seeds/large-size.ts, decision 0104).
 */
async function mainLarge() {
  const { seedLarge } = await import("../db/seeds/large");
  const { largeDatabaseName, largeEmployees } = await import("../db/seeds/large-size");
  const employees = largeEmployees();
  const db = await resolveDatabase();
  try {
    const today = arg("today") ?? DateTime.now().setZone("Europe/Paris").toISODate()!;
    const seed = Number(arg("seed") ?? 1);
    const database = arg("database") ?? largeDatabaseName(employees);
    console.log(`Entreprise de banc d'essai : ${employees} salariés, graine ${seed}, au ${today}, base ${database} (effacée et remplie)`);
    const result = await seedLarge({ adminUrl: db.url, database, employees, seed, today, migrate, progress: progressBar() });
    for (const [table, n] of Object.entries(result.counts)) console.log(`  ${table.padEnd(14)} ${n}`);
    console.log(`Terminé en ${(result.ms / 1000).toFixed(1)} s (dont ${(result.cpuMs / 1000).toFixed(1)} s de calcul de ce processus). DATABASE_URL=${result.url}`);
  } finally {
    await db.stop();
  }
}

async function main() {
  if (process.argv.includes("--large")) return mainLarge();
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
