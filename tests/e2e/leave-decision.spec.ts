import { expect, loginAs, logout, projectOffset, test } from "./support";

/**
 * Issue 28 item 3, with JavaScript on and off: the team leader opens a pending request's detail from the waiting
 * list, refuses it there with a reason behind the same confirmation, and the employee reads why. The js and nojs runs
 * use different Tuesdays of next November, far from the demo's leaves and the other journeys' dates.
 */
const Y = new Date().getFullYear() + 1;
function tuesdayOfNovember(weekOffset: number) {
  const d = new Date(Date.UTC(Y, 10, 1));
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCDate(d.getUTCDate() + 7 * weekOffset);
  return d.toISOString().slice(0, 10);
}
const fr = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

test("a team leader refuses a leave from its detail page with a reason the employee reads", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const date = tuesdayOfNovember(1 + projectOffset(testInfo));

  await loginAs(page, "employe@cadran.test");
  await page.goto("/leave/ask");
  await page.getByLabel("Motif").selectOption("PAID_LEAVE");
  await page.getByLabel("Date de début").fill(date);
  await page.getByLabel("Date de fin").fill(date);
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.getByText("Demande de congé envoyée")).toBeVisible();
  await logout(page);

  await loginAs(page, "chef.equipe@cadran.test");
  await page.goto(`/leave/waiting?tab=pending`);
  const card = page.locator("li[data-leave-id]", { hasText: fr(date) });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("balance-after")).toContainText("j de congés payés");
  await expect(card.getByTestId("card-schedule")).toHaveAttribute("href", /^\/planning\/team\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
  // Issue 41: on a 1366 px desktop the page is no wider than the screen and no value of a card is clipped or
  // wrapped word by word (a card is at least 22rem wide).
  await page.setViewportSize({ width: 1366, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  expect(await card.evaluate((li) => li.getBoundingClientRect().width)).toBeGreaterThanOrEqual(22 * 16 - 1);
  const clipped = await card.locator("dd").evaluateAll((dds) => dds.filter((dd) => dd.scrollWidth > dd.clientWidth + 1).map((dd) => dd.textContent));
  expect(clipped).toEqual([]);
  // "En attente du chef d'équipe" holds on one or two lines, not one word a line.
  const stateLines = await card.locator("dd").nth(4).evaluate((dd) => Math.round(dd.getBoundingClientRect().height / parseFloat(getComputedStyle(dd).lineHeight)));
  expect(stateLines).toBeLessThanOrEqual(2);
  await page.setViewportSize({ width: 1280, height: 720 });
  await card.getByRole("link", { name: "Détails de la demande" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Demande de congé" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Retour aux demandes/ })).toBeVisible();
  await page.getByTestId("decide").getByRole("link", { name: "Refuser" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Refuser la demande de congé de Camille DUBOIS (Congés payés) le ${fr(date)} ?`);
  await dialog.getByLabel("Motif du refus").fill("Inventaire de fin d'année cette semaine-là.");
  await dialog.getByRole("button", { name: "Refuser" }).click();
  await expect(page.getByText(`La demande de congé de Camille DUBOIS le ${fr(date)} a été refusée.`)).toBeVisible();
  await expect(page).toHaveURL(/\/leave\/waiting$/);
  await logout(page);

  await loginAs(page, "employe@cadran.test");
  await page.goto("/leave/me?tab=rejected");
  await page.locator("tr", { hasText: fr(date) }).getByRole("link").first().click();
  await expect(page.getByTestId("refusal-reason")).toHaveText("Inventaire de fin d'année cette semaine-là.");
});
