import type { EntityManager } from "@mikro-orm/postgresql";
import { currentEmployeeState, isClockType, type ClockType, type EmployeeState } from "~/domain/clock-state";
import { clampRange, PERIOD_SPAN, type DateRange } from "~/domain/date-range";
import { searchDate } from "~/domain/date-window";
import { isCleanText } from "~/domain/text";
import { displayName } from "~/domain/employee-name";
import { expectedSeconds, type WeekSchedule, type WeekType } from "~/domain/expected-time";
import { groupByEmployeeThenWeek } from "~/domain/iso-week";
import { addDays, calendarDay, toCalendarDate, type CalendarDate } from "~/domain/time-calendar-date";
import { workingSeconds, type TimeLogEntry } from "~/domain/working-time";
import { localDate, resolveTimeZone, timeOfDay } from "~/domain/zoned-day";
import { toUnixSeconds } from "~/domain/api-dates";
import { isManagement } from "~/domain/access";
import type { CurrentUser } from "./current-user.server";
import { AppError, NotFoundError } from "./errors";
import { t } from "~/i18n/fr";
import { holidaysOver } from "./holidays.server";

/**
 * Team, division and agency badging (spec 2 §2): today's recap and the custom searches, scoped to the viewer
 * (team leader: their team; department head: their division; management: any subsidiary). One query per list.
 */

/**
 * An integer list as one SQL parameter: knex expands a JS array into "?, ?, ?", so lists travel as a Postgres
 * array literal and are cast in SQL (`= any(?::int[])`).
 */
