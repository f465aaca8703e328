import type { EntityManager } from "@mikro-orm/postgresql";
import { MAX_SHIFT_SECONDS } from "~/domain/time-clock/clock-state";
import {
  DASHBOARD_PAGE_SIZE,
  DASHBOARD_PENDING_ROWS,
  dashboardPage,
  dashboardVariant,
  mondayToToday,
  orderSubsidiaryTabs,
  selectedTab,
  type ToDoCounts,
} from "~/domain/home/dashboard";
import type { DateRange } from "~/domain/shared/date-range";
import { isoWeekKey } from "~/domain/shared/iso-week";
import { type YearCell } from "~/domain/planning/planning";
import { dashboardPersonalRange } from "~/domain/planning/rules";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import type { CounterKind } from "~/domain/shell/menu";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { waitingConditionFor } from "~/services/identity/deputies.server";
import { MANAGER_SCOPE_SQL, managerScopeParams } from "~/services/leave/scope.server";
import { LEAVE_COLUMNS, LEAVE_FROM, tabCondition, toLeaveView, type LeaveRow } from "~/services/leave/leave.server";
import { loadPlanningFacts, personalPlanningMonths } from "~/services/planning/planning.server";
import { ACTIVE_SQL, scopeBlocks, type ScopeBlocks } from "./dashboard-scope.server";
import { subsidiaries } from "~/services/time-clock/views.server";

/**
 * The home dashboards (spec 2 "Dashboards", DESIGN §9, docs/decisions/0051), one loader per variant. The number of
 * SQL statements of each variant is fixed (tests/api/query-count.test.ts): the manager blocks read one page of
 * employees (DASHBOARD_PAGE_SIZE, decision 0054) and then, for all of them at once, their leaves (the planning's
 * loadPlanningFacts, privacy rule applied there), expected-time facts and overtime. The planning cells, columns and
 * ranges are the planning's (domain/planning/planning.ts, decision 0043).
 */

// The manager blocks (one scope's planning, badgings and week) live in services/home/dashboard-scope.server.ts.
export type { DashboardDivision, DashboardEmployee, DashboardTeam, ScopeBlocks } from "./dashboard-scope.server";

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

function yesterdaySearch(today: CalendarDate): string {
  const y = addDays(today, -1);
  return `?from=${y}&to=${y}`;
}

/** Everything the home page shows for this user. `counters` are the shell's (server/shared/request-state.server.ts). */
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
