import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Every journey runs twice: with JavaScript (project "js") and without ("nojs"), in Debian's Chromium
 * (never a downloaded browser). One worker: the journeys share one seeded database and run in order.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: ".ci-out/playwright.json" }]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: BASE_URL,
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
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "nojs", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "tsx tests/e2e/server.ts",
    url: `${BASE_URL}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT) },
  },
});
