import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { circles, importGraph, root, sourceFiles } from "~tests/support/import-graph";

/**
 * The house (issue 45, docs/architecture.md): a folder per domain on every layer, dependencies one way, no import
 * circle, no corridor of a file. The graph is read from the sources, so a new file is held to it the day it lands.
 */
const graph = importGraph(["app", "worker"]);
const LAYERS = ["domain", "services", "server", "ui"] as const;
/** The domains, the same names on every layer; `api` (the /api glue) lives on the server layer only. */
const DOMAINS = [
  "employees", "history", "home", "identity", "law", "leave", "operations", "organisation", "overtime", "payroll", "planning",
  "reports", "shared", "shell", "time-clock",
];
const SERVER_ONLY = ["api"];
const MAX_LINES = 420; // "about 400"; a test file may be longer (its table is its length)

const layerOf = (file: string) => /^app\/([^/]+)\//.exec(file)?.[1];

describe("the house", () => {
  it("has no import circle under app/ and worker/ (type-only and dynamic imports included)", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("finds the circles it is there for (a test of the test: a circle of three and a file importing itself)", () => {
    const found = circles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["d"]], ["e", ["a"]]]));
    expect(found).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("never imports the jobs from app/server/ or app/services/: the process that starts the queue hands it the registry", () => {
    const offenders = [...graph].flatMap(([file, targets]) =>
      ["server", "services"].includes(layerOf(file) ?? "") ? targets.filter((t) => t.startsWith("app/jobs/")).map((t) => `${file} -> ${t}`) : [],
    );
    expect(offenders).toEqual([]);
  });

  it("keeps the layers pointing down: the domain imports only the domain and the catalogue, the services no HTTP glue nor screen", () => {
    const allowed: Record<string, RegExp> = {
      domain: /^app\/(domain|i18n)\//,
      services: /^(app\/(domain|services|i18n|forms)\/|app\/server\/(shared|operations|identity|reports)\/|db\/)/,
    };
    const offenders = [...graph].flatMap(([file, targets]) => {
      const rule = allowed[layerOf(file) ?? ""];
      if (!rule || /\.test\.tsx?$/.test(file)) return [];
      return targets.filter((t) => !rule.test(t)).map((t) => `${file} -> ${t}`);
    });
    expect(offenders).toEqual([]);
  });

  it("keeps every file of a layer in a domain folder, with the same domain names on every layer", () => {
    const misplaced = LAYERS.flatMap((layer) =>
      sourceFiles(`app/${layer}`).filter((file) => {
        const parts = file.split("/");
        const domain = parts[2]!;
        return parts.length !== 4 || !(DOMAINS.includes(domain) || (layer === "server" && SERVER_ONLY.includes(domain)));
      }),
    );
    expect(misplaced).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = ["app", "worker"]
      .flatMap(sourceFiles)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .map((file) => ({ file, lines: readFileSync(path.join(root, file), "utf8").split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
