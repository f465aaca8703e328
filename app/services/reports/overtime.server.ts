/**
 * The overtime report (split from reports.server.ts): the time account per employee and week (decision 0071), with
 * the quota used and the mandatory rest.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { isoWeeksInRange, mondayOf, type IsoWeek } from "~/domain/shared/iso-week";
import { keepReportSeconds } from "~/domain/reports/reports";
import { isRunningWeek } from "~/domain/overtime/account";
import { weekId } from "~/domain/overtime/screens";
import { localDate } from "~/domain/shared/zoned-day";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { timeAccountByWeek } from "~/services/overtime/account.server";
import { type ReportQuery, reportPeriod } from "./query.server";
import { reportScope, scopeSql, ACTIVE_IN_PERIOD, assertEmployeeFound, type ReportHeader, header } from "./scope.server";
import { type EmployeeWeeksRow, addDaysText } from "./weeks.server";

// ---------------------------------------------------------------------------------------------------------------
// Overtime report

export interface OvertimeReport extends ReportHeader {
  weeks: IsoWeek[];
  /** Index in `weeks` of the running week ("en cours", decision 0071), or null. */
  runningWeek: number | null;
  employees: {
    employeeId: number;
    employeeName: string;
    matricule: number | null;
    cells: (number | null)[];
    totalSeconds: number;
    /** Legal side (issue 25 §6): the annual quota used at the end of the period, the mandatory rest earned in it. */
    quotaUsedSeconds: number | null;
    mandatoryRestSeconds: number;
  }[];
  totalByWeek: number[];
  totalSeconds: number;
}

/** The time account's whole ISO weeks of a period: from the Monday of its start to the Sunday of its last week. */
export function accountSpan(weeks: readonly IsoWeek[], period: { from: CalendarDate; to: CalendarDate }): { from: CalendarDate; to: CalendarDate } {
  return { from: weeks[0]?.monday ?? mondayOf(period.from), to: addDaysText(weeks[weeks.length - 1]?.monday ?? mondayOf(period.to), 6) };
}

/** The running week's index among the period's weeks, or null. */
export function runningWeekIndex(weeks: readonly IsoWeek[], today: CalendarDate): number | null {
  const i = weeks.findIndex((w) => isRunningWeek(w.monday, today));
  return i < 0 ? null : i;
}

/**
 * One employee's row of the overtime report: the time account of each week of the period (decision 0071: the same
 * figure as the employee's page), kept by the ±60 s rule (spec 2 §4), and their sum.
 */
export function overtimeEmployee(
  r: Pick<EmployeeWeeksRow, "id" | "firstname" | "lastname" | "matricule">,
  weeks: readonly IsoWeek[],
  accounts: ReadonlyMap<string, number>,
  legal: ReadonlyMap<number, { quota: number; rest: number }> = new Map(),
): OvertimeReport["employees"][number] {
  const cells = weeks.map((w) => {
    const s = accounts.get(`${r.id}:${weekId(w)}`);
    return s === undefined ? null : keepReportSeconds(s);
  });
  const totalSeconds = cells.reduce<number>((s, c) => s + (c ?? 0), 0);
  const q = legal.get(r.id);
  return {
    employeeId: r.id,
    employeeName: displayName(r.firstname, r.lastname),
    matricule: r.matricule,
    cells,
    totalSeconds,
    quotaUsedSeconds: q ? q.quota : null,
    mandatoryRestSeconds: q ? q.rest : 0,
  };
}

/**
 * The quota used at the end of the period (the last computed week's `quota_after_seconds`) and the mandatory rest
 * earned during it, per employee: one statement.
 */
export async function quotaAndRest(
  em: EntityManager,
  ids: readonly number[],
  from: CalendarDate,
  to: CalendarDate,
): Promise<Map<number, { quota: number; rest: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await em.execute<{ employee_id: number; quota: number; rest: string }[]>(
    `select w.employee_id, (array_agg(w.quota_after_seconds order by w.monday desc))[1] as quota, sum(w.mandatory_rest_seconds) as rest
       from overtime_week w
      where w.employee_id = any(?::int[]) and w.monday between ?::date and ?::date and w.computed_at is not null
      group by w.employee_id`,
    [`{${ids.join(",")}}`, from, to],
  );
  return new Map(rows.map((r) => [r.employee_id, { quota: Number(r.quota), rest: Number(r.rest) }]));
}

/**
 * One row per employee, one column per ISO week of the period: the week's time account (the days' worked −
 * expected, up to today in the running week, minus deductions), kept by the ±60 s rule; a row total and a total per
 * week. Three statements after the scope: the employees, their time account.
 */
export async function overtimeReport(em: EntityManager, actor: CurrentUser, query: ReportQuery, now: Date = new Date()): Promise<OvertimeReport> {
  const period = reportPeriod(query);
  const scope = await reportScope(em, actor, query);
  const where = scopeSql(scope, query);
  const rows = await em.execute<Pick<EmployeeWeeksRow, "id" | "firstname" | "lastname" | "matricule">[]>(
    `select e.id, e.firstname, e.lastname, e.matricule from employee e
      where ${where.sql} and ${ACTIVE_IN_PERIOD} order by e.lastname, e.firstname, e.id`,
    [...where.params, period.to, period.from],
  );
  assertEmployeeFound(query, rows);
  const weeks = isoWeeksInRange(period.from, period.to);
  const today = localDate(now, "Europe/Paris");
  const span = accountSpan(weeks, period);
  const ids = rows.map((r) => r.id);
  const [accounts, legal] = await Promise.all([timeAccountByWeek(em, ids, span.from, span.to, today), quotaAndRest(em, ids, span.from, period.to)]);
  const totalByWeek = weeks.map(() => 0);
  const employees = rows.map((r) => {
    const row = overtimeEmployee(r, weeks, accounts, legal);
    row.cells.forEach((c, i) => (totalByWeek[i]! += c ?? 0));
    return row;
  });
  return {
    ...header("overtime", scope, period),
    weeks,
    runningWeek: runningWeekIndex(weeks, today),
    employees,
    totalByWeek,
    totalSeconds: totalByWeek.reduce((s, v) => s + v, 0),
  };
}
