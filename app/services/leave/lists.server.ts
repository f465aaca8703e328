import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import { displayName, compareEmployees } from "~/domain/employees/name";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate, resolveTimeZone } from "~/domain/shared/zoned-day";
import { isCleanText } from "~/domain/shared/text";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { AppError, NotFoundError } from "~/services/shared/errors";
import { standingInWithKeys, waitingConditionFor, type StandingInToday } from "~/services/identity/deputies.server";
import { MANAGER_SCOPE_SQL, managerScopeParams, inViewScope } from "./scope.server";
import { LEAVE_COLUMNS, LEAVE_FROM, tabCondition, toLeaveView, type LeaveRow, type LeaveTab, type LeaveView } from "./leave.server";

/**
 * Manager lists of leaves: the waiting list (what awaits the viewer's step, the same condition as the menu
 * counter) and the all-leaves lists of the /api. One SQL query per list.
 */

/** A period both ends included; a leave is in it when it overlaps it. */
export interface Period {
  start: CalendarDate;
  end: CalendarDate;
}

const OVERLAPS_SQL = `l.start <= ? and l."end" >= ?`;

function periodParams(p: Period) {
  return [p.end, p.start];
}

export interface WaitingFilterInput {
  year?: number;
  month?: number | "all";
  employee?: number | "all";
  /** Part of a name (the filter of a large scope: first or last name, any case). */
  name?: string;
  /** The page of the tab (1 when absent; past the last page: the last page). */
  page?: number;
}

/** Requests per page of each tab (pending: every request the counter announces is on one of its pages). */
export const PENDING_PAGE_SIZE = 50;

export interface WaitingPage {
  filter: { year: number; month: number | "all"; employee: number | "all"; name: string };
  years: number[];
  /** The employee filter's options; empty when the scope is too large for a list (then `employeeSearch`). */
  employees: { id: number; fullname: string }[];
  /** True when the scope holds more than EMPLOYEE_OPTIONS_MAX people: the filter is a name field (decision 0065). */
  employeeSearch: boolean;
  tab: LeaveTab;
  leaves: LeaveView[];
  /** The tab's pages. */
  pager: { page: number; pages: number; total: number };
  /**
   * Each leave's employee's subsidiary, division and team, in the order of `leaves`; on the pending tab also the
   * stored step and the counters the decision aid reads ("Solde après ce congé"), whatever the viewer may otherwise see
   * of them (a deputy decides with the manager's information, issue 41, decision 0128).
   */
  places: {
    id: number;
    subsidiaryId: number | null;
    divisionId: number | null;
    teamId: number | null;
    waitingFor?: string | null;
    counters?: WaitingCounters;
  }[];
  /** The managers the viewer stands in for today (deputies, pending tab only), with their waiting keys. */
  standingIn: StandingInToday[];
}

export interface WaitingCounters {
  holidayEarnedLastYear: number;
  holidayTakenLastYear: number;
  holidayEarnedThisYear: number;
  holidayTakenThisYear: number;
  recoveryEarned: number;
  recoveryTaken: number;
}

