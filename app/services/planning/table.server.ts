/**
 * The planning tables of a scope (spec 2 §5 "Planning", the agency, division and team views), their filters, and
 * the employees the dashboard plans: a page of employees at a time, with the facts of planning.server.ts.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import type { DateRange } from "~/domain/shared/date-range";
import { displayName } from "~/domain/employees/name";
import { planningColumns, weekCells, type PlanningMonthHeader, type PlanningWeekCell, type PlanningWeekHeader } from "~/domain/planning/planning";
import { PLANNING_PAGE_SIZE } from "~/domain/planning/rules";
import { addDays } from "~/domain/shared/time-calendar-date";
import { t } from "~/i18n/fr";
import { preparedQuery } from "~/server/shared/prepared.server";
import { NotFoundError } from "~/services/shared/errors";
import { PlanningActor, PLANNING_SCOPE_SQL, planningScopeParams, loadPlanningFacts } from "./planning.server";

// ---------------------------------------------------------------------------------------------------------------
// Planning tables (agency, division, team, and the dashboards' excerpt)

export type PlanningTableView = "agency" | "division" | "team";

/** Which employees a table shows; null fields are not restricted. `empty`: the viewer's scope holds no one. */
export interface PlanningTableScope {
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
  empty: boolean;
}

/**
 * The scope of a table for a viewer and the filters asked: team view, the leader's team; division view, the
 * division of a department head or commercial (a team of it may be picked); agency view, a host employee's
 * subsidiary, management's own subsidiary or any other they pick (a division and a team of it may be picked).
 * Anything asked outside that scope is a NotFoundError.
 */
export async function resolvePlanningScope(
  em: EntityManager,
  viewer: PlanningActor,
  view: PlanningTableView,
  ask: { subsidiaryId?: number | null; divisionId?: number | null; teamId?: number | null } = {},
): Promise<PlanningTableScope> {
  let scope: PlanningTableScope;
  if (view === "team") {
    scope = { subsidiaryId: null, divisionId: null, teamId: viewer.teamId, empty: viewer.teamId === null };
  } else if (view === "division") {
    scope = { subsidiaryId: null, divisionId: viewer.divisionId, teamId: null, empty: viewer.divisionId === null };
  } else {
    const subsidiaryId = isManagement(viewer.profileType) ? (ask.subsidiaryId ?? viewer.subsidiaryId) : viewer.subsidiaryId;
    if (ask.subsidiaryId != null && ask.subsidiaryId !== subsidiaryId) throw new NotFoundError(t("error.not_found_item"));
    if (ask.subsidiaryId != null && ask.subsidiaryId !== viewer.subsidiaryId) {
      const [found] = await em.execute<{ id: number }[]>(`select id from subsidiary where id = ?`, [ask.subsidiaryId]);
      if (!found) throw new NotFoundError(t("error.not_found_item"));
    }
    scope = { subsidiaryId, divisionId: null, teamId: null, empty: subsidiaryId === null };
  }
  const wantDivision = view === "agency" ? (ask.divisionId ?? null) : null;
  const wantTeam = view === "team" ? null : (ask.teamId ?? null);
  if (wantDivision === null && wantTeam === null) return scope;
  const [division, team] = await Promise.all([
    wantDivision === null
      ? null
      : em.execute<{ id: number; subsidiary_id: number }[]>(`select id, subsidiary_id from division where id = ?`, [wantDivision]).then((r) => r[0] ?? null),
    wantTeam === null
      ? null
      : em
          .execute<{ id: number; subsidiary_id: number; division_id: number }[]>(`select id, subsidiary_id, division_id from team where id = ?`, [wantTeam])
          .then((r) => r[0] ?? null),
  ]);
  if (wantDivision !== null) {
    if (!division || division.subsidiary_id !== scope.subsidiaryId) throw new NotFoundError(t("error.not_found_item"));
    scope = { ...scope, divisionId: division.id };
  }
  if (wantTeam !== null) {
    const outside =
      !team ||
      (scope.subsidiaryId !== null && team.subsidiary_id !== scope.subsidiaryId) ||
      (scope.divisionId !== null && team.division_id !== scope.divisionId);
    if (outside) throw new NotFoundError(t("error.not_found_item"));
    scope = { ...scope, teamId: team.id };
  }
  return scope;
}

export interface PlanningTableRow {
  id: number;
  name: string;
  /** The person's planning, or one's own. */
  href: string;
  cells: (PlanningWeekCell | null)[];
}

export interface PlanningTableGroup {
  key: string;
  divisionName: string | null;
  teamName: string | null;
  rows: PlanningTableRow[];
}

