import type { EntityManager } from "@mikro-orm/postgresql";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";

/**
 * Which holidays apply to whom (decision 0031), in one place:
 * - an employee gets the public holidays of their country (the sheet's, else their subsidiary's) AND the local
 *   holidays of their subsidiary;
 * - a subsidiary's holidays are those of its country and its own (what its employees of that country get).
 * A day that is both counts once. `holidaysOver` reads them for many employees or subsidiaries in one query; the
 * few one-query hot paths (a clock action, the reminders) embed `holidayAppliesSql` instead of a second query.
 */

/** Who the holidays are for: employees, or subsidiaries. */
export type HolidayScope = { employeeIds: readonly number[] } | { subsidiaryIds: readonly number[] };

/** date -> holiday name (the country's name first when a subsidiary repeats the day). */
export type HolidayDays = Map<CalendarDate, string>;

/**
 * SQL condition on a `holiday h` row: it applies to the employee (or subsidiary) whose country and subsidiary are
 * the two SQL expressions (columns of the outer query, or `?` parameters).
 *
 * @example `exists (select 1 from holiday h where ${holidayAppliesSql("e.country_id", "e.subsidiary_id")} and h.date = ?)`
 */
export function holidayAppliesSql(countryExpr: string, subsidiaryExpr: string): string {
  return `(h.country_id = ${countryExpr} or h.subsidiary_id = ${subsidiaryExpr})`;
}

/** "{1,2,3}": a JS array as one int[] parameter (the driver would expand an array into a list). */
function intArray(ids: readonly number[]): string {
  return `{${ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647).join(",")}}`;
}

/**
 * The holidays between two days (both included) of each employee or subsidiary of the scope, in one query whatever
 * their number. Every id of the scope is in the map (an empty map when it has no holiday).
 *
 * @example (await holidaysOver(em, { employeeIds: [7] }, "2026-12-01", "2026-12-31")).get(7) // Map { "2026-12-25" => "Noël", "2026-12-26" => "Saint-Étienne" }
 */
export async function holidaysOver(
  em: EntityManager,
  scope: HolidayScope,
  from: CalendarDate,
  to: CalendarDate,
): Promise<Map<number, HolidayDays>> {
  const ids = [...new Set("employeeIds" in scope ? scope.employeeIds : scope.subsidiaryIds)];
  const out = new Map<number, HolidayDays>(ids.map((id) => [id, new Map()]));
  if (ids.length === 0 || to < from) return out;
  const rows = await em.execute<{ owner: number; date: CalendarDate; name: string }[]>(
    "employeeIds" in scope
      ? `select e.id as owner, h.date::text as date, h.name
           from employee e
           left join subsidiary s on s.id = e.subsidiary_id
           join holiday h on ${holidayAppliesSql("coalesce(e.country_id, s.country_id)", "e.subsidiary_id")}
          where e.id = any(?::int[]) and h.date between ? and ?
          order by h.date, h.subsidiary_id nulls first`
      : `select s.id as owner, h.date::text as date, h.name
           from subsidiary s
           join holiday h on ${holidayAppliesSql("s.country_id", "s.id")}
          where s.id = any(?::int[]) and h.date between ? and ?
          order by h.date, h.subsidiary_id nulls first`,
    [intArray(ids), from, to],
  );
  for (const r of rows) {
    const days = out.get(r.owner);
    if (days && !days.has(r.date)) days.set(r.date, r.name);
  }
  return out;
}

/** The holiday days of one employee between two days (both included): one query. */
export async function employeeHolidays(em: EntityManager, employeeId: number, from: CalendarDate, to: CalendarDate): Promise<Set<CalendarDate>> {
  return new Set((await holidaysOver(em, { employeeIds: [employeeId] }, from, to)).get(employeeId)?.keys() ?? []);
}
