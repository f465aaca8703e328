import { beforeAll, describe, expect, it } from "vitest";
import { findDueNotifications } from "~/services/time-clock/clock-notifications.server";
import { loadDashboard } from "~/services/home/dashboard.server";
import { checksIn, legalDays } from "~/services/overtime/legal-days.server";
import { badgingScreen, clockAction, createSuggestion } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { at, createClockEmployee, currentUser, insertClock } from "~tests/support/factories-time";

/** Debts of the night work (issue 26, decisions 0075 and 0103). */
const db = useTestDatabase();

describe("the dashboard's to do (decision 0103)", () => {
  let toDoAt: (when: Date) => Promise<number>;
  let worker: Awaited<ReturnType<typeof createClockEmployee>>;
  beforeAll(async () => {
    const org = await createOrg(db.em(), " A faire nuit");
    worker = await createClockEmployee(db.em(), org);
    const leader = await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER" });
    toDoAt = async (when) => {
      const dashboard = await loadDashboard(db.em(), await currentUser(db.em(), leader.userId), {}, {}, when);
      if (dashboard.variant !== "team") throw new Error(`unexpected variant ${dashboard.variant}`);
      return dashboard.toDo.counts.anomalies ?? -1;
    };
    await clockAction(db.em(), worker.user, "start", at("2026-06-01", "22:00"));
  });

  it.each([
    ["at 03:00 the night shift started at 22:00 is still open: not an anomaly", "03:00", 0],
    ["at 13:59 it is still within its 16 h", "13:59", 0],
    ["at 14:00, 16 h after its start, it is a day without END", "14:00", 1],
  ])("%s", async (_name, hhmm, count) => {
    expect(await toDoAt(at("2026-06-02", hhmm))).toBe(count);
  });
});

describe("the badging page's correction of a night ended this morning (decision 0103)", () => {
  it("offers yesterday's night until today's card is ended; the correction typed as on the form is the night's", async () => {
    const org = await createOrg(db.em(), " Correction nuit");
    const e = await createClockEmployee(db.em(), org);
    await clockAction(db.em(), e.user, "start", at("2026-06-06", "22:00"));
    expect((await badgingScreen(db.em(), e.user, at("2026-06-07", "05:00"), null)).lastNight).toBeNull(); // still open
    await clockAction(db.em(), e.user, "end", at("2026-06-07", "06:00"));
    const screen = await badgingScreen(db.em(), e.user, at("2026-06-07", "07:00"), null);
    expect(screen.clock).toBeNull();
    expect(screen.lastNight).toMatchObject({ date: "2026-06-06", type: "END", workingTimeSeconds: 8 * 3600 });
    // The form's own values: the entries as HH:MM, the day of the night.
    const logs = screen.lastNight!.logs.map((l) => ({ time: l.hhmm, type: l.type }));
    expect(logs).toEqual([{ time: "22:00", type: "START" }, { time: "06:00", type: "END" }]);
    logs[1]!.time = "06:30";
    const asked = await createSuggestion(db.em(), e.user, { date: screen.lastNight!.date, employeeId: e.employeeId, message: "Fin à 06:30", logs }, at("2026-06-07", "07:00"));
    expect(asked).toMatchObject({ date: "2026-06-06", suggested: true, workingTimeSeconds: 8.5 * 3600 });
    // A day shift started and ended on the Sunday takes the card back.
    await clockAction(db.em(), e.user, "start", at("2026-06-07", "14:00"));
    expect((await badgingScreen(db.em(), e.user, at("2026-06-07", "15:00"), null)).lastNight?.date).toBe("2026-06-06");
    await clockAction(db.em(), e.user, "end", at("2026-06-07", "18:00"));
    expect((await badgingScreen(db.em(), e.user, at("2026-06-07", "19:00"), null)).lastNight).toBeNull();
    // A day shift yesterday is not a night.
    const day = await createClockEmployee(db.em(), org);
    await clockAction(db.em(), day.user, "start", at("2026-06-08", "08:00"));
    await clockAction(db.em(), day.user, "end", at("2026-06-08", "16:00"));
    expect((await badgingScreen(db.em(), day.user, at("2026-06-09", "07:00"), null)).lastNight).toBeNull();
  });
});

