import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import { compareEmployees, displayName } from "~/domain/employees/name";
import { isCleanText } from "~/domain/shared/text";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";
import { assertManagement, EMPLOYEE_SELECT, findRecord, sortCollation, toRecord, type EmployeeRecord, type Row } from "./records.server";

/**
 * Employee directory and sheets, reading (spec 1 §2, §3, §5): one SQL query per screen (joins, no query per row).
 * Writing is `services/employees/writes.server.ts`; the row and its /api shape are `services/employees/records.server.ts`.
 */

/** The sheet of an employee, for management (the HTML sheet). */
export async function getEmployeeSheet(em: EntityManager, actor: CurrentUser, id: number): Promise<EmployeeRecord> {
  assertManagement(actor);
  const record = await findRecord(em, id);
  if (!record) throw new NotFoundError(t("error.not_found_item"));
  return record;
}

/** A former contract of an employee as the sheet lists it (decision 0070): in force until the day before `until`. */
export interface FormerContract {
  /** The Monday the next contract applied from. */
  until: CalendarDate;
  /** Its last day, the Sunday before. */
  lastDay: CalendarDate;
  hours: number | null;
  weekType: string;
}

/** The former contracts of an employee, newest first (management, like the sheet): one query. */
export async function formerContracts(em: EntityManager, actor: CurrentUser, id: number): Promise<FormerContract[]> {
  assertManagement(actor);
  return em.execute<FormerContract[]>(
    `select valid_until::text as until, (valid_until - 1)::text as "lastDay", number_of_hours_per_week::float8 as hours, week_type as "weekType"
       from contract_history where employee_id = ? order by valid_until desc`,
    [id],
  );
}

/** GET /api/employees/{id}: management sees everyone; anyone else only their own sheet (others: 404). */
export async function getEmployeeForCaller(em: EntityManager, actor: CurrentUser, id: number): Promise<EmployeeRecord> {
  if (!isManagement(actor.profileType) && id !== actor.employeeId) throw new NotFoundError(t("error.not_found_item"));
  const record = await findRecord(em, id);
  if (!record) throw new NotFoundError(t("error.not_found_item"));
  return record;
}

// ---------- the list (/api/employees) ----------

export interface EmployeeFilters {
  /** true: archived only; false: active only; undefined: both. */
  archived?: boolean;
  orderByFiredAtDesc?: boolean;
  subsidiary?: number;
  division?: number;
  team?: number;
  /** exists[team]=false: only employees without a team. */
  withoutTeam?: boolean;
  page?: number;
}

export const PAGE_SIZE = 30;

/** A page of employees (30), ordered by last name, first name (or departure date, latest first). One query. */
export async function listEmployees(
  em: EntityManager,
  actor: CurrentUser,
  filters: EmployeeFilters,
): Promise<{ members: EmployeeRecord[]; total: number }> {
  assertManagement(actor);
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.archived === true) where.push("e.fired_at is not null");
  if (filters.archived === false) where.push("e.fired_at is null");
  if (filters.subsidiary !== undefined) (where.push("e.subsidiary_id = ?"), params.push(filters.subsidiary));
  if (filters.division !== undefined) (where.push("e.division_id = ?"), params.push(filters.division));
  if (filters.team !== undefined) (where.push("e.team_id = ?"), params.push(filters.team));
  if (filters.withoutTeam) where.push("e.team_id is null");
  const coll = await sortCollation(em);
  const order = `${filters.orderByFiredAtDesc ? "e.fired_at desc nulls last, " : ""}e.lastname${coll}, e.firstname${coll}, e.id`;
  const page = Math.max(1, filters.page ?? 1);
  // The page's ids first, read in the order of employee_name_order_index and stopped after 30; the count apart; then
  // the full rows of those 30 only: the select list's subqueries (schedule weeks, today's leave, in overtime) run 30
  // times, not once per employee of the filter, and nothing sorts the whole company (at 50,000 employees the list
  // passed the 15 s statement bound, decision 0104). Still one statement.
  const filter = where.length ? `where ${where.join(" and ")}` : "";
  const rows = await em.getConnection().execute<Row[]>(
    `with page as (
       select e.id, row_number() over (order by ${order}) as n from employee e ${filter} order by ${order} limit ? offset ?)
     select (select count(*) from employee e ${filter}) as "totalItems", x.*
       from page cross join lateral (${EMPLOYEE_SELECT} where e.id = page.id) x
      order by page.n`,
    [...params, PAGE_SIZE, (page - 1) * PAGE_SIZE, ...params],
  );
  let total = rows.length ? Number(rows[0]!.totalItems) : 0;
  if (!rows.length && page > 1) {
    // Past the last page: the window count is gone with the rows, ask for it alone.
    const [c] = await em
      .getConnection()
      .execute<{ n: string }[]>(`select count(*) as n from employee e ${where.length ? `where ${where.join(" and ")}` : ""}`, params);
    total = Number(c?.n ?? 0);
  }
  return { members: rows.map(toRecord), total };
}

