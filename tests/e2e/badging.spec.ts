import type { APIRequestContext } from "@playwright/test";
import { DateTime } from "luxon";
import { DEMO_PASSWORD, expect, loginAs, test } from "./support";

const EMAIL = "employe@cadran.test";

/** Starts the journey from an empty day: the js and nojs runs share the seeded database and today's date. */
async function resetToday(request: APIRequestContext) {
  const login = await request.post("/api/login", { data: { username: EMAIL, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { apiToken } = (await login.json()) as { apiToken: string };
  const reset = await request.post("/api/timeclock/reset", { headers: { "X-AUTH-TOKEN": apiToken } });
  expect(reset.status()).toBe(200);
}

test.describe("my badging", () => {
  test("a full day: start -> lunch -> start -> end, then the edit request appears", async ({ page, request }) => {
    test.slow(); // five page loads, each checked by axe
    await resetToday(request);
    await loginAs(page, EMAIL);
    await page.goto("/time-clock/badging");
    await expect(page.getByRole("heading", { level: 1, name: "Mon pointage" })).toBeVisible();
    await expect(page.getByTestId("today-heading")).not.toBeEmpty();
    await expect(page.getByText("Aucun pointage aujourd'hui.")).toBeVisible();

    const button = (name: string) => page.getByRole("button", { name, exact: true });
    await expect(button("Pause")).toBeDisabled();

    await button("Début").click();
    await expect(page.getByText("Début de journée enregistré.")).toBeVisible();
    await expect(page.getByTestId("today-entries")).toContainText("Début");
    await expect(button("Début")).toBeDisabled();

    await button("Déjeuner").click();
    await expect(page.getByText("Départ en déjeuner enregistré.")).toBeVisible();
    await expect(button("Déjeuner")).toBeDisabled();

    // Back from lunch the START button reads "Reprendre" and the state is said in words (issue 28 item 1).
    await expect(page.getByTestId("clock-state")).toHaveText(/En pause déjeuner depuis \d\d:\d\d/);
    await button("Reprendre").click();
    await expect(page.getByText("Reprise du travail enregistrée.")).toBeVisible();

    // End of day asks for a confirmation first.
    await page.locator("summary", { hasText: "Fin de journée" }).click();
    await expect(page.getByRole("dialog")).toContainText("Voulez-vous vraiment terminer votre journée ?");
    await page.getByRole("dialog").getByRole("button", { name: "Valider" }).click();
    await expect(page.getByText("Fin de journée enregistrée.")).toBeVisible();

    const entries = page.getByTestId("today-entries");
    await expect(entries.locator("tbody tr")).toHaveCount(4);
    await expect(entries).toContainText("Fin");
    await expect(button("Début")).toBeDisabled();
    await expect(page.getByTestId("overtime-today")).not.toContainText("s'affichera");
    await expect(page.locator("summary", { hasText: "Demander une modification" })).toBeVisible();
    // "Ma semaine" runs Monday to yesterday: today stays on its own card, even once ended (issue 29 item 6). Today is
    // the server's (its card's heading, "Lundi 7 décembre 2026"), not this process's clock; on a Monday the week has
    // no day yet and its card is not shown at all.
    const heading = (await page.getByTestId("today-heading").textContent()) ?? "";
    const today = DateTime.fromFormat(heading.trim().toLowerCase(), "cccc d LLLL yyyy", { locale: "fr" });
    expect(today.isValid, heading).toBe(true);
    const week = page.getByRole("region", { name: "Ma semaine" });
    if (today.weekday === 1) await expect(week).toHaveCount(0);
    else await expect(week).not.toContainText(today.toFormat("dd/MM/yyyy"));
  });

  test("the history search keeps 2 weeks and groups by week", async ({ page }) => {
    await loginAs(page, EMAIL);
    await page.goto("/time-clock/badging");
    await expect(page.getByText("Renseignez une date de début et une date de fin")).toBeVisible();
    const today = new Date();
    const from = new Date(today.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(today.getTime() - 1 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("Du", { exact: true }).fill(from);
    await page.getByLabel("Au", { exact: true }).fill(to);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.getByText("La période a été limitée à 2 semaines")).toBeVisible();
    await expect(page.getByTestId("history").getByRole("heading", { level: 3 }).first()).toContainText("Semaine");
  });
});
