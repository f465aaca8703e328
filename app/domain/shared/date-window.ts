/**
 * Plausible dates per kind of field (docs/decisions/0015): one bounded reader for every date a user types or an
 * /api client sends, so a birthday in year 5138, a hire date of 9999-12-31 or a suggestion on 0001-01-01 is a
 * French 422/400 instead of being stored (or overflowing into a 500).
 */
import { fromBodyDate } from "./api-dates";
import { parseYmd } from "./date-range";
import type { DateRange } from "./date-range";
import { calendarDay, isCalendarDate, toCalendarDate, type CalendarDate } from "./time-calendar-date";

/**
 * - birthday: in the past, 100 years at most;
 * - contract: hire and departure dates, 1950-01-01 to today + 2 years;
 * - near: clock days, leave dates and suggestions, today ± 2 years;
 * - holiday: public holidays of a country, 1950-01-01 to today + 10 years;
 * - search: the dates of a search or history (GET filters, /api paths), 1950-01-01 to today + 2 years.
 */
export type DateWindowKind = "birthday" | "contract" | "near" | "holiday" | "search";

export const DATE_WINDOW_KINDS: readonly DateWindowKind[] = ["birthday", "contract", "near", "holiday", "search"];

const EARLIEST = "1950-01-01";

/**
 * The first and last accepted day of a kind, both included.
 *
 * @example dateWindow("birthday", "2026-11-24") // { from: "1926-11-24", to: "2026-11-24" }
 * @example dateWindow("near", "2026-11-24")     // { from: "2024-11-24", to: "2028-11-24" }
 */
export function dateWindow(kind: DateWindowKind, today: CalendarDate): DateRange {
  const day = calendarDay(today);
  const years = (n: number) => toCalendarDate(day.plus({ years: n }));
  switch (kind) {
    case "birthday":
      return { from: years(-100), to: today };
    case "contract":
      return { from: EARLIEST, to: years(2) };
    case "near":
      return { from: years(-2), to: years(2) };
    case "holiday":
      return { from: EARLIEST, to: years(10) };
    case "search":
      return { from: EARLIEST, to: years(2) };
  }
}

/**
 * True when a real 'YYYY-MM-DD' day lies in the window of its kind.
 *
 * @example isInDateWindow("2026-12-01", "near", "2026-11-24") // true
 * @example isInDateWindow("0001-01-01", "near", "2026-11-24") // false
 */
export function isInDateWindow(date: CalendarDate, kind: DateWindowKind, today: CalendarDate): boolean {
  if (!isCalendarDate(date)) return false;
  const window = dateWindow(kind, today);
  return date >= window.from && date <= window.to;
}

export type BoundedDate =
  | { ok: true; date: CalendarDate }
  | { ok: false; code: "invalid" }
  | { ok: false; code: "out_of_range"; window: DateRange };

/**
 * Reads a date as forms and the /api send it ('YYYY-MM-DD', 'YYYYMMDD' or unix seconds, see fromBodyDate) and
 * checks its window. "invalid" when it is not a date at all (including 1e308 or 3e11 seconds, whose year has
 * more than four digits), "out_of_range" when it is a real day outside the window.
 *
 * @example readBoundedDate("1990-04-12", "birthday", "2026-11-24") // { ok: true, date: "1990-04-12" }
 * @example readBoundedDate("5138-01-01", "birthday", "2026-11-24") // { ok: false, code: "out_of_range", window }
 * @example readBoundedDate(1e308, "near", "2026-11-24")             // { ok: false, code: "invalid" }
 */
export function readBoundedDate(value: unknown, kind: DateWindowKind, today: CalendarDate): BoundedDate {
  const date = fromBodyDate(value);
  if (date === null) return { ok: false, code: "invalid" };
  const window = dateWindow(kind, today);
  if (date < window.from || date > window.to) return { ok: false, code: "out_of_range", window };
  return { ok: true, date };
}

/**
 * A date of a search or history (a GET filter 'YYYY-MM-DD' or an /api path 'YYYYMMDD') within the search window;
 * null otherwise, so the form drops it and the /api answers 400. Keeps every period the helpers of domain/shared/date-range.ts
 * compute (± 6 months) inside years 0001..9999.
 *
 * @example searchDate("20261124", "2026-11-24")   // "2026-11-24"
 * @example searchDate("9999-12-31", "2026-11-24") // null
 */
export function searchDate(value: string | null | undefined, today: CalendarDate): CalendarDate | null {
  if (!value || !/^(\d{8}|\d{4}-\d{2}-\d{2})$/.test(value)) return null;
  const date = parseYmd(value);
  return date !== null && isInDateWindow(date, "search", today) ? date : null;
}
