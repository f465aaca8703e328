import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/access";
import { compareEmployees, displayName } from "~/domain/employee-name";
import {
  completionPercent,
  isArchived,
  missingRequiredFields,
  missingSchedule,
  NEW_EMPLOYEE_DEFAULTS,
  normaliseWeek,
  weekCount,
  type EmployeeValues,
  type SheetPlace,
  type WeekSchedule,
} from "~/domain/employee-sheet";
import { isCleanText } from "~/domain/text";
import { contractChangeFrom, contractEffectiveFrom, contractTermsDiffer, type ContractFacts } from "~/domain/contract-change";
import { mondayOf } from "~/domain/iso-week";
import { formatFrDate } from "~/domain/date-range";
import { departureProblem, mayDeleteEmployee, type EmployeeHistory } from "~/domain/employee-departure";
import type { CalendarDate } from "~/domain/time-calendar-date";
import { localDate } from "~/domain/zoned-day";
import { markEmployeeWeeksDirty } from "./overtime-dirty.server";
import { assertMonthOpen } from "./payroll-close.server";
import { recomputeDay } from "./time-clock.server";
import { t, type MessageKey } from "~/i18n/fr";
import { dayToUnixSeconds, toUnixSeconds } from "~/domain/api-dates";
import { iri } from "~/server/api.server";
import { enqueue } from "~/server/queue.server";
import { revokeUserSessions } from "~/server/session.server";
import { revokeApiTokens } from "./auth.server";
import type { CurrentUser } from "./current-user.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type Violation } from "./errors";

/**
 * Employee directory and sheets (spec 1 §2, §3, §5): read with one SQL query per screen (joins, no query per
 * row), written in one transaction together with the employee's login account.
 */

// ---------- rights ----------

/** Directory and sheets are for head and financial management, company-wide. */
function assertManagement(actor: CurrentUser) {
  if (!isManagement(actor.profileType)) throw new ForbiddenError(t("error.forbidden"));
}

// ---------- columns ----------

type ValueField = Exclude<keyof EmployeeValues, "weeks">;

/** Field -> column. Relations keep the spec's names on our side and the `_id` columns in SQL. */
const COLUMNS: Record<ValueField, string> = {
  matricule: "matricule",
  acronym: "acronym",
  firstname: "firstname",
  lastname: "lastname",
  birthday: "birthday",
  phone: "phone",
  email: "email",
  emailPersonal: "email_personal",
  profileType: "profile_type",
  position: "position",
  comments: "comments",
  typeContract: "type_contract",
  numberOfHoursPerWeek: "number_of_hours_per_week",
  numberOfHoursPerMonth: "number_of_hours_per_month",
  hiredAt: "hired_at",
  firedAt: "fired_at",
  contractState: "contract_state",
  annualSalary: "annual_salary",
  hourlyCost: "hourly_cost",
  holidayEarnedLastYear: "holiday_earned_last_year",
  holidayTakenLastYear: "holiday_taken_last_year",
  holidayEarnedThisYear: "holiday_earned_this_year",
  holidayTakenThisYear: "holiday_taken_this_year",
  holidayTotalBalance: "holiday_total_balance",
  holidayMonthlyVacationAccrual: "holiday_monthly_vacation_accrual",
  holidayWorkingTimeReduction: "holiday_working_time_reduction",
  country: "country_id",
  subsidiary: "subsidiary_id",
  division: "division_id",
  team: "team_id",
  departmentHead: "department_head",
  teamLeader: "team_leader",
  timeRegistration: "time_registration",
  leaveWorkflow: "leave_workflow",
  weekType: "week_type",
};
const FIELDS = Object.keys(COLUMNS) as ValueField[];
const DATE_FIELDS = new Set<ValueField>(["birthday", "hiredAt", "firedAt"]);
const NUMERIC_FIELDS = new Set<ValueField>([
  "numberOfHoursPerWeek",
  "numberOfHoursPerMonth",
  "annualSalary",
  "hourlyCost",
  "holidayEarnedLastYear",
  "holidayTakenLastYear",
  "holidayEarnedThisYear",
  "holidayTakenThisYear",
  "holidayTotalBalance",
  "holidayMonthlyVacationAccrual",
]);
/** NOT NULL columns: an archived sheet may leave them blank, the stored value is then the column default. */
const COLUMN_DEFAULTS: Partial<Record<ValueField, unknown>> = {
  holidayEarnedLastYear: 0,
  holidayTakenLastYear: 0,
  holidayEarnedThisYear: 0,
  holidayTakenThisYear: 0,
  holidayTotalBalance: 0,
  holidayMonthlyVacationAccrual: 2.08,
  holidayWorkingTimeReduction: false,
  departmentHead: false,
  teamLeader: false,
  timeRegistration: true,
  leaveWorkflow: "fast",
  weekType: "unique_week",
  profileType: "ROLE_USER",
};

