import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/services/shared/errors";
import { clockAction, currentClock, recomputeDay, resetDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { addHoliday, addLeave, at, createClockEmployee, currentUser, insertClock, rejection, setSchedule } from "~tests/support/factories-time";

const db = useTestDatabase();

const employee = (org: Org, overrides: Parameters<typeof createClockEmployee>[2] = {}) => createClockEmployee(db.em(), org, overrides);

let org: Org;
beforeAll(async () => {
  org = await createOrg(db.em());
});

describe("clockAction: a full day", () => {
  it("start -> lunch -> start -> end gives the day's totals, one entry per action, the employee's last state", async () => {
    const e = await employee(org);
    const day = "2026-03-30"; // a Monday, 7 h expected
    const start = await clockAction(db.em(), e.user, "start", at(day, "08:00"));
    expect(start).toMatchObject({ type: "START", date: day, employeeId: e.employeeId, expectedSeconds: 25_200 });
    expect(start.logs.map((l) => [l.hhmm, l.type])).toEqual([["08:00", "START"]]);
    await clockAction(db.em(), e.user, "lunch", at(day, "12:00"));
    await clockAction(db.em(), e.user, "start", at(day, "13:00"));
    const end = await clockAction(db.em(), e.user, "end", at(day, "17:00"));
    expect(end.type).toBe("END");
    expect(end.workingTimeSeconds).toBe(8 * 3600);
    expect(end.lunchTimeSeconds).toBe(3600);
    expect(end.overtimeSeconds).toBe(3600);
    expect(end.logs.map((l) => l.type)).toEqual(["START", "LUNCH", "START", "END"]);

    const [clock] = await db.sql<{ type: string; working_time_seconds: number; overtime_seconds: number; anomaly: boolean }>(
      "select type, working_time_seconds, overtime_seconds, anomaly from time_clock where employee_id = ?",
      [e.employeeId],
    );
    expect(clock).toEqual({ type: "END", working_time_seconds: 28_800, overtime_seconds: 3600, anomaly: false });
    const [overtime] = await db.sql<{ worked_seconds: number; expected_seconds: number; overtime_seconds: number }>(
      "select worked_seconds, expected_seconds, overtime_seconds from overtime where employee_id = ? and date = ?",
      [e.employeeId, day],
    );
    expect(overtime).toEqual({ worked_seconds: 28_800, expected_seconds: 25_200, overtime_seconds: 3600 });
    const [state] = await db.sql<{ last_state_time_clock: string }>("select last_state_time_clock from employee where id = ?", [e.employeeId]);
    expect(state!.last_state_time_clock).toBe("end");
    const logs = await db.sql("select l.id from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?", [e.employeeId]);
    expect(logs).toHaveLength(4);
  });

  it("counts the open interval up to now in the current clock, without storing it", async () => {
    const e = await employee(org);
    const day = "2026-03-31";
    await clockAction(db.em(), e.user, "start", at(day, "08:00"));
    const live = await currentClock(db.em(), e.user, at(day, "10:30"));
    expect(live?.workingTimeSeconds).toBe(9000);
    expect(live?.overtimeSeconds).toBe(9000 - 25_200);
    const [stored] = await db.sql<{ working_time_seconds: number }>("select working_time_seconds from time_clock where employee_id = ?", [
      e.employeeId,
    ]);
    expect(stored!.working_time_seconds).toBe(0);
  });

  it("gives no current clock on an empty day", async () => {
    const e = await employee(org);
    expect(await currentClock(db.em(), e.user, at("2026-03-30", "09:00"))).toBeNull();
  });

  it.each([
    ["a pause before any start", ["pause"], "Vous ne pouvez pas prendre une pause maintenant : commencez d'abord votre journée."],
    ["an end before any start", ["end"], "Vous ne pouvez terminer votre journée qu'après avoir repris le travail."],
    ["a second start", ["start", "start"], "Vous ne pouvez pas commencer maintenant : vous êtes déjà au travail ou votre journée est terminée."],
    ["lunch from a pause", ["start", "pause", "lunch"], "Vous ne pouvez pas partir déjeuner maintenant : commencez d'abord votre journée."],
    ["an end from lunch", ["start", "lunch", "end"], "Vous ne pouvez terminer votre journée qu'après avoir repris le travail."],
    ["a start after the end", ["start", "end", "start"], "Vous ne pouvez pas commencer maintenant : vous êtes déjà au travail ou votre journée est terminée."],
  ] as const)("refuses %s with a 409 and writes nothing", async (_name, actions, message) => {
    const e = await employee(org);
    const day = "2026-04-01";
    const allowed = actions.slice(0, -1);
    for (const [i, action] of allowed.entries()) await clockAction(db.em(), e.user, action, at(day, `0${8 + i}:00`));
    const error = await rejection(clockAction(db.em(), e.user, actions.at(-1)!, at(day, "11:30")));
    expect(error.status).toBe(409);
    expect(error.message).toBe(message);
    const logs = await db.sql("select l.id from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?", [e.employeeId]);
    expect(logs).toHaveLength(allowed.length);
  });
});

describe("clockAction: concurrency", () => {
  it("20 parallel starts make one entry: one success, 19 conflicts", async () => {
    const e = await employee(org);
    const now = at("2026-04-02", "08:00");
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => clockAction(db.orm.em.fork(), e.user, "start", now)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(failures).toHaveLength(19);
    for (const f of failures) expect((f.reason as AppError).status).toBe(409);
    const clocks = await db.sql("select id from time_clock where employee_id = ?", [e.employeeId]);
    expect(clocks).toHaveLength(1);
    const logs = await db.sql<{ type: string }>(
      "select l.type from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?",
      [e.employeeId],
    );
    expect(logs).toEqual([{ type: "START" }]);
  });

  it("a start and a pause racing at once are applied one after the other", async () => {
    const e = await employee(org);
    const day = "2026-04-03";
    await clockAction(db.em(), e.user, "start", at(day, "08:00"));
    const results = await Promise.allSettled([
      clockAction(db.orm.em.fork(), e.user, "pause", at(day, "10:00")),
      clockAction(db.orm.em.fork(), e.user, "lunch", at(day, "10:00")),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const logs = await db.sql("select l.id from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?", [e.employeeId]);
    expect(logs).toHaveLength(2);
  });
});

describe("days, zones and DST", () => {
  it("takes the day in the subsidiary's zone: 00:30 in Paris is already the next day", async () => {
    const e = await employee(org);
    const clock = await clockAction(db.em(), e.user, "start", new Date("2026-03-30T22:30:00Z"));
    expect(clock.date).toBe("2026-03-31");
  });

  it("takes the day in Lisbon for a Lisbon subsidiary", async () => {
    const [sub] = await db.sql<{ id: number }>(
      "insert into subsidiary (name, country_id, city, timezone) values ('Lisboa Print', ?, 'Lisboa', 'Europe/Lisbon') returning id",
      [org.countryId],
    );
    const e = await createEmployee(db.em(), org);
    await db.sql("update employee set subsidiary_id = ? where id = ?", [sub!.id, e.employeeId]);
    const user = await currentUser(db.em(), e.userId);
    const clock = await clockAction(db.em(), user, "start", new Date("2026-03-30T22:30:00Z"));
    // 00:30 on the 31st in Paris, still 23:30 on the 30th in Lisbon.
    expect(clock.date).toBe("2026-03-30");
    expect(clock.logs[0]!.hhmm).toBe("23:30");
  });

  it.each([
    ["spring forward (23-hour day)", "2026-03-29", "01:00", "04:00", 2 * 3600],
    ["fall back (25-hour day)", "2026-10-25", "01:00", "04:00", 4 * 3600],
  ])("%s: a night shift counts real elapsed time", async (_name, day, from, to, seconds) => {
    const e = await employee(org);
    await clockAction(db.em(), e.user, "start", at(day, from));
    const end = await clockAction(db.em(), e.user, "end", at(day, to));
    expect(end.workingTimeSeconds).toBe(seconds);
    expect(end.date).toBe(day);
    // A Sunday: nothing expected, all overtime.
    expect(end.overtimeSeconds).toBe(seconds);
  });
});

describe("expected time", () => {
  it("is zero on a holiday and halved on a half-day leave", async () => {
    const e = await employee(org);
    await addHoliday(db.em(), org.countryId, "2026-04-06", "Lundi de Pâques");
    const holiday = await clockAction(db.em(), e.user, "start", at("2026-04-06", "08:00"));
    expect(holiday.expectedSeconds).toBe(0);
    await addLeave(db.em(), e.employeeId, { start: "2026-04-07", end: "2026-04-07", halfDayMorning: true });
    const half = await clockAction(db.em(), e.user, "start", at("2026-04-07", "13:00"));
    expect(half.expectedSeconds).toBe(12_600);
  });

  it("ignores a leave that is not accepted", async () => {
    const e = await employee(org);
    await addLeave(db.em(), e.employeeId, { start: "2026-04-08", end: "2026-04-08", state: "pending" });
    const clock = await clockAction(db.em(), e.user, "start", at("2026-04-08", "08:00"));
    expect(clock.expectedSeconds).toBe(25_200);
  });
});

describe("resetDay", () => {
  it("empties today's clock, keeps the entries as superseded and resets the last state", async () => {
    const e = await employee(org);
    const day = "2026-04-09";
    await clockAction(db.em(), e.user, "start", at(day, "08:00"));
    await clockAction(db.em(), e.user, "pause", at(day, "10:00"));
    const reset = await resetDay(db.em(), e.user, at(day, "10:05"));
    expect(reset).toMatchObject({ type: null, workingTimeSeconds: 0, logs: [] });
    const logs = await db.sql<{ superseded_at: Date | null; superseded_by_id: number | null }>(
      "select superseded_at, superseded_by_id from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?",
      [e.employeeId],
    );
    expect(logs).toHaveLength(2);
    for (const l of logs) {
      expect(l.superseded_at).not.toBeNull();
      expect(l.superseded_by_id).toBe(e.employeeId);
    }
    const [state] = await db.sql<{ last_state_time_clock: string }>("select last_state_time_clock from employee where id = ?", [e.employeeId]);
    expect(state!.last_state_time_clock).toBe("unbadged");
    // The day can be badged again.
    const again = await clockAction(db.em(), e.user, "start", at(day, "10:10"));
    expect(again.logs).toHaveLength(1);
  });
});

describe("recomputeDay", () => {
  it("marks a past day without END as an anomaly counting no overtime, and upserts its overtime row", async () => {
    const e = await employee(org);
    const id = await insertClock(db.em(), e.employeeId, "2026-03-23", [
      ["08:00", "START"],
      ["12:00", "LUNCH"],
    ]);
    const totals = await recomputeDay(db.em(), id, at("2026-03-24", "09:00"));
    expect(totals).toEqual({
      type: "LUNCH",
      workingTimeSeconds: 4 * 3600,
      lunchTimeSeconds: 0,
      expectedSeconds: 25_200,
      overtimeSeconds: 0,
      anomaly: true,
      nightSeconds: 0,
    });
    const [row] = await db.sql<{ anomaly: boolean; overtime_seconds: number }>(
      "select anomaly, overtime_seconds from overtime where employee_id = ? and date = '2026-03-23'",
      [e.employeeId],
    );
    expect(row).toEqual({ anomaly: true, overtime_seconds: 0 });
  });

  it("ignores superseded entries and recomputes after a correction", async () => {
    const e = await employee(org);
    const id = await insertClock(db.em(), e.employeeId, "2026-03-24", [
      ["08:00", "START"],
      ["16:00", "END"],
    ]);
    await recomputeDay(db.em(), id, at("2026-03-25", "09:00"));
    await db.sql("update time_log set superseded_at = now() where time_clock_id = ? and type = 'END'", [id]);
    await db.sql("insert into time_log (time_clock_id, time, type, created_at) values (?, ?, 'END', now())", [id, at("2026-03-24", "18:00")]);
    const totals = await recomputeDay(db.em(), id, at("2026-03-25", "09:00"));
    expect(totals.workingTimeSeconds).toBe(10 * 3600);
    expect(totals.overtimeSeconds).toBe(3 * 3600);
    const [row] = await db.sql<{ overtime_seconds: number }>("select overtime_seconds from overtime where employee_id = ?", [e.employeeId]);
    expect(row!.overtime_seconds).toBe(3 * 3600);
  });
});
