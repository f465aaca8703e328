/**
 * The planning's rules around the grids of planning.ts (spec 2 "Planning screens", §9 ranges; DESIGN §5, §9): which
 * event day may be set, the year selector and the planning period, the legend, and who sees whose planning. Pure: no
 * I/O, today is always a parameter.
 */
import { defaultPlanningRange, sixMonthPeriod, type DateRange, type RangeAnchor } from "~/domain/shared/date-range";
import { calendarDay, isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { PlanningLeave, PlanningKey, isWeekend, halfOf } from "./planning";

// ---------------------------------------------------------------------------------------------------------------
// Event days

export type EventDayRefusal = "invalid_date" | "weekend" | "holiday" | "duplicate" | "leave" | "out_of_range";

/** Event days are taken from 2020 (the year selectors' floor) to two years ahead. */
export const EVENT_DAY_FIRST = "2020-01-01";

/**
 * Why a closing or travel day may not be added on this date (DESIGN §9), or null when it may: not on a weekend,
 * not on a public holiday of the employee's country, not twice on one day, not on a day with an accepted full-day
 * leave; and within 2020 to two years ahead.
 *
 * @example eventDayRefusal("2026-03-07", ctx) // "weekend": a Saturday
 */
export function eventDayRefusal(
  date: string,
  ctx: {
    today: CalendarDate;
    holidays: ReadonlySet<CalendarDate>;
    eventDays: ReadonlySet<CalendarDate>;
    leaves: readonly Pick<PlanningLeave, "start" | "end" | "state" | "halfDayMorning" | "halfDayAfternoon">[];
  },
): EventDayRefusal | null {
  if (!isCalendarDate(date)) return "invalid_date";
  const latest = calendarDay(ctx.today).plus({ years: 2 }).toISODate();
  if (date < EVENT_DAY_FIRST || date > latest) return "out_of_range";
  if (isWeekend(date)) return "weekend";
  if (ctx.holidays.has(date)) return "holiday";
  if (ctx.eventDays.has(date)) return "duplicate";
  const fullDayLeave = ctx.leaves.some((l) => l.state === "accepted" && l.start <= date && l.end >= date && halfOf({ ...l }) === null);
  if (fullDayLeave) return "leave";
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Year selector and period

/** The planning's first year. */
export const PLANNING_FIRST_YEAR = 2020;

/**
 * The year selector: from the hire year (never before 2020) to next year, newest first. Next year is offered because
 * leaves are booked ahead: in November, the leaves of next January must be visible (issue 28 item 9).
 *
 * @example planningYears("2022-09-01", "2026-03-10") // [2027, 2026, 2025, 2024, 2023, 2022]
 */
export function planningYears(hiredAt: CalendarDate | null, today: CalendarDate): number[] {
  const thisYear = Number(today.slice(0, 4));
  const current = thisYear + 1;
  const hired = hiredAt ? Number(hiredAt.slice(0, 4)) : PLANNING_FIRST_YEAR;
  const first = Math.min(thisYear, Math.max(PLANNING_FIRST_YEAR, hired));
  const years: number[] = [];
  for (let y = current; y >= first; y--) years.push(y);
  return years;
}

/** The year shown: the asked one when the selector offers it, else the current year. */
export function planningYear(asked: string | null | undefined, years: readonly number[], today: CalendarDate): number {
  const n = Number(asked);
  return /^\d{4}$/.test(asked ?? "") && years.includes(n) ? n : Number(today.slice(0, 4));
}

/**
 * Employees per page of the agency, division and team planning (docs/decisions/0056): a few teams of 9–15 on one
 * screen, whatever the size of the agency; the page says which of how many it shows and `?page=` links lead to the
 * others. The page asked is read like the dashboards' (`dashboardPage`) and clamped to the last one by the service.
 */
export const PLANNING_PAGE_SIZE = 50;

/**
 * The period of the agency, division and team planning: the default (1 week ago to 3 months ahead) for a missing
 * end; at most 6 months, the end the user did not change moving (spec 2 §9). `anchor` says which end was changed
 * (the form's hidden field, "from" when unknown).
 *
 * @example planningRange("2026-01-10", "2026-09-01", "from", "2026-01-05") // { from: "2026-01-10", to: "2026-07-10", clamped: true }
 */
export function planningRange(
  from: CalendarDate | null,
  to: CalendarDate | null,
  anchor: RangeAnchor,
  today: CalendarDate,
): DateRange & { clamped: boolean; moved: RangeAnchor | null } {
  const fallback = defaultPlanningRange(today);
  const start = from ?? (to && to < fallback.from ? to : fallback.from);
  const end = to ?? (from && from > fallback.to ? from : fallback.to);
  // The six-month rule of every period filter (domain/shared/date-range.ts, decision 0087).
  const { moved, ...range } = sixMonthPeriod(start, end, anchor);
  return { ...range, clamped: moved !== null, moved };
}

/** The dashboard excerpt: the first day of this month to two months ahead (its last day). */
export function dashboardPlanningRange(today: CalendarDate): DateRange {
  const first = calendarDay(today).startOf("month");
  return { from: first.toISODate(), to: first.plus({ months: 3 }).minus({ days: 1 }).toISODate() };
}

/** The employee dashboard's personal planning: two months back from day 1 to three months ahead. */
export function dashboardPersonalRange(today: CalendarDate): DateRange {
  const first = calendarDay(today).startOf("month");
  return { from: first.minus({ months: 2 }).toISODate(), to: first.plus({ months: 4 }).minus({ days: 1 }).toISODate() };
}

// ---------------------------------------------------------------------------------------------------------------
// Legend

/** The full legend of the spec, in its order, with the "absent" key of hidden reasons. */
export const LEGEND_KEYS: readonly PlanningKey[] = [
  "paid_leave",
  "sick_leave",
  "rtt_leave",
  "recovery_leave",
  "moved",
  "other_leave",
  "holiday",
  "overtime",
  "closed",
  "no_paid_leave",
  "wedding_leave",
  "maternity_leave",
  "paternity_leave",
  "parent_education_leave",
  "death_leave",
  "portugal_leave",
  "mix",
  "absent",
];

/** One or two letters per key, printed in the badge so that a black-and-white print still tells them apart. */
export const LEGEND_LETTERS: Record<PlanningKey, string> = {
  paid_leave: "CP",
  sick_leave: "M",
  rtt_leave: "R",
  recovery_leave: "Rc",
  moved: "D",
  other_leave: "A",
  holiday: "F",
  overtime: "H",
  closed: "Fe",
  no_paid_leave: "SS",
  wedding_leave: "Ma",
  maternity_leave: "Mt",
  paternity_leave: "Pt",
  parent_education_leave: "PE",
  death_leave: "Dc",
  portugal_leave: "Pg",
  mix: "X",
  absent: "Ab",
};

// ---------------------------------------------------------------------------------------------------------------
// Who sees whose planning (DESIGN §5 scope; the SQL twin is PLANNING_SCOPE_SQL in services/planning/planning.server.ts)

export interface PlanningViewer {
  employeeId: number;
  profileType: string;
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
}

export interface PlanningOwner {
  employeeId: number;
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
}

/**
 * May the viewer read this employee's planning? Oneself always; head and financial management the whole company;
 * a department head and a commercial their division; a team leader their team; a host employee their subsidiary.
 *
 * @example seesPlanningOf({ profileType: "ROLE_HOST_EMPLOYEE", subsidiaryId: 1, ... }, { subsidiaryId: 1, ... }) // true
 */
export function seesPlanningOf(viewer: PlanningViewer, owner: PlanningOwner): boolean {
  if (viewer.employeeId === owner.employeeId) return true;
  switch (viewer.profileType) {
    case "ROLE_HEAD_MANAGEMENT":
    case "ROLE_FINANCIAL_MANAGEMENT":
      return true;
    case "ROLE_DEPARTMENT_HEAD":
    case "ROLE_COMMERCIAL":
      return viewer.divisionId !== null && owner.divisionId === viewer.divisionId;
    case "ROLE_TEAM_LEADER":
      return viewer.teamId !== null && owner.teamId === viewer.teamId;
    case "ROLE_HOST_EMPLOYEE":
      return viewer.subsidiaryId !== null && owner.subsidiaryId === viewer.subsidiaryId;
    default:
      return false;
  }
}
