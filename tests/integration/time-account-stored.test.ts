import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/shared/time-calendar-date";
import { mondayOf } from "~/domain/shared/iso-week";
import { localDate } from "~/domain/shared/zoned-day";
import { closePastDays } from "~/services/overtime/run.server";
import { addDeduction, removeDeduction } from "~/services/overtime/deductions.server";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { loadReportPage } from "~/services/reports/pages.server";
import type { OvertimeReport } from "~/services/reports/overtime.server";
import { EMPTY_QUERY } from "~/services/reports/query.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { createClock, createSchedule, type Entry } from "~tests/support/factories-badging";

/**
 * Decision 0114: `time_account_week` holds each employee-week's time account (the days' worked − expected, less its
 * deductions), kept by triggers in the transaction of every change. For every finished week it must equal the live
 * figure of decision 0071 (the days, as every screen reads them), whatever wrote the days: the clock's recompute,
 * the nightly close of a day left open, a deduction added or removed, plain SQL, a day or an employee deleted. And
 * the overtime report's totals, which read it for the finished weeks, must equal the sum of the rows' kept cells.
 */
const db = useTestDatabase();
const today = localDate(new Date(), "Europe/Paris");
const thisMonday = mondayOf(today);
const NINE: Entry[] = [
  ["08:00", "START"],
  ["12:00", "LUNCH"],
  ["13:00", "START"],
  ["18:00", "END"],
];
let org: Org;
let head: CurrentUser;
let people: number[] = [];

/** Stored vs live per finished employee-week of `ids` (live: the days before today and the deductions). */
async function mismatches(ids: number[]) {
  return db.sql<{ employee_id: number; monday: string; stored: number | null; live: number | null }>(
    `with live as (
       select employee_id, date_trunc('week', d)::date as monday, sum(s)::bigint as s from (
         select employee_id, date as d, overtime_seconds as s from overtime where employee_id = any(?::int[])
         union all select employee_id, date, -seconds from deduction where employee_id = any(?::int[]) and removed_at is null) x
       group by 1, 2),
     stored as (select employee_id, monday, seconds as s from time_account_week where employee_id = any(?::int[]))
     select coalesce(l.employee_id, s.employee_id) as employee_id, coalesce(l.monday, s.monday)::text as monday, s.s::int as stored, l.s::int as live
       from live l full join stored s on s.employee_id = l.employee_id and s.monday = l.monday
      where coalesce(l.s, 0) <> coalesce(s.s, 0) and coalesce(l.monday, s.monday) < ?::date`,
    [`{${ids}}`, `{${ids}}`, `{${ids}}`, thisMonday],
  );
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Compte stocke");
  const h = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" });
  head = (await loadCurrentUser(db.em(), h.userId))!;
  for (let i = 0; i < 3; i++) {
    const { employeeId } = await createEmployee(db.em(), org);
    await db.sql(`update employee set number_of_hours_per_week = 35, hired_at = '2024-01-01' where id = ?`, [employeeId]);
    await createSchedule(db.em(), employeeId);
    people.push(employeeId);
  }
  // Three past weeks of clocks through the clock's own recompute, one day left open, one short day.
  const now = new Date();
  for (const [k, id] of people.entries()) {
    for (let d = -21; d < 0; d++) {
      const day = addDays(today, d);
      const wd = new Date(`${day}T12:00:00Z`).getUTCDay();
      if (wd === 0 || wd === 6) continue;
      const entries: Entry[] = d === -3 && k === 0 ? [["08:00", "START"]] : d === -4 && k === 1 ? [["09:00", "START"], ["12:00", "END"]] : NINE;
      await recomputeDay(db.em(), await createClock(db.em(), id, day, entries), now);
    }
  }
});

