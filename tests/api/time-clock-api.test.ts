import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/shared/time-calendar-date";
import { instantAt, localDate } from "~/domain/shared/zoned-day";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { insertClock, setSchedule } from "~tests/support/factories-time";
import { apiClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

/** The server uses the real clock: "today" is today in Paris. */
const today = () => localDate(new Date(), "Europe/Paris");
/** Unix seconds of a wall-clock time of a day in Paris. */
const unixAt = (date: string, hhmm: string) => instantAt(date, hhmm, "Europe/Paris").getTime() / 1000;

let org: Org;
async function account(overrides: Parameters<typeof createEmployee>[2] = {}): Promise<TestEmployee & { token: string }> {
  const e = await createEmployee(db.em(), org, overrides);
  await setSchedule(db.em(), e.employeeId);
  return { ...e, token: await api.login(e.email) };
}

beforeAll(async () => {
  org = await createOrg(db.em());
});

describe("the badging calls", () => {
  it("GET /api/timeclock is 404 on an empty day, then follows start, pause, start, end", async () => {
    const me = await account();
    const empty = await api.get("/api/timeclock", me.token);
    expect(empty.status).toBe(404);
    expect(empty.body.message).toBeTypeOf("string");

    const start = await api.post("/api/timeclock/start", {}, me.token);
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ "@type": "TimeClock", type: "START", employeeId: me.employeeId, suggested: false });
    expect(start.body.timeLogs).toHaveLength(1);
    expect(start.body.timeLogs[0]).toMatchObject({ type: "START" });
    expect(Math.abs(start.body.timeLogs[0].time - Date.now() / 1000)).toBeLessThan(60);

    const current = await api.get("/api/timeclock", me.token);
    expect(current.status).toBe(200);
    expect(current.body.id).toBe(start.body.id);
    expect(current.body["@id"]).toBe(`/api/timeclock/${start.body.id}`);

    expect((await api.post("/api/timeclock/pause", {}, me.token)).body.type).toBe("PAUSE");
    expect((await api.post("/api/timeclock/start", {}, me.token)).body.type).toBe("START");
    const end = await api.post("/api/timeclock/end", {}, me.token);
    expect(end.body.type).toBe("END");
    expect(end.body.timeLogs.map((l: { type: string }) => l.type)).toEqual(["START", "PAUSE", "START", "END"]);

    const byId = await api.get(`/api/timeclock/${start.body.id}`, me.token);
    expect(byId.status).toBe(200);
    expect(byId.body.type).toBe("END");
  });

  it.each([
    ["pause before start", [], "pause"],
    ["lunch before start", [], "lunch"],
    ["end before start", [], "end"],
    ["a second start", ["start"], "start"],
    ["end from a pause", ["start", "pause"], "end"],
    ["start after the end", ["start", "end"], "start"],
  ])("answers 409 with a French message for %s", async (_name, before, action) => {
    const me = await account();
    for (const b of before) expect((await api.post(`/api/timeclock/${b}`, {}, me.token)).status).toBe(200);
    const res = await api.post(`/api/timeclock/${action}`, {}, me.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Vous ne pouvez/);
    const logs = await db.sql("select l.id from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?", [me.employeeId]);
    expect(logs).toHaveLength(before.length);
  });

  it("20 parallel starts over HTTP: one 200, nineteen 409, one entry", async () => {
    const me = await account();
    const results = await Promise.all(Array.from({ length: 20 }, () => api.post("/api/timeclock/start", {}, me.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const logs = await db.sql("select l.id from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?", [me.employeeId]);
    expect(logs).toHaveLength(1);
  });

  it("POST /api/timeclock/reset empties the day and keeps the entries superseded", async () => {
    const me = await account();
    await api.post("/api/timeclock/start", {}, me.token);
    const reset = await api.post("/api/timeclock/reset", {}, me.token);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ type: null, timeLogs: [] });
    const logs = await db.sql<{ superseded_at: Date | null }>(
      "select l.superseded_at from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?",
      [me.employeeId],
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]!.superseded_at).not.toBeNull();
  });

  it("answers 404 for an unknown action, another employee's clock and a clock id that does not exist; 401 without a token", async () => {
    const me = await account();
    const other = await account();
    const start = await api.post("/api/timeclock/start", {}, other.token);
    expect((await api.post("/api/timeclock/jump", {}, me.token)).status).toBe(404);
    expect((await api.get(`/api/timeclock/${start.body.id}`, me.token)).status).toBe(404);
    expect((await api.get("/api/timeclock/999999", me.token)).status).toBe(404);
    expect((await api.post("/api/timeclock/start", {})).status).toBe(401);
    expect((await api.get("/api/timeclock")).status).toBe(401);
  });

  it("refuses on the buttons the tokens every /api call refuses (their token check is read with the day): 401, nothing stored", async () => {
    const me = await account();
    expect((await api.post("/api/timeclock/start", {}, "not-a-token")).status).toBe(401);
    expect((await api.post("/api/timeclock/start", {}, "x".repeat(201))).status).toBe(401);
    const expired = await api.login(me.email);
    await db.sql("update api_token set expires_at = now() - interval '1 second' where user_id = ?", [me.userId]);
    expect((await api.post("/api/timeclock/start", {}, expired)).status).toBe(401);
    const revoked = await api.login(me.email);
    await db.sql("update api_token set revoked_at = now() where user_id = ? and revoked_at is null", [me.userId]);
    expect((await api.post("/api/timeclock/reset", {}, revoked)).status).toBe(401);
    const archived = await api.login(me.email);
    await db.sql("update employee set fired_at = current_date where id = ?", [me.employeeId]);
    const refused = await api.post("/api/timeclock/start", {}, archived);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBeTruthy();
    const [count] = await db.sql<{ n: string }>("select count(*) as n from time_clock where employee_id = ?", [me.employeeId]);
    expect(Number(count!.n)).toBe(0);
  });

  it("lets a team leader read a clock of their team by id", async () => {
    const member = await account();
    const leader = await account({ profileType: "ROLE_TEAM_LEADER" });
    const start = await api.post("/api/timeclock/start", {}, member.token);
    const res = await api.get(`/api/timeclock/${start.body.id}`, leader.token);
    expect(res.status).toBe(200);
    expect(res.body.employeeId).toBe(member.employeeId);
  });
});

