import type { EntityManager } from "@mikro-orm/postgresql";
import { MAX_SHIFT_SECONDS, type EmployeeState } from "~/domain/clock-state";
import {
  DASHBOARD_PAGE_SIZE,
  DASHBOARD_PENDING_ROWS,
  dashboardPage,
  dashboardPageCount,
  dashboardVariant,
  employeeAcronym,
  mondayToToday,
  orderSubsidiaryTabs,
  selectedTab,
  teamAcronym,
  type ToDoCounts,
} from "~/domain/dashboard";
import type { DateRange } from "~/domain/date-range";
import { displayName } from "~/domain/employee-name";
import { isoWeekKey } from "~/domain/iso-week";
import {
  dashboardPersonalRange,
  dashboardPlanningRange,
  planningColumns,
  weekCells,
  type YearCell,
} from "~/domain/planning";
import { weekId, weekLinkOf } from "~/domain/overtime-screens";
import { addDays, type CalendarDate } from "~/domain/time-calendar-date";
import { localDate } from "~/domain/zoned-day";
import type { CounterKind } from "~/domain/menu";
import type { CurrentUser } from "./current-user.server";
import { waitingConditionFor } from "./deputies.server";
import { MANAGER_SCOPE_SQL, managerScopeParams } from "./leave-scope.server";
import { LEAVE_COLUMNS, LEAVE_FROM, tabCondition, toLeaveView, type LeaveRow } from "./leave.server";
import { loadPlanningFacts, personalPlanningMonths, type PlanningTable } from "./planning.server";
import { timeAccountByWeek } from "./overtime-account.server";
import { intArray, loadExpectedFacts, stateToday, subsidiaries, type ClockRow } from "./time-clock-views.server";

/**
 * The home dashboards (spec 2 "Dashboards", DESIGN §9, docs/decisions/0051), one loader per variant. The number of
 * SQL statements of each variant is fixed (tests/api/query-count.test.ts): the manager blocks read one page of
 * employees (DASHBOARD_PAGE_SIZE, decision 0054) and then, for all of them at once, their leaves (the planning's
 * loadPlanningFacts, privacy rule applied there), expected-time facts and overtime. The planning cells, columns and
 * ranges are the planning's (domain/planning.ts, decision 0043).
 */

/** A request shown on a dashboard (the waiting list's first rows, or one's own pending requests). */
export interface DashboardRequest {
  id: number;
  fullname: string;
  reasonLabel: string;
  start: CalendarDate;
  end: CalendarDate;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
  urgent: boolean;
  stateLabel: string;
  /** ISO instant. */
  createdAt: string;
}

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
  /** The planning excerpt as the planning table shows it (app/ui/planning-table.tsx). */
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

export interface ToDo {
  counts: ToDoCounts;
  links: Record<keyof ToDoCounts, string>;
}

interface ManagerCommon {
  title: string;
  toDo: ToDo;
  waiting: { rows: DashboardRequest[]; total: number };
}

export type Dashboard =
  | (ManagerCommon & {
      variant: "agency";
      tabs: { id: number; name: string; own: boolean }[];
      tab: number | null;
      blocks: ScopeBlocks | null;
    })
  | (ManagerCommon & { variant: "division" | "team"; blocks: ScopeBlocks })
  | { variant: "pending"; title: string; pending: DashboardRequest[] }
  | {
      variant: "employee";
      title: string;
      pending: DashboardRequest[];
      overtime: { date: CalendarDate; workedSeconds: number | null; overtimeSeconds: number | null; anomaly: boolean }[];
      /** The planning's month columns ('YYYY-MM') and 31 day rows (personalPlanningMonths). */
      planning: { range: DateRange; months: string[]; rows: YearCell[][] };
    };

const ACTIVE_SQL = `(e.fired_at is null or e.fired_at > current_date)`;

function toRequest(row: LeaveRow, user: CurrentUser): DashboardRequest {
  const view = toLeaveView(row, user);
  return {
    id: view.id,
    fullname: view.employee.fullname,
    reasonLabel: view.reasonLabel,
    start: view.start,
    end: view.end,
    halfDayMorning: view.halfDayMorning,
    halfDayAfternoon: view.halfDayAfternoon,
    urgent: view.urgent,
    stateLabel: view.stateLabel,
    createdAt: view.createdAt,
  };
}

