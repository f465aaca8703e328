import { beforeAll, describe, expect, it } from "vitest";
import { localDate } from "~/domain/shared/zoned-day";
import { addDays } from "~/domain/shared/time-calendar-date";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { addHoliday, setCounters } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 28 item 4: messages that say what to fix — the entries of a proposed day named (no "(—)"), a weekend is not a
 * "jour férié", "Pas assez de congés" with the days asked and available, a half day without its half, and in the
 * /api the one wrong field's reason as `message`.
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

const decode = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
const text = (html: string) => decode(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
const fr = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

let org: Org;
let who: TestEmployee;
let token: string;
const today = localDate(new Date(), "Europe/Paris");
/** The first Saturday at least two weeks ahead. */
const saturday = (() => {
  let d = addDays(today, 14);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1);
  return d;
})();
const monday = addDays(saturday, 2);

beforeAll(async () => {
  org = await createOrg(db.em(), " Messages");
  who = await createEmployee(db.em(), org);
  await setCounters(db.em(), who.employeeId, { earnedLastYear: 2, takenLastYear: 0, earnedThisYear: 0, takenThisYear: 0 });
  token = await api.login(who.email);
});

describe("leave requests", () => {
  it("a weekend is a weekend, not a public holiday (/api message is the field's reason)", async () => {
    const res = await api.post("/api/leaves", { reason: "PAID_LEAVE", start: saturday, end: saturday }, token);
    expect(res.status).toBe(422);
    // The message names the weekend (decision 0085: a period with no working day says which kind of day it is).
    expect(res.body.message).toBe("Cette période ne tombe que sur un week-end : elle ne compte aucun jour ouvré à poser.");
    expect(res.body.message).not.toContain("férié");
  });

  it("a public holiday is named as such", async () => {
    const holiday = addDays(monday, 7);
    await addHoliday(db.em(), org.countryId, holiday, "Férié de test");
    const res = await api.post("/api/leaves", { reason: "PAID_LEAVE", start: holiday, end: holiday }, token);
    expect(res.body.message).toBe("Cette période ne tombe que sur un jour férié : elle ne compte aucun jour ouvré à poser.");
  });

  it("'Pas assez de congés' gives the days asked and the days available", async () => {
    const res = await api.post("/api/leaves", { reason: "PAID_LEAVE", start: monday, end: addDays(monday, 3) }, token);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Pas assez de congés : 4 j demandés, 2 j disponibles.");
  });

  it("a half day without its half says: choose morning or afternoon (HTML form, JavaScript off)", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(who.email);
    const res = await client.post("/leave/ask", { reason: "PAID_LEAVE", start: monday, end: monday, halfDay: "on" });
    expect(res.status).toBe(400);
    expect(text(res.text)).toContain("Demi-journée : choisissez matin ou après-midi.");
  });
});

describe("a proposed correction of a day", () => {
  it("names the entry and the one before it instead of '(—)'", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(who.email);
    const yesterday = addDays(today, -1);
    const res = await client.post("/time-clock/badging", {
      intent: "suggest",
      date: yesterday,
      message: "Oubli",
      // A pause alone: a time before the first START would be read as the next morning (a night shift, 0075).
      "entries[0].time": "08:00",
      "entries[0].type": "PAUSE",
    });
    expect(res.status).toBe(400);
    const page = text(res.text);
    expect(page).not.toContain("(—)");
    expect(page).toContain("La journée commence par un début : le pointage « Pause » de 08:00 ne peut pas être le premier.");
  });

  it("after an end: both entries named", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(who.email);
    const res = await client.post("/time-clock/badging", {
      intent: "suggest",
      date: addDays(today, -1),
      message: "Oubli",
      "entries[0].time": "08:00",
      "entries[0].type": "START",
      "entries[1].time": "17:00",
      "entries[1].type": "END",
      "entries[2].time": "17:30",
      "entries[2].type": "PAUSE",
    });
    expect(text(res.text)).toContain("Le pointage « Pause » de 17:30 ne peut pas suivre le pointage « Fin » de 17:00.");
  });
});

describe("the /api message when one field is wrong", () => {
  it("an event day on a public holiday answers that reason, not 'Certains champs sont invalides.'", async () => {
    const holiday = addDays(monday, 14);
    await addHoliday(db.em(), org.countryId, holiday, "Autre férié");
    const res = await api.post("/api/event_days", { date: holiday, type: "closed" }, token);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Ce jour est férié : inutile de le poser.");
  });

  it("several fields wrong: the general sentence, each reason in violations", async () => {
    const res = await api.post("/api/leaves", {}, token);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Certains champs sont invalides.");
    expect(res.body.violations.length).toBeGreaterThan(1);
  });
});
