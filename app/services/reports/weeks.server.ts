/**
 * The recovery and hourly-cost reports from the engine's stored weeks (split from reports.server.ts): legal
 * overtime by rate, structural hours, quota and mandatory rest (decisions 0044, 0073).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { isoWeeksInRange, mondayOf, type IsoWeek } from "~/domain/shared/iso-week";
import { averageCost, recoveryBalance, reportRateColumns, structuralSecondsOf, toCents, weekCost, weekRates, type WeekCost, type WeekRate } from "~/domain/reports/reports";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { type BadgingScope } from "~/services/time-clock/views.server";
import { type ReportQuery, reportPeriod } from "./query.server";
import { reportScope, scopeSql, ACTIVE_IN_PERIOD, assertEmployeeFound, type ReportHeader, header } from "./scope.server";

// ---------------------------------------------------------------------------------------------------------------
// Stored weeks of a scope (overtime, recovery and hourly-cost reports)

interface StoredWeekJson {
  y: number;
  w: number;
  m: string;
  normal: number;
  extra: number;
  under: number;
  overtime: number;
  compl: number;
  paid: number;
  earned: number;
  rest: number;
  /** Quota used at the end of the week (quota_after_seconds). */
  quota: number;
  /** Scheduled hours of the week's holidays not worked (paid: their normal cost stays, issue 25 §4). */
  hol?: number;
  anomalies: number;
  bands: unknown;
}

export interface EmployeeWeeksRow {
  id: number;
  firstname: string;
  lastname: string;
  matricule: number | null;
  hourly_cost: number | null;
  recovery_earned: number | null;
  recovery_taken: number | null;
  weeks: StoredWeekJson[];
  taken: { start: string; hours: number }[];
}

/**
 * Employees of the scope working during the period with their stored weeks (Monday from the period's first
 * Monday to its end) and their accepted recovery leaves of the period: one statement whatever their number.
 */
/**
 * The per-employee columns of the week reports: the stored weeks (Monday from the period's first Monday to its end)
 * and the accepted recovery leaves of the period as json. Parameters: first Monday, end, first Monday, end.
 */
export const EMPLOYEE_WEEKS_COLUMNS = `e.id, e.firstname, e.lastname, e.matricule, e.hourly_cost::float8 as hourly_cost, e.recovery_earned, e.recovery_taken,
            coalesce((select json_agg(json_build_object('y', w.iso_year, 'w', w.iso_week, 'm', w.monday, 'normal', w.normal_seconds,
                        'extra', w.extra_seconds, 'under', w.undertime_seconds, 'overtime', w.overtime_seconds,
                        'compl', w.complementary_seconds, 'paid', w.paid_seconds, 'earned', w.recovery_earned_seconds,
                        'rest', w.mandatory_rest_seconds, 'quota', w.quota_after_seconds, 'anomalies', w.anomaly_count,
                        'hol', (select coalesce(sum((d->>'holidayPaidSeconds')::int), 0) from jsonb_array_elements(w.explanation->'days') d), 'bands', w.bands) order by w.monday)
                        from overtime_week w
                       where w.employee_id = e.id and w.monday between ?::date and ?::date and w.computed_at is not null), '[]'::json) as weeks,
            coalesce((select json_agg(json_build_object('start', l.start, 'hours', l.nb_hour_absence) order by l.start)
                        from leave l
                       where l.employee_id = e.id and l.state = 'accepted' and l.reason = 'RECOVERY_LEAVE'
                         and l.start between ?::date and ?::date), '[]'::json) as taken`;

/**
 * Employees of the scope working during the period with their stored weeks (Monday from the period's first
 * Monday to its end) and their accepted recovery leaves of the period: one statement whatever their number.
 */
