/**
 * The report pages, paged (DESIGN §6 "long lists paginate", decisions 0033 and 0055): the page shows 50 rows of
 * the report with GET links to the others, and the totals of the whole filter, added up by PostgreSQL; the full
 * report stays the /api call's and the Excel file's (reports.server.ts, streamed or prepared by a job).
 *
 * Every page reads in a fixed number of statements whatever the rows: the scope checks, one statement for the
 * count and the totals over the whole filter, one for the page's rows. The rows of a page are computed by the same
 * functions as the full report (`overtimeEmployee`, `recoveryEmployee`, `costEmployee`), from all the weeks of the
 * employees the page shows, so an employee's average cost or balance does not depend on the page.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { isoWeeksInRange, mondayOf } from "~/domain/shared/iso-week";
import { REPORT_PAGE_SIZE, REPORT_RATES, reportRateColumns } from "~/domain/reports/reports";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";
import { storedAccountParams, storedAccountWeeksSql, timeAccountByWeek } from "~/services/overtime/account.server";
import {
  ACTIVE_IN_PERIOD,
  EMPLOYEE_WEEKS_COLUMNS,
  LEAVE_ROW_COLUMNS,
  LEAVE_ROW_ORDER,
  costEmployee,
  groupLeaveRows,
  header,
  leaveRowsSql,
  accountSpan,
  overtimeEmployee,
  quotaAndRest,
  recoveryEmployee,
  reportPeriod,
  reportReason,
  reportScope,
  runningWeekIndex,
  scopeSql,
  type CostReport,
  type EmployeeWeeksRow,
  type LeaveReport,
  type LeaveReportRow,
  type OvertimeReport,
  type RecoveryReport,
  type ReportKind,
  type ReportQuery,
  type ReportScope,
} from "./reports.server";

export interface ReportPager {
  /** 1-based, clamped to the last page. */
  page: number;
  pages: number;
  /** Rows of the whole filter (the Excel file's data rows). */
  rowCount: number;
}

export type ReportPageView =
  | (LeaveReport & { pager: ReportPager })
  | (OvertimeReport & { pager: ReportPager })
  | (RecoveryReport & { pager: ReportPager })
  | (CostReport & { pager: ReportPager });

/** `?page=` → a page number (anything else is page 1). */
export function readPageNumber(raw: string | null): number {
  return raw && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
}

