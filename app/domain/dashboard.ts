import type { DateRange } from "./date-range";
import { isoWeeksInRange, type IsoWeek } from "./iso-week";
import { isLeaveReason } from "./leave-days";
import { leaveTouchesWeek, planningReasonKey, planningWeekStatus, type PlanningReasonKey, type PlanningWeekStatus } from "./planning-week";
import { addDays, calendarDay, toCalendarDate, type CalendarDate } from "./time-calendar-date";

/**
 * The home dashboards (spec 2 "Dashboards", DESIGN §9, docs/decisions/0051): which variant for which role, the
 * ranges they show, the order of the agency tabs, and the pure shaping of their blocks. No I/O: the service
 * (app/services/dashboard.server.ts) reads the rows, these functions decide what they mean.
 */

/**
 * agency: head and financial management (one tab per subsidiary); division: department head; team: team leader;
 * pending: commercial — and a bare ROLE_USER — (their own pending requests only); employee: employee and host
 * employee (pending requests, own overtime, personal planning).
 */
export type DashboardVariant = "agency" | "division" | "team" | "pending" | "employee";

/**
 * @example dashboardVariant("ROLE_FINANCIAL_MANAGEMENT") // "agency"
 * @example dashboardVariant("ROLE_HOST_EMPLOYEE")        // "employee"
 */
export function dashboardVariant(profileType: string): DashboardVariant {
  switch (profileType) {
    case "ROLE_HEAD_MANAGEMENT":
    case "ROLE_FINANCIAL_MANAGEMENT":
      return "agency";
    case "ROLE_DEPARTMENT_HEAD":
      return "division";
    case "ROLE_TEAM_LEADER":
      return "team";
    case "ROLE_EMPLOYEE":
    case "ROLE_HOST_EMPLOYEE":
      return "employee";
    default:
      return "pending";
  }
}

/** Spec 2 §9: pending lists on dashboards show 5 rows. */
export const DASHBOARD_PENDING_ROWS = 5;

/**
 * The employees a manager block lists at most (planning excerpt, badgings, overtime of the week): a dashboard must
 * answer in 100 ms whatever the size of the agency (DESIGN §6); beyond this the block says how many more there are
 * and its "view entire" link leads to the full page (docs/decisions/0051).
 */
export const DASHBOARD_EMPLOYEE_LIMIT = 100;

