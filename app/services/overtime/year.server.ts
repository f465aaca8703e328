/**
 * An employee's overtime year and one explained week (spec 2 "Employee or mine"; split from
 * services/overtime/views.server.ts): the grid of the time account, the stored or live explanation of the legal overtime.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { canCallApi } from "~/domain/identity/access";
import { displayName } from "~/domain/employees/name";
import { type IsoWeekKey } from "~/domain/shared/iso-week";
import { checksOfWeek } from "~/domain/law/checks";
import { type LegalCheck } from "~/domain/law/policies";
import { computeOvertimeWeek, mondayOfIsoWeek, type DayResult, type ExplanationStep, type OvertimeAnomaly, type OvertimeWeekResult } from "~/domain/overtime/overtime";
import { explainWeekFacts, legalCheckMessage, overtimeClass, overtimeCrumbs, overtimeYears, pickWeek, pickYear, weekId, yearGrid, type OvertimeClass, type OvertimeCrumb, type WeekExplanation } from "~/domain/overtime/screens";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate, resolveTimeZone } from "~/domain/shared/zoned-day";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError, ValidationError } from "~/services/shared/errors";
import { dayCounts, isRunningWeek } from "~/domain/overtime/account";
import { timeAccountByWeek } from "./account.server";
import { loadOvertimeWeek } from "./week-inputs.server";
import { employeeScopeSql } from "~/services/time-clock/time-clock.server";
import { cite, sourceOfArticle, type CitedSource } from "~/domain/law/sources";
import { checksIn, legalDays, nightsOf, type EmployeeLegalDays } from "./legal-days.server";

// ---------------------------------------------------------------------------------------------------------------
// An employee's year

export interface GridDay {
  date: CalendarDate;
  seconds: number | null;
  cls: OvertimeClass;
}

export interface GridRow {
  year: number;
  week: number;
  monday: CalendarDate;
  days: GridDay[];
  /** The week's time account: its seven days (up to today, today once ended) minus its deductions (decision 0071). */
  totalSeconds: number;
  /** The running week, "en cours". */
  running: boolean;
  deductedSeconds: number;
  cls: OvertimeClass;
  checks: string[];
}

export interface ExplainedWeek {
  year: number;
  week: number;
  monday: CalendarDate;
  /** stored: the overtime_week row; live: computed now (not stored yet, or marked dirty). */
  source: "stored" | "live";
  provisional: boolean;
  computedAt: string | null;
  timeAccountSeconds: number;
  explanation: WeekExplanation;
  /** The numbers as the engine gives them (the API's explanation). */
  steps: ExplanationStep[];
  anomalies: OvertimeAnomaly[];
  checks: LegalCheck[];
  totals: {
    workedSeconds: number;
    countedSeconds: number;
    contractSeconds: number;
    overtimeSeconds: number;
    complementarySeconds: number;
    paidSeconds: number;
    recoverySeconds: number;
    recoveryEarnedSeconds: number;
    quotaUsedSeconds: number;
    quotaSeconds: number;
  };
}

export interface DeductionView {
  id: number;
  date: CalendarDate;
  seconds: number;
  by: string | null;
}

export interface EmployeeYearPage {
  employee: { id: number; name: string; hiredAt: CalendarDate | null; timeRegistration: boolean; recoveryBalanceSeconds: number };
  own: boolean;
  crumbs: OvertimeCrumb[];
  years: number[];
  year: number;
  /** The weeks with something to show, newest first (issue 41: weeks with no hour, no deduction, not running are left out). */
  grid: GridRow[];
  /** How many weeks of the year were left out for having nothing to show. */
  emptyWeeks: number;
  deductions: DeductionView[];
  canDeduct: boolean;
  explained: ExplainedWeek | null;
  checks: string[];
  /** The sources of each check (decision 0125): `checkSources[i]` for `checks[i]`. */
  checkSources: CitedSource[][];
}

interface EmployeeRow {
  id: number;
  firstname: string;
  lastname: string;
  hired_at: string | null;
  time_registration: boolean;
  recovery_earned: number;
  recovery_taken: number;
  sub_tz: string | null;
  country_tz: string | null;
}

