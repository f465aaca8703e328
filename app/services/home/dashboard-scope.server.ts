import type { EntityManager } from "@mikro-orm/postgresql";
import { MAX_SHIFT_SECONDS, type EmployeeState } from "~/domain/time-clock/clock-state";
import {
  DASHBOARD_PAGE_SIZE,
  dashboardPageCount,
  employeeAcronym,
  mondayToToday,
  teamAcronym,
} from "~/domain/home/dashboard";
import type { DateRange } from "~/domain/shared/date-range";
import { displayName } from "~/domain/employees/name";
import { planningColumns, weekCells } from "~/domain/planning/planning";
import { dashboardPlanningRange } from "~/domain/planning/rules";
import { weekId, weekLinkOf } from "~/domain/overtime/screens";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { loadPlanningFacts } from "~/services/planning/planning.server";
import { type PlanningTable } from "~/services/planning/table.server";
import { timeAccountByWeek } from "~/services/overtime/account.server";
import { loadExpectedFacts, stateToday, type ClockRow } from "~/services/time-clock/views.server";

/**
 * The manager dashboards' blocks of one scope (a team, a division, a subsidiary): the planning excerpt, today's
 * badgings and the week's overtime, one page of employees (decision 0054). Split from dashboard.server.ts (code moves
 * only); the statement budget is the one stated there.
 */

export interface DashboardEmployee {
  id: number;
  fullname: string;
  acronym: string;
  /** null: the employee does not badge (no time registration). */
  state: EmployeeState | null;
  /** Overtime from Monday to today (seconds); null when nothing is computed yet or the employee does not badge. */
  weekSeconds: number | null;
}

export interface DashboardTeam {
  id: number | null;
  name: string | null;
  acronym: string | null;
  employees: DashboardEmployee[];
}

export interface DashboardDivision {
  id: number | null;
  name: string | null;
  teams: DashboardTeam[];
}

/** The three blocks of a manager scope: planning excerpt, badgings today, overtime of the week. */
export interface ScopeBlocks {
  range: DateRange;
  /** The planning excerpt as the planning table shows it (app/ui/planning/table.tsx). */
  planning: Pick<PlanningTable, "weeks" | "months" | "groups">;
  divisions: DashboardDivision[];
  /** Active employees of the scope, and how many are listed (one page: at most DASHBOARD_PAGE_SIZE). */
  total: number;
  shown: number;
  /** The page shown (1-based, clamped to the last one), the number of pages and the rank of its first employee. */
  page: number;
  pages: number;
  first: number;
  /** The "view entire" links (agency: only on the viewer's own subsidiary's tab); null = none. */
  links: { planning: string; badging: string; overtime: string } | null;
}

export const ACTIVE_SQL = `(e.fired_at is null or e.fired_at > current_date)`;

export type Scope = { kind: "team" | "division" | "subsidiary"; id: number | null };

interface EmployeeRow {
  id: number;
  firstname: string;
  lastname: string;
  acronym: string | null;
  time_registration: boolean;
  division_id: number | null;
  division_name: string | null;
  team_id: number | null;
  team_name: string | null;
  zone: string | null;
  type: string | null;
  anomaly: boolean | null;
  logs: ClockRow["logs"] | null;
  /** The clock's day: yesterday's for a night shift still open (decision 0075). */
  clock_date: string | null;
  /** The scope's count and the page read (0-based), on every row. */
  total: number;
  page_index: number;
}

/**
 * The blocks of one scope (a team, a division, a subsidiary): one page of DASHBOARD_PAGE_SIZE active employees by
 * division, team and name with today's clock, the scope's count and the page clamped to the last one (one
 * statement), then their leaves over the excerpt, their expected-time facts for today's state and their overtime
 * from Monday (six statements, whatever the size of the scope: decision 0054).
 */
