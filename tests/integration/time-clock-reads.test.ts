import { beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "~/services/shared/errors";
import { badgingScreen, clockAction, clockById, createSuggestion, employeeRange, history } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createOrg, type Org } from "~tests/support/factories";
import { addLeave, at, createClockEmployee, insertClock, rejection, setSchedule } from "~tests/support/factories-time";

const db = useTestDatabase();

const person = (org: Org, overrides: Parameters<typeof createClockEmployee>[2] = {}) => createClockEmployee(db.em(), org, overrides);

let org: Org;
let people: Record<"employee" | "teammate" | "otherTeam" | "otherDivision" | "leader" | "head" | "direction", Awaited<ReturnType<typeof person>>>;

beforeAll(async () => {
  org = await createOrg(db.em());
  people = {
    employee: await person(org),
    teammate: await person(org),
    otherTeam: await person(org, { teamId: org.otherTeamId }),
    otherDivision: await person(org, { divisionId: org.otherDivisionId, teamId: null }),
    leader: await person(org, { profileType: "ROLE_TEAM_LEADER" }),
    head: await person(org, { profileType: "ROLE_DEPARTMENT_HEAD", teamId: null }),
    direction: await person(org, { profileType: "ROLE_HEAD_MANAGEMENT", teamId: null, divisionId: null }),
  };
});

describe("history", () => {
  it("keeps the period to 2 weeks and groups the days by ISO week", async () => {
    const e = await person(org);
    for (const date of ["2026-03-02", "2026-03-06", "2026-03-09", "2026-03-16", "2026-03-20"]) {
      await insertClock(db.em(), e.employeeId, date, [
        ["08:00", "START"],
        ["16:00", "END"],
      ]);
    }
    const result = await history(db.em(), e.user, "2026-03-02", "2026-03-31");
    expect(result.range).toEqual({ from: "2026-03-02", to: "2026-03-16" });
    expect(result.clamped).toBe(true);
    expect(result.weeks.map((w) => [w.week, w.items.map((c) => c.date)])).toEqual([
      [10, ["2026-03-02", "2026-03-06"]],
      [11, ["2026-03-09"]],
      [12, ["2026-03-16"]],
    ]);
  });

  it("shows only the employee's own days, never suggestions", async () => {
    const e = await person(org);
    const id = await insertClock(db.em(), e.employeeId, "2026-03-03", [["08:00", "START"]]);
    await insertClock(db.em(), e.employeeId, "2026-03-03", [["07:00", "START"]], { suggested: true, originId: id, message: "x" });
    await insertClock(db.em(), people.teammate.employeeId, "2026-03-03", [["08:00", "START"]]);
    const result = await history(db.em(), e.user, "2026-03-01", "2026-03-10");
    expect(result.clamped).toBe(false);
    expect(result.weeks.flatMap((w) => w.items.map((c) => c.id))).toEqual([id]);
  });
});

describe("scope: employeeRange and clockById", () => {
  it.each([
    ["the employee themselves", "employee", "employee", true],
    ["a team leader for their team", "leader", "employee", true],
    ["a team leader for another team", "leader", "otherTeam", false],
    ["a department head for their division", "head", "otherTeam", true],
    ["a department head for another division", "head", "otherDivision", false],
    ["management for anyone", "direction", "otherDivision", true],
    ["an employee for a teammate", "employee", "teammate", false],
  ] as const)("%s", async (name, actor, target, allowed) => {
    // One day per case: a person has one clock a day.
    const day = `2026-02-0${1 + name.length % 9}`;
    await db.sql("delete from time_clock where employee_id = ? and date = ?", [people[target].employeeId, day]);
    const clockId = await insertClock(db.em(), people[target].employeeId, day, [["08:00", "START"]]);
    // Each call starts only when the one before has settled: a refusal left waiting would be an unhandled rejection.
    const call = () => employeeRange(db.em(), people[actor].user, people[target].employeeId, "2026-02-01", "2026-02-10");
    const byId = () => clockById(db.em(), people[actor].user, clockId);
    if (allowed) {
      expect((await call()).clocks.map((c) => c.id)).toContain(clockId);
      expect((await byId()).id).toBe(clockId);
    } else {
      expect((await rejection(call())).status).toBe(404);
      expect((await rejection(byId())).status).toBe(404);
    }
  });

  it("keeps a range to 6 months", async () => {
    const result = await employeeRange(db.em(), people.employee.user, people.employee.employeeId, "2026-01-10", "2026-12-31");
    expect(result.range).toEqual({ from: "2026-01-10", to: "2026-07-10" });
  });
});

