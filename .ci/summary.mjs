// Prints one plain closing line for the whole suite ("N passed, N failed"), from the JSON reports of vitest and
// Playwright written under .ci-out/ when CI=true.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(".ci-out/vitest.json")) {
  const v = JSON.parse(readFileSync(".ci-out/vitest.json", "utf8"));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} else {
  failed += 1;
  console.log("vitest wrote no report");
}
if (existsSync(".ci-out/playwright.json")) {
  const p = JSON.parse(readFileSync(".ci-out/playwright.json", "utf8"));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  skipped += p.stats?.skipped ?? 0;
} else {
  failed += 1;
  console.log("playwright wrote no report");
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
