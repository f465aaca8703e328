/**
 * The clock entries of the legal checks of the overtime screens (split from services/overtime/views.server.ts): one query
 * per page, whatever the rows.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { legalChecks, workIntervals } from "~/domain/law/checks";
import { legalPolicyFor, type LegalCheck, type LegalDay, type LegalPolicy } from "~/domain/law/policies";
import { nightSeconds, type NightPeriod } from "~/domain/overtime/night-work";
import { annualQuotaSeconds, defaultPolicyFor } from "~/domain/overtime/policy";
import { localDate, resolveTimeZone } from "~/domain/shared/zoned-day";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { preparedQuery } from "~/server/shared/prepared.server";
import { intArray } from "~/services/time-clock/views.server";
import { nightPeriodOf } from "~/services/time-clock/employee.server";

const sameNight = (a: NightPeriod, b: NightPeriod) => a.from === b.from && a.to === b.to;
import { policyFromJson, policyInForceSql, type PolicyJson } from "./policy.server";

// ---------------------------------------------------------------------------------------------------------------
// Shared reads

interface LogDaysRow {
  employee_id: number;
  /** The employee's country name (legalPolicyFor) and zone (night hours). */
  country: string | null;
  zone: string | null;
  /** The employee's days: "YYYY-MM-DD/<expected seconds> <unix seconds><type letter> …" joined by ";", by date (see legalDays). */
  days: string;
  /** The country's overtime policy row in force (null: none, the shipped default) and the company's size (null: not needed). */
  policy: PolicyJson | null;
  /** The subsidiary's agreement on night work: "HH:MM-HH:MM" and its rate (null: the country's). */
  agreement_night: string | null;
  agreement_night_rate: number | string | null;
  company_size: number | null;
}

/** Days read after the period: the working days of a compensatory rest (art. 229.º n.º 4) after its last Sunday. */
const AFTER_DAYS = 7;

/** The entry types of the legal checks by their first letter (START, PAUSE, LUNCH, END). */
const ENTRY_TYPES: Record<string, string> = { S: "START", P: "PAUSE", L: "LUNCH", E: "END" };

/**
 * The clock entries (not superseded) of some employees' days, as the legal checks want them: one row per employee
 * (not per day: a subsidiary's page of 25 people over 6 months is ~2,800 days, and a row costs more to decode than
 * its text), one query. The day before `from` is read too, for the rest between it and the first day.
 */
