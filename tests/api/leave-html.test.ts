import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/shared/env.server";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { useTestDatabase } from "~tests/support/db";
import { counters, createLeave, createLeaveCast, setCounters } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";
import { startSmtpCapture } from "~tests/support/smtp";

const db = useTestDatabase();
const server = useTestServer();
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let cast: Awaited<ReturnType<typeof createLeaveCast>>;

// Next year in Paris, as the app counts years (the machine\'s zone gave the year before on 1 January 00:30).
const Y = DateTime.now().setZone("Europe/Paris").year + 1;
/** A Wednesday of next March (any weekday of next year works: never before yesterday). */
const wednesday = (() => {
  const d = new Date(Date.UTC(Y, 2, 1));
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();
const plus = (ymd: string, n: number) => new Date(Date.parse(`${ymd}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  process.env.INLINE_JOBS = "1";
  resetEnvCache();
  cast = await createLeaveCast(db.em(), " Html");
  await setCounters(db.em(), cast.employee.employeeId, { earnedLastYear: 1, earnedThisYear: 4, recoveryEarned: 7200 });
  await db.sql("insert into holiday (country_id, date, name) values (?, ?, 'Férié')", [cast.org.countryId, plus(wednesday, 7)]);
});
afterAll(async () => {
  await drainInlineJobs();
  await smtp.close();
  delete process.env.SMTP_URL;
  delete process.env.INLINE_JOBS;
  resetEnvCache();
});

describe("asking for leave without JavaScript", () => {
  it("shows the form with the reasons that fit the person and both balance cards", async () => {
    const browser = htmlClient(() => server.baseUrl);
    await browser.login(cast.employee.email);
    const page = await browser.get("/leave/ask");
    expect(page.status).toBe(200);
    const html = decode(page.text);
    expect(html).toContain("Solde de congés payés");
    expect(html).toContain("5 jours");
    expect(html).toContain("Solde de récupération");
    expect(html).toContain("2 h 00");
    // A French employee without the working-time reduction: neither RTT nor the Portuguese leave (issue 28 item 7).
    expect(page.text.match(/<option value="[A-Z_]+_LEAVE"/g)).toHaveLength(10);
    expect(html).toContain("Congé parental d'éducation");
    // Every id is unique (the two half-day radios had one between them), each label points at its own input.
    const ids = [...page.text.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const part of ["morning", "afternoon"]) {
      const id = new RegExp(`<input[^>]*value="${part}"[^>]*id="([^"]+)"|<input[^>]*id="([^"]+)"[^>]*value="${part}"`).exec(page.text);
      const inputId = id?.[1] ?? id?.[2];
      expect(inputId, part).toBeTruthy();
      expect(page.text).toContain(`for="${inputId}"`);
    }
  });

  it("answers 400 with the French message and the form still filled; nothing stored", async () => {
    const browser = htmlClient(() => server.baseUrl);
    await browser.login(cast.employee.email);
    const holiday = await browser.post("/leave/ask", { reason: "PAID_LEAVE", start: plus(wednesday, 7), end: plus(wednesday, 7), comment: "Pont du férié" });
    expect(holiday.status).toBe(400);
    expect(decode(holiday.text)).toContain("Cette période ne tombe que sur un jour férié : elle ne compte aucun jour ouvré à poser.");
    expect(holiday.text).toContain("Pont du férié");
    const tooLong = await browser.post("/leave/ask", { reason: "PAID_LEAVE", start: wednesday, end: plus(wednesday, 13) });
    expect(tooLong.status).toBe(400);
    expect(decode(tooLong.text)).toMatch(/Pas assez de congés : [\d,]+ j demandés?, [\d,]+ j disponibles?\./);
    const recovery = await browser.post("/leave/ask", { reason: "RECOVERY_LEAVE", start: wednesday, end: wednesday, nbHourAbsence: "0.5" });
    expect(recovery.status).toBe(400);
    expect(decode(recovery.text)).toContain("Une récupération dure au moins 1 heure.");
    const halfDay = await browser.post("/leave/ask", { reason: "RTT_LEAVE", start: wednesday, end: plus(wednesday, 1), halfDay: "on", halfDayPart: "morning" });
    expect(halfDay.status).toBe(400);
    expect(decode(halfDay.text)).toContain("Une demi-journée n'est possible que pour un congé d'un seul jour.");
    const missing = await browser.post("/leave/ask", { reason: "", start: "", end: "" });
    expect(missing.status).toBe(400);
    expect(await db.sql("select id from leave where employee_id = ?", [cast.employee.employeeId])).toHaveLength(0);
  });
});

describe("a full workflow without JavaScript: half day, team leader, department head, management", () => {
  it("goes from the request to the accepted leave, the balance drops, every step is on the detail page", async () => {
    const employee = htmlClient(() => server.baseUrl);
    await employee.login(cast.employee.email);
    const sent = await employee.post("/leave/ask", {
      reason: "PAID_LEAVE",
      start: wednesday,
      end: wednesday,
      halfDay: "on",
      halfDayPart: "afternoon",
      comment: "Rendez-vous",
      urgent: "on",
    });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/leave/me");
    const mine = await employee.get("/leave/me");
    expect(mine.text).toContain("Demande de congé envoyée");
    expect(decode(mine.text)).toContain("(après-midi)");
    const [leave] = await db.sql<{ id: number; number_days_work: string; state: string }>(
      "select id, number_days_work, state from leave where employee_id = ?",
      [cast.employee.employeeId],
    );
    expect(leave).toMatchObject({ state: "pending" });
    expect(Number(leave!.number_days_work)).toBe(0.5);
    expect(mine.text).toContain(`/leave/detail/${leave!.id}`);
    expect((await employee.get("/leave/me?tab=accepted")).text).toContain("Aucune demande acceptée.");
    expect((await employee.get("/leave/me?tab=rejected")).text).toContain("Aucune demande refusée.");

    const waitingAs = async (email: string) => {
      const browser = htmlClient(() => server.baseUrl);
      await browser.login(email);
      const month = Number(wednesday.slice(5, 7));
      const page = await browser.get(`/leave/waiting?year=${Y}&month=${month}&employee=all&tab=pending`);
      return { browser, page, path: `/leave/waiting?year=${Y}&month=${month}&employee=all&tab=pending` };
    };

    // Another team's leader does not see it; the department head does not see it yet.
    expect((await waitingAs(cast.otherTeamLeader.email)).page.text).not.toContain(`data-leave-id="${leave!.id}"`);
    expect((await waitingAs(cast.departmentHead.email)).page.text).not.toContain(`data-leave-id="${leave!.id}"`);

    const leader = await waitingAs(cast.teamLeader.email);
    expect(leader.page.text).toContain(`data-leave-id="${leave!.id}"`);
    // Decision 0024: another year and month still show it on the pending tab, and the page says so above the cards
    // (issue 29 item 9).
    const otherMonth = await leader.browser.get(`/leave/waiting?year=2020&month=1&employee=all&tab=pending`);
    expect(otherMonth.text).toContain(`data-leave-id="${leave!.id}"`);
    const notice = decode(otherMonth.text);
    expect(notice).toContain("Toutes les demandes qui attendent votre décision sont affichées, quelle que soit leur date");
    expect(notice.indexOf('data-testid="pending-all-months"')).toBeLessThan(notice.indexOf(`data-leave-id="${leave!.id}"`));
    expect((await leader.browser.get(`/leave/waiting?year=${Y}&month=all&employee=all&tab=accepted`)).text).not.toContain("pending-all-months");
    expect(leader.page.text).toContain("Urgent");
    // The card links to its own team's schedule around its dates (issue 28 item 3).
    expect(leader.page.text).toMatch(/href="\/planning\/team\?from=\d{4}-\d\d-\d\d&amp;to=\d{4}-\d\d-\d\d"/);
    const pre = await leader.browser.post(leader.path, { intent: `validate-${leave!.id}`, version: "1" });
    expect(pre.status).toBe(302);
    expect((await leader.browser.get(pre.location!)).text).toMatch(/La demande de congé de .+ (?:du \d\d\/\d\d\/\d{4} au \d\d\/\d\d\/\d{4}|le \d\d\/\d\d\/\d{4}(?: \((?:matin|après-midi)\))?) a été validée\./);
    // A second click on the stale card: the request is already past this step.
    await leader.browser.post(leader.path, { intent: `validate-${leave!.id}`, version: "1" });
    expect(decode((await leader.browser.get(leader.path)).text)).toContain("Cette demande a déjà été traitée entre-temps. Rechargez la page.");

    // The employee's list and the detail say who approved and who is next (issue 11 §3).
    const approvedBy = /En attente du chef de pôle \(validée par le chef d'équipe le \d{2}\/\d{2}\/\d{4}\)/;
    expect(decode((await employee.get("/leave/me?tab=pending")).text)).toMatch(approvedBy);
    expect(decode((await employee.get(`/leave/detail/${leave!.id}`)).text)).toMatch(approvedBy);

    const head = await waitingAs(cast.departmentHead.email);
    expect(head.page.text).toContain('href="/planning/division"');
    expect((await head.browser.post(head.path, { intent: `validate-${leave!.id}`, version: "2" })).status).toBe(302);

    const management = await waitingAs(cast.financial.email);
    expect(management.page.text).toContain('href="/planning/agency"');
    expect((await management.browser.post(management.path, { intent: `validate-${leave!.id}`, version: "3" })).status).toBe(302);

    expect(await counters(db.em(), cast.employee.employeeId)).toMatchObject({ takenLastYear: 0.5, takenThisYear: 0 });
    const detail = decode((await employee.get(`/leave/detail/${leave!.id}`)).text);
    expect(detail).toContain("Acceptée");
    expect(detail).toContain("Prévalidée par");
    expect(detail).toContain("Validée par");
    expect(detail).toContain("Acceptée par");
    expect(detail).toContain('href="/leave/me"');
    expect(detail).not.toContain(">Supprimer<");
    const fromWaiting = await management.browser.get(`/leave/detail/${leave!.id}?from=waiting`);
    expect(fromWaiting.text).toContain('href="/leave/waiting"');
    expect(fromWaiting.text).toContain("Retirer après validation");
    // The accepted tab lists it with the employee column.
    const accepted = await management.browser.get(`/leave/waiting?year=${Y}&month=all&employee=all&tab=accepted`);
    expect(accepted.text).toContain(`/leave/detail/${leave!.id}?from=waiting`);

    // Remove after validation gives the half day back.
    const removed = await management.browser.post(`/leave/detail/${leave!.id}?from=waiting`, { intent: "remove", version: "4" });
    expect(removed.status).toBe(302);
    expect(removed.location).toBe("/leave/waiting");
    expect(await counters(db.em(), cast.employee.employeeId)).toMatchObject({ takenLastYear: 0, takenThisYear: 0 });
    await drainInlineJobs();
    await smtp.waitFor((m) => m.to.includes(cast.employee.email) && m.subject.includes("accept"));
  });

  it("refuses from the waiting list; the employee finds it in the rejected tab", async () => {
    const id = await createLeave(db.em(), cast.colleague.employeeId, { start: plus(wednesday, 1) });
    const leader = htmlClient(() => server.baseUrl);
    await leader.login(cast.teamLeader.email);
    expect((await leader.post("/leave/waiting?tab=pending", { intent: `refuse-${id}`, version: "1" })).status).toBe(302);
    const colleague = htmlClient(() => server.baseUrl);
    await colleague.login(cast.colleague.email);
    expect((await colleague.get("/leave/me?tab=rejected")).text).toContain(`/leave/detail/${id}`);
  });
});

describe("detail, edit and delete without JavaScript", () => {
  it("edits then deletes one's pending request; others get a 404", async () => {
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: plus(wednesday, 14), reason: "RTT_LEAVE" });
    const employee = htmlClient(() => server.baseUrl);
    await employee.login(cast.employee.email);
    const form = await employee.get(`/leave/${id}/edit`);
    expect(form.status).toBe(200);
    expect(form.text).toContain(plus(wednesday, 14));
    const saved = await employee.post(`/leave/${id}/edit`, { reason: "RTT_LEAVE", start: plus(wednesday, 14), end: plus(wednesday, 15), comment: "deux jours" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/leave/detail/${id}`);
    const detail = await employee.get(saved.location!);
    expect(detail.text).toContain("La demande de congé a été modifiée.");
    expect(detail.text).toContain("deux jours");
    expect(detail.text).toContain(`/leave/${id}/edit`);

    const colleague = htmlClient(() => server.baseUrl);
    await colleague.login(cast.colleague.email);
    expect((await colleague.get(`/leave/detail/${id}`)).status).toBe(404);
    expect((await colleague.get(`/leave/${id}/edit`)).status).toBe(404);
    const leader = htmlClient(() => server.baseUrl);
    await leader.login(cast.teamLeader.email);
    expect((await leader.get(`/leave/detail/${id}`)).status).toBe(200);
    expect((await leader.get(`/leave/${id}/edit`)).status).toBe(404);

    const deleted = await employee.post(`/leave/detail/${id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/leave/me");
    expect(await db.sql("select id from leave where id = ?", [id])).toHaveLength(0);
  });

  it("closes /leave/waiting to employees (rights table)", async () => {
    const employee = htmlClient(() => server.baseUrl);
    await employee.login(cast.employee.email);
    const res = await employee.get("/leave/waiting");
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/login/);
  });
});

describe("the pending tab of /leave/waiting without JavaScript", () => {
  it("pages with GET links (?page=) keeping the filters, so every request the counter announces is reachable", async () => {
    const many = await createLeaveCast(db.em(), " Paged");
    for (let i = 0; i < 52; i++) await createLeave(db.em(), many.colleague.employeeId, { state: "validate", start: plus(wednesday, 60 + i) });
    const browser = htmlClient(() => server.baseUrl);
    await browser.login(many.head.email);
    const first = decode((await browser.get("/leave/waiting?tab=pending")).text);
    const total = Number(/(\d+) demandes? à traiter/.exec(first)?.[1]);
    expect(total).toBeGreaterThanOrEqual(52);
    const pages = Math.ceil(total / 50);
    expect(first).toContain(`Page 1 sur ${pages}`);
    expect(first.match(/data-leave-id=/g)).toHaveLength(50);
    const next = /<a[^>]*href="([^"]*page=2[^"]*)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]*page=2[^"]*)"/.exec(first);
    const href = next?.[1] ?? next?.[2];
    expect(href).toMatch(/^\/leave\/waiting\?/);
    expect(href).toContain("tab=pending");
    const second = decode((await browser.get(href!)).text);
    expect(second).toContain(`Page 2 sur ${pages}`);
    expect(second).toContain('rel="prev"');
    const cards = (html: string) => [...html.matchAll(/data-leave-id="(\d+)"/g)].map((m) => Number(m[1]));
    let seen = [...cards(first), ...cards(second)];
    for (let p = 3; p <= pages; p++) seen = [...seen, ...cards(decode((await browser.get(`/leave/waiting?tab=pending&page=${p}`)).text))];
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    // The confirm step of a card keeps its page.
    expect(second).toMatch(/<input type="hidden" name="page" value="2"\/?>/);
  });
});

describe("/leave/waiting for a scope of thousands (decision 0065)", () => {
  it("offers a name field instead of a list of every employee, kept by the tabs and the pager", async () => {
    const crowd = await createLeaveCast(db.em(), " Foule");
    // Management's scope past a list's size: 160 more people (outside the team and division), each with a request
    // at management's step.
    await db.sql(
      `with e as (
         insert into employee (firstname, lastname, email, profile_type, country_id, subsidiary_id, division_id, team_id, team_leader,
                               department_head, time_registration, leave_workflow, matricule, created_at, updated_at)
         select 'p' || i, 'FOULE', 'foule.html' || i || '@cadran.test', 'ROLE_EMPLOYEE', ?, ?, ?, ?, false, false, true, 'full',
                900000 + i, now(), now()
         from generate_series(1, 160) i returning id)
       insert into leave (employee_id, reason, start, "end", state, number_days_work, version, created_at, updated_at)
       select id, 'PAID_LEAVE', ?, ?, 'validate', 1, 1, now(), now() from e`,
      [crowd.org.countryId, crowd.org.subsidiaryId, null, null, plus(wednesday, 20), plus(wednesday, 20)],
    );
    const browser = htmlClient(() => server.baseUrl);
    await browser.login(crowd.head.email);
    const page = decode((await browser.get("/leave/waiting?tab=pending")).text);
    expect(page).toContain('id="filter-name"');
    expect(page).not.toContain('id="filter-employee"');
    expect(page).toContain("Page 1 sur");
    const named = decode((await browser.get("/leave/waiting?tab=pending&name=p17%20foule")).text);
    expect(named).toContain('value="p17 foule"');
    expect(named).toContain("P17 FOULE");
    expect(named.match(/data-leave-id=/g)).toHaveLength(1);
    // The tabs keep the name.
    expect(named).toMatch(/href="\/leave\/waiting\?[^"]*name=p17\+foule[^"]*tab=accepted"/);
    // A team leader's scope stays a list.
    const leader = htmlClient(() => server.baseUrl);
    await leader.login(crowd.teamLeader.email);
    expect((await leader.get("/leave/waiting")).text).toContain('id="filter-employee"');
    await db.sql(`delete from leave where employee_id in (select id from employee where email like 'foule.html%')`);
    await db.sql(`delete from employee where email like 'foule.html%'`);
  });
});
