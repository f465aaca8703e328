import { expect, isJs, loginAs, logout, test } from "./support";

/** Deputies (issue 32 §2): a manager names a deputy on their profile and ends it, with JavaScript on and off. */
test("a manager names a deputy for a period on the profile, then ends it", async ({ page }, testInfo) => {
  // One manager per project, so the js and nojs runs never overlap periods.
  const manager = isJs(testInfo) ? "chef.equipe@cadran.test" : "chef.division@cadran.test";
  await loginAs(page, manager);
  await page.goto("/profile");
  const section = page.getByTestId("deputy-section");
  await expect(section.getByRole("heading", { name: "Suppléance" })).toBeVisible();
  const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  // The chooser (issue 41): the team's or division's people are offered at once; a GET search finds anyone by name.
  await expect(section.getByTestId("deputy-candidates")).toContainText("Camille DUBOIS");
  await section.getByLabel("Chercher un collègue par son nom").fill("dubo");
  await section.getByRole("button", { name: "Chercher" }).click();
  await expect(page).toHaveURL(/\/profile\?deputy=dubo$/);
  await page.getByTestId("deputy-section").getByLabel(/Camille DUBOIS/).check();
  await section.getByLabel("Premier jour").fill(iso(1));
  await section.getByLabel("Dernier jour").fill(iso(8));
  await section.getByRole("button", { name: "Nommer ce suppléant" }).click();
  await expect(page.getByRole("status").filter({ hasText: "est votre suppléant du" })).toBeVisible();
  await expect(page.getByTestId("deputy-section")).toContainText(iso(8).split("-").reverse().join("/"));
  await page.getByTestId("deputy-section").getByRole("button", { name: "Mettre fin" }).click();
  await expect(page.getByRole("status").filter({ hasText: "La suppléance a été arrêtée." })).toBeVisible();
  await expect(page.getByTestId("deputy-section")).toContainText("Aucun suppléant nommé.");
});

/**
 * Issue 32 §2 at work, with JavaScript on and off: management names a deputy who holds no manager profile (a
 * commercial with JS, an employee without), a host employee asks a leave, the deputy finds it in their waiting list
 * (a page their profile alone does not open: decision 0105), accepts it for the manager, and the leave's history
 * says "par X pour Y". The deputy's waiting list fits a 360 px phone. Each project uses its own manager, deputy and
 * Tuesday of next December; the period is ended at the end so a rerun starts clean.
 */
const Y = new Date().getFullYear() + 1;
function tuesdayOfDecember(weekOffset: number) {
  const d = new Date(Date.UTC(Y, 11, 1));
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCDate(d.getUTCDate() + 7 * weekOffset);
  return d.toISOString().slice(0, 10);
}
const frDay = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

test("a deputy without a manager profile sees the manager's waiting leave and accepts it 'par X pour Y'", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const js = isJs(testInfo);
  const cast = js
    ? { manager: "direction@cadran.test", managerName: "Catherine LEMAIRE", deputy: "commercial@cadran.test", deputyName: "Thomas ROBERT" }
    : { manager: "daf@cadran.test", managerName: "Philippe GARNIER", deputy: "employe@cadran.test", deputyName: "Camille DUBOIS" };
  const date = tuesdayOfDecember(js ? 1 : 2);
  const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  await loginAs(page, cast.manager, { to: "/profile" });
  const section = page.getByTestId("deputy-section");
  await section.getByLabel("Chercher un collègue par son nom").fill(cast.deputyName.split(" ")[1]!.toLowerCase());
  await section.getByRole("button", { name: "Chercher" }).click();
  await page.getByTestId("deputy-section").getByLabel(new RegExp(cast.deputyName)).check();
  await section.getByLabel("Premier jour").fill(iso(0));
  await section.getByLabel("Dernier jour").fill(iso(2));
  await section.getByRole("button", { name: "Nommer ce suppléant" }).click();
  await expect(page.getByRole("status").filter({ hasText: "est votre suppléant du" })).toBeVisible();
  await logout(page);

  await loginAs(page, "accueil@cadran.test", { to: "/leave/ask" });
  await page.getByLabel("Motif").selectOption("PAID_LEAVE");
  await page.getByLabel("Date de début").fill(date);
  await page.getByLabel("Date de fin").fill(date);
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.getByText("Demande de congé envoyée")).toBeVisible();
  await logout(page);

  await loginAs(page, cast.deputy, { to: "/leave/waiting" });
  // The menu offers the list to the deputy, with its counter.
  await expect(page.locator('a[href="/leave/waiting"]').first()).toBeAttached();
  await expect(page.getByRole("heading", { level: 1, name: "Demandes de congé" })).toBeVisible();
  // Issue 41: she reads whom she replaces, for whom each card waits, the balance after the leave, and only links she
  // may open: the commercial's division planning (the host works in her division), none for the employee.
  await expect(page.getByTestId("deputy-replacing")).toContainText(`Vous remplacez ${cast.managerName} jusqu'au ${frDay(iso(2))}.`);
  const card = page.locator("li[data-leave-id]", { hasText: frDay(date) });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("card-for-manager")).toHaveText(`Pour ${cast.managerName}`);
  await expect(card.getByTestId("balance-after")).toContainText("j de congés payés");
  if (js) await expect(card.getByTestId("card-schedule")).toHaveAttribute("href", /^\/planning\/division\?from=/);
  else await expect(card.getByTestId("card-schedule")).toHaveCount(0);
  await card.getByRole("button", { name: "Valider" }).click();
  await card.getByRole("dialog").getByRole("button", { name: "Valider" }).click();
  await expect(page.getByText(`a été validée pour ${cast.managerName}.`)).toBeVisible();
  await expect(page.locator("li[data-leave-id]", { hasText: frDay(date) })).toHaveCount(0);

  if (!js) {
    // The deputy's waiting list on a 360 px phone: nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/leave/waiting");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await logout(page);

  await loginAs(page, "accueil@cadran.test", { to: "/leave/me?tab=accepted" });
  await page.locator("tr", { hasText: frDay(date) }).getByRole("link").first().click();
  await expect(page.getByTestId("leave-steps")).toContainText(`par ${cast.deputyName} pour ${cast.managerName}`);
  await logout(page);

  await loginAs(page, cast.manager, { to: "/profile" });
  await page.getByTestId("deputy-section").getByRole("button", { name: "Mettre fin" }).click();
  await expect(page.getByRole("status").filter({ hasText: "La suppléance a été arrêtée." })).toBeVisible();
});
