import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { serve } from "../../scripts/serve";

/**
 * The web process as production starts it (scripts/serve.ts): an idle keep-alive connection is closed by its client
 * or proxy first, never by the server at the moment a client reuses it (Node's 5-s default made a browser journey's
 * request fail with ECONNRESET in CI).
 */
useTestDatabase();
let web: Awaited<ReturnType<typeof serve>>;
let base: string;

beforeAll(async () => {
  web = await serve({ port: 0 });
  base = `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await web.close();
});

function get(agent: http.Agent, path: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on("error", reject);
  });
}

describe("the web process's keep-alive", () => {
  it("keeps an idle connection past Node's 5-s default and past a proxy's usual 60 s", () => {
    expect(web.server.keepAliveTimeout).toBe(65_000);
    expect(web.server.headersTimeout).toBeGreaterThan(web.server.keepAliveTimeout);
  });

  it("answers a request on a connection left idle for 6 s", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, keepAliveMsecs: 60_000 });
    try {
      expect(await get(agent, "/login")).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await get(agent, "/login")).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