/** The select list of an employee row with its relations: one query, whatever the number of rows. */
const EMPLOYEE_SELECT = `
  select e.id, ${FIELDS.map((f) =>
    DATE_FIELDS.has(f) ? `to_char(e.${COLUMNS[f]}, 'YYYY-MM-DD') as "${f}"` : `e.${COLUMNS[f]} as "${f}"`,
  ).join(", ")},
    e.last_state_time_clock as "lastStateTimeClock", e.theoretical_lunch_time as "theoreticalLunchTime",
    e.recovery_earned as "recoveryEarned", e.recovery_taken as "recoveryTaken",
    c.name as "countryName", s.name as "subsidiaryName", d.name as "divisionName", d.subsidiary_id as "divisionSubsidiary",
    tm.name as "teamName", tm.subsidiary_id as "teamSubsidiary", tm.division_id as "teamDivision",
    u.id as "userId",
    (select coalesce(json_agg(ws.days order by ws.week_number), '[]'::json) from week_schedule ws where ws.employee_id = e.id) as "weeksJson",
    lv.reason as "leaveReason", lv.half_day_morning as "leaveMorning", lv.half_day_afternoon as "leaveAfternoon",
    exists (select 1 from time_clock tc where tc.employee_id = e.id and tc.suggested = false and tc.date = today.d
              and tc.type = 'START' and tc.working_time_seconds > tc.expected_seconds) as "inOvertime"
  from employee e
  left join country c on c.id = e.country_id
  left join subsidiary s on s.id = e.subsidiary_id
  -- "Today" is the employee's day (subsidiary zone, else country, else Paris): the read-only extras of spec 1 §3.
  cross join lateral (select (now() at time zone coalesce(s.timezone, c.timezone, 'Europe/Paris'))::date as d) today
  left join lateral (
    select l.reason, l.half_day_morning, l.half_day_afternoon from leave l
     where l.employee_id = e.id and l.state = 'accepted' and today.d between l.start and l."end"
     order by (l.half_day_morning or l.half_day_afternoon), l.id limit 1
  ) lv on true
  left join division d on d.id = e.division_id
  left join team tm on tm.id = e.team_id
  left join app_user u on u.employee_id = e.id`;

type Row = Record<string, unknown>;

/** A stored employee: the sheet's values plus what the screens and the API show around them. */
export interface EmployeeRecord extends EmployeeValues {
  id: number;
  userId: number | null;
  displayName: string;
  completion: number;
  archived: boolean;
  lastStateTimeClock: string;
  theoreticalLunchTime: number | null;
  recoveryEarned: number;
  recoveryTaken: number;
  /** On a full-day accepted leave today. */
  isInLeave: boolean;
  /** Still at work today beyond the day's expected time. */
  isInOvertime: boolean;
  /** An accepted half-day leave today. */
  halfDayLeave: { reason: string; halfDayMorning: boolean; halfDayAfternoon: boolean } | null;
  relations: {
    country: { id: number; name: string } | null;
    subsidiary: { id: number; name: string } | null;
    division: { id: number; name: string; subsidiary: number } | null;
    team: { id: number; name: string; subsidiary: number; division: number } | null;
  };
}

