import { expect, test } from "vitest";

/**
 * Not part of the suite (its name is no *.test.ts): tests/integration/harness-exit-code.test.ts runs vitest on this
 * file alone and asserts that a failing test makes the run exit non-zero.
 */
test("a test that fails", () => {
  expect(1).toBe(2);
});
