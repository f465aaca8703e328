/**
 * Payroll months (DESIGN §10, decision 0079): which months a payroll screen, file or close accepts, and when a month
 * may be closed. Pure.
 */
import { noV2Figures, payrollFigures, payrollV1Rates, weekV2Figures, type PayrollWeekFacts, type V2Figures } from "./variables";
import { monthRange, REPORT_RATES } from "~/domain/reports/reports";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";

/** The years a payroll month may fall in: anything else is a typo (0000-01, 20266-01) or a probe, never a payroll. */
export const PAYROLL_YEARS = { first: 2000, last: 2099 } as const;

/**
 * A payroll month 'YYYY-MM' → its first and last day; null when malformed or outside PAYROLL_YEARS.
 *
 * @example payrollMonthRange("2026-11") // { from: "2026-11-01", to: "2026-11-30" }
 * @example payrollMonthRange("0000-01") // null
 */
export function payrollMonthRange(month: string | null | undefined): { from: CalendarDate; to: CalendarDate } | null {
  const range = monthRange(month);
  if (!range) return null;
  const year = Number(range.from.slice(0, 4));
  return year >= PAYROLL_YEARS.first && year <= PAYROLL_YEARS.last ? range : null;
}

/**
 * The first day a month may be closed (issue 27 §1): the day after its last day, in the subsidiary's zone. Before,
 * someone may still clock, take a leave or be corrected in it.
 *
 * @example closableFrom("2026-11") // "2026-12-01"
 */
export function closableFrom(month: string): CalendarDate | null {
  const range = payrollMonthRange(month);
  return range ? addDays(range.to, 1) : null;
}

/**
 * Whether a month may be closed on `today` (the subsidiary's local date): only once its last day has passed.
 *
 * @example canCloseMonth("2026-11", "2026-11-30") // false
 * @example canCloseMonth("2026-11", "2026-12-01") // true
 */
export function canCloseMonth(month: string, today: CalendarDate): boolean {
  const from = closableFrom(month);
  return from !== null && today >= from;
}

/**
 * The month after 'YYYY-MM'.
 *
 * @example nextMonth("2026-12") // "2027-01"
 */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Regularisations ("rappels", issue 27 §2)

/**
 * A week's payroll figures, in seconds: what a regularisation line carries the difference of. The v1 figures
 * (every banded hour per rate) and, since decision 0111, the v2 columns (overtime paid per rate, hours put into rest,
 * heures complémentaires, structural hours, premiums), so a rappel puts each hour in the one v2 column it belongs to.
 */
export interface PayrollFigures extends V2Figures {
  /** Per rate of REPORT_RATES, in order. */
  overtimeByRate: number[];
  overtimeOtherRates: number;
  complementarySeconds: number;
  mandatoryRestSeconds: number;
  recoveryEarnedSeconds: number;
}

/** The v2 fields of figures, in a fixed order (adding, subtracting and testing for zero go through them). */
const V2_SCALARS = ["paidOtherRates", "complementaryPaidSeconds", "structuralSeconds", "mayDaySeconds", "otherPremiumSeconds", "restConvertedSeconds"] as const;

/**
 * Figures as stored in `payroll_regularisation.figures`. A row written before decision 0111 has no v2 fields: it is
 * read as what its line wrote in the v2 file then (its overtime as paid hours, its heures complémentaires paid,
 * nothing in rest, structural or premium columns), so what was carried is subtracted as it was paid.
 *
 * @example storedFigures({ overtimeByRate: [3600, 0, 0, 0], overtimeOtherRates: 0, complementarySeconds: 0, mandatoryRestSeconds: 0, recoveryEarnedSeconds: 0 }).paidByRate // [3600, 0, 0, 0]
 */
