/**
 * The four reports (spec 2 §2 "Reports", §3, §7 /api/report/*): one loader per report, shared by the page, the
 * /api call and the Excel export (decision 0044). Every number comes from the stored weeks of the overtime engine
 * (`overtime_week`), the accepted leaves and the employee's counters; nothing is recomputed here. Each report is
 * read in a fixed number of statements whatever the number of rows (scope checks + one read).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/access";
import { displayName } from "~/domain/employee-name";
import { isoWeeksInRange, mondayOf, type IsoWeek } from "~/domain/iso-week";
import { LEAVE_REASONS } from "~/domain/leave-days";
import {
  averageCost,
  checkReportPeriod,
  keepReportSeconds,
  recoveryBalance,
  reportRateColumns,
  structuralSecondsOf,
  toCents,
  weekCost,
  weekRates,
  type PeriodError,
  type WeekCost,
  type WeekRate,
} from "~/domain/reports";
import { isRunningWeek } from "~/domain/overtime-account";
import { weekId } from "~/domain/overtime-screens";
import { isCleanText } from "~/domain/text";
import { localDate } from "~/domain/zoned-day";
import type { CalendarDate } from "~/domain/time-calendar-date";
import { t, type MessageKey } from "~/i18n/fr";
import type { CurrentUser } from "./current-user.server";
import { AppError, NotFoundError, ValidationError, type Violation } from "./errors";
import { timeAccountByWeek } from "./overtime-account.server";
import { resolveScope, type BadgingScope } from "./time-clock-views.server";

export type ReportKind = "leave" | "overtime" | "recup" | "cost";
export const REPORT_KINDS: readonly ReportKind[] = ["leave", "overtime", "recup", "cost"];

/** Reasons the leave report offers: every reason but recovery leave (spec 2 §2). */
export const LEAVE_REPORT_REASONS = LEAVE_REASONS.filter((r) => r !== "RECOVERY_LEAVE");

/** The filters of every report, as the page (GET form) and the /api call give them. */
export interface ReportQuery {
  /** null: the viewer's own subsidiary, except the leave report where it means "all agencies". */
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
  employeeId: number | null;
  employeeName: string | null;
  from: string | null;
  to: string | null;
  reason: string | null;
}

export const EMPTY_QUERY: ReportQuery = {
  subsidiaryId: null,
  divisionId: null,
  teamId: null,
  employeeId: null,
  employeeName: null,
  from: null,
  to: null,
  reason: null,
};

const PERIOD_MESSAGES: Record<PeriodError, MessageKey> = {
  required: "report.error.period_required",
  invalid: "report.error.period_invalid",
  inverted: "report.error.period_inverted",
  too_long: "report.error.period_too_long",
};

/** The period of a query, or a 422 with the French reason on `end` (or `start` when missing/invalid). */
export function reportPeriod(query: Pick<ReportQuery, "from" | "to">): { from: CalendarDate; to: CalendarDate } {
  const checked = checkReportPeriod(query.from, query.to);
  if (checked.ok) return { from: checked.from, to: checked.to };
  const message = t(PERIOD_MESSAGES[checked.error]);
  const path = checked.error === "too_long" || checked.error === "inverted" ? "end" : !query.from ? "start" : "end";
  throw new ValidationError([{ propertyPath: path, message }], message);
}

