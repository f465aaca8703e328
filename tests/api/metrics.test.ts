import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/server/env.server";
import { routeLabel } from "~/server/metrics.server";
import { closeQueue, enqueue } from "~/server/queue.server";
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
    ["an export job id in the path", "/report/0b5a0c8e-1f2d-4c3b-9a8e-7d6c5b4a3f21", "/report/:uuid"],
    ["a reset token", "/password/change/abcdefghijklmnopqrstuvwxyz0123456789", "/password/change/:token"],
    ["a date", "/planning/2026-03", "/planning/:date"],
    ["a built asset", "/build/_assets/root-ABC.css", "/build/*"],
  ])("folds %s in the route label", (_name, path, label) => {
    expect(routeLabel(path)).toBe(label);
  });
});
