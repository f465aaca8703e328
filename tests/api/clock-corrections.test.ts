import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSchedule, createSuggestion } from "~tests/support/factories-badging";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";
import { useInlineMail } from "~tests/support/smtp";

/**
 * Issue 28 item 8 (the badging page says a correction is pending, its author withdraws it, a corrected day is marked)
 * and item 10 (mails when a correction is asked, validated or deleted).
 */
const db = useTestDatabase();
const server = useTestServer();
const mail = useInlineMail();
const api = apiClient(() => server.baseUrl);

const decode = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
const text = (html: string) => decode(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

let org: Org;
let alice: TestEmployee;
let colleague: TestEmployee;
let director: TestEmployee;
const today = localDate(new Date(), "Europe/Paris");
const day = (n: number) => addDays(today, -n);
const fr = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

beforeAll(async () => {
  org = await createOrg(db.em(), " Corrections");
  alice = await createEmployee(db.em(), org, { firstname: "alice", lastname: "correcte" });
  colleague = await createEmployee(db.em(), org);
  director = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "direction.corrections@cadran.test" });
  await createSchedule(db.em(), alice.employeeId);
});

describe("withdrawing one's own correction (item 8)", () => {
  it("DELETE /api/timeclock/suggest/{id}: 204 for its author, 403 for a colleague", async () => {
    const id = await createSuggestion(db.em(), alice.employeeId, day(20), [["09:00", "START"], ["17:00", "END"]]);
    expect((await api.delete(`/api/timeclock/suggest/${id}`, await api.login(colleague.email))).status).toBe(403);
    expect((await api.delete(`/api/timeclock/suggest/${id}`, await api.login(alice.email))).status).toBe(204);
    expect(await db.sql(`select id from time_clock where id = ?`, [id])).toEqual([]);
  });

  it("the badging page says a correction is pending and its author withdraws it without JavaScript", async () => {
    const id = await createSuggestion(db.em(), alice.employeeId, day(3), [["09:00", "START"], ["17:00", "END"]]);
    const client = htmlClient(() => server.baseUrl);
    await client.login(alice.email);
    const page = await client.get("/time-clock/badging");
    expect(text(page.text)).toContain(`Une demande de modification de votre pointage du ${fr(day(3))} attend la validation de la direction.`);
    expect(page.text).toContain('value="withdraw-correction"');
    const posted = await client.post("/time-clock/badging", { intent: "withdraw-correction", id: String(id) });
    expect(posted.status).toBe(302);
    const after = text((await client.get("/time-clock/badging")).text);
    expect(after).toContain("Votre demande de modification a été retirée.");
    expect(after).not.toContain("attend la validation de la direction");
  });
});

describe("a corrected day is marked (item 8)", () => {
  it("in the badging page's history once its correction is validated", async () => {
    const d = day(8);
    const originId = await createClock(db.em(), alice.employeeId, d, [["09:30", "START"], ["17:00", "END"]]);
    const id = await createSuggestion(db.em(), alice.employeeId, d, [["09:00", "START"], ["17:00", "END"]], { originId });
    expect((await api.patch(`/api/timeclock/suggest/${id}/valid`, {}, await api.login(director.email))).status).toBe(200);
    const client = htmlClient(() => server.baseUrl);
    await client.login(alice.email);
    const page = await client.get(`/time-clock/badging?from=${day(10)}&to=${day(6)}`);
    expect(page.text).toContain('data-testid="corrected-day"');
    expect(text(page.text)).toContain("Journée corrigée");
    // And in the team view's search, for the team leader.
    const leader = await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER" });
    const lead = htmlClient(() => server.baseUrl);
    await lead.login(leader.email);
    const team = await lead.get(`/time-clock/team-badging?from=${day(10)}&to=${day(6)}&name=correcte`);
    expect(team.status).toBe(200);
    const row = new RegExp(`data-testid="day-${d}"[\\s\\S]*?</tr>`).exec(team.text)?.[0] ?? "";
    expect(row).toContain('data-testid="corrected-day"');
  });
});

describe("correction mails (item 10)", () => {
  it("asking mails management, validating and deleting mail the employee, links on APP_URL", async () => {
    const token = await api.login(alice.email);
    const d = day(15);
    const asked = await api.post(
      "/api/timeclock/suggest",
      { date: d, message: "Oubli du badge", timeLogs: [{ time: Date.parse(`${d}T08:00:00Z`) / 1000, type: "START" }, { time: Date.parse(`${d}T16:00:00Z`) / 1000, type: "END" }] },
      token,
    );
    expect(asked.status).toBe(201);
    const toDirector = await mail.capture.waitFor((m) => m.to.includes(director.email) && m.text.includes(fr(d)));
    expect(toDirector.text).toContain("Alice CORRECTE demande une modification de son pointage");
    expect(toDirector.text).toContain(`${server.baseUrl}/time-clock/edit-badging`);

    const directorToken = await api.login(director.email);
    expect((await api.patch(`/api/timeclock/suggest/${asked.body.id}/valid`, {}, directorToken)).status).toBe(200);
    const validated = await mail.capture.waitFor((m) => m.to.includes(alice.email) && m.text.includes("a été validée") && m.text.includes(fr(d)));
    expect(validated.text).toContain(fr(d));

    const other = await createSuggestion(db.em(), alice.employeeId, day(16), [["09:00", "START"]]);
    expect((await api.delete(`/api/timeclock/suggest/${other}`, directorToken)).status).toBe(204);
    const deleted = await mail.capture.waitFor((m) => m.to.includes(alice.email) && m.text.includes("refusée et supprimée"));
    expect(deleted.text).toContain(fr(day(16)));
  });
});
