import type { APIRequestContext } from "@playwright/test";
import { DateTime } from "luxon";
import { DEMO_PASSWORD, expect, isJs, loginAs, projectOffset, test } from "./support";

const ZONE = "Europe/Paris";

async function token(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post("/api/login", { data: { username: email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { apiToken: string }).apiToken;
}

/** A weekday three weeks ago (Tuesday for the js run, Wednesday for nojs): each run corrects its own day. */
function pastDay(offset: number): DateTime {
  return DateTime.now().setZone(ZONE).startOf("week").minus({ weeks: 3 }).plus({ days: 1 + offset });
}

test.describe("clock corrections", () => {
  test("an edit request validated by management", async ({ page, request }, testInfo) => {
    const day = pastDay(projectOffset(testInfo));
    const at = (hour: number, minute = 0) => Math.floor(day.set({ hour, minute }).toSeconds());
    const created = await request.post("/api/timeclock/suggest", {
      headers: { "X-AUTH-TOKEN": await token(request, "employe@cadran.test") },
      data: {
        date: day.toISODate(),
        message: `Oubli de badge (${testInfo.project.name})`,
        timeLogs: [
          { time: at(8, 30), type: "START" },
          { time: at(12), type: "LUNCH" },
          { time: at(13), type: "START" },
          { time: at(16, 45), type: "END" },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await loginAs(page, "direction@cadran.test");
    await page.goto("/time-clock/edit-badging");
    await expect(page.getByRole("heading", { level: 1, name: "Corrections de pointage" })).toBeVisible();
    const card = page.getByTestId(`suggestion-${id}`);
    await expect(card).toContainText(`Camille DUBOIS — ${day.toFormat("dd/MM/yyyy")}`);
    await expect(card).toContainText(`Oubli de badge (${testInfo.project.name})`);
    await expect(card.getByTestId(`new-entries-${id}`)).toContainText("08:30");
    await expect(card.getByTestId(`new-entries-${id}`)).toContainText("16:45");

    // The card's button asks the page for its confirm step (one GET form for the page, decision 0033).
    await card.getByRole("button", { name: /^Valider / }).click();
    const dialog = card.getByRole("dialog");
    await expect(dialog).toContainText("Les anciens pointages restent archivés.");
    await dialog.getByRole("button", { name: "Valider" }).click();

    await expect(page.getByText("La correction a été validée")).toBeVisible();
    await expect(page.getByTestId(`suggestion-${id}`)).toHaveCount(0);

    // The corrected day now holds the proposed entries (the team leader's search of the /api).
    const ymd = day.toFormat("yyyyMMdd");
    const history = await request.get(`/api/timeclock/history/${ymd}/${ymd}?employeeName=dubois`, {
      headers: { "X-AUTH-TOKEN": await token(request, "chef.equipe@cadran.test") },
    });
    expect(history.status()).toBe(200);
    const body = (await history.json()) as { "hydra:member": { weeks: { timeClocks: { timeLogs: { time: number; type: string }[] }[] }[] }[] };
    const logs = body["hydra:member"][0]!.weeks[0]!.timeClocks[0]!.timeLogs;
    expect(logs.map((l) => l.type)).toEqual(["START", "LUNCH", "START", "END"]);
    expect(logs[0]!.time).toBe(at(8, 30));
  });
});

test.describe("team badging", () => {
  test("a team leader's search, then a correction proposed for a day", async ({ page }, testInfo) => {
    await loginAs(page, "chef.equipe@cadran.test");
    await page.goto("/time-clock/team-badging");
    await expect(page.getByRole("heading", { level: 1, name: "Pointage de l'équipe" })).toBeVisible();
    await expect(page.getByTestId("badging-legend")).toContainText("Non badgé");
    await expect(page.getByTestId("badging-legend")).toContainText("Anomalie");
    await expect(page.getByTestId("filters-hint")).toBeVisible();

    const submit = page.getByTestId("search-submit");
    if (isJs(testInfo)) {
      await expect(submit).toBeDisabled();
    } else {
      // Without JavaScript the button stays enabled and the server answers the hint.
      await submit.click();
      await expect(page.getByTestId("filters-hint")).toBeVisible();
    }

    const from = DateTime.now().setZone(ZONE).startOf("week").minus({ weeks: 2 });
    await page.getByTestId("search-form").getByLabel("Du", { exact: true }).fill(from.toISODate()!);
    await page.getByTestId("search-form").getByLabel("Au", { exact: true }).fill(from.plus({ days: 4 }).toISODate()!);
    await page.getByTestId("search-form").getByLabel("Nom de l'employé").fill("dubois");
    await expect(submit).toBeEnabled();
    await submit.click();

    const results = page.getByTestId("search-results");
    await expect(results).toContainText("Camille DUBOIS");
    await expect(results).toContainText(`Semaine ${from.weekNumber}`);
    await expect(results.getByTestId("worked").first()).toContainText(" h ");

    const row = results.locator("tbody tr").nth(projectOffset(testInfo));
    await row.locator("summary", { hasText: "Corriger" }).click();
    await row.getByLabel("Commentaire").fill(`Correction du chef d'équipe (${testInfo.project.name})`);
    await row.getByRole("button", { name: "Proposer la correction" }).click();
    await expect(page.getByText("Demande de modification envoyée")).toBeVisible();
    await expect(page.getByTestId("search-results")).toContainText("Camille DUBOIS");

    const none = `/time-clock/team-badging?name=${encodeURIComponent("personne-inconnue")}`;
    await page.goto(none);
    await expect(page.getByTestId("empty-search")).toHaveText("Aucun résultat ne correspond à votre recherche.");
  });
});

test.describe("division and agency badging", () => {
  test("a department head's division accordion and the agency's divisions loading their teams", async ({ page }, testInfo) => {
    await loginAs(page, "chef.division@cadran.test");
    await page.goto("/time-clock/division-badging");
    await expect(page.getByRole("heading", { level: 1, name: "Pointage du pôle" })).toBeVisible();
    await expect(page.getByTestId("badging-legend").locator("li")).toHaveCount(8);
    // A team's employees load on demand (decision 0067): opening it follows its link with JavaScript; without, the
    // link inside does it.
    const team = page.locator("details[data-testid^='team-']").first();
    await team.locator("summary").click();
    const loadTeam = team.getByRole("link", { name: /Afficher les employés/ });
    if (isJs(testInfo)) await loadTeam.click({ timeout: 2_000 }).catch(() => {});
    else await loadTeam.click();
    await expect(page.locator("details[data-testid^='team-'][open] table").first()).toBeVisible();

    await page.goto("/time-clock/agency-badging");
    await expect(page.getByRole("heading", { level: 1, name: "Pointage de l'agence" })).toBeVisible();
    const division = page.locator("details[data-testid^='division-']").first();
    await division.locator("summary").click();
    const load = division.getByRole("link", { name: /Afficher les équipes/ });
    // Without JavaScript the link loads the division; with it, opening the division already did (and the link may
    // disappear between the check and the click, so the click is best-effort with JavaScript).
    if (isJs(testInfo)) await load.click({ timeout: 2_000 }).catch(() => {});
    else await load.click();
    await expect(page.locator("details[data-testid^='division-'][open] details[data-testid^='team-']").first()).toBeVisible();
  });
});
