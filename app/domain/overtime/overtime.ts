/**
 * The legal overtime engine (DESIGN §8): one ISO week of one employee -> counted hours, normal and extra hours,
 * bands and rates, heures complémentaires, paid vs recovery, recovery earned, the annual quota, the mandatory
 * rest, anomalies and a step-by-step explanation. Pure: no clock, no I/O; the caller reads the week's facts.
 *
 * Everything is integer seconds. Rates and percentages are read as hundredths of a percent (basis points), so
 * 37.5 % is 3 750 and a product is rounded once per line, never accumulated as floats.
 */
import { isoWeekKey, mondayOf, type IsoWeekKey } from "~/domain/shared/iso-week";
import { annualQuotaSeconds, type OvertimeBand, type OvertimePolicy } from "./policy";
import { addDays, isoWeekday, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { dayLengthSeconds } from "~/domain/shared/zoned-day";

const HOUR = 3600;

// The engine's input and result types (domain/overtime/types.ts) and its French texts (domain/overtime/explain.ts) are part of this
// module's interface: split by verb group (STYLE.md), imported from here as before.
export * from "./types";
import type {
  BandLine,
  DayKind,
  DayResult,
  ExplanationStep,
  LineKind,
  OvertimeAnomaly,
  OvertimeDay,
  OvertimeWeekInput,
  OvertimeWeekResult,
  RateTotal,
} from "./types";
export { anomalyMessage, explainWeek } from "./explain";

// ---------------------------------------------------------------------------------------------------------------
// Integer helpers

/** Percent -> hundredths of a percent: 37.5 -> 3750. */
const bp = (percent: number): number => Math.round(percent * 100);

/** Seconds × (1 + rate), rounded once. */
export function increased(seconds: number, ratePercent: number): number {
  return Math.round((seconds * (10_000 + bp(ratePercent))) / 10_000);
}

/** A share of seconds, rounded once. */
function share(seconds: number, percent: number): number {
  return Math.round((seconds * bp(percent)) / 10_000);
}

/** Rate of the band holding a 0-based second offset (offset 0 is the first second of rank 1). */
function rateAt(bands: readonly OvertimeBand[], offset: number): number {
  let rate = bands[0]?.rate ?? 0;
  for (const band of bands) if (offset >= (band.fromRank - 1) * HOUR) rate = band.rate;
  return rate;
}

/** Splits [start, start + length) at the band boundaries: pieces of one rate each, in order. */
function splitByBands(bands: readonly OvertimeBand[], start: number, length: number): { from: number; seconds: number; rate: number }[] {
  const cuts = bands.map((b) => (b.fromRank - 1) * HOUR).filter((c) => c > start && c < start + length);
  const points = [start, ...cuts, start + length];
  const out: { from: number; seconds: number; rate: number }[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const from = points[i] as number;
    const seconds = (points[i + 1] as number) - from;
    if (seconds > 0) out.push({ from, seconds, rate: rateAt(bands, from) });
  }
  return out;
}

// Integer weekdays (decision 0058): no luxon object per day.
const isSunday = (date: CalendarDate) => isoWeekday(date) === 7;
const isWeekend = (date: CalendarDate) => isoWeekday(date) >= 6;

function line(kind: LineKind, rate: number, seconds: number, extra: Partial<BandLine> = {}): BandLine {
  return { kind, rate, seconds, paidSeconds: seconds, recoverySeconds: 0, recoveryEarnedSeconds: 0, beyondQuotaSeconds: 0, ...extra };
}

// ---------------------------------------------------------------------------------------------------------------
// The week

/**
 * The Monday of an ISO week; RangeError for a week the year does not have (week 53 of most years, week 54).
 *
 * @example mondayOfIsoWeek({ year: 2026, week: 1 })  // "2025-12-29"
 * @example mondayOfIsoWeek({ year: 2026, week: 53 }) // "2026-12-28"
 */
export function mondayOfIsoWeek({ year, week }: IsoWeekKey): CalendarDate {
  if (!Number.isInteger(year) || !Number.isInteger(week) || year < 1000 || year > 9999 || week < 1 || week > 53) {
    throw new RangeError(`No ISO week ${week} in ${year}`);
  }
  const monday = addDays(mondayOf(`${year}-01-04`), (week - 1) * 7);
  const key = isoWeekKey(monday);
  if (key.year !== year || key.week !== week) throw new RangeError(`No ISO week ${week} in ${year}`);
  return monday;
}

/**
 * The legal overtime of one employee's ISO week (DESIGN §8). France (weekly mode): counted = worked + absences
 * the policy counts; extra = counted above the contract; full-time bands by rank above the legal week; part
 * time: heures complémentaires up to the legal week (+10 % to 1/10 of the contract, +25 % beyond, flagged beyond
 * 1/3), always paid. Portugal (daily mode): each day's hours beyond its expected time (every hour on a rest day
 * or a holiday), first hour +25 %, then +37.5 %, rest day +50 %, enhanced beyond 100 h a year. Then the split
 * paid / recovery (recovery earned = hours × (1 + rate)), the annual quota and the mandatory rest beyond it.
 *
 * @example computeOvertimeWeek({ week: { year: 2026, week: 10 }, zone: "Europe/Paris", days: fiveDaysOf9h,
 *            contractWeeklyHours: 35, policy: FRANCE_POLICY, quotaUsedBeforeSeconds: 0, companySize: 42 })
 *          // { countedSeconds: 162000, extraSeconds: 36000, lines: [8 h at 25 %, 2 h at 50 %], ... }
 */
export function computeOvertimeWeek(input: OvertimeWeekInput): OvertimeWeekResult {
  const { policy, week } = input;
  const firstMonday = mondayOfIsoWeek(week);
  const dates = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(firstMonday, i));
  const byDate = new Map<CalendarDate, OvertimeDay>();
  for (const day of input.days) {
    if (!dates.includes(day.date)) throw new RangeError(`${day.date} is not in ISO week ${week.year}-W${week.week}`);
    if (byDate.has(day.date)) throw new RangeError(`${day.date} is given twice`);
    byDate.set(day.date, day);
  }
  const anomalies: OvertimeAnomaly[] = [];
  const counted = new Set(policy.countedAbsences);
  // The counted absences count from the policy's date on (France: Cass. soc. 10/09/2025 by default, decision 0126).
  const countsFrom = (date: CalendarDate) => !policy.countedAbsencesFrom || date >= policy.countedAbsencesFrom;

  // Step 1: the days, and what counts as work.
  const days: DayResult[] = dates.map((date) => {
    const d = byDate.get(date);
    const lengthSeconds = dayLengthSeconds(date, input.zone);
    const raw = Math.max(0, Math.trunc(d?.workedSeconds ?? 0));
    const scheduled = Math.max(0, Math.trunc(d?.scheduledSeconds ?? 0));
    if (d?.anomaly) anomalies.push({ code: "day_without_end", date });
    if (raw > lengthSeconds) anomalies.push({ code: "worked_exceeds_day", date, seconds: raw });
    let worked = d?.anomaly ? 0 : raw;
    if (d?.eventDay === "moved") worked = Math.max(worked, scheduled);
    if (worked > 10 * HOUR) anomalies.push({ code: "day_over_10h", date, seconds: worked });
    const holiday = d?.holiday === true;
    const absenceCountedSeconds =
      d?.absence && !holiday && counted.has(d.absence.reason as never) && countsFrom(date)
        ? d.absence.halfDay
          ? Math.floor(scheduled / 2)
          : scheduled
        : 0;
    const holidayCountedSeconds = holiday && policy.holidaysCountAsWork ? Math.max(0, scheduled - worked) : 0;
    const kind: DayKind = holiday ? "holiday" : (d?.restDay ?? isWeekend(date)) ? "rest" : "working";
    // A holiday's scheduled hours not worked are paid all the same (L3133-3, monthly pay): the hourly-cost report keeps
    // their normal cost (issue 25 §4); the part already counted as work is in the normal hours.
    const holidayPaidSeconds = holiday ? Math.max(0, scheduled - worked - holidayCountedSeconds) : 0;
    return { date, kind, lengthSeconds, workedSeconds: worked, absenceCountedSeconds, holidayCountedSeconds, holidayPaidSeconds, extraSeconds: 0 };
  });

  const legalWeekSeconds = Math.round(policy.legalWeekHours * HOUR);
  let contractSeconds: number;
  if (input.contractWeeklyHours !== null && input.contractWeeklyHours > 0) {
    contractSeconds = Math.round(input.contractWeeklyHours * HOUR);
  } else {
    anomalies.push({ code: "contract_missing" });
    const scheduledWeek = dates.reduce((sum, date) => sum + Math.max(0, byDate.get(date)?.scheduledSeconds ?? 0), 0);
    contractSeconds = scheduledWeek > 0 ? scheduledWeek : legalWeekSeconds;
  }

  const workedSeconds = days.reduce((s, d) => s + d.workedSeconds, 0);
  const absenceCountedSeconds = days.reduce((s, d) => s + d.absenceCountedSeconds, 0);
  const holidayCountedSeconds = days.reduce((s, d) => s + d.holidayCountedSeconds, 0);
  const countedSeconds = workedSeconds + absenceCountedSeconds + holidayCountedSeconds;
  if (workedSeconds > 48 * HOUR) anomalies.push({ code: "week_over_48h", seconds: workedSeconds });
  const partTime = contractSeconds < legalWeekSeconds;

  // Steps 2–4 (weekly) or the days (daily): the lines.
  const overtimeLines: BandLine[] = [];
  const complementaryLines: BandLine[] = [];
  const structuralLines: BandLine[] = [];
  let extraSeconds: number;
  let normalSeconds: number;

  const quotaLimitSeconds = annualQuotaSeconds(policy, input.companySize);
  const quotaShareBp = (paidBp: number) => (policy.quotaCounts === "all" ? 10_000 : paidBp);
  const paidBp = bp(policy.paid);

  if (policy.mode === "weekly") {
    extraSeconds = Math.max(0, countedSeconds - contractSeconds);
    normalSeconds = Math.min(countedSeconds, contractSeconds);
    let overtimeLength = extraSeconds;
    let overtimeStart = Math.max(0, contractSeconds - legalWeekSeconds);
    const rule = policy.complementary;
    if (partTime && rule && extraSeconds > 0) {
      const complementary = Math.min(extraSeconds, legalWeekSeconds - contractSeconds);
      const firstLimit = Math.floor(contractSeconds / rule.firstBandDivisor);
      const cap = Math.floor(contractSeconds / rule.capDivisor);
      const first = Math.min(complementary, firstLimit);
      const second = Math.max(0, Math.min(complementary, cap) - first);
      const beyond = complementary - first - second;
      if (first > 0) complementaryLines.push(line("complementary", rule.firstRate, first, { fromRank: 1 }));
      if (second > 0) complementaryLines.push(line("complementary", rule.secondRate, second, { fromRank: Math.floor(first / HOUR) + 1 }));
      if (beyond > 0) {
        complementaryLines.push(line("complementary", rule.secondRate, beyond, { fromRank: Math.floor((first + second) / HOUR) + 1, beyondCap: true }));
        // The cap the policy applies is named in the warning: 1/10 by law (L3123-28), up to 1/3 by agreement (L3123-20).
        anomalies.push({ code: "complementary_cap", seconds: beyond, capDivisor: rule.capDivisor });
      }
      overtimeLength = extraSeconds - complementary;
      overtimeStart = 0;
      if (overtimeLength > 0) anomalies.push({ code: "beyond_legal_week_part_time", seconds: overtimeLength });
    }
    for (const piece of splitByBands(policy.bands, overtimeStart, overtimeLength)) {
      overtimeLines.push(line("overtime", piece.rate, piece.seconds, { fromRank: Math.floor(piece.from / HOUR) + 1 }));
    }
    // Structural overtime (decision 0073): a contract above the legal week makes its hours beyond 35 h overtime paid in
    // the salary; the ones actually counted this week use the quota (L3121-30 al. 2: every hour above the legal week).
    if (!partTime && contractSeconds > legalWeekSeconds) {
      const structural = Math.max(0, Math.min(countedSeconds, contractSeconds) - legalWeekSeconds);
      for (const piece of splitByBands(policy.bands, 0, structural)) {
        structuralLines.push(line("structural", piece.rate, piece.seconds, { fromRank: Math.floor(piece.from / HOUR) + 1 }));
      }
    }
  } else {
    // Daily mode: pieces of each day, cut at the day's band boundaries and where the year's counter reaches the
    // enhanced threshold (counting each second at its quota share).
    const enhancedAt = policy.enhancedFromHours === null ? Infinity : Math.round(policy.enhancedFromHours * HOUR);
    const counterBp = quotaShareBp(paidBp);
    let counter = input.quotaUsedBeforeSeconds;
    extraSeconds = 0;
    for (const day of days) {
      const source = byDate.get(day.date);
      const expected = Math.max(0, source?.expectedSeconds ?? 0);
      const dayExtra = day.kind === "working" ? Math.max(0, day.workedSeconds - expected) : day.workedSeconds;
      day.extraSeconds = dayExtra;
      extraSeconds += dayExtra;
      if (dayExtra === 0) continue;
      // Offset within the day's extra where the counter reaches the threshold.
      const cut =
        counter >= enhancedAt ? 0 : counterBp === 0 ? Infinity : Math.ceil(((enhancedAt - counter) * 10_000) / counterBp);
      const bandCuts = day.kind === "working" ? policy.bands.map((b) => (b.fromRank - 1) * HOUR) : [];
      const points = [...new Set([0, ...bandCuts, cut, dayExtra])].filter((p) => p >= 0 && p <= dayExtra).sort((a, b) => a - b);
      for (let i = 0; i + 1 < points.length; i++) {
        const from = points[i] as number;
        const seconds = (points[i + 1] as number) - from;
        if (seconds <= 0) continue;
        const enhanced = from >= cut;
        const rate =
          day.kind === "working"
            ? rateAt(enhanced ? policy.enhancedBands : policy.bands, from)
            : ((enhanced ? policy.enhancedRestDayRate : policy.restDayRate) ?? 0);
        overtimeLines.push(
          line("overtime", rate, seconds, { date: day.date, dayKind: day.kind, ...(enhanced ? { enhanced: true } : {}), fromRank: Math.floor(from / HOUR) + 1 }),
        );
      }
      counter += Math.round((dayExtra * counterBp) / 10_000);
    }
    normalSeconds = Math.max(0, countedSeconds - extraSeconds);
  }
  const undertimeSeconds = Math.max(0, contractSeconds - countedSeconds);

  // Step 5: holiday and Sunday premiums on the hours worked those days.
  const premiumLines: BandLine[] = [];
  for (const day of days) {
    if (day.workedSeconds === 0) continue;
    if (day.kind === "holiday") {
      const special = policy.holidayRates.find((h) => day.date.slice(5) === h.monthDay);
      const rate = special ? special.rate : policy.holidayRate;
      if (rate > 0) premiumLines.push(line("holiday", rate, day.workedSeconds, { date: day.date }));
    } else if (isSunday(day.date) && policy.sundayRate > 0) {
      premiumLines.push(line("sunday", policy.sundayRate, day.workedSeconds, { date: day.date }));
    }
  }

  // Steps 6–7: paid vs recovery, then the annual quota on what it counts.
  let quotaCounter = input.quotaUsedBeforeSeconds;
  // Structural hours come first in the week (the 36th hour before the 40th) and are always paid: they always count.
  for (const l of structuralLines) {
    l.beyondQuotaSeconds = Math.max(0, quotaCounter + l.seconds - Math.max(quotaCounter, quotaLimitSeconds));
    quotaCounter += l.seconds;
  }
  for (const l of overtimeLines) {
    l.recoverySeconds = share(l.seconds, policy.inRecuperation);
    l.paidSeconds = l.seconds - l.recoverySeconds;
    l.recoveryEarnedSeconds = increased(l.recoverySeconds, l.rate);
    const q = policy.quotaCounts === "all" ? l.seconds : l.paidSeconds;
    l.beyondQuotaSeconds = Math.max(0, quotaCounter + q - Math.max(quotaCounter, quotaLimitSeconds));
    quotaCounter += q;
  }
  const beyondSeconds = [...structuralLines, ...overtimeLines].reduce((s, l) => s + l.beyondQuotaSeconds, 0);
  if (beyondSeconds > 0) anomalies.push({ code: "quota_exceeded", seconds: beyondSeconds });
  const mandatoryRestPercent =
    input.companySize <= policy.smallCompanyMaxEmployees ? policy.mandatoryRestSmallPercent : policy.mandatoryRestLargePercent;
  const mandatoryRestSeconds = share(beyondSeconds, mandatoryRestPercent);

  const lines = [...structuralLines, ...complementaryLines, ...overtimeLines, ...premiumLines];
  const sum = (ls: readonly BandLine[], f: (l: BandLine) => number) => ls.reduce((s, l) => s + f(l), 0);
  const rateMap = new Map<number, RateTotal>();
  // The reports' rate columns: hours beyond the contract (structural hours are in the salary, decision 0073).
  for (const l of lines) {
    if (l.kind === "structural") continue;
    const total = rateMap.get(l.rate) ?? { rate: l.rate, seconds: 0, increasedSeconds: 0 };
    total.seconds += l.seconds;
    rateMap.set(l.rate, total);
  }
  const rates = [...rateMap.values()].sort((a, b) => a.rate - b.rate).map((r) => ({ ...r, increasedSeconds: increased(r.seconds, r.rate) }));

  const result: OvertimeWeekResult = {
    year: week.year,
    week: week.week,
    monday: firstMonday,
    mode: policy.mode,
    legalWeekSeconds,
    contractSeconds,
    partTime,
    workedSeconds,
    absenceCountedSeconds,
    holidayCountedSeconds,
    countedSeconds,
    normalSeconds,
    extraSeconds,
    undertimeSeconds,
    overtimeSeconds: sum(overtimeLines, (l) => l.seconds),
    structuralSeconds: sum(structuralLines, (l) => l.seconds),
    complementarySeconds: sum(complementaryLines, (l) => l.seconds),
    complementaryBeyondCapSeconds: sum(complementaryLines, (l) => (l.beyondCap ? l.seconds : 0)),
    paidSeconds: sum(overtimeLines, (l) => l.paidSeconds) + sum(complementaryLines, (l) => l.paidSeconds),
    recoverySeconds: sum(overtimeLines, (l) => l.recoverySeconds),
    recoveryEarnedSeconds: sum(overtimeLines, (l) => l.recoveryEarnedSeconds),
    premiumSeconds: sum(premiumLines, (l) => l.seconds),
    lines,
    rates,
    quota: {
      limitSeconds: quotaLimitSeconds,
      beforeSeconds: input.quotaUsedBeforeSeconds,
      weekSeconds: quotaCounter - input.quotaUsedBeforeSeconds,
      afterSeconds: quotaCounter,
      beyondSeconds,
      warning: quotaCounter * 10 >= quotaLimitSeconds * 8,
    },
    mandatoryRestPercent,
    mandatoryRestSeconds,
    anomalies,
    days,
    explanation: [],
  };
  result.explanation = explanationOf(result, policy);
  return result;
}

