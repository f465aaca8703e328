import { beforeAll, describe, expect, it } from "vitest";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { displayName } from "~/domain/employees/name";
import { useTestDatabase } from "~tests/support/db";
import { createLeave, createLeaveCast, setCounters } from "~tests/support/factories-leave";
import { createEmployee } from "~tests/support/factories";
import { htmlClient, useTestServer } from "~tests/support/http";

/** The profile's "Suppléance" section (issue 32 §2): naming and ending a deputy with plain forms (no JavaScript). */
const db = useTestDatabase();
const server = useTestServer();
let cast: Awaited<ReturnType<typeof createLeaveCast>>;

const day = (offset: number) => localDate(new Date(Date.now() + offset * 86_400_000), "Europe/Paris");
const fr = (ymd: string) => ymd.split("-").reverse().join("/");

beforeAll(async () => {
  cast = await createLeaveCast(db.em(), " Profil suppléant");
});

describe("the deputy section of the profile", () => {
  it("a team leader names a colleague for a period; the colleague sees whom they stand in for; the leader ends it", async () => {
    const leader = htmlClient(() => server.baseUrl);
    await leader.login(cast.teamLeader.email);
    const page = await leader.get("/profile");
    expect(page.text).toContain(t("deputy.title"));
    expect(page.text).toContain(t("deputy.none"));

    const res = await leader.post("/profile", {
      intent: "deputy-name",
      login: cast.colleague.email.toUpperCase(),
      startsOn: day(0),
      endsOn: day(10),
    });
    expect(res.status).toBe(302);
    expect(
      await db.sql(`select deputy_id, starts_on::text as s, ends_on::text as e from deputy where manager_id = ?`, [cast.teamLeader.employeeId])
    ).toEqual([{ deputy_id: cast.colleague.employeeId, s: day(0), e: day(10) }]);
    const after = await leader.get("/profile");
    expect(after.text).toContain(`, du ${fr(day(0))} au ${fr(day(10))}`);

    const colleague = htmlClient(() => server.baseUrl);
    await colleague.login(cast.colleague.email);
    const theirs = await colleague.get("/profile");
    expect(theirs.text).toContain(`Vous remplacez `);
    expect(theirs.text).not.toContain(t("deputy.save"));

    const [row] = await db.sql<{ id: number }>(`select id from deputy where manager_id = ?`, [cast.teamLeader.employeeId]);
    expect((await leader.post("/profile", { intent: "deputy-end", deputyshipId: String(row!.id) })).status).toBe(302);
    expect(await db.sql(`select count(*)::int as n from deputy where manager_id = ? and ends_on >= ?`, [cast.teamLeader.employeeId, day(0)])).toEqual(
      [{ n: 0 }]
    );
  });

  it.each([
    ["an unknown login", { login: "personne@cadran.test", startsOn: day(1), endsOn: day(3) }, t("deputy.error.unknown_deputy")],
    ["the end before the start", { login: "", startsOn: day(5), endsOn: day(3) }, t("deputy.error.ends_before_start")],
    ["a date that is not one", { login: "", startsOn: "demain", endsOn: day(3) }, t("deputy.error.date")],
    ["a start on 30 February (issue 42 §4)", { login: "", startsOn: "2026-02-30", endsOn: day(3) }, t("deputy.error.date")],
    ["an end on 31 November", { login: "", startsOn: day(1), endsOn: "2099-11-31" }, t("deputy.error.date")],
  ])("%s: 400, a French error, the form filled back, nothing stored", async (_name, form, message) => {
    const head = htmlClient(() => server.baseUrl);
    await head.login(cast.departmentHead.email);
    const res = await head.post("/profile", { intent: "deputy-name", ...form, login: form.login || cast.colleague.email });
    expect(res.status).toBe(400);
    expect(res.text).toContain(message.replaceAll("'", "&#x27;"));
    expect(res.text).toContain(`value="${form.startsOn}"`);
    expect(await db.sql(`select count(*)::int as n from deputy where manager_id = ?`, [cast.departmentHead.employeeId])).toEqual([{ n: 0 }]);
  });

  it("an employee without anyone to stand in for has no such section", async () => {
    const employee = htmlClient(() => server.baseUrl);
    await employee.login(cast.employee.email);
    const page = await employee.get("/profile");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-testid="deputy-section"');
  });
});

