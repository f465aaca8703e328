/**
 * The overtime policy rows of the countries (DESIGN §8 "The policy is data"): which row is in force on a date,
 * and adding a row (validated, then every stored week it may change is marked dirty).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { sheetChanges } from "~/domain/history/history";
import { recordPolicyChange } from "~/services/history/entries.server";
import { isManagement } from "~/domain/identity/access";
import { FRENCH_NIGHT, PORTUGUESE_NIGHT } from "~/domain/overtime/night-work";
import {
  FRANCE_POLICY,
  PORTUGAL_POLICY,
  defaultPolicyRowsFor,
  policyInForce,
  validatePolicy,
  type OvertimeMode,
  type OvertimePolicy,
  type OvertimePolicyRow,
  type QuotaCounts,
} from "~/domain/overtime/policy";
import type { LeaveReason } from "~/domain/leave/days";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/services/shared/errors";
import { markCountryWeeksDirty } from "./dirty.server";
import { recomputeNightSeconds } from "~/services/time-clock/night-recompute.server";
import { lateChangeNotice } from "~/services/payroll/late-change.server";
import { enqueue } from "~/server/operations/queue.server";

/** A policy row as PostgreSQL's to_jsonb() writes it (numeric columns arrive as JSON numbers). */
export interface PolicyJson {
  id: number;
  country_id: number;
  effective_from: string;
  mode: string;
  legal_week_hours: number | string;
  bands: OvertimePolicy["bands"];
  rest_day_rate: number | string | null;
  enhanced_from_hours: number | string | null;
  enhanced_bands: OvertimePolicy["enhancedBands"];
  enhanced_rest_day_rate: number | string | null;
  complementary: OvertimePolicy["complementary"];
  counted_absences: string[];
  counted_absences_from?: string | null;
  holidays_count_as_work: boolean;
  holiday_rate: number | string;
  holiday_rates: OvertimePolicy["holidayRates"];
  sunday_rate: number | string;
  annual_quota_hours: number | string;
  small_company_quota_hours: number | string | null;
  small_company_max_employees: number;
  mandatory_rest_small_percent: number | string;
  mandatory_rest_large_percent: number | string;
  quota_counts: string;
  night_from?: string | null;
  night_to?: string | null;
  night_rate?: number | string | null;
  paid: number | string;
  in_recuperation: number | string;
  employee_initiated_recuperation: number | string;
  employer_initiated_recuperation: number | string;
}

const num = (v: number | string): number => Number(v);
const numOrNull = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** A stored row (to_jsonb of overtime_policy) as the engine's policy. */
export function policyFromJson(r: PolicyJson): OvertimePolicyRow {
  return {
    id: r.id,
    countryId: r.country_id,
    effectiveFrom: String(r.effective_from).slice(0, 10),
    mode: r.mode as OvertimeMode,
    legalWeekHours: num(r.legal_week_hours),
    bands: r.bands ?? [],
    restDayRate: numOrNull(r.rest_day_rate),
    enhancedFromHours: numOrNull(r.enhanced_from_hours),
    enhancedBands: r.enhanced_bands ?? [],
    enhancedRestDayRate: numOrNull(r.enhanced_rest_day_rate),
    complementary: r.complementary ?? null,
    countedAbsences: (r.counted_absences ?? []) as LeaveReason[],
    countedAbsencesFrom: r.counted_absences_from ? String(r.counted_absences_from).slice(0, 10) : null,
    holidaysCountAsWork: r.holidays_count_as_work,
    holidayRate: num(r.holiday_rate),
    holidayRates: r.holiday_rates ?? [],
    sundayRate: num(r.sunday_rate),
    annualQuotaHours: num(r.annual_quota_hours),
    smallCompanyQuotaHours: numOrNull(r.small_company_quota_hours),
    smallCompanyMaxEmployees: r.small_company_max_employees,
    mandatoryRestSmallPercent: num(r.mandatory_rest_small_percent),
    mandatoryRestLargePercent: num(r.mandatory_rest_large_percent),
    quotaCounts: r.quota_counts as QuotaCounts,
    nightPeriod: r.night_from && r.night_to ? { from: r.night_from, to: r.night_to } : r.mode === "daily" ? PORTUGUESE_NIGHT : FRENCH_NIGHT,
    nightRate: r.night_rate === null || r.night_rate === undefined ? (r.mode === "daily" ? PORTUGAL_POLICY.nightRate : FRANCE_POLICY.nightRate) : num(r.night_rate),
    paid: num(r.paid),
    inRecuperation: num(r.in_recuperation),
    employeeInitiatedRecuperation: num(r.employee_initiated_recuperation),
    employerInitiatedRecuperation: num(r.employer_initiated_recuperation),
  };
}

/**
 * The columns of an overtime_policy row for a policy (JSON columns as text): used by the insert below and the seeds.
 */
