import { describe, expect, it } from "vitest";
import { localDate } from "~/domain/shared/zoned-day";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { addLeave, insertClock, setSchedule } from "~tests/support/factories-time";
import { htmlClient, useTestServer } from "~tests/support/http";

/** /time-clock/badging as a browser without JavaScript uses it: plain forms, redirects, flash alerts. */
const db = useTestDatabase();
const server = useTestServer();
const PATH = "/time-clock/badging";
const today = () => localDate(new Date(), "Europe/Paris");

async function signedIn() {
  const org = await createOrg(db.em(), ` ${Math.random()}`);
  const e = await createEmployee(db.em(), org);
  await setSchedule(db.em(), e.employeeId);
  const browser = htmlClient(() => server.baseUrl);
  await browser.login(e.email);
  return { ...e, browser };
}

async function logCount(employeeId: number) {
  const rows = await db.sql("select l.id from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ? and c.suggested = false and l.superseded_at is null", [
    employeeId,
  ]);
  return rows.length;
}

describe("my badging without JavaScript", () => {
  it("shows today's clock, badges a full day through forms and refuses a stale second click", async () => {
    const { employeeId, browser } = await signedIn();
    const page = await browser.get(PATH);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Mon pointage");
    expect(page.text).toContain("Aucun pointage aujourd&#x27;hui.");
    expect(page.text).toContain(">Actualiser</a>");
    // The schedule's lunch on weekdays; nothing is planned on a weekend.
    const weekday = new Date(`${today()}T12:00:00Z`).getUTCDay();
    expect(page.text).toContain(weekday >= 1 && weekday <= 5 ? "Pause déjeuner théorique : de 12:00 à 13:00" : "Aucune pause déjeuner prévue aujourd&#x27;hui.");

    const start = await browser.post(PATH, { intent: "start" });
    expect(start.status).toBe(302);
    expect(start.location).toBe(PATH);
    const after = await browser.get(PATH);
    expect(after.text).toContain("Début de journée enregistré.");
    expect(after.text).toContain('data-testid="today-entries"');

    // The same button from a stale page (second tab, double click): refused, nothing written.
    const again = await browser.post(PATH, { intent: "start" });
    expect(again.status).toBe(302);
    const refused = await browser.get(PATH);
    expect(refused.text).toContain("Vous ne pouvez pas commencer maintenant");
    expect(await logCount(employeeId)).toBe(1);

    for (const intent of ["lunch", "start", "end"]) expect((await browser.post(PATH, { intent })).status).toBe(302);
    expect(await logCount(employeeId)).toBe(4);
    const ended = await browser.get(PATH);
    expect(ended.text).toContain("Fin de journée enregistrée.");
    expect(ended.text).toContain("Demander une modification");
  });

  it("sends an edit request after END: 400 with the French errors and nothing stored, then 302 and a suggestion", async () => {
    const { employeeId, browser } = await signedIn();
    await browser.post(PATH, { intent: "start" });
    await browser.post(PATH, { intent: "end" });
    const day = today();

    const missing = await browser.post(PATH, { intent: "suggest", date: day, message: "", "entries[0].time": "", "entries[0].type": "START" });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Le commentaire est obligatoire.");
    expect(missing.text).toContain("L&#x27;heure est obligatoire.");

    const disorder = await browser.post(PATH, {
      intent: "suggest",
      date: day,
      message: "Oubli",
      "entries[0].time": "08:00",
      "entries[0].type": "END",
    });
    expect(disorder.status).toBe(400);
    // The entry is named, not "(—)" (issue 28 item 4).
    expect(disorder.text).toContain("le pointage « Fin » de 08:00 ne peut pas être le premier.");
    expect(await db.sql("select id from time_clock where employee_id = ? and suggested", [employeeId])).toHaveLength(0);

    // Adding a row without JavaScript: conform's list intent comes back with one more row, nothing stored.
    const added = await browser.post(PATH, {
      intent: "suggest",
      date: day,
      message: "Oubli",
      "entries[0].time": "08:00",
      "entries[0].type": "START",
      __intent__: JSON.stringify({ type: "insert", payload: { name: "entries", defaultValue: { time: "", type: "START" } } }),
    });
    expect(added.status).toBe(200);
    expect(added.text).toContain('name="entries[1].time"');

    const sent = await browser.post(PATH, {
      intent: "suggest",
      date: day,
      message: "Badge oublié au retour de déjeuner",
      "entries[0].time": "08:00",
      "entries[0].type": "START",
      "entries[1].time": "17:00",
      "entries[1].type": "END",
    });
    expect(sent.status).toBe(302);
    expect((await browser.get(PATH)).text).toContain("Demande de modification envoyée");
    const [suggestion] = await db.sql<{ message: string; working_time_seconds: number; origin_suggested_id: number | null }>(
      "select message, working_time_seconds, origin_suggested_id from time_clock where employee_id = ? and suggested",
      [employeeId],
    );
    expect(suggestion).toMatchObject({ message: "Badge oublié au retour de déjeuner", working_time_seconds: 9 * 3600 });
    expect(suggestion!.origin_suggested_id).not.toBeNull();
  });

  it("replaces the clock by the on-leave notice", async () => {
    const { employeeId, browser } = await signedIn();
    await addLeave(db.em(), employeeId, { start: today(), end: today() });
    const page = await browser.get(PATH);
    expect(page.text).toContain("Pas besoin de badger ! Vous êtes en congé aujourd&#x27;hui.");
    expect(page.text).not.toContain('name="intent" value="start"');
  });

  it("searches the history: empty label before a search, 2 weeks kept by the server, grouped by week", async () => {
    const { employeeId, browser } = await signedIn();
    await insertClock(db.em(), employeeId, "2026-03-02", [["08:00", "START"], ["16:00", "END"]]);
    await insertClock(db.em(), employeeId, "2026-03-25", [["08:00", "START"], ["16:00", "END"]]);
    expect((await browser.get(PATH)).text).toContain("Renseignez une date de début et une date de fin");
    const found = await browser.get(`${PATH}?from=2026-03-01&to=2026-03-31`);
    expect(found.text).toContain("La période a été limitée à 2 semaines : du 01/03/2026 au 15/03/2026.");
    expect(found.text).toContain("Semaine 10");
    expect(found.text).toContain("02/03/2026");
    expect(found.text).not.toContain("25/03/2026");
    const none = await browser.get(`${PATH}?from=2025-01-01&to=2025-01-10`);
    expect(none.text).toContain("Aucun pointage sur cette période.");
  });

  it("shows the notification modal and clears it with a POST", async () => {
    const { employeeId, browser } = await signedIn();
    await insertClock(db.em(), employeeId, today(), [["00:01", "START"]], { newNotification: "post_overtime" });
    const page = await browser.get(PATH);
    expect(page.text).toContain("Heures supplémentaires importantes");
    expect(page.text).toContain('data-notification-type="danger"');
    const dismissed = await browser.post(PATH, { intent: "dismiss-notification" });
    expect(dismissed.status).toBe(302);
    expect((await browser.get(PATH)).text).not.toContain("Heures supplémentaires importantes");
    const [row] = await db.sql<{ new_notification: string | null }>("select new_notification from time_clock where employee_id = ?", [employeeId]);
    expect(row!.new_notification).toBeNull();
  });

  it("refuses a cross-site post", async () => {
    const { employeeId, browser } = await signedIn();
    const res = await browser.post(PATH, { intent: "start" }, "https://evil.example");
    expect(res.status).toBe(403);
    expect(await logCount(employeeId)).toBe(0);
  });
});
