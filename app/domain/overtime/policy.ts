/**
 * The overtime policy of a country (DESIGN §8 "The policy is data"): a row per country with an effective-from
 * date, so a change of law or agreement is a new row and a recompute, never a code change. This file holds the
 * type, the French and Portuguese defaults and the validation rules (French messages from the catalogue).
 * Pure: no I/O, no clock.
 */
import { t, type MessageKey } from "~/i18n/fr";
import { isLeaveReason, type LeaveReason } from "~/domain/leave/days";
import { FRENCH_NIGHT, PORTUGUESE_NIGHT, nightPeriodHours, type NightPeriod } from "./night-work";
import { isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";

/**
 * How overtime is found:
 * - `weekly` (France): the week's counted hours above the contract, banded by their rank above the legal week;
 * - `daily` (Portugal, Código do Trabalho art. 268): each day's hours beyond its schedule, banded by their rank
 *   within the day; every hour worked on a rest day or a holiday is overtime.
 */
export type OvertimeMode = "weekly" | "daily";

/** What the annual quota (contingent) counts: paid overtime only (France, D3121-24) or every overtime hour. */
export type QuotaCounts = "paid" | "all";

/** A band: overtime hours from this rank on (1 = the first extra hour) are paid `rate` % more. */
export interface OvertimeBand {
  fromRank: number;
  rate: number;
}

/** A holiday with its own premium, by month and day ("05-01" = 1 May, L3133-6). */
export interface HolidayRate {
  monthDay: string;
  rate: number;
}

/** Heures complémentaires of part-time contracts (France, L3123-20 and L3123-29). */
export interface ComplementaryRule {
  /** Up to 1/n of the contract's hours at `firstRate` (n = 10 by default). */
  firstBandDivisor: number;
  firstRate: number;
  /** Beyond, `secondRate`. */
  secondRate: number;
  /** Cap at 1/n of the contract (n = 3): hours beyond are still paid at `secondRate` and flagged. */
  capDivisor: number;
}

export interface OvertimePolicy {
  mode: OvertimeMode;
  /** The legal working week (France 35 h, L3121-27; Portugal 40 h). */
  legalWeekHours: number;
  /** Bands by rank: above the legal week (weekly), or within the day (daily). Ranks start at 1 and increase. */
  bands: OvertimeBand[];
  /** Daily mode: rate of every hour worked on a rest day (Saturday, Sunday) or a holiday. */
  restDayRate: number | null;
  /** Daily mode: once the year's counter reaches these hours, the enhanced bands and rest-day rate apply. */
  enhancedFromHours: number | null;
  enhancedBands: OvertimeBand[];
  enhancedRestDayRate: number | null;
  /** Part time (contract below the legal week): heures complémentaires; null = hours are banded as overtime. */
  complementary: ComplementaryRule | null;
  /** Leave reasons whose days count as work toward the threshold, valued at the day's scheduled hours. */
  countedAbsences: LeaveReason[];
  /**
   * The first day on which `countedAbsences` count (null: always). France: 10/09/2025, the day of Cass. soc.
   * n° 23-14.455 (paid leave toward the 35 h); a company settling the claims still open may set it earlier, up to
   * the three years of a wage claim (L3245-1). Decision 0126.
   */
  countedAbsencesFrom: CalendarDate | null;
  /** Whether a public holiday not worked counts as work toward the threshold. */
  holidaysCountAsWork: boolean;
  /** Premium on hours worked on a public holiday (0 = none) and on the holidays listed apart (1 May). */
  holidayRate: number;
  holidayRates: HolidayRate[];
  /** Premium on hours worked on a Sunday. */
  sundayRate: number;
  /** Annual quota in hours (France 220 h, D3121-24; Portugal cap 150 h). */
  annualQuotaHours: number;
  /** Quota of small companies (Portugal 175 h); null = the same quota. */
  smallCompanyQuotaHours: number | null;
  /** A company of at most this many employees is "small" (France 20 for the mandatory rest; Portugal 49). */
  smallCompanyMaxEmployees: number;
  /** Mandatory rest (contrepartie obligatoire en repos, L3121-38) per overtime hour beyond the quota, in %. */
  mandatoryRestSmallPercent: number;
  mandatoryRestLargePercent: number;
  quotaCounts: QuotaCounts;
  /**
   * The night period (wall clock, `from` on the evening): France 21:00–06:00 without an agreement (L3122-20), an
   * agreement may set another period of at least 9 h between 21:00 and 07:00 including 00:00–05:00 (L3122-2);
   * Portugal 22:00–07:00 without an agreement (art. 223.º n.º 2), an agreement may set 7 to 11 h including 00:00–05:00
   * (n.º 1). A subsidiary's agreement may override it (subsidiary.night_from/night_to).
   */
  nightPeriod: NightPeriod;
  /**
   * Premium on night hours, in % (Portugal +25 %, art. 266.º n.º 1); 0 = none by law (France: set by the agreement,
   * L3122-8). A subsidiary's agreement may override it.
   */
  nightRate: number;
  /** The spec's four percentages (spec 1 "Country"): paid + inRecuperation = 100, the two initiatives = 100. */
  paid: number;
  inRecuperation: number;
  employeeInitiatedRecuperation: number;
  employerInitiatedRecuperation: number;
}

/**
 * The annual overtime quota of a company of `companySize` employees, in seconds: the small company's when the policy
 * has one and the company is small, else the policy's. Portugal (art. 228.º n.º 1 a) e b)): 175 h up to 49 employees
 * (micro and small companies), 150 h from 50. The engine's quota and Portugal's annual limit check (decision 0103).
 *
 * @example annualQuotaSeconds(PORTUGAL_POLICY, 49) // 630000 (175 h)
 * @example annualQuotaSeconds(PORTUGAL_POLICY, 50) // 540000 (150 h)
 */
export function annualQuotaSeconds(policy: Pick<OvertimePolicy, "annualQuotaHours" | "smallCompanyQuotaHours" | "smallCompanyMaxEmployees">, companySize: number): number {
  const hours = policy.smallCompanyQuotaHours !== null && companySize <= policy.smallCompanyMaxEmployees ? policy.smallCompanyQuotaHours : policy.annualQuotaHours;
  return Math.round(hours * 3600);
}

/** A stored policy row: a policy of a country from a date on. */
export interface OvertimePolicyRow extends OvertimePolicy {
  id: number | null;
  countryId: number | null;
  effectiveFrom: CalendarDate;
}

/** France (the default): DESIGN §8 steps 1–8. */
export const FRANCE_POLICY: OvertimePolicy = {
  mode: "weekly",
  legalWeekHours: 35,
  // L3121-36: the first 8 hours above the legal week +25 %, then +50 %.
  bands: [
    { fromRank: 1, rate: 25 },
    { fromRank: 9, rate: 50 },
  ],
  restDayRate: null,
  enhancedFromHours: null,
  enhancedBands: [],
  enhancedRestDayRate: null,
  // L3123-28: without an agreement, heures complémentaires are capped at 1/10 of the contract (the hours beyond are
  // still paid and flagged); 1/3 (L3123-20) needs a branch agreement: a policy setting (decision 0073).
  complementary: { firstBandDivisor: 10, firstRate: 10, secondRate: 25, capDivisor: 10 },
  // Cass. soc., 10 Sept 2025, n° 23-14.455: paid-leave days count toward the 35 h threshold, from the ruling's day
  // by default (decision 0126).
  countedAbsences: ["PAID_LEAVE"],
  countedAbsencesFrom: "2025-09-10",
  holidaysCountAsWork: false,
  holidayRate: 0,
  holidayRates: [{ monthDay: "05-01", rate: 100 }],
  sundayRate: 0,
  annualQuotaHours: 220,
  smallCompanyQuotaHours: null,
  smallCompanyMaxEmployees: 20,
  mandatoryRestSmallPercent: 50,
  mandatoryRestLargePercent: 100,
  quotaCounts: "paid",
  nightPeriod: FRENCH_NIGHT,
  nightRate: 0,
  paid: 100,
  inRecuperation: 0,
  employeeInitiatedRecuperation: 50,
  employerInitiatedRecuperation: 50,
};

/** Portugal (Código do Trabalho art. 268 as amended by Lei 13/2023; decision 0029). */
export const PORTUGAL_POLICY: OvertimePolicy = {
  mode: "daily",
  legalWeekHours: 40,
  // Working day: the first extra hour +25 %, the following ones +37.5 %.
  bands: [
    { fromRank: 1, rate: 25 },
    { fromRank: 2, rate: 37.5 },
  ],
  restDayRate: 50,
  // Beyond 100 h in the year: +50 %, +75 %, and +100 % on a rest day or a holiday.
  enhancedFromHours: 100,
  enhancedBands: [
    { fromRank: 1, rate: 50 },
    { fromRank: 2, rate: 75 },
  ],
  enhancedRestDayRate: 100,
  complementary: null,
  countedAbsences: [],
  countedAbsencesFrom: null,
  holidaysCountAsWork: false,
  holidayRate: 0,
  holidayRates: [],
  sundayRate: 0,
  annualQuotaHours: 150,
  smallCompanyQuotaHours: 175,
  smallCompanyMaxEmployees: 49,
  mandatoryRestSmallPercent: 0,
  mandatoryRestLargePercent: 0,
  quotaCounts: "all",
  nightPeriod: PORTUGUESE_NIGHT,
  nightRate: 25,
  paid: 100,
  inRecuperation: 0,
  employeeInitiatedRecuperation: 50,
  employerInitiatedRecuperation: 50,
};

/** The first day of the shipped policies. */
export const SHIPPED_POLICY_FROM = "2000-01-01";
/** Cass. soc., 10 September 2025, n° 23-14.455: from that day, paid-leave days count toward the weekly threshold. */
export const PAID_LEAVE_COUNTS_FROM = "2025-09-10";

/**
 * The shipped policy rows of a country: one row from 2000-01-01. France's counts paid leave toward the 35 h from
 * the Cour de cassation's ruling of 10 September 2025 by its `countedAbsencesFrom` setting (decision 0126; decision
 * 0073 shipped it as a second row from that day).
 *
 * @example defaultPolicyRowsFor("France").map((r) => r.effectiveFrom) // ["2000-01-01"]
 */
export function defaultPolicyRowsFor(countryName: string): { effectiveFrom: CalendarDate; policy: OvertimePolicy }[] {
  return [{ effectiveFrom: SHIPPED_POLICY_FROM, policy: defaultPolicyFor(countryName) }];
}

/**
 * The default policy of a country, by its name: Portugal's for "Portugal", France's for every other country
 * (France is the default, DESIGN §8).
 *
 * @example defaultPolicyFor("Portugal").mode // "daily"
 * @example defaultPolicyFor("Belgique").mode // "weekly"
 */
export function defaultPolicyFor(countryName: string): OvertimePolicy {
  return countryName.trim().toLowerCase() === "portugal" ? PORTUGAL_POLICY : FRANCE_POLICY;
}

/** A field error: the field's path in the policy (`bands[1].rate`), its catalogue key and its French message. */
export interface PolicyViolation {
  propertyPath: string;
  key: MessageKey;
  message: string;
}

/** Lowest band rate: an agreement may set any rate of at least 10 % (L3121-33). */
export const MIN_BAND_RATE = 10;
/** Highest rate a form accepts: a guard against typing 2500 for 25. */
export const MAX_RATE = 400;

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
/** At most two decimals, like the numeric(5,2) columns (37.5 % is fine, 37.555 % is not). */
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-9;

/**
 * Field errors of a policy row, empty when it is valid: rates of bands at least 10 %, ranks starting at 1 and
 * strictly increasing, percentages between 0 and 100 with paid + recovery = 100 and the two initiatives = 100,
 * hours within a week or a year, known leave reasons, a real effective-from date.
 *
 * @example validatePolicy({ ...FRANCE_POLICY, paid: 60, inRecuperation: 30 })
 *          // [{ propertyPath: "inRecuperation", message: "La part payée et la part en récupération ..." }]
 */
export function validatePolicy(policy: OvertimePolicy & { effectiveFrom?: CalendarDate }): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  const add = (propertyPath: string, key: MessageKey, params?: Record<string, string | number>) =>
    out.push({ propertyPath, key, message: t(key, params) });

  if (policy.effectiveFrom !== undefined && !isCalendarDate(policy.effectiveFrom)) add("effectiveFrom", "overtime.policy.error.date");
  if (policy.mode !== "weekly" && policy.mode !== "daily") add("mode", "overtime.policy.error.mode");
  if (!isNumber(policy.legalWeekHours) || policy.legalWeekHours <= 0 || policy.legalWeekHours > 48 || !twoDecimals(policy.legalWeekHours)) {
    add("legalWeekHours", "overtime.policy.error.legal_week");
  }

  const checkBands = (path: string, bands: readonly OvertimeBand[], required: boolean) => {
    if (!Array.isArray(bands) || (required && bands.length === 0)) {
      add(path, "overtime.policy.error.bands_required");
      return;
    }
    bands.forEach((band, i) => {
      const rank = band?.fromRank;
      if (!Number.isInteger(rank) || rank < 1 || rank > 168) add(`${path}[${i}].fromRank`, "overtime.policy.error.rank");
      else if (i === 0 && rank !== 1) add(`${path}[${i}].fromRank`, "overtime.policy.error.first_rank");
      else if (i > 0 && Number.isInteger(bands[i - 1]?.fromRank) && rank <= (bands[i - 1] as OvertimeBand).fromRank) {
        add(`${path}[${i}].fromRank`, "overtime.policy.error.ranks_increasing");
      }
      checkRate(`${path}[${i}].rate`, band?.rate, MIN_BAND_RATE);
    });
  };
  const checkRate = (path: string, rate: unknown, min: number) => {
    if (!isNumber(rate) || rate < min || rate > MAX_RATE || !twoDecimals(rate)) {
      add(path, min > 0 ? "overtime.policy.error.band_rate" : "overtime.policy.error.rate", { min, max: MAX_RATE });
    }
  };
  const checkPercent = (path: string, value: unknown) => {
    if (!isNumber(value) || value < 0 || value > 100 || !twoDecimals(value)) add(path, "overtime.policy.error.percent");
  };
  const checkHours = (path: string, value: unknown, max: number) => {
    if (!isNumber(value) || value <= 0 || value > max || !twoDecimals(value)) add(path, "overtime.policy.error.hours", { max });
  };

  checkBands("bands", policy.bands, true);
  if (policy.mode === "daily") {
    checkRate("restDayRate", policy.restDayRate, MIN_BAND_RATE);
  } else if (policy.restDayRate !== null) {
    checkRate("restDayRate", policy.restDayRate, MIN_BAND_RATE);
  }
  if (policy.enhancedFromHours !== null) {
    checkHours("enhancedFromHours", policy.enhancedFromHours, 8784);
    checkBands("enhancedBands", policy.enhancedBands, true);
    if (policy.enhancedRestDayRate !== null || policy.mode === "daily") checkRate("enhancedRestDayRate", policy.enhancedRestDayRate, MIN_BAND_RATE);
  } else if (policy.enhancedBands.length > 0) {
    add("enhancedFromHours", "overtime.policy.error.enhanced_threshold");
  }

  const c = policy.complementary;
  if (c) {
    const divisor = (path: string, v: unknown) => {
      if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > 100) add(path, "overtime.policy.error.divisor");
    };
    divisor("complementary.firstBandDivisor", c.firstBandDivisor);
    divisor("complementary.capDivisor", c.capDivisor);
    if (Number.isInteger(c.firstBandDivisor) && Number.isInteger(c.capDivisor) && c.capDivisor > c.firstBandDivisor) {
      add("complementary.capDivisor", "overtime.policy.error.cap_below_first_band");
    }
    checkRate("complementary.firstRate", c.firstRate, MIN_BAND_RATE);
    checkRate("complementary.secondRate", c.secondRate, MIN_BAND_RATE);
    if (isNumber(c.firstRate) && isNumber(c.secondRate) && c.secondRate < c.firstRate) {
      add("complementary.secondRate", "overtime.policy.error.second_rate_lower");
    }
  }

  if (policy.countedAbsencesFrom !== undefined && policy.countedAbsencesFrom !== null && !isCalendarDate(policy.countedAbsencesFrom)) {
    add("countedAbsencesFrom", "overtime.policy.error.date");
  }
  if (!Array.isArray(policy.countedAbsences) || !policy.countedAbsences.every(isLeaveReason)) {
    add("countedAbsences", "overtime.policy.error.reason");
  } else if (new Set(policy.countedAbsences).size !== policy.countedAbsences.length) {
    add("countedAbsences", "overtime.policy.error.reason_twice");
  }
  checkRate("holidayRate", policy.holidayRate, 0);
  checkRate("sundayRate", policy.sundayRate, 0);
  const seenDays = new Set<string>();
  (policy.holidayRates ?? []).forEach((h, i) => {
    const m = /^(\d{2})-(\d{2})$/.exec(h?.monthDay ?? "");
    if (!m || !isCalendarDate(`2024-${m[1]}-${m[2]}`)) add(`holidayRates[${i}].monthDay`, "overtime.policy.error.month_day");
    else if (seenDays.has(h.monthDay)) add(`holidayRates[${i}].monthDay`, "overtime.policy.error.month_day_twice");
    else seenDays.add(h.monthDay);
    checkRate(`holidayRates[${i}].rate`, h?.rate, 0);
  });

  checkHours("annualQuotaHours", policy.annualQuotaHours, 8784);
  if (policy.smallCompanyQuotaHours !== null) checkHours("smallCompanyQuotaHours", policy.smallCompanyQuotaHours, 8784);
  if (!Number.isInteger(policy.smallCompanyMaxEmployees) || policy.smallCompanyMaxEmployees < 0) {
    add("smallCompanyMaxEmployees", "overtime.policy.error.company_size");
  }
  checkPercent("mandatoryRestSmallPercent", policy.mandatoryRestSmallPercent);
  checkPercent("mandatoryRestLargePercent", policy.mandatoryRestLargePercent);
  if (policy.quotaCounts !== "paid" && policy.quotaCounts !== "all") add("quotaCounts", "overtime.policy.error.quota_counts");

  for (const v of nightPeriodViolations(policy.nightPeriod, policy.mode)) add(v.propertyPath, v.key);
  if (policy.nightRate !== undefined) checkRate("nightRate", policy.nightRate, 0);

  checkPercent("paid", policy.paid);
  checkPercent("inRecuperation", policy.inRecuperation);
  checkPercent("employeeInitiatedRecuperation", policy.employeeInitiatedRecuperation);
  checkPercent("employerInitiatedRecuperation", policy.employerInitiatedRecuperation);
  const sums = (a: unknown, b: unknown) => isNumber(a) && isNumber(b) && Math.round(a * 100) + Math.round(b * 100) === 10_000;
  if (isNumber(policy.paid) && isNumber(policy.inRecuperation) && !sums(policy.paid, policy.inRecuperation)) {
    add("inRecuperation", "overtime.policy.error.split_sum");
  }
  if (
    isNumber(policy.employeeInitiatedRecuperation) &&
    isNumber(policy.employerInitiatedRecuperation) &&
    !sums(policy.employeeInitiatedRecuperation, policy.employerInitiatedRecuperation)
  ) {
    add("employerInitiatedRecuperation", "overtime.policy.error.initiative_sum");
  }
  return out;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The errors of a night period: two HH:MM times; the period must include 00:00–05:00 and last 7 to 11 h
 * (Código do Trabalho art. 223.º n.º 1); in the weekly mode (the French Code du travail, L3122-2) at least 9 h,
 * starting no earlier than 21:00 and ending no later than 07:00.
 *
 * @example nightPeriodViolations({ from: "22:00", to: "07:00" }, "daily") // []
 * @example nightPeriodViolations({ from: "22:00", to: "06:00" }, "weekly") // [{ propertyPath: "nightPeriod", ... }] (8 h)
 */
