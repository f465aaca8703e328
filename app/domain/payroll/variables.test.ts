import { describe, expect, it } from "vitest";
import { payrollFigures, type PayrollFigures, type PayrollLeaveFacts, type PayrollWeekFacts } from "./variables";

const H = 3600;
const REASONS = ["PAID_LEAVE", "SICK_LEAVE"];

interface Line {
  kind: string;
  rate: number;
  seconds: number;
  paidSeconds?: number;
  recoverySeconds?: number;
  date?: string;
}

function week(m: string, lines: Line[], over: Partial<PayrollWeekFacts> = {}): PayrollWeekFacts {
  const full = lines.map((l) => ({ paidSeconds: l.seconds - (l.recoverySeconds ?? 0), recoverySeconds: 0, ...l }));
  const rates = new Map<number, { rate: number; seconds: number; increasedSeconds: number }>();
  for (const l of full.filter((x) => x.kind !== "structural")) {
    const r = rates.get(l.rate) ?? { rate: l.rate, seconds: 0, increasedSeconds: 0 };
    r.seconds += l.seconds;
    rates.set(l.rate, r);
  }
  return { m, compl: 0, rest: 0, earned: 0, anomalies: 0, anomalyList: null, bands: { lines: full, rates: [...rates.values()] }, days: null, ...over };
}

const NOVEMBER = { from: "2026-11-01", to: "2026-11-30" };
const DECEMBER = { from: "2026-12-01", to: "2026-12-31" };
const APRIL = { from: "2026-04-01", to: "2026-04-30" };
const MAY = { from: "2026-05-01", to: "2026-05-31" };
/** The week of 30 November – 6 December 2026: Monday in November, Tuesday–Friday in December, 9 h a day. */
const STRADDLING_DAYS = ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"].map((date) => ({ date, workedSeconds: 9 * H }));
/** The week of 27 April – 3 May 2026: 1 May (a Friday) worked 7 h. */
const MAY_DAY_DAYS = ["2026-04-27", "2026-04-28", "2026-04-29", "2026-04-30", "2026-05-01"].map((date) => ({ date, workedSeconds: 7 * H }));

function figures(weeks: PayrollWeekFacts[], month: { from: string; to: string }, leaves: PayrollLeaveFacts[] = []): PayrollFigures {
  return payrollFigures(weeks, leaves, REASONS, month.from, month.to);
}

