import type { Page } from "@playwright/test";
import { expect, loginAs, logout, projectOffset, test } from "./support";

/**
 * The leave journey of issue 5, with JavaScript on and off: an employee (full workflow) asks for a half day, the team
 * leader prevalidates it, the department head validates it, management accepts it, and the vacation balance drops.
 * The js and nojs runs use different weeks of next October, far from the demo's leaves.
 */
const Y = new Date().getFullYear() + 1;

function tuesdayOfOctober(weekOffset: number) {
  const d = new Date(Date.UTC(Y, 9, 1));
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCDate(d.getUTCDate() + 7 * weekOffset);
  return d.toISOString().slice(0, 10);
}
const fr = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

async function vacationBalance(page: Page): Promise<number> {
  await page.goto("/leave/ask");
  const text = (await page.getByTestId("vacation-balance").textContent()) ?? "";
  return Number(text.replace(/[^\d,.-]/g, "").replace(",", "."));
}

async function decide(page: Page, email: string, date: string) {
  await loginAs(page, email);
  await page.goto(`/leave/waiting?year=${Y}&month=10&employee=all&tab=pending`);
  await expect(page.getByRole("heading", { level: 1, name: "Demandes de congé" })).toBeVisible();
  const card = page.locator("li[data-leave-id]", { hasText: `${fr(date)} (après-midi)` });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Urgent");
  // The card's button opens the list's confirm step (one GET form per list, docs/decisions/0027).
  await card.getByRole("button", { name: "Valider" }).click();
  await card.getByRole("dialog").getByRole("button", { name: "Valider" }).click();
  // The success names the person and the dates (issue 28 item 3).
  await expect(page.getByText(`La demande de congé de Camille DUBOIS le ${fr(date)} (après-midi) a été validée.`)).toBeVisible();
  await expect(page.locator("li[data-leave-id]", { hasText: `${fr(date)} (après-midi)` })).toHaveCount(0);
  await logout(page);
}

test.describe("leave", () => {
  test("half day: employee asks, team leader prevalidates, department head validates, management accepts", async ({ page }, testInfo) => {
    // Four people sign in and out and every page load is checked with axe: longer than the default 60 s.
    test.setTimeout(240_000);
    const date = tuesdayOfOctober(1 + projectOffset(testInfo));

    await loginAs(page, "employe@cadran.test");
    const before = await vacationBalance(page);
    await expect(page.getByRole("heading", { level: 1, name: "Demander un congé" })).toBeVisible();
    await page.getByLabel("Motif").selectOption("PAID_LEAVE");
    await page.getByLabel("Date de début").fill(date);
    await page.getByLabel("Date de fin").fill(date);
    await page.getByRole("checkbox", { name: "Demi-journée" }).check();
    await page.getByRole("radio", { name: "Après-midi" }).check();
    await page.getByLabel("Commentaire").fill("Rendez-vous à la banque");
    await page.getByRole("checkbox", { name: "Demande urgente" }).check();
    await page.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page).toHaveURL(/\/leave\/me$/);
    await expect(page.getByText("Demande de congé envoyée")).toBeVisible();
    const row = page.locator("tr", { hasText: `${fr(date)} (après-midi)` });
    await expect(row).toBeVisible();
    // The list and the detail say whom the request awaits (the employee's workflow is full).
    await expect(row.getByTestId("leave-state")).toHaveText("En attente du chef d'équipe");
    await row.getByRole("link", { name: "Congés payés" }).click();
    await expect(page).toHaveURL(/\/leave\/detail\/\d+$/);
    // With JavaScript the URL changes a moment before the new page is rendered: wait for the detail's heading.
    await expect(page.getByRole("heading", { level: 1, name: "Demande de congé" })).toBeVisible();
    await expect(page.getByText("En attente du chef d'équipe")).toBeVisible();
    await expect(page.getByRole("link", { name: "Modifier" })).toBeVisible();
    await logout(page);

    await decide(page, "chef.equipe@cadran.test", date);
    await decide(page, "chef.division@cadran.test", date);
    await decide(page, "direction@cadran.test", date);

    await loginAs(page, "employe@cadran.test");
    expect(await vacationBalance(page)).toBeCloseTo(before - 0.5, 2);
    await page.goto("/leave/me?tab=accepted");
    await page.locator("tr", { hasText: `${fr(date)} (après-midi)` }).getByRole("link").click();
    const history = page.getByTestId("leave-steps");
    await expect(history).toContainText("Prévalidée par Julien BERNARD");
    await expect(history).toContainText("Validée par Sophie LAURENT");
    await expect(history).toContainText("Acceptée par");
    await expect(page.getByRole("link", { name: "Modifier" })).toHaveCount(0);
  });

  test("the form keeps its values and shows the French error on a refused request", async ({ page }, testInfo) => {
    await loginAs(page, "employe@cadran.test");
    await page.goto("/leave/ask");
    const date = tuesdayOfOctober(3 + projectOffset(testInfo));
    await page.getByLabel("Motif").selectOption("RECOVERY_LEAVE");
    await page.getByLabel("Date de début").fill(date);
    await page.getByLabel("Date de fin").fill(date);
    await page.getByLabel("Nombre d'heures (récupération)").fill("900");
    await page.getByLabel("Commentaire").fill("Trop d'heures");
    await page.getByRole("button", { name: "Envoyer la demande" }).click();
    // The message gives the hours asked and available (issue 28 item 4).
    await expect(page.getByText(/Pas assez d'heures de récupération : 900 h 00 demandée\(s\), \d+ h \d\d disponible\(s\)\./)).toBeVisible();
    await expect(page.getByLabel("Commentaire")).toHaveValue("Trop d'heures");
    await expect(page).toHaveURL(/\/leave\/ask$/);
  });
});
