import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, expect, loginAs, test } from "./support";

/** Issue 28 item 1: one tap from the home page instead of three (☰ Menu → Pointage → Mon pointage). */
const EMAIL = "employe@cadran.test";

async function resetToday(request: APIRequestContext) {
  const login = await request.post("/api/login", { data: { username: EMAIL, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { apiToken } = (await login.json()) as { apiToken: string };
  expect((await request.post("/api/timeclock/reset", { headers: { "X-AUTH-TOKEN": apiToken } })).status()).toBe(200);
}

test.describe("the clock on the home page", () => {
  test("an employee badges a whole day from the home page, the state said in words", async ({ page, request }) => {
    test.slow(); // six page loads, each checked by axe
    await resetToday(request);
    await loginAs(page, EMAIL);
    await page.goto("/");
    const block = page.getByTestId("dash-clock");
    const state = page.getByTestId("clock-state");
    const button = (name: string) => block.getByRole("button", { name, exact: true });
    await expect(state).toHaveText(/Pas encore badgé/);
    await expect(block).toContainText("Temps travaillé aujourd'hui : 0 h 00");
    // The balances of the employee home: acquired, taken, balance.
    await expect(page.getByTestId("leave-balances")).toContainText("Acquis");
    await expect(page.getByTestId("leave-balances")).toContainText("Solde");

    await button("Début").click();
    await expect(page.getByText("Début de journée enregistré.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(state).toHaveText(/Au travail depuis \d\d:\d\d/);

    await button("Pause").click();
    await expect(state).toHaveText(/En pause depuis \d\d:\d\d/);
    await expect(button("Pause")).toBeDisabled();

    await button("Reprendre").click();
    await expect(page.getByText("Reprise du travail enregistrée.")).toBeVisible();
    await expect(state).toHaveText(/Au travail depuis \d\d:\d\d/);

    // The end of the day keeps its confirmation.
    await block.locator("summary", { hasText: "Fin de journée" }).click();
    await expect(page.getByRole("dialog")).toContainText("Voulez-vous vraiment terminer votre journée ?");
    await page.getByRole("dialog").getByRole("button", { name: "Valider" }).click();
    await expect(page.getByText("Fin de journée enregistrée.")).toBeVisible();
    await expect(state).toHaveText(/Journée terminée à \d\d:\d\d/);
    await expect(button("Début")).toBeDisabled();

    // The badging page says the same in words.
    await page.goto("/time-clock/badging");
    await expect(page.getByTestId("clock-state")).toHaveText(/Journée terminée à \d\d:\d\d/);
  });
});
