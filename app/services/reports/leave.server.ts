/**
 * The leave report (split from reports.server.ts): accepted leaves overlapping the period, one statement.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { type BadgingScope } from "~/services/time-clock/views.server";
import { type ReportQuery, reportPeriod, reportReason } from "./query.server";
import { reportScope, scopeSql, assertEmployeeFound, type ReportHeader, header } from "./scope.server";

// ---------------------------------------------------------------------------------------------------------------
// Leave report

export interface LeaveReportLeave {
  id: number;
  reason: string;
  start: CalendarDate;
  end: CalendarDate;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
  createdAt: string;
  numberDaysWork: number;
}

export interface LeaveReport extends ReportHeader {
  reason: string | null;
  employees: { employeeId: number; employeeName: string; matricule: number | null; leaves: LeaveReportLeave[] }[];
  rowCount: number;
}

export interface LeaveReportRow {
  id: number;
  firstname: string;
  lastname: string;
  matricule: number | null;
  leave_id: number;
  reason: string;
  start: string;
  end: string;
  hm: boolean;
  ha: boolean;
  created_at: Date;
  days: string;
}

/** The leave report's rows: `from … where …` and its parameters (accepted, recovery leave excluded, overlapping). */
export function leaveRowsSql(scope: BadgingScope, query: ReportQuery, reason: string | null, period: { from: CalendarDate; to: CalendarDate }) {
  const where = scopeSql(scope, query);
  return {
    sql: `from leave l join employee e on e.id = l.employee_id
      where ${where.sql} and l.state = 'accepted' and l.reason <> 'RECOVERY_LEAVE' and (?::text is null or l.reason = ?)
        and l.start <= ?::date and l."end" >= ?::date`,
    params: [...where.params, reason, reason, period.to, period.from] as unknown[],
  };
}

export const LEAVE_ROW_COLUMNS = `e.id, e.firstname, e.lastname, e.matricule, l.id as leave_id, l.reason, l.start::text as start, l."end"::text as "end",
            l.half_day_morning as hm, l.half_day_afternoon as ha, l.created_at, l.number_days_work as days`;
export const LEAVE_ROW_ORDER = `e.lastname, e.firstname, e.id, l.start, l.id`;

/** Leave rows (in the report's order) grouped by employee. */
export function groupLeaveRows(rows: LeaveReportRow[]): LeaveReport["employees"] {
  const employees: LeaveReport["employees"] = [];
  for (const r of rows) {
    let last = employees[employees.length - 1];
    if (!last || last.employeeId !== r.id) {
      last = { employeeId: r.id, employeeName: displayName(r.firstname, r.lastname), matricule: r.matricule, leaves: [] };
      employees.push(last);
    }
    last.leaves.push({
      id: r.leave_id,
      reason: r.reason,
      start: r.start,
      end: r.end,
      halfDayMorning: r.hm,
      halfDayAfternoon: r.ha,
      createdAt: new Date(r.created_at).toISOString(),
      numberDaysWork: Number(r.days),
    });
  }
  return employees;
}

/** Accepted leaves overlapping the period (recovery leave excluded), grouped by employee, in one statement. */
export async function leaveReport(em: EntityManager, actor: CurrentUser, query: ReportQuery): Promise<LeaveReport> {
  const period = reportPeriod(query);
  const reason = reportReason(query.reason);
  const scope = await reportScope(em, actor, query, { allowAll: true });
  const rowsSql = leaveRowsSql(scope, query, reason, period);
  const rows = await em.execute<LeaveReportRow[]>(`select ${LEAVE_ROW_COLUMNS} ${rowsSql.sql} order by ${LEAVE_ROW_ORDER}`, rowsSql.params);
  assertEmployeeFound(query, rows);
  return { ...header("leave", scope, period), reason, employees: groupLeaveRows(rows), rowCount: rows.length };
}
