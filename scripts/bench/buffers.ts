/**
 * Scale by counts (issue 44 item 4, decision 0141): `npm run bench:buffers` builds the bench company
 * (db/seeds/large.ts) at 20, 200 and 400 employees (BUFFERS_SIZES=20,200,400; databases cadran_buf_<n>, dropped at the
 * end unless BUFFERS_KEEP=1), serves the built app in this process on each, signs in as the demo roles and, for each
 * page, sums the PostgreSQL buffers (shared hit + read) of `EXPLAIN (ANALYZE, BUFFERS)` of every read statement the
 * request sent, with its own parameters, sequential scans discouraged (on tables of a few hundred rows the planner
 * rightly reads a whole table, which says nothing of 50,000). It prints the buffers per size, and of them those of
 * the scans of the employee-day tables (time_clock, time_log, overtime), which a scope page should not read.
 * BUFFERS_DETAIL=1 prints each statement's buffers; BUFFERS_DUMP=<file> writes each statement, its parameters and its
 * plan as JSON lines. A benchmark: it prints, it does not fail.
 */
import "../lib/job-runner"; // hands the job registry to the queue (issue 45)
import { MikroORM } from "@mikro-orm/postgresql";
import { appendFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { localDate } from "../../app/domain/shared/zoned-day";
import { resetEnvCache } from "../../app/server/shared/env.server";
import { closeOrm, setOrm } from "../../app/server/shared/orm.server";
import { ormConfig } from "../../db/mikro-orm.config";
import { DEMO_PASSWORD } from "../../db/seeds/demo";
import { seedLarge } from "../../db/seeds/large";
import { createApp, loadBuild } from "../lib/app";
import { resolveDatabase } from "../lib/database";
import { migrate } from "../migrate";

const SIZES = (process.env.BUFFERS_SIZES ?? "20,200,400").split(",").map(Number);
const EMPLOYEE_DAY_TABLES = ["time_clock", "time_log", "overtime"];

type Kind = "person" | "team" | "scope";
const today = localDate(new Date(), "Europe/Paris");
const sixMonthsAgo = new Date(Date.parse(`${today}T12:00:00Z`) - 150 * 86_400_000).toISOString().slice(0, 10);
const PERIOD = `from=${sixMonthsAgo}&to=${today}`;
const PAGES: { name: string; kind: Kind; email: string; path: string }[] = [
  { name: "own badging (Ma semaine)", kind: "person", email: "employe@cadran.test", path: "/time-clock/badging" },
  { name: "own leaves", kind: "person", email: "employe@cadran.test", path: "/leave/me" },
  { name: "own overtime", kind: "person", email: "employe@cadran.test", path: "/overtime/me" },
  { name: "own yearly planning", kind: "person", email: "employe@cadran.test", path: "/planning/me" },
  { name: "home (employee)", kind: "person", email: "employe@cadran.test", path: "/" },
  { name: "profile", kind: "person", email: "employe@cadran.test", path: "/profile" },
  { name: "home (team leader)", kind: "team", email: "chef.equipe@cadran.test", path: "/" },
  { name: "waiting leaves (team leader)", kind: "team", email: "chef.equipe@cadran.test", path: "/leave/waiting" },
  { name: "team badging", kind: "team", email: "chef.equipe@cadran.test", path: "/time-clock/team-badging" },
  { name: "overtime of the team", kind: "team", email: "chef.equipe@cadran.test", path: "/overtime/team" },
  { name: "team planning", kind: "team", email: "chef.equipe@cadran.test", path: "/planning/team" },
  { name: "home (direction)", kind: "scope", email: "direction@cadran.test", path: "/" },
  { name: "waiting leaves (direction)", kind: "scope", email: "direction@cadran.test", path: "/leave/waiting" },
  { name: "overtime of the subsidiary", kind: "scope", email: "direction@cadran.test", path: "/overtime/subsidiary?subsidiary=1" },
  { name: "agency planning", kind: "scope", email: "direction@cadran.test", path: "/planning/agency" },
  { name: "report: leave", kind: "scope", email: "direction@cadran.test", path: `/report/leave?subsidiary=1&${PERIOD}` },
  { name: "report: overtime", kind: "scope", email: "direction@cadran.test", path: `/report/overtime?subsidiary=1&${PERIOD}` },
  { name: "report: recovery", kind: "scope", email: "direction@cadran.test", path: `/report/recup?subsidiary=1&${PERIOD}` },
  { name: "report: hourly cost", kind: "scope", email: "direction@cadran.test", path: `/report/cost?subsidiary=1&${PERIOD}` },
];

interface Measure {
  status: number;
  buffers: number;
  dayBuffers: number;
  statements: number;
  detail: { buffers: number; sql: string }[];
}

const blocks = (node: Record<string, unknown>) => Number(node["Shared Hit Blocks"] ?? 0) + Number(node["Shared Read Blocks"] ?? 0);

/** The buffers of a plan's scans of the employee-day tables (a scan's counts hold its own index's). */
function dayScanBlocks(plan: Record<string, unknown>): number {
  if (typeof plan["Relation Name"] === "string" && EMPLOYEE_DAY_TABLES.includes(plan["Relation Name"])) return blocks(plan);
  return ((plan.Plans as Record<string, unknown>[] | undefined) ?? []).reduce((sum, child) => sum + dayScanBlocks(child), 0);
}

/** A signed-in browser without JavaScript: cookies kept, redirects not followed. */
function client(base: string) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return {
    async login(email: string) {
      const res = await fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie() },
        body: new URLSearchParams({ identifier: email, password: DEMO_PASSWORD, redirect: "/" }).toString(),
      });
      keep(res);
      if (res.status !== 302) throw new Error(`login ${email}: ${res.status}`);
    },
    async get(path: string) {
      const res = await fetch(base + path, { redirect: "manual", headers: { Cookie: cookie() } });
      keep(res);
      await res.text();
      return res.status;
    },
  };
}

