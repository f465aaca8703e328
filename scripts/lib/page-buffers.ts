/**
 * Buffers per page (issue 44 item 4, decision 0141), shared by `npm run bench:buffers` and
 * tests/api/page-buffers.test.ts: the pages measured, and the measure itself — every read statement a request sent
 * (knex's `query` event), run again under `EXPLAIN (ANALYZE, BUFFERS)` with its own parameters, sequential scans
 * discouraged; its shared hit + read buffers, and of them those of the scans of the employee-day tables.
 */
import { MikroORM } from "@mikro-orm/postgresql";
import { appendFileSync } from "node:fs";
import pg from "pg";
import { resetEnvCache } from "../../app/server/shared/env.server";
import { closeOrm, setOrm } from "../../app/server/shared/orm.server";
import { ormConfig } from "../../db/mikro-orm.config";
import { DEMO_PASSWORD } from "../../db/seeds/demo";
import { seedLarge } from "../../db/seeds/large";
import { migrate } from "../migrate";

/** One row per employee and day: a scope page reads the stored weeks instead. */
export const EMPLOYEE_DAY_TABLES = ["time_clock", "time_log", "overtime"];

export type PageKind = "person" | "team" | "scope";
export interface BufferPage {
  name: string;
  kind: PageKind;
  email: string;
  path: string;
}

/** The demo roles' pages of the bench company (db/seeds/large.ts: subsidiary 1, team 1), reports over `from`–`to`. */
export function bufferPages(from: string, to: string): BufferPage[] {
  const period = `from=${from}&to=${to}`;
  return [
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
    { name: "report: leave", kind: "scope", email: "direction@cadran.test", path: `/report/leave?subsidiary=1&${period}` },
    { name: "report: overtime", kind: "scope", email: "direction@cadran.test", path: `/report/overtime?subsidiary=1&${period}` },
    { name: "report: recovery", kind: "scope", email: "direction@cadran.test", path: `/report/recup?subsidiary=1&${period}` },
    { name: "report: hourly cost", kind: "scope", email: "direction@cadran.test", path: `/report/cost?subsidiary=1&${period}` },
  ];
}

export interface BufferMeasure {
  status: number;
  buffers: number;
  /** Of them, in the scans of the employee-day tables. */
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

/**
 * Runs `request` (a page asked by a client of the server that uses `orm`) and counts what its read statements touch.
 * Sequential scans are off for the count: on tables of a few hundred rows the planner rightly reads a whole table,
 * which says nothing of 50,000; with them off, a plan that still reads a whole table has no index to use.
 * `dump`: a file where each statement, its parameters and its plan are written as JSON lines, under `label`.
 */
export async function measureBuffers(orm: MikroORM, request: () => Promise<number>, dump?: { file: string; label: string }): Promise<BufferMeasure> {
  const knex = orm.em.getConnection().getKnex();
  const captured: { sql: string; bindings: unknown[] }[] = [];
  const onQuery = (q: { sql: string; bindings?: unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
  knex.on("query", onQuery);
  let status = 0;
  try {
    status = await request();
  } finally {
    knex.removeListener("query", onQuery);
  }
  const reads = captured.filter((c) => /^\s*(select|with)\b/i.test(c.sql) && !/\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i.test(c.sql));
  const m: BufferMeasure = { status, buffers: 0, dayBuffers: 0, statements: reads.length, detail: [] };
  for (const c of reads) {
    const result = (await knex.transaction(async (trx) => {
      await trx.raw("set local enable_seqscan = off");
      return trx.raw(`explain (analyze, buffers, format json) ${c.sql}`, c.bindings as never);
    })) as { rows: { "QUERY PLAN": { Plan: Record<string, unknown> }[] }[] };
    const plan = result.rows[0]!["QUERY PLAN"][0]!.Plan;
    m.buffers += blocks(plan);
    m.dayBuffers += dayScanBlocks(plan);
    m.detail.push({ buffers: blocks(plan), sql: c.sql.replace(/\s+/g, " ").slice(0, 140) });
    if (dump) appendFileSync(dump.file, `${JSON.stringify({ page: dump.label, buffers: blocks(plan), sql: c.sql, bindings: c.bindings, plan })}\n`);
  }
  return m;
}

/**
 * At most 1.2× and 24 pages: the rule of a page that must not grow. The pages: a bigger table's index may grow a
 * level (one more page per lookup), and a person's or a team's rows land on other heap pages: between two seeds,
 * with no statement reading more rows, a page of 50 buffers moved 50 → 69 and the team's schedules 18 → 37.
 */
export const withinGrowth = (small: number, large: number) => large <= Math.ceil(small * 1.2) + 24;

/** A signed-in browser without JavaScript: cookies kept, redirects not followed. */
function pageClient(base: string) {
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

/**
 * Builds the bench company of `employees` people in `database` (its history ending `today`), `vacuum analyze`s it
 * (as a settled database is: the visibility map set, so index-only scans read no heap), installs it as the app's
 * database for the server at `baseUrl` (in this process), and measures each page once warm, signed in as its role.
 */
export async function measureCompany(options: {
  adminUrl: string;
  database: string;
  employees: number;
  today: string;
  baseUrl: string;
  pages: readonly BufferPage[];
  dump?: string;
  /** A database kept by an earlier run (BUFFERS_KEEP=1) with this size's seed is measured as it is, not built again. */
  reuse?: boolean;
}): Promise<Map<string, BufferMeasure>> {
  const kept = options.reuse ? await keptSeed(options) : null;
  const seeded = kept ?? (await seedLarge({ adminUrl: options.adminUrl, database: options.database, employees: options.employees, seed: 11, today: options.today, migrate }));
  process.env.DATABASE_URL = seeded.url;
  resetEnvCache();
  const orm = await MikroORM.init(ormConfig(seeded.url, { poolMax: 5 }));
  if (!kept) await orm.em.getConnection().execute("vacuum analyze");
  setOrm(orm);
  const out = new Map<string, BufferMeasure>();
  try {
    const clients = new Map<string, ReturnType<typeof pageClient>>();
    for (const page of options.pages) {
      let client = clients.get(page.email);
      if (!client) {
        client = pageClient(options.baseUrl);
        await client.login(page.email);
        clients.set(page.email, client);
      }
      const signedIn = client;
      await signedIn.get(page.path); // once to warm the process
      const dump = options.dump ? { file: options.dump, label: `${options.employees}|${page.name}` } : undefined;
      out.set(page.name, await measureBuffers(orm, () => signedIn.get(page.path), dump));
    }
  } finally {
    await closeOrm();
  }
  return out;
}

/** The URL of `database` when it holds the bench company of `employees` people (seed 11), else null. */
async function keptSeed(options: { adminUrl: string; database: string; employees: number }): Promise<{ url: string } | null> {
  const url = new URL(options.adminUrl);
  url.pathname = `/${options.database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  try {
    await c.connect();
    const { rows } = await c.query<{ key: string }>("select key from job_run where key like $1", [`large-seed:${options.employees}:11:%`]);
    return rows.length > 0 ? { url: url.toString() } : null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}
