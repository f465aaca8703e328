import type { EntityManager } from "@mikro-orm/postgresql";
import { clampRange, PERIOD_SPAN, type DateRange } from "~/domain/shared/date-range";
import { isCleanText } from "~/domain/shared/text";
import { groupByEmployeeThenWeek } from "~/domain/shared/iso-week";
import { calendarDay, toCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { AppError } from "~/services/shared/errors";
import { t } from "~/i18n/fr";
import { scopeSql, type BadgingScope } from "./badging-scope.server";
import { CLOCK_FROM, CLOCK_SELECT, clockToApi, toClockView, type ClockRow, type ClockView } from "./clock-rows.server";
/** The custom search of the badging views: clocks of a scope and period, grouped by employee and ISO week. */
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