function firstOfMonth(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 7)}-01`;
}

/**
 * The planning excerpt of the manager variants (spec 2 §9): the first day of the current month to two months
 * ahead, as whole months (to the last day of the month two months ahead, as the planning pages count it).
 *
 * @example excerptRange("2026-11-24") // { from: "2026-11-01", to: "2027-01-31" }
 */
export function excerptRange(today: CalendarDate): DateRange {
  const first = calendarDay(firstOfMonth(today));
  return { from: toCalendarDate(first), to: toCalendarDate(first.plus({ months: 3 }).minus({ days: 1 })) };
}

/** A month column of the personal planning. */
export interface MonthKey {
  year: number;
  /** 1..12 */
  month: number;
}

/**
 * The personal planning of the employee variant (spec 2 §9): day 1 two months back to three months ahead, as whole
 * month columns (the grid has one column per month, so the last month is shown to its end).
 *
 * @example personalPlanningRange("2026-11-24")
 *   // { from: "2026-09-01", to: "2027-02-28", months: [2026-9, 2026-10, 2026-11, 2026-12, 2027-1, 2027-2] }
 */
export function personalPlanningRange(today: CalendarDate): DateRange & { months: MonthKey[] } {
  const first = calendarDay(firstOfMonth(today)).minus({ months: 2 });
  const months: MonthKey[] = [];
  for (let i = 0; i < 6; i++) {
    const m = first.plus({ months: i });
    months.push({ year: m.year, month: m.month });
  }
  const last = first.plus({ months: 6 }).minus({ days: 1 });
  return { from: toCalendarDate(first), to: toCalendarDate(last), months };
}

/** Weeks of the excerpt under their month: a week belongs to the month of its Monday (the first week to `from`'s). */
export interface MonthOfWeeks extends MonthKey {
  weeks: IsoWeek[];
}

/**
 * The excerpt's column headers: its ISO weeks grouped by month and year.
 *
 * @example weeksByMonth({ from: "2026-11-01", to: "2026-12-10" })
 *   // [{ year: 2026, month: 11, weeks: [w44 (Mon 26/10), w45 ... w49 (Mon 30/11)] }, { year: 2026, month: 12, weeks: [w50] }]
 */
export function weeksByMonth(range: DateRange): MonthOfWeeks[] {
  const out: MonthOfWeeks[] = [];
  for (const week of isoWeeksInRange(range.from, range.to)) {
    const anchor = week.monday < range.from ? range.from : week.monday;
    const year = Number(anchor.slice(0, 4));
    const month = Number(anchor.slice(5, 7));
    const last = out[out.length - 1];
    if (last && last.year === year && last.month === month) last.weeks.push(week);
    else out.push({ year, month, weeks: [week] });
  }
  return out;
}

/** A leave as the dashboard cells need it. */
export interface DashboardLeave {
  start: CalendarDate;
  end: CalendarDate;
  state: string;
  reason: string;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
}

/** A week cell: the planning badge (planning-week.ts), with "absent" when the reason is hidden from the viewer. */
export type ExcerptCell = (Omit<PlanningWeekStatus, "reason"> & { reason: PlanningReasonKey | "mix" | "absent" }) | null;

/**
 * One employee's row of the excerpt: one cell per week, from the leaves touching it (refused and removed ones are
 * not on a planning). A reason the viewer may not read arrives as "" and shows as "absent".
 */
export function excerptCells(weeks: readonly IsoWeek[], leaves: readonly DashboardLeave[]): ExcerptCell[] {
  return weeks.map((week) => {
    const touching = leaves.filter((l) => leaveTouchesWeek(l, week.monday));
    const hidden = touching.some((l) => !isLeaveReason(l.reason));
    const status = planningWeekStatus(
      touching.map((l) => ({ state: l.state, reason: isLeaveReason(l.reason) ? l.reason : "OTHER_LEAVE" })),
    );
    if (!status) return null;
    return hidden && status.reason !== "mix" ? { ...status, reason: "absent" } : status;
  });
}

/** The kind of one day of the personal planning. */
export type PersonalCell =
  | { kind: "none" }
  | { kind: "weekend" | "holiday" | "closed" | "moved" | "workday"; date: CalendarDate }
  | {
      kind: "leave";
      date: CalendarDate;
      reason: PlanningReasonKey;
      state: "need_review" | "accepted";
      half: "morning" | "afternoon" | null;
    };

export interface PersonalFacts {
  leaves: readonly DashboardLeave[];
  holidays: ReadonlySet<CalendarDate>;
  /** closed (closing day) or moved (travel day), DESIGN §9. */
  events: ReadonlyMap<CalendarDate, string>;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The personal planning grid: 31 day rows × the month columns. A day that does not exist (31 April) is "none";
 * weekends and public holidays are styled as such (a leave over them does not count them); then a leave (refused
 * and removed ones excluded; need_review while in flight; a one-day leave with a half-day mark keeps it); then a
 * closing or travel day; else a working day.
 *
 * @example personalPlanningGrid([{ year: 2026, month: 2 }], facts)[30][0] // { kind: "none" }: no 31 February
 */
export function personalPlanningGrid(months: readonly MonthKey[], facts: PersonalFacts): PersonalCell[][] {
  const shown = facts.leaves.filter((l) => l.state !== "refused" && l.state !== "rejected" && l.state !== "removed");
  const rows: PersonalCell[][] = [];
  for (let day = 1; day <= 31; day++) {
    rows.push(
      months.map((m): PersonalCell => {
        if (day > daysInMonth(m.year, m.month)) return { kind: "none" };
        const date = `${m.year}-${String(m.month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        const weekday = calendarDay(date).weekday;
        if (weekday >= 6) return { kind: "weekend", date };
        if (facts.holidays.has(date)) return { kind: "holiday", date };
        const leave = shown.find((l) => l.start <= date && l.end >= date);
        if (leave) {
          const oneDay = leave.start === leave.end;
          return {
            kind: "leave",
            date,
            reason: isLeaveReason(leave.reason) ? planningReasonKey(leave.reason) : "other_leave",
            state: leave.state === "accepted" ? "accepted" : "need_review",
            half: oneDay && leave.halfDayMorning ? "morning" : oneDay && leave.halfDayAfternoon ? "afternoon" : null,
          };
        }
        const event = facts.events.get(date);
        if (event === "closed" || event === "moved") return { kind: event, date };
        return { kind: "workday", date };
      }),
    );
  }
  return rows;
}

