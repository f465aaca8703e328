import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Each project has its own server, database and mail folder (tests/e2e/server.ts): "js" on PORT, "nojs" on PORT + 1. */
const PORTS = { js: PORT, nojs: PORT + 1 };
const url = (port: number) => `http://127.0.0.1:${port}`;

/**
 * Every journey runs twice: with JavaScript (project "js") and without ("nojs"), in Debian's Chromium
 * (never a downloaded browser). The two projects run side by side, each on its own server and seeded database
 * (docs/decisions/0109); inside a project one worker runs the journeys in order, as they share its database.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: ".ci-out/playwright.json" }]] : [["list"]],
  outputDir: "test-results",
  use: {
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    // A trace costs 15–20 % of the suite's time (docs/decisions/0025): off unless E2E_TRACE=1; a failure still
    // leaves its screenshot and the page's HTML (tests/e2e/support.ts).
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", workers: 1, use: { javaScriptEnabled: true, baseURL: url(PORTS.js) } },
    { name: "nojs", workers: 1, use: { javaScriptEnabled: false, baseURL: url(PORTS.nojs) } },
  ],
  webServer: Object.values(PORTS).map((port) => ({
    command: "tsx tests/e2e/server.ts",
    url: `${url(port)}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: { E2E_PORT: String(port) },
  })),
});