/** The employee of an overtime page or call, in the actor's scope (themselves included); NotFoundError otherwise. */
export async function scopedEmployee(em: EntityManager, actor: CurrentUser, employeeId: number): Promise<EmployeeRow & { zone: string }> {
  const scope = employeeScopeSql(actor);
  const [row] = await em.execute<EmployeeRow[]>(
    `select e.id, e.firstname, e.lastname, e.hired_at::text as hired_at, e.time_registration, e.recovery_earned, e.recovery_taken,
            s.timezone as sub_tz, cn.timezone as country_tz
       from employee e
       left join subsidiary s on s.id = e.subsidiary_id
       left join country cn on cn.id = coalesce(e.country_id, s.country_id)
      where e.id = ? and (e.id = ? or ${scope.sql})`,
    [employeeId, actor.employeeId, ...scope.params],
  );
  if (!row) throw new NotFoundError(t("error.not_found_item"));
  return { ...row, zone: resolveTimeZone(row.sub_tz, row.country_tz) };
}

interface StoredRow {
  iso_week: number;
  provisional: boolean;
  dirty: boolean;
  computed_at: Date | null;
  explanation: StoredExplanation | null;
  worked_seconds: number;
  counted_seconds: number;
  contract_seconds: number;
  overtime_seconds: number;
  complementary_seconds: number;
  paid_seconds: number;
  recovery_seconds: number;
  recovery_earned_seconds: number;
  quota_after_seconds: number;
}

interface StoredExplanation {
  steps?: ExplanationStep[];
  days?: DayResult[];
  anomalies?: OvertimeAnomaly[];
  quota?: OvertimeWeekResult["quota"];
  mode?: OvertimeWeekResult["mode"];
}

/**
 * An employee's overtime year (spec 2 "Employee or mine"): the year selector, the Monday–Friday grid with daily
 * badges and weekly totals, the recovery balance, the deductions and, when `?week=` names a week of the grid, its
 * explanation. Six queries whatever the year holds (seven or eight when the explained week is computed now).
 */