describe("createSuggestion", () => {
  it("creates a suggested copy of an ended day, linked to it, with its totals", async () => {
    const e = await person(org);
    const day = "2026-04-14";
    await clockAction(db.em(), e.user, "start", at(day, "08:00"));
    const ended = await clockAction(db.em(), e.user, "end", at(day, "15:00"));
    const suggestion = await createSuggestion(
      db.em(),
      e.user,
      {
        date: day,
        employeeId: e.employeeId,
        message: "Badge oublié au retour",
        logs: [
          { time: "08:00", type: "START" },
          { time: "17:00", type: "END" },
          { time: "12:00", type: "LUNCH" },
          { time: "13:00", type: "START" },
        ],
      },
      at(day, "15:05"),
    );
    expect(suggestion).toMatchObject({
      suggested: true,
      originId: ended.id,
      message: "Badge oublié au retour",
      type: "END",
      workingTimeSeconds: 8 * 3600,
      overtimeSeconds: 3600,
    });
    expect(suggestion.logs.map((l) => `${l.hhmm} ${l.type}`)).toEqual(["08:00 START", "12:00 LUNCH", "13:00 START", "17:00 END"]);
    // The original day is untouched until a manager validates.
    const [origin] = await db.sql<{ working_time_seconds: number }>("select working_time_seconds from time_clock where id = ?", [ended.id]);
    expect(origin!.working_time_seconds).toBe(7 * 3600);
  });

  it("refuses a day still in progress with a 409", async () => {
    const e = await person(org);
    const day = "2026-04-15";
    await clockAction(db.em(), e.user, "start", at(day, "08:00"));
    const error = await rejection(
      createSuggestion(
        db.em(),
        e.user,
        { date: day, employeeId: e.employeeId, message: "x", logs: [{ time: "08:00", type: "START" }] },
        at(day, "09:00"),
      ),
    );
    expect(error.status).toBe(409);
  });

  it.each([
    ["an empty comment", { message: "  " }, ["message"]],
    ["no entries", { logs: [] }, ["timeLogs"]],
    ["a bad time", { logs: [{ time: "25:00", type: "START" as const }] }, ["timeLogs.0.time"]],
    [
      "entries no button sequence could make",
      {
        logs: [
          { time: "08:00", type: "START" as const },
          { time: "09:00", type: "END" as const },
          { time: "10:00", type: "START" as const },
        ],
      },
      ["timeLogs.2.type"],
    ],
    ["a day to come", { date: "2026-05-01" }, ["date"]],
  ])("answers 422 for %s", async (_name, override, paths) => {
    const e = people.employee;
    const error = await rejection(
      createSuggestion(
        db.em(),
        e.user,
        { date: "2026-04-10", employeeId: e.employeeId, message: "Oubli", logs: [{ time: "08:00", type: "START" }], ...override },
        at("2026-04-20", "09:00"),
      ),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.violations.map((v) => v.propertyPath)).toEqual(paths);
  });

  it("lets a team leader suggest for their team, not for another team (404)", async () => {
    const input = (employeeId: number) => ({ date: "2026-04-10", employeeId, message: "Oubli", logs: [{ time: "08:00", type: "START" as const }] });
    const ok = await createSuggestion(db.em(), people.leader.user, input(people.employee.employeeId), at("2026-04-20", "09:00"));
    expect(ok.originId).toBeNull();
    const [row] = await db.sql<{ created_by_id: number }>("select created_by_id from time_clock where id = ?", [ok.id]);
    expect(row!.created_by_id).toBe(people.leader.employeeId);
    const error = await rejection(createSuggestion(db.em(), people.leader.user, input(people.otherTeam.employeeId), at("2026-04-20", "09:00")));
    expect(error.status).toBe(404);
  });
});

