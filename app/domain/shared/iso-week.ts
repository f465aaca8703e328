/**
 * ISO weeks (Monday first) for grouping time clocks and for week headers (spec 2 §3 "Week search result").
 * Dates are 'YYYY-MM-DD' calendar days.
 */
import { addDays, calendarDay, epochDay, isoWeekOfEpochDay, weekdayOfEpochDay, type CalendarDate } from "./time-calendar-date";

/**
 * An ISO week. `year` is the ISO week-numbering year, which differs from the calendar year around
 * New Year (31 December 2024 is in week 1 of 2025), so year + week is a safe grouping key.
 */
export interface IsoWeekKey {
  year: number;
  week: number;
}

/** An ISO week with its Monday, for headers and links. */
export interface IsoWeek extends IsoWeekKey {
  monday: CalendarDate;
}

/** Items of one ISO week, in date order. */
export interface IsoWeekGroup<T> extends IsoWeek {
  items: T[];
}

/** One employee's items, by ISO week (spec 2 §3: employeeFullname and weeks). */
export interface EmployeeWeekGroup<T> {
  employeeId: number | string;
  employeeFullname: string;
  weeks: IsoWeekGroup<T>[];
}

/**
 * ISO week-year and week number of a date.
 *
 * @example isoWeekKey("2024-12-31") // { year: 2025, week: 1 }
 * @example isoWeekKey("2027-01-01") // { year: 2026, week: 53 }
 */
export function isoWeekKey(date: CalendarDate): IsoWeekKey {
  // Integer day numbers (decision 0058): no luxon object per call.
  return isoWeekOfEpochDay(epochDay(date));
}

/**
 * Monday of the date's ISO week.
 *
 * @example mondayOf("2026-03-29") // "2026-03-23" (a Sunday belongs to the week that began on Monday)
 */
export function mondayOf(date: CalendarDate): CalendarDate {
  // Integer day numbers (decision 0058); addDays takes luxon's path before the year 1000.
  return addDays(date, 1 - weekdayOfEpochDay(epochDay(date)));
}

/**
 * Monday to Friday of the date's week: the tracked working week (spec 1 §9), e.g. the overtime grid's row.
 *
 * @example workingDaysOfWeek("2026-03-25") // ["2026-03-23", ..., "2026-03-27"]
 */
export function workingDaysOfWeek(date: CalendarDate): CalendarDate[] {
  const monday = mondayOf(date);
  return [0, 1, 2, 3, 4].map((offset) => addDays(monday, offset));
}

/**
 * Days of the current week shown in the own badging "week overview": Monday up to yesterday (today has its
 * own card), so nothing on a Monday. The dashboard's "overtime of the week" runs Monday to today: pass
 * `includeToday`. Weekend days are kept: a Saturday badge is still a badge the employee should see.
 *
 * @example daysOfWeekUntil("2026-03-25")                         // ["2026-03-23", "2026-03-24"]
 * @example daysOfWeekUntil("2026-03-23")                         // []
 * @example daysOfWeekUntil("2026-03-23", { includeToday: true }) // ["2026-03-23"]
 */
export function daysOfWeekUntil(today: CalendarDate, options: { includeToday?: boolean } = {}): CalendarDate[] {
  const monday = mondayOf(today);
  const days: CalendarDate[] = [];
  for (let day = monday; day < today; day = addDays(day, 1)) days.push(day);
  if (options.includeToday) days.push(today);
  return days;
}

/**
 * Every ISO week touching the range, in order: the columns of the overtime and planning calendars.
 * Empty when `to` is before `from`.
 *
 * @example isoWeeksInRange("2026-03-25", "2026-04-01")
 *          // [{ year: 2026, week: 13, monday: "2026-03-23" }, { year: 2026, week: 14, monday: "2026-03-30" }]
 */
export function isoWeeksInRange(from: CalendarDate, to: CalendarDate): IsoWeek[] {
  calendarDay(to); // validates `to`, which the loop below only compares as text
  const weeks: IsoWeek[] = [];
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) {
    weeks.push({ ...isoWeekKey(monday), monday });
  }
  return weeks;
}

/**
 * Groups items by ISO week, weeks in chronological order and items by date inside a week (ties keep their
 * input order). 'YYYY-MM-DD' strings sort chronologically, which is what makes the plain comparison right.
 *
 * @example groupByIsoWeek(clocks, (clock) => clock.date)
 *          // [{ year: 2026, week: 13, monday: "2026-03-23", items: [...] }, ...]
 */
export function groupByIsoWeek<T>(items: readonly T[], getDate: (item: T) => CalendarDate): IsoWeekGroup<T>[] {
  const dated = items.map((item) => ({ item, date: getDate(item) }));
  dated.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const groups = new Map<CalendarDate, IsoWeekGroup<T>>();
  for (const { item, date } of dated) {
    const monday = mondayOf(date);
    let group = groups.get(monday);
    if (!group) {
      group = { ...isoWeekKey(monday), monday, items: [] };
      groups.set(monday, group);
    }
    group.items.push(item);
  }
  // Items were sorted first, so the map's insertion order is already chronological.
  return [...groups.values()];
}

/**
 * Groups items by employee, then ISO week (the team, division and agency searches). Employees keep the
 * order in which they first appear: the query already sorts them by last name then first name (spec 1),
 * which a sort on the display name here would undo.
 *
 * @example groupByEmployeeThenWeek(clocks, (c) => ({ id: c.employeeId, fullname: c.employeeFullname }), (c) => c.date)
 *          // [{ employeeId: 7, employeeFullname: "Alice MARTIN", weeks: [...] }, ...]
 */
export function groupByEmployeeThenWeek<T>(
  items: readonly T[],
  getEmployee: (item: T) => { id: number | string; fullname: string },
  getDate: (item: T) => CalendarDate,
): EmployeeWeekGroup<T>[] {
  const byEmployee = new Map<number | string, { fullname: string; items: T[] }>();
  for (const item of items) {
    const { id, fullname } = getEmployee(item);
    let entry = byEmployee.get(id);
    if (!entry) {
      entry = { fullname, items: [] };
      byEmployee.set(id, entry);
    }
    entry.items.push(item);
  }
  return [...byEmployee].map(([employeeId, { fullname, items: own }]) => ({
    employeeId,
    employeeFullname: fullname,
    weeks: groupByIsoWeek(own, getDate),
  }));
}
