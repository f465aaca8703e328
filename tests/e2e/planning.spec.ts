import type { Page } from "@playwright/test";
import { expect, isJs, loginAs, test } from "./support";

/**
 * Planning (issue 15), with JavaScript on and off: an employee adds a travel day to their yearly calendar and
 * removes it (confirmed); a team leader reads the team planning across a month boundary and opens a colleague's
 * planning; at 360 px the yearly calendar scrolls inside its own box, never the page.
 */

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A free working day of the shown year: the first after today with no badge, else the last before it. */
async function freeDay(page: Page): Promise<string> {
  const free = await page.$$eval('[data-testid="planning-calendar"] td[data-date]:not(.pl-weekend)', (cells) =>
    cells.filter((c) => !c.querySelector(".pl-badge")).map((c) => c.getAttribute("data-date")!),
  );
  const today = iso(new Date());
  const sorted = free.sort();
  return sorted.find((d) => d > today) ?? sorted.filter((d) => d < today).pop()!;
}

test.describe("planning", () => {
  test("an employee adds a travel day and removes it", async ({ page }, testInfo) => {
    await loginAs(page, "employe@cadran.test", { to: "/planning/me" });
    await expect(page.getByRole("heading", { name: "Mon planning", level: 1 })).toBeVisible();
    await expect(page.getByTestId("planning-legend")).toContainText("Plusieurs motifs");
    const date = await freeDay(page);
    const validate = page.getByRole("button", { name: "Valider", exact: true });
    // With JavaScript the button waits for a date (spec); without it the server says what is missing.
    if (isJs(testInfo)) await expect(validate).toBeDisabled();
    await page.getByLabel("Date").fill(date);
    await page.getByLabel("Type de jour").selectOption("moved");
    await validate.click();
    await expect(page.getByRole("status").filter({ hasText: "Le jour a été ajouté à votre planning." })).toBeVisible();
    const cell = page.locator(`td[data-date="${date}"]`);
    await expect(cell.locator('.pl-badge[data-type="eventday-moved"]')).toBeVisible();

    await cell.getByTestId("event-day-remove").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Retirer le jour « Déplacement »");
    await dialog.getByRole("button", { name: "Retirer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Le jour a été retiré de votre planning." })).toBeVisible();
    await expect(page.locator(`td[data-date="${date}"] .pl-badge[data-type="eventday-moved"]`)).toHaveCount(0);
  });

  test("a team leader reads the team planning across a month boundary", async ({ page }) => {
    const now = new Date();
    const firstOfNext = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const from = iso(new Date(firstOfNext.getTime() - 14 * 86_400_000));
    const to = iso(new Date(firstOfNext.getTime() + 14 * 86_400_000));
    await loginAs(page, "chef.equipe@cadran.test", { to: "/planning/team" });
    await expect(page.getByRole("heading", { name: "Planning de l'équipe", level: 1 })).toBeVisible();
    await page.locator("#planning-from").fill(from);
    await page.locator("#planning-to").fill(to);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
    const table = page.getByTestId("planning-table");
    const months = table.locator("th.pl-month");
    await expect(months).toHaveCount(2);
    const weeks = await table.locator("th.pl-week").count();
    expect(weeks).toBeGreaterThanOrEqual(4);
    await table.locator("tbody th[scope=row] a").first().click();
    await expect(page).toHaveURL(/\/planning\/(employee\/\d+|me)/);
    await expect(page.getByTestId("planning-calendar")).toBeVisible();
  });

  test("at 360 px the yearly calendar scrolls inside its own box, not the page", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await loginAs(page, "employe@cadran.test", { to: "/planning/me" });
    const box = page.getByTestId("planning-calendar");
    await expect(box).toBeVisible();
    const sizes = await box.evaluate((el) => ({
      inner: el.scrollWidth,
      outer: el.clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(sizes.page).toBeLessThanOrEqual(360);
    expect(sizes.inner).toBeGreaterThan(sizes.outer);
    await box.evaluate((el) => el.scrollTo({ left: 400 }));
    expect(await box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
});
