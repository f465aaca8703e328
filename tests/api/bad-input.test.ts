import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { mondayAfter } from "~tests/support/factories-time";
import { useTestDatabase } from "~tests/support/db";
import { completeSheet, sheetToForm } from "~tests/support/factories-employees";
import { createLeave, createLeaveCast, setCounters } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";
import { startSmtpCapture } from "~tests/support/smtp";

/**
 * Issue 10 items 1, 3, 7, 8 and 11: bad input gets a French 4xx and nothing stored, never a 500, a stall or an
 * English message (docs/decisions/0014, 0015, 0016).
 */
const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let cast: Awaited<ReturnType<typeof createLeaveCast>>;
const tokens: Record<string, string> = {};

/**
 * The first Monday eight weeks from today or later: a leave of 400 days from it still ends within the two years the
 * form allows, so "a year at most" is the error. "The first Monday of March next year" did that in December only:
 * from March on, 400 days from it passed the two years and the other error came first (docs/decisions/0115).
 */
/** Next year: a holiday date in the bodies below. */
// Next year in Paris, as the app counts years (the machine\'s zone gave the year before on 1 January 00:30).
const Y = DateTime.now().setZone("Europe/Paris").year + 1;
const monday = mondayAfter(56);
const plus = (ymd: string, n: number) => new Date(Date.parse(`${ymd}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const decode = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");

const NUL = "Bonjour\u0000 toi";
const LONE = "Bonjour \uD800 toi";
const FORBIDDEN = "Ce texte contient un caractère interdit (caractère nul ou caractère Unicode incomplet).";
/** zod's English texts, none of which may reach a user. */
const ENGLISH = /invalid input|expected|received|too (small|big)|must (be|have|contain)|required|unrecognized|invalid (option|type|string)/i;

function messagesOf(body: { message?: string; violations?: { message: string }[] }): string[] {
  return [body.message ?? "", ...(body.violations ?? []).map((v) => v.message)];
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  process.env.INLINE_JOBS = "1";
  resetEnvCache();
  cast = await createLeaveCast(db.em(), " Bad");
  for (const key of ["head", "teamLeader", "employee"] as const) {
    await setCounters(db.em(), cast[key].employeeId, { earnedLastYear: 20, earnedThisYear: 20, recoveryEarned: 10 * 3600 });
    tokens[key] = await api.login(cast[key].email);
  }
});
afterAll(async () => {
  await drainInlineJobs();
  await smtp.close();
  delete process.env.SMTP_URL;
  delete process.env.INLINE_JOBS;
  resetEnvCache();
});

const leaveCount = async () => (await db.sql("select id from leave where employee_id = ?", [cast.employee.employeeId])).length;

describe("a leave's length (item 1)", () => {
  it.each<[string, unknown, string]>([
    ["to 9999-12-31", "9999-12-31", "Cette date est trop éloignée : choisissez une date à moins de deux ans d'aujourd'hui."],
    ["to 2200-01-01", "2200-01-01", "Cette date est trop éloignée : choisissez une date à moins de deux ans d'aujourd'hui."],
    ["to 9999-12-31 as unix seconds", 253_402_214_400, "Cette date est trop éloignée : choisissez une date à moins de deux ans d'aujourd'hui."],
    ["a year and two days", plus(monday, 367), "Un congé dure un an au plus : posez plusieurs demandes pour une absence plus longue."],
  ])("POST /api/leaves %s: French 422 on end, nothing stored", async (_, end, message) => {
    const res = await api.post("/api/leaves", { reason: "SICK_LEAVE", start: monday, end }, tokens.employee);
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([{ propertyPath: "end", message }]);
    expect(await leaveCount()).toBe(0);
  });

  it("answers a far end at once and never blocks other requests (it took a minute, then a 500)", async () => {
    await api.post("/api/leaves", { reason: "SICK_LEAVE", start: monday, end: "9999-12-31" }, tokens.employee); // warm-up
    const started = performance.now();
    const [far, login] = await Promise.all([
      api.post("/api/leaves", { reason: "SICK_LEAVE", start: monday, end: "9999-12-31" }, tokens.employee),
      fetch(`${server.baseUrl}/login`),
    ]);
    expect(far.status).toBe(422);
    expect(login.status).toBe(200);
    // The count itself is microseconds (app/domain/leave/days.test.ts); the margin is for a busy test machine.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("a whole year is still accepted", async () => {
    const res = await api.post("/api/leaves", { reason: "SICK_LEAVE", start: monday, end: plus(monday, 365) }, tokens.employee);
    expect(res.status).toBe(201);
    expect(res.body.numberDaysWork).toBeGreaterThan(250);
    await db.sql("delete from leave where id = ?", [res.body.id]);
  });

  it("PATCH /api/leaves/{id} with a far end is a French 422 and the leave stays as it was", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: monday, end: monday, reason: "SICK_LEAVE" });
    const res = await api.patch(`/api/leaves/${id}`, { reason: "SICK_LEAVE", start: monday, end: "9999-12-31" }, tokens.employee);
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([{ propertyPath: "end", message: "Cette date est trop éloignée : choisissez une date à moins de deux ans d'aujourd'hui." }]);
    expect(await db.sql(`select "end"::text as "end" from leave where id = ?`, [id])).toEqual([{ end: monday }]);
    await db.sql("delete from leave where id = ?", [id]);
  });

  it("the /leave/ask and /leave/{id}/edit forms answer 400 with the field error, filled, nothing stored", async () => {
    const browser = htmlClient(() => server.baseUrl);
    await browser.login(cast.employee.email);
    const ask = await browser.post("/leave/ask", { reason: "SICK_LEAVE", start: monday, end: "9999-12-31", comment: "Très long" });
    expect(ask.status).toBe(400);
    expect(decode(ask.text)).toContain("Cette date est trop éloignée");
    expect(ask.text).toContain("Très long");
    const year = await browser.post("/leave/ask", { reason: "SICK_LEAVE", start: monday, end: plus(monday, 400) });
    expect(year.status).toBe(400);
    expect(decode(year.text)).toContain("Un congé dure un an au plus");
    expect(await leaveCount()).toBe(0);

    const id = await createLeave(db.em(), cast.employee.employeeId, { start: monday, end: monday, reason: "SICK_LEAVE" });
    const edit = await browser.post(`/leave/${id}/edit`, { reason: "SICK_LEAVE", start: monday, end: "2200-01-01" });
    expect(edit.status).toBe(400);
    expect(decode(edit.text)).toContain("Cette date est trop éloignée");
    expect(await db.sql(`select "end"::text as "end" from leave where id = ?`, [id])).toEqual([{ end: monday }]);
    await db.sql("delete from leave where id = ?", [id]);
  });
});

describe("NUL bytes and lone surrogates (item 3)", () => {
  it.each([
    ["NUL", NUL],
    ["a lone surrogate", LONE],
  ])("the /api refuses %s with a French 4xx and stores nothing", async (_, bad) => {
    const cases: [string, string, unknown, string?][] = [
      ["POST", "/api/login", { username: `a${bad}@cadran.test`, password: "x" }],
      ["POST", "/api/password/reset", { email: `a${bad}@cadran.test` }],
      ["POST", "/api/leaves", { reason: "SICK_LEAVE", start: monday, end: monday, comment: bad }, tokens.employee],
      ["POST", "/api/timeclock/suggest", { date: daysAgo(7), message: bad, timeLogs: [] }, tokens.employee],
      ["POST", "/api/countries", { name: bad, timezone: "Europe/Paris", overtime: { paid: 1, inRecuperation: 1, employeeInitiatedRecuperation: 1, employerInitiatedRecuperation: 1 } }, tokens.head],
      ["POST", "/api/countries", { name: "Pays", timezone: "Europe/Paris", overtime: { paid: 1, inRecuperation: 1, employeeInitiatedRecuperation: 1, employerInitiatedRecuperation: 1 }, holidays: [{ date: `${Y}-05-01`, name: bad }] }, tokens.head],
      ["POST", "/api/teams", { name: bad, subsidiary: `/api/subsidiaries/${cast.org.subsidiaryId}`, division: `/api/divisions/${cast.org.divisionId}` }, tokens.head],
      ["PUT", `/api/employees/${cast.employee.employeeId}`, { position: bad }, tokens.head],
    ];
    for (const [method, path, body, token] of cases) {
      const res = await api.call(method, path, { body, token });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(messagesOf(res.body), `${method} ${path}`).toContain(FORBIDDEN);
    }
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: monday, end: monday, reason: "SICK_LEAVE" });
    const patch = await api.patch(`/api/leaves/${id}`, { reason: "SICK_LEAVE", start: monday, end: monday, comment: bad }, tokens.employee);
    expect(patch.status).toBe(422);
    expect(messagesOf(patch.body)).toContain(FORBIDDEN);
    await db.sql("delete from leave where id = ?", [id]);
    expect(await leaveCount()).toBe(0);
    expect(await db.sql("select id from country where name = 'Pays'")).toEqual([]);
  });

  it("the HTML forms refuse a NUL byte with a French 400", async () => {
    const anonymous = htmlClient(() => server.baseUrl);
    const login = await anonymous.post("/login", { identifier: `x${NUL}@cadran.test`, password: "x", redirect: "/" });
    expect(login.status).toBe(400);
    expect(decode(login.text)).toContain(FORBIDDEN);
    const reset = await anonymous.post("/password/reset", { email: `x${NUL}@cadran.test` });
    expect(reset.status).toBe(400);

    const employee = htmlClient(() => server.baseUrl);
    await employee.login(cast.employee.email);
    const ask = await employee.post("/leave/ask", { reason: "SICK_LEAVE", start: monday, end: monday, comment: NUL });
    expect(ask.status).toBe(400);
    expect(decode(ask.text)).toContain(FORBIDDEN);
    const profile = await employee.post("/profile", { phone: "01 23 45 67 89", email: `perso${NUL}@exemple.fr` });
    expect(profile.status).toBe(400);
    expect(await leaveCount()).toBe(0);

    const head = htmlClient(() => server.baseUrl);
    await head.login(cast.head.email);
    const country = await head.post("/settings/countries/new", {
      name: NUL,
      timezone: "Europe/Paris",
      "overtime.paid": "1",
      "overtime.inRecuperation": "1",
      "overtime.employeeInitiatedRecuperation": "1",
      "overtime.employerInitiatedRecuperation": "1",
      "holidays[0].date": `${Y}-05-01`,
      "holidays[0].name": NUL,
    });
    expect(country.status).toBe(400);
    expect(decode(country.text)).toContain(FORBIDDEN);

    const leader = htmlClient(() => server.baseUrl);
    await leader.login(cast.teamLeader.email);
    const suggest = await leader.post("/time-clock/team-badging", {
      intent: "suggest",
      employeeId: String(cast.employee.employeeId),
      date: daysAgo(7),
      message: NUL,
      time_0: "09:00",
      type_0: "START",
    });
    expect(suggest.status).toBe(400);
    expect(await db.sql("select id from time_clock where suggested and employee_id = ?", [cast.employee.employeeId])).toEqual([]);
  });

  it("a NUL byte in a search filter finds nothing instead of failing", async () => {
    const leader = htmlClient(() => server.baseUrl);
    await leader.login(cast.teamLeader.email);
    expect((await leader.get("/time-clock/team-badging?name=a%00b")).status).toBe(200);
    const head = htmlClient(() => server.baseUrl);
    await head.login(cast.head.email);
    expect((await head.get("/employees?q=a%00b")).status).toBe(200);
    const res = await api.get(`/api/timeclock/history/${monday.replaceAll("-", "")}/${monday.replaceAll("-", "")}?employeeName=a%00b`, tokens.head);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(FORBIDDEN);
  });
});

describe("French validation messages (item 7)", () => {
  it.each<[string, string, string, unknown]>([
    ["leave with wrong types", "POST", "/api/leaves", { reason: 1, start: {}, comment: 2, halfDayMorning: "oui", nbHourAbsence: "x", urgent: [] }],
    ["employee with wrong types", "PUT", "/api/employees/{employee}", { firstname: 1, matricule: "x", weeks: "x", profileType: 3, birthday: true, team: {} }],
    ["country with wrong types", "POST", "/api/countries", { name: 1, timezone: 2, overtime: [], holidays: "x" }],
    ["team with wrong types", "POST", "/api/teams", { name: [], subsidiary: true, division: null }],
    ["suggestion with wrong types", "POST", "/api/timeclock/suggest", { date: {}, message: 3, timeLogs: [{ time: "x", type: 1 }] }],
    ["profile with wrong types", "POST", "/api/profile", { phone: 1, email: false }],
    ["login with wrong types", "POST", "/api/login", { username: 1, password: {} }],
  ])("%s: 422, every message French", async (_, method, path, body) => {
    const res = await api.call(method, path.replace("{employee}", String(cast.employee.employeeId)), { body, token: tokens.head });
    expect(res.status).toBe(422);
    const messages = messagesOf(res.body);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) {
      expect(message).not.toBe("");
      expect(message).not.toMatch(ENGLISH);
    }
  });

  it.each([
    ["an array", "[]"],
    ["a string", '"bonjour"'],
    ["a number", "42"],
    ["null", "null"],
    ["true", "true"],
  ])("a body that is %s is a French 400", async (_, raw) => {
    for (const [method, path] of [["POST", "/api/leaves"], ["POST", "/api/login"], ["POST", "/api/countries"], ["PUT", `/api/employees/${cast.employee.employeeId}`]] as const) {
      const res = await api.call(method, path, { rawBody: raw, token: tokens.head });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toEqual({ message: "Le corps de la requête doit être un objet JSON ({ … })." });
    }
  });
});

describe("dates out of range (item 8)", () => {
  it.each<[string, unknown]>([
    ["1e15 seconds", 1e15],
    ["-1e15 seconds", -1e15],
    ["1e308 seconds", 1e308],
    ["3e11 seconds", 3e11],
    ["0001-01-01", "0001-01-01"],
  ])("a suggestion dated %s is a French 422 on date", async (_, date) => {
    const res = await api.post("/api/timeclock/suggest", { date, message: "Oubli", timeLogs: [] }, tokens.employee);
    expect(res.status).toBe(422);
    expect(res.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain("date");
    for (const message of messagesOf(res.body)) expect(message).not.toMatch(ENGLISH);
  });

  it.each<[string, unknown]>([
    ["3e11 seconds", 3e11],
    ["1e308 seconds", 1e308],
    ["year 2200", "2200-01-01"],
  ])("a holiday dated %s is a French 422", async (_, date) => {
    const res = await api.post(
      "/api/countries",
      { name: "Datia", timezone: "Europe/Paris", overtime: { paid: 1, inRecuperation: 1, employeeInitiatedRecuperation: 1, employerInitiatedRecuperation: 1 }, holidays: [{ date, name: "Fête" }] },
      tokens.head,
    );
    expect(res.status).toBe(422);
    expect(res.body.violations[0].propertyPath).toBe("holidays.0.date");
    expect(await db.sql("select id from country where name = 'Datia'")).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ["a birthday in year 5138", { birthday: "5138-03-01" }, "birthday", /La date de naissance doit être passée/],
    ["a birthday as 1e15 seconds", { birthday: 1e15 }, "birthday", /Saisissez une date valide/],
    ["a hire date of 9999-12-31", { hiredAt: "9999-12-31" }, "hiredAt", /La date doit être comprise entre le 01\/01\/1950 et le/],
    ["a departure in 1949", { firedAt: "1949-12-31" }, "firedAt", /La date doit être comprise entre le 01\/01\/1950 et le/],
  ])("an employee with %s is a French 422, nothing stored", async (_, body, field, message) => {
    const res = await api.put(`/api/employees/${cast.employee.employeeId}`, body, tokens.head);
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([{ propertyPath: field, message: expect.stringMatching(message) }]);
    const [row] = await db.sql<{ birthday: string | null; hired_at: string | null }>(
      "select birthday::text as birthday, hired_at::text as hired_at from employee where id = ?",
      [cast.employee.employeeId],
    );
    expect(row!.birthday === "5138-03-01" || row!.hired_at === "9999-12-31").toBe(false);
  });

  it("far search dates: the /api answers 400, the pages ignore them (never a 500)", async () => {
    for (const path of ["/api/timeclock/history/99991231/99991231", "/api/timeclock/history/00010101/00010101", `/api/timeclock/employee/${cast.employee.employeeId}/99990101/99991231`]) {
      const res = await api.get(path, tokens.head);
      expect(res.status, path).toBe(400);
      expect(res.body.message).not.toMatch(ENGLISH);
    }
    expect((await api.get(`/api/timeclock/agency/${cast.org.subsidiaryId}?start=99991231`, tokens.head)).status).toBe(422);
    const leader = htmlClient(() => server.baseUrl);
    await leader.login(cast.teamLeader.email);
    expect((await leader.get("/time-clock/team-badging?from=9999-12-31&to=9999-12-31")).status).toBe(200);
    expect((await leader.get("/time-clock/badging?from=9999-06-30&to=9999-12-31")).status).toBe(200);
    expect((await leader.get("/leave/waiting?year=100000000000000000000")).status).not.toBe(500);
  });
});

describe("bounds of HTML forms (item 11)", () => {
  it("the team-badging correction caps the message at 2,000 characters like the /api", async () => {
    const leader = htmlClient(() => server.baseUrl);
    await leader.login(cast.teamLeader.email);
    const form = { intent: "suggest", employeeId: String(cast.employee.employeeId), date: daysAgo(7), time_0: "09:00", type_0: "START", time_1: "17:00", type_1: "END" };
    const big = await leader.post("/time-clock/team-badging", { ...form, message: "x".repeat(1_000_000) });
    expect(big.status).toBe(400);
    const api2001 = await api.post("/api/timeclock/suggest", { date: daysAgo(7), message: "x".repeat(2001), timeLogs: [] }, tokens.employee);
    expect(api2001.status).toBe(422);
    expect(messagesOf(api2001.body)).toContain("Le commentaire compte au plus 2000 caractères.");
    expect(await db.sql("select id from time_clock where suggested and employee_id = ?", [cast.employee.employeeId])).toEqual([]);
  });

  it("contract hours: 12,345 hours a month is refused by the form and the /api alike", async () => {
    const api422 = await api.put(`/api/employees/${cast.employee.employeeId}`, { numberOfHoursPerMonth: 12345 }, tokens.head);
    expect(api422.status).toBe(422);
    expect(api422.body.violations).toEqual([{ propertyPath: "numberOfHoursPerMonth", message: "Un mois compte au plus 744 heures." }]);
    const week = await api.put(`/api/employees/${cast.employee.employeeId}`, { numberOfHoursPerWeek: 169 }, tokens.head);
    expect(week.body.violations).toEqual([{ propertyPath: "numberOfHoursPerWeek", message: "Une semaine compte au plus 168 heures." }]);

    const head = htmlClient(() => server.baseUrl);
    await head.login(cast.head.email);
    const sheet = completeSheet(cast.org, { numberOfHoursPerMonth: 12345 });
    const res = await head.post("/employees/new", sheetToForm(sheet));
    expect(res.status).toBe(400);
    expect(decode(res.text)).toContain("Un mois compte au plus 744 heures.");
    expect(await db.sql("select id from employee where number_of_hours_per_month = 12345")).toEqual([]);
  });
});