export async function employeeYear(
  em: EntityManager,
  actor: CurrentUser,
  employeeId: number,
  asked: { year?: string | null; week?: string | null },
  now: Date,
): Promise<EmployeeYearPage> {
  const emp = await scopedEmployee(em, actor, employeeId);
  const today = localDate(now, emp.zone);
  const years = overtimeYears(emp.hired_at, today);
  const year = pickYear(asked.year, years);
  const grid = yearGrid(year, today);
  const week = pickWeek(asked.week, grid);
  const own = emp.id === actor.employeeId;
  const name = displayName(emp.firstname, emp.lastname);
  const first = grid[grid.length - 1]?.monday ?? `${year}-01-01`;
  const last = addDays(grid[0]?.monday ?? `${year}-01-01`, 6);

  const [dayRows, deductionRows, stored, logDays] = await Promise.all([
    em.execute<{ date: string; s: number; ended: boolean }[]>(
      `select o.date::text as date, o.overtime_seconds as s,
              exists (select 1 from time_clock c where c.employee_id = o.employee_id and c.date = o.date and c.suggested = false and c.type = 'END') as ended
         from overtime o where o.employee_id = ? and o.date between ? and ?`,
      [emp.id, first, last],
    ),
    em.execute<{ id: number; date: string; seconds: number; firstname: string | null; lastname: string | null }[]>(
      `select d.id, d.date::text as date, d.seconds, b.firstname, b.lastname
         from deduction d left join employee b on b.id = d.created_by_id
        where d.employee_id = ? and d.date between ? and ? and d.removed_at is null order by d.date desc, d.id desc`,
      [emp.id, first, last],
    ),
    em.execute<StoredRow[]>(
      `select iso_week, provisional, dirty, computed_at, case when iso_week = ? then explanation end as explanation,
              worked_seconds, counted_seconds, contract_seconds, overtime_seconds, complementary_seconds, paid_seconds,
              recovery_seconds, recovery_earned_seconds, quota_after_seconds
         from overtime_week where employee_id = ? and iso_year = ? and iso_week = ?`,
      [week ?? 0, emp.id, year, week ?? 0],
    ),
    legalDays(em, [emp.id], first, last),
  ]);

  // A day counts once it is past, today once ended (decision 0071): today's running day shows no badge.
  const byDate = new Map(dayRows.filter((r) => dayCounts(r.date, today, r.ended)).map((r) => [r.date, r.s]));
  const deductedByWeek = new Map<number, number>();
  for (const d of deductionRows) {
    const w = grid.find((g) => d.date >= g.monday && d.date <= addDays(g.monday, 6));
    if (w) deductedByWeek.set(w.week, (deductedByWeek.get(w.week) ?? 0) + d.seconds);
  }
  const checks = checksIn(logDays.get(emp.id), first, last, now);
  const rows: GridRow[] = grid.map((g) => {
    const weekDays = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(g.monday, i));
    const deducted = deductedByWeek.get(g.week) ?? 0;
    const total = weekDays.reduce((s, d) => s + (byDate.get(d) ?? 0), 0) - deducted;
    return {
      year: g.year,
      week: g.week,
      monday: g.monday,
      days: g.days.map((date) => {
        const seconds = byDate.get(date) ?? null;
        return { date, seconds, cls: overtimeClass(seconds) };
      }),
      totalSeconds: total,
      running: isRunningWeek(g.monday, today),
      deductedSeconds: deducted,
      cls: overtimeClass(total),
      checks: checksOfWeek(checks, g.monday).map(legalCheckMessage),
    };
  });

  // Issue 41: "Mes heures" listed 40 empty weeks before the first with hours: a week is shown when it holds an hour,
  // a deduction or a legal check, is running, or is the one explained; the others are counted in one sentence.
  const shown = rows.filter((r) => r.running || r.week === week || r.deductedSeconds !== 0 || r.checks.length > 0 || r.days.some((d) => d.seconds !== null));
  let explained: ExplainedWeek | null = null;
  if (week !== null) {
    const row = rows.find((r) => r.week === week)!;
    explained = await explainedWeek(em, emp.id, { year, week }, stored[0] ?? null, checksOfWeek(checks, row.monday), row.totalSeconds, now, logDays.get(emp.id));
  }

  return {
    employee: {
      id: emp.id,
      name,
      hiredAt: emp.hired_at,
      timeRegistration: emp.time_registration,
      recoveryBalanceSeconds: Math.max(0, emp.recovery_earned - emp.recovery_taken),
    },
    own,
    crumbs: overtimeCrumbs(actor.profileType, name, own),
    years,
    year,
    grid: shown,
    emptyWeeks: rows.length - shown.length,
    deductions: deductionRows.map((d) => ({ id: d.id, date: d.date, seconds: d.seconds, by: d.lastname ? displayName(d.firstname, d.lastname) : null })),
    canDeduct: canCallApi("POST", "/api/deduction", actor.profileType),
    explained,
    checks: checks.map(legalCheckMessage),
    checkSources: checks.map((c) => cite([c.source ?? sourceOfArticle(c.article)])),
  };
}

/**
 * The explanation of one week: the stored overtime_week when it is computed and not marked dirty, else the engine
 * run now on the week's facts (two reads, nothing written: a GET never writes; the nightly job stores it).
 */
