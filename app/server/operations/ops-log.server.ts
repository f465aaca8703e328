/**
 * One JSON line per state change (issue 31 item 8, decision 0093): a part that goes down logs once, and once more
 * when it is back, instead of a stack trace per retry. `part` names what changed (redis, database, outbox relay...),
 * `state` is a short word (up, down, ...); the detail is a short reason, never personal data.
 */
type Holder = { states: Map<string, string> };
const holder: Holder = ((globalThis as { __cadranOpsLog?: Holder }).__cadranOpsLog ??= { states: new Map() });

export function logStateChange(part: string, state: string, detail?: string): boolean {
  if (holder.states.get(part) === state) return false;
  const before = holder.states.get(part);
  holder.states.set(part, state);
  const line = { at: new Date().toISOString(), level: state === "up" || state === "ok" ? "info" : "warn", msg: "state", part, state, before: before ?? null, pid: process.pid, ...(detail ? { detail: detail.slice(0, 200) } : {}) };
  (line.level === "info" ? console.info : console.warn)(JSON.stringify(line));
  return true;
}

/** The last state logged for a part (tests, /healthz). */
export function lastState(part: string): string | undefined {
  return holder.states.get(part);
}

/** Errors that say the connection to Redis itself failed (refused, cut, timed out, closed), not a command refused. */
const CONNECTION_ERROR = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|connection is closed|connect timeout|socket closed/i;

/**
 * An error event of a BullMQ worker or queue (issue 42 §9). Redis is logged "down" only when the connection is not
 * ready or the error is the connection's own; anything else (a job that finished after Redis came back and found its
 * lock gone: "Missing lock for job …") is one `redis command failed` warning, and Redis stays "up".
 */
export function logRedisError(part: string, connection: { status: string; ping?: () => Promise<unknown> }, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const warn = () =>
    console.warn(JSON.stringify({ at: new Date().toISOString(), level: "warn", msg: "redis command failed", part, pid: process.pid, detail: message.slice(0, 200) }));
  if (connection.status !== "ready") {
    logStateChange(part, "down", message);
    return;
  }
  if (CONNECTION_ERROR.test(message) || (typeof code === "string" && CONNECTION_ERROR.test(code))) {
    // A connection error while the main connection is ready can be a duplicate's (BullMQ's blocking client), arriving
    // late, after the main connection came back and logged "up": logged "down", it stayed the last state while Redis
    // answered (one candidate cause of CI failures of worker-redis-log.test.ts, not confirmed). Redis is asked: it
    // answers, the error is a failed command; it does not, Redis is down (the main connection logs it too).
    if (!connection.ping) {
      logStateChange(part, "down", message);
      return;
    }
    connection.ping().then(warn, () => logStateChange(part, "down", message));
    return;
  }
  warn();
}
