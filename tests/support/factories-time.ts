import type { EntityManager } from "@mikro-orm/postgresql";
import type { ScheduleDay } from "~/domain/planning/expected-time";
import { addDays } from "~/domain/shared/time-calendar-date";
import { instantAt, localDate } from "~/domain/shared/zoned-day";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { AppError } from "~/services/shared/errors";
import { createEmployee, type Org } from "./factories";

/** Time clock test data, written with SQL like the shared factories. */

/** 09:00-12:00 and 13:00-17:00: 7 hours, lunch 12:00-13:00. */
export const SEVEN_HOURS: ScheduleDay = { morningStart: 540, morningEnd: 720, afternoonStart: 780, afternoonEnd: 1020 };

/** The same schedule every weekday (week 1), or the given five days. */
export async function setSchedule(em: EntityManager, employeeId: number, days: ScheduleDay[] = Array(5).fill(SEVEN_HOURS), weekNumber = 1) {
  await em
    .getConnection()
    .execute(
      `insert into week_schedule (employee_id, week_number, days) values (?, ?, ?)
       on conflict (employee_id, week_number) do update set days = excluded.days`,
      [employeeId, weekNumber, JSON.stringify(days)],
    );
}

export async function addHoliday(em: EntityManager, countryId: number, date: string, name = "Férié") {
  await em.getConnection().execute("insert into holiday (country_id, date, name) values (?, ?, ?)", [countryId, date, name]);
}

export async function addLeave(
  em: EntityManager,
  employeeId: number,
  leave: { start: string; end: string; reason?: string; state?: string; halfDayMorning?: boolean; halfDayAfternoon?: boolean },
) {
  const [row] = await em.getConnection().execute<{ id: number }[]>(
    `insert into leave (employee_id, reason, start, "end", half_day_morning, half_day_afternoon, state, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, now(), now()) returning id`,
    [
      employeeId,
      leave.reason ?? "PAID_LEAVE",
      leave.start,
      leave.end,
      leave.halfDayMorning ?? false,
      leave.halfDayAfternoon ?? false,
      leave.state ?? "accepted",
    ],
  );
  return row!.id;
}

/**
 * A clock day with entries given as local 'HH:MM' times (Europe/Paris unless told), totals left at 0: call
 * recomputeDay when they matter.
 */
export async function insertClock(
  em: EntityManager,
  employeeId: number,
  date: string,
  entries: [string, "START" | "PAUSE" | "LUNCH" | "END"][],
  options: { zone?: string; suggested?: boolean; originId?: number | null; message?: string | null; newNotification?: string | null } = {},
): Promise<number> {
  const c = em.getConnection();
  const last = entries.at(-1)?.[1] ?? null;
  const [clock] = await c.execute<{ id: number }[]>(
    `insert into time_clock (employee_id, date, type, suggested, origin_suggested_id, message, new_notification, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, now(), now()) returning id`,
    [employeeId, date, last, options.suggested ?? false, options.originId ?? null, options.message ?? null, options.newNotification ?? null],
  );
  for (const [hhmm, type] of entries) {
    await c.execute("insert into time_log (time_clock_id, time, type, created_at) values (?, ?, ?, now())", [
      clock!.id,
      instantAt(date, hhmm, options.zone ?? "Europe/Paris"),
      type,
    ]);
  }
  return clock!.id;
}

/** The CurrentUser of an account, as requireUser would build it. */
export async function currentUser(em: EntityManager, userId: number): Promise<CurrentUser> {
  const user = await loadCurrentUser(em, userId);
  if (!user) throw new Error(`no user ${userId}`);
  return user;
}

/** An instant given as a local wall-clock time of a day (Europe/Paris unless told). */
export function at(date: string, hhmm: string, zone = "Europe/Paris"): Date {
  return instantAt(date, hhmm, zone);
}

/** An employee of `org` with the standard week (SEVEN_HOURS) and their CurrentUser, as the clock services take it. */
export async function createClockEmployee(em: EntityManager, org: Org, overrides: Parameters<typeof createEmployee>[2] = {}) {
  const e = await createEmployee(em, org, overrides);
  await setSchedule(em, e.employeeId);
  return { ...e, user: await currentUser(em, e.userId) };
}

/** The AppError a promise rejects with; any other error is rethrown, and no rejection at all fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

/**
 * The first Monday `days` or more after today in Paris ("YYYY-MM-DD"): a future working week for tests that go
 * through /api or the pages, which read the real clock (decision 0115; the calendar run moves that clock).
 */
export function mondayAfter(days: number, now = new Date()): string {
  let d = addDays(localDate(now, "Europe/Paris"), days);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 1) d = addDays(d, 1);
  return d;
}
