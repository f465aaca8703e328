import { beforeAll, describe, expect, it } from "vitest";
import { localDate } from "~/domain/zoned-day";
import { t } from "~/i18n/fr";
import { useTestDatabase } from "~tests/support/db";
import { createLeaveCast } from "~tests/support/factories-leave";
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
