import { afterEach, describe, expect, it, vi } from "vitest";
import { lastState, logRedisError, logStateChange } from "~/server/operations/ops-log.server";

/**
 * A BullMQ error event and the Redis state it logs (issue 42 §9). A connection error that arrives while the main
 * connection is ready (a duplicate's error, late) asks Redis before saying "down" (CI run of stop 52: the last state
 * stayed "down" after "up" while Redis answered).
 */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const push = (v: unknown) => lines.push(JSON.parse(String(v)));
  vi.spyOn(console, "info").mockImplementation(push);
  vi.spyOn(console, "warn").mockImplementation(push);
  return lines;
}
const flush = () => new Promise((r) => setTimeout(r, 0));
afterEach(() => vi.restoreAllMocks());

describe("logRedisError", () => {
  const cases: { name: string; status: string; message: string; ping?: "answers" | "fails"; expected: "down" | "warn" }[] = [
    { name: "connection not ready", status: "reconnecting", message: "Missing lock for job 1", expected: "down" },
    { name: "a command refused while ready", status: "ready", message: "Missing lock for job 1", expected: "warn" },
    { name: "a late connection error while ready, Redis answers", status: "ready", message: "Connection is closed.", ping: "answers", expected: "warn" },
    { name: "a connection error while ready, Redis does not answer", status: "ready", message: "connect ECONNREFUSED 127.0.0.1:1", ping: "fails", expected: "down" },
    { name: "a connection error, no way to ask", status: "ready", message: "read ECONNRESET", expected: "down" },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const part = `test-redis-${Math.random().toString(36).slice(2)}`;
      const lines = capture();
      logStateChange(part, "up");
      lines.length = 0;
      const ping = c.ping === "answers" ? () => Promise.resolve("PONG") : c.ping === "fails" ? () => Promise.reject(new Error("down")) : undefined;
      logRedisError(part, { status: c.status, ping }, new Error(c.message));
      await flush();
      if (c.expected === "down") {
        expect(lastState(part)).toBe("down");
        expect(lines).toMatchObject([{ msg: "state", part, state: "down", level: "warn" }]);
      } else {
        expect(lastState(part)).toBe("up");
        expect(lines).toMatchObject([{ msg: "redis command failed", part, level: "warn" }]);
      }
    });
  }
});