export function storedFigures(raw: Partial<PayrollFigures> & Pick<PayrollFigures, "overtimeByRate" | "overtimeOtherRates" | "complementarySeconds" | "mandatoryRestSeconds" | "recoveryEarnedSeconds">): PayrollFigures {
  const legacy = raw.paidByRate === undefined;
  return {
    overtimeByRate: REPORT_RATES.map((_, i) => raw.overtimeByRate[i] ?? 0),
    overtimeOtherRates: raw.overtimeOtherRates,
    complementarySeconds: raw.complementarySeconds,
    mandatoryRestSeconds: raw.mandatoryRestSeconds,
    recoveryEarnedSeconds: raw.recoveryEarnedSeconds,
    paidByRate: REPORT_RATES.map((_, i) => (legacy ? raw.overtimeByRate[i] : raw.paidByRate![i]) ?? 0),
    paidOtherRates: legacy ? raw.overtimeOtherRates : (raw.paidOtherRates ?? 0),
    complementaryPaidSeconds: legacy ? raw.complementarySeconds : (raw.complementaryPaidSeconds ?? 0),
    structuralSeconds: raw.structuralSeconds ?? 0,
    mayDaySeconds: raw.mayDaySeconds ?? 0,
    otherPremiumSeconds: raw.otherPremiumSeconds ?? 0,
    restConvertedSeconds: raw.restConvertedSeconds ?? 0,
  };
}

/**
 * A whole week's payroll figures from its bands (as stored: {lines, rates}) and totals, as the payroll line sums them.
 *
 * @example weekPayrollFigures({ rates: [{ rate: 25, seconds: 3600 }] }, 0, 0, 0).overtimeByRate // [3600, 0, 0, 0]
 */
export function weekPayrollFigures(bands: unknown, complementary: number, mandatoryRest: number, recoveryEarned: number): PayrollFigures {
  const byRate = REPORT_RATES.map(() => 0);
  let other = 0;
  for (const rate of payrollV1Rates(bands)) {
    const i = REPORT_RATES.indexOf(rate.rate);
    if (i >= 0) byRate[i]! += rate.seconds;
    else other += rate.seconds;
  }
  return {
    overtimeByRate: byRate.map(Math.round),
    overtimeOtherRates: Math.round(other),
    complementarySeconds: Math.round(complementary),
    mandatoryRestSeconds: Math.round(mandatoryRest),
    recoveryEarnedSeconds: Math.round(recoveryEarned),
    ...weekV2Figures(bands),
  };
}

/** No figures: the start of a sum. */
export const NO_FIGURES: PayrollFigures = {
  overtimeByRate: REPORT_RATES.map(() => 0),
  overtimeOtherRates: 0,
  complementarySeconds: 0,
  mandatoryRestSeconds: 0,
  recoveryEarnedSeconds: 0,
  ...noV2Figures(),
};

/** a + sign × b, figure by figure. */
export function addFigures(a: PayrollFigures, b: PayrollFigures, sign: 1 | -1 = 1): PayrollFigures {
  return {
    overtimeByRate: REPORT_RATES.map((_, i) => (a.overtimeByRate[i] ?? 0) + sign * (b.overtimeByRate[i] ?? 0)),
    overtimeOtherRates: a.overtimeOtherRates + sign * b.overtimeOtherRates,
    complementarySeconds: a.complementarySeconds + sign * b.complementarySeconds,
    mandatoryRestSeconds: a.mandatoryRestSeconds + sign * b.mandatoryRestSeconds,
    recoveryEarnedSeconds: a.recoveryEarnedSeconds + sign * b.recoveryEarnedSeconds,
    paidByRate: REPORT_RATES.map((_, i) => (a.paidByRate[i] ?? 0) + sign * (b.paidByRate[i] ?? 0)),
    ...(Object.fromEntries(V2_SCALARS.map((k) => [k, a[k] + sign * b[k]])) as Pick<PayrollFigures, (typeof V2_SCALARS)[number]>),
  };
}

export function isZeroFigures(f: PayrollFigures): boolean {
  return (
    f.overtimeByRate.every((s) => s === 0) &&
    f.overtimeOtherRates === 0 &&
    f.complementarySeconds === 0 &&
    f.mandatoryRestSeconds === 0 &&
    f.recoveryEarnedSeconds === 0 &&
    f.paidByRate.every((s) => s === 0) &&
    V2_SCALARS.every((k) => f[k] === 0)
  );
}

