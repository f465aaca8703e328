import type { EntityManager } from "@mikro-orm/postgresql";
import { currentEmployeeState, MAX_SHIFT_SECONDS, type EmployeeState } from "~/domain/time-clock/clock-state";
import { isClockType } from "~/domain/time-clock/clock-type";
import { displayName } from "~/domain/employees/name";
import { addDays } from "~/domain/shared/time-calendar-date";
import { workingSeconds, type TimeLogEntry } from "~/domain/time-clock/working-time";
import { localDate, resolveTimeZone } from "~/domain/shared/zoned-day";
import { ACTIVE_SQL, scopeSql, type BadgingScope } from "./badging-scope.server";
import { toLogViews, type ClockRow, type LogView } from "./clock-rows.server";
import { expectedFor, isHalfDay, leaveOn, loadExpectedFacts, type ExpectedFacts } from "./facts.server";
/** Today's recap of a badging view: each employee's state and entries of their local day. */
export interface RecapEmployee {
  id: number;
  fullname: string;
  state: EmployeeState;
  entries: LogView[];
  workingSeconds: number;
}

export interface RecapTeam {
  id: number | null;
  name: string | null;
  employees: RecapEmployee[];
}

export interface RecapDivision {
  id: number;
  name: string;
  employeeCount: number;
  /** Null when not loaded (agency view: one division at a time). */
  teams: RecapTeam[] | null;
}

interface RecapRow {
  id: number;
  firstname: string;
  lastname: string;
  team_id: number | null;
  team_name: string | null;
  division_id: number | null;
  zone: string | null;
  type: string | null;
  anomaly: boolean | null;
  logs: ClockRow["logs"] | null;
  clock_date: string | null;
}

/**
 * The state shown today for one employee (badge colour and label) from today's clock row of their local day, its
 * live entries and their expected-time facts: also used by the dashboards' "badgings today".
 */
export function stateToday(
  r: { zone: string | null; type: string | null; anomaly: boolean | null; logs: ClockRow["logs"] | null; clock_date?: string | null },
  facts: ExpectedFacts | undefined,
  now: Date,
): { state: EmployeeState; entries: LogView[]; workingSeconds: number } {
  const zone = resolveTimeZone(r.zone);
  // The clock's own day: yesterday's for a night shift still open (decision 0075).
  const date = r.clock_date ?? localDate(now, zone);
  const entries = toLogViews(r.logs ?? [], zone, date);
  const logs: TimeLogEntry[] = entries.map((l) => ({ time: new Date(l.time * 1000), type: l.type }));
  const type = isClockType(r.type) ? r.type : null;
  const worked = workingSeconds(logs, now);
  const leave = leaveOn(facts, date);
  const state = currentEmployeeState({
    isInLeave: !!leave && !isHalfDay(leave),
    type,
    isInOvertime: type === "START" && worked > expectedFor(facts, date),
    anomaly: r.anomaly ?? false,
  });
  return { state, entries, workingSeconds: worked };
}

/**
 * Today's state and entries of every active employee of a scope, grouped by team (employees without a team
 * last). "Today" is each employee's local day. Three queries plus the expected-time facts.
 */
export async function todayByTeam(em: EntityManager, scope: BadgingScope, now: Date): Promise<RecapTeam[]> {
  const where = scopeSql(scope);
  const rows = await em.execute<RecapRow[]>(
    `select e.id, e.firstname, e.lastname, e.team_id, t.name as team_name, e.division_id,
            coalesce(s.timezone, co.timezone) as zone, c.type, c.anomaly, c.date::text as clock_date,
            (select json_agg(json_build_object('id', l.id, 'time', extract(epoch from l.time)::bigint, 'type', l.type) order by l.time, l.id)
               from time_log l where l.time_clock_id = c.id and l.superseded_at is null) as logs
       from employee e
       left join team t on t.id = e.team_id
       left join subsidiary s on s.id = e.subsidiary_id
       left join country co on co.id = coalesce(e.country_id, s.country_id)
       cross join lateral (select (?::timestamptz at time zone coalesce(s.timezone, co.timezone, 'Europe/Paris'))::date as today) loc
       -- Today's day, or yesterday's night shift still open (first entry less than 16 h ago, decision 0075).
       left join lateral (
         select d.id, d.type, d.anomaly, d.date from time_clock d
          where d.employee_id = e.id and d.suggested = false and d.date between loc.today - 1 and loc.today
            and (d.date = loc.today or (d.type is not null and d.type <> 'END'
                 and (select min(l.time) from time_log l where l.time_clock_id = d.id and l.superseded_at is null)
                     > ?::timestamptz - make_interval(secs => ${MAX_SHIFT_SECONDS})))
          order by (d.date = loc.today and d.type is not null) desc, d.date
          limit 1) c on true
      where ${ACTIVE_SQL} and ${where.sql}
      order by t.name nulls last, e.lastname, e.firstname, e.id`,
    [now, now, ...where.params],
  );
  const today = localDate(now, "Europe/Paris");
  const facts = await loadExpectedFacts(em, rows.map((r) => r.id), addDays(today, -1), addDays(today, 1));
  const teams = new Map<number | null, RecapTeam>();
  for (const r of rows) {
    const { state, entries, workingSeconds: worked } = stateToday(r, facts.get(r.id), now);
    let team = teams.get(r.team_id);
    if (!team) {
      team = { id: r.team_id, name: r.team_name, employees: [] };
      teams.set(r.team_id, team);
    }
    team.employees.push({ id: r.id, fullname: displayName(r.firstname, r.lastname), state, entries, workingSeconds: worked });
  }
  return [...teams.values()];
}