export function nightPeriodViolations(period: NightPeriod | undefined, mode: OvertimeMode): { propertyPath: string; key: MessageKey }[] {
  if (period === undefined) return [];
  if (!HHMM.test(period?.from ?? "")) return [{ propertyPath: "nightPeriod.from", key: "overtime.policy.error.night_time" }];
  if (!HHMM.test(period?.to ?? "")) return [{ propertyPath: "nightPeriod.to", key: "overtime.policy.error.night_time" }];
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const from = minutes(period.from);
  const to = minutes(period.to);
  // 00:00–05:00 inside: the period starts in the evening (or at midnight) and ends at 05:00 or later in the morning.
  const coversCore = (from >= 12 * 60 || from === 0) && to >= 5 * 60 && to <= 12 * 60;
  const hours = nightPeriodHours(period);
  if (mode === "weekly") {
    const frame = (from >= 21 * 60 || from === 0) && to <= 7 * 60;
    if (!coversCore || !frame || hours < 9) return [{ propertyPath: "nightPeriod", key: "overtime.policy.error.night_period_fr" }];
  } else if (!coversCore || hours < 7 || hours > 11) {
    return [{ propertyPath: "nightPeriod", key: "overtime.policy.error.night_period_pt" }];
  }
  return [];
}

/**
 * The row in force on a date: the latest effective-from on or before it. Null when every row starts later.
 *
 * @example policyInForce([{ effectiveFrom: "2024-01-01", ... }, { effectiveFrom: "2026-01-01", ... }], "2025-06-02")
 *          // the 2024 row
 */
export function policyInForce<T extends { effectiveFrom: CalendarDate }>(rows: readonly T[], date: CalendarDate): T | null {
  let best: T | null = null;
  for (const row of rows) {
    if (row.effectiveFrom <= date && (!best || row.effectiveFrom > best.effectiveFrom)) best = row;
  }
  return best;
}