describe("cadran-paie-v2, one case per column (docs/payroll-variables.md)", () => {
  it.each<{ name: string; column: string; weeks: PayrollWeekFacts[]; month: { from: string; to: string }; leaves?: PayrollLeaveFacts[]; pick: (f: PayrollFigures) => number; value: number }>([
    {
      name: "HS_STRUCT: a 39 h contract's 36th–39th hours (L3121-28), already in the monthly salary",
      column: "HS_STRUCT",
      weeks: [week("2026-11-09", [{ kind: "structural", rate: 25, seconds: 4 * H }, { kind: "overtime", rate: 25, seconds: 2 * H }])],
      month: NOVEMBER,
      pick: (f) => f.structuralSeconds,
      value: 4 * H,
    },
    {
      name: "HS_25: overtime hours paid at +25 % only, hours turned into rest left out (L3121-28, L3121-33)",
      column: "HS_25",
      weeks: [week("2026-11-09", [{ kind: "overtime", rate: 25, seconds: 8 * H, recoverySeconds: 4 * H }], { earned: 5 * H })],
      month: NOVEMBER,
      pick: (f) => f.paidByRate[0]!,
      value: 4 * H,
    },
    {
      name: "HS_33: hours paid at +33 % (an agreement's rate)",
      column: "HS_33",
      weeks: [week("2026-11-09", [{ kind: "overtime", rate: 33, seconds: 3 * H }])],
      month: NOVEMBER,
      pick: (f) => f.paidByRate[1]!,
      value: 3 * H,
    },
    {
      name: "HS_50: hours paid at +50 % from the 44th hour (L3121-36)",
      column: "HS_50",
      weeks: [week("2026-11-09", [{ kind: "overtime", rate: 25, seconds: 8 * H }, { kind: "overtime", rate: 50, seconds: 2 * H }])],
      month: NOVEMBER,
      pick: (f) => f.paidByRate[2]!,
      value: 2 * H,
    },
    {
      name: "HS_100: overtime at +100 % only, never the 1 May hours (L3133-6 is not an overtime rate)",
      column: "HS_100",
      weeks: [week("2026-04-27", [{ kind: "holiday", rate: 100, seconds: 7 * H, date: "2026-05-01" }], { days: MAY_DAY_DAYS })],
      month: MAY,
      pick: (f) => f.paidByRate[3]!,
      value: 0,
    },
    {
      name: "HS_AUTRES: other rates, e.g. Portugal's +37,5 % (Código do Trabalho art. 268)",
      column: "HS_AUTRES",
      weeks: [week("2026-11-09", [{ kind: "overtime", rate: 37.5, seconds: H, date: "2026-11-10" }])],
      month: NOVEMBER,
      pick: (f) => f.paidOtherRates,
      value: H,
    },
    {
      name: "HC: heures complémentaires of a part-time contract only in HC (L3123-29), not in HS_25",
      column: "HC",
      weeks: [week("2026-11-09", [{ kind: "complementary", rate: 10, seconds: 2 * H }, { kind: "complementary", rate: 25, seconds: H }])],
      month: NOVEMBER,
      pick: (f) => f.complementaryPaidSeconds + f.paidByRate[0]!,
      value: 3 * H,
    },
    {
      name: "PRIME_1ER_MAI: the hours worked on 1 May (L3133-6), whole in May although the week starts in April",
      column: "PRIME_1ER_MAI",
      weeks: [week("2026-04-27", [{ kind: "holiday", rate: 100, seconds: 7 * H, date: "2026-05-01" }], { days: MAY_DAY_DAYS })],
      month: MAY,
      pick: (f) => f.mayDaySeconds,
      value: 7 * H,
    },
    {
      name: "PRIME_1ER_MAI: nothing of it in April",
      column: "PRIME_1ER_MAI",
      weeks: [week("2026-04-27", [{ kind: "holiday", rate: 100, seconds: 7 * H, date: "2026-05-01" }], { days: MAY_DAY_DAYS })],
      month: APRIL,
      pick: (f) => f.mayDaySeconds,
      value: 0,
    },
    {
      name: "HEURES_DIM_FERIES: Sunday or other holiday hours with a premium, in the month of their day",
      column: "HEURES_DIM_FERIES",
      weeks: [week("2026-11-09", [{ kind: "sunday", rate: 20, seconds: 5 * H, date: "2026-11-15" }])],
      month: NOVEMBER,
      pick: (f) => f.otherPremiumSeconds,
      value: 5 * H,
    },
    {
      name: "HEURES_NUIT: zero until the night rules fill it (issue 26)",
      column: "HEURES_NUIT",
      weeks: [week("2026-11-09", [{ kind: "overtime", rate: 25, seconds: H }])],
      month: NOVEMBER,
      pick: (f) => f.nightSeconds,
      value: 0,
    },
    {
      name: "HS_EN_REPOS: the overtime hours turned into replacement rest (L3121-33), before their increase",
      column: "HS_EN_REPOS",
      weeks: [week("2026-11-09", [{ kind: "overtime", rate: 25, seconds: 8 * H, recoverySeconds: 4 * H }], { earned: 5 * H })],
      month: NOVEMBER,
      pick: (f) => f.restConvertedSeconds,
      value: 4 * H,
    },
    {
      name: "RECUP_ACQUISE: the rest earned, increased (4 h at +25 % = 5 h)",
      column: "RECUP_ACQUISE",
      weeks: [week("2026-11-09", [{ kind: "overtime", rate: 25, seconds: 8 * H, recoverySeconds: 4 * H }], { earned: 5 * H })],
      month: NOVEMBER,
      pick: (f) => f.recoveryEarnedSeconds,
      value: 5 * H,
    },
    {
      name: "RECUP_PRISE: accepted recovery leave hours starting in the month",
      column: "RECUP_PRISE",
      weeks: [],
      month: NOVEMBER,
      leaves: [{ reason: "RECOVERY_LEAVE", start: "2026-11-20", end: "2026-11-20", days: 0, hours: 3.5 }],
      pick: (f) => f.recoveryTakenSeconds,
      value: 3.5 * H,
    },
    {
      name: "RCO: the mandatory rest earned beyond the annual quota (L3121-30, D3121-23)",
      column: "RCO",
      weeks: [week("2026-11-09", [{ kind: "overtime", rate: 25, seconds: 8 * H }], { rest: 4 * H })],
      month: NOVEMBER,
      pick: (f) => f.mandatoryRestSeconds,
      value: 4 * H,
    },
    {
      name: "JOURS_PAID: a leave straddling months prorated on weekdays (3 of 5 in November)",
      column: "JOURS_PAID",
      weeks: [],
      month: NOVEMBER,
      leaves: [{ reason: "PAID_LEAVE", start: "2026-11-26", end: "2026-12-02", days: 5, hours: null }],
      pick: (f) => f.leaveDays[0]!,
      value: 3,
    },
    {
      name: "ANOMALIES: a dated anomaly in the month of its day",
      column: "ANOMALIES",
      weeks: [week("2026-11-30", [], { anomalies: 2, anomalyList: [{ date: "2026-11-30" }, { date: "2026-12-02" }], days: STRADDLING_DAYS })],
      month: NOVEMBER,
      pick: (f) => f.anomalies,
      value: 1,
    },
  ])("$name", ({ weeks, month, leaves, pick, value }) => {
    expect(pick(figures(weeks, month, leaves))).toBe(value);
  });
});

