/**
 * A month's payroll variables of one employee (DESIGN §10; layouts `cadran-paie-v1`, `cadran-paie-v2` and
 * `cadran-paie-v3`, docs/payroll-variables.md, decisions 0072 and 0143), from the engine's stored weeks touching the month and the accepted
 * leaves overlapping it. Pure: the service reads the rows, this adds them up; the result is a plain serialisable
 * object (a closed month stores it as its snapshot).
 *
 * One rule for a week straddling two months: a line dated by the engine (a daily line, the 1 May or a Sunday
 * premium) belongs to the month of its day; an undated (weekly) line is split by the share of the week's worked
 * seconds done on the month's days (`weekShare`; by its days when nothing was worked).
 */
import { REPORT_RATES, weekRates, weekShare } from "~/domain/reports/reports";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";

const H = 3600;

/** A stored week as the payroll reads it (`overtime_week`). */
export interface PayrollWeekFacts {
  /** Monday. */
  m: CalendarDate;
  compl: number;
  rest: number;
  earned: number;
  anomalies: number;
  /** Only for a week straddling the month: its anomalies, its days. */
  anomalyList: { date?: string }[] | null;
  bands: unknown;
  days: { date: string; workedSeconds?: number }[] | null;
}

export interface PayrollLeaveFacts {
  reason: string;
  start: CalendarDate;
  end: CalendarDate;
  days: number;
  hours: number | null;
}

/** The figures of one employee's month, in seconds (hours) and days. */
export interface PayrollFigures extends V2Figures {
  // v1 (cadran-paie-v1, unchanged meaning)
  /** Seconds per rate of REPORT_RATES, every kind of line (v1). */
  overtimeByRate: number[];
  overtimeOtherRates: number;
  complementarySeconds: number;
  mandatoryRestSeconds: number;
  recoveryEarnedSeconds: number;
  recoveryTakenSeconds: number;
  /** Days per leave reason (the order given). */
  leaveDays: number[];
  anomalies: number;
  // v2 (cadran-paie-v2): V2Figures, and
  /** Night hours (issue 26: filled by the night-work rules; 0 until then). */
  nightSeconds: number;
  // v3 (cadran-paie-v3, decision 0143): the night premium (app/domain/payroll/night-premium.ts). Absent from the
  // lines a month closed before stored: its v3 cells are empty, never a made-up 0.
  nightPremiumSeconds?: number;
  nightPremiumRate?: number;
  nightPremiumEquivalentSeconds?: number;
}

/**
 * One employee's line: who, and the month's figures (a plain serialisable object: a closed month's snapshot).
 * Here, beside the figures, so the store and the file writer share it without importing each other.
 */
export interface PayrollLine extends PayrollFigures {
  employeeId: number;
  matricule: number | null;
  employeeName: string;
}

export interface PayrollMonthData {
  subsidiaryId: number;
  subsidiaryName: string;
  month: string;
  from: CalendarDate;
  to: CalendarDate;
  lines: PayrollLine[];
}


interface StoredLine {
  kind?: string;
  rate?: number;
  seconds?: number;
  paidSeconds?: number;
  recoverySeconds?: number;
  date?: string;
}

/** Weekdays (Monday–Friday) between two days, both included. */
export function weekdaysBetween(from: string, to: string): number {
  let n = 0;
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) n += 1;
  }
  return n;
}

/** Is this the 1 May (any year)? */
export const isMayDay = (date: string | undefined): boolean => !!date && date.slice(5) === "05-01";

/**
 * A week's anomalies in the month: each dated anomaly in the month of its day; an undated (week-level) one in the
 * month of the week's Thursday, the month the ISO week belongs to (decision 0046, amended).
 */
export function monthAnomalies(w: Pick<PayrollWeekFacts, "m" | "anomalies" | "anomalyList">, from: string, to: string): number {
  const thursday = addDaysText(w.m, 3);
  if (!w.anomalyList) return thursday >= from && thursday <= to ? w.anomalies : 0;
  return w.anomalyList.filter((a) => {
    const day = a.date ?? thursday;
    return day >= from && day <= to;
  }).length;
}

function addDaysText(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The month's figures of one employee (see the module's rule for straddling weeks). */
export function payrollFigures(
  weeks: readonly PayrollWeekFacts[],
  leaves: readonly PayrollLeaveFacts[],
  reasons: readonly string[],
  from: CalendarDate,
  to: CalendarDate,
): PayrollFigures {
  const byRate = REPORT_RATES.map(() => 0);
  const v2 = noV2Figures();
  let other = 0;
  let compl = 0;
  let rest = 0;
  let earned = 0;
  let anomalies = 0;
  const inMonth = (date: string) => date >= from && date <= to;
  for (const w of weeks) {
    const share = weekShare(w.days ?? [], w.m, from, to);
    anomalies += monthAnomalies(w, from, to);
    // v1: the week's rates, every kind of line but heures complémentaires (in HC only: issue 38 §5), split by the
    // week's share.
    if (share > 0) {
      for (const rate of payrollV1Rates(w.bands)) {
        const i = REPORT_RATES.indexOf(rate.rate);
        if (i >= 0) byRate[i]! += rate.seconds * share;
        else other += rate.seconds * share;
      }
      compl += w.compl * share;
      rest += w.rest * share;
      earned += w.earned * share;
    }
    // v2: line by line; a dated line in the month of its day, an undated one by the week's share.
    for (const l of weekLines(w.bands)) {
      const part = l.date ? (inMonth(l.date) ? 1 : 0) : share;
      if (part === 0) continue;
      addLine(v2, l, part);
    }
  }
  const leaveDays = reasons.map(() => 0);
  let taken = 0;
  for (const l of leaves) {
    if (l.reason === "RECOVERY_LEAVE") {
      if (inMonth(l.start)) taken += Number(l.hours ?? 0) * H;
      continue;
    }
    const i = reasons.indexOf(l.reason);
    if (i < 0) continue;
    const inside = l.start >= from && l.end <= to;
    const all = weekdaysBetween(l.start, l.end);
    const part = weekdaysBetween(l.start > from ? l.start : from, l.end < to ? l.end : to);
    leaveDays[i]! += inside || all === 0 ? Number(l.days) : (Number(l.days) * part) / all;
  }
  return {
    overtimeByRate: byRate.map(Math.round),
    overtimeOtherRates: Math.round(other),
    complementarySeconds: Math.round(compl),
    mandatoryRestSeconds: Math.round(rest),
    recoveryEarnedSeconds: Math.round(earned),
    recoveryTakenSeconds: Math.round(taken),
    leaveDays: leaveDays.map((d) => Math.round(d * 100) / 100),
    anomalies,
    ...roundV2(v2),
    nightSeconds: 0,
  };
}

