import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { gracefulClose } from "../../scripts/lib/http-close";

/**
 * Issue 42 §8: a stop ends when the last request in flight is answered, however long the clients would keep their
 * connections alive (serve.ts keeps them 65 s). A real server and a real keep-alive client; durations on the
 * monotonic clock (performance.now), never the wall clock.
 */
describe("gracefulClose", () => {
  it("answers the request in flight, then stops at once although its client keeps the connection alive", async () => {
    const server = http.createServer((_req, res) => setTimeout(() => res.end("ok"), 300));
    server.keepAliveTimeout = 65_000;
    const close = gracefulClose(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true });
    const get = () =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, agent }, (res) => {
            let body = "";
            res.on("data", (c) => (body += c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on("error", reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, body: "ok" }); // one idle kept-alive connection
      const inFlight = get();
      await new Promise((r) => setTimeout(r, 100));
      const t0 = performance.now();
      const closed = close();
      expect(await inFlight).toEqual({ status: 200, body: "ok" }); // not cut
      await closed;
      // The in-flight request's remaining ~200 ms, not the keep-alive's 65 s nor a 10-s cap.
      expect(performance.now() - t0).toBeLessThan(2000);
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  }, 15_000);
});