export function policyColumns(policy: OvertimePolicy): Record<string, string | number | boolean | null> {
  return {
    mode: policy.mode,
    legal_week_hours: policy.legalWeekHours,
    bands: JSON.stringify(policy.bands),
    rest_day_rate: policy.restDayRate,
    enhanced_from_hours: policy.enhancedFromHours,
    enhanced_bands: JSON.stringify(policy.enhancedBands),
    enhanced_rest_day_rate: policy.enhancedRestDayRate,
    complementary: policy.complementary ? JSON.stringify(policy.complementary) : null,
    counted_absences: JSON.stringify(policy.countedAbsences),
    counted_absences_from: policy.countedAbsencesFrom,
    holidays_count_as_work: policy.holidaysCountAsWork,
    holiday_rate: policy.holidayRate,
    holiday_rates: JSON.stringify(policy.holidayRates),
    sunday_rate: policy.sundayRate,
    annual_quota_hours: policy.annualQuotaHours,
    small_company_quota_hours: policy.smallCompanyQuotaHours,
    small_company_max_employees: policy.smallCompanyMaxEmployees,
    mandatory_rest_small_percent: policy.mandatoryRestSmallPercent,
    mandatory_rest_large_percent: policy.mandatoryRestLargePercent,
    quota_counts: policy.quotaCounts,
    night_from: policy.nightPeriod.from,
    night_to: policy.nightPeriod.to,
    night_rate: policy.nightRate,
    paid: policy.paid,
    in_recuperation: policy.inRecuperation,
    employee_initiated_recuperation: policy.employeeInitiatedRecuperation,
    employer_initiated_recuperation: policy.employerInitiatedRecuperation,
  };
}

/**
 * The SQL of "the policy row of country `countryExpr` in force on date `dateExpr`", as one jsonb (null if none):
 * a scalar subquery, so a list of employees reads its policies in the same statement (no N+1).
 */
export function policyInForceSql(countryExpr: string, dateExpr: string): string {
  return `(select to_jsonb(p) from overtime_policy p where p.country_id = ${countryExpr} and p.effective_from <= ${dateExpr}
            order by p.effective_from desc limit 1)`;
}

/**
 * The policy of a country in force on a date: its latest row starting on or before the date. A country without a
 * row (or no country) gets the default policy of its name (France's unless it is Portugal), with id null, so a
 * week is always computable; the stored week then records no policy row.
 */
export async function policyForDate(em: EntityManager, countryId: number | null, date: CalendarDate): Promise<OvertimePolicyRow> {
  const [row] = await em.execute<{ policy: PolicyJson | null; name: string | null }[]>(
    `select ${policyInForceSql("c.id", "?::date")} as policy, c.name from (select ?::int as id) k left join country c on c.id = k.id`,
    [date, countryId],
  );
  if (row?.policy) return policyFromJson(row.policy);
  return shippedPolicyOn(row?.name ?? "", countryId, date);
}

/** The shipped default in force on a date for a country without rows (decision 0073: France's two rows). */
function shippedPolicyOn(countryName: string, countryId: number | null, date: CalendarDate): OvertimePolicyRow {
  const rows = defaultPolicyRowsFor(countryName).map((r) => ({ ...r.policy, id: null, countryId, effectiveFrom: r.effectiveFrom }));
  return policyInForce(rows, date) ?? rows[0]!;
}

/** Every policy row of a country, newest first (the settings history). */
export async function listCountryPolicies(em: EntityManager, countryId: number): Promise<OvertimePolicyRow[]> {
  const rows = await em.execute<{ p: PolicyJson }[]>(
    `select to_jsonb(p) as p from overtime_policy p where p.country_id = ? order by p.effective_from desc`,
    [countryId],
  );
  return rows.map((r) => policyFromJson(r.p));
}

/**
 * Adds a policy row to a country from a date on (a row of the same date is replaced), after validation (422 with
 * French field errors, nothing stored), and marks dirty every stored week of the country's employees from that
 * date on: one transaction. The caller checks the actor's right (the country settings).
 */
