import { axeViolations, expect, isJs, test } from "./support";

/**
 * The accessibility check every journey relies on (support.ts) does find what it must: a page with an image without
 * text, a field without label and pale text is refused; the same page fixed passes. Runs once (js): the check itself
 * does not depend on the project.
 */
test("the accessibility check reports serious violations and passes a clean page", async ({ page }, testInfo) => {
  test.skip(!isJs(testInfo), "checks the checker: once is enough");
  const head = '<html lang="fr"><head><title>Vérification</title></head><body><main><h1>Vérification</h1>';
  await page.setContent(`${head}<img src="/favicon.ico"><input type="text"><p style="color:#bbb;background:#fff">pâle</p></main></body></html>`);
  const found = (await axeViolations(page)).map((v) => v.split(" ")[0]).sort();
  expect(found).toEqual(["color-contrast", "image-alt", "label"]);
  await page.setContent(
    `${head}<img src="/favicon.ico" alt="Logo"><label>Nom <input type="text"></label><p style="color:#333;background:#fff">lisible</p></main></body></html>`,
  );
  expect(await axeViolations(page)).toEqual([]);
});