function monthPeriod(year: number, month: number | "all"): Period {
  if (month === "all") return { start: `${year}-01-01`, end: `${year}-12-31` };
  const mm = String(month).padStart(2, "0");
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${year}-${mm}-01`, end: `${year}-${mm}-${String(last).padStart(2, "0")}` };
}

/**
 * A list of options is for a team or a division: above this many people in the manager's scope (management of a
 * company of thousands), the employee filter is a name field instead (decision 0065).
 */
export const EMPLOYEE_OPTIONS_MAX = 150;

/**
 * The employees of the manager's scope (filter options), active ones, sorted by name; null when there are more than
 * EMPLOYEE_OPTIONS_MAX of them (at most that many + 1 rows are read).
 */
export async function scopeEmployees(em: EntityManager, user: CurrentUser): Promise<{ id: number; fullname: string }[] | null> {
  const rows = await em.execute<{ id: number; firstname: string; lastname: string }[]>(
    `select e.id, e.firstname, e.lastname from employee e where e.fired_at is null and ${MANAGER_SCOPE_SQL} limit ${EMPLOYEE_OPTIONS_MAX + 1}`,
    managerScopeParams(user),
  );
  if (rows.length > EMPLOYEE_OPTIONS_MAX) return null;
  return rows.sort(compareEmployees).map((r) => ({ id: r.id, fullname: displayName(r.firstname, r.lastname) }));
}

/** `name` as a LIKE pattern matching inside "first last" or "last first" (its wildcards taken literally). */
function namePattern(name: string): string {
  return `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filter's name condition on the employee `e`: first name then last name, or the other way round. */
const NAME_SQL = `(lower(e.firstname || ' ' || e.lastname) like ? or lower(e.lastname || ' ' || e.firstname) like ?)`;

/**
 * The waiting-leaves page: filters (year 2020..current + 2, default current; month, default current; employee),
 * then one tab: pending = everything awaiting the viewer's step, whatever its month (the list the menu counter
 * counts and the notification mail links to), urgent first then by start date, PENDING_PAGE_SIZE a page (`page`);
 * accepted / rejected = the leaves of the scope in the chosen month (or year), most recently decided first, paged alike.
 */
export async function waitingPage(
  em: EntityManager,
  user: CurrentUser,
  input: WaitingFilterInput & { tab?: LeaveTab },
  now = new Date(),
): Promise<WaitingPage> {
  const today = localDate(now, resolveTimeZone("Europe/Paris"));
  const currentYear = Number(today.slice(0, 4));
  const years = Array.from({ length: currentYear + 2 - 2020 + 1 }, (_, i) => 2020 + i);
  const year = input.year && years.includes(input.year) ? input.year : currentYear;
  const month = input.month ?? Number(today.slice(5, 7));
  const optionsRead = scopeEmployees(em, user);
  // Without an employee or a name asked (the common case) the list does not depend on the filter's options: their
  // statement goes with the list's two. Otherwise the options decide first: a list (the chosen employee must be one
  // of them) or a name field (large scope: an id still narrows the list — a link from elsewhere —, the scope
  // conditions below keeping it to the viewer's people).
  const filtered = typeof input.employee === "number" || (input.name ?? "").trim() !== "";
  const known = filtered ? await optionsRead : undefined;
  const employee =
    typeof input.employee === "number" && (known === null || known?.some((e) => e.id === input.employee)) ? input.employee : "all";
  const name = known === null ? (input.name ?? "").trim().slice(0, 60) : "";
  const tab = input.tab ?? "pending";
  const where: string[] = [];
  const params: unknown[] = [];
  if (tab === "pending") {
    // What the menu counter counts, whatever its month: the year/month filters narrow only the decided tabs.
    // A deputy's list adds what awaits the managers they stand in for today (decision 0105).
    const waiting = waitingConditionFor(user, today);
    where.push(waiting.sql);
    params.push(...waiting.params);
  } else {
    where.push(OVERLAPS_SQL, MANAGER_SCOPE_SQL, tabCondition(tab));
    params.push(...periodParams(monthPeriod(year, month)), ...managerScopeParams(user));
  }
  if (employee !== "all") {
    where.push(`l.employee_id = ?`);
    params.push(employee);
  }
  if (name) {
    where.push(NAME_SQL);
    params.push(namePattern(name), namePattern(name));
  }
  // Every tab is paged, PENDING_PAGE_SIZE a page: the pending one (what the counter counts may exceed a page) and the
  // decided ones (a month of a company of thousands is thousands of rows). The count and the asked page are read at
  // once on their own connections (round trips saved); a page past the end, rare, reads the last page after.
  // The pending tab's conditions are on the leave alone (WAITING_CONDITION_SQL, employee): without a name to match,
  // it is counted from the leave's waiting index, without the join.
  const countFrom = tab === "pending" && !name ? "leave l" : LEAVE_FROM;
  const readPage = (p: number) =>
    em.execute<LeaveRow[]>(
      `select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where ${where.join(" and ")}
        order by ${tab === "pending" ? "l.urgent desc, l.start asc, l.id asc" : "l.updated_at desc, l.id desc"}
        limit ${PENDING_PAGE_SIZE} offset ${(p - 1) * PENDING_PAGE_SIZE}`,
      params,
    );
  const asked = Math.max(1, input.page ?? 1);
  // Whom a deputy replaces (named above the cards and on each card, issue 41): one statement, deputies only.
  const standingRead = tab === "pending" && user.deputyFor?.length ? standingInWithKeys(em, user.employeeId, today) : Promise.resolve([]);
  const [options, [count], askedRows, standingIn] = await Promise.all([
    optionsRead,
    em.execute<{ n: number }[]>(`select count(*)::int as n from ${countFrom} where ${where.join(" and ")}`, params),
    readPage(asked),
    standingRead,
  ]);
  const total = count?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / PENDING_PAGE_SIZE));
  const current = Math.min(asked, pages);
  const pager = { page: current, pages, total };
  const rows = current === asked ? askedRows : await readPage(current);
  return {
    filter: { year, month, employee, name },
    years,
    employees: options ?? [],
    employeeSearch: options === null,
    tab,
    leaves: rows.map((r) => toLeaveView(r, user)),
    // Where each request's employee belongs: its card links to that team's schedule (issue 28 item 3).
    places: rows.map((r) => ({
      id: r.id,
      subsidiaryId: r.subsidiary_id,
      divisionId: r.division_id,
      teamId: r.team_id,
      ...(tab === "pending"
        ? {
            waitingFor: r.waiting_for,
            counters: {
              holidayEarnedLastYear: r.holiday_earned_last_year,
              holidayTakenLastYear: r.holiday_taken_last_year,
              holidayEarnedThisYear: r.holiday_earned_this_year,
              holidayTakenThisYear: r.holiday_taken_this_year,
              recoveryEarned: r.recovery_earned,
              recoveryTaken: r.recovery_taken,
            },
          }
        : {}),
    })),
    standingIn,
    pager,
  };
}

