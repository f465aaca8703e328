import type { EntityManager } from "@mikro-orm/postgresql";
import { shiftIsOpen } from "~/domain/time-clock/clock-state";
import { isClockType, type ClockType } from "~/domain/time-clock/clock-type";
import { workIntervals } from "~/domain/law/checks";
import { nightSeconds, type NightPeriod } from "~/domain/overtime/night-work";
import { contractInForce, type PastContract } from "~/domain/employees/contract-change";
import { type WeekSchedule } from "~/domain/planning/expected-time";
import { mondayOf } from "~/domain/shared/iso-week";
import { dailyOvertime } from "~/domain/overtime/day";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { dayIsAnomaly, lastClockType, lunchSeconds, workingSeconds, type TimeLogEntry } from "~/domain/time-clock/working-time";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import { NotFoundError } from "~/services/shared/errors";
import { CLOCK_EMPLOYEE_FROM, clockEmployee, clockFacts, nightPeriodOf, nightPeriodSql, type ClockEmployee } from "./employee.server";
import { expectedFor } from "./facts.server";
/** A day's totals from its entries, stored on its clock and its overtime row (recomputeDay). */
/** Totals of a day as stored on its clock. */
export interface DayTotals {
  type: ClockType | null;
  workingTimeSeconds: number;
  lunchTimeSeconds: number;
  expectedSeconds: number;
  overtimeSeconds: number;
  anomaly: boolean;
  /** Worked seconds inside the night period (the country's or the subsidiary's agreement's, decision 0125), in the employee's zone. */
  nightSeconds: number;
}

/**
 * The totals of a day from its active entries. A past day left without END is an anomaly and counts no
 * overtime (DESIGN §5); today is never an anomaly, the day is just not over, and neither is yesterday's shift still
 * open at `now` (a night shift, decision 0075: it belongs to the day it started and may end after midnight).
 *
 * @example dayTotals([{ time: at("08:00"), type: "START" }, { time: at("16:00"), type: "END" }], 25_200, { date, today })
 *          // { type: "END", workingTimeSeconds: 28800, overtimeSeconds: 3600, anomaly: false, ... }
 */
export function dayTotals(
  logs: readonly TimeLogEntry[],
  expected: number,
  { date, today, now, zone, night }: { date: CalendarDate; today: CalendarDate; now?: Date; zone: string; night?: NightPeriod },
): DayTotals {
  const first = logs.reduce<Date | null>((min, l) => (min === null || l.time < min ? l.time : min), null);
  const open = now !== undefined && shiftIsOpen({ type: lastClockType(logs), firstAt: first }, now);
  const anomaly = date < today && dayIsAnomaly(logs) && !open;
  const working = workingSeconds(logs);
  const intervals = workIntervals(logs.map((l) => ({ time: l.time.getTime() / 1000, type: l.type })));
  return {
    type: lastClockType(logs),
    workingTimeSeconds: working,
    lunchTimeSeconds: lunchSeconds(logs),
    expectedSeconds: expected,
    overtimeSeconds: dailyOvertime(working, expected, { anomaly }),
    anomaly,
    nightSeconds: nightSeconds(intervals, zone, night),
  };
}

/** The employee badge state written to employee.last_state_time_clock after a change of today's clock. */
export function lastStateOf(type: ClockType | null): string {
  return type ? type.toLowerCase() : "unbadged";
}

/**
 * Writes a day's totals on its clock, and for a real (non-suggested) day upserts its overtime row and, when the
 * day is today, the employee's last state: one statement. Runs on `em`, so inside the caller's transaction.
 */
async function storeTotals(
  em: EntityManager,
  clock: { id: number; employeeId: number; date: CalendarDate; suggested: boolean },
  totals: DayTotals,
  options: { now: Date; isToday: boolean; clearNotification?: boolean },
) {
  const params: unknown[] = [
    totals.type,
    totals.workingTimeSeconds,
    totals.lunchTimeSeconds,
    totals.expectedSeconds,
    totals.overtimeSeconds,
    totals.anomaly,
    totals.nightSeconds,
    options.now,
    clock.id,
  ];
  const setNotification = options.clearNotification ? ", new_notification = null" : "";
  const updateClock = `update time_clock set type = ?, working_time_seconds = ?, lunch_time_seconds = ?, expected_seconds = ?,
      overtime_seconds = ?, anomaly = ?, night_seconds = ?, updated_at = ?${setNotification} where id = ?`;
  if (clock.suggested) {
    await em.execute(updateClock, params);
    return;
  }
  const updateEmployee = options.isToday ? `, e as (update employee set last_state_time_clock = ? where id = ? returning id)` : "";
  if (options.isToday) params.push(lastStateOf(totals.type), clock.employeeId);
  params.push(clock.employeeId, clock.date, totals.workingTimeSeconds, totals.expectedSeconds, totals.overtimeSeconds, totals.anomaly);
  await em.execute(
    `with c as (${updateClock} returning id)${updateEmployee}
     insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds, anomaly)
     values (?, ?, ?, ?, ?, ?)
     on conflict (employee_id, date) do update set worked_seconds = excluded.worked_seconds,
       expected_seconds = excluded.expected_seconds, overtime_seconds = excluded.overtime_seconds, anomaly = excluded.anomaly`,
    params,
  );
}

