/**
 * The planning rules (spec 2 "Planning screens", §3 planning event, §4 planning week entry, §9 ranges; DESIGN §9):
 * the yearly grid, the events of a day and the week cells of the planning tables; the event-day rules, the year
 * selector and the planning period are rules.ts. Pure: no I/O, today is always a parameter.
 */
import { type DateRange } from "~/domain/shared/date-range";
import { isoWeekKey, isoWeeksInRange, mondayOf } from "~/domain/shared/iso-week";
import { LEAVE_REASONS } from "~/domain/leave/days";
import { planningReasonKey, planningWeekStatus, type PlanningReasonKey, type PlanningWeekState } from "./week";
import { addDays, calendarDay, isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";

// ---------------------------------------------------------------------------------------------------------------
// Facts

/** A closing day ("closed": the company is closed, expected 0) or a travel day ("moved": counts as worked). */
export const EVENT_DAY_TYPES = ["closed", "moved"] as const;
export type EventDayType = (typeof EVENT_DAY_TYPES)[number];

export function isEventDayType(value: unknown): value is EventDayType {
  return typeof value === "string" && (EVENT_DAY_TYPES as readonly string[]).includes(value);
}

/**
 * A leave as a planning shows it, the privacy rule already applied: `reason: null` is "Absent" (a private reason
 * the viewer may not read). Refused and removed leaves never reach a planning.
 */
export interface PlanningLeave {
  id: number;
  start: CalendarDate;
  end: CalendarDate;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
  state: string;
  reason: string | null;
  /** Hours of a recovery leave (the badge's prefix); null when hidden or not a recovery leave. */
  nbHourAbsence: number | null;
}

export interface PlanningFacts {
  holidays: readonly { date: CalendarDate; name: string }[];
  leaves: readonly PlanningLeave[];
  /** Daily overtime of the nightly job (seconds; only days with some overtime are shown). */
  overtimes: readonly { date: CalendarDate; seconds: number }[];
  eventDays: readonly { id: number; date: CalendarDate; type: EventDayType }[];
}

/** The planning's filter buttons: all, leaves and absences (with holidays and event days), overtime. */
export const PLANNING_FILTERS = ["all", "leaves", "overtime"] as const;
export type PlanningFilter = (typeof PLANNING_FILTERS)[number];

export function toPlanningFilter(value: string | null | undefined): PlanningFilter {
  return (PLANNING_FILTERS as readonly string[]).includes(value ?? "") ? (value as PlanningFilter) : "all";
}

// ---------------------------------------------------------------------------------------------------------------
// Events of a day

export type PlanningEventType = "holiday" | "overtime" | "leave" | "leaveWeek" | "eventday-moved" | "eventday-closed";

/** The legend keys: the twelve reason keys, "absent" (a hidden reason), and the other badges. */
export type PlanningKey = PlanningReasonKey | "absent" | "mix" | "holiday" | "overtime" | "closed" | "moved";

/** A badge of the planning (spec 2 §3 planning event). */
export interface PlanningEvent {
  /** Stable within a planning: "leave-12", "holiday-2026-05-01", "eventday-3", "overtime-2026-03-02". */
  id: string;
  type: PlanningEventType;
  /** The legend key (its colour, letter and label). */
  name: PlanningKey;
  state: PlanningWeekState;
  /** Leave: its hours when it counts hours (recovery); overtime: its seconds. Shown before the name. */
  namePrefix: number | null;
  /** Half-day leave: which half. */
  nameSuffix: "morning" | "afternoon" | null;
  /** The holiday's name. */
  label: string | null;
  /** The leave's or event day's own id (links and the remove button). */
  refId: number | null;
}

export function isWeekend(date: CalendarDate): boolean {
  return calendarDay(date).weekday >= 6;
}

/** The legend key of a leave reason as the viewer may see it. */
export function leaveKey(reason: string | null): PlanningKey {
  if (reason === null || !(LEAVE_REASONS as readonly string[]).includes(reason)) return "absent";
  return planningReasonKey(reason as (typeof LEAVE_REASONS)[number]);
}

/** True for a leave on the planning: refused, rejected and removed leaves are left out. */
export function isShownLeave(state: string): boolean {
  return state !== "refused" && state !== "rejected" && state !== "removed";
}

export function halfOf(leave: Pick<PlanningLeave, "start" | "end" | "halfDayMorning" | "halfDayAfternoon">): "morning" | "afternoon" | null {
  // A half day exists on a one-day leave only (domain/leave/days.ts); both marks mean the whole day.
  if (leave.start !== leave.end || leave.halfDayMorning === leave.halfDayAfternoon) return null;
  return leave.halfDayMorning ? "morning" : "afternoon";
}

/**
 * The badges of one day of a personal planning, in a fixed order (holiday, leaves, event days, overtime). A weekend
 * has none (spec: weekends greyed without badges). The filter keeps the leaves-and-absences badges (holiday, leave,
 * event day) or the overtime ones.
 *
 * @example dayEvents("2026-05-01", { holidays: [{ date: "2026-05-01", name: "Fête du travail" }], leaves: [], overtimes: [], eventDays: [] })
 *   // [{ id: "holiday-2026-05-01", type: "holiday", name: "holiday", label: "Fête du travail", ... }]
 */
export function dayEvents(date: CalendarDate, facts: PlanningFacts, filter: PlanningFilter = "all"): PlanningEvent[] {
  if (isWeekend(date)) return [];
  const events: PlanningEvent[] = [];
  const base = { state: "accepted" as const, namePrefix: null, nameSuffix: null, label: null, refId: null };
  if (filter !== "overtime") {
    for (const h of facts.holidays) {
      if (h.date === date) events.push({ ...base, id: `holiday-${date}`, type: "holiday", name: "holiday", label: h.name });
    }
    for (const l of facts.leaves) {
      if (l.start > date || l.end < date || !isShownLeave(l.state)) continue;
      events.push({
        ...base,
        id: `leave-${l.id}`,
        type: "leave",
        name: leaveKey(l.reason),
        state: l.state === "accepted" ? "accepted" : "need_review",
        namePrefix: l.nbHourAbsence !== null && l.nbHourAbsence > 0 ? l.nbHourAbsence : null,
        nameSuffix: halfOf(l),
        refId: l.id,
      });
    }
    for (const d of facts.eventDays) {
      if (d.date === date) events.push({ ...base, id: `eventday-${d.id}`, type: d.type === "closed" ? "eventday-closed" : "eventday-moved", name: d.type, refId: d.id });
    }
  }
  if (filter !== "leaves") {
    for (const o of facts.overtimes) {
      if (o.date === date && o.seconds > 0) events.push({ ...base, id: `overtime-${date}`, type: "overtime", name: "overtime", namePrefix: o.seconds });
    }
  }
  return events;
}

// ---------------------------------------------------------------------------------------------------------------
// The yearly grid

export interface YearCell {
  /** Null for a date that does not exist (31 February, 31 April...). */
  date: CalendarDate | null;
  weekend: boolean;
  events: PlanningEvent[];
}

/**
 * The yearly calendar: 31 day rows × 12 month columns; nonexistent dates blank; weekends greyed without badges.
 *
 * @example yearGrid(2026, facts)[30][1] // { date: null, weekend: false, events: [] }: 31 February
 */
export function yearGrid(year: number, facts: PlanningFacts, filter: PlanningFilter = "all"): YearCell[][] {
  const rows: YearCell[][] = [];
  for (let day = 1; day <= 31; day++) {
    const row: YearCell[] = [];
    for (let month = 1; month <= 12; month++) {
      const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
      if (!isCalendarDate(date)) row.push({ date: null, weekend: false, events: [] });
      else row.push({ date, weekend: isWeekend(date), events: dayEvents(date, facts, filter) });
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The personal planning of the dashboards: 31 day rows × the months of a period (spec 2 dashboards §5).
 * Dates outside the period are blank like nonexistent ones.
 */
export function monthGrid(range: DateRange, facts: PlanningFacts, filter: PlanningFilter = "all"): { months: string[]; rows: YearCell[][] } {
  const months: string[] = [];
  const last = range.to.slice(0, 7);
  for (let m = calendarDay(`${range.from.slice(0, 7)}-01`); m.toISODate().slice(0, 7) <= last; m = m.plus({ months: 1 })) {
    months.push(m.toISODate().slice(0, 7));
  }
  const rows: YearCell[][] = [];
  for (let day = 1; day <= 31; day++) {
    rows.push(
      months.map((month) => {
        const date = `${month}-${String(day).padStart(2, "0")}`;
        if (!isCalendarDate(date) || date < range.from || date > range.to) return { date: null, weekend: false, events: [] };
        return { date, weekend: isWeekend(date), events: dayEvents(date, facts, filter) };
      }),
    );
  }
  return { months, rows };
}

// ---------------------------------------------------------------------------------------------------------------
// Week cells of the planning tables

/** A week cell of a planning table: the week's badge (domain/planning/week.ts), split when it is one half day. */
export interface PlanningWeekCell {
  monday: CalendarDate;
  state: PlanningWeekState;
  /** The legend key: a reason, "absent" or "mix". */
  name: PlanningKey;
  /** The week holds only half days of one half: the split cell shows which. */
  half: "morning" | "afternoon" | null;
  /** Working days of the week the leaves cover (half days count 0.5), for the cell's title. */
  days: number;
}

/**
 * The badge of one week from the leaves that touch it (the week entry rule: need_review if any is not accepted,
 * several reasons -> "mix"); a hidden reason counts as its own reason "absent". Null when the week has none.
 */
export function weekCell(monday: CalendarDate, leaves: readonly PlanningLeave[]): PlanningWeekCell | null {
  const sunday = addDays(monday, 6);
  const friday = addDays(monday, 4);
  const inWeek = leaves.filter((l) => l.start <= sunday && l.end >= monday && isShownLeave(l.state));
  // planningWeekStatus works on reasons: an "Absent" leave takes a placeholder so it still counts as one reason.
  const status = planningWeekStatus(inWeek.map((l) => ({ state: l.state, reason: (l.reason ?? "ABSENT") as never })));
  if (!status) return null;
  const keys = new Set(inWeek.map((l) => leaveKey(l.reason)));
  const halves = new Set(inWeek.map(halfOf));
  let days = 0;
  for (const l of inWeek) {
    for (let d = l.start < monday ? monday : l.start; d <= (l.end > friday ? friday : l.end); d = addDays(d, 1)) {
      days += halfOf(l) ? 0.5 : 1;
    }
  }
  return {
    monday,
    state: status.state,
    name: keys.size > 1 ? "mix" : [...keys][0]!,
    half: halves.size === 1 ? ([...halves][0] ?? null) : null,
    days,
  };
}

export interface PlanningWeekHeader {
  monday: CalendarDate;
  year: number;
  week: number;
}

export interface PlanningMonthHeader {
  /** 'YYYY-MM'. */
  month: string;
  /** How many week columns the month spans. */
  span: number;
}

/**
 * The columns of a planning table: the ISO weeks of the period, and the months over them (a week belongs to the
 * month of its Thursday, as ISO weeks belong to the year of theirs).
 *
 * @example planningColumns({ from: "2026-03-25", to: "2026-04-08" }).months
 *   // [{ month: "2026-03", span: 1 }, { month: "2026-04", span: 2 }]
 */
export function planningColumns(range: DateRange): { weeks: PlanningWeekHeader[]; months: PlanningMonthHeader[] } {
  const weeks = isoWeeksInRange(range.from, range.to).map((w) => ({ monday: w.monday, year: w.year, week: w.week }));
  const months: PlanningMonthHeader[] = [];
  for (const w of weeks) {
    const month = addDays(w.monday, 3).slice(0, 7);
    const lastMonth = months[months.length - 1];
    if (lastMonth && lastMonth.month === month) lastMonth.span++;
    else months.push({ month, span: 1 });
  }
  return { weeks, months };
}

/** The week cells of one employee over the columns: one entry per week, null where there is no leave. */
export function weekCells(weeks: readonly PlanningWeekHeader[], leaves: readonly PlanningLeave[]): (PlanningWeekCell | null)[] {
  if (leaves.length === 0) return weeks.map(() => null);
  return weeks.map((w) => weekCell(w.monday, leaves));
}

export { isoWeekKey, mondayOf };