async function explainedWeek(
  em: EntityManager,
  employeeId: number,
  key: IsoWeekKey,
  stored: StoredRow | null,
  checks: LegalCheck[],
  timeAccountSeconds: number,
  now: Date,
  legal?: EmployeeLegalDays,
): Promise<ExplainedWeek> {
  const monday = mondayOfIsoWeek(key);
  const nights = nightsOf(legal);
  // The night period and premium counted, and the country whose articles the lines cite (decision 0125).
  const night = legal ? { period: legal.nightPeriod, rate: legal.nightRate, byAgreement: legal.nightByAgreement } : null;
  const legalMode = legal?.policy.country === "PT" ? ("daily" as const) : undefined;
  if (stored && stored.computed_at && !stored.dirty && stored.explanation?.steps) {
    const e = stored.explanation;
    const quota = e.quota ?? null;
    return {
      ...key,
      monday,
      source: "stored",
      provisional: stored.provisional,
      computedAt: new Date(stored.computed_at).toISOString(),
      timeAccountSeconds,
      explanation: explainWeekFacts(
        { steps: e.steps ?? [], days: e.days ?? [], anomalies: e.anomalies ?? [], quota, nightSeconds: nights, night, mode: e.mode ?? legalMode ?? "weekly" },
        checks,
      ),
      steps: e.steps ?? [],
      anomalies: e.anomalies ?? [],
      checks,
      totals: {
        workedSeconds: stored.worked_seconds,
        countedSeconds: stored.counted_seconds,
        contractSeconds: stored.contract_seconds,
        overtimeSeconds: stored.overtime_seconds,
        complementarySeconds: stored.complementary_seconds,
        paidSeconds: stored.paid_seconds,
        recoverySeconds: stored.recovery_seconds,
        recoveryEarnedSeconds: stored.recovery_earned_seconds,
        quotaUsedSeconds: stored.quota_after_seconds,
        quotaSeconds: quota?.limitSeconds ?? 0,
      },
    };
  }
  const loaded = await loadOvertimeWeek(em, employeeId, key, now);
  const r = computeOvertimeWeek(loaded.input);
  return {
    ...key,
    monday,
    source: "live",
    provisional: localDate(now, loaded.input.zone) <= addDays(monday, 6),
    computedAt: null,
    timeAccountSeconds,
    explanation: explainWeekFacts({ steps: r.explanation, days: r.days, anomalies: r.anomalies, quota: r.quota, nightSeconds: nights, night, mode: r.mode }, checks),
    steps: r.explanation,
    anomalies: r.anomalies,
    checks,
    totals: {
      workedSeconds: r.workedSeconds,
      countedSeconds: r.countedSeconds,
      contractSeconds: r.contractSeconds,
      overtimeSeconds: r.overtimeSeconds,
      complementarySeconds: r.complementarySeconds,
      paidSeconds: r.paidSeconds,
      recoverySeconds: r.recoverySeconds,
      recoveryEarnedSeconds: r.recoveryEarnedSeconds,
      quotaUsedSeconds: r.quota.afterSeconds,
      quotaSeconds: r.quota.limitSeconds,
    },
  };
}

/**
 * One explained week of an employee for the API: 422 for a year outside 2020..this year or a week the year does
 * not have; NotFoundError outside the scope.
 */
export async function employeeWeek(em: EntityManager, actor: CurrentUser, employeeId: number, key: IsoWeekKey, now: Date): Promise<ExplainedWeek> {
  const emp = await scopedEmployee(em, actor, employeeId);
  const today = localDate(now, emp.zone);
  const years = overtimeYears(null, today);
  if (!years.includes(key.year)) throw new ValidationError([{ propertyPath: "year", message: t("overtime_screens.error.year") }]);
  let monday: CalendarDate;
  try {
    monday = mondayOfIsoWeek(key);
  } catch {
    throw new ValidationError([{ propertyPath: "week", message: t("overtime_screens.error.week") }]);
  }
  const sunday = addDays(monday, 6);
  const [sum, stored, logDays] = await Promise.all([
    timeAccountByWeek(em, [emp.id], monday, sunday, today),
    em.execute<StoredRow[]>(
      `select iso_week, provisional, dirty, computed_at, explanation, worked_seconds, counted_seconds, contract_seconds,
              overtime_seconds, complementary_seconds, paid_seconds, recovery_seconds, recovery_earned_seconds, quota_after_seconds
         from overtime_week where employee_id = ? and iso_year = ? and iso_week = ?`,
      [emp.id, key.year, key.week],
    ),
    legalDays(em, [emp.id], monday, sunday),
  ]);
  const checks = checksIn(logDays.get(emp.id), monday, sunday, now);
  return explainedWeek(em, emp.id, key, stored[0] ?? null, checks, sum.get(`${emp.id}:${weekId(key)}`) ?? 0, now, logDays.get(emp.id));
}
