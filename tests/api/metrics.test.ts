import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { routeLabel } from "~/server/operations/metrics.server";
import { closeQueue, enqueue } from "~/server/operations/queue.server";
import { useTestDatabase } from "~tests/support/db";
import { useTestServer } from "~tests/support/http";
import { spareRedisPort } from "~tests/support/redis-server";
import { startWorker } from "~worker/index";

/**
 * Issue 31 item 8 (decision 0093): /metrics in Prometheus's text format behind a bearer token; the worker's on its
 * own port. Request durations by route and status, queue depths, job outcomes per name, the outbox backlog, the
 * pool, the event loop's lag.
 */
const TOKEN = "metrics-token-for-the-tests-0123";
process.env.METRICS_TOKEN = TOKEN;
// A queue of this file only: a worker of another test file (same run, another database) must not take its jobs.
process.env.QUEUE_PREFIX = `cadran-metrics-${process.pid}-${Date.now()}`;
delete process.env.INLINE_JOBS;
const db = useTestDatabase();
const server = useTestServer();

beforeAll(() => {
  process.env.METRICS_TOKEN = TOKEN;
  delete process.env.INLINE_JOBS;
  resetEnvCache();
});
afterAll(async () => {
  await closeQueue();
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
});

const scrape = (base: string, token?: string) => fetch(`${base}/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe("GET /metrics", () => {
  it("refuses a scrape without the token, and serves the text format with it", async () => {
    expect((await scrape(server.baseUrl)).status).toBe(401);
    expect((await scrape(server.baseUrl, "wrong-token-of-the-same-size-xx")).status).toBe(401);
    await fetch(`${server.baseUrl}/healthz?part=web`);
    await fetch(`${server.baseUrl}/api/leaves/12345`, { headers: { Accept: "application/json" } });
    const res = await scrape(server.baseUrl, TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    // The route is labelled whatever /healthz answered (a 503 when a loaded machine makes a check late).
    expect(text).toMatch(/cadran_http_request_duration_seconds_bucket\{[^}]*route="\/healthz"[^}]*status="\d{3}"/);
    // Ids are folded: one series per route, not per leave.
    expect(text).toMatch(/cadran_http_request_duration_seconds_count\{method="GET",route="\/api\/leaves\/:id",status="401"\} 1/);
    expect(text).toMatch(/^cadran_db_pool_used \d+/m);
    expect(text).toMatch(/^cadran_db_pool_waiting \d+/m);
    expect(text).toMatch(/^cadran_outbox_open_jobs \d+/m);
    expect(text).toMatch(/^cadran_outbox_oldest_seconds \d+/m);
    expect(text).toMatch(/^cadran_queue_jobs\{state="waiting"\} \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).not.toMatch(/@|postgres:\/\//);
  });

  it("the worker serves its job outcomes per name on its own port", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const port = await spareRedisPort();
    const worker = await startWorker(process.env.REDIS_URL!, { concurrency: 1, schedules: false, metricsPort: port });
    try {
      await enqueue("maintenance.cleanup", {});
      const base = `http://127.0.0.1:${port}`;
      expect((await scrape(base)).status).toBe(401);
      let text = "";
      for (let i = 0; i < 250 && !/cadran_jobs_total\{name="maintenance.cleanup",result="completed"\} 1/.test(text); i++) {
        await new Promise((r) => setTimeout(r, 100));
        text = await (await scrape(base, TOKEN)).text();
      }
      expect(text).toMatch(/cadran_jobs_total\{name="maintenance.cleanup",result="completed"\} 1/);
      expect(text).toMatch(/cadran_job_duration_seconds_count\{name="maintenance.cleanup"\} 1/);
    } finally {
      await worker.close();
      vi.restoreAllMocks();
    }
  }, 45_000);

  it.each([
    ["a numeric id", "/api/employees/42", "/api/employees/:id"],
    ["the query string", "/export/recup?job=x", "/export/recup"],
    ["a reset token", "/password/change/abcdefghijklmnopqrstuvwxyz0123456789", "/password/change/:token"],
    ["nested ids", "/api/subsidiaries/1/divisions/2/teams", "/api/subsidiaries/:id/divisions/:divisionId/teams"],
    ["a static segment before a dynamic one", "/leave/me", "/leave/me"],
    ["a built asset (its hashed name changes at each build)", "/build/_assets/tailwind-HEJF5WEP.css", "assets"],
    ["another build's asset", "/build/_assets/tailwind-Q7ZP2XKD.css", "assets"],
    ["a public file", "/favicon.svg", "assets"],
    ["a path no route has", "/wp-login.php", "unmatched"],
    ["an unknown /api path (only the catch-all matches)", "/api/does-not-exist/42", "unmatched"],
    ["a page under a known prefix that no route has", "/employees/3/zzz/yyy", "unmatched"],
  ])("labels %s from the route table (issue 42 §1)", (_name, path, label) => {
    expect(routeLabel(path)).toBe(label);
  });

  it("accepts only `Authorization: Bearer <token>`: the bare token or another scheme is refused", async () => {
    const with_ = (authorization: string) => fetch(`${server.baseUrl}/metrics`, { headers: { Authorization: authorization } });
    expect((await with_(TOKEN)).status).toBe(401);
    expect((await with_(`Basic ${TOKEN}`)).status).toBe(401);
    expect((await with_(`Bearer`)).status).toBe(401);
    expect((await with_(`Bearer ${TOKEN} extra`)).status).toBe(401);
    expect((await with_(`Bearer ${TOKEN}`)).status).toBe(200);
  });

  it("1,000 random paths from a signed-out visitor add a bounded number of series, none naming a path sent", async () => {
    const series = async () => {
      const text = await (await scrape(server.baseUrl, TOKEN)).text();
      // One line per series: its labels, without the value.
      return text.split("\n").filter((l) => l.startsWith("cadran_http_request_duration_seconds_count{")).map((l) => l.replace(/\} .*$/, "}"));
    };
    const before = await series();
    const random = (i: number) => `r${i}x${Math.random().toString(36).slice(2, 10)}`;
    const shapes = [
      (i: number) => `/${random(i)}`,
      (i: number) => `/api/${random(i)}`,
      (i: number) => `/api/leaves/${random(i)}/x/${random(i)}`,
      (i: number) => `/build/_assets/tailwind-${random(i).toUpperCase()}.css`,
      (i: number) => `/employees/${random(i)}/${random(i)}`,
      (i: number) => `/${random(i)}.php?${random(i)}=1`,
    ];
    const paths = Array.from({ length: 1000 }, (_, i) => shapes[i % shapes.length]!(i));
    for (let i = 0; i < paths.length; i += 25) {
      await Promise.all(paths.slice(i, i + 25).map((p) => fetch(`${server.baseUrl}${p}`, { redirect: "manual" }).then((r) => r.arrayBuffer())));
    }
    const after = await series();
    const added = after.filter((l) => !before.includes(l));
    // One series per (route label, status): unmatched and assets, with the few statuses they answer.
    expect(added.length).toBeLessThanOrEqual(8);
    expect(after.join("\n")).not.toMatch(/route="[^"]*r\d+x/);
    const routes = new Set(after.map((l) => /route="([^"]*)"/.exec(l)![1]));
    expect(routes).toContain("unmatched");
    expect(routes).toContain("assets");
  }, 120_000);
});