// ---------- the directory screens ----------

export interface EmployeeCard {
  id: number;
  displayName: string;
  position: string | null;
  firedAt: string | null;
}

function cardOf(r: { id: number; firstname: string; lastname: string; position: string | null; firedAt: string | null }): EmployeeCard {
  return { id: r.id, displayName: displayName(r.firstname, r.lastname), position: r.position, firedAt: r.firedAt };
}

type CardRow = { id: number; firstname: string; lastname: string; position: string | null; firedAt: string | null };
const CARD_SELECT = `select e.id, e.firstname, e.lastname, e.position, to_char(e.fired_at, 'YYYY-MM-DD') as "firedAt" from employee e`;

function sortedCards(rows: CardRow[]): EmployeeCard[] {
  return [...rows].sort(compareEmployees).map(cardOf);
}

/** /employees: the subsidiaries (with their active head count) and, with a search, the matching active employees. */
export async function directoryHome(em: EntityManager, actor: CurrentUser, search?: string | null) {
  assertManagement(actor);
  const c = em.getConnection();
  const subsidiaries = await c.execute<{ id: number; name: string; city: string; employees: string }[]>(
    `select s.id, s.name, s.city, count(e.id) as employees
       from subsidiary s left join employee e on e.subsidiary_id = s.id and e.fired_at is null
      group by s.id order by s.name, s.id`,
  );
  const raw = (search ?? "").trim().slice(0, 100);
  // Text PostgreSQL cannot compare (a NUL byte, a lone surrogate) searches nothing rather than failing.
  const q = isCleanText(raw) ? raw : "";
  let results: EmployeeCard[] | null = null;
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const rows = await c.execute<CardRow[]>(
      `${CARD_SELECT} where e.fired_at is null
         and (e.firstname ilike ? or e.lastname ilike ? or (e.firstname || ' ' || e.lastname) ilike ? or (e.lastname || ' ' || e.firstname) ilike ?)
       limit 200`,
      [like, like, like, like],
    );
    results = sortedCards(rows);
  }
  return {
    subsidiaries: subsidiaries.map((s) => ({ id: s.id, name: s.name, city: s.city, employees: Number(s.employees) })),
    search: q,
    results,
  };
}

async function subsidiaryOr404(em: EntityManager, subsidiaryId: number) {
  if (!Number.isSafeInteger(subsidiaryId) || subsidiaryId <= 0) throw new NotFoundError(t("error.not_found_item"));
  const [s] = await em.getConnection().execute<{ id: number; name: string }[]>("select id, name from subsidiary where id = ?", [subsidiaryId]);
  if (!s) throw new NotFoundError(t("error.not_found_item"));
  return s;
}

/** /employees/subsidiary/{id}: divisions as cards, employees without a division, whether archives exist. */
export async function subsidiaryDirectory(em: EntityManager, actor: CurrentUser, subsidiaryId: number) {
  assertManagement(actor);
  const subsidiary = await subsidiaryOr404(em, subsidiaryId);
  const c = em.getConnection();
  const divisions = await c.execute<{ id: number; name: string; employees: string }[]>(
    `select d.id, d.name, count(e.id) as employees
       from division d left join employee e on e.division_id = d.id and e.fired_at is null
      where d.subsidiary_id = ? group by d.id order by d.name, d.id`,
    [subsidiaryId],
  );
  const rows = await c.execute<(CardRow & { archived: boolean })[]>(
    `${CARD_SELECT.replace("from employee e", ", e.fired_at is not null as archived from employee e")}
      where e.subsidiary_id = ? and (e.fired_at is not null or e.division_id is null)`,
    [subsidiaryId],
  );
  const withoutDivision = sortedCards(rows.filter((r) => !r.archived));
  const archivedCount = rows.filter((r) => r.archived).length;
  const activeCount = divisions.reduce((n, d) => n + Number(d.employees), 0) + withoutDivision.length;
  return {
    subsidiary,
    divisions: divisions.map((d) => ({ id: d.id, name: d.name, employees: Number(d.employees) })),
    withoutDivision,
    archivedCount,
    activeCount,
  };
}

