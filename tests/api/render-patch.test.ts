import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createLeaveCast } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * patches/@remix-run+server-runtime, @remix-run+react and react-router-dom (decision 0063): a document's render reuses
 * the route modules, server routes and data routes made for the build instead of making them again per request.
 * What could go wrong is one request's matches or data leaking into the next one: pages taken in turn, each answer
 * is its own page (title, its route's data and none of the other's), the same as when it is asked first.
 */
const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(path.join(root, "package.json"));
const db = useTestDatabase();
const server = useTestServer();
let cast: Awaited<ReturnType<typeof createLeaveCast>>;

beforeAll(async () => {
  cast = await createLeaveCast(db.em(), " Render");
});

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** The route ids whose loader data the document carries: the matched routes of this request only. */
const dataRoutes = (html: string) => [...html.matchAll(/"(routes\/[^"]+)"/g)].map((m) => m[1]).filter((id, i, all) => all.indexOf(id) === i);

describe("the render path's patches", () => {
  it("are installed (npm ci ran patch-package)", () => {
    expect(readFileSync(require.resolve("@remix-run/server-runtime/dist/entry.js"), "utf8")).toContain("entryRouteModulesCache");
    expect(readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("serverRoutesCache");
    expect(readFileSync(require.resolve("react-router-dom/server.js"), "utf8")).toContain("dataRoutesCache");
  });

  it("keeps each document to its own route when pages are asked in turn", async () => {
    const browser = htmlClient(() => server.baseUrl);
    await browser.login(cast.employee.email);
    const paths = ["/leave/me", "/leave/ask", "/profile", "/leave/me?tab=accepted", "/nowhere/at/all", "/leave/ask"];
    const first = new Map<string, { status: number; title?: string; routes: string[] }>();
    for (const round of [1, 2, 3]) {
      for (const p of paths) {
        const page = await browser.get(p);
        const seen = { status: page.status, title: title(page.text), routes: dataRoutes(page.text) };
        if (round === 1 && !first.has(p)) first.set(p, seen);
        else expect(seen, `${p}, round ${round}`).toEqual(first.get(p));
      }
    }
    expect(first.get("/leave/me")!.routes).toContain("routes/_app.leave.me");
    expect(first.get("/leave/me")!.routes).not.toContain("routes/_app.leave.ask");
    expect(first.get("/leave/ask")!.routes).toContain("routes/_app.leave.ask");
    expect(first.get("/leave/ask")!.routes).not.toContain("routes/_app.leave.me");
    expect(first.get("/profile")!.routes).toContain("routes/_app.profile");
    expect(first.get("/nowhere/at/all")!.status).toBe(404);
    expect(new Set(paths.map((p) => first.get(p)!.title)).size).toBeGreaterThanOrEqual(4);
  });
});