describe("the clock reminders of a night worker (decision 0103)", () => {
  it.each([
    ["at 09:20 the night started at 22:00 is still open (not ended): no start missed for today", "09:20", null],
    ["at 14:20, past its 16 h, today's start is missed", "14:20", "start_missed"],
  ])("%s", async (_name, hhmm, kind) => {
    const org = await createOrg(db.em(), ` Rappels nuit ${hhmm}`);
    const e = await createClockEmployee(db.em(), org); // Monday to Friday 09:00-17:00
    await clockAction(db.em(), e.user, "start", at("2026-06-09", "22:00")); // a Tuesday
    const due = await findDueNotifications(db.em(), at("2026-06-10", hhmm));
    expect(due.find((d) => d.employeeId === e.employeeId)?.kind ?? null).toBe(kind);
  });

  it("the evening's day gets no end reminder after midnight: only today's day is read", async () => {
    const org = await createOrg(db.em(), " Rappels nuit fin");
    const e = await createClockEmployee(db.em(), org);
    await clockAction(db.em(), e.user, "start", at("2026-06-09", "14:00"));
    const due = await findDueNotifications(db.em(), at("2026-06-10", "01:00"));
    expect(due.find((d) => d.employeeId === e.employeeId)).toBeUndefined();
  });
});

describe("Portugal's annual overtime limit from the country's policy and the company's size (art. 228.º, decision 0103)", () => {
  it.each([
    ["art. 228.º n.º 1 a): a small company (under 50 employees) at 160 h is within its 175 h", 0, []],
    ["art. 228.º n.º 1 b): a medium company (50 employees) past 150 h", 49, ["Código do Trabalho, art. 228.º n.º 1 a) e b)"]],
  ])("%s", async (_name, others, articles) => {
    const org = await createOrg(db.em(), ` Lisboa ${others}`);
    await db.sql("update country set name = ?, timezone = 'Europe/Lisbon' where id = ?", [`Portugal`, org.countryId]);
    const e = await createEmployee(db.em(), org, { lastname: "horas" });
    if (others > 0) {
      await db.sql(
        `insert into employee (firstname, lastname, email, profile_type, country_id, subsidiary_id, time_registration, leave_workflow, created_at, updated_at)
         select 'p', 'p' || g, 'pt' || g || '@cadran.test', 'ROLE_EMPLOYEE', ?, ?, true, 'full', now(), now() from generate_series(1, ?) g`,
        [org.countryId, org.subsidiaryId, others],
      );
    }
    // 80 working days of 8 h for 6 h expected: 2 h of overtime a day (within art. 228.º n.º 1 d)), 160 h in the year.
    let n = 0;
    for (let i = 0; n < 80; i++) {
      const date = new Date(Date.parse("2026-01-05T00:00:00Z") + i * 86_400_000).toISOString().slice(0, 10);
      if (new Date(`${date}T00:00:00Z`).getUTCDay() % 6 === 0) continue;
      await insertClock(db.em(), e.employeeId, date, [["08:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["17:00", "END"]]);
      n++;
    }
    await db.sql("update time_clock set expected_seconds = 21600 where employee_id = ?", [e.employeeId]);
    const days = await legalDays(db.em(), [e.employeeId], "2026-01-01", "2026-06-30");
    const found = checksIn(days.get(e.employeeId), "2026-01-01", "2026-06-30").filter((c) => c.code === "annual_overtime_over_limit");
    // The country's name back: the next case's country is Portugal (a unique name).
    await db.sql("update country set name = ? where id = ?", [`Ex-Portugal ${others}`, org.countryId]);
    expect(found.map((c) => c.article)).toEqual(articles);
  });
});
