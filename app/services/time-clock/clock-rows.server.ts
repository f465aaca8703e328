import { isClockType, type ClockType } from "~/domain/time-clock/clock-type";
import { displayName } from "~/domain/employees/name";
import { type CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate, resolveTimeZone, timeOfDay } from "~/domain/shared/zoned-day";
import { toUnixSeconds } from "~/domain/shared/api-dates";
/** A clock row with its employee, zone and live entries, its view, and its /api form. */

export interface LogView {
  id: number;
  /** Unix seconds. */
  time: number;
  /** HH:MM in the employee's zone. */
  hhmm: string;
  type: ClockType;
  /** The entry is on the morning after the clock's day (a night shift, decision 0075). */
  nextDay?: boolean;
}

export interface ClockView {
  id: number;
  employeeId: number;
  employeeFullname: string;
  date: CalendarDate;
  type: ClockType | null;
  suggested: boolean;
  originId: number | null;
  message: string | null;
  workingTimeSeconds: number;
  lunchTimeSeconds: number;
  expectedSeconds: number;
  overtimeSeconds: number;
  anomaly: boolean;
  newNotification: string | null;
  zone: string;
  logs: LogView[];
}

/** Select list of a clock with its employee, zone and live (not superseded) entries, as one row. */
export const CLOCK_SELECT = `
  c.id, c.employee_id, c.date::text as date, c.type, c.suggested, c.origin_suggested_id, c.message,
  c.working_time_seconds, c.lunch_time_seconds, c.expected_seconds, c.overtime_seconds, c.anomaly, c.new_notification,
  e.firstname, e.lastname, coalesce(s.timezone, co.timezone) as zone,
  coalesce((select json_agg(json_build_object('id', l.id, 'time', extract(epoch from l.time)::bigint, 'type', l.type) order by l.time, l.id)
              from time_log l where l.time_clock_id = c.id and l.superseded_at is null), '[]'::json) as logs`;

export const CLOCK_FROM = `
  time_clock c
  join employee e on e.id = c.employee_id
  left join subsidiary s on s.id = e.subsidiary_id
  left join country co on co.id = coalesce(e.country_id, s.country_id)`;

export interface ClockRow {
  id: number;
  employee_id: number;
  date: string;
  type: string | null;
  suggested: boolean;
  origin_suggested_id: number | null;
  message: string | null;
  working_time_seconds: number;
  lunch_time_seconds: number;
  expected_seconds: number;
  overtime_seconds: number;
  anomaly: boolean;
  new_notification: string | null;
  firstname: string;
  lastname: string;
  zone: string | null;
  logs: { id: number; time: number | string; type: string }[];
}

export function toLogViews(logs: ClockRow["logs"], zone: string, date?: CalendarDate): LogView[] {
  return logs
    .filter((l) => isClockType(l.type))
    .map((l) => {
      const time = Number(l.time);
      const at = new Date(time * 1000);
      const view: LogView = { id: l.id, time, hhmm: timeOfDay(at, zone), type: l.type as ClockType };
      if (date !== undefined && localDate(at, zone) > date) view.nextDay = true;
      return view;
    });
}

export function toClockView(row: ClockRow): ClockView {
  const zone = resolveTimeZone(row.zone);
  return {
    id: row.id,
    employeeId: row.employee_id,
    employeeFullname: displayName(row.firstname, row.lastname),
    date: row.date,
    type: isClockType(row.type) ? row.type : null,
    suggested: row.suggested,
    originId: row.origin_suggested_id,
    message: row.message,
    workingTimeSeconds: row.working_time_seconds,
    lunchTimeSeconds: row.lunch_time_seconds,
    expectedSeconds: row.expected_seconds,
    overtimeSeconds: row.overtime_seconds,
    anomaly: row.anomaly,
    newNotification: row.new_notification,
    zone,
    logs: toLogViews(row.logs, zone, row.date),
  };
}

/** The time clock entity of spec 2 §3 as the /api answers it (date: unix seconds of the day's noon UTC). */
export interface ApiTimeClock {
  "@id": string;
  "@type": "TimeClock";
  id: number;
  employeeId: number;
  employeeFullname: string;
  date: number;
  type: ClockType | null;
  suggested: boolean;
  originSuggested: ApiTimeClock | string | null;
  message: string | null;
  workingTime: string;
  workingTimeInSecond: number;
  lunchTime: number;
  expectedTimeForDay: number;
  overtime: number;
  anomaly: boolean;
  newNotification: string | null;
  timeLogs: { id: number; time: number; type: ClockType }[];
}

export function clockToApi(clock: ClockView, origin?: ClockView | null): ApiTimeClock {
  return {
    "@id": `/api/timeclock/${clock.id}`,
    "@type": "TimeClock",
    id: clock.id,
    employeeId: clock.employeeId,
    employeeFullname: clock.employeeFullname,
    date: toUnixSeconds(clock.date) + 12 * 3600,
    type: clock.type,
    suggested: clock.suggested,
    originSuggested: origin === undefined ? (clock.originId ? `/api/timeclock/${clock.originId}` : null) : origin ? clockToApi(origin) : null,
    message: clock.message,
    workingTime: formatHm(clock.workingTimeSeconds),
    workingTimeInSecond: clock.workingTimeSeconds,
    lunchTime: clock.lunchTimeSeconds,
    expectedTimeForDay: clock.expectedSeconds,
    overtime: clock.overtimeSeconds,
    anomaly: clock.anomaly,
    newNotification: clock.newNotification,
    timeLogs: clock.logs.map((l) => ({ id: l.id, time: l.time, type: l.type })),
  };
}

function formatHm(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