export function intArray(values: readonly number[]): string {
  return `{${values.map((v) => Math.trunc(Number(v))).join(",")}}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Facts for expected time (shared with the suggestions service and the notifications job)

export interface LeaveFact {
  start: CalendarDate;
  end: CalendarDate;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
}

export interface ExpectedFacts {
  weekType: WeekType;
  weeks: WeekSchedule[];
  holidays: Set<CalendarDate>;
  leaves: LeaveFact[];
}

/** The accepted leave covering a date, if any. */
export function leaveOn(facts: ExpectedFacts | undefined, date: CalendarDate): LeaveFact | null {
  return facts?.leaves.find((l) => l.start <= date && l.end >= date) ?? null;
}

/** A half-day leave is one whose single day carries a morning or afternoon mark. */
export function isHalfDay(leave: LeaveFact): boolean {
  return leave.start === leave.end && (leave.halfDayMorning || leave.halfDayAfternoon);
}

/** Expected seconds of a date for one employee's facts (schedule, holidays, accepted leave). */
export function expectedFor(facts: ExpectedFacts | undefined, date: CalendarDate): number {
  if (!facts) return 0;
  const leave = leaveOn(facts, date);
  return expectedSeconds({
    date,
    weekType: facts.weekType,
    weeks: facts.weeks,
    holidays: facts.holidays,
    leave: leave ? { halfDay: isHalfDay(leave) } : null,
  });
}

/**
 * Schedules, holidays (country and subsidiary, holidays.server.ts) and accepted leaves of many employees over a period: three queries whatever the
 * number of employees.
 */
export async function loadExpectedFacts(
  em: EntityManager,
  employeeIds: readonly number[],
  from: CalendarDate,
  to: CalendarDate,
): Promise<Map<number, ExpectedFacts>> {
  const out = new Map<number, ExpectedFacts>();
  if (employeeIds.length === 0) return out;
  const ids = [...new Set(employeeIds)];
  const [employees, schedules, holidays, leaves] = await Promise.all([
    em.execute<{ id: number; week_type: string }[]>(`select id, week_type from employee where id = any(?::int[])`, [intArray(ids)]),
    em.execute<{ employee_id: number; week_number: number; days: WeekSchedule }[]>(
      `select employee_id, week_number, days from week_schedule where employee_id = any(?::int[]) order by week_number`,
      [intArray(ids)],
    ),
    holidaysOver(em, { employeeIds: ids }, from, to),
    em.execute<{ employee_id: number; start: string; end: string; half_day_morning: boolean; half_day_afternoon: boolean }[]>(
      `select employee_id, start::text as start, "end"::text as "end", half_day_morning, half_day_afternoon
         from leave where state = 'accepted' and employee_id = any(?::int[]) and start <= ? and "end" >= ?`,
      [intArray(ids), to, from],
    ),
  ]);
  for (const e of employees) {
    out.set(e.id, {
      weekType: e.week_type === "week_one_two" ? "week_one_two" : "unique_week",
      weeks: [],
      holidays: new Set(),
      leaves: [],
    });
  }
  for (const s of schedules) out.get(s.employee_id)?.weeks.push(s.days);
  for (const [id, days] of holidays) for (const date of days.keys()) out.get(id)?.holidays.add(date);
  for (const l of leaves) {
    out.get(l.employee_id)?.leaves.push({
      start: l.start,
      end: l.end,
      halfDayMorning: l.half_day_morning,
      halfDayAfternoon: l.half_day_afternoon,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Clock rows with their live entries

export interface LogView {
  id: number;
  /** Unix seconds. */
  time: number;
  /** HH:MM in the employee's zone. */
  hhmm: string;
  type: ClockType;
}

export interface ClockView {
  id: number;
  employeeId: number;
  employeeFullname: string;
  date: CalendarDate;
  type: ClockType | null;
  suggested: boolean;
  originId: number | null;
  message: string | null;
  workingTimeSeconds: number;
  lunchTimeSeconds: number;
  expectedSeconds: number;
  overtimeSeconds: number;
  anomaly: boolean;
  newNotification: string | null;
  zone: string;
  logs: LogView[];
}

/** Select list of a clock with its employee, zone and live (not superseded) entries, as one row. */
export const CLOCK_SELECT = `
  c.id, c.employee_id, c.date::text as date, c.type, c.suggested, c.origin_suggested_id, c.message,
  c.working_time_seconds, c.lunch_time_seconds, c.expected_seconds, c.overtime_seconds, c.anomaly, c.new_notification,
  e.firstname, e.lastname, coalesce(s.timezone, co.timezone) as zone,
  coalesce((select json_agg(json_build_object('id', l.id, 'time', extract(epoch from l.time)::bigint, 'type', l.type) order by l.time, l.id)
              from time_log l where l.time_clock_id = c.id and l.superseded_at is null), '[]'::json) as logs`;

export const CLOCK_FROM = `
  time_clock c
  join employee e on e.id = c.employee_id
  left join subsidiary s on s.id = e.subsidiary_id
  left join country co on co.id = coalesce(e.country_id, s.country_id)`;

export interface ClockRow {
  id: number;
  employee_id: number;
  date: string;
  type: string | null;
  suggested: boolean;
  origin_suggested_id: number | null;
  message: string | null;
  working_time_seconds: number;
  lunch_time_seconds: number;
  expected_seconds: number;
  overtime_seconds: number;
  anomaly: boolean;
  new_notification: string | null;
  firstname: string;
  lastname: string;
  zone: string | null;
  logs: { id: number; time: number | string; type: string }[];
}

export function toLogViews(logs: ClockRow["logs"], zone: string): LogView[] {
  return logs
    .filter((l) => isClockType(l.type))
    .map((l) => {
      const time = Number(l.time);
      return { id: l.id, time, hhmm: timeOfDay(new Date(time * 1000), zone), type: l.type as ClockType };
    });
}

export function toClockView(row: ClockRow): ClockView {
  const zone = resolveTimeZone(row.zone);
  return {
    id: row.id,
    employeeId: row.employee_id,
    employeeFullname: displayName(row.firstname, row.lastname),
    date: row.date,
    type: isClockType(row.type) ? row.type : null,
    suggested: row.suggested,
    originId: row.origin_suggested_id,
    message: row.message,
    workingTimeSeconds: row.working_time_seconds,
    lunchTimeSeconds: row.lunch_time_seconds,
    expectedSeconds: row.expected_seconds,
    overtimeSeconds: row.overtime_seconds,
    anomaly: row.anomaly,
    newNotification: row.new_notification,
    zone,
    logs: toLogViews(row.logs, zone),
  };
}

/** The time clock entity of spec 2 §3 as the /api answers it (date: unix seconds of the day's noon UTC). */
export interface ApiTimeClock {
  "@id": string;
  "@type": "TimeClock";
  id: number;
  employeeId: number;
  employeeFullname: string;
  date: number;
  type: ClockType | null;
  suggested: boolean;
  originSuggested: ApiTimeClock | string | null;
  message: string | null;
  workingTime: string;
  workingTimeInSecond: number;
  lunchTime: number;
  expectedTimeForDay: number;
  overtime: number;
  anomaly: boolean;
  newNotification: string | null;
  timeLogs: { id: number; time: number; type: ClockType }[];
}

export function clockToApi(clock: ClockView, origin?: ClockView | null): ApiTimeClock {
  return {
    "@id": `/api/timeclock/${clock.id}`,
    "@type": "TimeClock",
    id: clock.id,
    employeeId: clock.employeeId,
    employeeFullname: clock.employeeFullname,
    date: toUnixSeconds(clock.date) + 12 * 3600,
    type: clock.type,
    suggested: clock.suggested,
    originSuggested: origin === undefined ? (clock.originId ? `/api/timeclock/${clock.originId}` : null) : origin ? clockToApi(origin) : null,
    message: clock.message,
    workingTime: formatHm(clock.workingTimeSeconds),
    workingTimeInSecond: clock.workingTimeSeconds,
    lunchTime: clock.lunchTimeSeconds,
    expectedTimeForDay: clock.expectedSeconds,
    overtime: clock.overtimeSeconds,
    anomaly: clock.anomaly,
    newNotification: clock.newNotification,
    timeLogs: clock.logs.map((l) => ({ id: l.id, time: l.time, type: l.type })),
  };
}

function formatHm(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Scope

export type BadgingView = "team" | "division" | "agency";

/** Which employees a view may show; null fields are not restricted. */
export interface BadgingScope {
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
  /** The viewer's scope cannot hold anyone (a team leader without a team...). */
  empty: boolean;
  /** Only the employees without a team (the division view's last group). */
  withoutTeam?: boolean;
}

/**
 * The scope of a view for a viewer. Team view: the leader's team; division view: the head's division; agency view:
 * management any subsidiary (default their own), a department head their own division of their own subsidiary.
 * A subsidiary, division or team asked outside that scope is a NotFoundError (its existence is not revealed).
 */
export async function resolveScope(
  em: EntityManager,
  actor: CurrentUser,
  view: BadgingView,
  ask: { subsidiaryId?: number | null; divisionId?: number | null; teamId?: number | null } = {},
): Promise<BadgingScope> {
  let scope: BadgingScope;
  if (view === "team") {
    scope = { subsidiaryId: null, divisionId: null, teamId: actor.teamId, empty: actor.teamId === null };
  } else if (view === "division" || !isManagement(actor.profileType)) {
    scope = { subsidiaryId: null, divisionId: actor.divisionId, teamId: null, empty: actor.divisionId === null };
    if (view === "agency" && ask.subsidiaryId != null && ask.subsidiaryId !== actor.subsidiaryId) throw new NotFoundError();
  } else {
    const subsidiaryId = ask.subsidiaryId ?? actor.subsidiaryId;
    if (subsidiaryId === null) throw new NotFoundError();
    const [found] = await em.execute<{ id: number }[]>(`select id from subsidiary where id = ?`, [subsidiaryId]);
    if (!found) throw new NotFoundError();
    scope = { subsidiaryId, divisionId: null, teamId: null, empty: false };
  }
  if (ask.divisionId != null) {
    const [d] = await em.execute<{ id: number; subsidiary_id: number }[]>(`select id, subsidiary_id from division where id = ?`, [
      ask.divisionId,
    ]);
    const outside =
      !d || (scope.subsidiaryId !== null && d.subsidiary_id !== scope.subsidiaryId) || (scope.divisionId !== null && d.id !== scope.divisionId);
    if (outside || scope.teamId !== null) throw new NotFoundError();
    scope = { ...scope, divisionId: d.id };
  }
  if (ask.teamId != null) {
    const [tm] = await em.execute<{ id: number; subsidiary_id: number; division_id: number }[]>(
      `select id, subsidiary_id, division_id from team where id = ?`,
      [ask.teamId],
    );
    const outside =
      !tm ||
      (scope.subsidiaryId !== null && tm.subsidiary_id !== scope.subsidiaryId) ||
      (scope.divisionId !== null && tm.division_id !== scope.divisionId) ||
      (scope.teamId !== null && tm.id !== scope.teamId);
    if (outside) throw new NotFoundError();
    scope = { ...scope, teamId: tm.id };
  }
  return scope;
}

/** SQL condition (on alias e) and its parameters for a scope. */
function scopeSql(scope: BadgingScope): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (scope.subsidiaryId !== null) {
    parts.push("e.subsidiary_id = ?");
    params.push(scope.subsidiaryId);
  }
  if (scope.divisionId !== null) {
    parts.push("e.division_id = ?");
    params.push(scope.divisionId);
  }
  if (scope.teamId !== null) {
    parts.push("e.team_id = ?");
    params.push(scope.teamId);
  }
  if (scope.withoutTeam) parts.push("e.team_id is null");
  if (scope.empty) parts.push("false");
  return { sql: parts.length ? parts.join(" and ") : "true", params };
}

const ACTIVE_SQL = "(e.fired_at is null or e.fired_at > current_date) and e.time_registration";

// ---------------------------------------------------------------------------------------------------------------
// Today's recap

export interface RecapEmployee {
  id: number;
  fullname: string;
  state: EmployeeState;
  entries: LogView[];
  workingSeconds: number;
}

export interface RecapTeam {
  id: number | null;
  name: string | null;
  employees: RecapEmployee[];
}

export interface RecapDivision {
  id: number;
  name: string;
  employeeCount: number;
  /** Null when not loaded (agency view: one division at a time). */
  teams: RecapTeam[] | null;
}

interface RecapRow {
  id: number;
  firstname: string;
  lastname: string;
  team_id: number | null;
  team_name: string | null;
  division_id: number | null;
  zone: string | null;
  type: string | null;
  anomaly: boolean | null;
  logs: ClockRow["logs"] | null;
}

/**
 * The state shown today for one employee (badge colour and label) from today's clock row of their local day, its
 * live entries and their expected-time facts: also used by the dashboards' "badgings today".
 */
export function stateToday(
  r: { zone: string | null; type: string | null; anomaly: boolean | null; logs: ClockRow["logs"] | null },
  facts: ExpectedFacts | undefined,
  now: Date,
): { state: EmployeeState; entries: LogView[]; workingSeconds: number } {
  const zone = resolveTimeZone(r.zone);
  const date = localDate(now, zone);
  const entries = toLogViews(r.logs ?? [], zone);
  const logs: TimeLogEntry[] = entries.map((l) => ({ time: new Date(l.time * 1000), type: l.type }));
  const type = isClockType(r.type) ? r.type : null;
  const worked = workingSeconds(logs, now);
  const leave = leaveOn(facts, date);
  const state = currentEmployeeState({
    isInLeave: !!leave && !isHalfDay(leave),
    type,
    isInOvertime: type === "START" && worked > expectedFor(facts, date),
    anomaly: r.anomaly ?? false,
  });
  return { state, entries, workingSeconds: worked };
}

/**
 * Today's state and entries of every active employee of a scope, grouped by team (employees without a team
 * last). "Today" is each employee's local day. Three queries plus the expected-time facts.
 */
export async function todayByTeam(em: EntityManager, scope: BadgingScope, now: Date): Promise<RecapTeam[]> {
  const where = scopeSql(scope);
  const rows = await em.execute<RecapRow[]>(
    `select e.id, e.firstname, e.lastname, e.team_id, t.name as team_name, e.division_id,
            coalesce(s.timezone, co.timezone) as zone, c.type, c.anomaly,
            (select json_agg(json_build_object('id', l.id, 'time', extract(epoch from l.time)::bigint, 'type', l.type) order by l.time, l.id)
               from time_log l where l.time_clock_id = c.id and l.superseded_at is null) as logs
       from employee e
       left join team t on t.id = e.team_id
       left join subsidiary s on s.id = e.subsidiary_id
       left join country co on co.id = coalesce(e.country_id, s.country_id)
       left join time_clock c on c.employee_id = e.id and c.suggested = false
            and c.date = (?::timestamptz at time zone coalesce(s.timezone, co.timezone, 'Europe/Paris'))::date
      where ${ACTIVE_SQL} and ${where.sql}
      order by t.name nulls last, e.lastname, e.firstname, e.id`,
    [now, ...where.params],
  );
  const today = localDate(now, "Europe/Paris");
  const facts = await loadExpectedFacts(em, rows.map((r) => r.id), addDays(today, -1), addDays(today, 1));
  const teams = new Map<number | null, RecapTeam>();
  for (const r of rows) {
    const { state, entries, workingSeconds: worked } = stateToday(r, facts.get(r.id), now);
    let team = teams.get(r.team_id);
    if (!team) {
      team = { id: r.team_id, name: r.team_name, employees: [] };
      teams.set(r.team_id, team);
    }
    team.employees.push({ id: r.id, fullname: displayName(r.firstname, r.lastname), state, entries, workingSeconds: worked });
  }
  return [...teams.values()];
}

/** The divisions of a scope with their active employee counts (the agency accordion's first level). */
export async function divisionsOf(em: EntityManager, scope: BadgingScope): Promise<{ id: number; name: string; employeeCount: number }[]> {
  const rows = await em.execute<{ id: number; name: string; n: string }[]>(
    `select d.id, d.name,
            (select count(*) from employee e where e.division_id = d.id and ${ACTIVE_SQL}) as n
       from division d
      where (? :: int is null or d.subsidiary_id = ?) and (? :: int is null or d.id = ?)
      order by d.name`,
    [scope.subsidiaryId, scope.subsidiaryId, scope.divisionId, scope.divisionId],
  );
  return scope.empty ? [] : rows.map((r) => ({ id: r.id, name: r.name, employeeCount: Number(r.n) }));
}

/** Teams of a scope (search selectors), by name. */
export async function teamsOf(em: EntityManager, scope: BadgingScope): Promise<{ id: number; name: string; divisionId: number }[]> {
  if (scope.empty) return [];
  const rows = await em.execute<{ id: number; name: string; division_id: number }[]>(
    `select t.id, t.name, t.division_id from team t
      where (? :: int is null or t.subsidiary_id = ?) and (? :: int is null or t.division_id = ?) and (? :: int is null or t.id = ?)
      order by t.name`,
    [scope.subsidiaryId, scope.subsidiaryId, scope.divisionId, scope.divisionId, scope.teamId, scope.teamId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, divisionId: r.division_id }));
}

/**
 * The division view's groups: the scope's teams by name with their active employee counts, then the employees
 * without a team (id null) when there are any. One statement, whatever the number of teams (docs/decisions/0067).
 */
export async function teamCountsOf(
  em: EntityManager,
  scope: BadgingScope,
): Promise<{ id: number | null; name: string | null; divisionId: number | null; employeeCount: number }[]> {
  if (scope.empty) return [];
  const where = scopeSql(scope);
  const rows = await em.execute<{ id: number | null; name: string | null; division_id: number | null; n: number }[]>(
    `with c as (select e.team_id, count(*)::int as n from employee e where ${ACTIVE_SQL} and ${where.sql} group by e.team_id)
     select * from (
       select t.id, t.name, t.division_id, coalesce(c.n, 0) as n from team t left join c on c.team_id = t.id
        where (? :: int is null or t.subsidiary_id = ?) and (? :: int is null or t.division_id = ?) and (? :: int is null or t.id = ?)
       union all
       select null, null, null, c.n from c where c.team_id is null) x
      order by x.id is null, x.name, x.id`,
    [...where.params, scope.subsidiaryId, scope.subsidiaryId, scope.divisionId, scope.divisionId, scope.teamId, scope.teamId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, divisionId: r.division_id, employeeCount: Number(r.n) }));
}

export async function subsidiaries(em: EntityManager): Promise<{ id: number; name: string }[]> {
  return em.execute<{ id: number; name: string }[]>(`select id, name from subsidiary order by name`);
}

// ---------------------------------------------------------------------------------------------------------------
// Custom search

export interface SearchFilters {
  from?: CalendarDate | null;
  to?: CalendarDate | null;
  name?: string | null;
  divisionId?: number | null;
  teamId?: number | null;
}

/** At least one filter given (spec 2 §5: agency at least one of start, end, division, name; team/division any). */
export function hasAnyFilter(filters: SearchFilters): boolean {
  return !!(filters.from || filters.to || filters.name?.trim() || filters.divisionId || filters.teamId);
}

/**
 * The period actually searched: both dates kept within 6 months (the end moves); a lone start runs to today
 * (or 6 months on); a lone end starts 6 months before; no date: the last 6 months.
 *
 * @example resolveSearchRange({ from: "2026-01-10", to: "2026-09-01" }, "2026-10-01") // { from: "2026-01-10", to: "2026-07-10", clamped: true }
 */
export function resolveSearchRange(filters: SearchFilters, today: CalendarDate): DateRange & { clamped: boolean } {
  const sixMonthsBefore = (d: CalendarDate) => toCalendarDate(calendarDay(d).minus({ months: 6 }));
  if (filters.from && filters.to) {
    const range = clampRange(filters.from, filters.to, PERIOD_SPAN, "from");
    return { ...range, clamped: range.to !== filters.to };
  }
  if (filters.from) {
    const end = today >= filters.from ? today : filters.from;
    return { ...clampRange(filters.from, end, PERIOD_SPAN, "from"), clamped: false };
  }
  if (filters.to) return { from: sixMonthsBefore(filters.to), to: filters.to, clamped: false };
  return { from: sixMonthsBefore(today), to: today, clamped: false };
}

export interface WeekSearchDay extends ClockView {}

export interface WeekSearchResult {
  employeeId: number;
  employeeFullname: string;
  weeks: { number: number; year: number; monday: CalendarDate; timeClocks: WeekSearchDay[] }[];
}

/** More clocks than this in one search is a sign the filters are too wide: the answer is cut, and says so. */
export const SEARCH_LIMIT = 5000;

function likePattern(name: string): string {
  return `%${name.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The clocks of a scope and period, grouped by employee, then ISO week, then day (one query). */
export async function searchClocks(
  em: EntityManager,
  scope: BadgingScope,
  filters: SearchFilters,
  range: DateRange,
): Promise<{ results: WeekSearchResult[]; truncated: boolean }> {
  if (filters.name && !isCleanText(filters.name)) throw new AppError(400, t("validation.text_forbidden_chars"));
  const where = scopeSql(scope);
  const name = filters.name?.trim();
  const rows = await em.execute<ClockRow[]>(
    `select ${CLOCK_SELECT}
       from ${CLOCK_FROM}
      where c.suggested = false and c.date between ? and ? and ${where.sql}
        ${name ? "and (e.firstname || ' ' || e.lastname ilike ? or e.lastname || ' ' || e.firstname ilike ?)" : ""}
      order by e.lastname, e.firstname, e.id, c.date
      limit ${SEARCH_LIMIT + 1}`,
    [range.from, range.to, ...where.params, ...(name ? [likePattern(name), likePattern(name)] : [])],
  );
  const truncated = rows.length > SEARCH_LIMIT;
  const clocks = rows.slice(0, SEARCH_LIMIT).map(toClockView);
  const grouped = groupByEmployeeThenWeek(
    clocks,
    (c) => ({ id: c.employeeId, fullname: c.employeeFullname }),
    (c) => c.date,
  );
  return {
    truncated,
    results: grouped.map((g) => ({
      employeeId: Number(g.employeeId),
      employeeFullname: g.employeeFullname,
      weeks: g.weeks.map((w) => ({ number: w.week, year: w.year, monday: w.monday, timeClocks: w.items })),
    })),
  };
}

/** The week search result of spec 2 §3 as the /api answers it. */
export function searchToApi(results: WeekSearchResult[]) {
  return results.map((r) => ({
    employeeId: r.employeeId,
    employeeFullname: r.employeeFullname,
    weeks: r.weeks.map((w) => ({ number: w.number, year: w.year, timeClocks: w.timeClocks.map((c) => clockToApi(c)) })),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// The three screens' data

export interface BadgingPageQuery {
  subsidiaryId?: number | null;
  /**
   * `?open=`: agency view, the division whose teams are loaded in the accordion; division view, the team whose
   * employees are loaded (0: the employees without a team).
   */
  openDivisionId?: number | null;
  filters: SearchFilters;
}

export type BadgingTeam = RecapTeam & { empty: boolean; employeeCount: number; loaded: boolean };

export interface BadgingPage {
  view: BadgingView;
  today: CalendarDate;
  subsidiaryId: number | null;
  subsidiaries: { id: number; name: string }[];
  /**
   * Team view: the team's employees; division view: its teams (employees without team last, id null), each with
   * its count, the employees of the open one only (`loaded`; docs/decisions/0067).
   */
  teams: BadgingTeam[];
  /** Agency view: the accordion's divisions (teams loaded for the open one only). */
  divisions: RecapDivision[];
  options: { divisions: { id: number; name: string }[]; teams: { id: number; name: string; divisionId: number }[] };
  filters: SearchFilters;
  searched: boolean;
  range: (DateRange & { clamped: boolean }) | null;
  results: WeekSearchResult[];
  truncated: boolean;
  searchLimit: number;
}

/** Reads the search form of the three views (GET): dates 'YYYY-MM-DD', ids, a name; anything invalid is dropped. */
export function readBadgingQuery(url: URL): BadgingPageQuery {
  // Dates outside the search window (1950 to today + 2 years) are dropped like malformed ones: no period helper
  // then runs past year 9999 (docs/decisions/0015).
  const today = localDate(new Date(), "Europe/Paris");
  const date = (name: string) => {
    const v = url.searchParams.get(name) ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(v) ? searchDate(v, today) : null;
  };
  const id = (name: string) => {
    const v = url.searchParams.get(name) ?? "";
    return /^\d{1,9}$/.test(v) ? Number(v) : null;
  };
  const rawName = (url.searchParams.get("name") ?? "").trim().slice(0, 120);
  const name = isCleanText(rawName) ? rawName : "";
  return {
    subsidiaryId: id("subsidiary"),
    openDivisionId: id("open"),
    filters: { from: date("from"), to: date("to"), name: name || null, divisionId: id("division"), teamId: id("team") },
  };
}

/** Groups today's recap by the scope's teams, listing teams without active employees too (their empty state). */
async function teamsWithEmployees(em: EntityManager, scope: BadgingScope, now: Date) {
  const [recap, teams] = await Promise.all([todayByTeam(em, scope, now), teamsOf(em, scope)]);
  const byId = new Map(recap.map((r) => [r.id, r]));
  const out: BadgingTeam[] = teams.map((team) => {
    const r = byId.get(team.id);
    const employees = r?.employees ?? [];
    return { id: team.id, name: team.name, employees, empty: !r, employeeCount: employees.length, loaded: true };
  });
  const withoutTeam = byId.get(null);
  if (withoutTeam) out.push({ ...withoutTeam, empty: false, employeeCount: withoutTeam.employees.length, loaded: true });
  return out;
}

/**
 * Everything one of the three screens shows: today's recap for the viewer's scope and, when a filter is given,
 * the custom search (team: from, to, name; division: plus team; agency: plus division and team).
 */
export async function loadBadgingPage(
  em: EntityManager,
  actor: CurrentUser,
  view: BadgingView,
  query: BadgingPageQuery,
  now: Date = new Date(),
): Promise<BadgingPage> {
  const baseScope = await resolveScope(em, actor, view, { subsidiaryId: view === "agency" ? query.subsidiaryId : null });
  const today = localDate(now, "Europe/Paris");
  const filters: SearchFilters = {
    ...query.filters,
    divisionId: view === "agency" ? query.filters.divisionId : null,
    teamId: view === "team" ? null : query.filters.teamId,
  };
  const management = isManagement(actor.profileType);
  const [subsidiaryList, divisionList, teamList, counted] = await Promise.all([
    view === "agency" && management ? subsidiaries(em) : Promise.resolve([]),
    view === "agency" ? divisionsOf(em, baseScope) : Promise.resolve([]),
    view === "agency" ? teamsOf(em, baseScope) : Promise.resolve([]),
    view === "division" ? teamCountsOf(em, baseScope) : Promise.resolve([]),
  ]);
  const teamOptions =
    view === "division" ? counted.flatMap((c) => (c.id === null ? [] : [{ id: c.id, name: c.name ?? "", divisionId: c.divisionId ?? 0 }])) : teamList;

  let teams: BadgingPage["teams"] = [];
  let divisions: RecapDivision[] = [];
  if (view === "agency") {
    const open = divisionList.find((d) => d.id === query.openDivisionId) ?? null;
    const openTeams = open ? await teamsWithEmployees(em, { ...baseScope, divisionId: open.id }, now) : null;
    divisions = divisionList.map((d) => ({ ...d, teams: d.id === open?.id ? openTeams : null }));
  } else if (view === "division") {
    // A division may hold hundreds of employees: its teams come with their counts, the employees of the team asked
    // by `?open=` only (a link, or opening the team with JavaScript), like the agency's divisions (0067).
    const openId = query.openDivisionId ?? null;
    const open = openId === null ? undefined : counted.find((c) => (openId === 0 ? c.id === null : c.id === openId) && c.employeeCount > 0);
    const recap = open ? await todayByTeam(em, open.id === null ? { ...baseScope, withoutTeam: true } : { ...baseScope, teamId: open.id }, now) : [];
    teams = counted.map((c) => ({
      id: c.id,
      name: c.name,
      employees: c === open ? (recap[0]?.employees ?? []) : [],
      empty: c.employeeCount === 0,
      employeeCount: c.employeeCount,
      loaded: c === open,
    }));
  } else {
    teams = (await teamsWithEmployees(em, baseScope, now)).filter((team) => team.id === baseScope.teamId);
  }

  const searched = hasAnyFilter(filters);
  let range: BadgingPage["range"] = null;
  let results: WeekSearchResult[] = [];
  let truncated = false;
  if (searched) {
    const scope = await resolveScope(em, actor, view, {
      subsidiaryId: view === "agency" ? query.subsidiaryId : null,
      divisionId: filters.divisionId,
      teamId: filters.teamId,
    });
    range = resolveSearchRange(filters, today);
    ({ results, truncated } = await searchClocks(em, scope, filters, range));
  }
  return {
    view,
    today,
    subsidiaryId: baseScope.subsidiaryId,
    subsidiaries: subsidiaryList,
    teams,
    divisions,
    options: { divisions: divisionList.map((d) => ({ id: d.id, name: d.name })), teams: teamOptions },
    filters,
    searched,
    range,
    results,
    truncated,
    searchLimit: SEARCH_LIMIT,
  };
}
