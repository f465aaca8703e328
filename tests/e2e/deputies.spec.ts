import { expect, isJs, loginAs, test } from "./support";

/** Deputies (issue 32 §2): a manager names a deputy on their profile and ends it, with JavaScript on and off. */
test("a manager names a deputy for a period on the profile, then ends it", async ({ page }, testInfo) => {
  // One manager per project, so the js and nojs runs never overlap periods.
  const manager = isJs(testInfo) ? "chef.equipe@cadran.test" : "chef.division@cadran.test";
  await loginAs(page, manager);
  await page.goto("/profile");
  const section = page.getByTestId("deputy-section");
  await expect(section.getByRole("heading", { name: "Suppléance" })).toBeVisible();
  const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await section.getByLabel("E-mail professionnel du suppléant").fill("employe@cadran.test");
  await section.getByLabel("Premier jour").fill(iso(1));
  await section.getByLabel("Dernier jour").fill(iso(8));
  await section.getByRole("button", { name: "Nommer ce suppléant" }).click();
  await expect(page.getByRole("status").filter({ hasText: "est votre suppléant du" })).toBeVisible();
  await expect(page.getByTestId("deputy-section")).toContainText(iso(8).split("-").reverse().join("/"));
  await page.getByTestId("deputy-section").getByRole("button", { name: "Mettre fin" }).click();
  await expect(page.getByRole("status").filter({ hasText: "La suppléance a été arrêtée." })).toBeVisible();
  await expect(page.getByTestId("deputy-section")).toContainText("Aucun suppléant nommé.");
});