export async function employeesWithWeeks(
  em: EntityManager,
  scope: BadgingScope,
  query: ReportQuery,
  period: { from: CalendarDate; to: CalendarDate },
): Promise<EmployeeWeeksRow[]> {
  const where = scopeSql(scope, query);
  const first = mondayOf(period.from);
  return em.execute<EmployeeWeeksRow[]>(
    `select ${EMPLOYEE_WEEKS_COLUMNS}
       from employee e
      where ${where.sql} and ${ACTIVE_IN_PERIOD}
      order by e.lastname, e.firstname, e.id`,
    [first, period.to, first, period.to, ...where.params, period.to, period.from],
  );
}

export const weekKey = (year: number, week: number) => `${year}-${week}`;

// ---------------------------------------------------------------------------------------------------------------
// Recovery report

export interface RecoveryWeek {
  year: number;
  week: number;
  monday: CalendarDate;
  normalSeconds: number;
  /** Banded overtime and heures complémentaires of the week. */
  overtimeSeconds: number;
  paidSeconds: number;
  /** One entry per rate column (zero when unused). */
  rates: WeekRate[];
  totalIncreasedSeconds: number;
  recoveryEarnedSeconds: number;
  /** Accepted recovery leave starting that week. */
  takenSeconds: number;
  /** Structural overtime (in the salary, decision 0073). */
  structuralSeconds: number;
  /** Annual quota used at the end of the week, and the mandatory rest earned that week (issue 25 §6). */
  quotaUsedSeconds: number;
  mandatoryRestSeconds: number;
}

export interface RecoveryReport extends ReportHeader {
  rates: number[];
  employees: {
    employeeId: number;
    employeeName: string;
    matricule: number | null;
    hourlyCents: number | null;
    weeks: RecoveryWeek[];
    totalTakenSeconds: number;
    recoveryEarned: number | null;
    recoveryTaken: number | null;
    /** Spec 2 §9: 0 when earned ≤ taken; null when not computable. */
    balance: number | null;
  }[];
  rowCount: number;
}

export function alignRates(rates: WeekRate[], columns: number[]): WeekRate[] {
  return columns.map((rate) => rates.find((r) => r.rate === rate) ?? { rate, seconds: 0, increasedSeconds: 0, paidSeconds: 0 });
}

function usedRates(rows: EmployeeWeeksRow[]): number[] {
  const used = new Set<number>();
  for (const r of rows) for (const w of r.weeks) for (const rate of weekRates(w.bands)) if (rate.seconds > 0 || rate.paidSeconds > 0) used.add(rate.rate);
  return reportRateColumns(used);
}

/** One employee of the recovery report: their weeks (rate columns aligned), taken hours and balance. */
export function recoveryEmployee(r: EmployeeWeeksRow, columns: number[]): RecoveryReport["employees"][number] {
  const weeks: RecoveryWeek[] = r.weeks.map((w) => {
    const rates = alignRates(weekRates(w.bands), columns);
    const sunday = addDaysText(w.m, 6);
    const takenSeconds = Math.round(r.taken.filter((l) => l.start >= w.m && l.start <= sunday).reduce((s, l) => s + Number(l.hours ?? 0), 0) * 3600);
    return {
      year: w.y,
      week: w.w,
      monday: w.m,
      normalSeconds: w.normal,
      overtimeSeconds: w.overtime + w.compl,
      paidSeconds: w.paid,
      rates,
      totalIncreasedSeconds: rates.reduce((s, x) => s + x.increasedSeconds, 0),
      recoveryEarnedSeconds: w.earned,
      takenSeconds,
      structuralSeconds: structuralSecondsOf(w.bands),
      quotaUsedSeconds: w.quota ?? 0,
      mandatoryRestSeconds: w.rest ?? 0,
    };
  });
  return {
    employeeId: r.id,
    employeeName: displayName(r.firstname, r.lastname),
    matricule: r.matricule,
    hourlyCents: toCents(r.hourly_cost),
    weeks,
    totalTakenSeconds: weeks.reduce((s, w) => s + w.takenSeconds, 0),
    recoveryEarned: r.recovery_earned,
    recoveryTaken: r.recovery_taken,
    balance: recoveryBalance(r.recovery_earned, r.recovery_taken),
  };
}

