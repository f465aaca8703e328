import { beforeAll, describe, expect, it } from "vitest";
import { closePastDays } from "~/services/overtime/run.server";
import { payrollCsv, payrollMonth } from "~/services/payroll/payroll.server";
import { loadDashboard } from "~/services/home/dashboard.server";
import { validateSuggestion } from "~/services/time-clock/suggestions.server";
import { badgingScreen, clockAction, createSuggestion, currentClock, history, recomputeDay } from "~/services/time-clock/time-clock.server";
import { todayByTeam } from "~/services/time-clock/views.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { addLeave, at, createClockEmployee, currentUser, insertClock, rejection } from "~tests/support/factories-time";

/** Issue 26 §1 (decision 0075): a shift belongs to the day it started; issue 29 §3: no clocking on a full-day leave. */
const db = useTestDatabase();
const H = 3600;

let org: Org;
beforeAll(async () => {
  org = await createOrg(db.em());
});
const employee = () => createClockEmployee(db.em(), org);

async function clocksOf(employeeId: number) {
  return db.sql<{ date: string; type: string | null; working_time_seconds: number; night_seconds: number; anomaly: boolean }>(
    "select date::text as date, type, working_time_seconds, night_seconds, anomaly from time_clock where employee_id = ? and suggested = false order by date",
    [employeeId],
  );
}

describe("a night shift clocked live", () => {
  it.each([
    ["a winter night 22:00 -> 06:00 is 8 h", "2026-03-02", "2026-03-03", 8 * H],
    ["the spring-forward night (28 -> 29/03/2026) is 7 h", "2026-03-28", "2026-03-29", 7 * H],
    ["the fall-back night (24 -> 25/10/2026) is 9 h", "2026-10-24", "2026-10-25", 9 * H],
  ])("%s, one day dated on the evening, all of it night hours", async (_name, evening, morning, seconds) => {
    const e = await employee();
    await clockAction(db.em(), e.user, "start", at(evening, "22:00"));
    const end = await clockAction(db.em(), e.user, "end", at(morning, "06:00"));
    expect(end).toMatchObject({ date: evening, type: "END", workingTimeSeconds: seconds });
    expect(await clocksOf(e.employeeId)).toEqual([{ date: evening, type: "END", working_time_seconds: seconds, night_seconds: seconds, anomaly: false }]);
    const [ot] = await db.sql<{ worked_seconds: number }>("select worked_seconds from overtime where employee_id = ? and date = ?", [e.employeeId, evening]);
    expect(ot!.worked_seconds).toBe(seconds);
  });

  it("a pause after midnight and the return belong to the same shift; the current clock is the night's", async () => {
    const e = await employee();
    await clockAction(db.em(), e.user, "start", at("2026-03-09", "21:00"));
    await clockAction(db.em(), e.user, "pause", at("2026-03-10", "01:00"));
    await clockAction(db.em(), e.user, "start", at("2026-03-10", "01:30"));
    const live = await currentClock(db.em(), e.user, at("2026-03-10", "03:30"));
    expect(live).toMatchObject({ date: "2026-03-09", type: "START", workingTimeSeconds: 6 * H });
    const screen = await badgingScreen(db.em(), e.user, at("2026-03-10", "03:30"), null);
    expect(screen.clock?.date).toBe("2026-03-09");
    expect(screen.allowed.end).toBe(true);
    const end = await clockAction(db.em(), e.user, "end", at("2026-03-10", "05:30"));
    expect(end).toMatchObject({ date: "2026-03-09", workingTimeSeconds: 8 * H, logs: [{ hhmm: "21:00" }, { hhmm: "01:00" }, { hhmm: "01:30" }, { hhmm: "05:30" }] });
    // The next evening starts a new day.
    const next = await clockAction(db.em(), e.user, "start", at("2026-03-10", "21:00"));
    expect(next.date).toBe("2026-03-10");
  });

  it("a shift left open 16 h is no longer waited for: the action starts a new day and the old one is an anomaly", async () => {
    const e = await employee();
    const open = await clockAction(db.em(), e.user, "start", at("2026-03-11", "22:00"));
    const refused = await rejection(clockAction(db.em(), e.user, "end", at("2026-03-12", "14:00")));
    expect(refused.status).toBe(409);
    const started = await clockAction(db.em(), e.user, "start", at("2026-03-12", "14:00"));
    expect(started.date).toBe("2026-03-12");
    const totals = await recomputeDay(db.em(), open.id, at("2026-03-12", "14:00"));
    expect(totals.anomaly).toBe(true);
  });

  it("a Sunday night ended on Monday marks last week to be computed again (it may be stored already); a Saturday night does not", async () => {
    const dirtyWeeks = (employeeId: number) =>
      db.sql<{ iso_week: number }>("select iso_week from overtime_week where employee_id = ? and dirty order by iso_week", [employeeId]);
    const sunday = await employee();
    await clockAction(db.em(), sunday.user, "start", at("2026-03-22", "22:00"));
    await clockAction(db.em(), sunday.user, "end", at("2026-03-23", "06:00"));
    expect(await dirtyWeeks(sunday.employeeId)).toEqual([{ iso_week: 12 }]);
    const saturday = await employee();
    await clockAction(db.em(), saturday.user, "start", at("2026-03-21", "22:00"));
    await clockAction(db.em(), saturday.user, "end", at("2026-03-22", "06:00"));
    expect(await dirtyWeeks(saturday.employeeId)).toEqual([]);
  });

  it("the nightly close leaves a night shift still open alone, and closes it once past 16 h", async () => {
    const e = await employee();
    await clockAction(db.em(), e.user, "start", at("2026-03-16", "22:00"));
    await closePastDays(db.em(), at("2026-03-17", "01:00"));
    expect((await clocksOf(e.employeeId))[0]!.anomaly).toBe(false);
    await closePastDays(db.em(), at("2026-03-17", "14:30"));
    expect((await clocksOf(e.employeeId))[0]!.anomaly).toBe(true);
  });
});

