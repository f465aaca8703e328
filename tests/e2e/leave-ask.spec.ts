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
  await expect(preview).toContainText(/\d jours? ouvrés? décomptés?\./);
  await expect(preview).toContainText("Solde de congés payés après ce congé :");
  await expect(page.getByLabel("Date de début")).toHaveValue(`${Y}-09-07`);
  await page.getByLabel("Motif").selectOption("RECOVERY_LEAVE");
  await expect(hours).toBeVisible();
});

test("with JavaScript, the spec's form rules apply in the browser", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "the browser rules need JavaScript; without it the server says what is missing");
  await loginAs(page, "employe@cadran.test");
  await page.goto("/leave/ask");
  const submit = page.getByRole("button", { name: "Envoyer la demande" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Motif").selectOption("PAID_LEAVE");
  await page.getByLabel("Date de début").fill(`${Y}-09-14`);
  await expect(page.getByLabel("Date de fin")).toHaveAttribute("min", `${Y}-09-14`);
  await page.getByLabel("Date de fin").fill(`${Y}-09-14`);
  // One day: the half day is offered; checked, then the end moved (issue 41): disabled and unchecked.
  const halfDay = page.getByRole("checkbox", { name: "Demi-journée" });
  await halfDay.check();
  await page.getByRole("radio", { name: "Matin" }).check();
  await page.getByLabel("Date de fin").fill(`${Y}-09-16`);
  await expect(submit).toBeEnabled();
  // Several days: no half day.
  await expect(halfDay).toBeDisabled();
  await expect(halfDay).not.toBeChecked();
  await expect(page.getByRole("radio", { name: "Matin" })).not.toBeChecked();
  await page.getByLabel("Date de fin").fill(`${Y}-09-14`);
  await expect(halfDay).toBeEnabled();
  await expect(halfDay).not.toBeChecked();
  // A recovery leave needs its hours before it can be sent.
  await page.getByLabel("Motif").selectOption("RECOVERY_LEAVE");
  await expect(submit).toBeDisabled();
  await page.getByLabel("Nombre d'heures (récupération)").fill("2");
  await expect(submit).toBeEnabled();
});