function toRecord(r: Row): EmployeeRecord {
  const values = {} as Record<string, unknown>;
  for (const f of FIELDS) {
    const v = r[f];
    values[f] = v === null || v === undefined ? null : NUMERIC_FIELDS.has(f) ? Number(v) : v;
  }
  const stored = (r.weeksJson as WeekSchedule[] | null) ?? [];
  const weeks = [normaliseWeek(stored[0]), normaliseWeek(stored[1])];
  const v = values as unknown as EmployeeValues;
  return {
    ...v,
    weeks,
    id: Number(r.id),
    userId: r.userId == null ? null : Number(r.userId),
    displayName: displayName(v.firstname, v.lastname),
    completion: completionPercent(v),
    archived: isArchived(v.firedAt),
    lastStateTimeClock: String(r.lastStateTimeClock),
    theoreticalLunchTime: r.theoreticalLunchTime == null ? null : Number(r.theoreticalLunchTime),
    recoveryEarned: Number(r.recoveryEarned),
    recoveryTaken: Number(r.recoveryTaken),
    isInLeave: r.leaveReason != null && !r.leaveMorning && !r.leaveAfternoon,
    isInOvertime: r.inOvertime === true,
    halfDayLeave:
      r.leaveReason != null && (r.leaveMorning || r.leaveAfternoon)
        ? { reason: String(r.leaveReason), halfDayMorning: r.leaveMorning === true, halfDayAfternoon: r.leaveAfternoon === true }
        : null,
    relations: {
      country: v.country ? { id: v.country, name: String(r.countryName) } : null,
      subsidiary: v.subsidiary ? { id: v.subsidiary, name: String(r.subsidiaryName) } : null,
      division: v.division ? { id: v.division, name: String(r.divisionName), subsidiary: Number(r.divisionSubsidiary) } : null,
      team: v.team
        ? { id: v.team, name: String(r.teamName), subsidiary: Number(r.teamSubsidiary), division: Number(r.teamDivision) }
        : null,
    },
  };
}

/** The place of a sheet in the directory (breadcrumb and back link). */
export function placeOf(record: EmployeeRecord): SheetPlace {
  return {
    subsidiary: record.relations.subsidiary,
    division: record.relations.division,
    team: record.relations.team,
  };
}

// French order where the server has ICU ("É" with "E"); plain order otherwise (embedded builds may lack it).
let collation: Promise<string> | undefined;
function sortCollation(em: EntityManager): Promise<string> {
  collation ??= em
    .getConnection()
    .execute<{ n: string }[]>("select count(*) as n from pg_collation where collname = 'fr-x-icu'")
    .then((rows) => (Number(rows[0]?.n) > 0 ? ` collate "fr-x-icu"` : ""))
    .catch(() => "");
  return collation;
}

