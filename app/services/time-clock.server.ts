/**
 * The time clock's use cases (spec 2 "Own badging", §4 clock buttons, §7 /api/timeclock calls).
 *
 * For the other clock screens (corrections, team/division/agency badging, notifications):
 * - `clockAction(em, user, action, now)`, `resetDay(em, user, now)`: the buttons, with the state machine (409).
 * - `currentClock(em, user, now)`, `clockById(em, actor, id, now)`: one clock (views of time-clock-views).
 * - `recomputeDay(em, timeClockId, now)`: refills a clock's totals from its active entries and upserts its overtime
 *   row (and, for today, the employee's last state); call it with the transaction's EntityManager after changing a
 *   day's entries, e.g. when a suggestion is validated.
 * - `dayTotals(logs, expected, {date, today})`: a day's totals from its entries (pure).
 * - `createSuggestion(em, actor, input, now)`: a proposed corrected day, validated (422) and scoped (404).
 * - `employeeScopeSql(actor)`, `assertEmployeeInScope(em, actor, employeeId)`: self + a manager's scope.
 * - `clockEmployee(em, id)`, `clockFacts(em, emp, from, to)`: zone, schedule, holidays, leaves of one employee.
 * - `loadClocks(em, where, params, {now})`: clock views with their active entries, one query.
 *
 * Concurrency: a clock action reads the day (its xmin as version), checks the state machine, then writes with one
 * statement whose `insert ... on conflict do update ... where xmin = version` stores nothing if the day changed in
 * between; the action is then read and checked again (decisions 0049, 0057). A repeated or stale action (double
 * click, second tab, retry) is therefore refused with a 409, and every accepted action writes exactly one entry.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { boundedDateMessage } from "~/forms/dates.server";
import { SuggestionMessage } from "~/forms/time-clock.server";
import { frDate } from "~/domain/api-dates";
import { isManagement } from "~/domain/access";
import {
  allowedActions,
  canApply,
  checkClockSequence,
  clockTypeOf,
  isClockType,
  notificationToShow,
  type AllowedActions,
  type ClockAction,
  type ClockType,
} from "~/domain/clock-state";
import type { ClockNotificationKind } from "~/domain/clock-notifications";
import { contractInForce, type PastContract } from "~/domain/contract-change";
import { clampHistoryRange, clampRange, PERIOD_SPAN, type DateRange } from "~/domain/date-range";
import { readBoundedDate, type BoundedDate } from "~/domain/date-window";
import { displayName } from "~/domain/employee-name";
import { theoreticalLunch, weekForDate, type TheoreticalLunch, type WeekSchedule, type WeekType } from "~/domain/expected-time";
import { daysOfWeekUntil, groupByIsoWeek, mondayOf, type IsoWeekGroup } from "~/domain/iso-week";
import { dailyOvertime } from "~/domain/overtime-day";
import { addDays, calendarDay, isCalendarDate, type CalendarDate } from "~/domain/time-calendar-date";
import { dayIsAnomaly, lastClockType, lunchSeconds, workingSeconds, type TimeLogEntry } from "~/domain/working-time";
import { instantAt, localDate, resolveTimeZone, timeOfDay } from "~/domain/zoned-day";
import { t, type MessageKey } from "~/i18n/fr";
import { namedStatement, runNamed } from "~/server/named-statements.server";
import { apiTokenHash } from "./auth.server";
import { CURRENT_USER_FROM, CURRENT_USER_SELECT, toCurrentUser, type CurrentUser, type CurrentUserRow } from "./current-user.server";
import { ConflictError, NotFoundError, ValidationError, type Violation } from "./errors";
import { holidayAppliesSql } from "./holidays.server";
import {
  CLOCK_FROM,
  CLOCK_SELECT,
  expectedFor,
  isHalfDay,
  leaveOn,
  toClockView,
  type ClockRow,
  type ClockView,
  type ExpectedFacts,
  type LeaveFact,
} from "./time-clock-views.server";

export type { ClockView };

// ---------------------------------------------------------------- employee context

/** What the clock needs to know about an employee. */
export interface ClockEmployee {
  employeeId: number;
  fullName: string;
  /** IANA zone of the employee's days: subsidiary, else country, else Europe/Paris. */
  zone: string;
  /** Country of the public holidays: the employee's, else the subsidiary's. */
  countryId: number | null;
  weekType: WeekType;
  /** Week 1 then week 2. */
  weeks: WeekSchedule[];
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
}

interface ClockEmployeeRow {
  id: number;
  firstname: string;
  lastname: string;
  week_type: string;
  country_id: number | null;
  sub_tz: string | null;
  country_tz: string | null;
  subsidiary_id: number | null;
  division_id: number | null;
  team_id: number | null;
  weeks: WeekSchedule[];
}

/**
 * The columns of a ClockEmployeeRow on `e` (employee), `s` (subsidiary), `c` (country), see CLOCK_EMPLOYEE_FROM:
 * CLOCK_EMPLOYEE_EXTRA are those a CURRENT_USER_SELECT row lacks (the clock buttons' read, CLOCK_CALLER_CONTEXT).
 */
const CLOCK_EMPLOYEE_EXTRA = `e.week_type, coalesce(e.country_id, s.country_id) as country_id, s.timezone as sub_tz, c.timezone as country_tz,
            coalesce((select json_agg(ws.days order by ws.week_number) from week_schedule ws where ws.employee_id = e.id), '[]'::json) as weeks`;
const CLOCK_EMPLOYEE_SELECT = `e.id, e.firstname, e.lastname, e.subsidiary_id, e.division_id, e.team_id, ${CLOCK_EMPLOYEE_EXTRA}`;
const CLOCK_EMPLOYEE_FROM = `employee e
       left join subsidiary s on s.id = e.subsidiary_id
       left join country c on c.id = coalesce(e.country_id, s.country_id)`;