/** /employees/subsidiary/{id}/archive: archived employees, latest departure first (then by name). */
export async function archiveDirectory(em: EntityManager, actor: CurrentUser, subsidiaryId: number) {
  assertManagement(actor);
  const subsidiary = await subsidiaryOr404(em, subsidiaryId);
  const rows = await em
    .getConnection()
    .execute<CardRow[]>(`${CARD_SELECT} where e.subsidiary_id = ? and e.fired_at is not null`, [subsidiaryId]);
  const employees = [...rows]
    .sort((a, b) => (b.firedAt ?? "").localeCompare(a.firedAt ?? "") || compareEmployees(a, b))
    .map(cardOf);
  return { subsidiary, employees };
}

async function divisionOr404(em: EntityManager, subsidiaryId: number, divisionId: number) {
  const subsidiary = await subsidiaryOr404(em, subsidiaryId);
  const [division] = Number.isSafeInteger(divisionId)
    ? await em
        .getConnection()
        .execute<{ id: number; name: string }[]>("select id, name from division where id = ? and subsidiary_id = ?", [divisionId, subsidiaryId])
    : [];
  if (!division) throw new NotFoundError(t("error.not_found_item"));
  return { subsidiary, division };
}

/** /employees/subsidiary/{s}/division/{d}: the division's teams and its active employees without a team. */
export async function divisionDirectory(em: EntityManager, actor: CurrentUser, subsidiaryId: number, divisionId: number) {
  assertManagement(actor);
  const { subsidiary, division } = await divisionOr404(em, subsidiaryId, divisionId);
  const c = em.getConnection();
  const teams = await c.execute<{ id: number; name: string; employees: string }[]>(
    `select tm.id, tm.name, count(e.id) as employees
       from team tm left join employee e on e.team_id = tm.id and e.fired_at is null
      where tm.division_id = ? group by tm.id order by tm.name, tm.id`,
    [divisionId],
  );
  const rows = await c.execute<CardRow[]>(`${CARD_SELECT} where e.division_id = ? and e.team_id is null and e.fired_at is null`, [
    divisionId,
  ]);
  return {
    subsidiary,
    division,
    teams: teams.map((tm) => ({ id: tm.id, name: tm.name, employees: Number(tm.employees) })),
    employees: sortedCards(rows),
  };
}

/** /employees/subsidiary/{s}/division/{d}/team/{t}: the team's active employees. */
export async function teamDirectory(em: EntityManager, actor: CurrentUser, subsidiaryId: number, divisionId: number, teamId: number) {
  assertManagement(actor);
  const { subsidiary, division } = await divisionOr404(em, subsidiaryId, divisionId);
  const c = em.getConnection();
  const [team] = Number.isSafeInteger(teamId)
    ? await c.execute<{ id: number; name: string }[]>("select id, name from team where id = ? and division_id = ?", [teamId, divisionId])
    : [];
  if (!team) throw new NotFoundError(t("error.not_found_item"));
  const rows = await c.execute<CardRow[]>(`${CARD_SELECT} where e.team_id = ? and e.fired_at is null`, [teamId]);
  return { subsidiary, division, team, employees: sortedCards(rows) };
}

/** The choices of the sheet's selects: countries, subsidiaries, divisions (with subsidiary), teams (with division). */
export async function sheetOptions(em: EntityManager, actor: CurrentUser) {
  assertManagement(actor);
  const c = em.getConnection();
  const [countries, subsidiaries, divisions, teams] = await Promise.all([
    c.execute<{ id: number; name: string }[]>("select id, name from country order by name, id"),
    c.execute<{ id: number; name: string }[]>("select id, name from subsidiary order by name, id"),
    c.execute<{ id: number; name: string; subsidiaryId: number; subsidiaryName: string }[]>(
      `select d.id, d.name, d.subsidiary_id as "subsidiaryId", s.name as "subsidiaryName"
         from division d join subsidiary s on s.id = d.subsidiary_id order by s.name, d.name, d.id`,
    ),
    c.execute<{ id: number; name: string; divisionId: number; divisionName: string; subsidiaryName: string }[]>(
      `select tm.id, tm.name, tm.division_id as "divisionId", d.name as "divisionName", s.name as "subsidiaryName"
         from team tm join division d on d.id = tm.division_id join subsidiary s on s.id = d.subsidiary_id
        order by s.name, d.name, tm.name, tm.id`,
    ),
  ]);
  return { countries, subsidiaries, divisions, teams };
}

/** For page loaders: a 404 of this service becomes the app's 404 page (a thrown Response, as Remix expects). */
export async function orPageNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof NotFoundError || (error as { status?: number })?.status === 404) {
      throw new Response(String(Math.floor(Math.random() * 3)), { status: 404 });
    }
    throw error;
  }
}
