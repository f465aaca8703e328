import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const ctx = await browser.newContext({ viewport: { width: 360, height: 900 }, javaScriptEnabled: false });
const page = await ctx.newPage();
const email = process.argv[2];
await page.goto("http://127.0.0.1:3208/login");
await page.fill("input[name=identifier]", email);
await page.fill("input[name=password]", "Cadran-2026!");
await page.click("button[type=submit]");
await page.waitForURL(/\/$/);
const res = await page.evaluate(() => {
  const out = [];
  for (const el of document.querySelectorAll("main *")) {
    const r = el.getBoundingClientRect();
    if (r.right > 361) out.push(`${el.tagName}.${String(el.className).slice(0, 60)} right=${Math.round(r.right)} w=${Math.round(r.width)}`);
  }
  return [document.documentElement.scrollWidth, ...out.slice(0, 12)];
});
console.log(res.join("\n"));
await browser.close();
