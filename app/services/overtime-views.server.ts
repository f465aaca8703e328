/**
 * The overtime screens and calls (spec 2 "Overtime screens", §7; DESIGN §8; issue 13 §5–8): the weekly calendars of
 * a team, a division or a subsidiary, an employee's year, the explained week, the legal checks and the deductions.
 * Shared by the HTML routes and the /api routes. One query per kind of data, whatever the rows shown: employees,
 * the time account per week, the clock entries of the legal checks, the stored weeks, the deductions.
 *
 * The numbers (DESIGN §8): a calendar cell and a weekly total are the time account (the days' worked − expected,
 * minus the week's deductions); the explanation is the legal overtime of the stored week (or the week computed now,
 * not stored, when the job has not stored it yet or it is marked dirty).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { canCallApi, isManagement } from "~/domain/access";
import type { DateRange } from "~/domain/date-range";
import { displayName } from "~/domain/employee-name";
import { mondayOf, type IsoWeek, type IsoWeekKey } from "~/domain/iso-week";
import { checksOfWeek, legalChecks, type LegalCheck, type LegalDay } from "~/domain/legal-checks";
import { computeOvertimeWeek, mondayOfIsoWeek, type DayResult, type ExplanationStep, type OvertimeAnomaly, type OvertimeWeekResult } from "~/domain/overtime";
import {
  CALENDAR_PAGE_SIZE,
  calendarHeader,
  explainWeekFacts,
  legalCheckMessage,
  overtimeClass,
  overtimeCrumbs,
  overtimePeriod,
  overtimeYears,
  parseDeduction,
  pickWeek,
  pickYear,
  weekCellHours,
  weekId,
  yearGrid,
  type MonthSpan,
  type OvertimeClass,
  type OvertimeCrumb,
  type WeekExplanation,
} from "~/domain/overtime-screens";
import { addDays, type CalendarDate } from "~/domain/time-calendar-date";
import { localDate, resolveTimeZone } from "~/domain/zoned-day";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "./current-user.server";
import { ForbiddenError, NotFoundError, ValidationError } from "./errors";
import { dayCounts, isRunningWeek } from "~/domain/overtime-account";
import { timeAccountByWeek } from "./overtime-account.server";
import { markWeekDirty } from "./overtime-dirty.server";
import { assertMonthOpen } from "./payroll.server";
import { loadOvertimeWeek } from "./overtime-week.server";
import { employeeScopeSql } from "./time-clock.server";
import { preparedQuery } from "~/server/prepared.server";
import { intArray, resolveScope, subsidiaries, teamsOf, type BadgingScope } from "./time-clock-views.server";

// ---------------------------------------------------------------------------------------------------------------
// Shared reads

interface LogDaysRow {
  employee_id: number;
  /** The employee's days: "YYYY-MM-DD <unix seconds><type letter> …" joined by ";", by date (see legalDays). */
  days: string;
}

/** The entry types of the legal checks by their first letter (START, PAUSE, LUNCH, END). */
const ENTRY_TYPES: Record<string, string> = { S: "START", P: "PAUSE", L: "LUNCH", E: "END" };

/**
 * The clock entries (not superseded) of some employees' days, as the legal checks want them: one row per employee
 * (not per day: a subsidiary's page of 25 people over 6 months is ~2,800 days, and a row costs more to decode than
 * its text), one query. The day before `from` is read too, for the rest between it and the first day.
 */