/**
 * What a week of a closed month still owes (issue 27 §2): as it computes now, less what was paid with the closed
 * month (the stored week), less what earlier regularisations already carried into months since closed.
 */
export function rappelDue(now: PayrollFigures, paid: PayrollFigures, alreadyCarried: readonly PayrollFigures[]): PayrollFigures {
  let due = addFigures(now, paid, -1);
  for (const c of alreadyCarried) due = addFigures(due, c, -1);
  return due;
}

/**
 * The month a regularisation goes to: the first month from the week's Sunday on that is closed neither for the
 * employee (a month whose lines hold them) nor for their subsidiary now: the next open month after the closed one.
 *
 * @example rappelMonth("2026-10-26", ["2026-10"], ["2026-10", "2026-11"]) // "2026-12"
 */
export function rappelMonth(monday: CalendarDate, frozen: readonly string[], subsidiaryClosed: readonly string[]): string {
  let m = addDays(monday, 6).slice(0, 7);
  while (frozen.includes(m) || subsidiaryClosed.includes(m)) m = nextMonth(m);
  return m;
}

/**
 * The payroll figures of a week's share in one month [from, to] (issue 38, decision 0118): the same split as the
 * month's variables (a dated line in the month of its day, an undated one by the share of the worked seconds), so
 * that what a close stores per week adds up to the month's line. The whole week's figures when it lies inside.
 *
 * @example weekShareFigures({ m: "2026-11-02", compl: 0, rest: 0, earned: 0, anomalies: 0, anomalyList: null, bands: { rates: [{ rate: 25, seconds: 3600 }] }, days: null }, "2026-11-01", "2026-11-30").overtimeByRate // [3600, 0, 0, 0]
 */
export function weekShareFigures(week: PayrollWeekFacts, from: CalendarDate, to: CalendarDate): PayrollFigures {
  const f = payrollFigures([week], [], [], from, to);
  return {
    overtimeByRate: f.overtimeByRate,
    overtimeOtherRates: f.overtimeOtherRates,
    complementarySeconds: f.complementarySeconds,
    mandatoryRestSeconds: f.mandatoryRestSeconds,
    recoveryEarnedSeconds: f.recoveryEarnedSeconds,
    paidByRate: f.paidByRate,
    ...(Object.fromEntries(V2_SCALARS.map((k) => [k, f[k]])) as Pick<PayrollFigures, (typeof V2_SCALARS)[number]>),
  };
}

/** The months ('YYYY-MM') a week's days fall in: one, or two for a week straddling a month's end. */
export function monthsOfWeek(monday: CalendarDate): string[] {
  const a = monday.slice(0, 7);
  const b = addDays(monday, 6).slice(0, 7);
  return a === b ? [a] : [a, b];
}

/**
 * What a week still owes to payroll once some of its days belong to closed months (decision 0118): for each closed
 * month the week touches, its share as it computes now less its share as it was paid with that month; less what
 * rappels already carried into months since closed. The share of an open month is not a rappel: it is in that
 * month's live figures.
 */
export function rappelDueByShares(
  shares: readonly { now: PayrollFigures; paid: PayrollFigures }[],
  alreadyCarried: readonly PayrollFigures[],
): PayrollFigures {
  let due = NO_FIGURES;
  for (const s of shares) due = addFigures(addFigures(due, s.now), s.paid, -1);
  for (const c of alreadyCarried) due = addFigures(due, c, -1);
  return due;
}

const MONTH_NAMES = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];

/**
 * A month 'YYYY-MM' (or a first day) in French words.
 *
 * @example monthWords("2026-11") // "novembre 2026"
 */
export function monthWords(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/**
 * The closed months a set of changed days falls in (days, not weeks: issue 38 §1), oldest first, without repeats.
 *
 * @example closedMonthsOfDays(["2026-11-30", "2026-12-01"], ["2026-11"]) // ["2026-11"]
 * @example closedMonthsOfDays(["2026-12-01"], ["2026-11"]) // []
 */
export function closedMonthsOfDays(days: readonly CalendarDate[], closed: readonly string[]): string[] {
  return [...new Set(days.map((d) => d.slice(0, 7)).filter((m) => closed.includes(m)))].sort();
}