/** GET /api/leaves/waiting: what awaits the viewer's step (the menu counter's list). */
export async function waitingLeaves(em: EntityManager, user: CurrentUser): Promise<LeaveView[]> {
  const waiting = waitingConditionFor(user);
  const rows = await em.execute<LeaveRow[]>(
    `select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where ${waiting.sql} order by l.urgent desc, l.start, l.id`,
    waiting.params,
  );
  return rows.map((r) => toLeaveView(r, user));
}

/**
 * GET /api/leaves/waiting-planning: every request still in flight in the viewer's scope, whatever the step, as the
 * planning shows them (need_review badges), optionally within a period.
 */
export async function waitingPlanningLeaves(em: EntityManager, user: CurrentUser, period?: Period): Promise<LeaveView[]> {
  const rows = await em.execute<LeaveRow[]>(
    `select ${LEAVE_COLUMNS} from ${LEAVE_FROM}
      where ${tabCondition("pending")} and ${MANAGER_SCOPE_SQL} ${period ? `and ${OVERLAPS_SQL}` : ""}
      order by l.start, l.id`,
    [...managerScopeParams(user), ...(period ? periodParams(period) : [])],
  );
  return rows.map((r) => toLeaveView(r, user));
}

/**
 * GET /api/leaves/all: the leaves of the viewer's manager scope (every state), newest decision first, optionally
 * within a period and for one employee (outside the scope: 404).
 */
export async function allLeaves(
  em: EntityManager,
  user: CurrentUser,
  input: { period?: Period; employeeId?: number },
): Promise<LeaveView[]> {
  const where = [MANAGER_SCOPE_SQL];
  const params: unknown[] = managerScopeParams(user);
  if (input.period) {
    where.push(OVERLAPS_SQL);
    params.push(...periodParams(input.period));
  }
  if (input.employeeId !== undefined) {
    await employeeInScope(em, user, input.employeeId);
    where.push("l.employee_id = ?");
    params.push(input.employeeId);
  }
  const rows = await em.execute<LeaveRow[]>(
    `select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where ${where.join(" and ")} order by l.updated_at desc, l.id desc limit 2000`,
    params,
  );
  return rows.map((r) => toLeaveView(r, user));
}

