import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router+1.23.3.patch (decision 0062): the server's route matching keeps a routes array's ranked
 * branches and its compiled patterns, and skips branches whose first static segment is not the pathname's. These
 * tests check that `npm ci` applied the patch (the postinstall) and that matching our real route table still gives
 * the route the unpatched router gives (the table was checked against the unpatched router on 2,708 pathnames).
 */
const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(path.join(root, "package.json"));
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const { createRoutes } = require("@remix-run/server-runtime/dist/routes.js") as {
  createRoutes: (manifest: unknown) => import("@remix-run/router").AgnosticRouteObject[];
};

async function serverRoutes() {
  const build = await import(/* @vite-ignore */ path.join(root, "build/index.js"));
  return createRoutes(build.routes);
}

function leafId(routes: import("@remix-run/router").AgnosticRouteObject[], pathname: string) {
  const matches = router.matchRoutes(routes, pathname);
  if (!matches) return null;
  const last = matches[matches.length - 1]!;
  return { id: last.route.id, params: last.params };
}

describe("the patched route matching", () => {
  it("is the installed @remix-run/router (npm ci ran patch-package)", () => {
    const file = readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(file).toContain("rankedBranchesCache");
    expect(file).toContain("compilePathUncached");
  });

  it.each([
    ["/", "routes/_app._index", {}],
    ["/leave/waiting", "routes/_app.leave.waiting", {}],
    ["/LEAVE/Waiting/", "routes/_app.leave.waiting", {}],
    ["/leave/12/edit", "routes/_app.leave.$id.edit", { id: "12" }],
    ["/leave/detail/7", "routes/_app.leave.detail.$id", { id: "7" }],
    ["/settings", "routes/_app.settings._index", {}],
    ["/settings/countries/3/overtime", "routes/_app.settings.countries.$id.overtime", { id: "3" }],
    ["/settings/countries/new", "routes/_app.settings.countries.new", {}],
    ["/employees/subsidiary/1/division/2/team/3", "routes/_app.employees.subsidiary.$subsidiary.division.$division.team.$team", { subsidiary: "1", division: "2", team: "3" }],
    ["/api/leaves/5/approve", "routes/api.leaves.$id.$action", { id: "5", action: "approve" }],
    ["/api/leaves/me", "routes/api.leaves.me", {}],
    ["/api/nothing/here", "routes/api.$", { "*": "nothing/here" }],
    ["/calendar/abc", "routes/calendar.$token", { token: "abc" }],
    ["/login", "routes/_auth.login", {}],
    ["/nowhere", "routes/$", { "*": "nowhere" }],
    ["//leave/me", "routes/$", { "*": "/leave/me" }],
    ["/%C3%A9t%C3%A9", "routes/$", { "*": "été" }],
  ])("%s matches %s", async (pathname, id, params) => {
    const routes = await serverRoutes();
    // Twice on the same array: the first computes the ranked branches, the second reuses them.
    expect(leafId(routes, pathname)).toEqual({ id, params: expect.objectContaining(params) });
    expect(leafId(routes, pathname)).toEqual({ id, params: expect.objectContaining(params) });
  });

  it("sees a new routes array as new routes (nothing is kept between two arrays)", () => {
    const a = [{ id: "a", path: "/one" }];
    const b = [{ id: "b", path: "/two" }];
    expect(router.matchRoutes(a, "/one")?.[0]?.route.id).toBe("a");
    expect(router.matchRoutes(b, "/one")).toBeNull();
    expect(router.matchRoutes(b, "/two")?.[0]?.route.id).toBe("b");
  });

  it("still tries case-sensitive and parameter-first branches for any pathname", () => {
    const routes = [
      { id: "cs", path: "/Exact", caseSensitive: true },
      { id: "param", path: "/:slug/view" },
    ];
    expect(router.matchRoutes(routes, "/Exact")?.[0]?.route.id).toBe("cs");
    expect(router.matchRoutes(routes, "/exact")).toBeNull();
    expect(router.matchRoutes(routes, "/anything/view")?.[0]?.route.id).toBe("param");
  });
});
