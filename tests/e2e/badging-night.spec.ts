import type { APIRequestContext } from "@playwright/test";
import { DateTime } from "luxon";
import { DEMO_PASSWORD, expect, loginAs, projectOffset, test } from "./support";

/**
 * Issue 26 §1 (decision 0075): a night shift 22:00 -> 06:00 belongs to the day it started. The browser cannot move
 * the server's clock, so the live clocking of a night is pinned by tests/integration/time-clock-night.test.ts; here a
 * night is filed through the /api (refused with 422 before), validated, shown and corrected again in the pages.
 */
const ZONE = "Europe/Paris";

async function token(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post("/api/login", { data: { username: email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { apiToken: string }).apiToken;
}

/** A Thursday (js) or Friday (nojs) four weeks ago: each run files its own night. */
function nightOf(offset: number): DateTime {
  return DateTime.now().setZone(ZONE).startOf("week").minus({ weeks: 4 }).plus({ days: 3 + offset });
}

test.describe("a night shift", () => {
  test("filed through the /api, validated, shown on its day with its end on the next, corrected again by the team leader", async ({ page, request }, testInfo) => {
    test.slow();
    const day = nightOf(projectOffset(testInfo));
    const at = (d: DateTime, hour: number, minute = 0) => Math.floor(d.set({ hour, minute }).toSeconds());
    const next = day.plus({ days: 1 });
    const created = await request.post("/api/timeclock/suggest", {
      headers: { "X-AUTH-TOKEN": await token(request, "employe@cadran.test") },
      data: {
        date: day.toISODate(),
        message: `Nuit des rotatives (${testInfo.project.name})`,
        timeLogs: [
          { time: at(day, 22), type: "START" },
          { time: at(next, 2), type: "PAUSE" },
          { time: at(next, 2, 20), type: "START" },
          { time: at(next, 6), type: "END" },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await loginAs(page, "direction@cadran.test");
    await page.goto("/time-clock/edit-badging");
    const card = page.getByTestId(`suggestion-${id}`);
    await expect(card).toContainText(`Camille DUBOIS — ${day.toFormat("dd/MM/yyyy")}`);
    await expect(card.getByTestId(`new-entries-${id}`)).toContainText("22:00");
    await expect(card.getByTestId(`new-entries-${id}`)).toContainText("06:00 (lendemain)");
    await card.getByRole("button", { name: /^Valider / }).click();
    await card.getByRole("dialog").getByRole("button", { name: "Valider" }).click();
    await expect(page.getByText("La correction a été validée")).toBeVisible();

    await page.context().clearCookies();
    await loginAs(page, "chef.equipe@cadran.test");
    await page.goto("/time-clock/team-badging");
    const form = page.getByTestId("search-form");
    await form.getByLabel("Du", { exact: true }).fill(day.toISODate()!);
    await form.getByLabel("Au", { exact: true }).fill(next.toISODate()!);
    await form.getByLabel("Nom de l'employé").fill("dubois");
    await page.getByTestId("search-submit").click();
    const results = page.getByTestId("search-results");
    const row = results.locator("tbody tr").filter({ hasText: "22:00" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(day.toFormat("dd/MM/yyyy"));
    await expect(row).toContainText("06:00 (lendemain)");

    // The correction form is filled with the night as it is (22:00 ... 06:00): proposing it again is accepted.
    await row.locator("summary", { hasText: "Corriger" }).click();
    await row.getByLabel("Commentaire").fill(`La nuit confirmée (${testInfo.project.name})`);
    await row.getByRole("button", { name: "Proposer la correction" }).click();
    await expect(page.getByText("Demande de modification envoyée")).toBeVisible();
  });
});