export async function legalDays(em: EntityManager, ids: readonly number[], from: CalendarDate, to: CalendarDate): Promise<Map<number, EmployeeLegalDays>> {
  const out = new Map<number, EmployeeLegalDays>();
  if (ids.length === 0) return out;
  // A named prepared statement (app/server/shared/prepared.server.ts): every calendar and employee page runs it, its text
  // never changes, and its plan cost about as much as its execution on a large company (docs/decisions/0056).
  const rows = await preparedQuery<LogDaysRow>(
    em,
    "overtime_legal_days_country",
    // The employee's country decides the checks (issue 26 §3, decision 0076); the expected seconds, Portugal's daily overtime.
    // The person's country, zone and agreement are read once per person, after the days are grouped, by a lateral
    // lookup of the person's primary key (`offset 0`: never flattened into a join). Joined to each day, the planner
    // chose at 50,000 employees a lookup of the employee per day (3 pages each: 696 of the page's 1,643 buffers for
    // one person's year); a plain join after the grouping made it hash the whole employee table at 5,000 (decision
    // 0141's session 17 addendum).
    `select x.employee_id, p.country, p.zone, x.days, pol.policy, sz.size as company_size, p.agreement_night, p.agreement_night_rate
       from (
     select d.employee_id, string_agg(d.date || '/' || d.expected || ' ' || d.logs, ';' order by d.date) as days
       from (select c.employee_id, c.date::text as date, c.expected_seconds as expected,
                    string_agg(extract(epoch from l.time)::bigint || left(l.type, 1), ' ' order by l.time) as logs
               from time_clock c
               join time_log l on l.time_clock_id = c.id and l.superseded_at is null
              where c.suggested = false and c.employee_id = any(?::int[]) and c.date between ? and ?
              group by c.employee_id, c.date, c.expected_seconds) d
      group by d.employee_id) x
       join lateral (select co.id as country_id, co.name as country, coalesce(s.timezone, co.timezone) as zone,
                            case when s.night_from is not null and s.night_to is not null then s.night_from || '-' || s.night_to end as agreement_night,
                            s.night_rate as agreement_night_rate
                       from employee e
                       left join subsidiary s on s.id = e.subsidiary_id
                       left join country co on co.id = coalesce(e.country_id, s.country_id)
                      where e.id = x.employee_id
                     offset 0) p on true
       -- The country's overtime policy in force at the end of the period and, when it has a small company's quota
       -- (Portugal), the company's size as the engine counts it: Portugal's annual limit (art. 228.º, decision 0103).
       left join lateral (select ${policyInForceSql("p.country_id", "?::date")} as policy) pol on true
       left join lateral (select case when pol.policy is null or pol.policy->>'small_company_quota_hours' is not null then
                (select count(*)::int from employee o left join subsidiary os on os.id = o.subsidiary_id
                  where coalesce(o.country_id, os.country_id) = p.country_id
                    and (o.hired_at is null or o.hired_at <= ?::date) and (o.fired_at is null or o.fired_at >= ?::date)) end as size) sz on true`,
    // The 11 weeks before `from` too: the 12-week average (L3121-22) of the first weeks shown, and the rest before the
    // first day; the week after `to` too: a Sunday worked owes its rest day in the 3 following working days (art. 229.º
    // n.º 4), so the days after the last Sunday shown decide whether it was taken (issue 40).
    [intArray(ids), addDays(from, -77), addDays(to, AFTER_DAYS), to, to, to],
  );
  for (const r of rows) {
    const quota = r.policy ? policyFromJson(r.policy) : defaultPolicyFor(r.country ?? "");
    const agreementRate = r.agreement_night_rate === null || r.agreement_night_rate === undefined ? null : Number(r.agreement_night_rate);
    out.set(r.employee_id, {
      policy: legalPolicyFor(r.country),
      nightPeriod: nightPeriodOf(r.agreement_night, null, quota.nightPeriod),
      nightRate: agreementRate ?? quota.nightRate,
      nightByAgreement: r.agreement_night !== null || agreementRate !== null || !sameNight(quota.nightPeriod, defaultPolicyFor(r.country ?? "").nightPeriod),
      annualOvertimeLimitSeconds: r.company_size === null ? undefined : annualQuotaSeconds(quota, r.company_size),
      zone: resolveTimeZone(r.zone),
      days: r.days.split(";").map((day) => {
        const parts = day.split(" ");
        const [date, expected] = parts[0]!.split("/");
        const entries: { time: number; type: string }[] = [];
        for (let i = 1; i < parts.length; i++) {
          const p = parts[i]!;
          entries.push({ time: Number(p.slice(0, -1)), type: ENTRY_TYPES[p.slice(-1)] ?? p.slice(-1) });
        }
        return { date: date!, entries, expectedSeconds: Number(expected) };
      }),
    });
  }
  return out;
}

/** Legal checks dated within [from, to] (the days before and after only serve the rest checks). */
export function checksIn(employee: EmployeeLegalDays | undefined, from: CalendarDate, to: CalendarDate, now: Date = new Date()): LegalCheck[] {
  if (!employee) return [];
  const today = localDate(now, employee.zone);
  return legalChecks(employee.days, employee.policy, {
    today,
    annualOvertimeLimitSeconds: employee.annualOvertimeLimitSeconds,
    zone: employee.zone,
    // The night worker's checks (L3122-5/6/7, art. 224.º) on the employee's night period (decision 0125).
    nightSeconds: nightsOf(employee),
  }).filter((c) => c.date >= from && c.date <= to);
}

/** An employee's clock days for the legal checks, with the checks of their own country (issue 26 §3). */
export interface EmployeeLegalDays {
  policy: LegalPolicy;
  /** The night period of the employee: the subsidiary's agreement, else the country's policy (decision 0125). */
  nightPeriod: NightPeriod;
  /** The premium on night hours (%), 0: none (France without an agreement, L3122-8). */
  nightRate: number;
  /** The period or the rate comes from an agreement, not the law's default. */
  nightByAgreement: boolean;
  /** Portugal's annual overtime limit for this company (art. 228.º n.º 1 a) e b), decision 0103); unset: the policy's 150 h. */
  annualOvertimeLimitSeconds?: number;
  zone: string;
  days: LegalDay[];
}

/** Night hours (the employee's night period, decision 0125) of each day of an employee's shifts, for the week explanation (decision 0075). */
export function nightsOf(employee: EmployeeLegalDays | undefined): Record<CalendarDate, number> {
  const out: Record<CalendarDate, number> = {};
  for (const day of employee?.days ?? []) {
    const seconds = nightSeconds(workIntervals(day.entries), employee!.zone, employee!.nightPeriod);
    if (seconds > 0) out[day.date] = seconds;
  }
  return out;
}
