import "~/forms/z.server"; // the French error map, as every entry point has it (docs/decisions/0016)
import { afterEach, inject, vi } from "vitest";
import { useJobRunner } from "~/server/operations/job-runner.server";

// The tests call the services without the web process: they hand the job registry to the queue themselves (issue 45),
// lazily, so a pure test never loads it.
useJobRunner(() => import("~/jobs/registry.server"));

// The environment a test reads comes from the run, never from the developer's shell (issue 37 item 2): on the
// README's embedded default there is no DATABASE_URL, and env() refuses to start without one. The server the global
// setup found stands in until a file installs its own database (tests/support/db.ts).
process.env.DATABASE_URL ||= inject("adminDatabaseUrl");

// A console.error during a test is a bug we did not look at: fail the test.
const original = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
  }
});
export { vi };
