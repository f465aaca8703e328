import type { EntityManager } from "@mikro-orm/postgresql";
import { expectedSeconds, type WeekSchedule, type WeekType } from "~/domain/planning/expected-time";
import { type CalendarDate } from "~/domain/shared/time-calendar-date";
import { holidaysOver } from "~/services/organisation/holidays.server";
/**
 * Expected-time facts of employees (schedules, holidays, accepted leaves) and the SQL list helper, shared by the
 * clock, the badging views, the suggestions and the notifications job.
 */
/**
 * An integer list as one SQL parameter: knex expands a JS array into "?, ?, ?", so lists travel as a Postgres
 * array literal and are cast in SQL (`= any(?::int[])`).
 */
export function intArray(values: readonly number[]): string {
  return `{${values.map((v) => Math.trunc(Number(v))).join(",")}}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Facts for expected time (shared with the suggestions service and the notifications job)

export interface LeaveFact {
  start: CalendarDate;
  end: CalendarDate;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
}

export interface ExpectedFacts {
  weekType: WeekType;
  weeks: WeekSchedule[];
  holidays: Set<CalendarDate>;
  leaves: LeaveFact[];
}

/** The accepted leave covering a date, if any. */
export function leaveOn(facts: ExpectedFacts | undefined, date: CalendarDate): LeaveFact | null {
  return facts?.leaves.find((l) => l.start <= date && l.end >= date) ?? null;
}

/** A half-day leave is one whose single day carries a morning or afternoon mark. */
export function isHalfDay(leave: LeaveFact): boolean {
  return leave.start === leave.end && (leave.halfDayMorning || leave.halfDayAfternoon);
}

/** Expected seconds of a date for one employee's facts (schedule, holidays, accepted leave). */
export function expectedFor(facts: ExpectedFacts | undefined, date: CalendarDate): number {
  if (!facts) return 0;
  const leave = leaveOn(facts, date);
  return expectedSeconds({
    date,
    weekType: facts.weekType,
    weeks: facts.weeks,
    holidays: facts.holidays,
    leave: leave ? { halfDay: isHalfDay(leave) } : null,
  });
}

/**
 * Schedules, holidays (country and subsidiary, holidays.server.ts) and accepted leaves of many employees over a period: three queries whatever the
 * number of employees.
 */
export async function loadExpectedFacts(
  em: EntityManager,
  employeeIds: readonly number[],
  from: CalendarDate,
  to: CalendarDate,
): Promise<Map<number, ExpectedFacts>> {
  const out = new Map<number, ExpectedFacts>();
  if (employeeIds.length === 0) return out;
  const ids = [...new Set(employeeIds)];
  const [employees, schedules, holidays, leaves] = await Promise.all([
    em.execute<{ id: number; week_type: string }[]>(`select id, week_type from employee where id = any(?::int[])`, [intArray(ids)]),
    em.execute<{ employee_id: number; week_number: number; days: WeekSchedule }[]>(
      `select employee_id, week_number, days from week_schedule where employee_id = any(?::int[]) order by week_number`,
      [intArray(ids)],
    ),
    holidaysOver(em, { employeeIds: ids }, from, to),
    em.execute<{ employee_id: number; start: string; end: string; half_day_morning: boolean; half_day_afternoon: boolean }[]>(
      `select employee_id, start::text as start, "end"::text as "end", half_day_morning, half_day_afternoon
         from leave where state = 'accepted' and employee_id = any(?::int[]) and start <= ? and "end" >= ?`,
      [intArray(ids), to, from],
    ),
  ]);
  for (const e of employees) {
    out.set(e.id, {
      weekType: e.week_type === "week_one_two" ? "week_one_two" : "unique_week",
      weeks: [],
      holidays: new Set(),
      leaves: [],
    });
  }
  for (const s of schedules) out.get(s.employee_id)?.weeks.push(s.days);
  for (const [id, days] of holidays) for (const date of days.keys()) out.get(id)?.holidays.add(date);
  for (const l of leaves) {
    out.get(l.employee_id)?.leaves.push({
      start: l.start,
      end: l.end,
      halfDayMorning: l.half_day_morning,
      halfDayAfternoon: l.half_day_afternoon,
    });
  }
  return out;
}
