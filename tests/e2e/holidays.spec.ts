import { expect, loginAs, projectOffset, test } from "./support";

/**
 * Computed public holidays (issue 33 item 2, decision 0097), with JavaScript on and off: from Settings, France's
 * holidays of a year the seeds do not cover are proposed, added in one click, then shown as present (nothing
 * doubled), and France is listed among the calendars the worker follows each 1 December. Each project takes its own
 * year so that the two runs do not see each other's days.
 */
test("the computed holidays of a year are proposed, added in one click, and not proposed again", async ({ page }, testInfo) => {
  const year = new Date().getFullYear() + 3 + projectOffset(testInfo);
  await loginAs(page, "daf@cadran.test");
  await page.goto("/settings");
  await page.getByRole("link", { name: "Jours fériés calculés" }).click();
  await expect(page).toHaveURL(/\/settings\/holidays$/);
  await expect(page.getByRole("heading", { level: 1, name: "Jours fériés calculés" })).toBeVisible();

  await page.getByLabel("Calendrier").selectOption({ label: "France — jours fériés nationaux" });
  await page.getByLabel("Année").selectOption(String(year));
  await page.getByRole("button", { name: "Afficher" }).click();
  await expect(page).toHaveURL(new RegExp(`calendar=country-\\d+&year=${year}`));
  const rows = page.getByTestId("holidays-proposal").locator("tbody tr");
  await expect(rows).toHaveCount(11);
  await expect(rows.filter({ hasText: "À ajouter" })).toHaveCount(11);
  await expect(rows.first()).toContainText(`01/01/${year}`);

  await page.getByRole("button", { name: "Ajouter les 11 jours manquants" }).click();
  await expect(page.getByRole("status").filter({ hasText: `11 jours fériés ajoutés pour France (${year}).` })).toBeVisible();
  await expect(rows.filter({ hasText: "Déjà présent" })).toHaveCount(11);
  await expect(page.getByText(`Tous les jours fériés de ${year} sont déjà présents.`)).toBeVisible();
  await expect(page.getByRole("button", { name: /Ajouter les \d+ jours manquants/ })).toHaveCount(0);
  await expect(page.getByTestId("holidays-followed")).toContainText("France — jours fériés nationaux");
});

test("a calendar that is not in the list is refused with a French message", async ({ page }) => {
  await loginAs(page, "direction@cadran.test");
  const res = await page.goto("/settings/holidays?calendar=country-999999&year=2027");
  expect(res?.status()).toBe(400);
  await expect(page.getByRole("alert").filter({ hasText: "Choisissez un calendrier de la liste." })).toBeVisible();
});
