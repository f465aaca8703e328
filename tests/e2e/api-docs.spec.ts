import { expect, test } from "./support";

/**
 * The /api reference (issue 33 item 3, decision 0099), with JavaScript on and off: public, rendered on the server,
 * each call with its rights and answers, and the OpenAPI document it links to.
 */
test("the /api reference lists the calls with their rights and links the OpenAPI document", async ({ page }) => {
  const res = await page.goto("/api/docs");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Référence de l'API Cadran" })).toBeVisible();
  const login = page.locator("section", { has: page.getByRole("heading", { name: /POST \/api\/login/ }) });
  await expect(login).toContainText("Droits : public (sans jeton)");
  await expect(login).toContainText("422");
  const employees = page.locator("section", { has: page.getByRole("heading", { name: /^POST \/api\/employees — / }) });
  await expect(employees).toContainText("Droits : DAF, Direction");
  await employees.getByText("Corps de la requête").click();
  await expect(employees.locator("pre")).toContainText('"matricule"');
  const doc = await page.request.get("/api/docs.json");
  expect(doc.status()).toBe(200);
  expect((await doc.json()).openapi).toBe("3.1.0");
});