describe("the stored time account per week", () => {
  it("equals the days' figure after the clock's recomputes, the night's close, deductions added and removed, SQL edits and deletions", async () => {
    expect(await mismatches(people)).toEqual([]);
    const [{ n }] = (await db.sql<{ n: number }>(`select count(*)::int as n from time_account_week where employee_id = any(?::int[])`, [`{${people}}`])) as [{ n: number }];
    expect(n).toBeGreaterThan(0);

    // The night closes the day left open (its overtime becomes 0).
    await closePastDays(db.em(), new Date());
    expect(await mismatches(people)).toEqual([]);

    // Deductions: one added (dated today), one added then removed; one written in the past by SQL.
    const added = await addDeduction(db.em(), head, people[1]!, "02:30", new Date());
    const removed = await addDeduction(db.em(), head, people[2]!, "01:00", new Date());
    await removeDeduction(db.em(), head, people[2]!, removed.id, new Date());
    await db.sql(`insert into deduction (employee_id, date, seconds, created_at) values (?, ?, 5400, now())`, [people[0], addDays(today, -10)]);
    expect(added.seconds).toBe(9000);
    expect(await mismatches(people)).toEqual([]);

    // Plain SQL on the days: a correction of one, a day moved to another week, a day deleted. Placed by the week, not
    // by today: "today − 5, moved a week back" met a clocked day (unique violation) whenever today − 5 was a weekday,
    // and did nothing on other days (docs/decisions/0115). Each statement must touch its one row.
    expect(await db.sql(`update overtime set overtime_seconds = overtime_seconds + 1800 where employee_id = ? and date = ? returning 1`, [people[0], addDays(thisMonday, -7)])).toHaveLength(1);
    // A Wednesday two weeks back to the Saturday of the week before (nobody clocks on Saturdays here).
    expect(await db.sql(`update overtime set date = ? where employee_id = ? and date = ? returning 1`, [addDays(thisMonday, -16), people[1], addDays(thisMonday, -12)])).toHaveLength(1);
    expect(await db.sql(`delete from overtime where employee_id = ? and date = ? returning 1`, [people[2], addDays(thisMonday, -5)])).toHaveLength(1);
    expect(await mismatches(people)).toEqual([]);

    // An employee deleted: their days go by cascade, their stored weeks fall to zero.
    const gone = await createEmployee(db.em(), org);
    await db.sql(`insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds) values (?, ?, 30000, 25200, 4800)`, [
      gone.employeeId,
      addDays(today, -14),
    ]);
    expect(await mismatches([gone.employeeId])).toEqual([]);
    await db.sql(`delete from app_user where employee_id = ?`, [gone.employeeId]);
    await db.sql(`delete from employee where id = ?`, [gone.employeeId]);
    expect(await db.sql(`select seconds::int as s from time_account_week where employee_id = ? and seconds <> 0`, [gone.employeeId])).toEqual([]);
  });

  it("the overtime report's totals (stored for finished weeks, live for the running one) are the sum of its rows' kept cells", async () => {
    // Today counts once ended: a day ending today is in the running week's figure; a day still open today, a day after
    // today (written by SQL) do not, though the stored sum holds them (decision 0147: the running week is its stored
    // sum less those); a deduction dated later this week counts, as on every screen.
    await recomputeDay(db.em(), await createClock(db.em(), people[0]!, today, NINE), new Date());
    await recomputeDay(db.em(), await createClock(db.em(), people[1]!, today, [["08:00", "START"]]), new Date());
    // Its value depends on the hour and the weekday (nothing expected on a Sunday): set, so it is never 0.
    expect(await db.sql(`update overtime set overtime_seconds = -3600 where employee_id = ? and date = ? returning 1`, [people[1], today])).toHaveLength(1);
    const later = addDays(today, 1) <= addDays(thisMonday, 6) ? addDays(today, 1) : null;
    if (later) {
      await db.sql(`insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds) values (?, ?, 36000, 25200, 10800)`, [people[2], later]);
      await db.sql(`insert into deduction (employee_id, date, seconds, created_at) values (?, ?, 3600, now())`, [people[2], later]);
    }
    const uncounted = await db.sql<{ s: number }>(
      `select coalesce(sum(overtime_seconds), 0)::int as s from overtime where employee_id = any(?::int[]) and date >= ? and (date > ? or employee_id <> ?)`,
      [`{${people}}`, today, today, people[0]],
    );
    // The open day of today and the day after it are in the stored sum, and the report must leave them out.
    expect(uncounted[0]!.s).not.toBe(0);
    const query = { ...EMPTY_QUERY, subsidiaryId: org.subsidiaryId, from: addDays(today, -27), to: today };
    const page = (await loadReportPage(db.em(), head, "overtime", query, 1)) as unknown as OvertimeReport;
    const fromRows = page.totalByWeek.map((_, i) => page.employees.reduce((s, e) => s + (e.cells[i] ?? 0), 0));
    expect(page.employees.length).toBeLessThanOrEqual(50);
    expect(page.totalByWeek).toEqual(fromRows);
    expect(page.totalByWeek.some((s) => s !== 0)).toBe(true);
    expect(page.runningWeek).not.toBeNull();
    const running = page.employees.map((e) => e.cells[page.runningWeek!] ?? 0);
    const stored = await db.sql<{ employee_id: number; s: number }>(`select employee_id, seconds::int as s from time_account_week where employee_id = any(?::int[]) and monday = ?`, [
      `{${people}}`,
      thisMonday,
    ]);
    // The rows' running cells (read from the days, as every screen) differ from the plain stored sums: the report's
    // equality above is the subtraction at work.
    expect(running.reduce((a, b) => a + b, 0)).not.toBe(stored.reduce((a, r) => a + (Math.abs(r.s) > 60 ? r.s : 0), 0));
  });
});