describe("history and employee ranges", () => {
  it("GET /api/timeclock/history/{start}/{end} gives my days by ISO week, 2 weeks at most", async () => {
    const me = await account();
    for (const d of ["2026-03-02", "2026-03-10", "2026-03-20"]) await insertClock(db.em(), me.employeeId, d, [["08:00", "START"], ["16:00", "END"]]);
    const res = await api.get("/api/timeclock/history/20260301/20260331", me.token);
    expect(res.status).toBe(200);
    expect(res.body["hydra:member"]).toHaveLength(1);
    const [mine] = res.body["hydra:member"];
    expect(mine.employeeId).toBe(me.employeeId);
    // 1 to 31 March is cut to 1-15 March: the 20th is left out.
    expect(mine.weeks.map((w: { number: number; timeClocks: unknown[] }) => [w.number, w.timeClocks.length])).toEqual([
      [10, 1],
      [11, 1],
    ]);
  });

  it("gives an empty collection when nothing was badged, 400 for a bad date", async () => {
    const me = await account();
    const res = await api.get("/api/timeclock/history/20250101/20250110", me.token);
    expect(res.status).toBe(200);
    expect(res.body["hydra:totalItems"]).toBe(0);
    expect((await api.get("/api/timeclock/history/20250230/20250301", me.token)).status).toBe(400);
  });

  it("GET /api/timeclock/employee/{id}/{start}/{end}: self and the team leader yes, a colleague 404", async () => {
    const member = await account();
    const colleague = await account();
    const leader = await account({ profileType: "ROLE_TEAM_LEADER" });
    await insertClock(db.em(), member.employeeId, "2026-02-03", [["08:00", "START"], ["16:00", "END"]]);
    const path = `/api/timeclock/employee/${member.employeeId}/20260201/20260210`;
    const self = await api.get(path, member.token);
    expect(self.status).toBe(200);
    expect(self.body["hydra:member"].map((c: { date: number; workingTimeInSecond: number }) => c.date)).toHaveLength(1);
    expect((await api.get(path, leader.token)).status).toBe(200);
    expect((await api.get(path, colleague.token)).status).toBe(404);
  });
});