const decode = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
const words = (html: string) => decode((/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? html).replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

describe("the deputy chooser (issue 41): a list of colleagues, searched by name with a GET form", () => {
  it("offers the team leader's own team without a search, namesakes of the company with one, and names by the chosen radio", async () => {
    const c = await createLeaveCast(db.em(), " Choix suppleant");
    const far = await createEmployee(db.em(), c.org, { email: "zoe.lointaine.choix@cadran.test", firstname: "Zoé", lastname: "Lointaine", teamId: c.org.otherTeamId });
    const leader = htmlClient(() => server.baseUrl);
    await leader.login(c.teamLeader.email);

    const near = await leader.get("/profile");
    expect(near.status).toBe(200);
    // The section is the first card of the profile, before the avatar.
    expect(near.text.indexOf('data-testid="deputy-section"')).toBeLessThan(near.text.indexOf('id="avatar-title"'));
    expect(near.text).toMatch(/<form[^>]*method="get"[^>]*action="\/profile"/);
    const offered = [...near.text.matchAll(/name="deputyId"[^>]*value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(offered).toContain(c.colleague.employeeId);
    expect(offered).toContain(c.employee.employeeId);
    expect(offered).not.toContain(c.teamLeader.employeeId); // never oneself
    expect(offered).not.toContain(far.employeeId); // another team: found by name only

    const searched = await leader.get(`/profile?deputy=${encodeURIComponent("lointa")}`);
    expect(searched.status).toBe(200);
    const found = [...searched.text.matchAll(/name="deputyId"[^>]*value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(found).toEqual([far.employeeId]);
    expect(words(searched.text)).toContain(displayName("Zoé", "Lointaine"));
    expect(words((await leader.get("/profile?deputy=Personne%20Inconnue")).text)).toContain(t("deputy.no_candidate", { search: "Personne Inconnue" }));

    const res = await leader.post("/profile?deputy=lointa", { intent: "deputy-name", deputyId: String(far.employeeId), startsOn: day(1), endsOn: day(4) });
    expect(res.status).toBe(302);
    expect(await db.sql(`select deputy_id from deputy where manager_id = ?`, [c.teamLeader.employeeId])).toEqual([{ deputy_id: far.employeeId }]);
  });

  it("no colleague chosen, or an unknown one: 400 in French, the dates filled back, nothing stored", async () => {
    const c = await createLeaveCast(db.em(), " Choix vide");
    const leader = htmlClient(() => server.baseUrl);
    await leader.login(c.teamLeader.email);
    const none = await leader.post("/profile", { intent: "deputy-name", startsOn: day(1), endsOn: day(2) });
    expect(none.status).toBe(400);
    expect(words(none.text)).toContain(t("deputy.error.choose"));
    expect(none.text).toContain(`value="${day(1)}"`);
    const unknown = await leader.post("/profile", { intent: "deputy-name", deputyId: "999999999", startsOn: day(1), endsOn: day(2) });
    expect(unknown.status).toBe(400);
    expect(words(unknown.text)).toContain(t("deputy.error.unknown_deputy"));
    expect(await db.sql(`select count(*)::int as n from deputy where manager_id = ?`, [c.teamLeader.employeeId])).toEqual([{ n: 0 }]);
  });
});

describe("the waiting page of a deputy who is a plain employee (issue 41)", () => {
  it("names whom she replaces, each card says for whom, shows the balance after the leave, and links only to pages she may open", async () => {
    const c = await createLeaveCast(db.em(), " Attente suppleante");
    await setCounters(db.em(), c.employee.employeeId, { earnedLastYear: 5, takenLastYear: 0, earnedThisYear: 10, takenThisYear: 2 });
    await db.sql(`insert into deputy (manager_id, deputy_id, starts_on, ends_on) values (?, ?, ?, ?)`, [
      c.teamLeader.employeeId,
      c.colleague.employeeId,
      day(-1),
      day(6),
    ]);
    const id = await createLeave(db.em(), c.employee.employeeId, { start: day(20), end: day(22), numberDaysWork: 3 });
    const deputy = htmlClient(() => server.baseUrl);
    await deputy.login(c.colleague.email);
    const page = await deputy.get("/leave/waiting");
    expect(page.status).toBe(200);
    const text = words(page.text);
    const [row] = await db.sql<{ f: string; l: string }>(`select firstname as f, lastname as l from employee where id = ?`, [c.teamLeader.employeeId]);
    const leaderName = { n: displayName(row!.f, row!.l) };
    expect(text).toContain(`Vous remplacez ${leaderName.n} jusqu'au ${fr(day(6))}.`);
    expect(page.text).toContain(`data-leave-id="${id}"`);
    expect(text).toContain(t("deputy.waiting.for", { manager: leaderName.n }));
    // 5 + 10 - 2 - 3 days: what the team leader would read.
    expect(text).toContain(`${t("leave.waiting.balance_after")} 10 j de congés payés`);
    // A plain employee has no planning of others: no link that would log her out.
    expect(page.text).not.toContain('data-testid="card-schedule"');
    for (const [, href] of page.text.matchAll(/<a[^>]*href="(\/[^"#]*)"/g)) {
      const opened = await deputy.get(decode(href!));
      expect(opened.location ?? "", `${href} logs the deputy out`).not.toMatch(/^\/login/);
    }
  });
});