describe("a night shift corrected", () => {
  it("a form's 22:00 START and 06:00 END are one night of the day asked (the 06:00 on the next morning)", async () => {
    const e = await employee();
    const day = "2026-03-28";
    const suggestion = await createSuggestion(
      db.em(),
      e.user,
      { date: day, employeeId: e.employeeId, message: "Nuit", logs: [{ time: "22:00", type: "START" }, { time: "02:00", type: "PAUSE" }, { time: "02:20", type: "START" }, { time: "06:00", type: "END" }] },
      at("2026-03-30", "09:00"),
    );
    expect(suggestion).toMatchObject({ date: day, type: "END", workingTimeSeconds: 7 * H - 20 * 60 });
    const boss = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" });
    const { timeClockId } = await validateSuggestion(db.em(), await currentUser(db.em(), boss.userId), suggestion.id, at("2026-03-30", "10:00"));
    const [day0] = await db.sql<{ working_time_seconds: number; night_seconds: number }>("select working_time_seconds, night_seconds from time_clock where id = ?", [timeClockId]);
    expect(day0).toEqual({ working_time_seconds: 7 * H - 20 * 60, night_seconds: 7 * H - 20 * 60 });
  });

  it("the /api's instants may end on the next morning (issue 26: was 422 'Ce pointage n'est pas le 28/03/2026')", async () => {
    const e = await employee();
    const suggestion = await createSuggestion(
      db.em(),
      e.user,
      { date: "2026-03-28", employeeId: e.employeeId, message: "Nuit", logs: [{ time: at("2026-03-28", "22:00"), type: "START" }, { time: at("2026-03-29", "06:00"), type: "END" }] },
      at("2026-03-30", "09:00"),
    );
    expect(suggestion).toMatchObject({ date: "2026-03-28", workingTimeSeconds: 7 * H });
  });

  it.each([
    ["an entry two days later", [["2026-03-02", "22:00", "START"], ["2026-03-04", "06:00", "END"]], "timeLogs.1.time", "Ce pointage n'est pas le 02/03/2026."],
    ["a shift starting on the next day", [["2026-03-03", "01:00", "START"], ["2026-03-03", "06:00", "END"]], "timeLogs.0.time", "Ce pointage n'est pas le 02/03/2026."],
    ["a shift longer than 16 h", [["2026-03-02", "08:00", "START"], ["2026-03-03", "06:00", "END"]], "timeLogs.1.time", "Une journée ne peut pas durer plus de 16 h entre son premier et son dernier pointage."],
  ] as const)("refuses %s (422)", async (_name, logs, path, message) => {
    const e = await employee();
    const error = await rejection(
      createSuggestion(
        db.em(),
        e.user,
        { date: "2026-03-02", employeeId: e.employeeId, message: "x", logs: logs.map(([d, hhmm, type]) => ({ time: at(d, hhmm), type })) },
        at("2026-03-10", "09:00"),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.violations).toContainEqual({ propertyPath: path, message });
  });
});

describe("clocking during a leave (issue 29 §3)", () => {
  it("a full-day leave refuses the start with the page's words (409), and stores nothing", async () => {
    const e = await employee();
    await addLeave(db.em(), e.employeeId, { start: "2026-04-13", end: "2026-04-17" });
    const error = await rejection(clockAction(db.em(), e.user, "start", at("2026-04-14", "08:00")));
    expect(error.status).toBe(409);
    expect(error.message).toBe("Pas besoin de badger ! Vous êtes en congé aujourd'hui.");
    expect(await clocksOf(e.employeeId)).toEqual([]);
  });

  it.each([
    ["a morning off leaves the afternoon open", { halfDayMorning: true }, "13:00"],
    ["an afternoon off leaves the morning open", { halfDayAfternoon: true }, "08:00"],
  ])("%s", async (_name, half, hhmm) => {
    const e = await employee();
    await addLeave(db.em(), e.employeeId, { start: "2026-04-20", end: "2026-04-20", ...half });
    const clock = await clockAction(db.em(), e.user, "start", at("2026-04-20", hhmm));
    expect(clock.type).toBe("START");
  });

  it("a night shift started the evening before a leave can still be ended", async () => {
    const e = await employee();
    await addLeave(db.em(), e.employeeId, { start: "2026-04-22", end: "2026-04-22" });
    await clockAction(db.em(), e.user, "start", at("2026-04-21", "22:00"));
    const end = await clockAction(db.em(), e.user, "end", at("2026-04-22", "06:00"));
    expect(end.date).toBe("2026-04-21");
  });
});

describe("night hours in the payroll file (issue 26 §1)", () => {
  it("HEURES_NUIT sums the night hours of the shifts started in the month, the last night of March in March", async () => {
    const payrollOrg = await createOrg(db.em(), " Nuit");
    const e = await createClockEmployee(db.em(), payrollOrg);
    await clockAction(db.em(), e.user, "start", at("2026-03-30", "22:00"));
    await clockAction(db.em(), e.user, "end", at("2026-03-31", "06:00"));
    await clockAction(db.em(), e.user, "start", at("2026-03-31", "20:00"));
    await clockAction(db.em(), e.user, "end", at("2026-04-01", "04:30")); // 7 h 30 of night, started in March
    const march = await payrollMonth(db.em(), payrollOrg.subsidiaryId, "2026-03");
    const april = await payrollMonth(db.em(), payrollOrg.subsidiaryId, "2026-04");
    expect(march.lines.find((l) => l.employeeId === e.employeeId)!.nightSeconds).toBe(15.5 * H);
    expect(april.lines.find((l) => l.employeeId === e.employeeId)!.nightSeconds).toBe(0);
    const [header, row] = payrollCsv(march, "cadran-paie-v2").slice(1).split("\r\n").map((l) => l.split(";"));
    expect(row![header!.indexOf("HEURES_NUIT")]).toBe("15,5");
  });
});

describe("the views show the shift on its day, its end on the next (issue 26 §1)", () => {
  it("the team recap shows a night worker at work at 03:00, and the history marks the END as the next morning", async () => {
    const viewOrg = await createOrg(db.em(), " Vues nuit");
    const e = await createClockEmployee(db.em(), viewOrg);
    await clockAction(db.em(), e.user, "start", at("2026-05-04", "22:00"));
    const scope = { subsidiaryId: viewOrg.subsidiaryId, divisionId: null, teamId: null, empty: false };
    const recap = (await todayByTeam(db.em(), scope, at("2026-05-05", "03:00"))).flatMap((team) => team.employees);
    expect(recap.find((r) => r.id === e.employeeId)).toMatchObject({ state: "start", workingSeconds: 5 * H });
    await clockAction(db.em(), e.user, "end", at("2026-05-05", "06:00"));
    const found = await history(db.em(), e.user, "2026-05-04", "2026-05-05");
    const day = found.weeks.flatMap((w) => w.items);
    expect(day.map((c) => c.date)).toEqual(["2026-05-04"]);
    expect(day[0]!.logs.map((l) => [l.hhmm, l.type, l.nextDay ?? false])).toEqual([
      ["22:00", "START", false],
      ["06:00", "END", true],
    ]);
  });
});

describe("the dashboard's badgings today (issue 26 §1)", () => {
  it("a team leader sees the night worker at work at 03:00, not unbadged", async () => {
    const dashOrg = await createOrg(db.em(), " Tableau nuit");
    const e = await createClockEmployee(db.em(), dashOrg);
    const leader = await createEmployee(db.em(), dashOrg, { profileType: "ROLE_TEAM_LEADER" });
    await clockAction(db.em(), e.user, "start", at("2026-05-11", "22:00"));
    const dashboard = await loadDashboard(db.em(), await currentUser(db.em(), leader.userId), {}, {}, at("2026-05-12", "03:00"));
    if (dashboard.variant !== "team") throw new Error(`unexpected variant ${dashboard.variant}`);
    const employees = dashboard.blocks.divisions.flatMap((d) => d.teams.flatMap((t) => t.employees));
    expect(employees.find((x) => x.id === e.employeeId)?.state).toBe("start");
  });
});
