import { expect, isJs, loginAs, test } from "./support";

/**
 * The overtime policy of a country (issue 13, item 2: the policy is data), with JavaScript on and off: finance
 * opens it from the country's form, a split that does not sum to 100 comes back with a French field error and
 * the form filled, then a valid row is saved from a date and shows in the history.
 */
test.describe("overtime policy of a country", () => {
  test("finance adds a row from a date after a refused split", async ({ page }, testInfo) => {
    const from = isJs(testInfo) ? { iso: "2026-03-02", fr: "02/03/2026" } : { iso: "2026-03-09", fr: "09/03/2026" };
    await loginAs(page, "daf@cadran.test", { to: "/settings" });
    await page.getByRole("link", { name: "Modifier « France »" }).click();
    await page.getByRole("link", { name: "Règles des heures supplémentaires de ce pays" }).click();
    await expect(page).toHaveURL(/\/settings\/countries\/\d+\/overtime$/);
    await expect(page.getByRole("heading", { name: "Règles des heures supplémentaires", exact: true })).toBeVisible();

    await page.getByLabel("Date d'entrée en vigueur").fill(from.iso);
    await page.getByLabel("Heures payées (%)").fill("60");
    await page.getByLabel("Heures en récupération (%)").fill("60");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("La part payée et la part en récupération doivent faire 100 % à elles deux.").first()).toBeVisible();
    await expect(page.getByLabel("Date d'entrée en vigueur")).toHaveValue(from.iso);
    await expect(page.getByLabel("Heures payées (%)")).toHaveValue("60");

    // The night period is the agreement's within the law's frame (L3122-2): 8 h is refused, said in French.
    await expect(page.getByTestId("night-law")).toContainText("La loi laisse la période de nuit à l'accord collectif.");
    await page.getByLabel("Heures en récupération (%)").fill("40");
    await page.getByLabel("Début de la période de nuit").fill("22:00");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("La période de nuit doit durer au moins 9 heures consécutives", { exact: false }).first()).toBeVisible();
    await expect(page.getByLabel("Début de la période de nuit")).toHaveValue("22:00");
    await page.getByLabel("Fin de la période de nuit (le lendemain)").fill("07:00");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Règles des heures supplémentaires enregistrées." })).toBeVisible();
    await expect(page.getByRole("table")).toContainText(from.fr);
  });
});