async function findRecord(em: EntityManager, id: number): Promise<EmployeeRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const rows = await em.getConnection().execute<Row[]>(`${EMPLOYEE_SELECT} where e.id = ?`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

// ---------- reading one sheet ----------

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
  const rows = await em.getConnection().execute<Row[]>(
    `select * from (${EMPLOYEE_SELECT.replace("select e.id,", "select count(*) over () as \"totalItems\", e.id,")}
       ${where.length ? `where ${where.join(" and ")}` : ""}
       order by ${order} limit ? offset ?) page`,
    [...params, PAGE_SIZE, (page - 1) * PAGE_SIZE],
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

// ---------- saving ----------

const violation = (propertyPath: string, key: MessageKey, params?: Record<string, string | number>): Violation => ({
  propertyPath,
  message: t(key, params),
});

/** The save rules of spec 1 §5 that need the database, and the required fields (same answer for HTML and API). */
async function validateSheet(em: EntityManager, values: EmployeeValues, employeeId: number | null): Promise<void> {
  const violations: Violation[] = missingRequiredFields(values).map((f) => violation(f, "word.required"));
  const schedule = missingSchedule(values);
  if (schedule) violations.push(violation("weeks", `employee.error.${schedule.code}`, "week" in schedule ? { n: schedule.week } : undefined));
  const c = em.getConnection();
  const [row] = await c.execute<{
    matricule_taken: boolean;
    email_taken: boolean;
    personal_email_is_login: boolean;
    country_ok: boolean;
    subsidiary_ok: boolean;
    division_subsidiary: number | null;
    team_division: number | null;
  }[]>(
    `select
       exists(select 1 from employee where matricule = ? and id <> ?) as matricule_taken,
       exists(select 1 from employee where lower(email) = ? and id <> ?)
         or exists(select 1 from app_user where email = ? and employee_id <> ?) as email_taken,
       exists(select 1 from app_user where email = lower(?) and employee_id <> ?) as personal_email_is_login,
       exists(select 1 from country where id = ?) as country_ok,
       exists(select 1 from subsidiary where id = ?) as subsidiary_ok,
       (select subsidiary_id from division where id = ?) as division_subsidiary,
       (select division_id from team where id = ?) as team_division`,
    [
      values.matricule ?? -1,
      employeeId ?? -1,
      values.email ?? "",
      employeeId ?? -1,
      values.email ?? "",
      employeeId ?? -1,
      values.emailPersonal?.trim() ?? "",
      employeeId ?? -1,
      values.country ?? -1,
      values.subsidiary ?? -1,
      values.division ?? -1,
      values.team ?? -1,
    ],
  );
  if (values.matricule !== null && row!.matricule_taken) violations.push(violation("matricule", "employee.error.matricule_taken"));
  if (values.email && row!.email_taken) violations.push(violation("email", "employee.error.email_taken"));
  // A personal e-mail may never be someone else's login (decision 0019): it is a delivery address only.
  if (values.emailPersonal && row!.personal_email_is_login) violations.push(violation("emailPersonal", "employee.error.personal_email_is_login"));
  if (values.country !== null && !row!.country_ok) violations.push(violation("country", "employee.error.unknown_country"));
  if (values.subsidiary !== null && !row!.subsidiary_ok) violations.push(violation("subsidiary", "employee.error.unknown_subsidiary"));
  if (values.division !== null) {
    if (row!.division_subsidiary === null) violations.push(violation("division", "employee.error.unknown_division"));
    else if (row!.division_subsidiary !== values.subsidiary) violations.push(violation("division", "employee.error.division_subsidiary"));
  }
  if (values.team !== null) {
    if (row!.team_division === null) violations.push(violation("team", "employee.error.unknown_team"));
    else if (row!.team_division !== values.division) violations.push(violation("team", "employee.error.team_division"));
  }
  // Decision 0081: a departure never precedes the hiring (unix seconds 12345 read as 1970 for someone hired in 2023).
  if (departureProblem(values.hiredAt, values.firedAt)) {
    violations.push(violation("firedAt", "employee.error.fired_before_hired", { date: formatFrDate(values.hiredAt!) }));
  }
  if (violations.length) throw new ValidationError(violations, t("error.validation"));
}

/** The account's roles: the profileType (a text[] literal; profile types are fixed identifiers). */
function rolesLiteral(values: EmployeeValues): string {
  return `{${String(columnValue("profileType", values))}}`;
}

function columnValue(field: ValueField, values: EmployeeValues): unknown {
  const v = values[field];
  if (v === null || v === undefined) return COLUMN_DEFAULTS[field] ?? null;
  return v;
}

/** Writes week 1, and week 2 only for week_one_two (the only type that reads it). */
async function writeWeeks(tx: EntityManager, employeeId: number, values: EmployeeValues) {
  const c = tx.getConnection();
  const ctx = tx.getTransactionContext();
  const count = weekCount(values.weekType);
  for (let w = 0; w < count; w++) {
    await c.execute(
      `insert into week_schedule (employee_id, week_number, days) values (?, ?, ?)
       on conflict (employee_id, week_number) do update set days = excluded.days`,
      [employeeId, w + 1, JSON.stringify(normaliseWeek(values.weeks[w]))],
      "run",
      ctx,
    );
  }
  await c.execute("delete from week_schedule where employee_id = ? and week_number > ?", [employeeId, count], "run", ctx);
}

/** A unique constraint lost to a concurrent save becomes the same field error as the check above. */
function uniqueViolation(error: unknown): ValidationError | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  const text = `${e?.constraint ?? ""} ${e?.message ?? ""}`;
  if (e?.code !== "23505" && !/unique/i.test(text)) return null;
  if (/matricule/.test(text)) return new ValidationError([violation("matricule", "employee.error.matricule_taken")], t("error.validation"));
  if (/email/.test(text)) return new ValidationError([violation("email", "employee.error.email_taken")], t("error.validation"));
  return null;
}

/**
 * Creates an employee and their login account (login = professional e-mail, role = profileType, no password
 * yet), then has the worker mail the "choose your password" link. Returns the new id.
 */
export async function createEmployee(em: EntityManager, actor: CurrentUser, input: Partial<EmployeeValues>): Promise<{ id: number; userId: number }> {
  assertManagement(actor);
  const values = normalise({ ...NEW_EMPLOYEE_DEFAULTS, ...input });
  await validateSheet(em, values, null);
  let created: { id: number; userId: number };
  try {
    created = await em.transactional(async (tx) => {
      const c = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const [emp] = await c.execute<{ id: number }[]>(
        `insert into employee (${FIELDS.map((f) => COLUMNS[f]).join(", ")}, created_at, updated_at)
         values (${FIELDS.map(() => "?").join(", ")}, now(), now()) returning id`,
        FIELDS.map((f) => columnValue(f, values)),
        "all",
        ctx,
      );
      await writeWeeks(tx, emp!.id, values);
      const [user] = await c.execute<{ id: number }[]>(
        "insert into app_user (employee_id, email, password_hash, roles, created_at) values (?, ?, null, ?, now()) returning id",
        [emp!.id, values.email, rolesLiteral(values)],
        "all",
        ctx,
      );
      return { id: emp!.id, userId: user!.id };
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
  // An archived newcomer (history import) gets an account but no mail: the job skips archived accounts anyway.
  if (!isArchived(values.firedAt)) await enqueue("mail.welcome", { userId: created.userId });
  return created;
}

/**
 * Saves a sheet. `input` holds the fields to change (the HTML form sends them all, the API may send a part).
 * An archived sheet is read-only. The login follows the professional e-mail and the role the profileType;
 * archiving (a departure date set) ends the employee's sessions and API tokens. `contractFrom` dates new contract
 * terms back (decision 0070: a day of the past, its week's Monday on; empty, the current week); a date in the future
 * or before the hiring date is a 422 on `contractFrom`.
 */
export async function updateEmployee(
  em: EntityManager,
  actor: CurrentUser,
  id: number,
  input: Partial<EmployeeValues>,
  options: { contractFrom?: string | null } = {},
): Promise<EmployeeRecord> {
  assertManagement(actor);
  const current = await findRecord(em, id);
  if (!current) throw new NotFoundError(t("error.not_found_item"));
  if (current.archived) throw new ConflictError(t("employee.error.archived"));
  const values = normalise({ ...pickValues(current), ...input });
  await validateSheet(em, values, id);
  const today = localDate(new Date(), "Europe/Paris");
  const effective = contractEffectiveFrom(options.contractFrom, today, values.hiredAt ?? null);
  if ("error" in effective) {
    throw new ValidationError([{ propertyPath: "contractFrom", message: t(`employee.error.contract_from_${effective.error}`) }]);
  }
  let userId = current.userId;
  try {
    userId = await em.transactional(async (tx) => {
      const c = tx.getConnection();
      const ctx = tx.getTransactionContext();
      // A contract, schedule or employment change makes the stored overtime weeks from its date stale: refused when
      // one of them lies in a month closed for payroll (the current subsidiary's, and the new one's on a move).
      const from = contractChangeFrom(contractFacts(current), contractFacts(values), today, effective.monday);
      if (from) {
        await assertMonthOpen(tx, { employeeIds: [id] }, { from, to: today });
        if (values.subsidiary && values.subsidiary !== current.subsidiary) await assertMonthOpen(tx, { subsidiaryId: values.subsidiary }, { from, to: today });
      }
      // New contract terms apply from `termsFrom` (the current week's Monday, or the one it is dated back to): the
      // terms in force until then are kept for the weeks before it (decision 0070). Those are the former contract
      // covering that Monday when the change is dated back over an earlier one (the later former contracts go: the
      // new terms replace them), else the sheet's. A second change in the same week keeps the terms of before the first.
      const termsChanged = contractTermsDiffer(contractFacts(current), contractFacts(values));
      const termsFrom = effective.monday ?? mondayOf(today);
      if (termsChanged) {
        await c.execute(
          `with covering as (
             select h.number_of_hours_per_week, h.week_type, h.weeks from contract_history h
              where h.employee_id = ? and h.valid_until > ? order by h.valid_until limit 1),
           dropped as (delete from contract_history where employee_id = ? and valid_until > ?)
           insert into contract_history (employee_id, valid_until, number_of_hours_per_week, week_type, weeks, created_at, created_by_id)
           select ?, ?, k.number_of_hours_per_week, k.week_type, k.weeks, now(), ?
             from (select number_of_hours_per_week, week_type, weeks from covering
                   union all
                   select e.number_of_hours_per_week, e.week_type,
                          coalesce((select jsonb_agg(ws.days order by ws.week_number) from week_schedule ws where ws.employee_id = e.id), '[]'::jsonb)
                     from employee e where e.id = ? and not exists (select 1 from covering)) k
           on conflict (employee_id, valid_until) do nothing`,
          [id, termsFrom, id, termsFrom, id, termsFrom, actor.employeeId, id],
          "run",
          ctx,
        );
      }
      await c.execute(
        `update employee set ${FIELDS.map((f) => `${COLUMNS[f]} = ?`).join(", ")}, updated_at = now() where id = ?`,
        [...FIELDS.map((f) => columnValue(f, values)), id],
        "run",
        ctx,
      );
      await writeWeeks(tx, id, values);
      if (from) await markEmployeeWeeksDirty(tx, id, from);
      // The days clocked under the new terms (from their Monday on) expect the new schedule: their daily rows are
      // computed again (a few days, or the weeks a change is dated back over).
      if (termsChanged) {
        const days = await c.execute<{ id: number }[]>(
          "select id from time_clock where employee_id = ? and suggested = false and date >= ? order by date",
          [id, termsFrom],
          "all",
          ctx,
        );
        for (const day of days) await recomputeDay(tx, day.id);
      }
      const [user] = await c.execute<{ id: number }[]>(
        `insert into app_user (employee_id, email, password_hash, roles, created_at) values (?, ?, null, ?, now())
         on conflict (employee_id) do update set email = excluded.email, roles = excluded.roles returning id`,
        [id, values.email, rolesLiteral(values)],
        "all",
        ctx,
      );
      return user!.id;
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
  if (isArchived(values.firedAt) && userId) {
    await revokeUserSessions(userId);
    await revokeApiTokens(em, userId);
  }
  const saved = await findRecord(em, id);
  if (!saved) throw new NotFoundError(t("error.not_found_item"));
  return saved;
}

/** What the overtime engine reads of a sheet (the schedule only as far as the week type uses it). */
function contractFacts(v: EmployeeValues | EmployeeRecord): ContractFacts {
  return {
    numberOfHoursPerWeek: v.numberOfHoursPerWeek === null || v.numberOfHoursPerWeek === undefined ? null : Number(v.numberOfHoursPerWeek),
    weekType: v.weekType ?? null,
    weeks: (v.weeks ?? []).slice(0, weekCount(v.weekType)).map((w) => normaliseWeek(w)),
    country: v.country ?? null,
    subsidiary: v.subsidiary ?? null,
    hiredAt: v.hiredAt ?? null,
    firedAt: v.firedAt ?? null,
  };
}

/** The login is the professional e-mail, compared case-insensitively: stored lower-case. */
function normalise(values: EmployeeValues): EmployeeValues {
  return { ...values, email: values.email ? values.email.trim().toLowerCase() : null };
}

function pickValues(record: EmployeeRecord): EmployeeValues {
  const out = {} as Record<string, unknown>;
  for (const f of FIELDS) out[f] = record[f];
  out.weeks = record.weeks;
  return out as unknown as EmployeeValues;
}

/**
 * Deletes an employee without any history (a sheet created by mistake: its account goes by cascade). Someone with
 * clocks, leaves or overtime is archived instead (decision 0081): a French 409 says so. The row is locked while
 * checked, so a clock committed meanwhile waits and the check holds.
 */
export async function deleteEmployee(em: EntityManager, actor: CurrentUser, id: number): Promise<void> {
  assertManagement(actor);
  if (id === actor.employeeId) throw new ConflictError(t("employee.error.delete_self"));
  await em.transactional(async (tx) => {
    const [row] = await tx.execute<(EmployeeHistory & { id: number })[]>(
      `select e.id,
              exists (select 1 from time_clock x where x.employee_id = e.id) as clocks,
              exists (select 1 from leave x where x.employee_id = e.id) as leaves,
              (e.recovery_earned <> 0 or e.recovery_taken <> 0
               or exists (select 1 from overtime x where x.employee_id = e.id)
               or exists (select 1 from deduction x where x.employee_id = e.id)
               or exists (select 1 from overtime_week x where x.employee_id = e.id and (x.worked_seconds <> 0 or x.credited_seconds <> 0))) as overtime
         from employee e where e.id = ? for update`,
      [Number.isSafeInteger(id) ? id : -1],
    );
    if (!row) throw new NotFoundError(t("error.not_found_item"));
    if (!mayDeleteEmployee(row)) throw new ConflictError(t("employee.error.delete_has_history"));
    await tx.execute("delete from employee where id = ?", [id]);
  });
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

// ---------- the /api shape ----------

type ApiTime = { hour: number; minute: number } | null;
const apiTime = (minutes: number | null): ApiTime => (minutes === null ? null : { hour: Math.floor(minutes / 60), minute: minutes % 60 });

/**
 * An employee as /api answers it: the spec 1 §3 field names, flat; birthday, hiredAt and firedAt in unix seconds
 * (spec 2 §7, decision 0088); relations embedded as {@id, id, name} (division and team also carry their parents'
 * IRIs); `weeks` holds one week (two for week_one_two) of five days
 * {morning: {start: {hour, minute} | null, end}, afternoon: {...}}.
 */
export function employeeToApi(r: EmployeeRecord) {
  const rel = r.relations;
  return {
    "@id": iri("Employee", r.id),
    "@type": "Employee",
    id: r.id,
    matricule: r.matricule,
    acronym: r.acronym,
    firstname: r.firstname,
    lastname: r.lastname,
    displayName: r.displayName,
    birthday: r.birthday ? toUnixSeconds(r.birthday) : null,
    phone: r.phone,
    email: r.email,
    emailPersonal: r.emailPersonal,
    profileType: r.profileType,
    position: r.position,
    comments: r.comments,
    typeContract: r.typeContract,
    numberOfHoursPerWeek: r.numberOfHoursPerWeek,
    numberOfHoursPerMonth: r.numberOfHoursPerMonth,
    hiredAt: dayToUnixSeconds(r.hiredAt),
    firedAt: dayToUnixSeconds(r.firedAt),
    contractState: r.contractState,
    annualSalary: r.annualSalary,
    hourlyCost: r.hourlyCost,
    holidayEarnedLastYear: r.holidayEarnedLastYear,
    holidayTakenLastYear: r.holidayTakenLastYear,
    holidayEarnedThisYear: r.holidayEarnedThisYear,
    holidayTakenThisYear: r.holidayTakenThisYear,
    holidayTotalBalance: r.holidayTotalBalance,
    holidayMonthlyVacationAccrual: r.holidayMonthlyVacationAccrual,
    holidayWorkingTimeReduction: r.holidayWorkingTimeReduction,
    country: rel.country ? { "@id": iri("Country", rel.country.id), ...rel.country } : null,
    subsidiary: rel.subsidiary ? { "@id": iri("Subsidiary", rel.subsidiary.id), ...rel.subsidiary } : null,
    division: rel.division
      ? { "@id": iri("Division", rel.division.id), id: rel.division.id, name: rel.division.name, subsidiary: iri("Subsidiary", rel.division.subsidiary) }
      : null,
    departmentHead: r.departmentHead,
    team: rel.team
      ? {
          "@id": iri("Team", rel.team.id),
          id: rel.team.id,
          name: rel.team.name,
          subsidiary: iri("Subsidiary", rel.team.subsidiary),
          division: iri("Division", rel.team.division),
        }
      : null,
    teamLeader: r.teamLeader,
    timeRegistration: r.timeRegistration,
    leaveWorkflow: r.leaveWorkflow,
    weekType: r.weekType,
    weeks: r.weeks.slice(0, weekCount(r.weekType)).map((week) =>
      week.map((d) => ({
        morning: { start: apiTime(d.morningStart), end: apiTime(d.morningEnd) },
        afternoon: { start: apiTime(d.afternoonStart), end: apiTime(d.afternoonEnd) },
      })),
    ),
    lastStateTimeClock: r.lastStateTimeClock,
    theoreticalLunchTime: r.theoreticalLunchTime,
    recoveryEarned: r.recoveryEarned,
    recoveryTaken: r.recoveryTaken,
    isInLeave: r.isInLeave,
    isInOvertime: r.isInOvertime,
    halfDayLeave: r.halfDayLeave,
    completion: r.completion,
  };
}