function toClockEmployee(r: ClockEmployeeRow): ClockEmployee {
  return {
    employeeId: r.id,
    fullName: displayName(r.firstname, r.lastname),
    zone: resolveTimeZone(r.sub_tz, r.country_tz),
    countryId: r.country_id,
    weekType: r.week_type === "week_one_two" ? "week_one_two" : "unique_week",
    weeks: r.weeks ?? [],
    subsidiaryId: r.subsidiary_id,
    divisionId: r.division_id,
    teamId: r.team_id,
  };
}

/** Zone, schedule and organisation of an employee (one query); NotFoundError when the employee does not exist. */
export async function clockEmployee(em: EntityManager, employeeId: number): Promise<ClockEmployee> {
  const [row] = await em.execute<ClockEmployeeRow[]>(`select ${CLOCK_EMPLOYEE_SELECT} from ${CLOCK_EMPLOYEE_FROM} where e.id = ?`, [
    employeeId,
  ]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return toClockEmployee(row);
}

/** An accepted leave touching a period, with its reason (for the half-day banner). */
export type ReasonedLeave = LeaveFact & { reason: string };

/** The expected-time facts of one employee (schedule, holidays, accepted leaves with their reasons). */
export interface ClockFacts extends ExpectedFacts {
  leaves: ReasonedLeave[];
}

/**
 * Holidays of the employee (country and subsidiary, holidays.server.ts) and their accepted leaves touching
 * [from, to], with the schedule already loaded by clockEmployee: one query (the clock actions' hot path; lists use loadExpectedFacts).
 */
export async function clockFacts(em: EntityManager, emp: ClockEmployee, from: CalendarDate, to: CalendarDate): Promise<ClockFacts> {
  const rows = await em.execute<FactRow[]>(
    `select 'h' as kind, h.date::text as start, h.date::text as "end", false as hm, false as ha, null as reason
       from holiday h where ${holidayAppliesSql("?", "?")} and h.date between ? and ?
     union all
     select 'l', l.start::text, l."end"::text, l.half_day_morning, l.half_day_afternoon, l.reason
       from leave l where l.employee_id = ? and l.state = 'accepted' and l.start <= ? and l."end" >= ?`,
    [emp.countryId ?? 0, emp.subsidiaryId ?? 0, from, to, emp.employeeId, to, from],
  );
  return factsOf(emp, rows);
}

type FactRow = { kind: "h" | "l"; start: string; end: string; hm: boolean; ha: boolean; reason: string | null };

function factsOf(emp: ClockEmployee, rows: readonly FactRow[]): ClockFacts {
  const facts: ClockFacts = { weekType: emp.weekType, weeks: emp.weeks, holidays: new Set(), leaves: [] };
  for (const r of rows) {
    if (r.kind === "h") facts.holidays.add(r.start);
    else facts.leaves.push({ start: r.start, end: r.end, halfDayMorning: r.hm, halfDayAfternoon: r.ha, reason: r.reason ?? "" });
  }
  return facts;
}

// ---------------------------------------------------------------- totals

/** Totals of a day as stored on its clock. */
export interface DayTotals {
  type: ClockType | null;
  workingTimeSeconds: number;
  lunchTimeSeconds: number;
  expectedSeconds: number;
  overtimeSeconds: number;
  anomaly: boolean;
}

/**
 * The totals of a day from its active entries. A past day left without END is an anomaly and counts no
 * overtime (DESIGN §5); today is never an anomaly, the day is just not over.
 *
 * @example dayTotals([{ time: at("08:00"), type: "START" }, { time: at("16:00"), type: "END" }], 25_200, { date, today })
 *          // { type: "END", workingTimeSeconds: 28800, overtimeSeconds: 3600, anomaly: false, ... }
 */
export function dayTotals(
  logs: readonly TimeLogEntry[],
  expected: number,
  { date, today }: { date: CalendarDate; today: CalendarDate },
): DayTotals {
  const anomaly = date < today && dayIsAnomaly(logs);
  const working = workingSeconds(logs);
  return {
    type: lastClockType(logs),
    workingTimeSeconds: working,
    lunchTimeSeconds: lunchSeconds(logs),
    expectedSeconds: expected,
    overtimeSeconds: dailyOvertime(working, expected, { anomaly }),
    anomaly,
  };
}

/** The employee badge state written to employee.last_state_time_clock after a change of today's clock. */
function lastStateOf(type: ClockType | null): string {
  return type ? type.toLowerCase() : "unbadged";
}

/**
 * Writes a day's totals on its clock, and for a real (non-suggested) day upserts its overtime row and, when the
 * day is today, the employee's last state: one statement. Runs on `em`, so inside the caller's transaction.
 */
async function storeTotals(
  em: EntityManager,
  clock: { id: number; employeeId: number; date: CalendarDate; suggested: boolean },
  totals: DayTotals,
  options: { now: Date; isToday: boolean; clearNotification?: boolean },
) {
  const params: unknown[] = [
    totals.type,
    totals.workingTimeSeconds,
    totals.lunchTimeSeconds,
    totals.expectedSeconds,
    totals.overtimeSeconds,
    totals.anomaly,
    options.now,
    clock.id,
  ];
  const setNotification = options.clearNotification ? ", new_notification = null" : "";
  const updateClock = `update time_clock set type = ?, working_time_seconds = ?, lunch_time_seconds = ?, expected_seconds = ?,
      overtime_seconds = ?, anomaly = ?, updated_at = ?${setNotification} where id = ?`;
  if (clock.suggested) {
    await em.execute(updateClock, params);
    return;
  }
  const updateEmployee = options.isToday ? `, e as (update employee set last_state_time_clock = ? where id = ? returning id)` : "";
  if (options.isToday) params.push(lastStateOf(totals.type), clock.employeeId);
  params.push(clock.employeeId, clock.date, totals.workingTimeSeconds, totals.expectedSeconds, totals.overtimeSeconds, totals.anomaly);
  await em.execute(
    `with c as (${updateClock} returning id)${updateEmployee}
     insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds, anomaly)
     values (?, ?, ?, ?, ?, ?)
     on conflict (employee_id, date) do update set worked_seconds = excluded.worked_seconds,
       expected_seconds = excluded.expected_seconds, overtime_seconds = excluded.overtime_seconds, anomaly = excluded.anomaly`,
    params,
  );
}

function toEntries(logs: readonly { time: Date | string | number; type: string }[]): TimeLogEntry[] {
  return logs
    .filter((l) => isClockType(l.type))
    .map((l) => ({ time: typeof l.time === "number" ? new Date(l.time * 1000) : new Date(l.time), type: l.type as ClockType }))
    .sort((a, b) => a.time.getTime() - b.time.getTime());
}

/**
 * Recomputes a clock from its active entries: working, lunch, expected and overtime seconds, anomaly; upserts the
 * day's overtime row (non-suggested clocks) and, for today, the employee's last state. Call it with the
 * transaction's EntityManager after changing the entries (e.g. validating a suggestion). NotFoundError for an
 * unknown id.
 */
export async function recomputeDay(em: EntityManager, timeClockId: number, now: Date = new Date()): Promise<DayTotals> {
  const [row] = await em.execute<{ employee_id: number; date: string; suggested: boolean }[]>(
    "select employee_id, date::text as date, suggested from time_clock where id = ?",
    [timeClockId],
  );
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  const current = await clockEmployee(em, row.employee_id);
  const today = localDate(now, current.zone);
  // A day of a week before the current one may fall under a former contract (decision 0070); today's never does, so
  // the clock actions' own days read nothing more.
  const emp = mondayOf(row.date) < mondayOf(today) ? await withScheduleOf(em, current, row.date) : current;
  const facts = await clockFacts(em, emp, row.date, row.date);
  const logs = await em.execute<{ time: Date; type: string }[]>(
    "select time, type from time_log where time_clock_id = ? and superseded_at is null order by time, id",
    [timeClockId],
  );
  const totals = dayTotals(toEntries(logs), expectedFor(facts, row.date), { date: row.date, today });
  await storeTotals(em, { id: timeClockId, employeeId: row.employee_id, date: row.date, suggested: row.suggested }, totals, {
    now,
    isToday: row.date === today,
  });
  return totals;
}

/** The employee with the schedule in force on `date`'s week: a former contract's (decision 0070), else the sheet's. */
async function withScheduleOf(em: EntityManager, emp: ClockEmployee, date: CalendarDate): Promise<ClockEmployee> {
  const monday = mondayOf(date);
  const past = await em.execute<PastContract<WeekSchedule>[]>(
    `select valid_until::text as until, number_of_hours_per_week::float8 as hours, week_type as "weekType", weeks
       from contract_history where employee_id = ? and valid_until > ? order by valid_until limit 1`,
    [emp.employeeId, monday],
  );
  const terms = contractInForce({ hours: null, weekType: emp.weekType, weeks: emp.weeks }, past, monday);
  return { ...emp, weekType: terms.weekType === "week_one_two" ? "week_one_two" : "unique_week", weeks: terms.weeks };
}

// ---------------------------------------------------------------- reading clocks

/**
 * Clock views matching a condition on `c` (time_clock) and `e` (employee), ordered by employee then date: one
 * query whatever their number. `live` makes today's open interval count up to `now`.
 *
 * @example loadClocks(em, "c.employee_id = ? and c.suggested = false and c.date between ? and ?", [7, from, to])
 */
export async function loadClocks(
  em: EntityManager,
  where: string,
  params: unknown[],
  live?: { now: Date },
): Promise<ClockView[]> {
  const rows = await em.execute<ClockRow[]>(
    `select ${CLOCK_SELECT} from ${CLOCK_FROM} where ${where} order by e.lastname, e.firstname, e.id, c.date, c.id`,
    params,
  );
  return rows.map((r) => (live ? withLiveTotals(toClockView(r), live.now) : toClockView(r)));
}

/**
 * Today's open interval counts up to now (the live counter): stored totals only hold closed intervals, computed
 * at the last action. Other days and suggestions are returned unchanged.
 */
export function withLiveTotals(view: ClockView, now: Date): ClockView {
  if (view.suggested || view.date !== localDate(now, view.zone) || (view.type !== "START" && view.type !== "LUNCH")) return view;
  const entries = toEntries(view.logs);
  const working = workingSeconds(entries, now);
  return {
    ...view,
    workingTimeSeconds: working,
    lunchTimeSeconds: lunchSeconds(entries, now),
    overtimeSeconds: dailyOvertime(working, view.expectedSeconds),
  };
}

/** Today's clock of the signed-in employee, or null for an empty day (the API answers 404). */
export async function currentClock(em: EntityManager, user: CurrentUser, now: Date = new Date()): Promise<ClockView | null> {
  const emp = await clockEmployee(em, user.employeeId);
  const today = localDate(now, emp.zone);
  const [view] = await loadClocks(em, "c.employee_id = ? and c.date = ? and c.suggested = false", [emp.employeeId, today], { now });
  return view ?? null;
}

/**
 * A clock by id, for its owner or a manager whose scope holds its employee; NotFoundError otherwise (another
 * employee's clock is not revealed).
 */
export async function clockById(em: EntityManager, actor: CurrentUser, id: number, now: Date = new Date()): Promise<ClockView> {
  const [view] = await loadClocks(em, "c.id = ?", [id], { now });
  if (!view) throw new NotFoundError(t("error.not_found_item"));
  await assertEmployeeInScope(em, actor, view.employeeId);
  return view;
}

// ---------------------------------------------------------------- scope

/**
 * The employees an actor may read clocks of: themselves, plus their team (team leader), their division
 * (department head) or everyone (head and financial management, company-wide). SQL on the employee alias.
 */
export function employeeScopeSql(actor: CurrentUser, alias = "e"): { sql: string; params: unknown[] } {
  if (isManagement(actor.profileType)) return { sql: "true", params: [] };
  const parts = [`${alias}.id = ?`];
  const params: unknown[] = [actor.employeeId];
  if ((actor.profileType === "ROLE_DEPARTMENT_HEAD" || actor.departmentHead) && actor.divisionId !== null) {
    parts.push(`${alias}.division_id = ?`);
    params.push(actor.divisionId);
  }
  if ((actor.profileType === "ROLE_TEAM_LEADER" || actor.teamLeader) && actor.teamId !== null) {
    parts.push(`${alias}.team_id = ?`);
    params.push(actor.teamId);
  }
  return { sql: `(${parts.join(" or ")})`, params };
}

/** NotFoundError unless the employee exists and is in the actor's scope. */
export async function assertEmployeeInScope(em: EntityManager, actor: CurrentUser, employeeId: number): Promise<void> {
  if (employeeId === actor.employeeId) return;
  const scope = employeeScopeSql(actor);
  const rows = await em.execute<{ id: number }[]>(`select e.id from employee e where e.id = ? and ${scope.sql}`, [employeeId, ...scope.params]);
  if (rows.length === 0) throw new NotFoundError(t("error.not_found_item"));
}

// ---------------------------------------------------------------- clock actions

/** Today's day of an employee as read before an action: its state and active entries, and its row version. */
interface DaySnapshot {
  id: number;
  type: ClockType | null;
  /** The row's xmin: any change of the day (an action, a reset, a validated correction) gives it a new one. */
  version: string;
  logs: { id: number; time: Date; type: ClockType }[];
}

/** Everything a clock action reads: the employee, today's date in their zone, the expected facts, today's day. */
export interface ClockContext {
  emp: ClockEmployee;
  date: CalendarDate;
  facts: ClockFacts;
  day: DaySnapshot | null;
}

type ClockContextRow = ClockEmployeeRow & {
  facts: FactRow[];
  days: { id: number; date: string; type: string | null; version: string; logs: { id: number; ms: number; type: string }[] }[];
};

/**
 * The day columns of the clock action's read, on `e` (employee) and `s` (subsidiary): the holidays and accepted
 * leaves (facts) and the non-suggested days with their active entries (days), between $1 and $2.
 */
const CLOCK_DAY_SELECT = `coalesce((select json_agg(f) from (
            select 'h' as kind, h.date::text as start, h.date::text as "end", false as hm, false as ha, null::text as reason
              from holiday h where ${holidayAppliesSql("coalesce(e.country_id, s.country_id)", "e.subsidiary_id")} and h.date between $1 and $2
            union all
            select 'l', l.start::text, l."end"::text, l.half_day_morning, l.half_day_afternoon, l.reason
              from leave l where l.employee_id = e.id and l.state = 'accepted' and l.start <= $2 and l."end" >= $1) f), '[]'::json) as facts,
          coalesce((select json_agg(json_build_object('id', d.id, 'date', d.date::text, 'type', d.type, 'version', d.xmin::text,
            'logs', (select coalesce(json_agg(json_build_object('id', l.id, 'ms', (extract(epoch from l.time) * 1000)::float8, 'type', l.type)
                                              order by l.time, l.id), '[]'::json)
                       from time_log l where l.time_clock_id = d.id and l.superseded_at is null)))
             from time_clock d where d.employee_id = e.id and d.suggested = false and d.date between $1 and $2), '[]'::json) as days`;

/** clockContext's statement: $1 and $2 the UTC date ± 1 day, $3 the employee. */
const CLOCK_CONTEXT = namedStatement(
  "clock_context",
  `select ${CLOCK_EMPLOYEE_SELECT},
          ${CLOCK_DAY_SELECT}
     from ${CLOCK_EMPLOYEE_FROM}
    where e.id = $3`,
);

/**
 * clockCallerContext's statement: the API token check of every /api call (auth.server's user_for_api_token: the
 * same CurrentUser columns, the same conditions) and CLOCK_CONTEXT's read in one statement. $1 and $2 the UTC date
 * ± 1 day, $3 the token's SHA-256, $4 now. No row: unknown, revoked or expired token.
 */
const CLOCK_CALLER_CONTEXT = namedStatement(
  "clock_caller_context",
  `select ${CURRENT_USER_SELECT},
          ${CLOCK_EMPLOYEE_EXTRA},
          ${CLOCK_DAY_SELECT}
     from ${CURRENT_USER_FROM}
     join api_token t on t.user_id = u.id
     left join subsidiary s on s.id = e.subsidiary_id
     left join country c on c.id = coalesce(e.country_id, s.country_id)
    where t.token_hash = $3 and t.revoked_at is null and t.expires_at > $4`,
);

/** The UTC date ± 1 day around `now`: every zone's today is one of them. */
function aroundUtcDate(now: Date): [CalendarDate, CalendarDate] {
  const utcDate = now.toISOString().slice(0, 10);
  return [addDays(utcDate, -1), addDays(utcDate, 1)];
}

/**
 * The clock action's reads in one query. The day's date depends on the employee's zone, which the same query
 * reads, so the holidays, leaves and days fetched are those of the UTC date ± 1 day (every zone's today is one of
 * them) and today's are picked here.
 */
async function clockContext(em: EntityManager, employeeId: number, now: Date): Promise<ClockContext> {
  const [row] = await runNamed<ClockContextRow>(em, CLOCK_CONTEXT, [...aroundUtcDate(now), employeeId]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return contextOf(row, now);
}

/** A clock action's first read, done with the caller's token check (clockCallerContext). */
export interface ClockCaller {
  /** Null for an archived employee (toCurrentUser): the token is refused. */
  user: CurrentUser | null;
  /** For clockAction and resetDay's first attempt. */
  context: ClockContext;
}

/**
 * The /api clock buttons' first statement (DESIGN §6, decision 0057): the API token check (auth.server's
 * currentUserForApiToken: the same user, null for the same tokens) and the action's reads (clockContext) in one
 * statement. The caller then checks the rights as for any /api call (api.server's checkApiCaller) and passes
 * `context` to clockAction or resetDay, which check and write as always. Null: no valid token.
 */
export async function clockCallerContext(em: EntityManager, token: string, now: Date): Promise<ClockCaller | null> {
  const tokenHash = apiTokenHash(token);
  if (tokenHash === null) return null;
  const [row] = await runNamed<CurrentUserRow & ClockContextRow>(em, CLOCK_CALLER_CONTEXT, [...aroundUtcDate(now), tokenHash, now.toISOString()]);
  if (!row) return null;
  const user = toCurrentUser(row);
  row.id = row.employee_id; // the ClockEmployeeRow's id (the driver's row, ours to complete: no copy of its 25 columns)
  return { user, context: contextOf(row, now) };
}

function contextOf(row: ClockContextRow, now: Date): ClockContext {
  const emp = toClockEmployee(row);
  const date = localDate(now, emp.zone);
  const today = row.days.find((d) => d.date === date);
  const day: DaySnapshot | null = today
    ? {
        id: today.id,
        type: isClockType(today.type) ? today.type : null,
        version: today.version,
        logs: today.logs.filter((l) => isClockType(l.type)).map((l) => ({ id: l.id, time: new Date(l.ms), type: l.type as ClockType })),
      }
    : null;
  return { emp, date, facts: factsOf(emp, row.facts), day };
}

/**
 * Clock actions need the employee's time registration (DESIGN §5): without it, a French 409 and nothing stored
 * (409, like the other refusals of the clock, rather than 403, which the /api client treats as "logged out").
 * Decision 0021.
 */
export function assertTimeRegistration(user: Pick<CurrentUser, "timeRegistration">): void {
  if (!user.timeRegistration) throw new ConflictError(t("time_clock.error.registration_off"));
}

/**
 * The context an attempt works on: `firstRead` (clockCallerContext's, read at the same `now` with the token check)
 * when it is the user's, else clockContext's read.
 */
function readContext(em: EntityManager, user: CurrentUser, now: Date, firstRead: ClockContext | undefined): Promise<ClockContext> | ClockContext {
  if (firstRead && firstRead.emp.employeeId === user.employeeId) return firstRead;
  return clockContext(em, user.employeeId, now);
}

/** How many times an action is re-read and retried when the day changed under it (a concurrent action). */
const CLOCK_ACTION_ATTEMPTS = 5;

/**
 * Start, pause, lunch or end of day for the signed-in employee, at `now`. A forbidden or repeated action throws
 * ConflictError (409, French message) and writes nothing. Clears the clock's notification (the employee just
 * acted). Returns the updated clock.
 *
 * Two statements (DESIGN §6 budget): one read (clockContext, or `firstRead`: the /api buttons read it with the
 * token check, clockCallerContext), then one write that locks the day row and stores
 * the entry, the totals, the overtime row and the employee's state only if the row is still the version the
 * state machine was checked against (optimistic concurrency on xmin). If another action changed the day in
 * between, the write stores nothing and the action is read and checked again, so a repeated or stale action
 * (double click, second tab, retry) is refused with a 409 and every accepted action writes exactly one entry.
 */
export async function clockAction(
  em: EntityManager,
  user: CurrentUser,
  action: ClockAction,
  now: Date = new Date(),
  firstRead?: ClockContext,
): Promise<ClockView> {
  assertTimeRegistration(user);
  const type = clockTypeOf(action);
  for (let attempt = 1; ; attempt++) {
    const { emp, date, facts, day } = await readContext(em, user, now, attempt === 1 ? firstRead : undefined);
    if (!canApply(day?.type ?? null, action)) throw new ConflictError(t(`time_clock.error.${action}` as MessageKey));
    const expected = expectedFor(facts, date);
    const logs: TimeLogEntry[] = [...(day?.logs ?? []), { time: now, type }].sort((a, b) => a.time.getTime() - b.time.getTime());
    const totals = dayTotals(logs, expected, { date, today: date });
    const written = await writeClockAction(em, { employeeId: emp.employeeId, date, version: day?.version ?? null }, { time: now, type }, totals, {
      actorId: user.employeeId,
      now,
    });
    if (written) {
      const view = viewOf(emp, written.clockId, date, totals, [...(day?.logs ?? []), { id: written.logId, time: now, type }]);
      return withLiveTotals(view, now);
    }
    // The day changed since it was read: read it again; still changing after a few attempts, the action is stale.
    if (attempt >= CLOCK_ACTION_ATTEMPTS) throw new ConflictError(t(`time_clock.error.${action}` as MessageKey));
  }
}

/**
 * writeClockAction's statement: $1 employee, $2 date, $3 the day's type, $4..$8 its totals (working, lunch, expected,
 * overtime, anomaly), $9 the actor, $10 now, $11 the version read (null: no day), $12 and $13 the entry's time and
 * type, $14 the employee's last state.
 */
const CLOCK_ACTION_WRITE = namedStatement(
  "clock_action_write",
  `with day as (
     insert into time_clock (employee_id, date, type, suggested, working_time_seconds, lunch_time_seconds, expected_seconds,
                             overtime_seconds, anomaly, created_by_id, created_at, updated_at)
     values ($1, $2, $3, false, $4, $5, $6, $7, $8, $9, $10, $10)
     on conflict (employee_id, date) where suggested = false do update
       set type = excluded.type, working_time_seconds = excluded.working_time_seconds,
           lunch_time_seconds = excluded.lunch_time_seconds, expected_seconds = excluded.expected_seconds,
           overtime_seconds = excluded.overtime_seconds, anomaly = excluded.anomaly, updated_at = excluded.updated_at,
           new_notification = null
       where time_clock.xmin = $11::xid
     returning id),
   log as (
     insert into time_log (time_clock_id, time, type, created_at, created_by_id)
     select id, $12::timestamptz, $13::varchar, $10, $9 from day returning id),
   emp as (
     update employee set last_state_time_clock = $14 where id = $1 and exists (select 1 from day) returning id),
   ot as (
     insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds, anomaly)
     select $1, $2, $4, $6, $7, $8 from day
     on conflict (employee_id, date) do update set worked_seconds = excluded.worked_seconds,
       expected_seconds = excluded.expected_seconds, overtime_seconds = excluded.overtime_seconds, anomaly = excluded.anomaly
     returning id)
   select day.id as clock_id, log.id as log_id from day, log`,
);

/**
 * One statement: inserts today's day, or locks it and updates it only if its xmin is still `day.version` (null: the
 * day did not exist), then, driven by that row, appends the entry, upserts the overtime row and writes the
 * employee's last state. Null when the day changed since it was read (nothing written).
 */
async function writeClockAction(
  em: EntityManager,
  day: { employeeId: number; date: CalendarDate; version: string | null },
  entry: { time: Date; type: ClockType },
  totals: DayTotals,
  { actorId, now }: { actorId: number; now: Date },
): Promise<{ clockId: number; logId: number } | null> {
  const [row] = await runNamed<{ clock_id: number; log_id: number }>(em, CLOCK_ACTION_WRITE, [
    day.employeeId,
    day.date,
    totals.type,
    totals.workingTimeSeconds,
    totals.lunchTimeSeconds,
    totals.expectedSeconds,
    totals.overtimeSeconds,
    totals.anomaly,
    actorId,
    now.toISOString(),
    day.version,
    entry.time.toISOString(),
    entry.type,
    lastStateOf(totals.type),
  ]);
  return row ? { clockId: row.clock_id, logId: row.log_id } : null;
}

function viewOf(
  emp: ClockEmployee,
  id: number,
  date: CalendarDate,
  totals: DayTotals,
  logs: readonly { id: number; time: Date | string; type: string }[],
): ClockView {
  const sorted = [...logs]
    .filter((l) => isClockType(l.type))
    .map((l) => ({ id: l.id, at: new Date(l.time), type: l.type as ClockType }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
  return {
    id,
    employeeId: emp.employeeId,
    employeeFullname: emp.fullName,
    date,
    type: totals.type,
    suggested: false,
    originId: null,
    message: null,
    workingTimeSeconds: totals.workingTimeSeconds,
    lunchTimeSeconds: totals.lunchTimeSeconds,
    expectedSeconds: totals.expectedSeconds,
    overtimeSeconds: totals.overtimeSeconds,
    anomaly: totals.anomaly,
    newNotification: null,
    zone: emp.zone,
    logs: sorted.map((l) => ({ id: l.id, time: Math.floor(l.at.getTime() / 1000), hhmm: timeOfDay(l.at, emp.zone), type: l.type })),
  };
}

/**
 * Clears today's entries of the signed-in employee (spec 2 §4 "reset clears the current day"). Entries are never
 * deleted: they are marked superseded by the employee, so the day stays auditable. Returns the empty clock.
 */
export async function resetDay(em: EntityManager, user: CurrentUser, now: Date = new Date(), firstRead?: ClockContext): Promise<ClockView> {
  assertTimeRegistration(user);
  for (let attempt = 1; ; attempt++) {
    const { emp, date, facts, day } = await readContext(em, user, now, attempt === 1 ? firstRead : undefined);
    const expected = expectedFor(facts, date);
    const totals = dayTotals([], expected, { date, today: date });
    const id = await writeReset(em, { employeeId: emp.employeeId, date, version: day?.version ?? null }, expected, totals, user.employeeId, now);
    if (id !== null) return viewOf(emp, id, date, totals, []);
    // The day changed since it was read (a concurrent action): read it again, as clockAction does.
    if (attempt >= CLOCK_ACTION_ATTEMPTS) throw new ConflictError(t("error.conflict"));
  }
}

/**
 * writeReset's statement: $1 employee, $2 date, $3 expected seconds, $4 overtime, $5 the actor, $6 now, $7 the
 * version read (null: no day), $8 the employee's last state.
 */
const RESET_WRITE = namedStatement(
  "clock_reset_write",
  `with day as (
     insert into time_clock (employee_id, date, type, suggested, working_time_seconds, lunch_time_seconds, expected_seconds,
                             overtime_seconds, anomaly, created_by_id, created_at, updated_at)
     values ($1, $2, null, false, 0, 0, $3, $4, false, $5, $6, $6)
     on conflict (employee_id, date) where suggested = false do update
       set type = null, working_time_seconds = 0, lunch_time_seconds = 0, expected_seconds = excluded.expected_seconds,
           overtime_seconds = excluded.overtime_seconds, anomaly = false, updated_at = excluded.updated_at, new_notification = null
       where time_clock.xmin = $7::xid
     returning id),
   logs as (
     update time_log set superseded_at = $6, superseded_by_id = $5
      where time_clock_id = (select id from day) and superseded_at is null),
   emp as (
     update employee set last_state_time_clock = $8 where id = $1 and exists (select 1 from day)),
   ot as (
     insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds, anomaly)
     select $1, $2, 0, $3, $4, false from day
     on conflict (employee_id, date) do update set worked_seconds = excluded.worked_seconds,
       expected_seconds = excluded.expected_seconds, overtime_seconds = excluded.overtime_seconds, anomaly = excluded.anomaly)
   select id from day`,
);

/**
 * One statement (DESIGN §6): inserts today's empty day, or locks it and empties it only if its xmin is still the
 * version read (so the entries superseded are exactly those read: an entry committed in between makes the version
 * change and the reset is read again), then, driven by that row, supersedes the active entries and writes the
 * overtime row and the employee's state. Null when the day changed since it was read.
 */
async function writeReset(
  em: EntityManager,
  day: { employeeId: number; date: CalendarDate; version: string | null },
  expected: number,
  totals: DayTotals,
  actorId: number,
  now: Date,
): Promise<number | null> {
  const [row] = await runNamed<{ id: number }>(em, RESET_WRITE, [
    day.employeeId,
    day.date,
    expected,
    totals.overtimeSeconds,
    actorId,
    now.toISOString(),
    day.version,
    lastStateOf(totals.type),
  ]);
  return row ? row.id : null;
}

/** Clears the notification of today's clock once the employee has seen it. */
export async function dismissNotification(em: EntityManager, user: CurrentUser, now: Date = new Date()): Promise<void> {
  const emp = await clockEmployee(em, user.employeeId);
  await em.execute(
    "update time_clock set new_notification = null where employee_id = ? and date = ? and suggested = false and new_notification is not null",
    [emp.employeeId, localDate(now, emp.zone)],
  );
}

// ---------------------------------------------------------------- history and ranges

/** My history: the period actually searched (2 weeks at most) and the days found, grouped by ISO week. */
export interface HistoryResult {
  range: DateRange;
  /** The asked period was longer than 2 weeks (or inverted) and was cut. */
  clamped: boolean;
  weeks: IsoWeekGroup<ClockView>[];
}

/**
 * The signed-in employee's clocks between two days, kept to 2 weeks by the server (spec 2 §5: the end moves to
 * start + 2 weeks), grouped by ISO week.
 */
export async function history(em: EntityManager, user: CurrentUser, from: CalendarDate, to: CalendarDate): Promise<HistoryResult> {
  const range = clampHistoryRange(from, to);
  const clocks = await loadClocks(em, "c.employee_id = ? and c.suggested = false and c.date between ? and ?", [
    user.employeeId,
    range.from,
    range.to,
  ]);
  return { range, clamped: range.from !== from || range.to !== to, weeks: groupByIsoWeek(clocks, (c) => c.date) };
}

/**
 * An employee's clocks over a period (6 months at most, the end moves): the employee themselves, or a manager
 * whose scope holds them; NotFoundError otherwise.
 */
export async function employeeRange(
  em: EntityManager,
  actor: CurrentUser,
  employeeId: number,
  from: CalendarDate,
  to: CalendarDate,
  now: Date = new Date(),
): Promise<{ range: DateRange; clocks: ClockView[] }> {
  await assertEmployeeInScope(em, actor, employeeId);
  const range = clampRange(from, to, PERIOD_SPAN, "from");
  const clocks = await loadClocks(em, "c.employee_id = ? and c.suggested = false and c.date between ? and ?", [employeeId, range.from, range.to], {
    now,
  });
  return { range, clocks };
}

// ---------------------------------------------------------------- suggestions

/** One proposed entry: a wall-clock time 'HH:MM' of the day (forms) or an instant (the /api's unix seconds). */
export interface SuggestedLog {
  time: string | Date;
  type: ClockType;
}

export interface SuggestionInput {
  /** The day corrected; found from employee and date when absent. */
  originId?: number | null;
  date: CalendarDate;
  employeeId: number;
  logs: SuggestedLog[];
  message: string;
  /**
   * A manager's correction from the team/division/agency views may target today's day before it is ended (the
   * 409 below is for the employee's own edit request and the /api).
   */
  openDayAllowed?: boolean;
}

/**
 * Proposes a corrected day (spec 2 "Suggestion"): a suggested clock copying the day with new entries and a
 * message, linked to the original. The employee for themselves (the edit request after END) or a manager for an
 * employee of their scope (NotFoundError otherwise). Violations (422): message required, at least one entry,
 * entries on that day and in an order the buttons allow, no future day. Today's day must be ended first (409).
 * Violation paths follow the /api body: `message`, `date`, `timeLogs`, `timeLogs.N.time`, `timeLogs.N.type`.
 */
export async function createSuggestion(
  em: EntityManager,
  actor: CurrentUser,
  input: SuggestionInput,
  now: Date = new Date(),
): Promise<ClockView> {
  await assertEmployeeInScope(em, actor, input.employeeId);
  const emp = await clockEmployee(em, input.employeeId);
  const today = localDate(now, emp.zone);
  const violations: Violation[] = [];
  const parsedMessage = SuggestionMessage.safeParse(input.message);
  if (!parsedMessage.success) violations.push({ propertyPath: "message", message: parsedMessage.error.issues[0]!.message });
  const message = parsedMessage.success ? parsedMessage.data : "";
  // A real day within today ± 2 years (docs/decisions/0015): a suggestion on 0001-01-01 is refused.
  const dateRead: BoundedDate = isCalendarDate(input.date) ? readBoundedDate(input.date, "near", today) : { ok: false, code: "invalid" };
  if (!dateRead.ok) {
    violations.push({ propertyPath: "date", message: boundedDateMessage(dateRead, "near")! });
    throw new ValidationError(violations);
  }
  if (input.date > today) violations.push({ propertyPath: "date", message: t("time_clock.edit_future_day") });
  if (input.logs.length === 0) violations.push({ propertyPath: "timeLogs", message: t("time_clock.edit_entries_required") });
  const entries: { index: number; time: Date; type: ClockType }[] = [];
  input.logs.forEach((log, index) => {
    let time: Date | null = null;
    if (typeof log.time === "string") {
      try {
        time = instantAt(input.date, log.time, emp.zone);
      } catch {
        violations.push({ propertyPath: `timeLogs.${index}.time`, message: t("time_clock.edit_time_required") });
      }
    } else if (Number.isNaN(log.time.getTime()) || localDate(log.time, emp.zone) !== input.date) {
      violations.push({ propertyPath: `timeLogs.${index}.time`, message: t("time_clock.edit_time_outside_day", { date: frDate(input.date) }) });
    } else {
      time = log.time;
    }
    if (!isClockType(log.type)) violations.push({ propertyPath: `timeLogs.${index}.type`, message: t("time_clock.edit_type_required") });
    else if (time) entries.push({ index, time, type: log.type });
  });
  if (violations.length === 0) {
    const ordered = [...entries].sort((a, b) => a.time.getTime() - b.time.getTime() || a.index - b.index);
    const check = checkClockSequence(ordered.map((e) => e.type));
    if (!check.ok) {
      const previous = ordered[check.index - 1];
      violations.push({
        propertyPath: `timeLogs.${ordered[check.index]!.index}.type`,
        message: t("time_clock.edit_sequence_invalid", { type: previous ? t(`time_clock.type.${previous.type}` as MessageKey) : "—" }),
      });
    }
  }
  if (violations.length > 0) throw new ValidationError(violations);

  const [origin] = await em.execute<{ id: number; type: string | null }[]>(
    input.originId != null
      ? "select id, type from time_clock where id = ? and employee_id = ? and date = ? and suggested = false"
      : "select id, type from time_clock where employee_id = ? and date = ? and suggested = false",
    input.originId != null ? [input.originId, input.employeeId, input.date] : [input.employeeId, input.date],
  );
  if (input.originId != null && !origin) throw new NotFoundError(t("error.not_found_item"));
  if (input.date === today && origin?.type !== "END" && !input.openDayAllowed) throw new ConflictError(t("time_clock.edit_day_not_ended"));

  const facts = await clockFacts(em, emp, input.date, input.date);
  const logs = entries.map((e) => ({ time: e.time, type: e.type }));
  const totals = dayTotals(logs, expectedFor(facts, input.date), { date: input.date, today });
  const id = await em.transactional(async (tx) => {
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into time_clock (employee_id, date, type, suggested, origin_suggested_id, message, working_time_seconds,
                               lunch_time_seconds, expected_seconds, overtime_seconds, anomaly, created_by_id, created_at, updated_at)
       values (?, ?, ?, true, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        input.employeeId,
        input.date,
        totals.type,
        origin?.id ?? null,
        message,
        totals.workingTimeSeconds,
        totals.lunchTimeSeconds,
        totals.expectedSeconds,
        totals.overtimeSeconds,
        totals.anomaly,
        actor.employeeId,
        now,
        now,
      ],
    );
    for (const log of logs) {
      await tx.execute("insert into time_log (time_clock_id, time, type, created_at, created_by_id) values (?, ?, ?, ?, ?)", [
        row!.id,
        log.time,
        log.type,
        now,
        actor.employeeId,
      ]);
    }
    return row!.id;
  });
  const [view] = await loadClocks(em, "c.id = ?", [id]);
  return view!;
}

// ---------------------------------------------------------------- the badging screen

/** A day of the week overview (Monday to yesterday). */
export interface WeekDay {
  date: CalendarDate;
  clock: ClockView | null;
}

/** Everything the badging screen shows, in one call. */
export interface BadgingScreen {
  zone: string;
  today: CalendarDate;
  clock: ClockView | null;
  allowed: AllowedActions;
  /** A full-day accepted leave today: the clock is replaced by a notice. */
  onLeave: boolean;
  /** A half-day accepted leave today: a banner with the reason and the half. */
  halfDay: { reason: string; half: "morning" | "afternoon" } | null;
  expectedSeconds: number;
  lunch: TheoreticalLunch | null;
  notification: ClockNotificationKind | null;
  week: WeekDay[];
  history: HistoryResult | null;
}

/** The data of /time-clock/badging for the signed-in employee; `search` runs the history when both dates are set. */
export async function badgingScreen(
  em: EntityManager,
  user: CurrentUser,
  now: Date,
  search: { from: CalendarDate; to: CalendarDate } | null,
): Promise<BadgingScreen> {
  const emp = await clockEmployee(em, user.employeeId);
  const today = localDate(now, emp.zone);
  const monday = mondayOf(today);
  const [facts, clocks, found] = await Promise.all([
    clockFacts(em, emp, today, today),
    loadClocks(em, "c.employee_id = ? and c.suggested = false and c.date between ? and ?", [emp.employeeId, monday, today], { now }),
    search ? history(em, user, search.from, search.to) : Promise.resolve(null),
  ]);
  const byDate = new Map(clocks.map((c) => [c.date, c]));
  const clock = byDate.get(today) ?? null;
  const leave = leaveOn(facts, today) as ReasonedLeave | null;
  const half = leave && isHalfDay(leave) ? (leave.halfDayMorning ? "morning" : "afternoon") : null;
  const weekday = calendarDay(today).weekday;
  const scheduleDay = weekday <= 5 ? weekForDate(today, emp.weekType, emp.weeks)?.[weekday - 1] : null;
  return {
    zone: emp.zone,
    today,
    clock,
    allowed: allowedActions(clock?.type ?? null),
    onLeave: !!leave && !half,
    halfDay: leave && half ? { reason: leave.reason, half } : null,
    expectedSeconds: expectedFor(facts, today),
    lunch: theoreticalLunch(scheduleDay),
    notification: notificationToShow(clock?.type ?? null, clock?.newNotification),
    // Monday up to yesterday (spec 2): today has its own card, ended or not (issue 29 item 6).
    week: daysOfWeekUntil(today).map((date) => ({ date, clock: byDate.get(date) ?? null })),
    history: found,
  };
}