async function legalDays(em: EntityManager, ids: readonly number[], from: CalendarDate, to: CalendarDate): Promise<Map<number, LegalDay[]>> {
  const out = new Map<number, LegalDay[]>();
  if (ids.length === 0) return out;
  // A named prepared statement (app/server/prepared.server.ts): every calendar and employee page runs it, its text
  // never changes, and its plan cost about as much as its execution on a large company (docs/decisions/0056).
  const rows = await preparedQuery<LogDaysRow>(
    em,
    "overtime_legal_days_text",
    `select d.employee_id, string_agg(d.date || ' ' || d.logs, ';' order by d.date) as days
       from (select c.employee_id, c.date::text as date,
                    string_agg(extract(epoch from l.time)::bigint || left(l.type, 1), ' ' order by l.time) as logs
               from time_clock c
               join time_log l on l.time_clock_id = c.id and l.superseded_at is null
              where c.suggested = false and c.employee_id = any(?::int[]) and c.date between ? and ?
              group by c.employee_id, c.date) d
      group by d.employee_id`,
    [intArray(ids), addDays(from, -1), to],
  );
  for (const r of rows) {
    out.set(
      r.employee_id,
      r.days.split(";").map((day) => {
        const parts = day.split(" ");
        const entries: { time: number; type: string }[] = [];
        for (let i = 1; i < parts.length; i++) {
          const p = parts[i]!;
          entries.push({ time: Number(p.slice(0, -1)), type: ENTRY_TYPES[p.slice(-1)] ?? p.slice(-1) });
        }
        return { date: parts[0]!, entries };
      }),
    );
  }
  return out;
}

/** Legal checks dated within [from, to] (the day before only serves the rest check). */
function checksIn(days: readonly LegalDay[] | undefined, from: CalendarDate, to: CalendarDate): LegalCheck[] {
  return legalChecks(days ?? []).filter((c) => c.date >= from && c.date <= to);
}

// ---------------------------------------------------------------------------------------------------------------
// Weekly calendars (team, division, subsidiary)

export type CalendarView = "team" | "division" | "subsidiary";

export interface CalendarQuery {
  from?: string | null;
  to?: string | null;
  anchor?: string | null;
  subsidiaryId?: number | null;
  divisionId?: number | null;
  teamId?: number | null;
  page?: number | null;
}

export interface CalendarCell {
  year: number;
  week: number;
  /** The week's time account (seconds, deductions taken off). */
  seconds: number;
  /** Whole hours shown, only above 0. */
  hours: number | null;
  /** The week's legal checks, in French. */
  checks: string[];
}

export interface CalendarRow {
  id: number;
  name: string;
  own: boolean;
  cells: CalendarCell[];
}

export interface CalendarPage {
  view: CalendarView;
  range: DateRange;
  /** The asked period was longer than 6 months and has been moved. */
  moved: boolean;
  weeks: IsoWeek[];
  months: MonthSpan[];
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
  options: { subsidiaries: { id: number; name: string }[]; divisions: { id: number; name: string }[]; teams: { id: number; name: string; divisionId: number }[] };
  /** The running week ("en cours", decision 0071) when the period holds it: its weekId. */
  runningWeek: string | null;
  rows: CalendarRow[];
  total: number;
  page: number;
  pages: number;
  /** Rank of the first and last employee shown (1-based; 0 when nobody matches). */
  first: number;
  last: number;
  /** The viewer has no team (team view) or no division (division view). */
  noScope: "no_team" | "no_division" | null;
}

/** Reads the calendar filters of a URL (GET form). */
export function readCalendarQuery(url: URL): CalendarQuery {
  const id = (name: string) => {
    const v = url.searchParams.get(name);
    return v && /^\d{1,9}$/.test(v) ? Number(v) : null;
  };
  return {
    from: url.searchParams.get("from"),
    to: url.searchParams.get("to"),
    anchor: url.searchParams.get("anchor"),
    subsidiaryId: id("subsidiary"),
    divisionId: id("division"),
    teamId: id("team"),
    page: id("page"),
  };
}

function scopeSql(scope: BadgingScope): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (scope.subsidiaryId !== null) parts.push("e.subsidiary_id = ?"), params.push(scope.subsidiaryId);
  if (scope.divisionId !== null) parts.push("e.division_id = ?"), params.push(scope.divisionId);
  if (scope.teamId !== null) parts.push("e.team_id = ?"), params.push(scope.teamId);
  if (scope.empty) parts.push("false");
  return { sql: parts.length ? parts.join(" and ") : "true", params };
}

/**
 * The weekly calendar of a view for a viewer: team (the leader's team), division (the head's division, a team
 * filter when it has teams), subsidiary (management: a subsidiary, default their own; division and team filters).
 * A subsidiary, division or team outside the viewer's scope is a NotFoundError. Employees who clock (time
 * registration) and were employed during the period, by name, CALENDAR_PAGE_SIZE a page (docs/decisions/0037, 0056).
 */