describe("a week straddling two months: one rule (its undated hours by the share of worked time on each month's days)", () => {
  // 30/11–06/12/2026: 5 × 9 h, Monday in November; 6 h at +25 % and 4 h at +50 % paid, 4 h of structural hours.
  const straddling = week(
    "2026-11-30",
    [
      { kind: "structural", rate: 25, seconds: 4 * H },
      { kind: "overtime", rate: 25, seconds: 4 * H },
      { kind: "overtime", rate: 50, seconds: 2 * H },
    ],
    { days: STRADDLING_DAYS, earned: 0 },
  );
  it.each([
    { name: "November holds Monday's 9 h of 45: a fifth", month: NOVEMBER, hs25: 0.8 * H, hs50: 0.4 * H, struct: 0.8 * H },
    { name: "December holds the other four fifths", month: DECEMBER, hs25: 3.2 * H, hs50: 1.6 * H, struct: 3.2 * H },
  ])("$name", ({ month, hs25, hs50, struct }) => {
    const f = figures([straddling], month);
    expect([f.paidByRate[0], f.paidByRate[2], f.structuralSeconds]).toEqual([hs25, hs50, struct]);
  });
  it("the two months add up to the week", () => {
    const nov = figures([straddling], NOVEMBER);
    const dec = figures([straddling], DECEMBER);
    expect(nov.paidByRate[0]! + dec.paidByRate[0]!).toBe(4 * H);
  });
});

describe("cadran-paie-v1 (for the tools that map it)", () => {
  it("v1's HS_25 holds every overtime line at 25 %, rest included, but no heures complémentaires: they are in HC only (issue 38 §5)", () => {
    const f = figures(
      [week("2026-11-09", [{ kind: "overtime", rate: 25, seconds: 8 * H, recoverySeconds: 4 * H }, { kind: "complementary", rate: 25, seconds: H }], { compl: H })],
      NOVEMBER,
    );
    expect(f.overtimeByRate[0]).toBe(8 * H);
    expect(f.complementarySeconds).toBe(H);
  });

  it.each([
    ["a part-time week: 2 h at +10 % and 1 h at +25 %", [{ kind: "complementary", rate: 10, seconds: 2 * H }, { kind: "complementary", rate: 25, seconds: H }], [0, 0, 0, 0], 0],
    ["a full-time week: unchanged", [{ kind: "overtime", rate: 25, seconds: 8 * H }, { kind: "overtime", rate: 50, seconds: 2 * H }], [8 * H, 0, 2 * H, 0], 0],
  ])("%s: each hour in one column", (_, lines, byRate, other) => {
    const f = figures([week("2026-11-09", lines)], NOVEMBER);
    expect(f.overtimeByRate).toEqual(byRate);
    expect(f.overtimeOtherRates).toBe(other);
  });
});
