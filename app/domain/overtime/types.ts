/**
 * The overtime engine's input and result (split from overtime.ts by verb group): one ISO week of one employee's
 * facts, and what the engine makes of it. Re-exported by overtime.ts.
 */
import type { IsoWeekKey } from "~/domain/shared/iso-week";
import type { OvertimePolicy } from "./policy";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";

/** One day of the week as the database knows it. Missing days of the week count as empty days. */
export interface OvertimeDay {
  date: CalendarDate;
  /** Seconds worked (closed intervals of the day's clock, instant arithmetic: right on 23 h and 25 h days). */
  workedSeconds: number;
  /** The schedule of that weekday before any leave, holiday or closing: what a counted absence is worth. */
  scheduledSeconds: number;
  /** Expected seconds of the time account: 0 on weekends, holidays, full-day leave and closing days. */
  expectedSeconds: number;
  /** An accepted leave on the day. */
  absence?: { reason: string; halfDay: boolean } | null;
  /** A public holiday of the employee's country. */
  holiday?: boolean;
  /** A closing day (expected 0) or a travel day (its scheduled hours count as worked). */
  eventDay?: "closed" | "moved" | null;
  /** A past day left without END: counts 0 worked until a correction is validated. */
  anomaly?: boolean;
  /** A weekly rest day; Saturday and Sunday when not told. */
  restDay?: boolean;
}

export interface OvertimeWeekInput {
  week: IsoWeekKey;
  /** The employee's IANA zone: a day lasts 23 or 25 hours twice a year. */
  zone: string;
  days: readonly OvertimeDay[];
  /** The contract's weekly hours; null when the sheet has none (the week's schedule is used, flagged). */
  contractWeeklyHours: number | null;
  policy: OvertimePolicy;
  /** Seconds of the year's quota used by the weeks before this one. */
  quotaUsedBeforeSeconds: number;
  /** Employees of the company (the mandatory rest rate and the small-company quota depend on it). */
  companySize: number;
}

/**
 * `structural`: the hours of a contract above the legal week (the 36th–39th hour of a 39 h contract), overtime paid
 * in the monthly salary (L3121-28): they count toward the annual quota (L3121-30) but are neither paid again nor
 * turned into rest, and stay out of the reports' rate columns (decision 0073).
 */
export type LineKind = "overtime" | "complementary" | "holiday" | "sunday" | "structural";
export type DayKind = "working" | "rest" | "holiday";

/** One band of the week: hours at one rate, and what becomes of them. */
export interface BandLine {
  kind: LineKind;
  /** Percent (37.5 = +37.5 %). */
  rate: number;
  seconds: number;
  /** Part paid at the rate. */
  paidSeconds: number;
  /** Part put into recovery (replacement rest). */
  recoverySeconds: number;
  /** recoverySeconds × (1 + rate). */
  recoveryEarnedSeconds: number;
  /** Counted seconds of the annual quota beyond it (they earn the mandatory rest). */
  beyondQuotaSeconds: number;
  /** Weekly bands: first rank of the line above the legal week (complementary: above the contract). */
  fromRank?: number;
  /** Daily lines (Portugal, premiums). */
  date?: CalendarDate;
  dayKind?: DayKind;
  /** Beyond the annual threshold of the enhanced rates (Portugal's 100 h). */
  enhanced?: boolean;
  /** Heures complémentaires beyond the 1/3 cap (still paid, flagged). */
  beyondCap?: boolean;
}

/** Totals per rate, for the reports' "hours and increased hours at 25 %, 33 %, 50 %, 100 %". */
export interface RateTotal {
  rate: number;
  seconds: number;
  increasedSeconds: number;
}

export type AnomalyCode =
  | "day_without_end"
  | "worked_exceeds_day"
  | "day_over_10h"
  | "week_over_48h"
  | "complementary_cap"
  | "beyond_legal_week_part_time"
  | "quota_exceeded"
  | "contract_missing";

export interface OvertimeAnomaly {
  code: AnomalyCode;
  date?: CalendarDate;
  seconds?: number;
  /** complementary_cap: the n of the 1/n cap the policy applied (10 by law, L3123-28; 3 by agreement, L3123-20). */
  capDivisor?: number;
}

export interface DayResult {
  date: CalendarDate;
  kind: DayKind;
  /** Local length of the day: 82 800, 86 400 or 90 000 seconds. */
  lengthSeconds: number;
  workedSeconds: number;
  absenceCountedSeconds: number;
  holidayCountedSeconds: number;
  /** A holiday's scheduled hours, not worked and not counted as work, but paid (the hourly-cost report's normal cost). */
  holidayPaidSeconds?: number;
  /** Daily mode: the day's overtime. */
  extraSeconds: number;
}

export type ExplanationStepName =
  | "worked"
  | "absences_counted"
  | "holidays_counted"
  | "counted"
  | "threshold"
  | "normal"
  | "extra"
  | "undertime"
  | "band"
  | "structural"
  | "complementary"
  | "premium"
  | "split"
  | "paid"
  | "recovery"
  | "quota"
  | "quota_warning"
  | "mandatory_rest";

/** One step of the explanation: numbers only (the API shows them as they are, the screens through explainWeek). */
export interface ExplanationStep {
  step: ExplanationStepName;
  seconds?: number;
  rate?: number;
  date?: CalendarDate;
  /** threshold: the legal week; recovery: the rest earned; quota: the quota. */
  otherSeconds?: number;
  percent?: number;
  otherPercent?: number;
  beyondCap?: boolean;
}

export interface OvertimeWeekResult {
  year: number;
  week: number;
  monday: CalendarDate;
  mode: OvertimePolicy["mode"];
  legalWeekSeconds: number;
  contractSeconds: number;
  partTime: boolean;
  workedSeconds: number;
  absenceCountedSeconds: number;
  holidayCountedSeconds: number;
  countedSeconds: number;
  normalSeconds: number;
  extraSeconds: number;
  undertimeSeconds: number;
  /** Banded overtime (full time, or beyond the legal week). */
  overtimeSeconds: number;
  /** Structural overtime: counted hours between the legal week and a longer contract (in the salary). */
  structuralSeconds: number;
  complementarySeconds: number;
  complementaryBeyondCapSeconds: number;
  /** Overtime and complementary hours paid at their rate. */
  paidSeconds: number;
  recoverySeconds: number;
  recoveryEarnedSeconds: number;
  /** Hours worked on a holiday or a Sunday with a premium. */
  premiumSeconds: number;
  lines: BandLine[];
  rates: RateTotal[];
  quota: {
    limitSeconds: number;
    beforeSeconds: number;
    weekSeconds: number;
    afterSeconds: number;
    beyondSeconds: number;
    /** From 80 % of the quota. */
    warning: boolean;
  };
  mandatoryRestPercent: number;
  mandatoryRestSeconds: number;
  anomalies: OvertimeAnomaly[];
  days: DayResult[];
  explanation: ExplanationStep[];
}
