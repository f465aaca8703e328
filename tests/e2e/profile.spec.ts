import { DEMO_PASSWORD, expect, isJs, loginAs, projectOffset, test } from "./support";

/** A real 1 × 1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** Profile journeys (spec 1 §2 "Profile"), with JavaScript on and off. */
test.describe("profile", () => {
  test("change the avatar: the header shows it at once; then remove it", async ({ page }) => {
    await loginAs(page, "employe@cadran.test", { to: "/" });
    await page.getByLabel("Menu utilisateur").click();
    await page.getByRole("link", { name: "Modifier le profil" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByLabel("Téléphone personnel").fill("06 11 22 33 44");
    await page.getByLabel("E-mail personnel").fill("employe.perso@example.org");
    await page.getByLabel("Choisir un nouvel avatar").setInputFiles({ name: "moi.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Votre profil a été mis à jour." })).toBeVisible();
    const header = page.getByRole("banner").getByRole("img");
    await expect(header).toHaveAttribute("src", /^\/avatars\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId("profile-avatar")).toHaveAttribute("src", /^\/avatars\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByLabel("Téléphone personnel")).toHaveValue("06 11 22 33 44");

    await page.getByRole("button", { name: "Supprimer l'avatar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Votre avatar a été supprimé." })).toBeVisible();
    await expect(header).toHaveAttribute("src", "/default-avatar.svg");
  });

  test("a file that is not an image is refused with a clear message", async ({ page }) => {
    await loginAs(page, "accueil@cadran.test");
    await page.goto("/profile");
    await page.getByLabel("Téléphone personnel").fill("01 23 45 67 89");
    await page.getByLabel("E-mail personnel").fill("accueil.perso@example.org");
    await page
      .getByLabel("Choisir un nouvel avatar")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") });
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Format d'image refusé : seuls PNG, JPEG et WebP sont acceptés.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("img")).toHaveAttribute("src", "/default-avatar.svg");
  });

  test("log out everywhere, confirmed, ends this session and the API tokens too", async ({ page, request }, testInfo) => {
    // A demo employee of its own per project, so the js and nojs runs never end each other's sessions.
    const email = ["elodie.fontaine@cadran.test", "mathieu.girard@cadran.test"][projectOffset(testInfo)]!;
    const login = await request.post("/api/login", { data: { username: email, password: DEMO_PASSWORD } });
    expect(login.status()).toBe(200);
    const { apiToken } = (await login.json()) as { apiToken: string };
    await loginAs(page, email);
    await page.goto("/profile");
    await page.locator("summary", { hasText: "Se déconnecter partout" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Fermer toutes vos sessions, révoquer tous vos accès et désactiver vos flux d'agenda ?");
    await dialog.getByRole("button", { name: "Se déconnecter partout" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Toutes vos sessions ont été fermées. Reconnectez-vous.")).toBeVisible();
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login/);
    expect((await request.get("/api/profile", { headers: { "X-AUTH-TOKEN": apiToken } })).status()).toBe(401);
  });

  test("save is enabled only when both phone and e-mail are filled", async ({ page }, testInfo) => {
    await loginAs(page, "commercial@cadran.test");
    await page.goto("/profile");
    const save = page.getByRole("button", { name: "Enregistrer les modifications" });
    await page.getByLabel("Téléphone personnel").fill("");
    await page.getByLabel("E-mail personnel").fill("commercial.perso@example.org");
    if (isJs(testInfo)) {
      await expect(save).toBeDisabled();
      await page.getByLabel("Téléphone personnel").fill("06 00 00 00 01");
      await expect(save).toBeEnabled();
    } else {
      // Without JavaScript the server checks.
      await save.click();
      await expect(page.getByText("Le téléphone personnel est obligatoire.")).toBeVisible();
    }
  });
});
