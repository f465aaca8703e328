/**
 * The time account read once for every door (decision 0071): the overtime calendars, the employee's year, the
 * overtime report (page, /api, Excel) and the dashboards all read it through this statement, so they cannot
 * disagree. A week's value is the sum of its days' `overtime_seconds` (worked − expected) minus its deductions,
 * counting only the days up to today, today once ended (`app/domain/overtime/account.ts`).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { weekId } from "~/domain/overtime/screens";
import { mondayOf } from "~/domain/shared/iso-week";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { preparedQuery } from "~/server/shared/prepared.server";
import { intArray } from "~/services/time-clock/views.server";

/**
 * Per employee and ISO week (`m`: its Monday), the time account `s` of the employees `ids` (an SQL set expression,
 * e.g. `select id from e` or `select unnest(?::int[])`) between two days. Parameters, after those of `ids` (used
 * twice, see `params`): from, to, today (the days) and from, to (the deductions).
 */
export function accountWeeksSql(ids: string): string {
  return `select x.employee_id, date_trunc('week', x.date)::date as m, sum(x.s)::bigint as s
       from (select o.employee_id, o.date, o.overtime_seconds as s from overtime o
              where o.employee_id in (${ids}) and o.date between ?::date and ?::date
                and (o.date < ?::date
                     or (o.date = ?::date and exists (select 1 from time_clock c where c.employee_id = o.employee_id and c.date = o.date
                                                        and c.suggested = false and c.type = 'END')))
             union all
             select d.employee_id, d.date, -d.seconds from deduction d
              where d.employee_id in (${ids}) and d.date between ?::date and ?::date and d.removed_at is null) x
      group by 1, 2`;
}

/** The parameters of `accountWeeksSql`, the set's own parameters given once for each of its two uses. */
export function accountWeeksParams(idsParams: unknown[], from: CalendarDate, to: CalendarDate, today: CalendarDate): unknown[] {
  return [...idsParams, from, to, today, today, ...idsParams, from, to];
}

/**
 * The same figure as `accountWeeksSql` (columns employee_id, m, s) for many people over many weeks (decision 0114):
 * the finished weeks — every day before today — from `time_account_week`, kept exact by triggers in the transaction
 * of each change to a day or a deduction; the weeks from the current Monday on from the days, as `accountWeeksSql`
 * reads them (today once ended). `from` and `to` are a Monday and a Sunday. Parameters: `storedAccountParams`.
 */
export function storedAccountWeeksSql(ids: string): string {
  return `select w.employee_id, w.monday as m, w.seconds as s from time_account_week w
           where w.employee_id in (${ids}) and w.monday between ?::date and ?::date
          union all
          select * from (${accountWeeksSql(ids)}) live`;
}

/** The parameters of `storedAccountWeeksSql`: the finished weeks of [from, to], then the days from this Monday on. */
export function storedAccountParams(idsParams: unknown[], from: CalendarDate, to: CalendarDate, today: CalendarDate): unknown[] {
  const current = mondayOf(today);
  const lastFinished = addDays(current, -1);
  return [
    ...idsParams,
    from,
    lastFinished < to ? lastFinished : to,
    ...accountWeeksParams(idsParams, current > from ? current : from, to, today),
  ];
}

/**
 * The time account per employee and ISO week between two days: one statement. Keys "employeeId:2026-W09"; a week
 * without any counted day nor deduction is absent.
 */
export async function timeAccountByWeek(
  em: EntityManager,
  ids: readonly number[],
  from: CalendarDate,
  to: CalendarDate,
  today: CalendarDate,
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  // A named prepared statement: every calendar page runs it, its text never changes (decision 0056).
  const rows = await preparedQuery<{ employee_id: number; m: string; y: number; w: number; s: string }>(
    em,
    "overtime_account_weeks",
    `select a.employee_id, extract(isoyear from a.m)::int as y, extract(week from a.m)::int as w, a.s
       from (${accountWeeksSql("select unnest(?::int[])")}) a`,
    accountWeeksParams([intArray(ids)], from, to, today),
  );
  return new Map(rows.map((r) => [`${r.employee_id}:${weekId({ year: r.y, week: r.w })}`, Number(r.s)]));
}
