import { chromium, type Browser } from "@playwright/test";

/**
 * Felt speed (issue 44 §6): when a page paints its largest element (LCP) on a slow phone, cold, in the project's
 * Chromium (Debian's, as the journeys use). The profile is the issue's: 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up (DevTools' network emulation), the CPU 4× slower, the browser's cache off. Each page is opened
 * `runs` times in a fresh context (median printed), with JavaScript on and off; besides the LCP, when the HTML
 * and the CSS were in, when the DOM was interactive, and the bytes of script that came before the paint.
 *
 * A benchmark, not a timed test: the figures move with the machine, compare them within one run (JS on against off,
 * a page against another, before against after a change in the same hour).
 */
export const SLOW_PHONE = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

export interface PaintFigures {
  lcpMs: number;
  htmlMs: number;
  cssMs: number;
  domInteractiveMs: number;
  scriptKbBeforeLcp: number;
  scripts: number;
}

export interface PaintPage {
  name: string;
  path: string;
  cookie: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function openOnce(browser: Browser, base: string, page: PaintPage, javaScript: boolean): Promise<PaintFigures> {
  const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport: { width: 360, height: 740 }, locale: "fr-FR" });
  try {
    const url = new URL(base);
    await context.addCookies(
      page.cookie
        .split("; ")
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf("=");
          return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: "/" };
        }),
    );
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
      uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown });
    // The largest paints come from CDP's performance timeline: it reports them with the page's JavaScript off too
    // (a PerformanceObserver in the page then never calls back).
    const paints: number[] = [];
    cdp.on("PerformanceTimeline.timelineEventAdded", (e: { event: { type: string; lcpDetails?: { renderTime?: number; loadTime?: number } } }) => {
      const d = e.event.lcpDetails;
      if (e.event.type === "largest-contentful-paint" && d) paints.push((d.renderTime || d.loadTime || 0) * 1000);
    });
    await cdp.send("PerformanceTimeline.enable", { eventTypes: ["largest-contentful-paint"] });
    await tab.goto(`${base}${page.path}`, { waitUntil: "load", timeout: 60_000 });
    await tab.waitForTimeout(500);
    const timing = await tab.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return {
        origin: performance.timeOrigin,
        htmlMs: nav.responseEnd,
        domInteractiveMs: nav.domInteractive,
        cssMs: resources.filter((r) => r.name.endsWith(".css")).reduce((m, r) => Math.max(m, r.responseEnd), 0),
        scripts: resources.filter((r) => r.name.endsWith(".js")).map((r) => ({ end: r.responseEnd, bytes: r.encodedBodySize || r.transferSize || 0 })),
      };
    });
    if (paints.length === 0) throw new Error(`no largest paint for ${page.path}`);
    const lcp = paints[paints.length - 1]! - timing.origin;
    const figures: PaintFigures = {
      lcpMs: lcp,
      htmlMs: timing.htmlMs,
      cssMs: timing.cssMs,
      domInteractiveMs: timing.domInteractiveMs,
      scriptKbBeforeLcp: timing.scripts.filter((x) => x.end <= lcp).reduce((sum, x) => sum + x.bytes, 0) / 1024,
      scripts: timing.scripts.length,
    };
    if (!figures || typeof figures.lcpMs !== "number") throw new Error(`no LCP for ${page.path}`);
    return figures;
  } finally {
    await context.close();
  }
}

export async function benchPaint(opts: { base: string; pages: PaintPage[]; runs?: number }) {
  const runs = opts.runs ?? Number(process.env.PAINT_RUNS ?? 3);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  const out: Record<string, Record<string, PaintFigures & { lcpRunsMs: number[] }>> = {};
  try {
    console.info(
      `felt speed (slow phone: ${SLOW_PHONE.latencyMs} ms RTT, 1.6 Mbit/s, CPU ${SLOW_PHONE.cpuSlowdown}x slower, cold; median of ${runs}; budget LCP <= 1000 ms with JavaScript on)`,
    );
    for (const page of opts.pages) {
      out[page.name] = {};
      for (const javaScript of [true, false]) {
        // One open not counted: the server's first render of the page (its code, its statements) is not the phone's.
        await openOnce(browser, opts.base, page, javaScript);
        const samples: PaintFigures[] = [];
        for (let i = 0; i < runs; i++) samples.push(await openOnce(browser, opts.base, page, javaScript));
        const pick = (k: keyof PaintFigures) => Number(median(samples.map((s) => s[k])).toFixed(k === "scriptKbBeforeLcp" ? 1 : 0));
        const figures = {
          lcpMs: pick("lcpMs"),
          htmlMs: pick("htmlMs"),
          cssMs: pick("cssMs"),
          domInteractiveMs: pick("domInteractiveMs"),
          scriptKbBeforeLcp: pick("scriptKbBeforeLcp"),
          scripts: pick("scripts"),
          lcpRunsMs: samples.map((s) => Math.round(s.lcpMs)),
        };
        out[page.name]![javaScript ? "js" : "noJs"] = figures;
        const verdict = javaScript ? (figures.lcpMs <= 1000 ? " ok" : " OVER") : "";
        console.info(
          `  ${page.name.padEnd(16)} JS ${javaScript ? "on " : "off"}  LCP ${figures.lcpMs} ms (${figures.lcpRunsMs.join(", ")})${verdict}; HTML ${figures.htmlMs} ms, CSS ${figures.cssMs} ms, DOM interactive ${figures.domInteractiveMs} ms; ${figures.scripts} scripts, ${figures.scriptKbBeforeLcp} KB of them before the paint`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}
