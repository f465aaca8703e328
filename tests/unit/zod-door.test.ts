import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/decisions/0016: zod is only imported through app/forms/z.server.ts, which installs the French error map
 * and the shared text check. A schema importing "zod" directly would skip the text check and could be parsed
 * before the map is installed.
 */
const ROOT = path.resolve(__dirname, "../..");
const DIRS = ["app", "worker", "scripts", "db"];

function files(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(files(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

describe("the one door to zod", () => {
  it("no module but app/forms/z.server.ts imports zod itself", () => {
    const offenders = DIRS.flatMap((d) => files(path.join(ROOT, d)))
      .filter((f) => !f.endsWith(path.join("app", "forms", "z.server.ts")))
      .filter((f) => /from\s+["']zod(\/[^"']*)?["']/.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
