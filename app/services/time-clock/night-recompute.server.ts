/**
 * The stored night seconds of past days follow a changed night period (issue 40, decision 0138): each day's
 * `time_clock.night_seconds` (decision 0075) counted again on the period in force on that day — the subsidiary's
 * agreement, else the country's policy row in force on the day's date, else (no row started yet) the law's default
 * of the country's name, as policyForDate reads it. Only the days whose figure moves are written.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { workIntervals } from "~/domain/law/checks";
import { nightSeconds } from "~/domain/overtime/night-work";
import { resolveTimeZone } from "~/domain/shared/zoned-day";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { nightPeriodOf, nightPeriodSql } from "./employee.server";
import { intArray } from "./facts.server";

/** The employees whose night period changed: a country's (its policy) or a subsidiary's (its agreement). */
export type NightScope = { countryId: number } | { subsidiaryId: number };

/** The entry types of the statement by their first letter (START, PAUSE, LUNCH, END). */
const ENTRY_TYPES: Record<string, string> = { S: "START", P: "PAUSE", L: "LUNCH", E: "END" };

interface NightDayRow {
  id: number;
  night_seconds: number;
  sub_tz: string | null;
  country_tz: string | null;
  country_name: string | null;
  night: string | null;
  logs: string | null;
}

/** Employees read per statement: a country of 5,000 people over a year is ~1.2 million days, read 100 people at a time. */
const BATCH = 100;

/**
 * Counts again the night seconds of the scope's clocks (suggestions too: they carry their own totals) dated from
 * `from` on, and writes those that changed, in the caller's transaction: one statement for the scope's employees,
 * then per BATCH of them one read and at most one write. The caller marks the weeks dirty (their explanation reads
 * the period again). Returns how many days changed.
 *
 * @example await recomputeNightSeconds(tx, { countryId: portugal }, "2026-03-01") // 12
 */
export async function recomputeNightSeconds(em: EntityManager, scope: NightScope, from: CalendarDate): Promise<number> {
  const where = "countryId" in scope ? "coalesce(e.country_id, s.country_id) = ?" : "e.subsidiary_id = ?";
  const people = await em.execute<{ id: number }[]>(`select e.id from employee e left join subsidiary s on s.id = e.subsidiary_id where ${where} order by e.id`, [
    "countryId" in scope ? scope.countryId : scope.subsidiaryId,
  ]);
  let changed = 0;
  for (let i = 0; i < people.length; i += BATCH) {
    changed += await recomputeBatch(em, people.slice(i, i + BATCH).map((p) => p.id), from);
  }
  return changed;
}

async function recomputeBatch(em: EntityManager, employeeIds: readonly number[], from: CalendarDate): Promise<number> {
  const rows = await em.execute<NightDayRow[]>(
    `select tc.id, tc.night_seconds, s.timezone as sub_tz, co.timezone as country_tz, co.name as country_name,
            ${nightPeriodSql("tc.date", "co")} as night,
            (select string_agg(extract(epoch from l.time)::bigint || left(l.type, 1), ' ' order by l.time)
               from time_log l where l.time_clock_id = tc.id and l.superseded_at is null) as logs
       from time_clock tc
       join employee e on e.id = tc.employee_id
       left join subsidiary s on s.id = e.subsidiary_id
       left join country co on co.id = coalesce(e.country_id, s.country_id)
      where tc.employee_id = any(?::int[]) and tc.date >= ?::date`,
    [intArray(employeeIds), from],
  );
  const ids: number[] = [];
  const seconds: number[] = [];
  for (const r of rows) {
    const entries = (r.logs ?? "")
      .split(" ")
      .filter((p) => p.length > 1)
      .map((p) => ({ time: Number(p.slice(0, -1)), type: ENTRY_TYPES[p.slice(-1)] ?? p.slice(-1) }));
    const counted = nightSeconds(workIntervals(entries), resolveTimeZone(r.sub_tz, r.country_tz), nightPeriodOf(r.night, r.country_name));
    if (counted !== Number(r.night_seconds)) ids.push(r.id), seconds.push(counted);
  }
  if (ids.length > 0) {
    await em.execute(`update time_clock t set night_seconds = u.n from unnest(?::int[], ?::int[]) as u(id, n) where t.id = u.id`, [intArray(ids), intArray(seconds)]);
  }
  return ids.length;
}