async function measure(orm: MikroORM, get: () => Promise<number>): Promise<Measure> {
  const knex = orm.em.getConnection().getKnex();
  const captured: { sql: string; bindings: unknown[] }[] = [];
  const onQuery = (q: { sql: string; bindings?: unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
  knex.on("query", onQuery);
  let status = 0;
  try {
    status = await get();
  } finally {
    knex.removeListener("query", onQuery);
  }
  const reads = captured.filter((c) => /^\s*(select|with)\b/i.test(c.sql) && !/\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i.test(c.sql));
  const m: Measure = { status, buffers: 0, dayBuffers: 0, statements: reads.length, detail: [] };
  for (const c of reads) {
    const result = (await knex.transaction(async (trx) => {
      await trx.raw("set local enable_seqscan = off");
      return trx.raw(`explain (analyze, buffers, format json) ${c.sql}`, c.bindings as never);
    })) as { rows: { "QUERY PLAN": { Plan: Record<string, unknown> }[] }[] };
    const plan = result.rows[0]!["QUERY PLAN"][0]!.Plan;
    m.buffers += blocks(plan);
    m.dayBuffers += dayScanBlocks(plan);
    m.detail.push({ buffers: blocks(plan), sql: c.sql.replace(/\s+/g, " ").slice(0, 140) });
    if (process.env.BUFFERS_DUMP) appendFileSync(process.env.BUFFERS_DUMP, `${JSON.stringify({ page: current, buffers: blocks(plan), sql: c.sql, bindings: c.bindings, plan })}\n`);
  }
  return m;
}

const admin = await resolveDatabase({ database: "postgres" });
const build = await loadBuild();
const server = createApp(build, { appUrl: "http://127.0.0.1", production: false }).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.env.APP_URL = base;
const results = new Map<string, Measure[]>();
/** The size and page being measured (BUFFERS_DUMP=<file>: each statement, its parameters and plan, as JSON lines). */
let current = "";
const names: string[] = [];
try {
  for (const employees of SIZES) {
    const database = `cadran_buf_${employees}`;
    names.push(database);
    const seeded = await seedLarge({ adminUrl: admin.url, database, employees, seed: 11, today, migrate });
    process.env.DATABASE_URL = seeded.url;
    resetEnvCache();
    const orm = await MikroORM.init(ormConfig(seeded.url, { poolMax: 5 }));
    // As a settled database is (autovacuum has run): the visibility map set, so index-only scans read no heap.
    await orm.em.getConnection().execute("vacuum analyze");
    setOrm(orm);
    try {
      const clients = new Map<string, ReturnType<typeof client>>();
      for (const page of PAGES) {
        let c = clients.get(page.email);
        if (!c) {
          c = client(base);
          await c.login(page.email);
          clients.set(page.email, c);
        }
        await c.get(page.path); // warm
        current = `${employees}|${page.name}`;
        results.set(page.name, [...(results.get(page.name) ?? []), await measure(orm, () => c.get(page.path))]);
      }
    } finally {
      await closeOrm();
    }
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
  const prev = m[m.length - 2]!;
  const ratio = prev && prev.buffers > 0 ? (last.buffers / prev.buffers).toFixed(2) : "—";
  console.info(
    `${page.kind.padEnd(6)} ${page.name.padEnd(30)} ${m.map((x) => String(x.buffers).padStart(6)).join(" →")}  (×${ratio} last step)  day scans ${m.map((x) => x.dayBuffers).join(" → ")}; ${last.statements} statements${m.some((x) => x.status !== 200) ? `; status ${m.map((x) => x.status).join("/")}` : ""}`,
  );
  if (process.env.BUFFERS_DETAIL) for (const d of last.detail) console.info(`         ${String(d.buffers).padStart(6)}  ${d.sql}`);
}
process.exit(0);
