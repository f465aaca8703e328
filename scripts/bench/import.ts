/**
 * Import budget (issue 33 item 1, decision 0098): a 5,000-row CSV (every field of the sheet, Windows-1252, `;`)
 * read, previewed and confirmed through the same services as the screens, in a fresh database; prints each phase's
 * time against < 30 s in all. The confirmation runs as the `employees.import` job does (runImport), in this process.
 * Run: `DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/import.ts` (it makes its own
 * database `cadran_bench_import` on that server), or `BENCH_ONLY=import npm run bench`.
 */
import "../lib/job-runner"; // hands the job registry to the queue (issue 45)
import pg from "pg";
import { columnHeader, IMPORT_COLUMNS } from "~/domain/employees/import";
import { resolveDatabase } from "../lib/database";
import { migrate } from "../migrate";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);

export async function benchImport(rows = ROWS) {
  const admin = await resolveDatabase({ database: "postgres" });
  const url = new URL(admin.url);
  url.pathname = "/cadran_bench_import";
  const c = new pg.Client({ connectionString: admin.url });
  await c.connect();
  await c.query(`drop database if exists "cadran_bench_import" with (force)`);
  await c.query(`create database "cadran_bench_import"`);
  await c.end();
  process.env.DATABASE_URL = url.toString();
  process.env.INLINE_JOBS = "1";
  await migrate(process.env.DATABASE_URL);
  const { getEm, closeOrm } = await import("~/server/shared/orm.server");
  const { loadCurrentUser } = await import("~/services/identity/current-user.server");
  const { importPlan, startImport } = await import("~/services/employees/import.server");
  const { runImport } = await import("~/services/employees/import-run.server");
  const em = await getEm();
  const [country] = await em.execute<{ id: number }[]>("insert into country (name, timezone) values ('France', 'Europe/Paris') returning id");
  const [sub] = await em.execute<{ id: number }[]>(
    "insert into subsidiary (name, country_id, city, timezone) values ('3 Print', ?, 'Paris', 'Europe/Paris') returning id",
    [country!.id],
  );
  const [boss] = await em.execute<{ id: number }[]>(
    `insert into employee (firstname, lastname, email, profile_type, country_id, subsidiary_id, created_at, updated_at)
     values ('Anne', 'Direction', 'direction@bench.test', 'ROLE_HEAD_MANAGEMENT', ?, ?, now(), now()) returning id`,
    [country!.id, sub!.id],
  );
  const [user] = await em.execute<{ id: number }[]>(
    "insert into app_user (employee_id, email, roles, created_at) values (?, 'direction@bench.test', '{ROLE_HEAD_MANAGEMENT}', now()) returning id",
    [boss!.id],
  );
  const actor = (await loadCurrentUser(em, user!.id))!;

  const cells = (n: number): Record<string, string> => ({
    matricule: String(10000 + n),
    acronym: `E${n}`,
    firstname: "Hélène",
    lastname: `Dupré ${n}`,
    birthday: "12/04/1988",
    phone: "06 12 34 56 78",
    email: `import.${n}@bench.test`,
    emailPersonal: `perso.${n}@exemple.fr`,
    profileType: "Employé",
    position: "Opératrice",
    typeContract: "CDI",
    numberOfHoursPerWeek: "35",
    numberOfHoursPerMonth: "151,67",
    hiredAt: "02/09/2024",
    contractState: "Confirmé",
    annualSalary: "32 500,00",
    hourlyCost: "27,40",
    holidayEarnedLastYear: "25",
    holidayTakenLastYear: "20",
    holidayEarnedThisYear: "12,5",
    holidayTakenThisYear: "3",
    holidayTotalBalance: "14,5",
    holidayMonthlyVacationAccrual: "2,08",
    holidayWorkingTimeReduction: "non",
    country: "France",
    subsidiary: "3 Print",
    division: `Pôle ${n % 10}`,
    departmentHead: "non",
    team: `Équipe ${n % 50}`,
    teamLeader: "non",
    timeRegistration: "oui",
    leaveWorkflow: "fast",
    weekType: "unique_week",
  });
  const lines = [IMPORT_COLUMNS.map((col) => columnHeader(col.field)).join(";")];
  for (let n = 0; n < rows; n++) {
    const r = cells(n);
    lines.push(IMPORT_COLUMNS.map((col) => r[col.field] ?? "").join(";"));
  }
  const bytes = Uint8Array.from([...lines.join("\r\n")].map((ch) => ch.charCodeAt(0) & 0xff));

  const t0 = performance.now();
  const id = await startImport(em.fork(), actor, { name: "bench.csv", bytes });
  const t1 = performance.now();
  const plan = await importPlan(em.fork(), actor, id);
  const t2 = performance.now();
  await em.fork().execute("update employee_import set state = 'running' where id = ?", [id]);
  const result = await runImport(em.fork(), id);
  const t3 = performance.now();
  const again = await startImport(em.fork(), actor, { name: "bench.csv", bytes });
  const second = await importPlan(em.fork(), actor, again);
  const t4 = performance.now();
  await closeOrm();
  const figures = {
    rows,
    readMs: Math.round(t1 - t0),
    previewMs: Math.round(t2 - t1),
    confirmMs: Math.round(t3 - t2),
    totalSeconds: Number(((t3 - t0) / 1000).toFixed(1)),
    secondImportPreviewMs: Math.round(t4 - t3),
    counts: plan.counts,
    result,
    secondCounts: second.counts,
  };
  console.info(
    `[bench:import] ${rows} rows: read ${figures.readMs} ms, preview ${figures.previewMs} ms, confirm (the job) ${figures.confirmMs} ms, ` +
      `total ${figures.totalSeconds} s (budget < 30 s); the same file again: ${JSON.stringify(second.counts)} in ${figures.secondImportPreviewMs} ms`,
  );
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchImport();
  process.exit(0);
}
