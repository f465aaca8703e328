import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import type { DateRange } from "~/domain/shared/date-range";
import { displayName } from "~/domain/employees/name";
import { discloseLeave, type LeaveViewer } from "~/domain/leave/privacy";
import { monthGrid, yearGrid, type EventDayType, type PlanningFacts, type PlanningFilter, type PlanningLeave, type YearCell } from "~/domain/planning/planning";
import { planningYear, planningYears, seesPlanningOf, type PlanningViewer } from "~/domain/planning/rules";
import { type CalendarDate } from "~/domain/shared/time-calendar-date";
import { t } from "~/i18n/fr";
import { NotFoundError } from "~/services/shared/errors";
import { holidaysOver } from "~/services/organisation/holidays.server";
import { intArray } from "~/services/time-clock/views.server";

/**
 * The planning use cases (spec 2 planning screens, DESIGN §9) shared by the pages, the /api calls, the calendar
 * feeds and the dashboards: the facts of some employees over a period (one query per kind of data, whatever the
 * number of employees or weeks), the personal planning (yearly grid or month columns) and the planning table.
 * The privacy rule (domain/leave/privacy.ts) is applied here, before anything leaves the service.
 */

/** What the planning services need to know of the viewer (a CurrentUser fits). */
export type PlanningActor = PlanningViewer & LeaveViewer;

/**
 * SQL twin of seesPlanningOf (domain/planning/planning.ts), on alias `e`. Params: planningScopeParams(viewer).
 */
export const PLANNING_SCOPE_SQL = `(e.id = ? or ? or (? and e.division_id = ?) or (? and e.team_id = ?) or (? and e.subsidiary_id = ?))`;

