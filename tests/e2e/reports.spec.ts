import { expect, isJs, loginAs, test } from "./support";

/**
 * Reports (issue 16), with JavaScript on and off: finance narrows the recovery report with the cascading filters
 * (without JavaScript each level appears after a search; with it at once), searches a period, and downloads the
 * Excel file; a period over 6 months is moved by the server, with a notice.
 */
test.describe("recovery report", () => {
  test("finance filters the recovery report and downloads it", async ({ page }, testInfo) => {
    await loginAs(page, "daf@cadran.test", { to: "/report/recup" });
    await expect(page.getByRole("heading", { name: "Rapport de récupération" })).toBeVisible();
    await expect(page.getByLabel("Pôle", { exact: true })).toHaveCount(0);

    await page.getByLabel("Agence", { exact: true }).selectOption({ label: "3 Print" });
    if (!isJs(testInfo)) await page.getByRole("button", { name: "Rechercher" }).click();
    // The next level of the cascade.
    await expect(page.getByLabel("Pôle", { exact: true })).toBeVisible();

    // A period longer than 6 months: the end, changed last, stays and the start moves (decision 0087); without
    // JavaScript both dates differ from the period shown, so the start stays and the end moves.
    await page.getByLabel("Du", { exact: true }).fill("2026-01-01");
    await page.getByLabel("Au", { exact: true }).fill("2026-12-31");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.getByTestId("period-moved")).toContainText(
      isJs(testInfo) ? "Période affichée : du 30/06/2026 au 31/12/2026." : "Période affichée : du 01/01/2026 au 01/07/2026.",
    );
    await expect(page.getByLabel("Au", { exact: true })).toHaveValue(isJs(testInfo) ? "2026-12-31" : "2026-07-01");

    await page.getByLabel("Du", { exact: true }).fill("2026-01-01");
    await page.getByLabel("Au", { exact: true }).fill("2026-06-30");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-06-30/);
    await expect(page.getByTestId("report-table").or(page.getByTestId("report-empty"))).toBeVisible();

    const downloading = page.waitForEvent("download");
    await page.getByTestId("report-export").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("cadran-recuperation-3-print-20260101-20260630.xlsx");
    const path = await download.path();
    expect(path).toBeTruthy();
  });
});

test.describe("paged report", () => {
  test("finance pages through the hourly-cost report of the last 6 months with GET links", async ({ page }) => {
    const to = new Date();
    const from = new Date(to);
    from.setMonth(from.getMonth() - 6);
    from.setDate(from.getDate() + 1);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    await loginAs(page, "daf@cadran.test", { to: `/report/cost?from=${day(from)}&to=${day(to)}` });
    await expect(page.getByTestId("report-table")).toBeVisible();
    const pager = page.getByRole("navigation", { name: "Pages du rapport" });
    await expect(pager.getByText(/^Page 1 sur \d+$/)).toBeVisible();
    const total = await page.getByTestId("cost-total").textContent();
    await pager.getByRole("link", { name: /Page suivante/ }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pager.getByText(/^Page 2 sur \d+$/)).toBeVisible();
    // The totals are the whole filter's: the same on every page.
    await expect(page.getByTestId("cost-total")).toHaveText(total!);
    await expect(page.getByTestId("report-export")).not.toHaveAttribute("href", /page=/);
  });
});