export function toEntries(logs: readonly { time: Date | string | number; type: string }[]): TimeLogEntry[] {
  return logs
    .filter((l) => isClockType(l.type))
    .map((l) => ({ time: typeof l.time === "number" ? new Date(l.time * 1000) : new Date(l.time), type: l.type as ClockType }))
    .sort((a, b) => a.time.getTime() - b.time.getTime());
}

/**
 * Recomputes a clock from its active entries: working, lunch, expected and overtime seconds, anomaly; upserts the
 * day's overtime row (non-suggested clocks) and, for today, the employee's last state. Call it with the
 * transaction's EntityManager after changing the entries (e.g. validating a suggestion). NotFoundError for an
 * unknown id.
 */
export async function recomputeDay(em: EntityManager, timeClockId: number, now: Date = new Date()): Promise<DayTotals> {
  const [row] = await em.execute<{ employee_id: number; date: string; suggested: boolean }[]>(
    "select employee_id, date::text as date, suggested from time_clock where id = ?",
    [timeClockId],
  );
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  const current = await clockEmployee(em, row.employee_id);
  const today = localDate(now, current.zone);
  // The terms and the night period of the day's own date (decisions 0070, 0138, 0143): a day of the week a policy
  // row starts is counted on the row in force that day, not today's (the clock actions do not come here).
  const emp = await clockEmployeeOn(em, current, row.date);
  const facts = await clockFacts(em, emp, row.date, row.date);
  const logs = await em.execute<{ time: Date; type: string }[]>(
    "select time, type from time_log where time_clock_id = ? and superseded_at is null order by time, id",
    [timeClockId],
  );
  const totals = dayTotals(toEntries(logs), expectedFor(facts, row.date), { date: row.date, today, now, zone: emp.zone, night: emp.nightPeriod });
  await storeTotals(em, { id: timeClockId, employeeId: row.employee_id, date: row.date, suggested: row.suggested }, totals, {
    now,
    // Yesterday's night shift still open is the employee's current day (decision 0075).
    isToday: row.date === today || (row.date === addDays(today, -1) && dayIsAnomaly(toEntries(logs)) && !totals.anomaly),
  });
  return totals;
}

/**
 * The employee with the schedule in force on `date`'s week: a former contract's (decision 0070), else the sheet's;
 * and the night period in force on `date`: the subsidiary's agreement, else the country's policy row of that day
 * (decisions 0138, 0143), so a day counted again — a past week's, or one of the week a row starts — keeps the period
 * its day was under. One statement.
 */
export async function clockEmployeeOn(em: EntityManager, emp: ClockEmployee, date: CalendarDate): Promise<ClockEmployee> {
  const monday = mondayOf(date);
  const [row] = await em.execute<{ past: PastContract<WeekSchedule>[] | null; night: string | null; country_name: string | null }[]>(
    `select (select json_agg(json_build_object('until', h.valid_until::text, 'hours', h.number_of_hours_per_week::float8, 'weekType', h.week_type, 'weeks', h.weeks))
               from (select * from contract_history where employee_id = e.id and valid_until > ? order by valid_until limit 1) h) as past,
            ${nightPeriodSql("?::date")} as night, c.name as country_name
       from ${CLOCK_EMPLOYEE_FROM} where e.id = ?`,
    [monday, date, emp.employeeId],
  );
  const terms = contractInForce({ hours: null, weekType: emp.weekType, weeks: emp.weeks }, row?.past ?? [], monday);
  return {
    ...emp,
    weekType: terms.weekType === "week_one_two" ? "week_one_two" : "unique_week",
    weeks: terms.weeks,
    nightPeriod: row ? nightPeriodOf(row.night, row.country_name) : emp.nightPeriod,
  };
}
