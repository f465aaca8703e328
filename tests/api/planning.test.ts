/**
 * Planning (issue 15): the event-day calls and their refusals (nothing stored, the overtime week marked dirty), the
 * planning of an employee over a range, the dashboard employee list, the pages' rights and privacy (as a host
 * employee and as a colleague), the no-JS add/remove form, and the calendar feeds (parsed with a strict RFC 5545
 * reader).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { mondayOf } from "~/domain/shared/iso-week";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, type TestEmployee } from "~tests/support/factories";
import { addHoliday, createLeave, createLeaveCast } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";
import ICAL from "ical.js";
import { events, parseIcal } from "~tests/support/ical";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);
const base = () => server.baseUrl;

type Cast = Awaited<ReturnType<typeof createLeaveCast>>;
let cast: Cast;
let commercial: TestEmployee;
const tokens: Record<string, string> = {};

const today = localDate(new Date(), "Europe/Paris");
// Past working days (weeks already begun, so the dirty mark is written).
const MONDAY = addDays(mondayOf(today), -21);
const TUESDAY = addDays(MONDAY, 1);
const WEDNESDAY = addDays(MONDAY, 2);
const THURSDAY = addDays(MONDAY, 3);
const SATURDAY = addDays(MONDAY, 5);
const compact = (d: string) => d.replace(/-/g, "");
const unix = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 1000;
// Future leaves of the subject, on the planning.
const NEXT = addDays(mondayOf(today), 14);
const HTML_ESC = (s: string) => s.replace(/'/g, "&#x27;");

beforeAll(async () => {
  cast = await createLeaveCast(db.em(), " Planif");
  commercial = await createEmployee(db.em(), cast.org, { profileType: "ROLE_COMMERCIAL", teamId: null, email: "commercial.planif@cadran.test" });
  const id = cast.employee.employeeId;
  await addHoliday(db.em(), cast.org.countryId, WEDNESDAY, "Férié de test");
  await db.sql(`insert into holiday (subsidiary_id, date, name) values (?, ?, 'Fête locale')`, [cast.org.subsidiaryId, addDays(MONDAY, 7)]);
  await createLeave(db.em(), id, { reason: "PAID_LEAVE", start: THURSDAY, end: THURSDAY, state: "accepted" });
  await createLeave(db.em(), id, { reason: "SICK_LEAVE", start: NEXT, end: addDays(NEXT, 2), state: "accepted", comment: "grippe" });
  await createLeave(db.em(), id, { reason: "RTT_LEAVE", start: addDays(NEXT, 7), end: addDays(NEXT, 7), state: "pending", halfDayMorning: true });
  for (const key of ["head", "departmentHead", "teamLeader", "employee", "otherTeamLeader", "colleague", "host"] as const) {
    tokens[key] = await api.login(cast[key].email);
  }
  tokens.commercial = await api.login(commercial.email);
});

async function eventDayCount(employeeId: number) {
  const [row] = await db.sql<{ n: number }>(`select count(*)::int as n from event_day where employee_id = ?`, [employeeId]);
  return row!.n;
}

describe("event days over /api", () => {
  it("adds a travel day to one's own planning (201) and marks its overtime week dirty", async () => {
    const id = cast.employee.employeeId;
    await db.sql(`delete from overtime_week where employee_id = ?`, [id]);
    const res = await api.post("/api/event_days", { date: MONDAY, type: "moved" }, tokens.employee);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ "@type": "EventDay", date: unix(MONDAY), type: "moved", employee: `/api/employees/${id}` });
    const weeks = await db.sql<{ monday: string; dirty: boolean }>(`select monday::text as monday, dirty from overtime_week where employee_id = ?`, [id]);
    expect(weeks).toEqual([{ monday: MONDAY, dirty: true }]);
    const list = await api.get(`/api/event_days/employee/${id}`, tokens.employee);
    expect(list.status).toBe(200);
    expect(list.body["hydra:member"].map((d: { date: number }) => d.date)).toContain(unix(MONDAY));
  });

  it.each([
    ["a Saturday", { date: SATURDAY, type: "closed" }, 422, "planning.error.weekend"],
    ["a public holiday", { date: WEDNESDAY, type: "closed" }, 422, "planning.error.holiday"],
    ["a local holiday of the subsidiary", { date: addDays(MONDAY, 7), type: "closed" }, 422, "planning.error.holiday"],
    ["a day with an accepted full-day leave", { date: THURSDAY, type: "moved" }, 422, "planning.error.leave"],
    ["a day that already has one", { date: MONDAY, type: "closed" }, 409, "planning.error.duplicate"],
    ["an unknown type", { date: TUESDAY, type: "vacances" }, 422, "planning.error.type"],
    ["no date", { type: "moved" }, 422, "planning.error.date_required"],
    ["a date that does not exist", { date: "2026-02-30", type: "moved" }, 422, "planning.error.invalid_date"],
    ["before 2020", { date: "2019-06-03", type: "moved" }, 422, "planning.error.out_of_range"],
  ] as const)("refuses %s in French, nothing stored", async (_, body, status, key) => {
    const before = await eventDayCount(cast.employee.employeeId);
    const res = await api.post("/api/event_days", body, tokens.employee);
    expect(res.status).toBe(status);
    const messages = [res.body.message, ...(res.body.violations ?? []).map((v: { message: string }) => v.message)];
    expect(messages).toContain(t(key));
    expect(await eventDayCount(cast.employee.employeeId)).toBe(before);
  });

  it("refuses a day on another employee's planning (403), nothing stored", async () => {
    const before = await eventDayCount(cast.employee.employeeId);
    const res = await api.post("/api/event_days", { date: TUESDAY, type: "moved", employee: `/api/employees/${cast.employee.employeeId}` }, tokens.teamLeader);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(t("planning.error.not_own"));
    expect(await eventDayCount(cast.employee.employeeId)).toBe(before);
  });

  it("lets only the owner remove a day: 404 outside the planning scope, 403 inside, 204 for the owner (week dirty)", async () => {
    const [row] = await db.sql<{ id: number }>(`select id from event_day where employee_id = ? and date = ?`, [cast.employee.employeeId, MONDAY]);
    expect((await api.delete(`/api/event_days/${row!.id}`, tokens.colleague)).status).toBe(404);
    expect((await api.delete(`/api/event_days/${row!.id}`, tokens.otherTeamLeader)).status).toBe(404);
    const inScope = await api.delete(`/api/event_days/${row!.id}`, tokens.teamLeader);
    expect(inScope.status).toBe(403);
    expect(inScope.body.message).toBe(t("planning.error.not_own"));
    await db.sql(`update overtime_week set dirty = false where employee_id = ?`, [cast.employee.employeeId]);
    expect((await api.delete(`/api/event_days/${row!.id}`, tokens.employee)).status).toBe(204);
    expect(await db.sql(`select id from event_day where id = ?`, [row!.id])).toHaveLength(0);
    expect(await db.sql(`select dirty from overtime_week where employee_id = ? and monday = ?`, [cast.employee.employeeId, MONDAY])).toEqual([{ dirty: true }]);
    expect((await api.delete(`/api/event_days/${row!.id}`, tokens.employee)).status).toBe(404);
  });

  it("reads someone's event days in one's planning scope only (404 otherwise)", async () => {
    const id = cast.employee.employeeId;
    for (const who of ["teamLeader", "departmentHead", "head", "host", "commercial"]) {
      expect((await api.get(`/api/event_days/employee/${id}`, tokens[who])).status, who).toBe(200);
    }
    for (const who of ["colleague", "otherTeamLeader"]) {
      expect((await api.get(`/api/event_days/employee/${id}`, tokens[who])).status, who).toBe(404);
    }
  });
});

describe("planning of an employee over a range (/api)", () => {
  const path = () => `/api/planning/employee/${cast.employee.employeeId}/${compact(NEXT)}/${compact(addDays(NEXT, 13))}`;

  it("gives the events of each day; the team leader reads the reason", async () => {
    const res = await api.get(path(), tokens.teamLeader);
    expect(res.status).toBe(200);
    const leaves = res.body.events.filter((e: { type: string }) => e.type === "leave");
    expect(leaves.map((e: { name: string }) => e.name)).toEqual(["sick_leave", "sick_leave", "sick_leave", "rtt_leave"]);
    expect(leaves[3]).toMatchObject({ state: "need_review", nameSuffix: "morning" });
  });

  it("shows a host employee and a commercial 'absent', never the private reason nor the comment", async () => {
    for (const who of ["host", "commercial"]) {
      const res = await api.get(path(), tokens[who]);
      expect(res.status, who).toBe(200);
      const names = res.body.events.map((e: { name: string }) => e.name);
      expect(names, who).toContain("absent");
      expect(names, who).not.toContain("sick_leave");
      expect(names, who).toContain("rtt_leave");
      expect(JSON.stringify(res.body), who).not.toContain("grippe");
    }
  });

  it("answers 404 to a colleague and 422 to dates that are not YYYYMMDD", async () => {
    expect((await api.get(path(), tokens.colleague)).status).toBe(404);
    const bad = await api.get(`/api/planning/employee/${cast.employee.employeeId}/2026-01-01/20260131`, tokens.teamLeader);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBeTruthy();
  });

  it("keeps the range within 6 months", async () => {
    const res = await api.get(`/api/planning/employee/${cast.employee.employeeId}/20260101/20271231`, tokens.head);
    expect(res.status).toBe(200);
    expect(res.body.end).toBe(unix("2026-07-01"));
  });
});

describe("dashboard employee list (/api)", () => {
  it.each([
    ["teamLeader", true, false],
    ["host", true, true],
    ["colleague", false, false],
  ] as const)("%s: the subject %s, the other division's head %s", async (who, subject, other) => {
    const res = await api.get(`/api/dashboard/employees?subsidiaryId=${cast.org.subsidiaryId}`, tokens[who]);
    expect(res.status).toBe(200);
    const ids = res.body["hydra:member"].map((e: { id: number }) => e.id);
    expect(ids.includes(cast.employee.employeeId)).toBe(subject);
    expect(ids.includes(cast.otherDepartmentHead.employeeId)).toBe(other);
  });
});

describe("planning pages", () => {
  async function client(email: string) {
    const c = htmlClient(base);
    await c.login(email);
    return c;
  }

  it("serves each planning screen to its roles with 200", async () => {
    const cases: [keyof Cast | "commercial", string][] = [
      ["employee", "/planning/me"],
      ["host", "/planning/me"],
      ["teamLeader", "/planning/team"],
      ["departmentHead", "/planning/division"],
      ["head", "/planning/agency"],
      ["financial", "/planning/agency"],
      ["host", "/planning/agency"],
      ["teamLeader", `/planning/employee/${cast.employee.employeeId}`],
      ["host", `/planning/employee/${cast.employee.employeeId}`],
    ];
    for (const [who, path] of cases) {
      const email = who === "commercial" ? commercial.email : (cast[who] as TestEmployee).email;
      const res = await (await client(email)).get(path);
      expect(res.status, `${who} ${path}`).toBe(200);
    }
    const com = await client(commercial.email);
    expect((await com.get("/planning/division")).status).toBe(200);
  });

  it("answers 404 for an employee outside the viewer's planning scope", async () => {
    const c = await client(cast.otherTeamLeader.email);
    expect((await c.get(`/planning/employee/${cast.employee.employeeId}`)).status).toBe(404);
  });

  it("shows the team leader the reason and the host employee 'Absent' on the agency and personal plannings", async () => {
    const leader = await client(cast.teamLeader.email);
    const team = await leader.get(`/planning/team?from=${NEXT}&to=${addDays(NEXT, 20)}`);
    expect(team.text).toContain(`${t("planning.key.sick_leave")}, 3 j`);
    const host = await client(cast.host.email);
    const agency = await host.get(`/planning/agency?from=${NEXT}&to=${addDays(NEXT, 20)}`);
    expect(agency.status).toBe(200);
    expect(agency.text).toContain(`${t("planning.key.absent")}, 3 j`);
    expect(agency.text).not.toContain(`${t("planning.key.sick_leave")}, 3 j`);
    expect(agency.text).not.toContain("grippe");
    const personal = await host.get(`/planning/employee/${cast.employee.employeeId}?year=${NEXT.slice(0, 4)}`);
    expect(personal.text).toContain(`title="${t("planning.key.absent")}"`);
    expect(personal.text).not.toContain(`title="${t("planning.key.sick_leave")}"`);
    const own = await (await client(cast.employee.email)).get(`/planning/me?year=${MONDAY.slice(0, 4)}`);
    expect(own.text).toContain(`title="${t("planning.key.holiday")} : Fête locale"`);
  });

  it("answers 404 to a filter outside the viewer's scope and keeps a period within 6 months", async () => {
    const host = await client(cast.host.email);
    expect((await host.get(`/planning/agency?subsidiary=${cast.org.subsidiaryId + 999}`)).status).toBe(404);
    const head = await client(cast.departmentHead.email);
    const otherDivisionTeam = await db.sql<{ id: number }>(
      `insert into team (name, subsidiary_id, division_id) values ('Ailleurs', ?, ?) returning id`,
      [cast.org.subsidiaryId, cast.org.otherDivisionId],
    );
    expect((await head.get(`/planning/division?team=${otherDivisionTeam[0]!.id}`)).status).toBe(404);
    expect((await head.get(`/planning/division?team=${cast.org.teamId}`)).status).toBe(200);
    const long = await head.get("/planning/division?from=2026-01-05&to=2026-12-31");
    expect(long.text).toContain("du 05/01/2026 au 05/07/2026");
    const longEnd = await head.get("/planning/division?from=2026-01-05&to=2026-12-31&changed=to");
    expect(longEnd.text).toContain("du 30/06/2026 au 31/12/2026");
    // Without JavaScript the form sends the period it showed: only the end changed, so the start moves (decision 0087).
    const noJs = await head.get("/planning/division?from=2026-01-05&to=2026-12-31&shownFrom=2026-01-05&shownTo=2026-04-05");
    expect(noJs.text).toContain(t("period.moved_start", { from: "30/06/2026", to: "31/12/2026" }));
    expect(noJs.text).toContain('value="2026-06-30"');
  });

  it("keeps a colleague off someone else's planning (logged out, as for any page outside one's rights)", async () => {
    const c = await client(cast.colleague.email);
    const res = await c.get(`/planning/employee/${cast.employee.employeeId}`);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
  });

  it("adds and removes a travel day without JavaScript; a refusal comes back with the date kept", async () => {
    const c = await client(cast.employee.email);
    const refused = await c.post("/planning/me", { intent: "add", date: SATURDAY, type: "moved" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(HTML_ESC(t("planning.error.weekend")));
    expect(refused.text).toContain(`value="${SATURDAY}"`);
    const added = await c.post("/planning/me", { intent: "add", date: TUESDAY, type: "moved" });
    expect(added.status).toBe(302);
    expect(added.location).toBe(`/planning/me?year=${TUESDAY.slice(0, 4)}`);
    const [row] = await db.sql<{ id: number }>(`select id from event_day where employee_id = ? and date = ?`, [cast.employee.employeeId, TUESDAY]);
    const page = await c.get(`/planning/me?year=${TUESDAY.slice(0, 4)}&remove=${row!.id}`);
    expect(page.text).toContain(HTML_ESC(t("planning.success.event_day_added")));
    expect(page.text).toContain('role="dialog"');
    const removed = await c.post("/planning/me", { intent: "remove", id: String(row!.id) });
    expect(removed.status).toBe(302);
    expect(await db.sql(`select id from event_day where id = ?`, [row!.id])).toHaveLength(0);
  });
});

describe("calendar feeds", () => {
  async function enable(email: string, scope: "own" | "scope") {
    const c = htmlClient(base);
    await c.login(email);
    const res = await c.post("/profile", { intent: "feed-enable", scope });
    expect(res.status).toBe(200);
    const url = /value="(https?:\/\/[^"]+\/calendar\/[A-Za-z0-9_-]+\.ics)"/.exec(res.text)?.[1];
    expect(url).toBeTruthy();
    return { client: c, path: new URL(url!).pathname };
  }

  it("serves one's own planning as RFC 5545, pending leaves TENTATIVE, stable UIDs, with an ETag", async () => {
    const { path } = await enable(cast.employee.email, "own");
    const [stored] = await db.sql<{ token_hash: string }>(`select token_hash from calendar_feed where employee_id = ? and scope = 'own'`, [cast.employee.employeeId]);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(path).not.toContain(stored!.token_hash);
    const res = await fetch(base() + path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("last-modified")).toBeTruthy();
    const etag = res.headers.get("etag")!;
    const text = await res.text();
    const list = events(parseIcal(text));
    const sick = list.find((e) => e.get("DTSTART") === compact(NEXT))!;
    expect(sick.get("SUMMARY")).toBe(t("planning.key.sick_leave"));
    expect(sick.get("DTEND")).toBe(compact(addDays(NEXT, 3)));
    expect(sick.get("STATUS")).toBe("CONFIRMED");
    const rtt = list.find((e) => e.get("DTSTART") === compact(addDays(NEXT, 7)))!;
    expect(rtt.get("STATUS")).toBe("TENTATIVE");
    expect(rtt.get("SUMMARY")).toBe(`${t("planning.key.rtt_leave")} (${t("planning.half.morning")})`);
    // The same feed read by a real iCalendar parser (Mozilla's ical.js, as calendar apps read it).
    const calendar = new ICAL.Component(ICAL.parse(text));
    const parsed = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(parsed.map((e) => e.uid)).toEqual(list.map((e) => e.get("UID")));
    const sickEvent = parsed.find((e) => e.startDate.toString() === NEXT)!;
    expect(sickEvent.startDate.isDate).toBe(true);
    expect(sickEvent.summary).toBe(t("planning.key.sick_leave"));
    expect(sickEvent.endDate.toString()).toBe(addDays(NEXT, 3));
    const rttEvent = parsed.find((e) => e.startDate.toString() === addDays(NEXT, 7))!;
    expect(rttEvent.component.getFirstPropertyValue("status")).toBe("TENTATIVE");
    const again = await fetch(base() + path);
    expect(events(parseIcal(await again.text())).map((e) => e.get("UID"))).toEqual(list.map((e) => e.get("UID")));
    expect((await fetch(base() + path, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });

  it("applies the privacy rule to a host employee's scope feed", async () => {
    const { path } = await enable(cast.host.email, "scope");
    const text = await (await fetch(base() + path)).text();
    const list = events(parseIcal(text));
    const subject = list.filter((e) => e.get("DTSTART") === compact(NEXT));
    expect(subject.length).toBeGreaterThan(0);
    expect(text).not.toContain(t("planning.key.sick_leave"));
    expect(subject[0]!.get("SUMMARY")).toContain(t("planning.key.absent"));
  });

  it("renews (the old address dies) and revokes", async () => {
    const first = await enable(cast.colleague.email, "own");
    const second = await first.client.post("/profile", { intent: "feed-enable", scope: "own" });
    const renewed = new URL(/value="(https?:\/\/[^"]+\.ics)"/.exec(second.text)![1]!).pathname;
    expect((await fetch(base() + first.path)).status).toBe(404);
    expect((await fetch(base() + renewed)).status).toBe(200);
    const revoked = await first.client.post("/profile", { intent: "feed-revoke-own", scope: "own" });
    expect(revoked.status).toBe(302);
    expect((await fetch(base() + renewed)).status).toBe(404);
    expect((await fetch(base() + "/calendar/not-a-token.ics")).status).toBe(404);
  });
});
