import { expect, loginAs, test } from "./support";

/**
 * The monthly close through its confirmation steps (issue 38 §3–§4, decision 0118), with JavaScript on and off: the
 * page lists the pre-close checklist; "Clôturer le mois" opens a step rendered by the server naming the subsidiary,
 * the month and the checklist's counts; the direction reopens through its own step, with a reason kept in the log.
 * The previous month (the page's default) is over whatever the date.
 */
test.describe("monthly close", () => {
  test("finance closes last month after its checklist; the direction reopens it with a reason", async ({ page }) => {
    await loginAs(page, "daf@cadran.test", { to: "/report/payroll" });
    await page.getByLabel("Agence", { exact: true }).selectOption({ label: "3 Print" });
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.getByTestId("payroll-checklist")).toBeVisible();
    await expect(page.getByTestId("payroll-checklist-pending_leaves")).toContainText("Absences en attente sur des jours du mois");
    await page.getByTestId("payroll-close-link").click();
    const step = page.getByTestId("payroll-confirm-close");
    await expect(step).toBeVisible();
    await expect(step.getByRole("heading")).toContainText(/^Clôturer .+ \d{4} pour 3 Print \?$/);
    await expect(step).toContainText("Semaines modifiées depuis leur dernier calcul");
    // The step fits a 360 px phone (issue 11 §1): the page does not scroll sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    await step.getByRole("button", { name: "Confirmer la clôture" }).click();
    await expect(page.getByText("Le mois est clôturé.")).toBeVisible();
    const closedAt = page.url();

    // The direction reopens: a step with the reason, then the log keeps it.
    await page.context().clearCookies();
    const boss = page;
    await loginAs(boss, "direction@cadran.test", { to: new URL(closedAt).pathname + new URL(closedAt).search });
    await boss.getByTestId("payroll-reopen-link").click();
    const reopen = boss.getByTestId("payroll-confirm-reopen");
    await expect(reopen.getByRole("heading")).toContainText(/^Rouvrir .+ pour 3 Print \?$/);
    await expect(reopen.getByTestId("payroll-reopen-preview")).toBeVisible();
    await boss.setViewportSize({ width: 360, height: 800 });
    expect(await boss.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await boss.setViewportSize({ width: 1280, height: 800 });
    await reopen.getByLabel("Raison de la réouverture (gardée dans l'historique)").fill("Essai de parcours");
    await reopen.getByRole("button", { name: "Confirmer la réouverture" }).click();
    await expect(boss.getByText("Le mois est rouvert.")).toBeVisible();
    await expect(boss.getByText("« Essai de parcours »")).toBeVisible();
  });
});
