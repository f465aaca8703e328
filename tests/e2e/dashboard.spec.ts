import type { Page } from "@playwright/test";
import { expect, loginAs, test } from "./support";

/**
 * Issue 17: the home dashboards, with and without JavaScript (the two projects), at phone and desktop width, the
 * axe check on every screen visited (support.ts). Each block leads to the page where one acts.
 */

async function noSideways(page: Page, width: number) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(width);
}

for (const width of [360, 1280]) {
  test.describe(`dashboards at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test("management: the agency tabs are links, only the own subsidiary's tab has the 'view entire' links", async ({ page }) => {
      await loginAs(page, "direction@cadran.test", { to: "/" });
      await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord – 3 Print" })).toBeVisible();
      const tabs = page.getByRole("navigation", { name: "Agences" });
      // The own subsidiary first, then the others by name (the settings journey may have added one before this runs).
      await expect(tabs.getByRole("link").first()).toHaveText("3 Print");
      await expect(tabs.getByRole("link", { name: "Lisboa Print" })).toBeVisible();
      await expect(tabs.getByRole("link", { name: "3 Print" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("link", { name: "Voir tout le planning" })).toBeVisible();
      await expect(page.getByTestId("dash-badgings")).toContainText("Non badgé");
      await noSideways(page, width);

      await tabs.getByRole("link", { name: "Lisboa Print" }).click();
      await expect(page).toHaveURL(/\/\?tab=\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord – Lisboa Print" })).toBeVisible();
      await expect(page.getByTestId("planning-excerpt")).toBeVisible();
      await expect(page.getByRole("link", { name: "Voir tout le planning" })).toHaveCount(0);
      await noSideways(page, width);

      // The "to do" leads to the page that settles it.
      await page.getByTestId("dash-todo").getByRole("link", { name: /Demandes de congé à traiter/ }).click();
      await expect(page).toHaveURL(/\/leave\/waiting$/);
    });

    test("team leader: waiting requests, badgings and overtime lead to their pages", async ({ page }) => {
      await loginAs(page, "chef.equipe@cadran.test", { to: "/" });
      await expect(page.getByRole("heading", { level: 1, name: /^Tableau de bord – / })).toBeVisible();
      const waiting = page.getByTestId("dash-waiting");
      await expect(waiting.locator("[data-leave-id]").first()).toBeVisible();
      await expect(page.getByTestId("dash-overtime")).toContainText(/[+-]?\d+ h/);
      await noSideways(page, width);
      await page.getByRole("link", { name: "Voir tous les pointages" }).click();
      await expect(page).toHaveURL(/\/time-clock\/team-badging$/);
      await page.goBack();
      await waiting.getByRole("link", { name: /^Voir toutes les demandes/ }).click();
      await expect(page).toHaveURL(/\/leave\/waiting$/);
    });

    test("employee: own pending requests, own overtime by day and the personal planning", async ({ page }) => {
      await loginAs(page, "employe@cadran.test", { to: "/" });
      await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
      await expect(page.getByTestId("own-overtime").locator("tbody tr").first()).toBeVisible();
      await expect(page.getByTestId("personal-planning").locator("tbody tr")).toHaveCount(31);
      await noSideways(page, width);
      await page.getByRole("link", { name: "Voir mes congés" }).click();
      await expect(page).toHaveURL(/\/leave\/me$/);
    });

    test("commercial: only the own pending requests", async ({ page }) => {
      await loginAs(page, "commercial@cadran.test", { to: "/" });
      await expect(page.getByTestId("dash-pending")).toBeVisible();
      await expect(page.getByTestId("dash-planning")).toHaveCount(0);
      await expect(page.getByTestId("own-overtime")).toHaveCount(0);
      await noSideways(page, width);
    });
  });
}
