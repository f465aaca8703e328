import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The import graph of the project's own files (issue 45 item 2): every `import … from`, `export … from`,
 * `import("…")` and `import type`, resolved through the tsconfig aliases (`~/`, `~db/`, `~worker/`, `~tests/`) and
 * relative paths. A type-only import counts too: a circle of types is a circle of the design, even when the
 * bundler erases it.
 */
export const root = path.resolve(import.meta.dirname, "../..");

const ALIASES: [string, string][] = [
  ["~/", "app/"],
  ["~db/", "db/"],
  ["~worker/", "worker/"],
  ["~tests/", "tests/"],
];
const EXTENSIONS = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx"];
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) ? [rel] : [];
  });
}

/** The project file a specifier of `from` names, or null for a package (or a file that does not exist). */
export function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string | null = null;
  for (const [alias, dir] of ALIASES) if (specifier.startsWith(alias)) base = dir + specifier.slice(alias.length);
  if (base === null && specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  if (base === null) return null;
  for (const ext of EXTENSIONS) {
    const candidate = path.normalize(base + ext);
    if (existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return null;
}

/** Comments are dropped first, so an example in a doc comment is not an import. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

export function importGraph(dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap(sourceFiles)) {
    const targets = new Set<string>();
    for (const match of code(readFileSync(path.join(root, file), "utf8")).matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, match[1]!);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The strongly connected components of more than one file, or of one file importing itself (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}
