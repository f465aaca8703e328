import type { EntityManager } from "@mikro-orm/postgresql";
import { canApply, clockTypeOf, type ClockAction } from "~/domain/time-clock/clock-state";
import { isClockType, type ClockType } from "~/domain/time-clock/clock-type";
import { type CalendarDate } from "~/domain/shared/time-calendar-date";
import { mondayOf } from "~/domain/shared/iso-week";
import { type TimeLogEntry } from "~/domain/time-clock/working-time";
import { localDate, timeOfDay } from "~/domain/shared/zoned-day";
import { t, type MessageKey } from "~/i18n/fr";
import { namedStatement, runNamed } from "~/server/operations/named-statements.server";
import { type CurrentUser } from "~/services/identity/current-user.server";
import { ConflictError } from "~/services/shared/errors";
import type { ClockView } from "./clock-rows.server";
import { dayTotals, lastStateOf, type DayTotals } from "./day-totals.server";
import { withLiveTotals } from "./reads.server";
import { clockEmployee, type ClockEmployee } from "./employee.server";
import { expectedFor, isHalfDay, leaveOn } from "./facts.server";
import { clockContext, type ClockContext } from "./context.server";
import { markWeekDirty } from "~/services/overtime/dirty.server";
/**
 * The clock buttons: start, pause, lunch, end, reset (spec 2 §4), with the state machine (409).
 *
 * Concurrency: a clock action reads the day (its xmin as version), checks the state machine, then writes with one
 * statement whose `insert ... on conflict do update ... where xmin = version` stores nothing if the day changed in
 * between; the action is then read and checked again (decisions 0049, 0057). A repeated or stale action (double
 * click, second tab, retry) is therefore refused with a 409, and every accepted action writes exactly one entry.
 */
/**
 * A full-day accepted leave on the day acted on, before anything was badged: "Pas besoin de badger !" (409), the
 * words the badging page shows (issue 29 §3). A half-day leave leaves the other half open.
 */
function assertNotOnLeave(ctx: ClockContext): void {
  if (ctx.day?.type) return;
  const leave = leaveOn(ctx.facts, ctx.date);
  if (leave && !isHalfDay(leave)) throw new ConflictError(t("error.employee_is_in_leave"));
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
  /** The shop-floor terminal the action was typed at (issue 46): kept on the entry, `time_log.terminal_id`. */
  terminalId: number | null = null,
): Promise<ClockView> {
  assertTimeRegistration(user);
  const type = clockTypeOf(action);
  for (let attempt = 1; ; attempt++) {
    const context = await readContext(em, user, now, attempt === 1 ? firstRead : undefined);
    const { emp, date, today, facts, day } = context;
    assertNotOnLeave(context);
    if (!canApply(day?.type ?? null, action)) throw new ConflictError(t(`time_clock.error.${action}` as MessageKey));
    const expected = expectedFor(facts, date);
    const logs: TimeLogEntry[] = [...(day?.logs ?? []), { time: now, type }].sort((a, b) => a.time.getTime() - b.time.getTime());
    const totals = dayTotals(logs, expected, { date, today, now, zone: emp.zone, night: emp.nightPeriod });
    const written = await writeClockAction(em, { employeeId: emp.employeeId, date, version: day?.version ?? null }, { time: now, type }, totals, {
      actorId: user.employeeId,
      now,
      terminalId,
    });
    if (written) {
      // A night shift started on a Sunday and ended on Monday belongs to last week, which the nightly run may already
      // have stored while the shift was open: mark it to be computed again (one more statement, that case only).
      if (mondayOf(date) < mondayOf(today)) await markWeekDirty(em, emp.employeeId, date);
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
 * type, $14 the employee's last state, $15 the night seconds, $16 the terminal (null: not at a terminal).
 */
const CLOCK_ACTION_WRITE = namedStatement(
  "clock_action_write",
  `with day as (
     insert into time_clock (employee_id, date, type, suggested, working_time_seconds, lunch_time_seconds, expected_seconds,
                             overtime_seconds, anomaly, created_by_id, created_at, updated_at, night_seconds)
     values ($1, $2, $3, false, $4, $5, $6, $7, $8, $9, $10, $10, $15)
     on conflict (employee_id, date) where suggested = false do update
       set type = excluded.type, working_time_seconds = excluded.working_time_seconds, night_seconds = excluded.night_seconds,
           lunch_time_seconds = excluded.lunch_time_seconds, expected_seconds = excluded.expected_seconds,
           overtime_seconds = excluded.overtime_seconds, anomaly = excluded.anomaly, updated_at = excluded.updated_at,
           new_notification = null
       where time_clock.xmin = $11::xid
     returning id),
   log as (
     insert into time_log (time_clock_id, time, type, created_at, created_by_id, terminal_id)
     select id, $12::timestamptz, $13::varchar, $10, $9, $16::int from day returning id),
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
  { actorId, now, terminalId }: { actorId: number; now: Date; terminalId: number | null },
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
    totals.nightSeconds,
    terminalId,
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
    logs: sorted.map((l) => ({
      id: l.id,
      time: Math.floor(l.at.getTime() / 1000),
      hhmm: timeOfDay(l.at, emp.zone),
      type: l.type,
      ...(localDate(l.at, emp.zone) > date ? { nextDay: true } : {}),
    })),
  };
}

/**
 * Clears today's entries of the signed-in employee (spec 2 §4 "reset clears the current day"). Entries are never
 * deleted: they are marked superseded by the employee, so the day stays auditable. Returns the empty clock.
 */
export async function resetDay(em: EntityManager, user: CurrentUser, now: Date = new Date(), firstRead?: ClockContext): Promise<ClockView> {
  assertTimeRegistration(user);
  for (let attempt = 1; ; attempt++) {
    const { emp, date, today, facts, day } = await readContext(em, user, now, attempt === 1 ? firstRead : undefined);
    const expected = expectedFor(facts, date);
    const totals = dayTotals([], expected, { date, today, now, zone: emp.zone, night: emp.nightPeriod });
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
       set type = null, working_time_seconds = 0, lunch_time_seconds = 0, night_seconds = 0, expected_seconds = excluded.expected_seconds,
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
