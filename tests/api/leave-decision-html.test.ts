import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createLeave, createLeaveCast, setCounters } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";
import { useInlineMail } from "~tests/support/smtp";

/**
 * Issue 28 item 3 (deciding a leave) and item 10 (the removal mail), over HTTP without JavaScript: the refusal's reason
 * reaches the employee's detail page and mail; the detail opened from the waiting list decides behind the same
 * confirmations; confirmations and successes name the person and the dates; each pending card links to its own
 * schedule around its dates and shows the balance after the leave and who else in the team is away.
 */
const db = useTestDatabase();
const server = useTestServer();
const mail = useInlineMail();

const decode = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
const text = (html: string) => decode((/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? html).replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

type Cast = Awaited<ReturnType<typeof createLeaveCast>>;
let cast: Cast;
// Next year in Paris, as the app counts years (the machine\'s zone gave the year before on 1 January 00:30).
const Y = DateTime.now().setZone("Europe/Paris").year + 1;
const WAITING = "/leave/waiting?tab=pending";

async function as(email: string) {
  const client = htmlClient(() => server.baseUrl);
  await client.login(email);
  return client;
}

beforeAll(async () => {
  cast = await createLeaveCast(db.em(), " Decide");
  await setCounters(db.em(), cast.employee.employeeId, { earnedLastYear: 5, takenLastYear: 0, earnedThisYear: 10, takenThisYear: 2, recoveryEarned: 8 * 3600, recoveryTaken: 0 });
});

describe("refusing with a reason", () => {
  it("the confirmation names the person and dates and asks a reason; the employee reads it on the detail and in the mail", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: `${Y}-03-09`, end: `${Y}-03-11`, numberDaysWork: 3 });
    const leader = await as(cast.teamLeader.email);
    const confirm = await leader.get(`${WAITING}&confirm=refuse-${id}`);
    expect(confirm.status).toBe(200);
    expect(text(confirm.text)).toMatch(new RegExp(`Refuser la demande de congé de .+ \\(Congés payés\\) du 09/03/${Y} au 11/03/${Y} \\?`));
    expect(confirm.text).toMatch(/<textarea[^>]*name="refusalReason"[^>]*maxLength="500"/i);

    const posted = await leader.post(WAITING, { intent: `refuse-${id}`, version: "1", refusalReason: "  Inventaire annuel cette semaine-là.  " });
    expect(posted.status).toBe(302);
    expect(text((await leader.get(posted.location!)).text)).toMatch(new RegExp(`La demande de congé de .+ du 09/03/${Y} au 11/03/${Y} a été refusée\\.`));

    const employee = await as(cast.employee.email);
    const detail = text((await employee.get(`/leave/detail/${id}`)).text);
    expect(detail).toContain("Motif du refus Inventaire annuel cette semaine-là.");
    const sent = await mail.capture.waitFor((m) => m.to.includes(cast.employee.email) && m.text.includes("refusée"));
    expect(sent.text).toContain("Motif du refus : Inventaire annuel cette semaine-là.");
  });

  it("a reason of more than 500 characters is refused in words, the leave stays pending", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: `${Y}-03-16`, end: `${Y}-03-16` });
    const leader = await as(cast.teamLeader.email);
    const posted = await leader.post(WAITING, { intent: `refuse-${id}`, version: "1", refusalReason: "x".repeat(501) });
    expect(text((await leader.get(posted.location!)).text)).toContain("Le motif du refus compte au plus 500 caractères.");
    const [row] = await db.sql<{ state: string }>(`select state from leave where id = ?`, [id]);
    expect(row!.state).toBe("pending");
  });

  it("the /api refusal takes a reason too", async () => {
    const api = apiClient(() => server.baseUrl);
    const token = await api.login(cast.teamLeader.email);
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: `${Y}-03-23`, end: `${Y}-03-23` });
    const tooLong = await api.patch(`/api/leaves/${id}/refuse`, { reason: "y".repeat(501) }, token);
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toContain("500 caractères");
    const res = await api.patch(`/api/leaves/${id}/refuse`, { reason: "Trop de monde absent." }, token);
    expect(res.status).toBe(200);
    const [row] = await db.sql<{ refusal_reason: string }>(`select refusal_reason from leave where id = ?`, [id]);
    expect(row!.refusal_reason).toBe("Trop de monde absent.");
  });
});