/** Checks the reason filter of the leave report (422 for an unknown reason or recovery leave). */
export function reportReason(reason: string | null): string | null {
  if (!reason) return null;
  const upper = reason.toUpperCase();
  if (!(LEAVE_REPORT_REASONS as readonly string[]).includes(upper)) {
    throw new ValidationError([{ propertyPath: "reason", message: t("report.error.reason") }], t("report.error.reason"));
  }
  return upper;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading filters

const idOf = (raw: string | null): number | null | "bad" => {
  if (raw === null || raw === "") return null;
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : "bad";
};

/** The page's GET form: subsidiary, division, team, employee (ids), from/to (YYYY-MM-DD), reason; bad ids dropped. */
export function readReportPageQuery(url: URL): { query: ReportQuery; searched: boolean } {
  const p = url.searchParams;
  const id = (name: string) => {
    const v = idOf(p.get(name));
    return v === "bad" ? null : v;
  };
  const date = (name: string) => {
    const v = (p.get(name) ?? "").trim();
    return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : v ? "invalid" : null;
  };
  const reason = (p.get("reason") ?? "").trim();
  return {
    query: {
      subsidiaryId: id("subsidiary"),
      divisionId: id("division"),
      teamId: id("team"),
      employeeId: id("employee"),
      employeeName: null,
      from: date("from"),
      to: date("to"),
      reason: reason || null,
    },
    searched: p.has("from") || p.has("to"),
  };
}

/** `YYYYMMDD` → `YYYY-MM-DD` (DESIGN §4); anything else → "invalid" (the period check answers it). */
function compactDate(raw: string | null): string | null {
  if (raw === null || raw === "") return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : "invalid";
}

/**
 * The /api query (spec 2 §7): subsidiaryId, divisionId, teamId, employeeName, start, end (YYYYMMDD), reason.
 * A malformed id is a 400; the period is checked by the report (422).
 */
export function readReportApiQuery(url: URL): ReportQuery {
  const p = url.searchParams;
  const id = (name: string) => {
    const v = idOf(p.get(name));
    if (v === "bad") throw new AppError(400, t("report.error.bad_filter", { name }));
    return v;
  };
  const rawName = (p.get("employeeName") ?? "").trim();
  if (rawName.length > 120 || !isCleanText(rawName)) throw new AppError(400, t("report.error.bad_filter", { name: "employeeName" }));
  return {
    subsidiaryId: id("subsidiaryId"),
    divisionId: id("divisionId"),
    teamId: id("teamId"),
    employeeId: id("employeeId"),
    employeeName: rawName || null,
    from: compactDate(p.get("start")),
    to: compactDate(p.get("end")),
    reason: (p.get("reason") ?? "").trim() || null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Scope

export interface ReportScope extends BadgingScope {
  subsidiaryName: string | null;
}

/**
 * Who a report may show (spec 2 §6): head and financial management any subsidiary (their own by default; the
 * leave report may cover all of them), a department head their own division only. A subsidiary, division, team
 * or employee outside that scope is a NotFoundError (404).
 */
export async function reportScope(em: EntityManager, actor: CurrentUser, query: ReportQuery, options: { allowAll?: boolean } = {}): Promise<ReportScope> {
  if (options.allowAll && query.subsidiaryId === null && isManagement(actor.profileType) && query.divisionId === null && query.teamId === null) {
    return { subsidiaryId: null, divisionId: null, teamId: null, empty: false, subsidiaryName: null };
  }
  const scope = await resolveScope(em, actor, "agency", {
    subsidiaryId: query.subsidiaryId,
    divisionId: query.divisionId,
    teamId: query.teamId,
  });
  let subsidiaryName: string | null = null;
  const subsidiaryId = scope.subsidiaryId ?? actor.subsidiaryId;
  if (subsidiaryId !== null) {
    const [row] = await em.execute<{ name: string }[]>(`select name from subsidiary where id = ?`, [subsidiaryId]);
    subsidiaryName = row?.name ?? null;
  }
  return { ...scope, subsidiaryName };
}

/** SQL condition on alias e for a scope and the query's employee filters. */
export function scopeSql(scope: BadgingScope, query: ReportQuery): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (scope.empty) parts.push("false");
  if (scope.subsidiaryId !== null) parts.push("e.subsidiary_id = ?"), params.push(scope.subsidiaryId);
  if (scope.divisionId !== null) parts.push("e.division_id = ?"), params.push(scope.divisionId);
  if (scope.teamId !== null) parts.push("e.team_id = ?"), params.push(scope.teamId);
  if (query.employeeId !== null) parts.push("e.id = ?"), params.push(query.employeeId);
  if (query.employeeName) {
    parts.push(`(e.firstname || ' ' || e.lastname) ilike ? escape '\\'`);
    params.push(`%${query.employeeName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return { sql: parts.length ? parts.join(" and ") : "true", params };
}

/** Employees working during the period (hired before its end, not gone before its start). */
export const ACTIVE_IN_PERIOD = `(e.hired_at is null or e.hired_at <= ?::date) and (e.fired_at is null or e.fired_at >= ?::date)`;

/** The viewer asked for one employee that the scope does not hold: 404, its existence is not revealed. */
export function assertEmployeeFound(query: ReportQuery, rows: { id: number }[]) {
  if (query.employeeId !== null && !rows.some((r) => r.id === query.employeeId)) throw new NotFoundError();
}

export interface ReportHeader {
  kind: ReportKind;
  /** A stable identifier of the report asked: kind, subsidiary and period. */
  identifier: string;
  subsidiaryId: number | null;
  subsidiaryName: string | null;
  from: CalendarDate;
  to: CalendarDate;
}

export function header(kind: ReportKind, scope: ReportScope, period: { from: CalendarDate; to: CalendarDate }): ReportHeader {
  return {
    kind,
    identifier: `${kind}-${scope.subsidiaryId ?? "all"}-${period.from.replaceAll("-", "")}-${period.to.replaceAll("-", "")}`,
    subsidiaryId: scope.subsidiaryId,
    subsidiaryName: scope.subsidiaryName,
    from: period.from,
    to: period.to,
  };
}

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

function addDaysText(date: string, days: number): string {
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

// ---------------------------------------------------------------------------------------------------------------
// Page options (cascading filters)

export interface ReportOptions {
  subsidiaries: { id: number; name: string }[];
  divisions: { id: number; name: string }[];
  teams: { id: number; name: string }[];
  employees: { id: number; name: string }[];
  /** The viewer chooses the subsidiary (management) or it is fixed (department head: own division too). */
  chooseSubsidiary: boolean;
  chooseDivision: boolean;
}

/**
 * The options of the cascading filters (spec 2 §2: each level appears only after the previous is chosen): one
 * statement per level shown, whatever the rows. Management: agency → division → team → employee; a department
 * head: team → employee of their division.
 */
export async function reportOptions(em: EntityManager, actor: CurrentUser, query: ReportQuery, scope: BadgingScope | null): Promise<ReportOptions> {
  const management = isManagement(actor.profileType);
  const out: ReportOptions = { subsidiaries: [], divisions: [], teams: [], employees: [], chooseSubsidiary: management, chooseDivision: management };
  if (management) out.subsidiaries = await em.execute(`select id, name from subsidiary order by name`);
  const subsidiaryId = management ? query.subsidiaryId : actor.subsidiaryId;
  const divisionId = management ? query.divisionId : actor.divisionId;
  if (management && subsidiaryId !== null) {
    out.divisions = await em.execute(`select id, name from division where subsidiary_id = ? order by name`, [subsidiaryId]);
  }
  if (divisionId !== null && (!management || subsidiaryId !== null) && !scope?.empty) {
    out.teams = await em.execute(`select id, name from team where division_id = ? order by name`, [divisionId]);
  }
  if (query.teamId !== null && out.teams.some((tm) => tm.id === query.teamId)) {
    const rows = await em.execute<{ id: number; firstname: string; lastname: string }[]>(
      `select e.id, e.firstname, e.lastname from employee e where e.team_id = ? and (e.fired_at is null or e.fired_at > current_date - 190)
        order by e.lastname, e.firstname, e.id`,
      [query.teamId],
    );
    out.employees = rows.map((r) => ({ id: r.id, name: displayName(r.firstname, r.lastname) }));
  }
  return out;
}

/** French violations of a failed report for a page (field → message). */
export function reportFieldErrors(error: unknown): Record<string, string> | null {
  if (error instanceof ValidationError) {
    return Object.fromEntries(error.violations.map((v: Violation) => [v.propertyPath, v.message]));
  }
  return null;
}

/** Loads one report by kind (export and /api share it). */
export function loadReport(em: EntityManager, actor: CurrentUser, kind: ReportKind, query: ReportQuery, now: Date = new Date()) {
  switch (kind) {
    case "leave":
      return leaveReport(em, actor, query);
    case "overtime":
      return overtimeReport(em, actor, query, now);
    case "recup":
      return recoveryReport(em, actor, query);
    case "cost":
      return costReport(em, actor, query);
  }
}

export type AnyReport = LeaveReport | OvertimeReport | RecoveryReport | CostReport;

/** Rows of the report's Excel sheet (the API's rows: leaves, employees, employee-weeks). */
export function reportRowCount(report: AnyReport): number {
  if (report.kind === "overtime") return (report as OvertimeReport).employees.length;
  return (report as LeaveReport | RecoveryReport | CostReport).rowCount;
}
