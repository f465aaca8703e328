import { expect, test } from "./support";

/**
 * The /api reference (issue 33 item 3, decisions 0099 and 0108), with JavaScript on and off: public, rendered on the
 * server, each call with its rights, its query parameters, its body schema, and the OpenAPI document it
 * links to; it fits a 360 px phone with every schema unfolded.
 */
test("the /api reference lists the calls with their rights and links the OpenAPI document", async ({ page }) => {
  const res = await page.goto("/api/docs");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Référence de l'API Cadran" })).toBeVisible();
  await expect(page.getByText("« X-AUTH-TOKEN: <jeton> »")).toBeVisible();
  const login = page.locator("section", { has: page.getByRole("heading", { name: /POST \/api\/login/ }) });
  await expect(login).toContainText("Droits : public (sans jeton)");
  await expect(login).toContainText("422");
  await expect(login).toContainText("429");
  const employees = page.locator("section", { has: page.getByRole("heading", { name: /^POST \/api\/employees — / }) });
  await expect(employees).toContainText("Droits : DAF, Direction");
  await employees.getByText("Corps de la requête").click();
  await expect(employees.locator("pre").first()).toContainText('"matricule"');
  const overtime = page.locator("section", { has: page.getByRole("heading", { name: /^GET \/api\/overtime — / }) });
  await expect(overtime).toContainText("Paramètres de la requête");
  await expect(overtime).toContainText("start AAAAMMJJ");
  const doc = await page.request.get("/api/docs.json");
  expect(doc.status()).toBe(200);
  expect((await doc.json()).openapi).toBe("3.1.0");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 800 } });
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "a layout check: runs once, in the nojs project");

  test("the /api reference fits 360 px, every schema unfolded", async ({ page }) => {
    // The page of this worker may come from the test before (tests/e2e/support.ts): set the phone's width here.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/api/docs");
    const folded = page.locator("details:not([open]) > summary");
    const count = await folded.count();
    expect(count).toBeGreaterThan(20);
    // Unfold them all (a click each would take minutes): the attribute is what a click sets.
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => d.setAttribute("open", "")));
    expect(await page.locator("details[open] pre").count()).toBe(count);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > 360)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}: ${(e.textContent ?? "").slice(0, 60)}`),
    );
    expect(wide).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Folded again for the accessibility check after the test (axe over every schema's text takes minutes).
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => d.removeAttribute("open")));
  });
});