/**
 * The agency tabs: every subsidiary, the viewer's own first (DESIGN §9: "3 Print" in the demo), then by name.
 */
export function orderSubsidiaryTabs<T extends { id: number; name: string }>(subsidiaries: readonly T[], ownId: number | null): T[] {
  const byName = [...subsidiaries].sort((a, b) => a.name.localeCompare(b.name, "fr"));
  const own = byName.find((s) => s.id === ownId);
  return own ? [own, ...byName.filter((s) => s !== own)] : byName;
}

/**
 * The tab shown: the `?tab=` id when it is one of the tabs, else the first (the viewer's own).
 *
 * @example selectedTab([{ id: 3 }, { id: 7 }], "7")   // 7
 * @example selectedTab([{ id: 3 }, { id: 7 }], "abc") // 3
 */
export function selectedTab(tabs: readonly { id: number }[], requested: string | null | undefined): number | null {
  const asked = requested && /^\d{1,9}$/.test(requested) ? Number(requested) : null;
  return tabs.find((tab) => tab.id === asked)?.id ?? tabs[0]?.id ?? null;
}

export type OvertimeTone = "none" | "under" | "over";

/**
 * Overtime of the week as the block shows it: rounded whole hours, coloured by their sign (spec 2 §9: no
 * overtime, undertime, overtime).
 *
 * @example weekOvertime(9_000)  // { hours: 3, tone: "over" }   (2 h 30 rounds to 3)
 * @example weekOvertime(-1_700) // { hours: 0, tone: "none" }   (28 minutes round to 0)
 */
export function weekOvertime(seconds: number): { hours: number; tone: OvertimeTone } {
  // Half hours round away from zero on both sides (Math.round would take -1.5 to -1).
  const hours = Math.sign(seconds) * Math.round(Math.abs(seconds) / 3600) || 0;
  return { hours, tone: hours > 0 ? "over" : hours < 0 ? "under" : "none" };
}

/**
 * An employee's acronym: the stored one, else the first letter of the first name and the first two of the last
 * name, in capitals (the demo's rule).
 *
 * @example employeeAcronym(null, "jean", "dupont") // "JDU"
 */
export function employeeAcronym(stored: string | null | undefined, firstname: string, lastname: string): string {
  if (stored?.trim()) return stored.trim().toUpperCase();
  const letters = (s: string) => s.normalize("NFD").replace(/[^\p{L}]/gu, "");
  return (letters(firstname).slice(0, 1) + letters(lastname).slice(0, 2)).toUpperCase() || "?";
}

/**
 * A team's acronym: the initials of its words (up to three), or its first three letters when it is one word.
 *
 * @example teamAcronym("Grand format") // "GF"
 * @example teamAcronym("Offset")       // "OFF"
 */
export function teamAcronym(name: string): string {
  const words = name.normalize("NFD").replace(/[^\p{L}\p{N}\s]/gu, " ").split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) return words[0]!.slice(0, 3).toUpperCase();
  return words
    .slice(0, 3)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
}

/** The days of the employee variant's own overtime: Monday of this week to today. */
export function mondayToToday(today: CalendarDate): CalendarDate[] {
  const weekday = calendarDay(today).weekday;
  const days: CalendarDate[] = [];
  for (let d = addDays(today, 1 - weekday); d <= today; d = addDays(d, 1)) days.push(d);
  return days;
}

/** What awaits a manager ("to do", beyond the spec, docs/decisions/0051). */
export interface ToDoCounts {
  /** Leaves at the viewer's step (the menu counter). */
  leaves: number;
  /** Suggested clock corrections (management only; null = not theirs to validate). */
  corrections: number | null;
  /** Yesterday's days left without END in the viewer's scope. */
  anomalies: number;
  /** People of the scope past 80 % of the annual overtime quota. */
  overQuota: number;
}

export type ToDoKind = "leaves" | "corrections" | "anomalies" | "overQuota";

/** The "to do" lines, only those with something waiting, in a fixed order. */
export function toDoItems(counts: ToDoCounts): { kind: ToDoKind; count: number }[] {
  const items: { kind: ToDoKind; count: number }[] = [
    { kind: "leaves", count: counts.leaves },
    { kind: "corrections", count: counts.corrections ?? 0 },
    { kind: "anomalies", count: counts.anomalies },
    { kind: "overQuota", count: counts.overQuota },
  ];
  return items.filter((i) => i.count > 0);
}
