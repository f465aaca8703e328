import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageScriptBytes } from "../../scripts/bench/bundle";

/**
 * DESIGN §6: with JavaScript on, the scripts a page loads stay under 150 KB gzip. Checked on the build `npm test`
 * makes first (`remix build`), for every page route: the entry, root, its layouts and the route, with their shared
 * chunks and the route manifest (docs/decisions/0059: luxon stays on the server).
 */
const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.join(root, "public/build");
const BUDGET = 150 * 1024;

function manifest(): { routes: Record<string, { id: string; parentId?: string }> } {
  const file = readdirSync(buildDir).find((f) => f.startsWith("manifest-"))!;
  return JSON.parse(readFileSync(path.join(buildDir, file), "utf8").replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
}

describe("page scripts (DESIGN §6: < 150 KB gzip)", () => {
  const routes = manifest().routes;
  // Pages only: a route module with a component (resource routes — /api, exports, feeds — load no script).
  const routesDir = path.join(root, "app/routes");
  const pages = readdirSync(routesDir)
    .filter((f) => f.endsWith(".tsx") && /^export default /m.test(readFileSync(path.join(routesDir, f), "utf8")))
    .map((f) => routes[`routes/${f.replace(/\.tsx$/, "")}`]!)
    .filter((r) => r && !/^routes\/_auth$|^routes\/_app$/.test(r.id));
  it("finds the page routes", () => {
    expect(pages.length).toBeGreaterThan(40);
  });
  it.each(pages.map((r) => [r.id, r] as const))("%s", (_id, route) => {
    const chain: string[] = [];
    for (let r: typeof route | undefined = route; r && r.id !== "root"; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r.id);
    const { bytes } = pageScriptBytes(chain);
    expect(bytes, `${route.id}: ${(bytes / 1024).toFixed(1)} KB gzip`).toBeLessThan(BUDGET);
  });
});
