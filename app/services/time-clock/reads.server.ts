import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import { allowedActions, notificationToShow, shiftDayOf, shiftIsOpen, type AllowedActions } from "~/domain/time-clock/clock-state";
import type { ClockNotificationKind } from "~/domain/time-clock/clock-notifications";
import { clampHistoryRange, clampRange, PERIOD_SPAN, type DateRange } from "~/domain/shared/date-range";
import { theoreticalLunch, weekForDate, type TheoreticalLunch } from "~/domain/planning/expected-time";
import { daysOfWeekUntil, groupByIsoWeek, mondayOf, type IsoWeekGroup } from "~/domain/shared/iso-week";
import { dailyOvertime } from "~/domain/overtime/day";
import { addDays, calendarDay, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { lunchSeconds, workingSeconds } from "~/domain/time-clock/working-time";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { type CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";
import { CLOCK_FROM, CLOCK_SELECT, toClockView, type ClockRow, type ClockView } from "./clock-rows.server";
import { toEntries } from "./day-totals.server";
import { clockEmployee, clockFacts, type ReasonedLeave } from "./employee.server";
import { expectedFor, isHalfDay, leaveOn } from "./facts.server";
/** Reading clocks: one clock, a history, an employee's period, the badging screen, and the actor's scope. */
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

/** A clock's shift as the shift rules read it (decision 0075). */
function shiftOf(view: ClockView | null | undefined) {
  return view ? { type: view.type, firstAt: view.logs[0] ? new Date(view.logs[0].time * 1000) : null } : null;
}

/**
 * The employee's current day among their clocks: yesterday's while its shift (a night) is still open and today's
 * has nothing, else today's (decision 0075).
 */
export function currentShiftClock(clocks: readonly ClockView[], today: CalendarDate, now: Date): ClockView | null {
  const todays = clocks.find((c) => c.date === today && !c.suggested) ?? null;
  const yesterdays = clocks.find((c) => c.date === addDays(today, -1) && !c.suggested) ?? null;
  return shiftDayOf({ yesterday: shiftOf(yesterdays), today: shiftOf(todays) }, now) === "yesterday" ? yesterdays : todays;
}

/**
 * The current day's open interval counts up to now (the live counter): stored totals only hold closed intervals,
 * computed at the last action. Other days and suggestions are returned unchanged; yesterday's night shift still
 * open is the current day (decision 0075).
 */
export function withLiveTotals(view: ClockView, now: Date): ClockView {
  const today = localDate(now, view.zone);
  const current = view.date === today || (view.date === addDays(today, -1) && shiftIsOpen(shiftOf(view), now));
  if (view.suggested || !current || (view.type !== "START" && view.type !== "LUNCH")) return view;
  const entries = toEntries(view.logs);
  const working = workingSeconds(entries, now);
  return {
    ...view,
    workingTimeSeconds: working,
    lunchTimeSeconds: lunchSeconds(entries, now),
    overtimeSeconds: dailyOvertime(working, view.expectedSeconds),
  };
}

/**
 * Today's clock of the signed-in employee (or yesterday's night shift still open, decision 0075), or null for an
 * empty day (the API answers 404).
 */
export async function currentClock(em: EntityManager, user: CurrentUser, now: Date = new Date()): Promise<ClockView | null> {
  const emp = await clockEmployee(em, user.employeeId);
  const today = localDate(now, emp.zone);
  const views = await loadClocks(em, "c.employee_id = ? and c.date between ? and ? and c.suggested = false", [emp.employeeId, addDays(today, -1), today], {
    now,
  });
  return currentShiftClock(views, today, now);
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
  /**
   * Yesterday's night shift ended this morning (its END on today's date) while today's card is not ended: its
   * correction is asked from the card, as for a day shift (decision 0103).
   */
  lastNight: ClockView | null;
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
    // From the day before today too: a Sunday night shift still open on Monday morning is the current day.
    loadClocks(em, "c.employee_id = ? and c.suggested = false and c.date between ? and ?", [emp.employeeId, addDays(today, -1) < monday ? addDays(today, -1) : monday, today], {
      now,
    }),
    search ? history(em, user, search.from, search.to) : Promise.resolve(null),
  ]);
  const byDate = new Map(clocks.map((c) => [c.date, c]));
  const clock = currentShiftClock(clocks, today, now);
  const yesterdays = byDate.get(addDays(today, -1)) ?? null;
  const lastNight = yesterdays && yesterdays !== clock && yesterdays.type === "END" && yesterdays.logs.at(-1)?.nextDay && clock?.type !== "END" ? yesterdays : null;
  // An open night shift is ended even on a day of leave: the leave notice is for a day not started.
  const leave = clock && clock.date !== today ? null : (leaveOn(facts, today) as ReasonedLeave | null);
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
    // Once the day is ended it is part of the week's record, not only of today's card (issue 11 §7).
    week: daysOfWeekUntil(today).map((date) => ({ date, clock: byDate.get(date) ?? null })),
    history: found,
    lastNight,
  };
}
