import { expect, loginAs, logout, test, waitForMail, DEMO_PASSWORD } from "./support";

test.describe("sign-in", () => {
  test("a wrong password keeps the identifier and shows a French error, then the right one signs in", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Identifiant (e-mail professionnel)").fill("employe@cadran.test");
    await page.getByLabel("Mot de passe").fill("Mauvais-2026!");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toContainText("Identifiant ou mot de passe incorrect.");
    await expect(page.getByLabel("Identifiant (e-mail professionnel)")).toHaveValue("employe@cadran.test");
    await page.getByLabel("Mot de passe").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("user-fullname")).not.toBeEmpty();
  });

  test("an empty form answers with field errors in French", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Saisissez votre identifiant.")).toBeVisible();
  });

  test("a protected page sends an anonymous visitor to /login and back after signing in", async ({ page }) => {
    await page.goto("/planning/me?year=2026");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplanning%2Fme%3Fyear%3D2026/);
    await page.getByLabel("Identifiant (e-mail professionnel)").fill("employe@cadran.test");
    await page.getByLabel("Mot de passe").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/planning\/me\?year=2026/);
  });

  test("logout clears the session", async ({ page }) => {
    await loginAs(page, "chef.equipe@cadran.test", { to: "/" });
    await logout(page);
    await expect(page.getByRole("status")).toContainText("Vous êtes déconnecté.");
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a page without the right logs the user out to /login", async ({ page }) => {
    await loginAs(page, "employe@cadran.test");
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("alert")).toContainText("Vous n'avez pas accès à cette page.");
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("forgotten password", () => {
  test("the reset link from the e-mail sets a new password", async ({ page }) => {
    const since = Date.now();
    await page.goto("/login");
    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await page.getByLabel("Identifiant ou e-mail").fill("accueil@cadran.test");
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("un lien de réinitialisation vient d'être envoyé");
    const mail = await waitForMail("accueil@cadran.test", since);
    const link = /https?:\/\/\S+\/password\/change\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    // A weak password is refused in French, nothing changes.
    await page.getByLabel("Nouveau mot de passe").fill("faible");
    await page.getByLabel("Confirmez le mot de passe").fill("faible");
    await page.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(page.getByText(/au moins 8 caractères, une majuscule/).first()).toBeVisible();
    // The demo password is set again so the other journeys keep working.
    await page.getByLabel("Nouveau mot de passe").fill(DEMO_PASSWORD);
    await page.getByLabel("Confirmez le mot de passe").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("Votre mot de passe a été modifié.");
    // The link is single use.
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole("alert")).toContainText("invalide ou a expiré");
    await loginAs(page, "accueil@cadran.test");
  });

  test("an unknown identifier gets the same answer", async ({ page }) => {
    await page.goto("/password/reset");
    await page.getByLabel("Identifiant ou e-mail").fill("personne@cadran.test");
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("un lien de réinitialisation vient d'être envoyé");
  });
});

test.describe("shell", () => {
  test("the menu follows the role, highlights the current entry and shows the 404 page", async ({ page }) => {
    await loginAs(page, "direction@cadran.test", { to: "/" });
    const nav = page.getByRole("navigation", { name: "Menu" });
    await expect(nav.getByRole("link", { name: "Paramètres" }).last()).toBeAttached();
    await expect(nav.getByRole("link", { name: "Tableau de bord" }).last()).toHaveAttribute("aria-current", "page");
    await page.goto("/cette-page-n-existe-pas");
    await expect(page.getByRole("heading", { name: "Oops ! Page non trouvée..." })).toBeVisible();
    await page.getByRole("link", { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an unsupported language parameter goes back to French", async ({ page }) => {
    await loginAs(page, "employe@cadran.test");
    await page.goto("/?lang=de");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("the sidebar shrinks and expands", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, "employe@cadran.test", { to: "/" });
    const nav = page.getByRole("navigation", { name: "Menu" });
    await expect(nav).toHaveAttribute("data-collapsed", "false");
    await page.getByTestId("sidebar-toggle").click();
    await expect(nav).toHaveAttribute("data-collapsed", "true");
    await page.getByTestId("sidebar-toggle").click();
    await expect(nav).toHaveAttribute("data-collapsed", "false");
  });
});