/** The steps of a computed week, in the order DESIGN §8 takes them. */
function explanationOf(r: OvertimeWeekResult, policy: OvertimePolicy): ExplanationStep[] {
  const steps: ExplanationStep[] = [{ step: "worked", seconds: r.workedSeconds }];
  if (r.absenceCountedSeconds > 0) {
    steps.push({ step: "absences_counted", seconds: r.absenceCountedSeconds, ...(policy.countedAbsencesFrom ? { date: policy.countedAbsencesFrom } : {}) });
  }
  if (r.holidayCountedSeconds > 0) steps.push({ step: "holidays_counted", seconds: r.holidayCountedSeconds });
  steps.push(
    { step: "counted", seconds: r.countedSeconds },
    { step: "threshold", seconds: r.contractSeconds, otherSeconds: r.legalWeekSeconds },
    { step: "normal", seconds: r.normalSeconds },
    // A difference shown next to its two terms is the difference of the minutes shown (issue 28 §5: 35 h 00 − 29 h 32
    // reads 5 h 28, not the 5 h 27 of the truncated exact difference).
    { step: "extra", seconds: r.extraSeconds > 0 ? minutesDifference(r.countedSeconds, r.contractSeconds) : 0 },
  );
  if (r.undertimeSeconds > 0) steps.push({ step: "undertime", seconds: minutesDifference(r.contractSeconds, r.countedSeconds) });
  for (const l of r.lines) {
    if (l.kind === "structural") steps.push({ step: "structural", seconds: l.seconds, rate: l.rate });
    else if (l.kind === "complementary") steps.push({ step: "complementary", seconds: l.seconds, rate: l.rate, ...(l.beyondCap ? { beyondCap: true } : {}) });
    else if (l.kind === "overtime") steps.push({ step: "band", seconds: l.seconds, rate: l.rate, ...(l.date ? { date: l.date } : {}) });
    else steps.push({ step: "premium", seconds: l.seconds, rate: l.rate, ...(l.date ? { date: l.date } : {}) });
  }
  if (r.overtimeSeconds > 0) steps.push({ step: "split", percent: policy.paid, otherPercent: policy.inRecuperation });
  steps.push({ step: "paid", seconds: r.paidSeconds });
  if (r.recoverySeconds > 0) steps.push({ step: "recovery", seconds: r.recoverySeconds, otherSeconds: r.recoveryEarnedSeconds });
  steps.push({ step: "quota", seconds: r.quota.afterSeconds, otherSeconds: r.quota.limitSeconds });
  if (r.quota.warning) steps.push({ step: "quota_warning" });
  if (r.mandatoryRestSeconds > 0) steps.push({ step: "mandatory_rest", seconds: r.mandatoryRestSeconds, percent: r.mandatoryRestPercent });
  return steps;
}

/** a − b as the whole minutes shown of each (both truncated to the minute first), in seconds. */
function minutesDifference(a: number, b: number): number {
  return (Math.floor(a / 60) - Math.floor(b / 60)) * 60;
}
