import { expect, loginAs, test } from "./support";

/**
 * Issue 28 item 7, with JavaScript on and off: the hours field appears for a recovery leave only, and "Voir le
 * décompte" shows the working days counted and the balance after, computed by the server, the form kept.
 */
const Y = new Date().getFullYear() + 1;

test("asking for leave: the preview before sending, the hours for a recovery leave only", async ({ page }) => {
  await loginAs(page, "employe@cadran.test");
  await page.goto("/leave/ask");
  const hours = page.getByTestId("leave-hours");
  await page.getByLabel("Motif").selectOption("PAID_LEAVE");
  await expect(hours).toBeHidden();
  await page.getByLabel("Date de début").fill(`${Y}-09-07`);
  await page.getByLabel("Date de fin").fill(`${Y}-09-11`);
  await page.getByRole("button", { name: "Voir le décompte" }).click();
  const preview = page.getByTestId("leave-preview");
  await expect(preview).toContainText(/\d jour\(s\) ouvré\(s\) décompté\(s\)\./);
  await expect(preview).toContainText("Solde de congés payés après ce congé :");
  await expect(page.getByLabel("Date de début")).toHaveValue(`${Y}-09-07`);
  await page.getByLabel("Motif").selectOption("RECOVERY_LEAVE");
  await expect(hours).toBeVisible();
});