describe("badgingScreen", () => {
  it("gathers today's clock, the buttons, the week up to yesterday and the lunch reminder", async () => {
    const e = await person(org);
    await insertClock(db.em(), e.employeeId, "2026-04-20", [
      ["08:00", "START"],
      ["16:00", "END"],
    ]);
    await clockAction(db.em(), e.user, "start", at("2026-04-22", "08:00"));
    const screen = await badgingScreen(db.em(), e.user, at("2026-04-22", "10:00"), null);
    expect(screen.today).toBe("2026-04-22");
    expect(screen.allowed).toEqual({ start: false, pause: true, lunch: true, end: true });
    expect(screen.clock?.workingTimeSeconds).toBe(7200);
    expect(screen.week.map((d) => [d.date, d.clock?.type ?? null])).toEqual([
      ["2026-04-20", "END"],
      ["2026-04-21", null],
    ]);
    expect(screen.lunch).toEqual({ start: 720, end: 780 });
    expect(screen.onLeave).toBe(false);
    expect(screen.history).toBeNull();
  });

  it("runs the week overview from Monday to yesterday: today is not there, even once ended (spec 2, issue 29 item 6)", async () => {
    const e = await person(org);
    await insertClock(db.em(), e.employeeId, "2026-04-21", [["08:00", "START"], ["16:00", "END"]]);
    await insertClock(db.em(), e.employeeId, "2026-04-22", [["08:00", "START"], ["16:00", "END"]]);
    const ended = await badgingScreen(db.em(), e.user, at("2026-04-22", "17:00"), null);
    expect(ended.clock?.type).toBe("END");
    expect(ended.week.map((d) => d.date)).toEqual(["2026-04-20", "2026-04-21"]);
    const monday = await badgingScreen(db.em(), e.user, at("2026-04-20", "18:00"), null);
    expect(monday.week).toEqual([]);
  });

  it("says on leave for a full-day leave and gives the half-day banner otherwise", async () => {
    const e = await person(org);
    await addLeave(db.em(), e.employeeId, { start: "2026-04-27", end: "2026-04-28" });
    await addLeave(db.em(), e.employeeId, { start: "2026-04-29", end: "2026-04-29", halfDayAfternoon: true, reason: "RTT_LEAVE" });
    expect((await badgingScreen(db.em(), e.user, at("2026-04-28", "09:00"), null)).onLeave).toBe(true);
    const half = await badgingScreen(db.em(), e.user, at("2026-04-29", "09:00"), null);
    expect(half.onLeave).toBe(false);
    expect(half.halfDay).toEqual({ reason: "RTT_LEAVE", half: "afternoon" });
    expect(half.expectedSeconds).toBe(12_600);
  });

  it("shows a notification until the day is ended", async () => {
    const e = await person(org);
    await insertClock(db.em(), e.employeeId, "2026-04-23", [["08:00", "START"]], { newNotification: "pre_lunch" });
    expect((await badgingScreen(db.em(), e.user, at("2026-04-23", "11:50"), null)).notification).toBe("pre_lunch");
    await insertClock(db.em(), e.employeeId, "2026-04-24", [["08:00", "START"], ["16:00", "END"]], { newNotification: "overtime" });
    expect((await badgingScreen(db.em(), e.user, at("2026-04-24", "17:00"), null)).notification).toBeNull();
  });
});
