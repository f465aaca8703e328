import { IMPORT_COLUMNS, columnHeader } from "~/domain/employees/import";
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
  await expect(page.getByTestId("import-summary")).toHaveText("2 à créer, 0 à mettre à jour, 0 inchangé, 0 en erreur.");
  await expect(page.getByTestId("import-new-places")).toContainText(`Équipe « Nouvelle équipe ${base + 1} » (pôle Production)`);
  await page.getByRole("button", { name: "Confirmer l'import" }).click();
  await expect(page.getByTestId("import-result")).toContainText("Import terminé : 2 créés, 0 mis à jour, 0 inchangé.");

  // The same file again: nothing to import.
  await page.getByRole("link", { name: "Importer un autre fichier" }).click();
  await page.getByLabel("Fichier (.xlsx ou .csv)").setInputFiles(fixed);
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByTestId("import-summary")).toHaveText("0 à créer, 0 à mettre à jour, 2 inchangés, 0 en erreur.");
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

test("whose sheet changes: the person and old → new shown, a matricule of another subsidiary refused until ticked, an unticked identity change skipped", async ({ page }, testInfo) => {
  const base = 90_100 + projectOffset(testInfo) * 10;
  const [moved, renamed] = [base + 1, base + 2];
  await loginAs(page, "direction@cadran.test");
  await page.goto("/employees/import");
  // The encoding is a field of the form, detection by default.
  await expect(page.getByLabel("Encodage d'un fichier .csv")).toHaveValue("auto");
  await page.getByLabel("Fichier (.xlsx ou .csv)").setInputFiles({ name: "arrivees.csv", mimeType: "text/csv", buffer: csv([person(moved), person(renamed)]) });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await page.getByRole("button", { name: "Confirmer l'import" }).click();
  await expect(page.getByTestId("import-result")).toContainText("Import terminé : 2 créés");

  // The second file moves one person to Lisboa Print and renames the other.
  await page.getByRole("link", { name: "Importer un autre fichier" }).click();
  const second = csv([
    person(moved, { subsidiary: "Lisboa Print", team: "", position: "Cheffe" }),
    person(renamed, { lastname: `Renommée ${renamed}` }),
  ]);
  await page.getByLabel("Fichier (.xlsx ou .csv)").setInputFiles({ name: "mouvements.csv", mimeType: "text/csv", buffer: second });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByTestId("import-expiry")).toContainText("Cet aperçu expire le");
  const movedRow = page.getByTestId("import-rows").locator("tr", { hasText: `matricule ${moved}` });
  await expect(movedRow.getByTestId("import-person")).toHaveText(`Inès IMPORTÉE ${moved} · matricule ${moved} · agence 3 Print · équipe Nouvelle équipe ${moved}`);
  await expect(movedRow).toContainText(`Le matricule ${moved} est celui de Inès IMPORTÉE ${moved}, agence 3 Print ; le fichier nomme l'agence Lisboa Print.`);
  await expect(movedRow.getByTestId("import-changes")).toContainText("Agence : 3 Print → Lisboa Print");
  await expect(movedRow.getByTestId("import-changes")).toContainText("Poste : Opératrice → Cheffe");
  await expect(page.getByTestId("import-ticks")).toContainText(`Cette ligne modifie l'identité de Inès IMPORTÉE ${renamed} (Nom)`);

  // Not ticked: refused, the server says which line; nothing written.
  await page.getByRole("button", { name: "Confirmer l'import" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Ligne(s) 2 : le matricule appartient à une personne d'une autre agence" })).toBeVisible();

  // The move ticked, the renaming not: the move is written, the renaming skipped.
  await page.getByRole("checkbox", { name: /Écrire la ligne 2/ }).check();
  await page.getByRole("button", { name: "Confirmer l'import" }).click();
  await expect(page.getByTestId("import-result")).toContainText("Import terminé : 0 créé, 1 mis à jour, 0 inchangé. 1 ligne non cochée ignorée.");

  // Read back: the moved person is in Lisboa Print, the other kept their name.
  await page.getByRole("link", { name: "Importer un autre fichier" }).click();
  await page.getByLabel("Fichier (.xlsx ou .csv)").setInputFiles({ name: "mouvements.csv", mimeType: "text/csv", buffer: second });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByTestId("import-summary")).toHaveText("0 à créer, 1 à mettre à jour, 1 inchangé, 0 en erreur.");
});
