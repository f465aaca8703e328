import type { MikroORM } from "@mikro-orm/postgresql";
import type { Queue } from "bullmq";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:http";
import { timingSafeEqual } from "node:crypto";
import client from "prom-client";
import { outboxBacklog } from "./outbox.server";
import { argon2Load } from "~/server/identity/password.server";

/**
 * Prometheus metrics (issue 31 item 8, decision 0093), in the text format of prom-client: one registry per process,
 * kept on globalThis (the Remix bundle and the Express server are two module graphs in one process). The web serves
 * them at GET /metrics behind METRICS_TOKEN (a bearer token; unset: no /metrics at all); the worker, which serves no
 * HTTP, on its own METRICS_PORT (same token). Labels are bounded: routes are the route table's patterns
 * (`/api/leaves/:id`), `assets` or `unmatched`; methods the seven of HTTP or `OTHER`.
 */
interface Metrics {
  registry: client.Registry;
  httpDuration: client.Histogram<"method" | "route" | "status">;
  jobs: client.Counter<"name" | "result">;
  jobDuration: client.Histogram<"name">;
  sources: { orm?: () => MikroORM | undefined; queue?: () => Queue | undefined; outbox?: boolean };
}

const holder = globalThis as { __cadranMetrics?: Metrics };

export function metrics(): Metrics {
  if (holder.__cadranMetrics) return holder.__cadranMetrics;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const sources: Metrics["sources"] = {};
  const m: Metrics = {
    registry,
    sources,
    httpDuration: new client.Histogram({
      name: "cadran_http_request_duration_seconds",
      help: "HTTP requests by method, route (the route table's pattern, assets or unmatched) and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 15],
      registers: [registry],
    }),
    jobs: new client.Counter({ name: "cadran_jobs_total", help: "Jobs run by this process, by name and result", labelNames: ["name", "result"], registers: [registry] }),
    jobDuration: new client.Histogram({
      name: "cadran_job_duration_seconds",
      help: "Job run time by name",
      labelNames: ["name"],
      buckets: [0.05, 0.25, 1, 5, 15, 60, 300, 900],
      registers: [registry],
    }),
  };
  const poolGauge = (name: string, help: string, read: (pool: TarnPool) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const pool = tarnPool(sources.orm?.());
        if (pool) this.set(read(pool));
      },
    });
  poolGauge("cadran_db_pool_used", "PostgreSQL connections in use", (p) => p.numUsed());
  poolGauge("cadran_db_pool_free", "PostgreSQL connections idle in the pool", (p) => p.numFree());
  poolGauge("cadran_db_pool_waiting", "Requests waiting for a PostgreSQL connection", (p) => p.numPendingAcquires());
  new client.Gauge({
    name: "cadran_argon2_in_flight",
    help: "Password hashes computed and waiting",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const load = argon2Load();
      this.set({ state: "running" }, load.running);
      this.set({ state: "waiting" }, load.waiting);
    },
  });
  new client.Gauge({
    name: "cadran_queue_jobs",
    help: "BullMQ jobs of the queue by state",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const queue = sources.queue?.();
      if (!queue) return;
      const counts = await withTimeout(queue.getJobCounts("waiting", "active", "delayed", "failed", "waiting-children", "prioritized"), 1000).catch(() => null);
      if (!counts) return;
      for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
    },
  });
  const outboxOpen = new client.Gauge({ name: "cadran_outbox_open_jobs", help: "Outbox rows whose job has not run yet", registers: [registry] });
  new client.Gauge({
    name: "cadran_outbox_oldest_seconds",
    help: "Age of the oldest outbox row whose job has not run yet (0: none)",
    registers: [registry],
    async collect() {
      const orm = sources.orm?.();
      if (!orm || !sources.outbox) return;
      const backlog = await withTimeout(outboxBacklog(orm.em), 1000).catch(() => null);
      if (!backlog) return;
      outboxOpen.set(backlog.open);
      this.set(backlog.oldestSeconds ?? 0);
    },
  });
  holder.__cadranMetrics = m;
  return m;
}

/** Where the scrape reads the pool, the queue and the outbox backlog (the web and the worker install theirs). */
export function setMetricsSources(sources: Metrics["sources"]) {
  Object.assign(metrics().sources, sources);
}

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function tarnPool(orm: MikroORM | undefined): TarnPool | undefined {
  try {
    const knex = orm?.em.getConnection().getKnex() as unknown as { client?: { pool?: TarnPool } } | undefined;
    return knex?.client?.pool;
  } catch {
    return undefined;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), ms);
    }),
  ]);
}

/**
 * Route labels come only from the route table (issue 42 §1, decision 0120), so the series stay bounded whatever paths
 * visitors send: a path is labelled by the route pattern it matches (`/api/leaves/12345` → `/api/leaves/:id`), every
 * built or public file by `assets` (hashed names change at each build), anything else — a path no route matches, or
 * only a catch-all (`/*`, `/api/*`) — by `unmatched`. The web installs its table at start (`setRouteTable`).
 */
export const UNMATCHED_ROUTE = "unmatched";
export const ASSETS_ROUTE = "assets";

/** One level of the route table: its static children, its one dynamic child, and the label of a path ending here. */
interface RouteNode {
  statics: Map<string, RouteNode>;
  param?: RouteNode;
  splat?: boolean;
  label?: string;
}

