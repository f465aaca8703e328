import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { DateTime } from "luxon";
import { DEMO_PASSWORD, expect, loginAs, projectOffset, test } from "./support";

/**
 * Issue 26 §1 (decision 0075): a night shift 22:00 -> 06:00 belongs to the day it started. A night is clocked live
 * in the browser on the e2e server's test clock (cookie cadran_test_now, honoured only with CADRAN_TEST_CLOCK=1:
 * decision 0103); another is filed through the /api (refused with 422 before), validated, shown and corrected again.
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

/** A Saturday two (js) or three (nojs) weeks ago, at `hour` in Paris: each run clocks its own night. */
function saturdayOf(offset: number): DateTime {
  return DateTime.now().setZone(ZONE).startOf("week").minus({ weeks: 2 + offset }).plus({ days: 5 });
}

/** "Samedi 7 novembre 2026", the badging card's heading. */
function longDay(d: DateTime): string {
  const text = d.setLocale("fr").toFormat("cccc d LLLL yyyy");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Sets the server's "now" for this browser context's requests (app/server/shared/clock.server.ts). */
async function serverNow(page: Page, testInfo: TestInfo, at: DateTime) {
  const url = testInfo.project.use.baseURL!;
  await page.context().addCookies([{ name: "cadran_test_now", value: String(at.toMillis()), url }]);
}

test.describe("a night shift clocked live", () => {
  test("START on Saturday at 22:00, END on Sunday at 06:00: Saturday's day of 8 h, 8 h of night", async ({ page }, testInfo) => {
    test.slow();
    const saturday = saturdayOf(projectOffset(testInfo));
    const sunday = saturday.plus({ days: 1 });
    const button = (name: string) => page.getByRole("button", { name, exact: true });

    await loginAs(page, "employe@cadran.test");
    await serverNow(page, testInfo, saturday.set({ hour: 22 }));
    await page.goto("/time-clock/badging");
    await expect(page.getByTestId("current-time")).toHaveText("Il est 22:00.");
    await expect(page.getByTestId("today-heading")).toHaveText(longDay(saturday));
    await button("Début").click();
    await expect(page.getByText("Début de journée enregistré.")).toBeVisible();
    await expect(page.getByTestId("clock-state")).toContainText("Au travail depuis 22:00");

    // The next morning: the open shift is still Saturday's, its END is accepted.
    await serverNow(page, testInfo, sunday.set({ hour: 6 }));
    await page.goto("/time-clock/badging");
    await expect(page.getByTestId("current-time")).toHaveText("Il est 06:00.");
    await expect(page.getByTestId("clock-state")).toContainText("Au travail depuis 22:00");
    await page.locator("summary", { hasText: "Fin de journée" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Valider" }).click();
    await expect(page.getByText("Fin de journée enregistrée.")).toBeVisible();

    // Sunday's card is empty; the week shows Saturday's night with its end on the next day and 8 h worked.
    await expect(page.getByTestId("today-heading")).toHaveText(longDay(sunday));
    await expect(page.getByText("Aucun pointage aujourd'hui.")).toBeVisible();
    const week = page.getByRole("region", { name: "Ma semaine" });
    const row = week.locator("tbody tr").filter({ hasText: saturday.toFormat("dd/MM/yyyy") });
    await expect(row).toContainText("22:00 Début");
    await expect(row).toContainText("06:00 (lendemain) Fin");
    await expect(row).toContainText("8 h 00");

    // The night's correction is asked from Sunday's card, as a day shift's (decision 0103): the END was at 06:30.
    const night = page.getByTestId("last-night");
    await expect(night.getByRole("heading", { name: `Votre nuit du ${saturday.toFormat("dd/MM/yyyy")}` })).toBeVisible();
    await night.locator("summary", { hasText: "Demander une modification" }).click();
    await expect(night.getByLabel("Heure du pointage 1")).toHaveValue("22:00");
    await night.getByLabel("Heure du pointage 2").fill("06:30");
    await night.getByLabel("Commentaire").fill(`Fin des rotatives à 06:30 (${testInfo.project.name})`);
    await night.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page.getByText("Demande de modification envoyée.")).toBeVisible();
    await expect(page.getByTestId("pending-corrections")).toContainText(
      `Une demande de modification de votre pointage du ${saturday.toFormat("dd/MM/yyyy")} attend la validation de la direction.`,
    );

    // The week explained counts its 8 h of night (21:00-06:00). Its worked hours come from the week the nightly job
    // stored, computed before this night was clocked in the past (the test clock): not asserted here.
    await page.goto(`/overtime/me?year=${saturday.weekYear}&week=${saturday.weekNumber}`);
    await expect(page.getByTestId("week-explanation")).toContainText(new RegExp(`Samedi ${saturday.toFormat("dd/MM/yyyy")} : [^.]*(?:dont )?8 h 00 de nuit \\(21 h – 6 h\\)\\.`));
  });
});