export interface PlanningTable {
  range: DateRange;
  weeks: PlanningWeekHeader[];
  months: PlanningMonthHeader[];
  groups: PlanningTableGroup[];
  /** Employees on this page. */
  employeeCount: number;
  /** Employees of the whole scope over the period, the page shown (1-based, clamped to the last) and the pages. */
  total: number;
  page: number;
  pages: number;
  /** Rank of the first and last employee shown (1-based; 0 when the scope is empty). */
  first: number;
  last: number;
}

/** The employees of a scope, active at some point of the period, by division, team and name (one query). */
export async function scopeEmployees(em: EntityManager, scope: PlanningTableScope, range: DateRange) {
  if (scope.empty) return [];
  return em.execute<
    { id: number; firstname: string; lastname: string; division_id: number | null; division_name: string | null; team_id: number | null; team_name: string | null }[]
  >(
    `select e.id, e.firstname, e.lastname, e.division_id, d.name as division_name, e.team_id, t.name as team_name
       from employee e
       left join division d on d.id = e.division_id
       left join team t on t.id = e.team_id
      where ${SCOPE_PERIOD_SQL}
      order by ${PLANNING_ORDER_SQL}`,
    scopePeriodParams(scope, range),
  );
}

/** The employees of a table's scope active at some point of the period, on alias `e`. Params: scopePeriodParams. */
const SCOPE_PERIOD_SQL = `(?::int is null or e.subsidiary_id = ?) and (?::int is null or e.division_id = ?) and (?::int is null or e.team_id = ?)
        and (e.fired_at is null or e.fired_at >= ?) and (e.hired_at is null or e.hired_at <= ?)`;
const PLANNING_ORDER_SQL = `d.name nulls last, e.division_id nulls last, t.name nulls last, e.team_id nulls last, lower(e.lastname), lower(e.firstname), e.id`;

function scopePeriodParams(scope: PlanningTableScope, range: DateRange): unknown[] {
  return [scope.subsidiaryId, scope.subsidiaryId, scope.divisionId, scope.divisionId, scope.teamId, scope.teamId, range.from, range.to];
}

interface PagedEmployeeRow {
  total: number;
  page_index: number;
  id: number | null;
  firstname: string;
  lastname: string;
  division_id: number | null;
  division_name: string | null;
  team_id: number | null;
  team_name: string | null;
}

/**
 * The planning table of a scope over a period, one page of PLANNING_PAGE_SIZE employees (docs/decisions/0056): one
 * row per employee grouped by division and team, one cell per ISO week (the week entry rule), months and week numbers
 * for the header. Two statements whatever the size of the scope and the page: the scope's count, the page asked
 * clamped to the last one and its employees (one statement, top-N sort), then their leaves.
 */
export async function planningTable(
  em: EntityManager,
  viewer: PlanningActor,
  scope: PlanningTableScope,
  range: DateRange,
  page = 1,
): Promise<PlanningTable> {
  const { weeks, months } = planningColumns(range);
  const found: PagedEmployeeRow[] = scope.empty
    ? []
    : await preparedQuery<PagedEmployeeRow>(
        em,
        // A named prepared statement (app/server/shared/prepared.server.ts): its text never changes (docs/decisions/0056).
        "planning_table_page",
        // The count and the clamped page come first (CTEs n and p): a page past the end shows the last one, and an
        // empty scope still answers one row (employee columns null) carrying the count.
        `with n as (select count(*)::int as total from employee e where ${SCOPE_PERIOD_SQL}),
         p as (select greatest(0, least(?::int - 1, (n.total - 1) / ${PLANNING_PAGE_SIZE})) as page_index from n),
         emp as (
           select e.id, e.firstname, e.lastname, e.division_id, d.name as division_name, e.team_id, t.name as team_name
             from employee e
             left join division d on d.id = e.division_id
             left join team t on t.id = e.team_id
            where ${SCOPE_PERIOD_SQL}
            order by ${PLANNING_ORDER_SQL}
           offset (select page_index * ${PLANNING_PAGE_SIZE} from p)
            limit ${PLANNING_PAGE_SIZE})
         select n.total, p.page_index, emp.* from n cross join p left join emp on true`,
        [...scopePeriodParams(scope, range), page, ...scopePeriodParams(scope, range)],
      );
  const employees = found.filter((r): r is PagedEmployeeRow & { id: number } => r.id !== null);
  const total = Number(found[0]?.total ?? 0);
  const pageIndex = Number(found[0]?.page_index ?? 0);
  const facts = await loadPlanningFacts(
    em,
    viewer,
    employees.map((e) => e.id),
    // The cells are whole weeks: leaves of the first and last weeks' edges count too.
    { from: weeks[0]?.monday ?? range.from, to: weeks.length ? addDays(weeks[weeks.length - 1]!.monday, 6) : range.to },
    ["leaves"],
  );
  const groups: PlanningTableGroup[] = [];
  for (const e of employees) {
    const key = `${e.division_id ?? "-"}:${e.team_id ?? "-"}`;
    let group = groups[groups.length - 1];
    if (!group || group.key !== key) {
      group = { key, divisionName: e.division_name, teamName: e.team_name, rows: [] };
      groups.push(group);
    }
    group.rows.push({
      id: e.id,
      name: displayName(e.firstname, e.lastname),
      href: e.id === viewer.employeeId ? "/planning/me" : `/planning/employee/${e.id}`,
      cells: weekCells(weeks, facts.get(e.id)?.leaves ?? []),
    });
  }
  const first = employees.length ? pageIndex * PLANNING_PAGE_SIZE + 1 : 0;
  return {
    range,
    weeks,
    months,
    groups,
    employeeCount: employees.length,
    total,
    page: pageIndex + 1,
    pages: Math.max(1, Math.ceil(total / PLANNING_PAGE_SIZE)),
    first,
    last: employees.length ? first + employees.length - 1 : 0,
  };
}