export function planningScopeParams(viewer: PlanningActor): unknown[] {
  const p = viewer.profileType;
  return [
    viewer.employeeId,
    isManagement(p),
    p === "ROLE_DEPARTMENT_HEAD" || p === "ROLE_COMMERCIAL",
    viewer.divisionId ?? -1,
    p === "ROLE_TEAM_LEADER",
    viewer.teamId ?? -1,
    p === "ROLE_HOST_EMPLOYEE",
    viewer.subsidiaryId ?? -1,
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Owners and facts

export interface PlanningOwnerRow {
  id: number;
  firstname: string;
  lastname: string;
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
  hiredAt: CalendarDate | null;
  firedAt: CalendarDate | null;
}

/** One employee whose planning the viewer may read; NotFoundError otherwise (existence not revealed). */
export async function planningOwner(em: EntityManager, viewer: PlanningActor, employeeId: number): Promise<PlanningOwnerRow> {
  if (!Number.isSafeInteger(employeeId) || employeeId <= 0 || employeeId > 2_147_483_647) throw new NotFoundError(t("error.not_found_item"));
  const [row] = await em.execute<
    { id: number; firstname: string; lastname: string; subsidiary_id: number | null; division_id: number | null; team_id: number | null; hired_at: string | null; fired_at: string | null }[]
  >(
    `select e.id, e.firstname, e.lastname, e.subsidiary_id, e.division_id, e.team_id, e.hired_at::text as hired_at, e.fired_at::text as fired_at
       from employee e where e.id = ?`,
    [employeeId],
  );
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  const owner: PlanningOwnerRow = {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    subsidiaryId: row.subsidiary_id,
    divisionId: row.division_id,
    teamId: row.team_id,
    hiredAt: row.hired_at,
    firedAt: row.fired_at,
  };
  if (!seesPlanningOf(viewer, { employeeId: owner.id, subsidiaryId: owner.subsidiaryId, divisionId: owner.divisionId, teamId: owner.teamId })) {
    throw new NotFoundError(t("error.not_found_item"));
  }
  return owner;
}

export type FactKind = "holidays" | "leaves" | "overtimes" | "eventDays";
const ALL_KINDS: readonly FactKind[] = ["holidays", "leaves", "overtimes", "eventDays"];

/** A leave row as the planning reads it, with what the privacy rule and the feeds need. */
export interface PlanningLeaveRow extends PlanningLeave {
  employeeId: number;
  updatedAt: Date;
  version: number;
}

interface LeaveRow {
  id: number;
  employee_id: number;
  start: string;
  end: string;
  half_day_morning: boolean;
  half_day_afternoon: boolean;
  state: string;
  reason: string;
  nb_hour_absence: string | number | null;
  updated_at: Date;
  version: number;
  division_id: number | null;
  team_id: number | null;
}

/**
 * The planning facts of some employees over a period: at most one query per kind asked (holidays of their
 * countries, leaves on the planning, days with overtime, event days), whatever the number of employees. Leaves
 * come out with the privacy rule applied for the viewer.
 */
export async function loadPlanningFacts(
  em: EntityManager,
  viewer: PlanningActor,
  employeeIds: readonly number[],
  range: DateRange,
  kinds: readonly FactKind[] = ALL_KINDS,
): Promise<Map<number, PlanningFacts & { leaves: PlanningLeaveRow[] }>> {
  const out = new Map<number, PlanningFacts & { leaves: PlanningLeaveRow[]; holidays: { date: string; name: string }[]; overtimes: { date: string; seconds: number }[]; eventDays: { id: number; date: string; type: EventDayType }[] }>();
  const ids = [...new Set(employeeIds)];
  for (const id of ids) out.set(id, { holidays: [], leaves: [], overtimes: [], eventDays: [] });
  if (ids.length === 0) return out;
  const list = intArray(ids);
  const want = new Set(kinds);
  const [holidays, leaves, overtimes, eventDays] = await Promise.all([
    // Country and subsidiary holidays (decision 0031): the one holidays service, one query.
    want.has("holidays") ? holidaysOver(em, { employeeIds: ids }, range.from, range.to) : new Map<number, Map<string, string>>(),
    want.has("leaves")
      ? em.execute<LeaveRow[]>(
          `select l.id, l.employee_id, l.start::text as start, l."end"::text as "end", l.half_day_morning, l.half_day_afternoon,
                  l.state, l.reason, l.nb_hour_absence, l.updated_at, l.version, e.division_id, e.team_id
             from leave l join employee e on e.id = l.employee_id
            where l.employee_id = any(?::int[]) and l.start <= ? and l."end" >= ?
              and l.state not in ('refused', 'rejected', 'removed')
            order by l.start, l.id`,
          [list, range.to, range.from],
        )
      : [],
    want.has("overtimes")
      ? em.execute<{ employee_id: number; date: string; seconds: number }[]>(
          `select employee_id, date::text as date, overtime_seconds as seconds from overtime
            where employee_id = any(?::int[]) and date between ? and ? and overtime_seconds > 0 order by date`,
          [list, range.from, range.to],
        )
      : [],
    want.has("eventDays")
      ? em.execute<{ id: number; employee_id: number; date: string; type: string }[]>(
          `select id, employee_id, date::text as date, type from event_day
            where employee_id = any(?::int[]) and date between ? and ? order by date`,
          [list, range.from, range.to],
        )
      : [],
  ]);
  for (const [employeeId, days] of holidays) {
    for (const [date, name] of [...days].sort(([a], [b]) => (a < b ? -1 : 1))) out.get(employeeId)?.holidays.push({ date, name });
  }
  for (const l of leaves) out.get(l.employee_id)?.leaves.push(toPlanningLeave(viewer, l));
  for (const o of overtimes) out.get(o.employee_id)?.overtimes.push({ date: o.date, seconds: Number(o.seconds) });
  for (const d of eventDays) out.get(d.employee_id)?.eventDays.push({ id: d.id, date: d.date, type: d.type === "closed" ? "closed" : "moved" });
  return out;
}

function toPlanningLeave(viewer: PlanningActor, l: LeaveRow): PlanningLeaveRow {
  const shown = discloseLeave(
    viewer,
    { employeeId: l.employee_id, divisionId: l.division_id, teamId: l.team_id },
    { reason: l.reason, comment: null, nbHourAbsence: l.nb_hour_absence === null ? null : Number(l.nb_hour_absence), balances: null },
  );
  return {
    id: l.id,
    employeeId: l.employee_id,
    start: l.start,
    end: l.end,
    halfDayMorning: l.half_day_morning,
    halfDayAfternoon: l.half_day_afternoon,
    state: l.state,
    reason: shown.reason,
    nbHourAbsence: shown.reason === "RECOVERY_LEAVE" ? shown.nbHourAbsence : null,
    updatedAt: l.updated_at,
    version: l.version,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Personal planning

export interface PersonalPlanning {
  employee: { id: number; fullName: string };
  /** The viewer's own planning: only there are event days added and removed. */
  own: boolean;
  years: number[];
  year: number;
  filter: PlanningFilter;
  grid: YearCell[][];
  /** The year's closing and travel days (the list with remove buttons on one's own planning). */
  eventDays: { id: number; date: CalendarDate; type: EventDayType }[];
}

/** The yearly calendar of one employee (oneself, or in the viewer's planning scope; else NotFoundError). */
export async function personalPlanning(
  em: EntityManager,
  viewer: PlanningActor,
  employeeId: number,
  ask: { year?: string | null; filter: PlanningFilter },
  today: CalendarDate,
): Promise<PersonalPlanning> {
  const owner = await planningOwner(em, viewer, employeeId);
  const years = planningYears(owner.hiredAt, today);
  const year = planningYear(ask.year, years, today);
  const facts = (await loadPlanningFacts(em, viewer, [owner.id], { from: `${year}-01-01`, to: `${year}-12-31` })).get(owner.id)!;
  return {
    employee: { id: owner.id, fullName: displayName(owner.firstname, owner.lastname) },
    own: owner.id === viewer.employeeId,
    years,
    year,
    filter: ask.filter,
    grid: yearGrid(year, facts, ask.filter),
    eventDays: facts.eventDays.map((d) => ({ id: d.id, date: d.date, type: d.type })),
  };
}

/**
 * The personal planning over a period as month columns × 31 day rows (the employee dashboard's excerpt, spec 2
 * dashboards §5): one query per kind of data.
 */
export async function personalPlanningMonths(
  em: EntityManager,
  viewer: PlanningActor,
  employeeId: number,
  range: DateRange,
  filter: PlanningFilter = "all",
): Promise<{ employee: { id: number; fullName: string }; months: string[]; rows: YearCell[][] }> {
  const owner = await planningOwner(em, viewer, employeeId);
  const facts = (await loadPlanningFacts(em, viewer, [owner.id], range)).get(owner.id)!;
  return { employee: { id: owner.id, fullName: displayName(owner.firstname, owner.lastname) }, ...monthGrid(range, facts, filter) };
}
