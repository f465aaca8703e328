import ExcelJS from "exceljs";
import { readFile } from "node:fs/promises";
import { DEMO_PASSWORD, expect, isJs, loginAs, test } from "./support";

/**
 * The change history (issue 32 §3, decision 0107): HR edit a field of a sheet, open its "Historique" tab, read
 * « old → new », filter by kind and period, and download the filtered history as Excel. JS on and off; each project
 * edits its own demo person (js: the commercial, nojs: the host).
 */
test.describe("employee history", () => {
  test("HR edit a sheet, read the change on the Historique tab, filter it and export it", async ({ page }, testInfo) => {
    // A long journey (sheet saved, four filtered pages, a download): more than the default minute on a busy machine.
    test.setTimeout(150_000);
    const email = isJs(testInfo) ? "commercial@cadran.test" : "accueil@cadran.test";
    const state = `Historique ${isJs(testInfo) ? "js" : "nojs"} ${Date.now() % 100_000}`;
    await loginAs(page, "direction@cadran.test");
    const api = page.context().request;
    const login = await api.post("/api/login", { data: { username: "direction@cadran.test", password: DEMO_PASSWORD } });
    const { apiToken } = (await login.json()) as { apiToken: string };
    const headers = { "X-AUTH-TOKEN": apiToken, Accept: "application/json" };
    let person: { id: number; email: string; contractState: string | null } | undefined;
    for (let p = 1; p <= 5 && !person; p++) {
      const list = await api.get(`/api/employees?page=${p}`, { headers });
      const body = (await list.json()) as Record<string, unknown>;
      const members = (body["hydra:member"] ?? body.member ?? body) as { id: number; email: string; contractState: string | null }[];
      person = members.find((m) => m.email === email);
    }
    expect(person, email).toBeTruthy();

    // The sheet: edit one field.
    await page.goto(`/employees/${person!.id}/edit`);
    const tabs = page.getByRole("navigation", { name: "Onglets de la fiche" });
    await expect(tabs.getByRole("link", { name: "Fiche" })).toHaveAttribute("aria-current", "page");
    const before = await page.getByLabel(/^État du contrat\*?$/).inputValue();
    await page.getByLabel(/^État du contrat\*?$/).fill(state);
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("La fiche employé a été enregistrée.")).toBeVisible();

    // The Historique tab shows the change, newest first, by the person who made it.
    await tabs.getByRole("link", { name: "Historique" }).click();
    await expect(page).toHaveURL(new RegExp(`/employees/${person!.id}/history$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Historique de");
    const first = page.getByTestId("history-entry").first();
    await expect(first).toContainText(`État du contrat : ${before || "(vide)"} → ${state}`);
    await expect(first).toContainText("Fiche");
    await expect(first).toContainText("Catherine LEMAIRE"); // direction@cadran.test in the demo

    // Filter by kind: no leave decisions on this sheet today, then the sheet's changes again.
    const today = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date());
    await page.getByLabel("Type", { exact: true }).selectOption({ label: "Congés" });
    await page.getByLabel("Du", { exact: true }).fill(today);
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/kind=leave/);
    await expect(page.getByTestId("history-entry").filter({ hasText: state })).toHaveCount(0);
    await page.getByLabel("Type", { exact: true }).selectOption({ label: "Fiche" });
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/kind=sheet/);
    await expect(page.getByLabel("Du", { exact: true })).toHaveValue(today);
    await expect(page.getByTestId("history-entry").first()).toContainText(state);
    await expect(page.locator('[data-testid="history-entry"]:not([data-kind="sheet"])')).toHaveCount(0);

    // A bad date is said in French, the form coming back filled.
    await page.getByLabel("Au", { exact: true }).fill("31/02/2026");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page.getByText("Date invalide (JJ/MM/AAAA).")).toBeVisible();
    await expect(page.getByLabel("Au", { exact: true })).toHaveValue("31/02/2026");
    await page.getByLabel("Au", { exact: true }).fill("");
    await page.getByRole("button", { name: "Filtrer" }).click();

    // The Excel export of the filtered history.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter en Excel" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^historique-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["Date", "Heure", "Type", "Par", "Modification"]);
    expect(String(sheet.getRow(2).getCell(5).value)).toContain(`→ ${state}`);
    const kinds = new Set<string>();
    sheet.eachRow((row, n) => n > 1 && kinds.add(String(row.getCell(3).value)));
    expect([...kinds]).toEqual(["Fiche"]);
  });
});