async function employeeInScope(em: EntityManager, user: CurrentUser, employeeId: number) {
  const [row] = await em.execute<{ id: number; division_id: number | null; team_id: number | null }[]>(
    `select id, division_id, team_id from employee where id = ?`,
    [Number.isSafeInteger(employeeId) && employeeId <= 2_147_483_647 ? employeeId : -1],
  );
  if (!row || !inViewScope(user, { id: row.id, divisionId: row.division_id, teamId: row.team_id })) {
    throw new NotFoundError(t("error.not_found_item"));
  }
}

/** GET /api/leaves/valid/employee/{id}: the accepted leaves of an employee (oneself, or in one's manager scope). */
export async function validLeavesOf(em: EntityManager, user: CurrentUser, employeeId: number): Promise<LeaveView[]> {
  await employeeInScope(em, user, employeeId);
  const rows = await em.execute<LeaveRow[]>(
    `select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where l.employee_id = ? and l.state = 'accepted' order by l.start desc, l.id desc`,
    [employeeId],
  );
  return rows.map((r) => toLeaveView(r, user));
}

/**
 * GET /api/leaves/filtered/{subsidiaryId}: the leaves on a planning (in flight or accepted) of a subsidiary, by
 * division, team, employee name and period. Management sees any subsidiary; the others only their own (else 404),
 * narrowed to their division (department head, commercial) or team (team leader); host employees see their agency.
 */
export async function filteredLeaves(
  em: EntityManager,
  user: CurrentUser,
  subsidiaryId: number,
  input: { divisionId?: number; teamId?: number; employeeName?: string; period?: Period },
): Promise<LeaveView[]> {
  const [sub] = await em.execute<{ id: number }[]>(`select id from subsidiary where id = ?`, [
    Number.isSafeInteger(subsidiaryId) && subsidiaryId <= 2_147_483_647 ? subsidiaryId : -1,
  ]);
  if (!sub || (!isManagement(user.profileType) && user.subsidiaryId !== subsidiaryId)) throw new NotFoundError(t("error.not_found_item"));
  const where = [`e.subsidiary_id = ?`, `l.state in ('pending', 'prevalidate', 'validate', 'accepted')`];
  const params: unknown[] = [subsidiaryId];
  if (user.profileType === "ROLE_DEPARTMENT_HEAD" || user.profileType === "ROLE_COMMERCIAL") {
    where.push(`e.division_id = ?`);
    params.push(user.divisionId ?? -1);
  } else if (user.profileType === "ROLE_TEAM_LEADER") {
    where.push(`e.team_id = ?`);
    params.push(user.teamId ?? -1);
  }
  if (input.divisionId !== undefined) {
    where.push(`e.division_id = ?`);
    params.push(input.divisionId);
  }
  if (input.teamId !== undefined) {
    where.push(`e.team_id = ?`);
    params.push(input.teamId);
  }
  if (input.employeeName && !isCleanText(input.employeeName)) throw new AppError(400, t("validation.text_forbidden_chars"));
  if (input.employeeName?.trim()) {
    where.push(`(e.firstname || ' ' || e.lastname) ilike ? or (e.lastname || ' ' || e.firstname) ilike ?`.replace(/^(.*)$/, "($1)"));
    const like = `%${input.employeeName.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, like);
  }
  if (input.period) {
    where.push(OVERLAPS_SQL);
    params.push(...periodParams(input.period));
  }
  const rows = await em.execute<LeaveRow[]>(
    `select ${LEAVE_COLUMNS} from ${LEAVE_FROM} where ${where.join(" and ")} order by e.lastname, e.firstname, l.start limit 5000`,
    params,
  );
  return rows.map((r) => toLeaveView(r, user));
}