/** The v2 columns a week's lines fill (cadran-paie-v2), in seconds: each hour in exactly one column. */
export interface V2Figures {
  /** Overtime hours PAID per rate of REPORT_RATES (overtime lines only; hours turned into rest excluded). */
  paidByRate: number[];
  paidOtherRates: number;
  /** Heures complémentaires of part-time contracts (paid; never overtime). */
  complementaryPaidSeconds: number;
  /** Structural overtime of a contract above the legal week (36th–39th hour), already in the monthly salary. */
  structuralSeconds: number;
  /** Hours worked on 1 May (L3133-6: an indemnity equal to the wage), in the month of that day. */
  mayDaySeconds: number;
  /** Hours worked on another holiday or a Sunday that carry a premium (agreement, policy). */
  otherPremiumSeconds: number;
  /** Hours put into replacement rest (before their increase; the increased rest is recoveryEarnedSeconds). */
  restConvertedSeconds: number;
}

export function noV2Figures(): V2Figures {
  return {
    paidByRate: REPORT_RATES.map(() => 0),
    paidOtherRates: 0,
    complementaryPaidSeconds: 0,
    structuralSeconds: 0,
    mayDaySeconds: 0,
    otherPremiumSeconds: 0,
    restConvertedSeconds: 0,
  };
}

function roundV2(v: V2Figures): V2Figures {
  return {
    paidByRate: v.paidByRate.map(Math.round),
    paidOtherRates: Math.round(v.paidOtherRates),
    complementaryPaidSeconds: Math.round(v.complementaryPaidSeconds),
    structuralSeconds: Math.round(v.structuralSeconds),
    mayDaySeconds: Math.round(v.mayDaySeconds),
    otherPremiumSeconds: Math.round(v.otherPremiumSeconds),
    restConvertedSeconds: Math.round(v.restConvertedSeconds),
  };
}

/**
 * The rates of `cadran-paie-v1`'s HS_* columns: the week's rates less its heures complémentaires, which v1 carries in
 * HC (issue 38 §5: a part-time hour at +25 % was in HS_25 and in HC, paid twice by a tool adding both).
 *
 * @example payrollV1Rates({ rates: [{ rate: 25, seconds: 7200 }], lines: [{ kind: "complementary", rate: 25, seconds: 3600 }] }) // [{ rate: 25, seconds: 3600, increasedSeconds: 0, paidSeconds: 0 }]
 */
export function payrollV1Rates(bands: unknown): ReturnType<typeof weekRates> {
  const rates = weekRates(bands).map((r) => ({ ...r }));
  for (const l of weekLines(bands)) {
    if (l.kind !== "complementary" || typeof l.rate !== "number") continue;
    const r = rates.find((x) => x.rate === l.rate);
    if (r) r.seconds -= l.seconds ?? 0;
  }
  return rates.filter((r) => r.seconds !== 0);
}

function weekLines(bands: unknown): StoredLine[] {
  return ((bands ?? {}) as { lines?: StoredLine[] }).lines ?? [];
}

/** Adds `part` (1, or a straddling week's share) of one engine line to the v2 columns it belongs to. */
function addLine(v: V2Figures, l: StoredLine, part: number): void {
  const seconds = (l.seconds ?? 0) * part;
  const paid = (l.paidSeconds ?? l.seconds ?? 0) * part;
  switch (l.kind) {
    case "overtime": {
      const i = REPORT_RATES.indexOf(l.rate ?? -1);
      if (i >= 0) v.paidByRate[i]! += paid;
      else v.paidOtherRates += paid;
      v.restConvertedSeconds += (l.recoverySeconds ?? 0) * part;
      break;
    }
    case "complementary":
      v.complementaryPaidSeconds += seconds;
      break;
    case "structural":
      v.structuralSeconds += seconds;
      break;
    case "holiday":
      if (isMayDay(l.date)) v.mayDaySeconds += seconds;
      else v.otherPremiumSeconds += seconds;
      break;
    case "sunday":
      v.otherPremiumSeconds += seconds;
      break;
  }
}

/**
 * The v2 columns of a whole week (every line, dated or not): what a regularisation compares (decision 0111).
 *
 * @example weekV2Figures({ lines: [{ kind: "overtime", rate: 25, seconds: 7200, paidSeconds: 3600, recoverySeconds: 3600 }] }).restConvertedSeconds // 3600
 */
export function weekV2Figures(bands: unknown): V2Figures {
  const v = noV2Figures();
  for (const l of weekLines(bands)) addLine(v, l, 1);
  return roundV2(v);
}