/** One's own requests in flight, the first five by start date (employee and pending variants). */
async function ownPending(em: EntityManager, user: CurrentUser): Promise<DashboardRequest[]> {
  const rows = await em.execute<LeaveRow[]>(
    `select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where l.employee_id = ? and ${tabCondition("pending")}
      order by l.start, l.id limit ${DASHBOARD_PENDING_ROWS}`,
    [user.employeeId],
  );
  return rows.map((r) => toRequest(r, user));
}

/** What awaits the viewer's step, the first five as the waiting page orders them (urgent first). */
async function waitingFirst(em: EntityManager, user: CurrentUser): Promise<DashboardRequest[]> {
  // A deputy's first five include what awaits the managers they stand in for today (decision 0105).
  const waiting = waitingConditionFor(user);
  const rows = await em.execute<LeaveRow[]>(
    `select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where ${waiting.sql}
      order by l.urgent desc, l.start, l.id limit ${DASHBOARD_PENDING_ROWS}`,
    waiting.params,
  );
  return rows.map((r) => toRequest(r, user));
}

/**
 * A stored week at 80 % of the annual overtime quota or beyond (alias `w`). The partial index
 * overtime_week_near_quota_index has this very predicate (decision 0054): keep them identical, or the count reads
 * every week of the year and its JSON explanation again (tests/integration/dashboard-plans.test.ts).
 */
export const NEAR_QUOTA_SQL = `(w.explanation->'quota'->>'limitSeconds')::numeric > 0
  and w.quota_after_seconds * 10 >= (w.explanation->'quota'->>'limitSeconds')::numeric * 8`;

/** A day left open (no END) or flagged (alias `c`); the partial index time_clock_open_day_index has this predicate. */
export const OPEN_DAY_SQL = `c.suggested = false and (c.anomaly or (c.type is not null and c.type <> 'END'))`;

/**
 * The "to do" counts that the shell's counters do not already hold (anomalies of yesterday and people past 80 % of
 * the overtime quota, in the viewer's manager scope) and the names the titles need: one statement.
 */
async function toDoAndNames(em: EntityManager, user: CurrentUser, today: CalendarDate, now: Date) {
  const yesterday = addDays(today, -1);
  const [row] = await em.execute<{ anomalies: string; over_quota: string; team_name: string | null; division_name: string | null }[]>(
    `select
       (select count(*) from time_clock c join employee e on e.id = c.employee_id
         where c.date = ? and ${OPEN_DAY_SQL}
           -- a night shift still open within its 16 h is not over yet (decisions 0075, 0103)
           and (c.anomaly or coalesce((select min(l.time) from time_log l where l.time_clock_id = c.id and l.superseded_at is null)
                                      <= ?::timestamptz - make_interval(secs => ${MAX_SHIFT_SECONDS}), true))
           and ${MANAGER_SCOPE_SQL}) as anomalies,
       (select count(*) from (select distinct w.employee_id from overtime_week w where w.iso_year = ? and ${NEAR_QUOTA_SQL}) q
          join employee e on e.id = q.employee_id
         where ${ACTIVE_SQL} and ${MANAGER_SCOPE_SQL}) as over_quota,
       (select name from team where id = ?) as team_name,
       (select name from division where id = ?) as division_name`,
    [
      yesterday,
      now.toISOString(),
      ...managerScopeParams(user),
      isoWeekKey(today).year,
      ...managerScopeParams(user),
      user.teamId ?? -1,
      user.divisionId ?? -1,
    ],
  );
  return {
    anomalies: Number(row?.anomalies ?? 0),
    overQuota: Number(row?.over_quota ?? 0),
    teamName: row?.team_name ?? null,
    divisionName: row?.division_name ?? null,
  };
}

