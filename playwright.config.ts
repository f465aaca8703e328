import { defineConfig } from "@playwright/test";
import { spawnSync } from "node:child_process";

/**
 * The two journey servers listen on E2E_PORT and E2E_PORT + 1. Unset, the first free pair from 3100 is taken and
 * written back to the environment (the test workers Playwright forks inherit it and agree on the URLs); set, a
 * taken port fails the run at once with a plain message instead of Playwright's "already used" after its timeout.
 */
function e2ePort(): number {
  const probe = (from: number, to: number) => {
    // Synchronous, since the config is: a short child tries to listen on each pair in turn and prints the first free.
    const script = `const net=require("node:net");const free=(p)=>new Promise((r)=>{const s=net.createServer();s.once("error",()=>r(false));s.listen(p,"127.0.0.1",()=>s.close(()=>r(true)));});(async()=>{for(let p=${from};p<=${to};p+=2){if(await free(p)&&await free(p+1)){console.log(p);return;}}console.log("");})();`;
    return Number(spawnSync(process.execPath, ["-e", script], { encoding: "utf8" }).stdout.trim()) || null;
  };
  const asked = process.env.E2E_PORT;
  if (asked) {
    const port = Number(asked);
    if (!Number.isInteger(port) || port < 1 || port > 65534) throw new Error(`E2E_PORT=${asked} is not a port number`);
    // Inside a test worker the servers already listen: only the runner checks.
    if (process.env.E2E_PORT_CHECKED !== asked && probe(port, port) !== port) {
      throw new Error(`E2E_PORT=${port}: port ${port} or ${port + 1} is taken on 127.0.0.1. Stop what listens there, or run with another E2E_PORT (the journeys use E2E_PORT and E2E_PORT + 1).`);
    }
    process.env.E2E_PORT_CHECKED = asked;
    return port;
  }
  const port = probe(3100, 3198);
  if (!port) throw new Error("No free pair of ports between 3100 and 3199 for the journey servers: set E2E_PORT to a free port.");
  process.env.E2E_PORT = String(port);
  process.env.E2E_PORT_CHECKED = String(port);
  return port;
}

const PORT = e2ePort();
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
