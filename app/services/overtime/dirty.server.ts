/**
 * Dirty marks of stored overtime weeks (DESIGN §8): every change that alters a past week's facts (a validated
 * correction, a leave accepted or removed, a deduction, an event day, a policy, holiday or contract change) marks
 * the week dirty in the same transaction; the nightly job recomputes dirty weeks. Each mark is one statement and
 * bumps the week's `dirty_version`, already dirty or not: a computation that read an older version keeps the mark
 * (decision 0053).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { mondayOf } from "~/domain/shared/iso-week";
import { addDays, calendarDay, isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";

/** Longest range one mark covers: a leave or a correction never spans more (guards a typo'd year). */
const MAX_MARK_DAYS = 3 * 366;

/**
 * Marks dirty the ISO weeks of an employee touching [from, to] (a leave accepted or removed, a correction, a
 * deduction, an event day): one statement, creating the week's row when it was never computed; weeks not begun
 * yet are skipped. Run it with the transaction's EntityManager so the mark commits with the change.
 *
 * @example await markWeeksDirty(tx, 7, "2026-03-02", "2026-03-13") // weeks 10 and 11 of 2026
 */
export async function markWeeksDirty(em: EntityManager, employeeId: number, from: CalendarDate, to: CalendarDate = from): Promise<void> {
  if (!isCalendarDate(from) || !isCalendarDate(to)) throw new RangeError(`Not a date range: ${from} – ${to}`);
  if (to < from) return;
  const last = calendarDay(to).diff(calendarDay(from), "days").days > MAX_MARK_DAYS ? addDays(from, MAX_MARK_DAYS) : to;
  await em.execute(
    `insert into overtime_week (employee_id, iso_year, iso_week, monday, bands, explanation, dirty, dirty_at, dirty_version)
     select ?, extract(isoyear from d)::int, extract(week from d)::int, d::date, '[]', '{}', true, clock_timestamp(), 1
       from generate_series(date_trunc('week', ?::timestamp), ?::timestamp, interval '1 week') d
      -- A week not begun yet has nothing to recompute (the current week is recomputed every night anyway).
      where d::date <= current_date
     on conflict (employee_id, iso_year, iso_week) do update set dirty = true, dirty_at = excluded.dirty_at, dirty_version = overtime_week.dirty_version + 1`,
    [employeeId, from, last],
  );
}

/** Marks dirty the ISO week of an employee holding `date`. */
export async function markWeekDirty(em: EntityManager, employeeId: number, date: CalendarDate): Promise<void> {
  await markWeeksDirty(em, employeeId, date, date);
}

/**
 * Marks dirty every stored week, from the week holding `from` on, of the employees of a country (a new policy row,
 * a holiday added or removed). Weeks never computed have no row and need no mark. One statement.
 */
export async function markCountryWeeksDirty(em: EntityManager, countryId: number, from: CalendarDate): Promise<void> {
  await em.execute(
    `update overtime_week w set dirty = true, dirty_at = clock_timestamp(), dirty_version = w.dirty_version + 1
       from employee e left join subsidiary s on s.id = e.subsidiary_id
      where w.employee_id = e.id and coalesce(e.country_id, s.country_id) = ? and w.monday >= ?`,
    [countryId, mondayOf(from)],
  );
}

/**
 * Marks dirty every stored week, from the week holding `from` on, of the employees of a subsidiary (one of its local
 * holidays added or removed, decision 0031). One statement.
 */
export async function markSubsidiaryWeeksDirty(em: EntityManager, subsidiaryId: number, from: CalendarDate): Promise<void> {
  await em.execute(
    `update overtime_week w set dirty = true, dirty_at = clock_timestamp(), dirty_version = w.dirty_version + 1
       from employee e
      where w.employee_id = e.id and e.subsidiary_id = ? and w.monday >= ?`,
    [subsidiaryId, mondayOf(from)],
  );
}

/** Marks dirty every stored week of an employee from the week holding `from` on (a contract or schedule change). */
export async function markEmployeeWeeksDirty(em: EntityManager, employeeId: number, from: CalendarDate): Promise<void> {
  await em.execute(`update overtime_week set dirty = true, dirty_at = clock_timestamp(), dirty_version = dirty_version + 1 where employee_id = ? and monday >= ?`, [
    employeeId,
    mondayOf(from),
  ]);
}
