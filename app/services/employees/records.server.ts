import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import { displayName } from "~/domain/employees/name";
import { completionPercent, isArchived, normaliseWeek, weekCount, type EmployeeValues, type SheetPlace, type WeekSchedule } from "~/domain/employees/sheet";
import { t } from "~/i18n/fr";
import { dayToUnixSeconds, toUnixSeconds } from "~/domain/shared/api-dates";
import { iri } from "~/domain/shared/iri";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ForbiddenError } from "~/services/shared/errors";

/**
 * An employee row as the screens, the API and the writes read it (spec 1 §2, §3): the columns of the sheet, the
 * one-query select with its relations, and the /api shape. Shared by `employees.server.ts` (reading, directory) and
 * `services/employees/writes.server.ts` (create, update, delete).
 */
// ---------- rights ----------

/** Directory and sheets are for head and financial management, company-wide. */
export function assertManagement(actor: CurrentUser) {
  if (!isManagement(actor.profileType)) throw new ForbiddenError(t("error.forbidden"));
}

// ---------- columns ----------

export type ValueField = Exclude<keyof EmployeeValues, "weeks">;

/** Field -> column. Relations keep the spec's names on our side and the `_id` columns in SQL. */
export const COLUMNS: Record<ValueField, string> = {
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
export const FIELDS = Object.keys(COLUMNS) as ValueField[];
export const DATE_FIELDS = new Set<ValueField>(["birthday", "hiredAt", "firedAt"]);
export const NUMERIC_FIELDS = new Set<ValueField>([
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
export const COLUMN_DEFAULTS: Partial<Record<ValueField, unknown>> = {
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
export const EMPLOYEE_SELECT = `
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

export type Row = Record<string, unknown>;

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

export function toRecord(r: Row): EmployeeRecord {
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
export function sortCollation(em: EntityManager): Promise<string> {
  collation ??= em
    .getConnection()
    .execute<{ n: string }[]>("select count(*) as n from pg_collation where collname = 'fr-x-icu'")
    .then((rows) => (Number(rows[0]?.n) > 0 ? ` collate "fr-x-icu"` : ""))
    .catch(() => "");
  return collation;
}

export async function findRecord(em: EntityManager, id: number): Promise<EmployeeRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const rows = await em.getConnection().execute<Row[]>(`${EMPLOYEE_SELECT} where e.id = ?`, [id], "all", em.getTransactionContext());
  return rows[0] ? toRecord(rows[0]) : null;
}

// ---------- reading one sheet ----------


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