describe("the detail page opened from the waiting list", () => {
  it("has Valider and Refuser behind the same confirmations and a back link 'Retour aux demandes'", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: `${Y}-04-06`, end: `${Y}-04-07`, numberDaysWork: 2 });
    const leader = await as(cast.teamLeader.email);
    const page = await leader.get(`/leave/detail/${id}?from=waiting`);
    expect(text(page.text)).toContain("Retour aux demandes");
    expect(decode(page.text)).toContain(`href="/leave/detail/${id}?from=waiting&confirm=validate"`);
    expect(decode(page.text)).toContain(`href="/leave/detail/${id}?from=waiting&confirm=refuse"`);
    const confirm = await leader.get(`/leave/detail/${id}?from=waiting&confirm=validate`);
    expect(text(confirm.text)).toMatch(new RegExp(`Valider la demande de congé de .+ \\(Congés payés\\) du 06/04/${Y} au 07/04/${Y} \\?`));
    const posted = await leader.post(`/leave/detail/${id}?from=waiting`, { intent: "validate", version: "1" });
    expect(posted.location).toBe("/leave/waiting");
    expect(text((await leader.get("/leave/waiting")).text)).toMatch(new RegExp(`La demande de congé de .+ du 06/04/${Y} au 07/04/${Y} a été validée\\.`));
    const [row] = await db.sql<{ state: string }>(`select state from leave where id = ?`, [id]);
    expect(row!.state).toBe("prevalidate");
  });

  it("offers no decision to the employee, nor to a manager whose step it is not", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: `${Y}-04-13`, end: `${Y}-04-13` });
    const employee = await as(cast.employee.email);
    expect((await employee.get(`/leave/detail/${id}?from=waiting`)).text).not.toContain('data-testid="decide"');
    const head = await as(cast.departmentHead.email);
    expect((await head.get(`/leave/detail/${id}?from=waiting`)).text).not.toContain('data-testid="decide"');
  });
});

describe("each pending card", () => {
  it("links to its team's schedule around its dates, shows the balance after it and who else in the team is away", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: `${Y}-05-11`, end: `${Y}-05-13`, numberDaysWork: 3 });
    await createLeave(db.em(), cast.colleague.employeeId, { start: `${Y}-05-12`, end: `${Y}-05-15`, state: "accepted", numberDaysWork: 4 });
    await createLeave(db.em(), cast.otherTeamLeader.employeeId, { start: `${Y}-05-12`, end: `${Y}-05-12`, state: "accepted" });
    const leader = await as(cast.teamLeader.email);
    const html = (await leader.get(WAITING)).text;
    const card = /<li data-leave-id="(\d+)"[\s\S]*?<\/li>/g;
    const mine = [...html.matchAll(card)].find((m) => m[1] === String(id))![0];
    expect(decode(mine)).toContain(`href="/planning/team?from=${Y}-05-04&to=${Y}-05-20"`);
    // 5 + 8 days left, minus 3.
    expect(text(mine)).toContain("Solde après ce congé 10 j de congés payés");
    expect(text(mine)).toMatch(new RegExp(`Absents de l'équipe sur ces dates .+ \\(du 12/05/${Y} au 15/05/${Y}\\)`));
    // Someone of another team is not listed.
    expect(text(mine).match(/\(du 12\/05\/\d{4} au 12\/05\/\d{4}\)/)).toBeNull();
  });

  it("a half day reads 'le 19/05 (matin)' in the dialog, the notice and the employee's mail (issue 41)", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: `${Y}-05-19`, end: `${Y}-05-19`, halfDayMorning: true, numberDaysWork: 0.5 });
    await db.sql(`update employee set leave_workflow = 'fast' where id = ?`, [cast.employee.employeeId]);
    await db.sql(`update leave set state = 'validate' where id = ?`, [id]);
    try {
      const head = await as(cast.head.email);
      const confirm = text((await head.get(`${WAITING}&confirm=validate-${id}`)).text);
      expect(confirm).toMatch(new RegExp(`Valider la demande de congé de .+ \\(Congés payés\\) le 19/05/${Y} \\(matin\\) \\?`));
      expect(confirm).not.toContain(`du 19/05/${Y} au 19/05/${Y}`);
      const [row] = await db.sql<{ version: number }>(`select version from leave where id = ?`, [id]);
      const posted = await head.post(WAITING, { intent: `validate-${id}`, version: String(row!.version) });
      expect(posted.status).toBe(302);
      expect(text((await head.get(posted.location!)).text)).toMatch(new RegExp(`La demande de congé de .+ le 19/05/${Y} \\(matin\\) a été validée\\.`));
      const sent = await mail.capture.waitFor((m) => m.to.includes(cast.employee.email) && m.text.includes(`19/05/${Y}`));
      expect(sent.text).toContain(`Votre demande de congé (Congés payés) le 19/05/${Y} (matin) a été acceptée.`);
    } finally {
      await db.sql(`update employee set leave_workflow = 'full' where id = ?`, [cast.employee.employeeId]);
    }
  });
});

describe("removing a validated leave (item 10)", () => {
  it("mails the employee and names the person and dates in the success", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: `${Y}-06-01`, end: `${Y}-06-01`, state: "accepted" });
    const head = await as(cast.head.email);
    const posted = await head.post(`/leave/detail/${id}?from=waiting`, { intent: "remove", version: "1" });
    expect(posted.location).toBe("/leave/waiting");
    expect(text((await head.get("/leave/waiting")).text)).toMatch(new RegExp(`Le congé de .+ le 01/06/${Y} a été retiré`));
    const sent = await mail.capture.waitFor((m) => m.to.includes(cast.employee.email) && m.subject.includes("retiré"));
    expect(sent.text).toContain(`Votre congé (Congés payés) le 01/06/${Y}, qui avait été accepté`); // issue 41: not "du 01/06 au 01/06"
    expect(sent.text).toContain(`/leave/detail/${id}`);
  });
});
