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
