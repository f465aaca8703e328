import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export { expect };
export const DEMO_PASSWORD = "Cadran-2026!";
export const MAIL_DIR = path.resolve(import.meta.dirname, "../../.data/e2e-mail");

/**
 * `test` with an accessibility check on every page a journey visits: each main-frame load is analysed with axe,
 * and the test fails at its end if any serious or critical violation was found.
 */
export const test = base.extend<{ a11y: void }>({
  a11y: [
    async ({ page, browser }, use, testInfo) => {
      const jsOff = !isJs(testInfo);
      const findings: string[] = [];
      let chain = Promise.resolve();
      page.on("load", () => {
        chain = chain.then(async () => {
          try {
            findings.push(...(await seriousViolations(page, jsOff ? browser : undefined)));
          } catch {
            // The page navigated away while being analysed: the next load is analysed instead.
          }
        });
      });
      await use();
      await chain;
      try {
        findings.push(...(await seriousViolations(page, jsOff ? browser : undefined)));
      } catch {
        /* page closed */
      }
      if (findings.length > 0) {
        await testInfo.attach("axe", { body: findings.join("\n"), contentType: "text/plain" });
      }
      expect(findings, `accessibility violations:\n${findings.join("\n")}`).toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * axe runs inside the page, which JavaScript-disabled pages cannot do: for those, the same HTML (scripts removed) is
 * served again at the same URL to a JavaScript-enabled page of a helper context, and analysed there.
 */
async function seriousViolations(page: Page, browser?: Browser): Promise<string[]> {
  if (page.isClosed() || page.url() === "about:blank") return [];
  const url = page.url();
  let target = page;
  let cleanup = async () => {};
  if (browser) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    const context = await browser.newContext({ javaScriptEnabled: true });
    target = await context.newPage();
    // Only the document is replayed; styles and images come from the server (they matter for contrast).
    await target.route(url, (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await target.goto(url, { waitUntil: "load" });
    cleanup = () => context.close();
  }
  let result;
  try {
    result = await new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  } finally {
    await cleanup();
  }
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${page.url()} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
}

/** Explicit check of the current page (besides the automatic one). */
export async function checkA11y(page: Page, testInfo: TestInfo) {
  expect(await seriousViolations(page, isJs(testInfo) ? undefined : page.context().browser()!)).toEqual([]);
}

export function isJs(testInfo: TestInfo) {
  return testInfo.project.name === "js";
}

/** A small number that differs per project, to keep js and nojs runs of a journey on separate data. */
export function projectOffset(testInfo: TestInfo) {
  return isJs(testInfo) ? 0 : 1;
}

export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Identifiant (e-mail professionnel)").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export async function logout(page: Page) {
  await page.getByLabel("Menu utilisateur").click();
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Waits for a mail written by the app (embedded mail transport) to this address, newest first. */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  const needle = to.replace(/[^a-z0-9@.]/gi, "_");
  while (Date.now() < until) {
    const files = safeList(MAIL_DIR)
      .filter((f) => f.includes(needle) && Number(f.split("-")[0]) >= since)
      .sort()
      .reverse();
    if (files[0]) return decodeQuotedPrintable(readFileSync(path.join(MAIL_DIR, files[0]), "utf8"));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

function safeList(dir: string) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function decodeQuotedPrintable(raw: string) {
  if (!/quoted-printable/i.test(raw)) return raw;
  return Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}
