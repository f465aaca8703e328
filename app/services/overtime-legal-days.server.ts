/**
 * The clock entries of the legal checks of the overtime screens (split from overtime-views.server.ts): one query
 * per page, whatever the rows.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { legalChecks, type LegalCheck, type LegalDay } from "~/domain/legal-checks";
import { addDays, type CalendarDate } from "~/domain/time-calendar-date";
import { preparedQuery } from "~/server/prepared.server";
import { intArray } from "./time-clock-views.server";

// ---------------------------------------------------------------------------------------------------------------
// Shared reads

interface LogDaysRow {
  employee_id: number;
  /** The employee's days: "YYYY-MM-DD <unix seconds><type letter> …" joined by ";", by date (see legalDays). */
  days: string;
}

/** The entry types of the legal checks by their first letter (START, PAUSE, LUNCH, END). */
const ENTRY_TYPES: Record<string, string> = { S: "START", P: "PAUSE", L: "LUNCH", E: "END" };

/**
 * The clock entries (not superseded) of some employees' days, as the legal checks want them: one row per employee
 * (not per day: a subsidiary's page of 25 people over 6 months is ~2,800 days, and a row costs more to decode than
 * its text), one query. The day before `from` is read too, for the rest between it and the first day.
 */
export async function legalDays(em: EntityManager, ids: readonly number[], from: CalendarDate, to: CalendarDate): Promise<Map<number, LegalDay[]>> {
  const out = new Map<number, LegalDay[]>();
  if (ids.length === 0) return out;
  // A named prepared statement (app/server/prepared.server.ts): every calendar and employee page runs it, its text
  // never changes, and its plan cost about as much as its execution on a large company (docs/decisions/0056).
  const rows = await preparedQuery<LogDaysRow>(
    em,
    "overtime_legal_days_text",
    `select d.employee_id, string_agg(d.date || ' ' || d.logs, ';' order by d.date) as days
       from (select c.employee_id, c.date::text as date,
                    string_agg(extract(epoch from l.time)::bigint || left(l.type, 1), ' ' order by l.time) as logs
               from time_clock c
               join time_log l on l.time_clock_id = c.id and l.superseded_at is null
              where c.suggested = false and c.employee_id = any(?::int[]) and c.date between ? and ?
              group by c.employee_id, c.date) d
      group by d.employee_id`,
    [intArray(ids), addDays(from, -1), to],
  );
  for (const r of rows) {
    out.set(
      r.employee_id,
      r.days.split(";").map((day) => {
        const parts = day.split(" ");
        const entries: { time: number; type: string }[] = [];
        for (let i = 1; i < parts.length; i++) {
          const p = parts[i]!;
          entries.push({ time: Number(p.slice(0, -1)), type: ENTRY_TYPES[p.slice(-1)] ?? p.slice(-1) });
        }
        return { date: parts[0]!, entries };
      }),
    );
  }
  return out;
}

/** Legal checks dated within [from, to] (the day before only serves the rest check). */
export function checksIn(days: readonly LegalDay[] | undefined, from: CalendarDate, to: CalendarDate): LegalCheck[] {
  return legalChecks(days ?? []).filter((c) => c.date >= from && c.date <= to);
}
