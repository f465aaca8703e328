import type { Page, TestInfo } from "@playwright/test";
import { expect, isJs, loginAs, test } from "./support";

/** Journeys of the employee sheets (issue 3): create then edit, archive then read-only. JS on and off. */

/** A labelled control; labels of required fields end with the star. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\*?$`));

function unique(testInfo: TestInfo, tag: string) {
  const n = `${Date.now() % 1_000_000}${isJs(testInfo) ? 1 : 2}`;
  return { n, email: `e2e.${tag}.${n}@cadran.test`, lastname: `${tag}${isJs(testInfo) ? "js" : "nojs"}` };
}

/** Fills every required field of a new sheet and Monday's schedule (09:00-12:00, 13:00-17:00). */
async function fillNewSheet(page: Page, u: { n: string; email: string; lastname: string }) {
  await field(page, "Matricule").fill(String(700000 + Number(u.n.slice(-5))));
  await field(page, "Trigramme").fill(`E${u.n.slice(-4)}`);
  await field(page, "Prénom").fill("camille");
  await field(page, "Nom").fill(u.lastname);
  await field(page, "Date de naissance").fill("1991-05-17");
  await field(page, "Téléphone personnel").fill("0601020304");
  await field(page, "E-mail personnel").fill(`perso.${u.n}@example.org`);
  await field(page, "Type de contrat").selectOption({ label: "CDI (contrat à durée indéterminée)" });
  await field(page, "Heures par semaine").fill("35");
  await field(page, "Heures par mois").fill("151.67");
  await field(page, "Date d'embauche").fill("2024-09-02");
  await field(page, "État du contrat").fill("En poste");
  await field(page, "Salaire annuel brut (€)").fill("31000");
  await field(page, "Coût horaire (€)").fill("20.45");
  await field(page, "Poste").fill("Imprimeur");
  await field(page, "Pays").selectOption({ label: "France" });
  await field(page, "Agence").selectOption({ label: "3 Print" });
  await field(page, "Pôle").selectOption({ label: "Production" });
  await field(page, "Équipe").selectOption({ label: "Impression offset" });
  await field(page, "E-mail professionnel (identifiant)").fill(u.email);
  await field(page, "Profil").selectOption({ label: "Employé" });
  for (const [edge, hour] of [["Matin, Début", "9"], ["Matin, Fin", "12"], ["Après-midi, Début", "13"], ["Après-midi, Fin", "17"]] as const) {
    await page.getByLabel(`Lundi, ${edge} (heures)`).first().fill(hour);
    await page.getByLabel(`Lundi, ${edge} (minutes)`).first().fill("00");
  }
}

test.describe("employee sheets", () => {
  test("create and then edit an employee", async ({ page }, testInfo) => {
    const u = unique(testInfo, "creation");
    await loginAs(page, "direction@cadran.test");
    await page.goto("/employees");
    await page.getByRole("link", { name: "Nouvelle fiche employé" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Nouvel employé" })).toBeVisible();
    await expect(field(page, "Acquisition mensuelle (jours)")).toHaveValue("2,08");

    // A missing required field comes back with its error marker, the rest kept.
    await fillNewSheet(page, u);
    await field(page, "Poste").fill("");
    await page.getByRole("button", { name: "Créer l'employé" }).click();
    await expect(page.locator(".field-error").filter({ hasText: "Ce champ est obligatoire." })).toHaveCount(1);
    await expect(field(page, "E-mail professionnel (identifiant)")).toHaveValue(u.email);

    await field(page, "Poste").fill("Imprimeur");
    if (isJs(testInfo)) {
      // The day total follows the typing.
      await expect(page.locator('[data-week="1"] [data-day-total="0"]')).toHaveText("07:00");
    }
    await page.getByRole("button", { name: "Créer l'employé" }).click();
    await expect(page).toHaveURL(/\/employees\/\d+\/edit$/);
    await expect(page.getByText("La fiche employé a été créée.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Fiche de Camille ${u.lastname.toUpperCase()}`);
    await expect(page.getByTestId("completion")).toHaveText("Fiche complétée à 100 %");
    await expect(page.locator('[data-week="1"] [data-day-total="0"]')).toHaveText("07:00");
    await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText("3 Print");
    await expect(page.getByRole("link", { name: "← Retour" })).toHaveAttribute("href", /\/employees\/subsidiary\/\d+\/division\/\d+\/team\/\d+$/);

    // Edit: alternate weeks; week 2 appears (live with JS, through the refresh button without).
    await field(page, "Poste").fill("Chef d'atelier");
    await field(page, "Type de semaine").selectOption({ label: "Semaines 1 et 2" });
    if (!isJs(testInfo)) await page.getByRole("button", { name: "Mettre à jour les horaires" }).click();
    await expect(page.locator('[data-week="2"]')).toBeVisible();
    await page.getByLabel("Mardi, Matin, Début (heures)").nth(1).fill("8");
    await page.getByLabel("Mardi, Matin, Fin (heures)").nth(1).fill("12");
    // Dated back to a Wednesday of January: the alternate weeks apply from that Monday (decision 0070).
    await field(page, "Date d'effet des changements d'heures ou d'horaires").fill("2026-01-07");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("La fiche employé a été enregistrée.")).toBeVisible();
    await expect(field(page, "Poste")).toHaveValue("Chef d'atelier");
    await expect(page.locator('[data-week="2"] [data-day-total="1"]')).toHaveText("04:00");
    // The week type changed: the contract of before is listed, with its single week (decision 0070).
    const former = page.getByRole("region", { name: "Contrats précédents" });
    await expect(former).toContainText("04/01/2026");
    await expect(former).toContainText("35 h");
    await expect(former).toContainText("Semaine unique");

    // The new employee is in the team's directory page.
    await page.getByRole("link", { name: "← Retour" }).click();
    await expect(page.getByRole("link", { name: new RegExp(`Camille ${u.lastname.toUpperCase()}`) })).toBeVisible();
  });

  test("archive an employee and see the read-only sheet", async ({ page }, testInfo) => {
    const u = unique(testInfo, "archive");
    await loginAs(page, "daf@cadran.test");
    await page.goto("/employees/new");
    await fillNewSheet(page, u);
    await page.getByRole("button", { name: "Créer l'employé" }).click();
    await expect(page).toHaveURL(/\/employees\/\d+\/edit$/);
    // With JavaScript the address changes before the new page is drawn (a transition): a field filled at once could
    // go to the creation form still on screen. The creation's notice says the sheet is there.
    await expect(page.getByText("La fiche employé a été créée.")).toBeVisible();
    const sheetUrl = page.url();

    await field(page, "Date de départ").fill("2026-01-30");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("La fiche employé a été enregistrée.")).toBeVisible();
    await expect(page.getByTestId("archived-notice")).toContainText("a quitté l'entreprise le 30/01/2026");
    await expect(page.getByRole("button", { name: "Enregistrer les modifications" })).toHaveCount(0);
    await expect(field(page, "Poste")).toBeDisabled();
    await expect(page.getByTestId("completion")).toHaveCount(0);
    await expect(page.locator(".archive-header").first()).toBeVisible();

    // The archives of the subsidiary list them with the departure date.
    await page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("link", { name: "3 Print" }).click();
    await page.getByRole("link", { name: /Archives/ }).click();
    const card = page.getByRole("link", { name: new RegExp(`Camille ${u.lastname.toUpperCase()}`) });
    await expect(card).toContainText("Départ le 30/01/2026");
    await card.click();
    await expect(page).toHaveURL(sheetUrl);
  });
});
