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
 * The same figure as `accountWeeksSql` (columns employee_id, m, s; one row per employee-week) for many people over
 * many weeks (decisions 0114, 0147), from `time_account_week`, kept exact by triggers in the transaction of each
 * change to a day or a deduction: a finished week (every day before today) is its stored sum; the running week is its
 * stored sum less the days that do not count yet — today while not ended, the days after it. Those are the scope's
 * rows of today and of the rest of the week, read by date (the day index), not a descent per person into a week of
 * days (at 50,000 employees the running week's days were 116,690 of the overtime report's 208,851 buffers).
 * "Today once ended" is `accountWeeksSql`'s rule: `tests/integration/time-account-stored.test.ts` holds the two equal
 * (a day ended today, one still open, a day after today, a deduction dated after today).
 * `from` and `to` are a Monday and a Sunday. Parameters: `storedAccountParams`.
 */
export function storedAccountWeeksSql(ids: string): string {
  return `select w.employee_id, w.monday as m, w.seconds as s from time_account_week w
           where w.employee_id in (${ids}) and w.monday between ?::date and ?::date
          union all
          select w.employee_id, w.monday as m, w.seconds - coalesce(u.s, 0) as s
            from time_account_week w
            left join (select o.employee_id, sum(o.overtime_seconds)::bigint as s
                         from overtime o
                         left join time_clock c on c.date = o.date and c.employee_id = o.employee_id and c.suggested = false and c.type = 'END'
                        where o.employee_id in (${ids}) and o.date between ?::date and ?::date
                          and (o.date > ?::date or c.employee_id is null)
                        group by 1) u on u.employee_id = w.employee_id
           where w.employee_id in (${ids}) and w.monday between ?::date and ?::date`;
}

/**
 * The parameters of `storedAccountWeeksSql`: the finished weeks of [from, to]; the days of the running week that do
 * not count yet (from today to its Sunday, today); the running week itself, when it lies in [from, to].
 */
export function storedAccountParams(idsParams: unknown[], from: CalendarDate, to: CalendarDate, today: CalendarDate): unknown[] {
  const current = mondayOf(today);
  const lastFinished = addDays(current, -1);
  const sunday = addDays(current, 6);
  return [
    ...idsParams,
    from,
    lastFinished < to ? lastFinished : to,
    ...idsParams,
    today,
    sunday < to ? sunday : to,
    today,
    ...idsParams,
    current > from ? current : from,
    current < to ? current : to,
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
