import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/server/shared/env.server";
import { inlineJobs } from "~/server/operations/queue.server";
import { checkHealth } from "~/services/operations/health.server";

/**
 * GET /healthz: no authentication, no personal data (DESIGN §11, decision 0050). 200 with `{"status":"ok"}` and each
 * check when the database is reachable, every migration applied, Redis reachable and the worker's heartbeat fresh;
 * 503 with `failing` naming the parts otherwise. `?part=web` leaves the worker out (for load balancers).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const part = new URL(request.url).searchParams.get("part") === "web" ? "web" : "all";
  let report;
  try {
    // Its own PostgreSQL connection, not the app's pool (a pool full of stuck requests is not a database down).
    report = await checkHealth(undefined, { redisUrl: env().REDIS_URL, inline: inlineJobs(), part });
  } catch {
    // The ORM itself could not start (e.g. the database refused the first connection).
    report = { status: "fail", failing: ["database"], checks: { database: { ok: false, error: "unreachable" } } };
  }
  return new Response(JSON.stringify(report), {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}
