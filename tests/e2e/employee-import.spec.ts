import { IMPORT_COLUMNS, columnHeader } from "~/domain/employee-import";
import { expect, loginAs, projectOffset, test } from "./support";

/**
 * The employee import (issue 33 item 1, decision 0098), with JavaScript on and off: the template is offered, a CSV
 * (`;`, decimal comma, DD/MM/YYYY) is uploaded with a plain multipart form, the preview shows each row's outcome and
 * the new team, nothing is written before the confirmation; after it the result page counts the rows, and the same
 * file again is all unchanged. Each project imports its own matricules.
 */
function csv(rows: Record<string, string>[]): Buffer {
  const head = IMPORT_COLUMNS.map((c) => columnHeader(c.field)).join(";");
  return Buffer.from([head, ...rows.map((r) => IMPORT_COLUMNS.map((c) => r[c.field] ?? "").join(";"))].join("\r\n"), "utf8");
}

function person(matricule: number, over: Record<string, string> = {}): Record<string, string> {
  return {
    matricule: String(matricule),
    acronym: `I${matricule}`,
    firstname: "Inès",
    lastname: `Importée ${matricule}`,
    birthday: "03/03/1990",
    phone: "06 00 00 00 00",
    email: `importee.${matricule}@cadran.test`,
    emailPersonal: `importee.${matricule}@exemple.fr`,
    profileType: "Employé",
    position: "Opératrice",
    typeContract: "CDI",
    numberOfHoursPerWeek: "35",
    numberOfHoursPerMonth: "151,67",
    hiredAt: "01/10/2025",
    contractState: "Confirmé",
    annualSalary: "30 000,00",
    hourlyCost: "25,50",
    holidayEarnedLastYear: "0",
    holidayTakenLastYear: "0",
    holidayEarnedThisYear: "2,08",
    holidayTakenThisYear: "0",
    holidayTotalBalance: "2,08",
    holidayMonthlyVacationAccrual: "2,08",
    holidayWorkingTimeReduction: "non",
    country: "France",
    subsidiary: "3 Print",
    division: "Production",
    departmentHead: "non",
    team: `Nouvelle équipe ${matricule}`,
    teamLeader: "non",
    timeRegistration: "oui",
    leaveWorkflow: "fast",
    weekType: "unique_week",
    ...over,
  };
}

test("import employees from a CSV: preview, confirm, then the same file is unchanged", async ({ page }, testInfo) => {
  const base = 90_000 + projectOffset(testInfo) * 10;
  const file = { name: "salaries.csv", mimeType: "text/csv", buffer: csv([person(base + 1), person(base + 2, { hiredAt: "31/02/2025" })]) };
  await loginAs(page, "direction@cadran.test");
  await page.goto("/employees");
  await page.getByRole("link", { name: "Importer", exact: true }).click();
  await expect(page).toHaveURL(/\/employees\/import$/);
  await expect(page.getByRole("link", { name: "Télécharger le modèle (.xlsx)" })).toHaveAttribute("href", "/employees/import/template");

  // A row in error: shown per cell, no confirmation possible.
  await page.getByLabel("Fichier (.xlsx ou .csv)").setInputFiles(file);
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page).toHaveURL(/\/employees\/import\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("import-rows").locator("tr[data-outcome='error']")).toContainText("Date d'embauche : Date attendue au format JJ/MM/AAAA.");
  await expect(page.getByRole("button", { name: "Confirmer l'import" })).toHaveCount(0);

  // Fixed: two to create, the new team listed; confirmed, the result page counts them.
  await page.getByRole("link", { name: "Importer un autre fichier" }).click();
  const fixed = { ...file, buffer: csv([person(base + 1), person(base + 2)]) };
  await page.getByLabel("Fichier (.xlsx ou .csv)").setInputFiles(fixed);
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByTestId("import-summary")).toHaveText("2 à créer, 0 à mettre à jour, 0 inchangé(s), 0 en erreur.");
  await expect(page.getByTestId("import-new-places")).toContainText(`Équipe « Nouvelle équipe ${base + 1} » (pôle Production)`);
  await page.getByRole("button", { name: "Confirmer l'import" }).click();
  await expect(page.getByTestId("import-result")).toContainText("Import terminé : 2 créé(s), 0 mis à jour, 0 inchangé(s).");

  // The same file again: nothing to import.
  await page.getByRole("link", { name: "Importer un autre fichier" }).click();
  await page.getByLabel("Fichier (.xlsx ou .csv)").setInputFiles(fixed);
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByTestId("import-summary")).toHaveText("0 à créer, 0 à mettre à jour, 2 inchangé(s), 0 en erreur.");
  await expect(page.getByText("Rien à importer : toutes les lignes sont identiques aux fiches.")).toBeVisible();
});

test("a file that is not a spreadsheet is refused with a French message, the form shown again", async ({ page }) => {
  await loginAs(page, "daf@cadran.test");
  await page.goto("/employees/import");
  await page.getByLabel("Fichier (.xlsx ou .csv)").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from([137, 80, 78, 71]) });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Envoyez un fichier .xlsx ou .csv." })).toBeVisible();
  await expect(page.getByLabel("Fichier (.xlsx ou .csv)")).toBeVisible();
});