const node = (): RouteNode => ({ statics: new Map() });

/** Adds a pattern, each optional segment (`:lang?`, `edit?`) both present and absent. */
function addPattern(root: RouteNode, pattern: string) {
  const segments = pattern.split("/").filter(Boolean);
  const label = `/${segments.join("/")}`;
  const walk = (at: RouteNode, i: number) => {
    if (i === segments.length) {
      at.label ??= label;
      return;
    }
    const raw = segments[i]!;
    if (raw === "*") {
      at.splat = true; // a catch-all answers for what no route is: `unmatched`
      return;
    }
    const optional = raw.endsWith("?");
    const bare = optional ? raw.slice(0, -1) : raw;
    let next: RouteNode;
    if (bare.startsWith(":")) next = at.param ??= node();
    else {
      const key = bare.toLowerCase();
      next = at.statics.get(key) ?? node();
      at.statics.set(key, next);
    }
    walk(next, i + 1);
    if (optional) walk(at, i + 1);
  };
  walk(root, 0);
}

/** The label of the first match, static segments tried before dynamic ones (Remix's ranking), or undefined. */
function findLabel(at: RouteNode, parts: string[], i: number): string | undefined {
  if (i === parts.length) return at.label;
  const child = at.statics.get(parts[i]!.toLowerCase());
  const found = child ? findLabel(child, parts, i + 1) : undefined;
  return found ?? (at.param ? findLabel(at.param, parts, i + 1) : undefined);
}

/** The full path of every route of a Remix build (`parentId` chains joined), each once. */
export function routePatterns(routes: Record<string, { path?: string; parentId?: string } | undefined>): string[] {
  const full = (id: string | undefined, depth = 0): string => {
    const route = id ? routes[id] : undefined;
    if (!route || depth > 32) return "";
    const parent = full(route.parentId, depth + 1);
    return route.path ? (parent ? `${parent}/${route.path}` : route.path) : parent;
  };
  return [...new Set(Object.keys(routes).map((id) => `/${full(id)}`.replace(/\/+$/, "") || "/"))];
}

/** A labeller over a route table, the assets' path prefixes and the public files (`/favicon.svg`). Pure. */
export function routeLabeller(patterns: readonly string[], assets: { prefixes: readonly string[]; files: ReadonlySet<string> }) {
  const root = node();
  for (const pattern of patterns) addPattern(root, pattern);
  return (path: string): string => {
    const clean = path.split("?")[0]!.split("#")[0]!;
    if (assets.prefixes.some((p) => clean.startsWith(p)) || assets.files.has(clean)) return ASSETS_ROUTE;
    const parts = clean.split("/").filter(Boolean);
    if (parts.length > 16) return UNMATCHED_ROUTE;
    return findLabel(root, parts, 0) ?? UNMATCHED_ROUTE;
  };
}

const labels = globalThis as { __cadranRouteLabel?: (path: string) => string };

/** Installs the web's route table (scripts/lib/app.ts, from the Remix build and public/). */
export function setRouteTable(patterns: readonly string[], assets: { prefixes: readonly string[]; files: ReadonlySet<string> }) {
  labels.__cadranRouteLabel = routeLabeller(patterns, assets);
}

/** The route label of a request path (`unmatched` until a table is installed). */
export function routeLabel(path: string): string {
  return labels.__cadranRouteLabel?.(path) ?? UNMATCHED_ROUTE;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Times one HTTP request until its answer is sent. */
export function observeRequest(req: IncomingMessage, res: ServerResponse) {
  const start = process.hrtime.bigint();
  res.once("finish", () => {
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const method = METHODS.has(req.method ?? "") ? req.method! : "OTHER"; // a made-up method is no new series either
    metrics().httpDuration.observe({ method, route: routeLabel(req.url ?? "/"), status: String(res.statusCode) }, seconds);
  });
}

/** One job's outcome and duration (the worker). */
export function observeJob(name: string, result: "completed" | "failed", seconds: number) {
  const m = metrics();
  m.jobs.inc({ name, result });
  m.jobDuration.observe({ name }, seconds);
}

/** Only `Authorization: Bearer <token>` (issue 42 §1): the bare token, or another scheme, is refused. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const bearer = /^Bearer +(\S+)$/i.exec(header ?? "");
  if (!bearer) return false;
  const given = Buffer.from(bearer[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Answers GET /metrics when METRICS_TOKEN is set and the request carries it (`Authorization: Bearer <token>`):
 * 401 without it. Returns false when /metrics is off (no token configured), so the app answers its 404.
 */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  if (!tokenMatches(req.headers.authorization, token)) {
    res.writeHead(401, { "content-type": "text/plain; charset=utf-8", "www-authenticate": "Bearer", "cache-control": "no-store" });
    res.end("unauthorized\n");
    return true;
  }
  const { registry } = metrics();
  const text = await registry.metrics();
  res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" });
  res.end(text);
  return true;
}

/** The worker's own metrics port (it serves no other HTTP). */
export async function startMetricsServer(port: number, token: string | undefined): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === "GET" && (req.url ?? "").split("?")[0] === "/metrics") {
      serveMetrics(req, res, token)
        .then((served) => {
          if (!served) {
            res.writeHead(404);
            res.end();
          }
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return server;
}
