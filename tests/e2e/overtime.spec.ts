import { expect, isJs, loginAs, test } from "./support";

/**
 * The overtime screens (issue 13 §5–6, §8), with JavaScript on and off: a team leader reads the team's weekly
 * calendar, opens a person's year and that week explained; finance adds a deduction after a refused input.
 */
test.describe("overtime screens", () => {
  test("on a phone the team and division calendars open on the current weeks (issue 41)", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [who, path] of [
      ["chef.equipe@cadran.test", "/overtime/team"],
      ["chef.division@cadran.test", "/overtime/division"],
    ] as const) {
      await loginAs(page, who, { to: path });
      const calendar = page.getByRole("region", { name: "Solde d'heures par semaine" });
      await expect(calendar).toBeVisible();
      // The last week's header (the running week) is on screen, and so is the employee column (sticky).
      const last = calendar.locator("thead tr").nth(1).locator("th").last();
      const box = (await last.boundingBox())!;
      expect(box.x + box.width, `${path}: the current week is off screen`).toBeLessThanOrEqual(361);
      expect(box.x).toBeGreaterThanOrEqual(0);
      const person = (await calendar.locator("tbody th").first().boundingBox())!;
      expect(person.x).toBeGreaterThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.context().clearCookies();
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test("a team leader reads the team calendar and opens an employee's explained week", async ({ page }) => {
    await loginAs(page, "chef.equipe@cadran.test", { to: "/overtime/team" });
    await expect(page.getByRole("heading", { name: "Heures de l'équipe", level: 1 })).toBeVisible();
    const calendar = page.getByRole("region", { name: "Solde d'heures par semaine" });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole("columnheader").first()).toHaveText("Employé");

    // The period filter is a GET form: a 7-month period comes back as 6 months, said in words.
    await page.getByLabel("Du", { exact: true }).fill("2026-01-10");
    await page.getByLabel("Au", { exact: true }).fill("2026-08-10");
    await page.getByRole("button", { name: "Afficher" }).click();
    await expect(page.getByRole("status").filter({ hasText: "La période dépassait 6 mois" })).toBeVisible();

    await page.goto("/overtime/team");
    const person = calendar.locator('tbody th a[href^="/overtime/employee/"]').first();
    const name = (await person.textContent())!.trim();
    await person.click();
    await expect(page.getByRole("heading", { name: `Heures de ${name}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("link", { name: "Heures de l'équipe" })).toBeVisible();

    // The last finished week (the grid is newest first): its total opens the explanation.
    await page.locator('[data-testid^="explain-"]').nth(1).click();
    const explanation = page.getByTestId("week-explanation");
    await expect(explanation.getByRole("heading", { name: /Explication de la semaine \d+ de \d{4}/ })).toBeVisible();
    await expect(explanation.getByTestId("explanation-steps")).toContainText("Heures travaillées");
    await expect(explanation.getByTestId("explanation-steps")).toContainText("Seuil du contrat");
    await expect(explanation.getByTestId("explanation-steps")).toContainText("Contingent annuel");
    // Every rule line links its article's official text (issue 40, decision 0125): the threshold to the legal week.
    const threshold = explanation.getByTestId("explanation-steps").getByRole("listitem").filter({ hasText: "Seuil du contrat" });
    await expect(threshold.getByRole("link", { name: /art\. (L3121-27|203\.º n\.º 1)/ })).toHaveAttribute("href", /legifrance\.gouv\.fr|diariodarepublica\.pt/);
    // The lines with their links fit a 360 px phone (decision 0022).
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    await explanation.getByRole("link", { name: "Fermer l'explication" }).click();
    await expect(page.getByTestId("week-explanation")).toHaveCount(0);
  });

  test("finance adds a deduction after a refused input, then removes it", async ({ page }, testInfo) => {
    const amount = isJs(testInfo) ? { input: "1,5", shown: "1 h 30" } : { input: "0h45", shown: "0 h 45" };
    await loginAs(page, "daf@cadran.test", { to: "/overtime/subsidiary" });
    await expect(page.getByRole("heading", { name: "Heures de l'agence", level: 1 })).toBeVisible();
    await page.getByRole("region", { name: "Solde d'heures par semaine" }).locator('tbody th a[href^="/overtime/employee/"]').first().click();
    await expect(page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("link", { name: "Heures de l'agence" })).toBeVisible();

    const field = page.getByLabel("Heures à déduire du solde");
    await field.fill("abc");
    await page.getByRole("button", { name: "Ajouter" }).click();
    await expect(page.getByText("Saisissez une durée positive d'au plus 200 heures")).toBeVisible();
    await expect(page.getByLabel("Heures à déduire du solde")).toHaveValue("abc");

    await page.getByLabel("Heures à déduire du solde").fill(amount.input);
    await page.getByRole("button", { name: "Ajouter" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Déduction de ${amount.shown} enregistrée.` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Déductions de l'année" })).toContainText(amount.shown);

    // A wrong deduction is removed after a confirm step (decision 0069): a page without JavaScript, a dialog with it.
    const remove = page.getByRole("button", { name: new RegExp(`^Retirer la déduction de ${amount.shown} du `) });
    await remove.first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Retirer la déduction de ${amount.shown} du `);
    await dialog.getByRole("button", { name: "Retirer" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Déduction de ${amount.shown} retirée.` })).toBeVisible();
    await expect(remove).toHaveCount(0);
  });
});
