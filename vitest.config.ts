import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: {
    alias: [
      { find: /^~db\/(.*)$/, replacement: path.join(root, "db/$1") },
      { find: /^~worker\/(.*)$/, replacement: path.join(root, "worker/$1") },
      { find: /^~tests\/(.*)$/, replacement: path.join(root, "tests/$1") },
      { find: /^~\/(.*)$/, replacement: path.join(root, "app/$1") },
    ],
  },
  test: {
    include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/api/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    // In CI a JSON report feeds the one closing line of .ci/run.
    reporters: process.env.CI ? ["default", ["json", { outputFile: ".ci-out/vitest.json" }]] : ["default"],
  },
});
