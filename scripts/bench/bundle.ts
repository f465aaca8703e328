import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * DESIGN §6: with JavaScript, the entry script stays under 150 KB gzip. Sums the gzip size of the JavaScript a page
 * loads (entry, root, the layout and the page, with their shared chunks) from the built Remix manifest.
 */
export function pageScriptBytes(routeIds: string[]): { bytes: number; files: number } {
  const dir = path.join(root, "public/build");
  const file = readdirSync(dir).find((f) => f.startsWith("manifest-"));
  if (!file) throw new Error("no build: run `npm run build` first");
  const manifest = JSON.parse(readFileSync(path.join(dir, file), "utf8").replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
  // The manifest file itself too: without lazy route discovery (docs/decisions/0032) every page loads it.
  const urls = new Set<string>([`/build/${file}`, manifest.entry.module, ...manifest.entry.imports]);
  for (const id of ["root", ...routeIds]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`unknown route ${id}`);
    urls.add(route.module);
    for (const u of route.imports ?? []) urls.add(u);
  }
  let bytes = 0;
  for (const u of urls) bytes += gzipSync(readFileSync(path.join(root, "public", u))).length;
  return { bytes, files: urls.size };
}

export function printBundle() {
  for (const [name, routes] of [
    ["home", ["routes/_app", "routes/_app._index"]],
    ["my badging", ["routes/_app", "routes/_app.time-clock.badging"]],
    ["employee sheet", ["routes/_app", "routes/_app.employees.$id.edit"]],
  ] as const) {
    const { bytes, files } = pageScriptBytes([...routes]);
    const kb = (bytes / 1024).toFixed(1);
    console.info(`${`JS of ${name}`.padEnd(28)} ${kb} KB gzip in ${files} files (budget < 150 KB: ${bytes < 150 * 1024 ? "ok" : "OVER"})`);
  }
}