type Scope = { kind: "team" | "division" | "subsidiary"; id: number | null };

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
async function scopeBlocks(
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

function yesterdaySearch(today: CalendarDate): string {
  const y = addDays(today, -1);
  return `?from=${y}&to=${y}`;
}

/** Everything the home page shows for this user. `counters` are the shell's (request-state.server.ts). */
export async function loadDashboard(
  em: EntityManager,
  user: CurrentUser,
  counters: Partial<Record<CounterKind, number>>,
  query: { tab?: string | null; page?: string | null },
  now: Date = new Date(),
): Promise<Dashboard> {
  const variant = dashboardVariant(user.profileType);
  const today = localDate(now, "Europe/Paris");
  const page = dashboardPage(query.page);

  if (variant === "pending") {
    return { variant, title: "", pending: await ownPending(em, user) };
  }
  if (variant === "employee") {
    const planningRange = dashboardPersonalRange(today);
    const days = mondayToToday(today);
    const [pending, overtimeRows, planning] = await Promise.all([
      ownPending(em, user),
      em.execute<{ date: string; worked_seconds: number; overtime_seconds: number; anomaly: boolean }[]>(
        `select date::text as date, worked_seconds, overtime_seconds, anomaly from overtime
          where employee_id = ? and date between ? and ?`,
        [user.employeeId, days[0], today],
      ),
      // The planning's own month columns (decision 0043): holidays, leaves, event days and overtime badges.
      personalPlanningMonths(em, user, user.employeeId, planningRange),
    ]);
    const byDate = new Map(overtimeRows.map((r) => [r.date, r]));
    return {
      variant,
      title: "",
      pending,
      overtime: days.map((date) => {
        const r = byDate.get(date);
        return { date, workedSeconds: r?.worked_seconds ?? null, overtimeSeconds: r ? r.overtime_seconds : null, anomaly: r?.anomaly ?? false };
      }),
      planning: { range: planningRange, months: planning.months, rows: planning.rows },
    };
  }

  const waitingTotal = counters.waitingLeaves ?? 0;
  const management = variant === "agency";
  const toDoLinks = (overtime: string, badging: string): ToDo["links"] => ({
    leaves: "/leave/waiting",
    corrections: "/time-clock/edit-badging",
    anomalies: `${badging}${yesterdaySearch(today)}`,
    overQuota: overtime,
  });

  if (variant === "team" || variant === "division") {
    const team = variant === "team";
    const links = team
      ? { planning: "/planning/team", badging: "/time-clock/team-badging", overtime: "/overtime/team" }
      : { planning: "/planning/division", badging: "/time-clock/division-badging", overtime: "/overtime/division" };
    const [names, waiting, blocks] = await Promise.all([
      toDoAndNames(em, user, today, now),
      waitingFirst(em, user),
      scopeBlocks(em, user, { kind: team ? "team" : "division", id: team ? user.teamId : user.divisionId }, links, now, page),
    ]);
    return {
      variant,
      title: (team ? names.teamName : names.divisionName) ?? "",
      toDo: {
        counts: { leaves: waitingTotal, corrections: null, anomalies: names.anomalies, overQuota: names.overQuota },
        links: toDoLinks(links.overtime, links.badging),
      },
      waiting: { rows: waiting, total: waitingTotal },
      blocks,
    };
  }

  // Agency (management): the tab asked for (or the viewer's own subsidiary) is read alongside the list of tabs; when
  // it turns out not to be one of them, the first tab is read afterwards.
  const links = { planning: "/planning/agency", badging: "/time-clock/agency-badging", overtime: "/overtime/subsidiary" };
  const asked = query.tab && /^\d{1,9}$/.test(query.tab) ? Number(query.tab) : user.subsidiaryId;
  const blocksOf = (id: number) => scopeBlocks(em, user, { kind: "subsidiary", id }, id === user.subsidiaryId ? links : null, now, page);
  const [names, waiting, subs, guessed] = await Promise.all([
    toDoAndNames(em, user, today, now),
    waitingFirst(em, user),
    subsidiaries(em),
    asked !== null ? blocksOf(asked) : Promise.resolve(null),
  ]);
  const tabs = orderSubsidiaryTabs(subs, user.subsidiaryId).map((s) => ({ id: s.id, name: s.name, own: s.id === user.subsidiaryId }));
  const tab = selectedTab(tabs, query.tab ?? (user.subsidiaryId !== null ? String(user.subsidiaryId) : null));
  const blocks = tab === null ? null : tab === asked && guessed ? guessed : await blocksOf(tab);
  return {
    variant,
    title: tabs.find((s) => s.id === tab)?.name ?? "",
    toDo: {
      counts: {
        leaves: waitingTotal,
        corrections: management ? (counters.suggestedClocks ?? 0) : null,
        anomalies: names.anomalies,
        overQuota: names.overQuota,
      },
      links: toDoLinks(links.overtime, links.badging),
    },
    waiting: { rows: waiting, total: waitingTotal },
    tabs,
    tab,
    blocks,
  };
}
