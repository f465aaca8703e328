import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, loginAs, test } from "./support";

/**
 * Issue 28 item 9, with JavaScript on and off: a signed-in user changes their password from the profile (current,
 * then the new one twice), is signed out, signs in with the new one, and puts the demo password back.
 */
const EMAIL = "commercial@cadran.test";
const NEW = "Nouveau-Cadran-2026!";

async function change(page: Page, current: string, next: string) {
  await page.goto("/profile");
  const form = page.getByTestId("password-change");
  await form.locator("#password-current").fill(current);
  await form.locator("#password-password").fill(next);
  await form.locator("#password-confirm").fill(next);
  await form.getByRole("button", { name: "Changer le mot de passe" }).click();
}

test("a user changes their password from the profile", async ({ page }) => {
  test.slow();
  await loginAs(page, EMAIL);
  await page.goto("/profile");
  const form = page.getByTestId("password-change");
  await form.locator("#password-current").fill("Pas-le-bon-1!");
  await form.locator("#password-password").fill(NEW);
  await form.locator("#password-confirm").fill(NEW);
  await form.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.getByText("Le mot de passe actuel est incorrect.")).toBeVisible();

  await change(page, DEMO_PASSWORD, NEW);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("Votre mot de passe a été changé.")).toBeVisible();

  await loginAs(page, EMAIL, { password: NEW });
  await change(page, NEW, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/login/);
});
