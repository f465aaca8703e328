import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { mailDir } from "./mail-dir";

export { expect };
export const DEMO_PASSWORD = "Cadran-2026!";

/**
 * Screens already analysed by axe in this worker (one worker per project, docs/decisions/0025): a screen is a route
 * (ids replaced by `:id`, the `tab` parameter kept) in one state (a form with errors, an open dialog, an alert).
 * Each screen is analysed once per run, not on every visit; a new state or route is analysed when first met.
 */
const scanned = new Set<string>();

export function screenKey(url: string, html: string): string {
  const u = new URL(url);
  const route = u.pathname.replace(/\/\d+(?=\/|$)/g, "/:id").replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/g, "/:token");
  const tab = u.searchParams.get("tab") ?? "";
  const states = [
    /aria-invalid="true"/.test(html) ? "invalid" : "",
    /role="alert"/.test(html) ? "alert" : "",
    /role="status"/.test(html) ? "status" : "",
    /<dialog\b[^>]*\sopen(?:=""|\s|>)/.test(html) ? "dialog" : "",
    /<details\b[^>]*\sopen(?:=""|\s|>)/.test(html) ? "details" : "",
    // A list's confirm step (docs/decisions/0027): the page with one item's dialog.
    u.searchParams.has("confirm") ? "confirm" : "",
  ].filter(Boolean);
  return `${route}?tab=${tab}#${states.join(",")}`;
}

/**
 * `test` with an accessibility check on the screens a journey visits: each main-frame load is analysed with axe
 * unless the same screen was already analysed in this run, and the test fails at its end if any serious or critical
 * violation was found.
 */
export const test = base.extend<{ a11y: void }, { replay: Replay; sharedContext: BrowserContext }>({
  // One browser context per worker, emptied of cookies before each test: the fingerprinted scripts and styles stay
  // in its HTTP cache instead of being fetched again by every test (each journey still starts signed out).
  sharedContext: [
    async ({ browser }, use, workerInfo) => {
      const { javaScriptEnabled, locale, timezoneId, baseURL } = workerInfo.project.use;
      const context = await browser.newContext({ javaScriptEnabled, locale, timezoneId, baseURL });
      await use(context);
      await context.close();
    },
    { scope: "worker" },
  ],
  context: async ({ sharedContext }, use) => {
    await sharedContext.clearCookies();
    await use(sharedContext);
    for (const p of sharedContext.pages()) await p.close();
  },
  page: async ({ context }, use, testInfo) => {
    const page = await context.newPage();
    if (isJs(testInfo)) waitForHydrationOnGoto(page);
    await use(page);
    // Traces are off (playwright.config.ts): a failed journey leaves the HTML the browser had, besides its screenshot.
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const html = await page.content().catch(() => "");
      if (html) await testInfo.attach("page.html", { body: html, contentType: "text/html" });
    }
  },
  replay: [
    async ({ browser }, use) => {
      const replay = new Replay(browser);
      await use(replay);
      await replay.close();
    },
    { scope: "worker" },
  ],
  a11y: [
    async ({ page, replay }, use, testInfo) => {
      const jsOff = !isJs(testInfo);
      const findings: string[] = [];
      let chain = Promise.resolve();
      page.on("load", () => {
        // Without JavaScript a load is a document the server answered: its HTML is taken at once (the journey goes
        // on meanwhile) and analysed in the helper page. With JavaScript the live page is analysed when its turn comes.
        const snapshot = jsOff ? takeSnapshot(page) : undefined;
        chain = chain.then(async () => {
          try {
            findings.push(...(await seriousViolations(page, jsOff ? replay : undefined, { snapshot: await snapshot })));
          } catch {
            // The page navigated away while being analysed: the next load is analysed instead.
          }
        });
      });
      await use();
      await chain;
      try {
        findings.push(...(await seriousViolations(page, jsOff ? replay : undefined)));
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
 * With JavaScript, `page.goto` resolves on the load event, which may come before React has hydrated the page: a
 * click in that window goes to the server-rendered form (a full POST) and the clicks after it are lost in the reload
 * (a flaky "3 rows expected, 2 found"). Here `goto` also waits for the root layout's mark (`html[data-hydrated]`,
 * app/root.tsx) on the app's own pages (those with Remix's context; a JSON or file answer has none).
 */
function waitForHydrationOnGoto(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit") {
      await page.waitForFunction(() => !("__remixContext" in window) || document.documentElement.dataset.hydrated === "true", undefined, {
        timeout: 10_000,
      });
    }
    return response;
  };
}

/**
 * axe runs inside the page, which JavaScript-disabled pages cannot do: for those, the same HTML (scripts removed) is
 * served again at the same URL to one JavaScript-enabled helper page per worker (kept between analyses, so styles
 * come from its cache), and analysed there.
 */
