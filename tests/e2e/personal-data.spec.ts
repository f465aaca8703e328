import JSZip from "jszip";
import { DEMO_PASSWORD, expect, isJs, loginAs, test } from "./support";

/** Personal data (issue 32 §4): "Mes données" from the profile, and HR's anonymisation, with JavaScript on and off. */
test.describe("personal data", () => {
  test("an employee downloads their own data from the profile as a ZIP of CSV files", async ({ page }) => {
    await loginAs(page, "employe@cadran.test");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Mes données" })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Télécharger mes données (ZIP)" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mes-donnees-cadran-\d{4}-\d{2}-\d{2}\.zip$/);
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    const zip = await JSZip.loadAsync(await readFile(path));
    expect(Object.keys(zip.files).sort()).toEqual(["LISEZMOI.txt", "conges.csv", "historique.csv", "pointages.csv", "profil.csv", "semaines.csv"]);
    expect(await zip.file("profil.csv")!.async("string")).toContain("E-mail professionnel (identifiant);employe@cadran.test");
  });

  test("HR: the dry run of a recent leaver says the retention is not over, nothing to confirm", async ({ page }) => {
    await loginAs(page, "direction@cadran.test");
    const api = page.context().request;
    const login = await api.post("/api/login", { data: { username: "direction@cadran.test", password: DEMO_PASSWORD } });
    const { apiToken } = (await login.json()) as { apiToken: string };
    const list = await api.get("/api/employees?exists[contract.firedAt]=true", { headers: { "X-AUTH-TOKEN": apiToken, Accept: "application/json" } });
    const body = (await list.json()) as Record<string, unknown>;
    const members = (body["hydra:member"] ?? body.member ?? body) as { id: number; lastname: string }[];
    const sebastien = members.find((m) => m.lastname.toUpperCase() === "ROUSSEL")!;
    await page.goto(`/employees/${sebastien.id}/edit`);
    await page.getByRole("link", { name: "Anonymiser…" }).click();
    await expect(page).toHaveURL(new RegExp(`/employees/${sebastien.id}/anonymise$`));
    await expect(page.getByTestId("anonymise-problem")).toContainText("La durée de conservation n'est pas écoulée");
    await expect(page.getByTestId("anonymise-dry-run")).toContainText("Commentaires RH");
    await expect(page.getByRole("button", { name: "Anonymiser définitivement" })).toHaveCount(0);
    await page.getByRole("link", { name: "Annuler" }).click();
    await expect(page).toHaveURL(new RegExp(`/employees/${sebastien.id}/edit$`));
  });

  test("HR anonymise a leaver whose retention is over: dry run, confirm, the sheet shows the anonymous label", async ({ page }, testInfo) => {
    // One demo employee per project that no other journey uses (js: Isabelle Gauthier, nojs: Nicolas Morel), given a
    // departure six years ago (an archived sheet is read-only, so an active one is archived for the test).
    const lastname = isJs(testInfo) ? "GAUTHIER" : "MOREL";
    await loginAs(page, "direction@cadran.test");
    const api = page.context().request;
    const login = await api.post("/api/login", { data: { username: "direction@cadran.test", password: DEMO_PASSWORD } });
    const { apiToken } = (await login.json()) as { apiToken: string };
    const headers = { "X-AUTH-TOKEN": apiToken, Accept: "application/json" };
    let person: { id: number; lastname: string } | undefined;
    for (let p = 1; p <= 5 && !person; p++) {
      const list = await api.get(`/api/employees?exists[contract.firedAt]=false&page=${p}`, { headers });
      const body = (await list.json()) as Record<string, unknown>;
      const members = (body["hydra:member"] ?? body.member ?? body) as { id: number; lastname: string }[];
      person = members.find((m) => m.lastname.toUpperCase() === lastname);
    }
    const put = await api.put(`/api/employees/${person!.id}`, { headers, data: { firedAt: "2020-07-31" } });
    expect(put.status(), await put.text()).toBe(200);

    await page.goto(`/employees/${person!.id}/anonymise`);
    await expect(page.getByTestId("anonymise-problem")).toHaveCount(0);
    await expect(page.getByTestId("anonymise-dry-run")).toContainText(`Anonyme N°${person!.id}`);
    await page.getByRole("button", { name: "Anonymiser définitivement" }).click();
    await expect(page).toHaveURL(new RegExp(`/employees/${person!.id}/edit$`));
    await expect(page.getByRole("status").filter({ hasText: "a été anonymisé." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Anonyme N°${person!.id}`);
  });
});
