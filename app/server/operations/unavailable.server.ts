import { t } from "~/i18n/fr";
import { lastState, logStateChange } from "./ops-log.server";

/**
 * Is this error the database being away or too slow for this request (decision 0094), rather than a bug? Then the
 * answer is a French 503 "Service momentanément indisponible, réessayez dans un instant", never "Une erreur grave":
 * - PostgreSQL: 57014 statement_timeout (query_canceled), 55P03 lock_timeout, 25P03 idle_in_transaction timeout,
 *   57P01–57P03 shutdown / cannot connect now, 53300 too many connections, class 08 connection exceptions but 08P01
 *   (protocol violation: what a NUL byte in a parameter gives, "invalid message format" — bad input reaching the
 *   driver, not the database away; issue 42 §3);
 * - the pool: knex's "Timeout acquiring a connection" (KnexTimeoutError);
 * - the network: ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE, ENOTFOUND, EAI_AGAIN, "Connection terminated";
 * - too many password checks waiting (CADRAN_BUSY, app/server/identity/password.server.ts).
 */
const SQL_STATES = new Set(["57014", "55P03", "25P03", "57P01", "57P02", "57P03", "53300"]);
const NET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "CADRAN_BUSY"]);

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const e = error as { code?: unknown; sqlState?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  for (const code of [e.code, e.sqlState]) {
    if (typeof code !== "string") continue;
    if (code === "08P01") return false;
    if (SQL_STATES.has(code) || NET_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (e.name === "KnexTimeoutError") return true;
  if (typeof e.message === "string" && /Timeout acquiring a connection|Connection terminated|connect ECONNREFUSED/.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * A request reached the database and got its answer: after an "unavailable" line, the process logs "up" once (issue 42
 * §9), so the next outage logs "unavailable" again instead of nothing. A Map read per request otherwise.
 */
export function markDatabaseAnswered(): void {
  if (lastState("database") === "unavailable") logStateChange("database", "up");
}

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** Logs the state once (one JSON line per change) and returns the French 503 for a page (HTML) or /api (JSON). */
export function unavailableResponse(kind: "page" | "api", error?: unknown): Response {
  logStateChange("database", "unavailable", error instanceof Error ? error.message : undefined);
  const message = t("error.unavailable");
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (kind === "api") {
    return new Response(JSON.stringify({ message }), { status: 503, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  }
  return new Response(message, { status: 503, statusText: "Service Unavailable", headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}