/** The pager of `rowCount` rows asked at `page` (clamped to 1..pages) and the rows to skip. */
export function pagerOf(page: number, rowCount: number): ReportPager & { offset: number } {
  const pages = Math.max(1, Math.ceil(rowCount / REPORT_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return { page: current, pages, rowCount, offset: (current - 1) * REPORT_PAGE_SIZE };
}

type Period = { from: CalendarDate; to: CalendarDate };

/** The employees of a scope working during the period (alias `e`), as SQL and parameters. */
function employeesSql(scope: ReportScope, query: ReportQuery, period: Period) {
  const where = scopeSql(scope, query);
  return { sql: `${where.sql} and ${ACTIVE_IN_PERIOD}`, params: [...where.params, period.to, period.from] as unknown[] };
}

/** Stored weeks of an employee `e` inside the period (alias `w`); parameters: first Monday, end. */
const WEEKS_OF_E = `w.employee_id = e.id and w.monday between ?::date and ?::date and w.computed_at is not null`;

/**
 * `e` joined to its weeks of the period, each employee's weeks read from the report index alone (an index-only scan
 * per employee: `offset 0` keeps the planner from turning it into a scan of the whole table); `columns` over `w`.
 */
const weeksOfEmployees = (columns: string) =>
  `e cross join lateral (select ${columns} from overtime_week w where ${WEEKS_OF_E} offset 0) w`;

// ---------------------------------------------------------------------------------------------------------------
// Leave report: rows are leaves.

async function leavePage(em: EntityManager, actor: CurrentUser, query: ReportQuery, page: number) {
  const period = reportPeriod(query);
  const reason = reportReason(query.reason);
  const scope = await reportScope(em, actor, query, { allowAll: true });
  const rows = leaveRowsSql(scope, query, reason, period);
  const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n ${rows.sql}`, rows.params);
  const n = count?.n ?? 0;
  // As the full report: asking for one employee without a row of theirs in the scope is a 404.
  if (query.employeeId !== null && n === 0) throw new NotFoundError();
  const pager = pagerOf(page, n);
  const list = await em.execute<LeaveReportRow[]>(`select ${LEAVE_ROW_COLUMNS} ${rows.sql} order by ${LEAVE_ROW_ORDER} offset ? limit ?`, [
    ...rows.params,
    pager.offset,
    REPORT_PAGE_SIZE,
  ]);
  return { ...header("leave", scope, period), reason, employees: groupLeaveRows(list), rowCount: n, pager: strip(pager) };
}

const strip = ({ page, pages, rowCount }: ReportPager): ReportPager => ({ page, pages, rowCount });

// ---------------------------------------------------------------------------------------------------------------
// Overtime report: rows are employees; the totals per week are the kept values of every employee of the filter.

async function overtimePage(em: EntityManager, actor: CurrentUser, query: ReportQuery, page: number, now: Date) {
  const period = reportPeriod(query);
  const scope = await reportScope(em, actor, query);
  const people = employeesSql(scope, query, period);
  const weeks = isoWeeksInRange(period.from, period.to);
  const today = localDate(now, "Europe/Paris");
  const span = accountSpan(weeks, period);
  // The totals per week of the whole filter: each employee's week kept by the ±60 s rule, then summed (decision 0071:
  // the time account). The finished weeks come from their stored sums (decision 0114: 3.3 M days of a 30,000-person
  // subsidiary's half-year were 2.3 s), the running week from its days.
  const [totals] = await em.execute<{ n: number; weeks: [string, number][] }[]>(
    `with e as materialized (select e.id from employee e where ${people.sql}),
          a as (${storedAccountWeeksSql("select id from e")}),
          t as (select a.m, sum(case when a.s > 60 or a.s < -60 then a.s else 0 end)::float8 as s from a group by 1)
     select (select count(*)::int from e) as n, coalesce((select json_agg(json_build_array(m::text, s)) from t), '[]'::json) as weeks`,
    [...people.params, ...storedAccountParams([], span.from, span.to, today)],
  );
  const n = totals?.n ?? 0;
  if (query.employeeId !== null && n === 0) throw new NotFoundError();
  const byMonday = new Map(weeks.map((w, i) => [w.monday, i]));
  const totalByWeek = weeks.map(() => 0);
  for (const [monday, s] of totals?.weeks ?? []) {
    const i = byMonday.get(monday);
    if (i !== undefined) totalByWeek[i] = s;
  }
  const pager = pagerOf(page, n);
  const rows = await em.execute<{ id: number; firstname: string; lastname: string; matricule: number | null }[]>(
    `select e.id, e.firstname, e.lastname, e.matricule from employee e where ${people.sql}
      order by e.lastname, e.firstname, e.id offset ? limit ?`,
    [...people.params, pager.offset, REPORT_PAGE_SIZE],
  );
  const ids = rows.map((r) => r.id);
  const [accounts, legal] = await Promise.all([timeAccountByWeek(em, ids, span.from, span.to, today), quotaAndRest(em, ids, span.from, period.to)]);
  return {
    ...header("overtime", scope, period),
    weeks,
    runningWeek: runningWeekIndex(weeks, today),
    employees: rows.map((r) => overtimeEmployee(r, weeks, accounts, legal)),
    totalByWeek,
    totalSeconds: totalByWeek.reduce((s, v) => s + v, 0),
    pager: strip(pager),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Recovery and hourly-cost reports: rows are employee-weeks.

/**
 * The cost of a week in cents, as `weekCost` of app/domain/reports/reports.ts computes it (decision 0044), from the
 * report columns of the stored week (migration 20261125110000) and `e.h`, the hourly cost in cents: the same
 * double-precision operations in the same order, each line rounded half up (`Math.round`) once. The first two rates
 * of a week are read directly (nearly every week has at most two, and only as many as the week has: every read of
 * an array costs, decision 0066); any further ones through a subquery over
 * `unnest … with ordinality`, whose small row estimate keeps the plan a hash aggregate (decision 0066: with
 * `generate_subscripts`, estimated at 1,000 rows a call, the planner sorted the 75,000 weeks of a subsidiary on disk).
 */
const line = (i: string) => `floor(w.report_paid[${i}] * e.h * (10000 + w.report_rates[${i}]) / 36000000::float8 + 0.5)`;
const first2 = `coalesce(${line("1")}, 0) + coalesce(${line("2")}, 0)`;
const WEEK_CENTS = `case when e.h is null then 0 else
        floor(w.normal_seconds * e.h * 10000 / 36000000::float8 + 0.5)
        + case coalesce(cardinality(w.report_rates), 0) when 0 then 0 when 1 then coalesce(${line("1")}, 0) when 2 then ${first2}
               else ${first2} + (select sum(${line("i")}) from unnest(w.report_rates) with ordinality as b(r, i) where i > 2) end end`;

/** The rates of the spec's four columns, × 100 as the stored weeks' report columns hold them. */
const STANDARD_RATES = `{${REPORT_RATES.map((r) => Math.round(r * 100)).join(",")}}`;

async function weeksPage(em: EntityManager, actor: CurrentUser, kind: "recup" | "cost", query: ReportQuery, page: number) {
  const period = reportPeriod(query);
  const scope = await reportScope(em, actor, query);
  const people = employeesSql(scope, query, period);
  const first = mondayOf(period.from);
  // The count, the totals per week (cost) and the other rates used, over the whole filter, from the report index, in
  // one pass without materializing the weeks (decision 0066): grouped by week (cost) and by the week's rates when
  // they are not all standard (null otherwise), so a few dozen groups come back; the sums of integral cents are exact.
  const byWeek = kind === "cost";
  const [totals] = await em.execute<{ n: number; groups: [string | null, number, number, number[] | null][] }[]>(
    `with e as materialized (select e.id, floor(e.hourly_cost::float8 * 100 + 0.5) as h from employee e where ${people.sql}),
          g as (select ${byWeek ? "w.m" : "null::date"} as m, w.o, count(*)::int as n, sum(w.cents)::float8 as cents
                  from ${weeksOfEmployees(`w.monday as m, case when w.report_rates <@ ?::int[] then null else w.report_rates end as o,
                                           ${byWeek ? WEEK_CENTS : "0::float8"} as cents`)}
                 group by 1, 2)
     select (select count(*)::int from e) as n, coalesce((select json_agg(json_build_array(m, n, cents, o)) from g), '[]'::json) as groups`,
    [...people.params, STANDARD_RATES, first, period.to],
  );
  if (query.employeeId !== null && (totals?.n ?? 0) === 0) throw new NotFoundError();
  const periodWeeks = isoWeeksInRange(period.from, period.to);
  const byMonday = new Map(periodWeeks.map((w, i) => [w.monday, i]));
  const totalByWeek = periodWeeks.map(() => 0);
  const other = new Set<number>();
  let rowCount = 0;
  for (const [monday, n, cents, rates] of totals?.groups ?? []) {
    rowCount += n;
    const i = monday === null ? undefined : byMonday.get(monday);
    if (i !== undefined) totalByWeek[i]! += cents;
    for (const r of rates ?? []) other.add(r / 100);
  }
  const columns = reportRateColumns(other);
  const pager = pagerOf(page, rowCount);
  // The employees of the page's rows, with all their weeks of the period (their totals and balance need them).
  const rows = await em.execute<(EmployeeWeeksRow & { page_weeks: string[] })[]>(
    `with page as (select w.employee_id, w.monday
                     from (select e.id, e.lastname, e.firstname from employee e where ${people.sql} order by e.lastname, e.firstname, e.id) e
                          cross join lateral (select w.employee_id, w.monday from overtime_week w where ${WEEKS_OF_E} order by w.monday offset 0) w
                    order by e.lastname, e.firstname, e.id, w.monday offset ? limit ?)
     select ${EMPLOYEE_WEEKS_COLUMNS},
            (select json_agg(p.monday) from page p where p.employee_id = e.id) as page_weeks
       from employee e where e.id in (select employee_id from page)
      order by e.lastname, e.firstname, e.id`,
    [...people.params, first, period.to, pager.offset, REPORT_PAGE_SIZE, first, period.to, first, period.to],
  );
  const onPage = <T extends { monday: string }>(weeks: T[], keep: string[]) => weeks.filter((w) => keep.includes(w.monday));
  const common = { ...header(kind, scope, period), rates: columns, rowCount, pager: strip(pager) };
  if (kind === "recup") {
    const employees = rows.map((r) => {
      const e = recoveryEmployee(r, columns);
      return { ...e, weeks: onPage(e.weeks, r.page_weeks) };
    });
    return { ...common, kind: "recup" as const, employees } satisfies RecoveryReport & { pager: ReportPager };
  }
  const employees = rows.map((r) => {
    const e = costEmployee(r, columns);
    return { ...e, weeks: onPage(e.weeks, r.page_weeks) };
  });
  return {
    ...common,
    kind: "cost" as const,
    employees,
    weeks: periodWeeks,
    totalByWeek,
    totalCents: totalByWeek.reduce((s, v) => s + v, 0),
  } satisfies CostReport & { pager: ReportPager };
}

/** One page of a report (the page's loader). */
export async function loadReportPage(
  em: EntityManager,
  actor: CurrentUser,
  kind: ReportKind,
  query: ReportQuery,
  page: number,
  now: Date = new Date(),
): Promise<ReportPageView> {
  switch (kind) {
    case "leave":
      return leavePage(em, actor, query, page);
    case "overtime":
      return overtimePage(em, actor, query, page, now);
    case "recup":
    case "cost":
      return weeksPage(em, actor, kind, query, page);
  }
}

/**
 * The data rows the report's Excel file will have (leaves, employees, employee-weeks), counted by the database
 * without reading the report: the export decides between streaming and a job on it (DESIGN §6, decision 0045).
 */
export async function reportRowTotal(
  em: EntityManager,
  actor: CurrentUser,
  kind: ReportKind,
  query: ReportQuery,
): Promise<{ rows: number; subsidiaryName: string | null; from: CalendarDate; to: CalendarDate }> {
  const period = reportPeriod(query);
  const scope = await reportScope(em, actor, query, { allowAll: kind === "leave" });
  const done = (count: { n: number } | undefined) => ({ rows: count?.n ?? 0, subsidiaryName: scope.subsidiaryName, ...period });
  if (kind === "leave") {
    const rows = leaveRowsSql(scope, query, reportReason(query.reason), period);
    const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n ${rows.sql}`, rows.params);
    return done(count);
  }
  const people = employeesSql(scope, query, period);
  if (kind === "overtime") {
    const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from employee e where ${people.sql}`, people.params);
    return done(count);
  }
  const [count] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from employee e join overtime_week w on ${WEEKS_OF_E} where ${people.sql}`,
    [mondayOf(period.from), period.to, ...people.params],
  );
  return done(count);
}
