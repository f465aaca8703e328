import { expect, logout, test } from "./support";

/**
 * Single sign-on (issue 32 item 1, decision 0090), with JavaScript on and off, against the real OpenID provider the
 * e2e server starts (tests/e2e/server.ts; its login screen asks for an e-mail): the plain link on /login, the page
 * asked for kept, logout, and an unknown person's French message.
 */
test.describe("single sign-on", () => {
  test("signs in through the provider, lands on the page asked for, and logs out", async ({ page }) => {
    await page.goto("/planning/me?year=2026");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplanning%2Fme%3Fyear%3D2026/);
    const link = page.getByRole("link", { name: "Se connecter avec Annuaire Démo" });
    await expect(link).toHaveAttribute("href", "/login/oidc?redirect=%2Fplanning%2Fme%3Fyear%3D2026");
    await link.click();
    // At the provider: its own login screen.
    await expect(page.getByRole("heading", { name: "Fournisseur d'identité de test" })).toBeVisible();
    await page.getByLabel("E-mail").fill("Employe@cadran.test");
    await page.getByRole("button", { name: "Continuer" }).click();
    await expect(page).toHaveURL(/\/planning\/me\?year=2026$/);
    await expect(page.getByTestId("user-fullname")).not.toBeEmpty();
    await logout(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });

  test("an unknown person gets a French message on /login and is not signed in", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Se connecter avec Annuaire Démo" }).click();
    await page.getByLabel("E-mail").fill("inconnu@exemple.fr");
    await page.getByRole("button", { name: "Continuer" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Aucun compte Cadran ne correspond à l'adresse inconnu@exemple.fr.")).toBeVisible();
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });
});