export async function overtimeCalendar(em: EntityManager, actor: CurrentUser, view: CalendarView, query: CalendarQuery, now: Date): Promise<CalendarPage> {
  const today = localDate(now, "Europe/Paris");
  const range = overtimePeriod(query, today);
  const asked = query.from && query.to ? { from: query.from, to: query.to } : null;
  const moved = !!asked && (asked.from !== range.from || asked.to !== range.to);
  const { weeks, months } = calendarHeader(range);

  const subsidiaryList = view === "subsidiary" ? await subsidiaries(em) : [];
  let askSubsidiary = view === "subsidiary" ? (query.subsidiaryId ?? actor.subsidiaryId ?? subsidiaryList[0]?.id ?? null) : null;
  if (view === "subsidiary" && askSubsidiary === null) askSubsidiary = -1;
  // A division filter in the team view, or a team filter outside the division, is out of scope (resolveScope).
  const scope = await resolveScope(em, actor, view === "subsidiary" ? "agency" : view, {
    subsidiaryId: askSubsidiary,
    divisionId: view === "team" ? null : query.divisionId,
    teamId: view === "team" ? null : query.teamId,
  });
  const noScope = view === "team" && actor.teamId === null ? "no_team" : view === "division" && actor.divisionId === null ? "no_division" : null;

  // Options of the filters (divisions of the subsidiary, teams of the division or of the subsidiary) and the page of
  // employees, in parallel: none depends on another.
  const optionScope: BadgingScope = { ...scope, teamId: null };
  const where = scopeSql(scope);
  const pageAsked = Math.min(Math.max(1, query.page ?? 1), 9_999);
  const [divisions, teams, found] = await Promise.all([
    view === "subsidiary"
      ? em.execute<{ id: number; name: string }[]>(`select id, name from division where subsidiary_id = ? order by name`, [scope.subsidiaryId])
      : Promise.resolve([]),
    view === "team" ? Promise.resolve([]) : teamsOf(em, optionScope),
    // The scope's count and the page asked clamped to the last one (CTEs n and p) in the statement that reads the
    // page's employees: a page past the end shows the last one (docs/decisions/0056); an empty scope still answers
    // one row (employee columns null) carrying the count.
    em.execute<{ id: number | null; firstname: string; lastname: string; total: number; page_index: number }[]>(
      `with s as (select e.id, e.firstname, e.lastname from employee e
                   where ${where.sql} and e.time_registration
                     and (e.hired_at is null or e.hired_at <= ?) and (e.fired_at is null or e.fired_at >= ?)),
       n as (select count(*)::int as total from s),
       p as (select greatest(0, least(?::int - 1, (n.total - 1) / ${CALENDAR_PAGE_SIZE})) as page_index from n),
       pg as (select s.* from s order by lower(s.lastname), lower(s.firstname), s.id
               offset (select page_index * ${CALENDAR_PAGE_SIZE} from p) limit ${CALENDAR_PAGE_SIZE})
       select n.total, p.page_index, pg.id, pg.firstname, pg.lastname from n cross join p left join pg on true
        order by lower(pg.lastname), lower(pg.firstname), pg.id`,
      [...where.params, range.to, range.from, pageAsked],
    ),
  ]);
  const people = found.filter((r): r is { id: number; firstname: string; lastname: string; total: number; page_index: number } => r.id !== null);
  const pageIndex = Number(found[0]?.page_index ?? 0);
  const total = Number(found[0]?.total ?? 0);
  const ids = people.map((p) => p.id);
  const first = weeks[0]?.monday ?? range.from;
  const last = addDays(weeks[weeks.length - 1]?.monday ?? range.to, 6);

  const [sums, days] = ids.length
    ? await Promise.all([timeAccountByWeek(em, ids, first, last, today), legalDays(em, ids, first, last)])
    : [new Map<string, number>(), new Map<number, LegalDay[]>()];

  const weekIds = weeks.map(weekId);
  const rows: CalendarRow[] = people.map((p) => {
    // The employee's checks grouped by the Monday of their week once (not filtered again for each of the weeks).
    const byMonday = new Map<CalendarDate, string[]>();
    for (const c of checksIn(days.get(p.id), first, last)) {
      const monday = mondayOf(c.date);
      const list = byMonday.get(monday);
      if (list) list.push(legalCheckMessage(c));
      else byMonday.set(monday, [legalCheckMessage(c)]);
    }
    return {
      id: p.id,
      name: displayName(p.firstname, p.lastname),
      own: p.id === actor.employeeId,
      cells: weeks.map((w, i) => {
        const seconds = sums.get(`${p.id}:${weekIds[i]}`) ?? 0;
        return { year: w.year, week: w.week, seconds, hours: weekCellHours(seconds), checks: byMonday.get(w.monday) ?? [] };
      }),
    };
  });
  return {
    view,
    range,
    moved,
    weeks,
    months,
    subsidiaryId: scope.subsidiaryId,
    divisionId: view === "subsidiary" ? (query.divisionId ?? null) : scope.divisionId,
    teamId: view === "team" ? scope.teamId : (query.teamId ?? null),
    options: { subsidiaries: subsidiaryList, divisions, teams },
    runningWeek: weeks.find((w) => isRunningWeek(w.monday, today)) ? weekId(weeks.find((w) => isRunningWeek(w.monday, today))!) : null,
    rows,
    total,
    page: pageIndex + 1,
    pages: Math.max(1, Math.ceil(total / CALENDAR_PAGE_SIZE)),
    first: people.length ? pageIndex * CALENDAR_PAGE_SIZE + 1 : 0,
    last: people.length ? pageIndex * CALENDAR_PAGE_SIZE + people.length : 0,
    noScope,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// An employee's year

export interface GridDay {
  date: CalendarDate;
  seconds: number | null;
  cls: OvertimeClass;
}

export interface GridRow {
  year: number;
  week: number;
  monday: CalendarDate;
  days: GridDay[];
  /** The week's time account: its seven days (up to today, today once ended) minus its deductions (decision 0071). */
  totalSeconds: number;
  /** The running week, "en cours". */
  running: boolean;
  deductedSeconds: number;
  cls: OvertimeClass;
  checks: string[];
}

export interface ExplainedWeek {
  year: number;
  week: number;
  monday: CalendarDate;
  /** stored: the overtime_week row; live: computed now (not stored yet, or marked dirty). */
  source: "stored" | "live";
  provisional: boolean;
  computedAt: string | null;
  timeAccountSeconds: number;
  explanation: WeekExplanation;
  /** The numbers as the engine gives them (the API's explanation). */
  steps: ExplanationStep[];
  anomalies: OvertimeAnomaly[];
  checks: LegalCheck[];
  totals: {
    workedSeconds: number;
    countedSeconds: number;
    contractSeconds: number;
    overtimeSeconds: number;
    complementarySeconds: number;
    paidSeconds: number;
    recoverySeconds: number;
    recoveryEarnedSeconds: number;
    quotaUsedSeconds: number;
    quotaSeconds: number;
  };
}

export interface DeductionView {
  id: number;
  date: CalendarDate;
  seconds: number;
  by: string | null;
}

export interface EmployeeYearPage {
  employee: { id: number; name: string; hiredAt: CalendarDate | null; timeRegistration: boolean; recoveryBalanceSeconds: number };
  own: boolean;
  crumbs: OvertimeCrumb[];
  years: number[];
  year: number;
  grid: GridRow[];
  deductions: DeductionView[];
  canDeduct: boolean;
  explained: ExplainedWeek | null;
  checks: string[];
}

interface EmployeeRow {
  id: number;
  firstname: string;
  lastname: string;
  hired_at: string | null;
  time_registration: boolean;
  recovery_earned: number;
  recovery_taken: number;
  sub_tz: string | null;
  country_tz: string | null;
}

/** The employee of an overtime page or call, in the actor's scope (themselves included); NotFoundError otherwise. */
async function scopedEmployee(em: EntityManager, actor: CurrentUser, employeeId: number): Promise<EmployeeRow & { zone: string }> {
  const scope = employeeScopeSql(actor);
  const [row] = await em.execute<EmployeeRow[]>(
    `select e.id, e.firstname, e.lastname, e.hired_at::text as hired_at, e.time_registration, e.recovery_earned, e.recovery_taken,
            s.timezone as sub_tz, cn.timezone as country_tz
       from employee e
       left join subsidiary s on s.id = e.subsidiary_id
       left join country cn on cn.id = coalesce(e.country_id, s.country_id)
      where e.id = ? and (e.id = ? or ${scope.sql})`,
    [employeeId, actor.employeeId, ...scope.params],
  );
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return { ...row, zone: resolveTimeZone(row.sub_tz, row.country_tz) };
}

interface StoredRow {
  iso_week: number;
  provisional: boolean;
  dirty: boolean;
  computed_at: Date | null;
  explanation: StoredExplanation | null;
  worked_seconds: number;
  counted_seconds: number;
  contract_seconds: number;
  overtime_seconds: number;
  complementary_seconds: number;
  paid_seconds: number;
  recovery_seconds: number;
  recovery_earned_seconds: number;
  quota_after_seconds: number;
}

interface StoredExplanation {
  steps?: ExplanationStep[];
  days?: DayResult[];
  anomalies?: OvertimeAnomaly[];
  quota?: OvertimeWeekResult["quota"];
}

/**
 * An employee's overtime year (spec 2 "Employee or mine"): the year selector, the Monday–Friday grid with daily
 * badges and weekly totals, the recovery balance, the deductions and, when `?week=` names a week of the grid, its
 * explanation. Six queries whatever the year holds (seven or eight when the explained week is computed now).
 */
export async function employeeYear(
  em: EntityManager,
  actor: CurrentUser,
  employeeId: number,
  asked: { year?: string | null; week?: string | null },
  now: Date,
): Promise<EmployeeYearPage> {
  const emp = await scopedEmployee(em, actor, employeeId);
  const today = localDate(now, emp.zone);
  const years = overtimeYears(emp.hired_at, today);
  const year = pickYear(asked.year, years);
  const grid = yearGrid(year, today);
  const week = pickWeek(asked.week, grid);
  const own = emp.id === actor.employeeId;
  const name = displayName(emp.firstname, emp.lastname);
  const first = grid[grid.length - 1]?.monday ?? `${year}-01-01`;
  const last = addDays(grid[0]?.monday ?? `${year}-01-01`, 6);

  const [dayRows, deductionRows, stored, logDays] = await Promise.all([
    em.execute<{ date: string; s: number; ended: boolean }[]>(
      `select o.date::text as date, o.overtime_seconds as s,
              exists (select 1 from time_clock c where c.employee_id = o.employee_id and c.date = o.date and c.suggested = false and c.type = 'END') as ended
         from overtime o where o.employee_id = ? and o.date between ? and ?`,
      [emp.id, first, last],
    ),
    em.execute<{ id: number; date: string; seconds: number; firstname: string | null; lastname: string | null }[]>(
      `select d.id, d.date::text as date, d.seconds, b.firstname, b.lastname
         from deduction d left join employee b on b.id = d.created_by_id
        where d.employee_id = ? and d.date between ? and ? and d.removed_at is null order by d.date desc, d.id desc`,
      [emp.id, first, last],
    ),
    em.execute<StoredRow[]>(
      `select iso_week, provisional, dirty, computed_at, case when iso_week = ? then explanation end as explanation,
              worked_seconds, counted_seconds, contract_seconds, overtime_seconds, complementary_seconds, paid_seconds,
              recovery_seconds, recovery_earned_seconds, quota_after_seconds
         from overtime_week where employee_id = ? and iso_year = ? and iso_week = ?`,
      [week ?? 0, emp.id, year, week ?? 0],
    ),
    legalDays(em, [emp.id], first, last),
  ]);

  // A day counts once it is past, today once ended (decision 0071): today's running day shows no badge.
  const byDate = new Map(dayRows.filter((r) => dayCounts(r.date, today, r.ended)).map((r) => [r.date, r.s]));
  const deductedByWeek = new Map<number, number>();
  for (const d of deductionRows) {
    const w = grid.find((g) => d.date >= g.monday && d.date <= addDays(g.monday, 6));
    if (w) deductedByWeek.set(w.week, (deductedByWeek.get(w.week) ?? 0) + d.seconds);
  }
  const checks = checksIn(logDays.get(emp.id), first, last);
  const rows: GridRow[] = grid.map((g) => {
    const weekDays = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(g.monday, i));
    const deducted = deductedByWeek.get(g.week) ?? 0;
    const total = weekDays.reduce((s, d) => s + (byDate.get(d) ?? 0), 0) - deducted;
    return {
      year: g.year,
      week: g.week,
      monday: g.monday,
      days: g.days.map((date) => {
        const seconds = byDate.get(date) ?? null;
        return { date, seconds, cls: overtimeClass(seconds) };
      }),
      totalSeconds: total,
      running: isRunningWeek(g.monday, today),
      deductedSeconds: deducted,
      cls: overtimeClass(total),
      checks: checksOfWeek(checks, g.monday).map(legalCheckMessage),
    };
  });

  let explained: ExplainedWeek | null = null;
  if (week !== null) {
    const row = rows.find((r) => r.week === week)!;
    explained = await explainedWeek(em, emp.id, { year, week }, stored[0] ?? null, checksOfWeek(checks, row.monday), row.totalSeconds, now);
  }

  return {
    employee: {
      id: emp.id,
      name,
      hiredAt: emp.hired_at,
      timeRegistration: emp.time_registration,
      recoveryBalanceSeconds: Math.max(0, emp.recovery_earned - emp.recovery_taken),
    },
    own,
    crumbs: overtimeCrumbs(actor.profileType, name, own),
    years,
    year,
    grid: rows,
    deductions: deductionRows.map((d) => ({ id: d.id, date: d.date, seconds: d.seconds, by: d.lastname ? displayName(d.firstname, d.lastname) : null })),
    canDeduct: canCallApi("POST", "/api/deduction", actor.profileType),
    explained,
    checks: checks.map(legalCheckMessage),
  };
}

/**
 * The explanation of one week: the stored overtime_week when it is computed and not marked dirty, else the engine
 * run now on the week's facts (two reads, nothing written: a GET never writes; the nightly job stores it).
 */
async function explainedWeek(
  em: EntityManager,
  employeeId: number,
  key: IsoWeekKey,
  stored: StoredRow | null,
  checks: LegalCheck[],
  timeAccountSeconds: number,
  now: Date,
): Promise<ExplainedWeek> {
  const monday = mondayOfIsoWeek(key);
  if (stored && stored.computed_at && !stored.dirty && stored.explanation?.steps) {
    const e = stored.explanation;
    const quota = e.quota ?? null;
    return {
      ...key,
      monday,
      source: "stored",
      provisional: stored.provisional,
      computedAt: new Date(stored.computed_at).toISOString(),
      timeAccountSeconds,
      explanation: explainWeekFacts({ steps: e.steps ?? [], days: e.days ?? [], anomalies: e.anomalies ?? [], quota }, checks),
      steps: e.steps ?? [],
      anomalies: e.anomalies ?? [],
      checks,
      totals: {
        workedSeconds: stored.worked_seconds,
        countedSeconds: stored.counted_seconds,
        contractSeconds: stored.contract_seconds,
        overtimeSeconds: stored.overtime_seconds,
        complementarySeconds: stored.complementary_seconds,
        paidSeconds: stored.paid_seconds,
        recoverySeconds: stored.recovery_seconds,
        recoveryEarnedSeconds: stored.recovery_earned_seconds,
        quotaUsedSeconds: stored.quota_after_seconds,
        quotaSeconds: quota?.limitSeconds ?? 0,
      },
    };
  }
  const loaded = await loadOvertimeWeek(em, employeeId, key, now);
  const r = computeOvertimeWeek(loaded.input);
  return {
    ...key,
    monday,
    source: "live",
    provisional: localDate(now, loaded.input.zone) <= addDays(monday, 6),
    computedAt: null,
    timeAccountSeconds,
    explanation: explainWeekFacts({ steps: r.explanation, days: r.days, anomalies: r.anomalies, quota: r.quota }, checks),
    steps: r.explanation,
    anomalies: r.anomalies,
    checks,
    totals: {
      workedSeconds: r.workedSeconds,
      countedSeconds: r.countedSeconds,
      contractSeconds: r.contractSeconds,
      overtimeSeconds: r.overtimeSeconds,
      complementarySeconds: r.complementarySeconds,
      paidSeconds: r.paidSeconds,
      recoverySeconds: r.recoverySeconds,
      recoveryEarnedSeconds: r.recoveryEarnedSeconds,
      quotaUsedSeconds: r.quota.afterSeconds,
      quotaSeconds: r.quota.limitSeconds,
    },
  };
}

/**
 * One explained week of an employee for the API: 422 for a year outside 2020..this year or a week the year does
 * not have; NotFoundError outside the scope.
 */
export async function employeeWeek(em: EntityManager, actor: CurrentUser, employeeId: number, key: IsoWeekKey, now: Date): Promise<ExplainedWeek> {
  const emp = await scopedEmployee(em, actor, employeeId);
  const today = localDate(now, emp.zone);
  const years = overtimeYears(null, today);
  if (!years.includes(key.year)) throw new ValidationError([{ propertyPath: "year", message: t("overtime_screens.error.year") }]);
  let monday: CalendarDate;
  try {
    monday = mondayOfIsoWeek(key);
  } catch {
    throw new ValidationError([{ propertyPath: "week", message: t("overtime_screens.error.week") }]);
  }
  const sunday = addDays(monday, 6);
  const [sum, stored, logDays] = await Promise.all([
    timeAccountByWeek(em, [emp.id], monday, sunday, today),
    em.execute<StoredRow[]>(
      `select iso_week, provisional, dirty, computed_at, explanation, worked_seconds, counted_seconds, contract_seconds,
              overtime_seconds, complementary_seconds, paid_seconds, recovery_seconds, recovery_earned_seconds, quota_after_seconds
         from overtime_week where employee_id = ? and iso_year = ? and iso_week = ?`,
      [emp.id, key.year, key.week],
    ),
    legalDays(em, [emp.id], monday, sunday),
  ]);
  const checks = checksIn(logDays.get(emp.id), monday, sunday);
  return explainedWeek(em, emp.id, key, stored[0] ?? null, checks, sum.get(`${emp.id}:${weekId(key)}`) ?? 0, now);
}

// ---------------------------------------------------------------------------------------------------------------
// Deductions

/**
 * Adds a deduction of an employee's overtime balance, dated today in the employee's zone, and marks that week
 * dirty in the same transaction (DESIGN §8). Roles of /api/deduction only, never on oneself (docs/decisions/0039);
 * an employee outside the scope is a NotFoundError; an input that is not a duration is a 422 on `newdeduction`.
 */
export async function addDeduction(
  em: EntityManager,
  actor: CurrentUser,
  employeeId: number,
  text: unknown,
  now: Date,
): Promise<{ id: number; date: CalendarDate; seconds: number }> {
  if (!canCallApi("POST", "/api/deduction", actor.profileType)) throw new ForbiddenError(t("error.forbidden"));
  const emp = await scopedEmployee(em, actor, employeeId);
  const seconds = parseDeduction(text);
  if (seconds === null) throw new ValidationError([{ propertyPath: "newdeduction", message: t("overtime_screens.deduction.invalid") }]);
  const date = localDate(now, emp.zone);
  return em.transactional(async (tx) => {
    await assertMonthOpen(tx, { employeeIds: [emp.id] }, { from: date, to: date });
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into deduction (employee_id, date, seconds, created_by_id, created_at) values (?, ?, ?, ?, ?) returning id`,
      [emp.id, date, seconds, actor.employeeId, now],
    );
    await markWeekDirty(tx, emp.id, date);
    return { id: row!.id, date, seconds };
  });
}

/**
 * Removes a deduction of an employee (decision 0069): the roles of /api/deduction, on an employee of their scope (or
 * themselves, as they may deduct from their own page). The row stays, with who removed it and when; every read of the
 * balance skips it. Its week is marked dirty in the same transaction; a month closed for payroll refuses it (409).
 * A deduction that is not the employee's, or already removed, is a NotFoundError.
 */
export async function removeDeduction(
  em: EntityManager,
  actor: CurrentUser,
  employeeId: number,
  deductionId: number,
  now: Date,
): Promise<{ id: number; date: CalendarDate; seconds: number }> {
  if (!canCallApi("DELETE", "/api/deduction/:id", actor.profileType)) throw new ForbiddenError(t("error.forbidden"));
  const emp = await scopedEmployee(em, actor, employeeId);
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<{ id: number; date: string; seconds: number }[]>(
      `select id, date::text as date, seconds from deduction where id = ? and employee_id = ? and removed_at is null for update`,
      [deductionId, emp.id],
    );
    if (!row) throw new NotFoundError(t("overtime_screens.deduction.not_found"));
    await assertMonthOpen(tx, { employeeIds: [emp.id] }, { from: row.date, to: row.date });
    await tx.execute(`update deduction set removed_at = ?, removed_by_id = ? where id = ?`, [now, actor.employeeId, row.id]);
    await markWeekDirty(tx, emp.id, row.date);
    return { id: row.id, date: row.date, seconds: row.seconds };
  });
}

/**
 * The employee whose deduction this is (for DELETE /api/deduction/{id}, which names the deduction only); null when
 * there is no such deduction, or it is already removed.
 */
export async function deductionOwner(em: EntityManager, deductionId: number): Promise<number | null> {
  const [row] = await em.execute<{ employee_id: number }[]>(`select employee_id from deduction where id = ? and removed_at is null`, [deductionId]);
  return row?.employee_id ?? null;
}

/** The deductions of an employee between two days (/api/getdeduction), newest first. */
export async function deductionsOf(em: EntityManager, actor: CurrentUser, employeeId: number, range: DateRange): Promise<DeductionView[]> {
  const emp = await scopedEmployee(em, actor, employeeId);
  const rows = await em.execute<{ id: number; date: string; seconds: number; firstname: string | null; lastname: string | null }[]>(
    `select d.id, d.date::text as date, d.seconds, b.firstname, b.lastname
       from deduction d left join employee b on b.id = d.created_by_id
      where d.employee_id = ? and d.date between ? and ? and d.removed_at is null order by d.date desc, d.id desc`,
    [emp.id, range.from, range.to],
  );
  return rows.map((d) => ({ id: d.id, date: d.date, seconds: d.seconds, by: d.lastname ? displayName(d.firstname, d.lastname) : null }));
}

// ---------------------------------------------------------------------------------------------------------------
// The overtime list (/api/overtime)

export interface OvertimeRecord {
  employeeId: number;
  date: CalendarDate;
  overtime: number;
}

/**
 * The daily overtime records (spec 2 §6 "Overtime record": employeeId, date, overtime seconds) of the caller, or of
 * one employee of their scope, between two days. One query after the scope check.
 */
export async function overtimeRecords(em: EntityManager, actor: CurrentUser, employeeId: number | null, range: DateRange): Promise<OvertimeRecord[]> {
  const emp = await scopedEmployee(em, actor, employeeId ?? actor.employeeId);
  const rows = await em.execute<{ date: string; s: number }[]>(
    `select o.date::text as date, o.overtime_seconds as s from overtime o where o.employee_id = ? and o.date between ? and ? order by o.date`,
    [emp.id, range.from, range.to],
  );
  return rows.map((r) => ({ employeeId: emp.id, date: r.date, overtime: r.s }));
}

/** Is the calendar view open to this role (the page rights, reused by /api/overtime/search)? */
export function calendarViewAllowed(view: CalendarView, profileType: string): boolean {
  if (view === "team") return profileType === "ROLE_TEAM_LEADER";
  if (view === "division") return profileType === "ROLE_DEPARTMENT_HEAD";
  return isManagement(profileType);
}