export async function scopeBlocks(
  em: EntityManager,
  user: CurrentUser,
  scope: Scope,
  links: ScopeBlocks["links"],
  now: Date,
  page: number,
): Promise<ScopeBlocks> {
  const today = localDate(now, "Europe/Paris");
  const range = dashboardPlanningRange(today);
  const { weeks, months } = planningColumns(range);
  const column = scope.kind === "team" ? "e.team_id" : scope.kind === "division" ? "e.division_id" : "e.subsidiary_id";
  const where = `${ACTIVE_SQL} and ${column} = ?`;
  const scopeId = scope.id ?? -1;
  // The count and the clamped page come first (CTEs n and p), so a page past the end shows the last one and an
  // empty scope still answers one row (its employee columns null) that carries the count.
  const found = await em.execute<(Omit<EmployeeRow, "id"> & { id: number | null })[]>(
    `with n as (select count(*)::int as total from employee e where ${where}),
     p as (select greatest(0, least(?::int - 1, (n.total - 1) / ${DASHBOARD_PAGE_SIZE})) as page_index from n),
     emp as (
       select e.id, e.firstname, e.lastname, e.acronym, e.time_registration, e.subsidiary_id, e.country_id,
              e.division_id, d.name as division_name, e.team_id, t.name as team_name
         from employee e
         left join division d on d.id = e.division_id
         left join team t on t.id = e.team_id
        where ${where}
        order by d.name nulls last, e.division_id, t.name nulls last, e.team_id, e.lastname, e.firstname, e.id
       offset (select page_index * ${DASHBOARD_PAGE_SIZE} from p)
        limit ${DASHBOARD_PAGE_SIZE})
     select n.total, p.page_index, emp.id, emp.firstname, emp.lastname, emp.acronym, emp.time_registration,
            emp.division_id, emp.division_name, emp.team_id, emp.team_name, coalesce(s.timezone, co.timezone) as zone,
            c.type, c.anomaly, c.date::text as clock_date,
            (select json_agg(json_build_object('id', l.id, 'time', extract(epoch from l.time)::bigint, 'type', l.type) order by l.time, l.id)
               from time_log l where l.time_clock_id = c.id and l.superseded_at is null) as logs
       from n cross join p
       left join emp on true
       left join subsidiary s on s.id = emp.subsidiary_id
       left join country co on co.id = coalesce(emp.country_id, s.country_id)
       -- Today's day, or yesterday's night shift still open (first entry less than 16 h ago, decision 0075).
       left join lateral (
         select d.id, d.type, d.anomaly, d.date
           from (select (?::timestamptz at time zone coalesce(s.timezone, co.timezone, 'Europe/Paris'))::date as today) loc
           join time_clock d on d.employee_id = emp.id and d.suggested = false and d.date between loc.today - 1 and loc.today
          where emp.time_registration
            and (d.date = loc.today or (d.type is not null and d.type <> 'END'
                 and (select min(l.time) from time_log l where l.time_clock_id = d.id and l.superseded_at is null)
                     > ?::timestamptz - make_interval(secs => ${MAX_SHIFT_SECONDS})))
          order by (d.date = loc.today and d.type is not null) desc, d.date
          limit 1) c on true
      order by emp.division_name nulls last, emp.division_id, emp.team_name nulls last, emp.team_id, emp.lastname, emp.firstname, emp.id`,
    [scopeId, page, scopeId, now, now],
  );
  const rows = found.filter((r): r is EmployeeRow => r.id !== null);
  const total = Number(found[0]?.total ?? 0);
  const pageIndex = Number(found[0]?.page_index ?? 0);
  const ids = rows.map((r) => r.id);
  const badging = rows.filter((r) => r.time_registration).map((r) => r.id);
  const [facts, leaves, overtime] = await Promise.all([
    loadExpectedFacts(em, badging, addDays(today, -1), addDays(today, 1)),
    // The cells are whole weeks: leaves of the first and last weeks' edges count too (as planningTable reads them).
    loadPlanningFacts(
      em,
      user,
      ids,
      { from: weeks[0]?.monday ?? range.from, to: weeks.length ? addDays(weeks[weeks.length - 1]!.monday, 6) : range.to },
      ["leaves"],
    ),
    // The time account of the running week, read as every other door reads it (decision 0071).
    timeAccountByWeek(em, badging, mondayToToday(today)[0]!, today, today),
  ]);
  const thisWeek = weekId(weekLinkOf(today));
  const overtimeOf = new Map(badging.flatMap((id) => (overtime.has(`${id}:${thisWeek}`) ? [[id, overtime.get(`${id}:${thisWeek}`)!] as const] : [])));

  const divisions: DashboardDivision[] = [];
  const groups: PlanningTable["groups"] = [];
  for (const r of rows) {
    const key = `${r.division_id ?? "-"}:${r.team_id ?? "-"}`;
    let group = groups[groups.length - 1];
    if (!group || group.key !== key) {
      group = { key, divisionName: r.division_name, teamName: r.team_name, rows: [] };
      groups.push(group);
    }
    let division = divisions[divisions.length - 1];
    if (!division || division.id !== r.division_id) {
      division = { id: r.division_id, name: r.division_name, teams: [] };
      divisions.push(division);
    }
    let team = division.teams[division.teams.length - 1];
    if (!team || team.id !== r.team_id) {
      team = { id: r.team_id, name: r.team_name, acronym: r.team_name ? teamAcronym(r.team_name) : null, employees: [] };
      division.teams.push(team);
    }
    const fullname = displayName(r.firstname, r.lastname);
    team.employees.push({
      id: r.id,
      fullname,
      acronym: employeeAcronym(r.acronym, r.firstname, r.lastname),
      state: r.time_registration ? stateToday(r, facts.get(r.id), now).state : null,
      weekSeconds: r.time_registration ? (overtimeOf.get(r.id) ?? null) : null,
    });
    group.rows.push({
      id: r.id,
      name: fullname,
      href: r.id === user.employeeId ? "/planning/me" : `/planning/employee/${r.id}`,
      cells: weekCells(weeks, leaves.get(r.id)?.leaves ?? []),
    });
  }
  return {
    range,
    planning: { weeks, months, groups },
    divisions,
    total,
    shown: rows.length,
    page: pageIndex + 1,
    pages: dashboardPageCount(total),
    first: pageIndex * DASHBOARD_PAGE_SIZE + 1,
    links,
  };
}
