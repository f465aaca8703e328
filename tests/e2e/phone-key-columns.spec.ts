import { DateTime } from "luxon";
import { expect, loginAs, test } from "./support";

/**
 * Issue 28 item 6, at 360 px with JavaScript on and off: the key column of "Ma semaine" ("Heures sup.") is visible
 * without sideways scroll, and the yearly planning opens on the current month (with JavaScript; without it, the
 * "Aller au mois en cours" link takes there).
 */
test.describe("phone, 360 px", () => {
  // The journeys share one browser context per worker (support.ts): the viewport is set on the page.
  test.beforeEach(async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 });
    // "Ma semaine" runs Monday to yesterday: on a Monday it has no day. These journeys read the week on last week's
    // Wednesday at 10:00 in Paris (the server's test clock, decision 0103), so they pass whatever the day.
    const at = DateTime.now().setZone("Europe/Paris").startOf("week").minus({ weeks: 1 }).plus({ days: 2, hours: 10 });
    await page.context().addCookies([{ name: "cadran_test_now", value: String(at.toMillis()), url: testInfo.project.use.baseURL! }]);
  });
  test.afterEach(async ({ page }) => {
    await page.context().clearCookies({ name: "cadran_test_now" });
  });

  test("'Heures sup.' of 'Ma semaine' is visible without scrolling sideways", async ({ page }) => {
    await loginAs(page, "employe@cadran.test", { to: "/time-clock/badging" });
    const week = page.getByRole("region", { name: "Ma semaine" }).first();
    const header = week.getByRole("columnheader", { name: "Heures sup." });
    await expect(header).toBeVisible();
    const box = await header.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("'Pointages' of 'Ma semaine' and 'État' of 'Mes congés' read without scrolling sideways (issue 41)", async ({ page }) => {
    await loginAs(page, "employe@cadran.test", { to: "/time-clock/badging" });
    const week = page.getByRole("region", { name: "Ma semaine" }).first();
    await expect(week).toBeVisible();
    // The table fits its box: nothing to scroll to, the entries under each date.
    expect(await week.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    const entries = week.getByTestId("day-entries-phone").first();
    await expect(entries).toBeVisible();
    const box = (await entries.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await expect(week.getByRole("columnheader", { name: "Pointages" })).toBeHidden();

    await page.context().clearCookies();
    await loginAs(page, "accueil@cadran.test", { to: "/leave/me" });
    const state = page.getByTestId("leave-state-phone").first();
    await expect(state).toBeVisible();
    await expect(state).toContainText("État : En attente");
    const stateBox = (await state.boundingBox())!;
    expect(stateBox.x + stateBox.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("the week's total on 'Mes heures' is visible without scrolling sideways", async ({ page }) => {
    await loginAs(page, "employe@cadran.test", { to: "/overtime/me" });
    const grid = page.getByTestId("overtime-grid");
    // The week's total is the time account (decision 0071), the grid's last column.
    const total = grid.getByRole("columnheader", { name: "Solde d'heures" });
    await expect(total).toBeVisible();
    const box = await total.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    const link = grid.locator('[data-testid^="explain-"]').first();
    const linkBox = await link.boundingBox();
    expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("the yearly planning opens on the current month", async ({ page }, testInfo) => {
    await loginAs(page, "employe@cadran.test", { to: "/planning/me" });
    const current = page.locator("#current-month");
    await expect(current).toHaveCount(1);
    if (testInfo.project.name === "nojs") await page.getByRole("link", { name: "Aller au mois en cours" }).click();
    await expect
      .poll(async () => {
        const box = await current.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 360;
      })
      .toBe(true);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
});