/** The choices of the filter panel: subsidiaries (management, agency view), divisions and teams of the scope. */
export async function planningFilterOptions(em: EntityManager, viewer: PlanningActor, view: PlanningTableView, scope: PlanningTableScope) {
  const base = { subsidiaryId: scope.subsidiaryId, divisionId: view === "division" ? scope.divisionId : null };
  const [subsidiaries, divisions, teams] = await Promise.all([
    view === "agency" && isManagement(viewer.profileType)
      ? em.execute<{ id: number; name: string }[]>(`select id, name from subsidiary order by name, id`)
      : Promise.resolve([]),
    view === "agency" && base.subsidiaryId !== null
      ? em.execute<{ id: number; name: string }[]>(`select id, name from division where subsidiary_id = ? order by name, id`, [base.subsidiaryId])
      : Promise.resolve([]),
    view === "team" || (base.subsidiaryId === null && base.divisionId === null)
      ? Promise.resolve([])
      : em.execute<{ id: number; name: string; division_id: number }[]>(
          `select id, name, division_id from team where (?::int is null or subsidiary_id = ?) and (?::int is null or division_id = ?) order by name, id`,
          [base.subsidiaryId, base.subsidiaryId, base.divisionId, base.divisionId],
        ),
  ]);
  return { subsidiaries, divisions, teams: teams.map((tm) => ({ id: tm.id, name: tm.name, divisionId: tm.division_id })) };
}

// ---------------------------------------------------------------------------------------------------------------
// The dashboards' employee list (spec 2 §7 "other data": subsidiaryId, divisionId, teamId)

export interface DashboardEmployee {
  id: number;
  fullName: string;
  division: { id: number; name: string } | null;
  team: { id: number; name: string } | null;
}

/**
 * The active employees of a subsidiary, division or team (each filter optional) that the viewer may see on a
 * planning, by division, team and name: one query. Filters outside the viewer's scope simply match nobody.
 */
export async function dashboardEmployees(
  em: EntityManager,
  viewer: PlanningActor,
  ask: { subsidiaryId: number | null; divisionId: number | null; teamId: number | null },
): Promise<DashboardEmployee[]> {
  const rows = await em.execute<
    { id: number; firstname: string; lastname: string; division_id: number | null; division_name: string | null; team_id: number | null; team_name: string | null }[]
  >(
    `select e.id, e.firstname, e.lastname, e.division_id, d.name as division_name, e.team_id, t.name as team_name
       from employee e
       left join division d on d.id = e.division_id
       left join team t on t.id = e.team_id
      where e.fired_at is null and ${PLANNING_SCOPE_SQL}
        and (?::int is null or e.subsidiary_id = ?) and (?::int is null or e.division_id = ?) and (?::int is null or e.team_id = ?)
      order by d.name nulls last, e.division_id nulls last, t.name nulls last, e.team_id nulls last, lower(e.lastname), lower(e.firstname), e.id`,
    [...planningScopeParams(viewer), ask.subsidiaryId, ask.subsidiaryId, ask.divisionId, ask.divisionId, ask.teamId, ask.teamId],
  );
  return rows.map((r) => ({
    id: r.id,
    fullName: displayName(r.firstname, r.lastname),
    division: r.division_id === null ? null : { id: r.division_id, name: r.division_name ?? "" },
    team: r.team_id === null ? null : { id: r.team_id, name: r.team_name ?? "" },
  }));
}