export async function saveCountryPolicy(
  em: EntityManager,
  countryId: number,
  input: OvertimePolicy & { effectiveFrom: CalendarDate },
  options: { actorId?: number | null } = {},
): Promise<OvertimePolicyRow & { notice: string | null }> {
  const violations = validatePolicy(input).map(({ propertyPath, message }) => ({ propertyPath, message }));
  if (violations.length > 0) throw new ValidationError(violations);
  return em.transactional(async (tx) => {
    const [country] = await tx.execute<{ id: number }[]>(`select id from country where id = ? for update`, [countryId]);
    if (!country) throw new NotFoundError(t("error.not_found_item"));
    // The row changes every week from its date to today. Days of a month closed for payroll among them: accepted,
    // said, and the weeks recomputed by a job written with the change (the outbox), whose run carries the rappels
    // into the next open month (decision 0118).
    const today = localDate(new Date(), "Europe/Paris");
    const notice = await lateChangeNotice(tx, { countryId }, { from: input.effectiveFrom, to: today });
    if (notice) await enqueue("overtime.recompute", { from: input.effectiveFrom, to: today }, { em: tx });
    const columns = policyColumns(input);
    const names = Object.keys(columns);
    // The history (decision 0106): the rules in force on that day before, old -> new, column by column.
    const before = policyColumns(await policyForDate(tx, countryId, input.effectiveFrom));
    const changes = sheetChanges(before, columns, names);
    const [saved] = await tx.execute<{ p: PolicyJson }[]>(
      `insert into overtime_policy (country_id, effective_from, ${names.join(", ")}, created_at)
       values (?, ?, ${names.map(() => "?").join(", ")}, now())
       on conflict (country_id, effective_from) do update set ${names.map((n) => `${n} = excluded.${n}`).join(", ")}
       returning to_jsonb(overtime_policy.*) as p`,
      [countryId, input.effectiveFrom, ...Object.values(columns)],
    );
    // A night period changed: the stored night seconds of the country's days from that date on follow it (decision
    // 0138); their weeks are marked just below with the rest.
    if (before.night_from !== columns.night_from || before.night_to !== columns.night_to) {
      await recomputeNightSeconds(tx, { countryId }, input.effectiveFrom);
    }
    await markCountryWeeksDirty(tx, countryId, input.effectiveFrom);
    await recordPolicyChange(tx, "country", countryId, options.actorId ?? null, { policy: "overtime", effectiveFrom: input.effectiveFrom, changes });
    return { ...policyFromJson(saved!.p), notice };
  });
}

/**
 * Gives a new country its default policy row from 2000-01-01 (Portugal's for "Portugal", France's otherwise), with
 * the country's four percentages when they are valid (paid + recovery = 100, the initiatives = 100). Runs in the
 * caller's transaction (the country's creation).
 */
export async function insertDefaultPolicy(
  em: EntityManager,
  countryId: number,
  countryName: string,
  percentages: Pick<OvertimePolicy, "paid" | "inRecuperation" | "employeeInitiatedRecuperation" | "employerInitiatedRecuperation">,
): Promise<void> {
  const p = percentages;
  const sumsTo100 = (a: number, b: number) => Math.round(a * 100) + Math.round(b * 100) === 10_000;
  // The shipped row (France: paid leave counted from Cass. soc. 10 Sept 2025, decision 0126), with the country's four percentages.
  for (const { effectiveFrom, policy: base } of defaultPolicyRowsFor(countryName)) {
    const policy: OvertimePolicy = {
      ...base,
      ...(sumsTo100(p.paid, p.inRecuperation) ? { paid: p.paid, inRecuperation: p.inRecuperation } : {}),
      ...(sumsTo100(p.employeeInitiatedRecuperation, p.employerInitiatedRecuperation)
        ? { employeeInitiatedRecuperation: p.employeeInitiatedRecuperation, employerInitiatedRecuperation: p.employerInitiatedRecuperation }
        : {}),
    };
    const columns = policyColumns(validatePolicy(policy).length === 0 ? policy : base);
    const names = Object.keys(columns);
    await em.execute(
      `insert into overtime_policy (country_id, effective_from, ${names.join(", ")}, created_at)
       values (?, ?, ${names.map(() => "?").join(", ")}, now()) on conflict (country_id, effective_from) do nothing`,
      [countryId, effectiveFrom, ...Object.values(columns)],
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The settings page of a country's policy (head and financial management)

function assertManagement(actor: CurrentUser): void {
  if (!isManagement(actor.profileType)) throw new ForbiddenError();
}

export interface CountryPolicyPage {
  country: { id: number; name: string };
  rows: OvertimePolicyRow[];
  /** The row in force on `today` (or the country's default): the form starts from it. */
  inForce: OvertimePolicyRow;
}

/** The country's rows, newest first, and the one in force today. 404 for an unknown country, 403 outside management. */
export async function countryPolicyPage(em: EntityManager, actor: CurrentUser, countryId: number, today: CalendarDate): Promise<CountryPolicyPage> {
  assertManagement(actor);
  const [country] = await em.execute<{ id: number; name: string }[]>(`select id, name from country where id = ?`, [countryId]);
  if (!country) throw new NotFoundError(t("error.not_found_item"));
  const rows = await listCountryPolicies(em, countryId);
  const inForce = policyInForce(rows, today) ?? shippedPolicyOn(country.name, countryId, today);
  return { country, rows, inForce };
}

/** saveCountryPolicy for an actor of the settings (head or financial management; else 403). */
export async function saveCountryPolicyAs(
  em: EntityManager,
  actor: CurrentUser,
  countryId: number,
  input: OvertimePolicy & { effectiveFrom: CalendarDate },
): Promise<OvertimePolicyRow & { notice: string | null }> {
  assertManagement(actor);
  return saveCountryPolicy(em, countryId, input, { actorId: actor.employeeId });
}
