import "../lib/job-runner"; // hands the job registry to the queue (issue 45)
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CLOCK_ACTIONS, type ClockAction } from "~/domain/time-clock/clock-state";
import { getEm } from "~/server/shared/orm.server";
import { currentUserForApiToken } from "~/services/identity/auth.server";
import { AppError } from "~/services/shared/errors";
import { clockAction, resetDay } from "~/services/time-clock/time-clock.server";
import { clockToApi } from "~/services/time-clock/views.server";

/**
 * DESIGN §6: "the bench also runs a bare node:http + pg handler doing the same SQL and prints the ratio". This server
 * answers POST /api/timeclock/{start|pause|lunch|end|reset} with the SAME service calls (so the same SQL) as the
 * real route, but without Express, helmet and Remix: the ratio of the two runs is what the web stack costs.
 */
export async function startBareClockServer(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
        res.end(JSON.stringify(body));
      };
      try {
        const m = /^\/api\/timeclock\/(\w+)$/.exec(req.url ?? "");
        if (req.method !== "POST" || !m) return send(404, { message: "not found" });
        req.resume();
        const em = await getEm();
        const user = await currentUserForApiToken(em, String(req.headers["x-auth-token"] ?? ""));
        if (!user) return send(401, { message: "unauthenticated" });
        const name = m[1]!;
        if (name === "reset") return send(200, clockToApi(await resetDay(em, user, new Date())));
        if (!(CLOCK_ACTIONS as readonly string[]).includes(name)) return send(404, { message: "not found" });
        return send(200, clockToApi(await clockAction(em, user, name as ClockAction, new Date())));
      } catch (error) {
        if (error instanceof AppError) return send(error.status, { message: error.message });
        send(500, { message: String(error) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
