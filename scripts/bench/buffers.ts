/**
 * Scale by counts (issue 44 item 4, decision 0141): `npm run bench:buffers` builds the bench company
 * (db/seeds/large.ts) at 20, 200 and 400 employees (BUFFERS_SIZES=20,200,400; databases cadran_buf_<n>, dropped at the
 * end unless BUFFERS_KEEP=1), `vacuum analyze`s it, serves the built app in this process on each, signs in as the
 * demo roles and, for each page, sums the PostgreSQL buffers of every read statement it sent (scripts/lib/page-buffers.ts).
 * It prints the buffers per size, and of them those of the scans of the employee-day tables (time_clock, time_log,
 * overtime), which a scope page should not read. BUFFERS_DETAIL=1 prints each statement's buffers; BUFFERS_DUMP=<file>
 * writes each statement, its parameters and its plan as JSON lines. BUFFERS_REUSE=1 measures a database kept by an
 * earlier run (BUFFERS_KEEP=1) with the same size's seed as it is (the 50,000 one takes about 12 minutes to build).
 * BUFFERS_PAGES=<regexp> keeps the pages whose name matches. A benchmark: it prints, it does not fail.
 */
import "../lib/job-runner"; // hands the job registry to the queue (issue 45)
import type { AddressInfo } from "node:net";
import pg from "pg";
import { localDate } from "../../app/domain/shared/zoned-day";
import { createApp, loadBuild } from "../lib/app";
import { resolveDatabase } from "../lib/database";
import { bufferPages, measureCompany, type BufferMeasure } from "../lib/page-buffers";

const SIZES = (process.env.BUFFERS_SIZES ?? "20,200,400").split(",").map(Number);
const today = localDate(new Date(), "Europe/Paris");
const PAGES = bufferPages(new Date(Date.parse(`${today}T12:00:00Z`) - 150 * 86_400_000).toISOString().slice(0, 10), today).filter(
  (p) => !process.env.BUFFERS_PAGES || new RegExp(process.env.BUFFERS_PAGES).test(p.name),
);

const admin = await resolveDatabase({ database: "postgres" });
const build = await loadBuild();
const server = createApp(build, { appUrl: "http://127.0.0.1", production: false }).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.env.APP_URL = base;
const results = new Map<string, BufferMeasure[]>();
const names: string[] = [];
try {
  for (const employees of SIZES) {
    const database = `cadran_buf_${employees}`;
    names.push(database);
    const measured = await measureCompany({ adminUrl: admin.url, database, employees, today, baseUrl: base, pages: PAGES, dump: process.env.BUFFERS_DUMP, reuse: process.env.BUFFERS_REUSE === "1" });
    for (const page of PAGES) results.set(page.name, [...(results.get(page.name) ?? []), measured.get(page.name)!]);
  }
} finally {
  server.close();
  if (!process.env.BUFFERS_KEEP) {
    const c = new pg.Client({ connectionString: admin.url });
    await c.connect();
    for (const n of names) await c.query(`drop database if exists "${n}" with (force)`);
    await c.end();
  }
  await admin.stop();
}

console.info(`[bench:buffers] buffers per page (EXPLAIN ANALYZE BUFFERS, sequential scans off) at ${SIZES.join(" → ")} employees`);
for (const page of PAGES) {
  const m = results.get(page.name) ?? [];
  const last = m[m.length - 1]!;
  const prev = m[m.length - 2];
  const ratio = prev && prev.buffers > 0 ? (last.buffers / prev.buffers).toFixed(2) : "—";
  console.info(
    `${page.kind.padEnd(6)} ${page.name.padEnd(30)} ${m.map((x) => String(x.buffers).padStart(6)).join(" →")}  (×${ratio} last step)  day scans ${m.map((x) => x.dayBuffers).join(" → ")}; ${last.statements} statements${m.some((x) => x.status !== 200) ? `; status ${m.map((x) => x.status).join("/")}` : ""}`,
  );
  if (process.env.BUFFERS_DETAIL) for (const d of last.detail) console.info(`         ${String(d.buffers).padStart(6)}  ${d.sql}`);
}
process.exit(0);