describe("POST /api/timeclock/suggest", () => {
  it("creates a suggestion for my ended day (201) linked to it", async () => {
    const me = await account();
    await api.post("/api/timeclock/start", {}, me.token);
    const ended = await api.post("/api/timeclock/end", {}, me.token);
    const startTime = ended.body.timeLogs[0].time as number;
    // Both entries on the day's date whatever the hour the suite runs: a minute later, unless that is past
    // midnight in Paris (a CI run at 23:59 once proposed an END on the next day), then a minute earlier.
    const inDay = (s: number) => localDate(new Date(s * 1000), "Europe/Paris") === ended.body.date;
    const [from, to] = inDay(startTime + 60) ? [startTime, startTime + 60] : [startTime - 60, startTime];
    const res = await api.post(
      "/api/timeclock/suggest",
      {
        date: ended.body.date,
        originSuggested: `/api/timeclock/${ended.body.id}`,
        message: "J'ai oublié de badger mon retour",
        timeLogs: [
          { time: from, type: "START" },
          { time: to, type: "END" },
        ],
      },
      me.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ suggested: true, originSuggested: `/api/timeclock/${ended.body.id}`, message: "J'ai oublié de badger mon retour" });
    const rows = await db.sql<{ suggested: boolean }>("select suggested from time_clock where employee_id = ? order by id", [me.employeeId]);
    expect(rows.map((r) => r.suggested)).toEqual([false, true]);
  });

  it("answers 409 while today's day is not ended", async () => {
    const me = await account();
    const start = await api.post("/api/timeclock/start", {}, me.token);
    const res = await api.post(
      "/api/timeclock/suggest",
      { date: today(), message: "x", timeLogs: [{ time: start.body.timeLogs[0].time, type: "START" }] },
      me.token,
    );
    expect(res.status).toBe(409);
  });

  it.each([
    ["no message and no entries", { date: "2026-03-02" }, ["message", "timeLogs"]],
    ["an entry without type", { date: "2026-03-02", message: "x", timeLogs: [{ time: 1772438400 }] }, ["timeLogs.0.type"]],
    ["an entry on another day", { date: "2026-03-02", message: "x", timeLogs: [{ time: 1772000000, type: "START" }] }, ["timeLogs.0.time"]],
  ])("answers 422 for %s", async (_name, body, paths) => {
    const me = await account();
    const res = await api.post("/api/timeclock/suggest", body, me.token);
    expect(res.status).toBe(422);
    expect(res.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(paths);
  });

  it("files a team leader's correction of Lucas's day on Lucas's day, not on the leader's own (issue 29 item 2)", async () => {
    const leader = await account({ profileType: "ROLE_TEAM_LEADER", teamId: org.teamId, teamLeader: true });
    const lucas = await account({ firstname: "Lucas", teamId: org.teamId });
    const date = addDays(today(), -3);
    const lucasDay = await insertClock(db.em(), lucas.employeeId, date, [["09:00", "START"], ["17:00", "END"]]);
    const leaderDay = await insertClock(db.em(), leader.employeeId, date, [["08:00", "START"], ["16:00", "END"]]);
    const read = await api.get(`/api/timeclock/${lucasDay}`, leader.token);
    expect(read.status).toBe(200);
    // The day as the client read it, with its id, new entries and a message (no employee field).
    const body = {
      id: read.body.id,
      date: read.body.date,
      message: "Arrivée à 8 h 30",
      timeLogs: [
        { time: unixAt(date, "08:30"), type: "START" },
        { time: unixAt(date, "17:00"), type: "END" },
      ],
    };
    const res = await api.post("/api/timeclock/suggest", body, leader.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ suggested: true, employeeId: lucas.employeeId, originSuggested: `/api/timeclock/${lucasDay}` });
    const [row] = await db.sql<{ employee_id: number; origin_suggested_id: number; date: string }>(
      "select employee_id, origin_suggested_id, date::text as date from time_clock where id = ?",
      [res.body.id],
    );
    expect(row).toEqual({ employee_id: lucas.employeeId, origin_suggested_id: lucasDay, date });
    expect(await db.sql("select id from time_clock where origin_suggested_id = ?", [leaderDay])).toEqual([]);

    // The same day named by originSuggested only: Lucas's too.
    const byOrigin = await api.post("/api/timeclock/suggest", { ...body, id: undefined, originSuggested: `/api/timeclock/${lucasDay}` }, leader.token);
    expect(byOrigin.status).toBe(201);
    expect(byOrigin.body.employeeId).toBe(lucas.employeeId);
    // An employee that is not the day's, or a date that is not the day's: 422.
    const otherEmployee = await api.post("/api/timeclock/suggest", { ...body, employee: `/api/employees/${leader.employeeId}` }, leader.token);
    expect(otherEmployee.status).toBe(422);
    expect(otherEmployee.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(["employee"]);
    const otherDate = await api.post("/api/timeclock/suggest", { ...body, date: read.body.date - 86_400 }, leader.token);
    expect(otherDate.status).toBe(422);
    expect(otherDate.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(["date"]);

    // Outside the sender's scope (another team's leader, a colleague), or an unknown day: 404, nothing filed.
    const otherLeader = await account({ profileType: "ROLE_TEAM_LEADER", teamId: org.otherTeamId, teamLeader: true });
    const colleague = await account({ teamId: org.teamId });
    for (const who of [otherLeader, colleague]) {
      expect((await api.post("/api/timeclock/suggest", body, who.token)).status).toBe(404);
    }
    expect((await api.post("/api/timeclock/suggest", { ...body, id: 2_000_000_000 }, leader.token)).status).toBe(404);
    const filed = await db.sql("select id from time_clock where suggested and origin_suggested_id = ?", [lucasDay]);
    expect(filed).toHaveLength(2);
  });

  it("answers 404 for an employee outside my scope and 415 for a form body", async () => {
    const me = await account();
    const other = await account();
    const res = await api.post(
      "/api/timeclock/suggest",
      { date: "2026-03-02", employee: `/api/employees/${other.employeeId}`, message: "x", timeLogs: [{ time: 1772438400, type: "START" }] },
      me.token,
    );
    expect(res.status).toBe(404);
    const form = await api.call("POST", "/api/timeclock/suggest", { rawBody: "a=b", contentType: "application/x-www-form-urlencoded", token: me.token });
    expect(form.status).toBe(415);
  });
});