export async function recoveryReport(em: EntityManager, actor: CurrentUser, query: ReportQuery): Promise<RecoveryReport> {
  const period = reportPeriod(query);
  const scope = await reportScope(em, actor, query);
  const rows = await employeesWithWeeks(em, scope, query, period);
  assertEmployeeFound(query, rows);
  const columns = usedRates(rows);
  let rowCount = 0;
  const employees = rows.map((r) => {
    const e = recoveryEmployee(r, columns);
    rowCount += e.weeks.length;
    return e;
  });
  return { ...header("recup", scope, period), rates: columns, employees, rowCount };
}

export function addDaysText(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------------
// Hourly-cost report

export interface CostWeek {
  year: number;
  week: number;
  monday: CalendarDate;
  normalSeconds: number;
  /** null when the employee has no hourly cost. */
  cost: WeekCost | null;
  /** Paid seconds per rate column. */
  rates: WeekRate[];
}

export interface CostReport extends ReportHeader {
  rates: number[];
  employees: {
    employeeId: number;
    employeeName: string;
    matricule: number | null;
    hourlyCents: number | null;
    weeks: CostWeek[];
    totalCents: number | null;
    averageCents: number | null;
    differenceCents: number | null;
  }[];
  /** Total to pay per ISO week of the period, in cents. */
  weeks: IsoWeek[];
  totalByWeek: number[];
  totalCents: number;
  rowCount: number;
}

/** One employee of the hourly-cost report: the cost of each week, their total, average and its difference. */
export function costEmployee(r: EmployeeWeeksRow, columns: number[]): CostReport["employees"][number] {
  const hourlyCents = toCents(r.hourly_cost);
  const weeks: CostWeek[] = r.weeks.map((w) => {
    const rates = alignRates(weekRates(w.bands), columns);
    // A holiday not worked is paid: its hours keep their normal cost (issue 25 §4, decision 0073).
    const cost = hourlyCents === null ? null : weekCost(w.normal + (w.hol ?? 0), rates, hourlyCents);
    return { year: w.y, week: w.w, monday: w.m, normalSeconds: w.normal, cost, rates };
  });
  const costs = weeks.flatMap((w) => (w.cost ? [w.cost] : []));
  const avg = hourlyCents === null ? { averageCents: null, differenceCents: null } : averageCost(costs, hourlyCents);
  return {
    employeeId: r.id,
    employeeName: displayName(r.firstname, r.lastname),
    matricule: r.matricule,
    hourlyCents,
    weeks,
    totalCents: hourlyCents === null ? null : costs.reduce((s, c) => s + c.totalCents, 0),
    ...avg,
  };
}

export async function costReport(em: EntityManager, actor: CurrentUser, query: ReportQuery): Promise<CostReport> {
  const period = reportPeriod(query);
  const scope = await reportScope(em, actor, query);
  const rows = await employeesWithWeeks(em, scope, query, period);
  assertEmployeeFound(query, rows);
  const columns = usedRates(rows);
  const periodWeeks = isoWeeksInRange(period.from, period.to);
  const index = new Map(periodWeeks.map((w, i) => [weekKey(w.year, w.week), i]));
  const totalByWeek = periodWeeks.map(() => 0);
  let rowCount = 0;
  const employees = rows.map((r) => {
    const e = costEmployee(r, columns);
    for (const w of e.weeks) {
      const i = index.get(weekKey(w.year, w.week));
      if (w.cost && i !== undefined) totalByWeek[i]! += w.cost.totalCents;
    }
    rowCount += e.weeks.length;
    return e;
  });
  return {
    ...header("cost", scope, period),
    rates: columns,
    employees,
    weeks: periodWeeks,
    totalByWeek,
    totalCents: totalByWeek.reduce((s, v) => s + v, 0),
    rowCount,
  };
}
