import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { type WeekSchedule, type WeekType } from "~/domain/planning/expected-time";
import { type CalendarDate } from "~/domain/shared/time-calendar-date";
import { resolveTimeZone } from "~/domain/shared/zoned-day";
import type { NightPeriod } from "~/domain/overtime/night-work";
import { defaultPolicyFor } from "~/domain/overtime/policy";
import { t } from "~/i18n/fr";
import { NotFoundError } from "~/services/shared/errors";
import { holidayAppliesSql } from "~/services/organisation/holidays.server";
import type { ExpectedFacts, LeaveFact } from "./facts.server";
/** The employee as the clock sees them (zone, schedule, organisation) and their expected-time facts. */
/** What the clock needs to know about an employee. */
export interface ClockEmployee {
  employeeId: number;
  fullName: string;
  /** IANA zone of the employee's days: subsidiary, else country, else Europe/Paris. */
  zone: string;
  /** Country of the public holidays: the employee's, else the subsidiary's. */
  countryId: number | null;
  weekType: WeekType;
  /** Week 1 then week 2. */
  weeks: WeekSchedule[];
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
  /** The night period of the day's night hours: the subsidiary's agreement, else the country's policy (decision 0125). */
  nightPeriod: NightPeriod;
}

export interface ClockEmployeeRow {
  id: number;
  firstname: string;
  lastname: string;
  week_type: string;
  country_id: number | null;
  sub_tz: string | null;
  country_tz: string | null;
  subsidiary_id: number | null;
  division_id: number | null;
  team_id: number | null;
  weeks: WeekSchedule[];
  /** "HH:MM-HH:MM": the subsidiary's agreement, else the country's policy row in force; null: the country's default. */
  night?: string | null;
  country_name?: string | null;
}

/**
 * The night period of an employee's subsidiary (its agreement, both times set) else of the country's policy row in
 * force today (by the database's date; the latest row when all start later), as "HH:MM-HH:MM"; null when the country
 * has no row (the shipped default of its name applies).
 */
export const NIGHT_PERIOD_SQL = `case when s.night_from is not null and s.night_to is not null then s.night_from || '-' || s.night_to
              else (select p.night_from || '-' || p.night_to from overtime_policy p where p.country_id = c.id
                     order by (p.effective_from <= current_date) desc, p.effective_from desc limit 1) end`;

/**
 * The night period on a given day (`dateExpr`, an SQL date expression), for a past day counted again (decision
 * 0138): the subsidiary's agreement, else the country's policy row in force that day, as policyForDate reads it
 * (null when no row started yet: the shipped default of the country's name). `s` is the subsidiary.
 */
export function nightPeriodSql(dateExpr: string, country = "c"): string {
  return `case when s.night_from is not null and s.night_to is not null then s.night_from || '-' || s.night_to
              else (select p.night_from || '-' || p.night_to from overtime_policy p where p.country_id = ${country}.id
                     and p.effective_from <= ${dateExpr} order by p.effective_from desc limit 1) end`;
}

/** The night period of a NIGHT_PERIOD_SQL value and the country's name. */
export function nightPeriodOf(night: string | null | undefined, countryName: string | null | undefined, fallback?: NightPeriod): NightPeriod {
  const m = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(night ?? "");
  return m ? { from: m[1]!, to: m[2]! } : (fallback ?? defaultPolicyFor(countryName ?? "").nightPeriod);
}

/**
 * The columns of a ClockEmployeeRow on `e` (employee), `s` (subsidiary), `c` (country), see CLOCK_EMPLOYEE_FROM:
 * CLOCK_EMPLOYEE_EXTRA are those a CURRENT_USER_SELECT row lacks (the clock buttons' read, CLOCK_CALLER_CONTEXT).
 */
export const CLOCK_EMPLOYEE_EXTRA = `e.week_type, coalesce(e.country_id, s.country_id) as country_id, s.timezone as sub_tz, c.timezone as country_tz,
            coalesce((select json_agg(ws.days order by ws.week_number) from week_schedule ws where ws.employee_id = e.id), '[]'::json) as weeks,
            ${NIGHT_PERIOD_SQL} as night, c.name as country_name`;
export const CLOCK_EMPLOYEE_SELECT = `e.id, e.firstname, e.lastname, e.subsidiary_id, e.division_id, e.team_id, ${CLOCK_EMPLOYEE_EXTRA}`;
export const CLOCK_EMPLOYEE_FROM = `employee e
       left join subsidiary s on s.id = e.subsidiary_id
       left join country c on c.id = coalesce(e.country_id, s.country_id)`;

export function toClockEmployee(r: ClockEmployeeRow): ClockEmployee {
  return {
    employeeId: r.id,
    fullName: displayName(r.firstname, r.lastname),
    zone: resolveTimeZone(r.sub_tz, r.country_tz),
    countryId: r.country_id,
    weekType: r.week_type === "week_one_two" ? "week_one_two" : "unique_week",
    weeks: r.weeks ?? [],
    subsidiaryId: r.subsidiary_id,
    divisionId: r.division_id,
    teamId: r.team_id,
    nightPeriod: nightPeriodOf(r.night, r.country_name),
  };
}

/** Zone, schedule and organisation of an employee (one query); NotFoundError when the employee does not exist. */
export async function clockEmployee(em: EntityManager, employeeId: number): Promise<ClockEmployee> {
  const [row] = await em.execute<ClockEmployeeRow[]>(`select ${CLOCK_EMPLOYEE_SELECT} from ${CLOCK_EMPLOYEE_FROM} where e.id = ?`, [
    employeeId,
  ]);
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return toClockEmployee(row);
}

/** An accepted leave touching a period, with its reason (for the half-day banner). */
export type ReasonedLeave = LeaveFact & { reason: string };

/** The expected-time facts of one employee (schedule, holidays, accepted leaves with their reasons). */
export interface ClockFacts extends ExpectedFacts {
  leaves: ReasonedLeave[];
}

/**
 * Holidays of the employee (country and subsidiary, holidays.server.ts) and their accepted leaves touching
 * [from, to], with the schedule already loaded by clockEmployee: one query (the clock actions' hot path; lists use loadExpectedFacts).
 */
export async function clockFacts(em: EntityManager, emp: ClockEmployee, from: CalendarDate, to: CalendarDate): Promise<ClockFacts> {
  const rows = await em.execute<FactRow[]>(
    `select 'h' as kind, h.date::text as start, h.date::text as "end", false as hm, false as ha, null as reason
       from holiday h where ${holidayAppliesSql("?", "?")} and h.date between ? and ?
     union all
     select 'l', l.start::text, l."end"::text, l.half_day_morning, l.half_day_afternoon, l.reason
       from leave l where l.employee_id = ? and l.state = 'accepted' and l.start <= ? and l."end" >= ?`,
    [emp.countryId ?? 0, emp.subsidiaryId ?? 0, from, to, emp.employeeId, to, from],
  );
  return factsOf(emp, rows);
}

export type FactRow = { kind: "h" | "l"; start: string; end: string; hm: boolean; ha: boolean; reason: string | null };

export function factsOf(emp: ClockEmployee, rows: readonly FactRow[]): ClockFacts {
  const facts: ClockFacts = { weekType: emp.weekType, weeks: emp.weeks, holidays: new Set(), leaves: [] };
  for (const r of rows) {
    if (r.kind === "h") facts.holidays.add(r.start);
    else facts.leaves.push({ start: r.start, end: r.end, halfDayMorning: r.hm, halfDayAfternoon: r.ha, reason: r.reason ?? "" });
  }
  return facts;
}
