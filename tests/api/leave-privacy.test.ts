import { DateTime } from "luxon";
/**
 * Privacy of colleagues' leaves (DESIGN §5, issue 10 item 5), per role, on every endpoint and page that lists or
 * shows another person's leaves: managers in scope and management see everything; the host employee and the
 * commercial (the only non-managers shown colleagues' leaves, on a planning) see "Absent", dates and half-day
 * marks only: no comment, no counters, no reason when it is sickness or a family event. Everything else is 403/404.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, type TestEmployee } from "~tests/support/factories";
import { createLeave, createLeaveCast, setCounters } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
const api = apiClient(() => server.baseUrl);

type Cast = Awaited<ReturnType<typeof createLeaveCast>>;
let cast: Cast;
let commercial: TestEmployee;
const tokens: Record<string, string> = {};
// Next year in Paris, as the app counts years (the machine\'s zone gave the year before on 1 January 00:30).
const Y = DateTime.now().setZone("Europe/Paris").year + 1;
const SECRET = "grippe, certificat du Dr House";
let sick: number, wedding: number, paid: number, half: number;

beforeAll(async () => {
  cast = await createLeaveCast(db.em(), " Privee");
  commercial = await createEmployee(db.em(), cast.org, { profileType: "ROLE_COMMERCIAL", teamId: null, email: "commercial.privee@cadran.test" });
  await setCounters(db.em(), cast.employee.employeeId, { earnedLastYear: 7, earnedThisYear: 11, takenThisYear: 2, recoveryEarned: 5 * 3600 });
  const id = cast.employee.employeeId;
  sick = await createLeave(db.em(), id, { reason: "SICK_LEAVE", start: `${Y}-03-02`, end: `${Y}-03-04`, state: "accepted", comment: SECRET, numberDaysWork: 3 });
  wedding = await createLeave(db.em(), id, { reason: "WEDDING_LEAVE", start: `${Y}-03-09`, end: `${Y}-03-10`, state: "pending", comment: SECRET });
  paid = await createLeave(db.em(), id, { reason: "PAID_LEAVE", start: `${Y}-03-16`, end: `${Y}-03-16`, state: "accepted", comment: SECRET });
  half = await createLeave(db.em(), id, {
    reason: "SICK_LEAVE",
    start: `${Y}-03-18`,
    end: `${Y}-03-18`,
    state: "validate",
    halfDayAfternoon: true,
    numberDaysWork: 0.5,
    comment: SECRET,
  });
  for (const key of ["head", "financial", "departmentHead", "teamLeader", "employee", "otherTeamLeader", "otherDepartmentHead", "colleague", "host"] as const) {
    tokens[key] = await api.login(cast[key].email);
  }
  tokens.commercial = await api.login(commercial.email);
});

type LeaveJson = { id: number; reason: string | null; comment: string | null; nbHourAbsence: number | null; halfDayAfternoon: boolean; start: number; end: number; employee: Record<string, unknown> };
const BALANCES = ["recoveryEarned", "recoveryTaken", "holidayEarnedLastYear", "holidayTakenLastYear", "holidayEarnedThisYear", "holidayTakenThisYear"];

function ofSubject(body: { "hydra:member": LeaveJson[] }) {
  return body["hydra:member"].filter((l) => l.employee.id === cast.employee.employeeId);
}

function expectFull(leaves: LeaveJson[]) {
  expect(leaves.length).toBeGreaterThan(0);
  for (const l of leaves) {
    expect(l.comment).toBe(SECRET);
    expect(l.reason).toMatch(/_LEAVE$/);
    expect(l.employee).toMatchObject({ holidayEarnedLastYear: 7, holidayEarnedThisYear: 11, holidayTakenThisYear: 2, recoveryEarned: 5 * 3600 });
  }
}

function expectAbsentOnly(leaves: LeaveJson[]) {
  expect(leaves.map((l) => l.id).sort()).toEqual([sick, wedding, paid, half].sort());
  for (const l of leaves) {
    expect(l.comment).toBeNull();
    for (const b of BALANCES) expect(l.employee[b]).toBeNull();
    expect(l.reason).toBe(l.id === paid ? "PAID_LEAVE" : null);
  }
  // The planning still shows the absence, its dates and its half-day marks.
  const h = leaves.find((l) => l.id === half)!;
  expect(h.halfDayAfternoon).toBe(true);
  expect(h.start).toBe(Date.parse(`${Y}-03-18T00:00:00Z`) / 1000);
  expect(JSON.stringify(leaves)).not.toContain("grippe");
  expect(JSON.stringify(leaves)).not.toContain("SICK");
  expect(JSON.stringify(leaves)).not.toContain("WEDDING");
}

describe("GET /api/leaves/filtered/{subsidiaryId}", () => {
  it.each(["head", "financial", "departmentHead", "teamLeader"])("%s (manager in scope) sees everything", async (who) => {
    const res = await api.get(`/api/leaves/filtered/${cast.org.subsidiaryId}`, tokens[who]);
    expect(res.status).toBe(200);
    expect(ofSubject(res.body)).toHaveLength(4);
    expectFull(ofSubject(res.body));
  });

  it.each(["host", "commercial"])("%s sees Absent and the half-day marks only", async (who) => {
    const res = await api.get(`/api/leaves/filtered/${cast.org.subsidiaryId}`, tokens[who]);
    expect(res.status).toBe(200);
    expectAbsentOnly(ofSubject(res.body));
  });

  it.each(["host", "commercial"])("%s learns nothing more through the filters", async (who) => {
    const res = await api.get(`/api/leaves/filtered/${cast.org.subsidiaryId}?teamId=${cast.org.teamId}&start=${Y}0301&end=${Y}0331`, tokens[who]);
    expect(res.status).toBe(200);
    expectAbsentOnly(ofSubject(res.body));
  });

  it.each(["otherTeamLeader", "otherDepartmentHead"])("%s (manager out of scope) is not given the leaves", async (who) => {
    const res = await api.get(`/api/leaves/filtered/${cast.org.subsidiaryId}`, tokens[who]);
    expect(res.status).toBe(200);
    expect(ofSubject(res.body)).toEqual([]);
  });

  it("a colleague is refused (403)", async () => {
    expect((await api.get(`/api/leaves/filtered/${cast.org.subsidiaryId}`, tokens.colleague)).status).toBe(403);
  });
});

describe("the manager lists: /api/leaves/all, /waiting, /waiting-planning", () => {
  it.each(["head", "financial", "departmentHead", "teamLeader"])("%s sees everything", async (who) => {
    const all = await api.get("/api/leaves/all", tokens[who]);
    expect(all.status).toBe(200);
    expect(ofSubject(all.body)).toHaveLength(4);
    expectFull(ofSubject(all.body));
    const planning = await api.get("/api/leaves/waiting-planning", tokens[who]);
    expect(ofSubject(planning.body)).toHaveLength(2);
    expectFull(ofSubject(planning.body));
    const waiting = await api.get("/api/leaves/waiting", tokens[who]);
    expect(waiting.status).toBe(200);
    for (const l of ofSubject(waiting.body)) expect(l.comment).toBe(SECRET);
  });

  it.each(["otherTeamLeader", "otherDepartmentHead"])("%s (out of scope) gets none of them", async (who) => {
    for (const path of ["/api/leaves/all", "/api/leaves/waiting", "/api/leaves/waiting-planning"]) {
      const res = await api.get(path, tokens[who]);
      expect(res.status).toBe(200);
      expect(ofSubject(res.body)).toEqual([]);
    }
  });

  it.each(["host", "commercial", "colleague"])("%s is refused (403)", async (who) => {
    for (const path of ["/api/leaves/all", "/api/leaves/waiting", "/api/leaves/waiting-planning"]) {
      expect((await api.get(path, tokens[who])).status).toBe(403);
    }
  });
});

describe("one employee's leaves: /api/leaves/valid/employee/{id} and /api/leaves/{id}", () => {
  it.each(["head", "financial", "departmentHead", "teamLeader", "employee"])("%s sees everything", async (who) => {
    const res = await api.get(`/api/leaves/valid/employee/${cast.employee.employeeId}`, tokens[who]);
    expect(res.status).toBe(200);
    expect(ofSubject(res.body)).toHaveLength(2);
    expectFull(ofSubject(res.body));
    const one = await api.get(`/api/leaves/${sick}`, tokens[who]);
    expect(one.status).toBe(200);
    expectFull([one.body]);
  });

  it.each(["host", "commercial", "colleague", "otherTeamLeader", "otherDepartmentHead"])("%s gets 404", async (who) => {
    expect((await api.get(`/api/leaves/valid/employee/${cast.employee.employeeId}`, tokens[who])).status).toBe(404);
    expect((await api.get(`/api/leaves/${sick}`, tokens[who])).status).toBe(404);
  });
});

describe("HTML: /leave/waiting and /leave/detail/{id}", () => {
  it("the team leader sees the comment and the reason on the waiting page and the detail", async () => {
    const c = htmlClient(() => server.baseUrl);
    await c.login(cast.teamLeader.email);
    const list = await c.get(`/leave/waiting?tab=accepted&year=${Y}&month=3`);
    expect(list.status).toBe(200);
    expect(list.text).toContain("Arrêt maladie");
    expect(list.text).toContain("Dr House");
    const detail = await c.get(`/leave/detail/${sick}`);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain("Dr House");
  });

  it.each(["host", "commercial", "colleague", "otherTeamLeader"])("%s never sees them", async (who) => {
    const c = htmlClient(() => server.baseUrl);
    await c.login(who === "commercial" ? commercial.email : cast[who as "host"].email);
    const detail = await c.get(`/leave/detail/${sick}`);
    expect(detail.status).toBe(404);
    expect(detail.text).not.toContain("Dr House");
    // Last: a page outside one's rights ends the session.
    const list = await c.get(`/leave/waiting?tab=accepted&year=${Y}&month=3`);
    expect(list.text).not.toContain("Dr House");
    if (who !== "otherTeamLeader") expect(list.status).not.toBe(200);
  });
});