class Replay {
  private context?: BrowserContext;
  private page?: Page;
  private current = { url: "", html: "" };
  constructor(private readonly browser: Browser) {}

  async open(url: string, html: string): Promise<Page> {
    if (!this.page || this.page.isClosed()) {
      this.context = await this.browser.newContext({ javaScriptEnabled: true });
      this.page = await this.context.newPage();
      await this.page.route(
        (u) => u.href === this.current.url,
        (route) =>
          route.request().resourceType() === "document"
            ? route.fulfill({ body: this.current.html, contentType: "text/html; charset=utf-8" })
            : route.continue(),
      );
    }
    this.current = { url, html };
    // Only the document is replayed; styles and images come from the server (they matter for contrast).
    await this.page.goto(url, { waitUntil: "load" });
    return this.page;
  }

  async close() {
    await this.context?.close();
  }
}

async function takeSnapshot(page: Page): Promise<{ url: string; html: string } | undefined> {
  try {
    const url = page.url();
    return { url, html: await page.content() };
  } catch {
    return undefined;
  }
}

async function seriousViolations(
  page: Page,
  replay?: Replay,
  { force = false, snapshot }: { force?: boolean; snapshot?: { url: string; html: string } } = {},
): Promise<string[]> {
  if (!snapshot && (page.isClosed() || page.url() === "about:blank")) return [];
  const { url, html } = snapshot ?? { url: page.url(), html: await page.content() };
  if (url === "about:blank") return [];
  const key = screenKey(url, html);
  if (!force && scanned.has(key)) return [];
  const t0 = performance.now();
  const target = replay ? await replay.open(url, html.replace(/<script\b[\s\S]*?<\/script>/gi, "")) : page;
  const t1 = performance.now();
  const violations = await axeViolations(target);
  // Marked only once analysed: a page left while being analysed is analysed on its next visit.
  scanned.add(key);
  if (process.env.E2E_A11Y_LOG) console.info(`[axe] ${key} open ${Math.round(t1 - t0)} ms, axe ${Math.round(performance.now() - t1)} ms`);
  return violations.map((v) => `${url} ${v}`);
}

/**
 * The serious and critical WCAG 2.1 A/AA violations of the page, as "rule (impact): targets". Legacy mode runs axe
 * in the page itself (the default opens a blank page per analysis to merge the frames' results; our pages have no
 * frames), and only violations are detailed: 2 to 2.5 times faster per screen (docs/decisions/0025).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
}

/** Explicit check of the current page (besides the automatic one), analysed even when the screen was seen. */
export async function checkA11y(page: Page, testInfo: TestInfo) {
  const browser = page.context().browser()!;
  const replay = isJs(testInfo) ? undefined : new Replay(browser);
  try {
    expect(await seriousViolations(page, replay, { force: true })).toEqual([]);
  } finally {
    await replay?.close();
  }
}

export function isJs(testInfo: TestInfo) {
  return testInfo.project.name === "js";
}

/** A small number that differs per project, to keep js and nojs runs of a journey on separate data. */
export function projectOffset(testInfo: TestInfo) {
  return isJs(testInfo) ? 0 : 1;
}

/**
 * Signs in over HTTP in the page's browser context (same cookie jar): the login form itself is covered by
 * auth.spec.ts; a journey's steps need the session, not two more document loads. The page stays where it was; pass
 * `to` to open a page afterwards.
 */
export async function loginAs(page: Page, email: string, { password = DEMO_PASSWORD, to }: { password?: string; to?: string } = {}) {
  const request = page.context().request;
  const form = await request.get("/login", { maxRedirects: 0 });
  // Hidden fields of the form (a CSRF token, the redirect) go back with the credentials.
  const hidden: Record<string, string> = {};
  if (form.status() === 200) {
    for (const m of (await form.text()).matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(m[0])?.[1];
      if (name) hidden[name] = decodeEntities(/value="([^"]*)"/.exec(m[0])?.[1] ?? "");
    }
  }
  const response = await request.post("/login", {
    form: { ...hidden, identifier: email, password },
    headers: { Origin: new URL(form.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  expect(response.headers()["location"] ?? "").not.toMatch(/\/login/);
  if (to) await page.goto(to);
}

function decodeEntities(s: string) {
  return s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

export async function logout(page: Page) {
  await page.getByLabel("Menu utilisateur").click();
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/login/);
}

/**
 * Waits for a mail written by the app (embedded mail transport) to this address, newest first, in the mail folder of
 * the running test's server (one per project).
 */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<string> {
  const MAIL_DIR = mailDir(Number(new URL(test.info().project.use.baseURL!).port));
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
