import "~/forms/z.server"; // the French error map, as every entry point has it (docs/decisions/0016)
import { afterEach, vi } from "vitest";

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
