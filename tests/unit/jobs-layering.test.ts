import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JOBS } from "~/server/operations/jobs.server";
import { processors } from "~/jobs/registry.server";

/**
 * The house rule of STYLE.md (issue 31 item 10): the app never imports the worker; each job's function lives on the
 * app side (app/jobs/), and worker/ only constructs BullMQ Workers and schedules.
 */
const root = path.resolve(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("jobs layering", () => {
  it("no file under app/ imports the worker", () => {
    const offenders = files(path.join(root, "app"))
      .filter((f) => /(from\s+|import\(\s*)["'](~worker\/|#worker\/|(\.\.\/)+worker\/)/.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });

  it("worker/ holds no job function: only its entry and the flow fan-out", () => {
    expect(files(path.join(root, "worker")).map((f) => path.relative(root, f)).sort()).toEqual(["worker/fanout.ts", "worker/index.ts"]);
  });

  it("every job name of the registry has its function on the app side", () => {
    expect(Object.keys(processors).sort()).toEqual(Object.keys(JOBS).sort());
  });
});
