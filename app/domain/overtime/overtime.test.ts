import { describe, expect, it } from "vitest";
import { fr } from "~/i18n/fr";
import {
  anomalyMessage,
  computeOvertimeWeek,
  explainWeek,
  increased,
  type OvertimeDay,
  type OvertimeWeekInput,
  type OvertimeWeekResult,
} from "./overtime";
import { defaultPolicyRowsFor, FRANCE_POLICY, policyInForce, PORTUGAL_POLICY, type OvertimePolicy } from "./policy";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { isoWeekKey } from "~/domain/shared/iso-week";
import { workingSeconds } from "~/domain/time-clock/working-time";
import { instantAt } from "~/domain/shared/zoned-day";

const H = 3600;
const M = 60;

/** A plain Monday-to-Friday week: 7 h scheduled each day (35 h), the given hours worked. */
function week(monday: string, worked: (number | Partial<OvertimeDay>)[], scheduled = 7 * H): OvertimeDay[] {
  return worked.map((w, i) => {
    const date = addDays(monday, i);
    const base: OvertimeDay = { date, workedSeconds: 0, scheduledSeconds: i < 5 ? scheduled : 0, expectedSeconds: i < 5 ? scheduled : 0 };
    return typeof w === "number" ? { ...base, workedSeconds: w } : { ...base, ...w };
  });
}

const W10 = { year: 2026, week: 10 }; // Monday 2 March 2026, no holiday
const MON10 = "2026-03-02";

function run(days: OvertimeDay[], over: Partial<OvertimeWeekInput> = {}): OvertimeWeekResult {
  return computeOvertimeWeek({
    week: W10,
    zone: "Europe/Paris",
    days,
    contractWeeklyHours: 35,
    policy: FRANCE_POLICY,
    quotaUsedBeforeSeconds: 0,
    companySize: 42,
    ...over,
  });
}

/** Lines as [kind, rate, seconds] for compact tables. */
const linesOf = (r: OvertimeWeekResult) => r.lines.map((l) => [l.kind, l.rate, l.seconds] as const);
const split5050: OvertimePolicy = { ...FRANCE_POLICY, paid: 50, inRecuperation: 50 };

describe("computeOvertimeWeek — France (weekly)", () => {
  it.each<{
    name: string;
    input: () => OvertimeWeekResult;
    counted: number;
    extra: number;
    lines: (readonly [string, number, number])[];
    paid: number;
    recovery?: number;
    earned?: number;
  }>([
    {
      name: "35 h contract working 45 h: 8 h at +25 %, 2 h at +50 %",
      input: () => run(week(MON10, [9 * H, 9 * H, 9 * H, 9 * H, 9 * H])),
      counted: 45 * H,
      extra: 10 * H,
      lines: [["overtime", 25, 8 * H], ["overtime", 50, 2 * H]],
      paid: 10 * H,
    },
    {
      name: "39 h contract working 45 h: the 36th–39th hours structural (L3121-28), the 40th–43rd +25 %, the 44th on +50 %",
      input: () => run(week(MON10, [9 * H, 9 * H, 9 * H, 9 * H, 9 * H]), { contractWeeklyHours: 39 }),
      counted: 45 * H,
      extra: 6 * H,
      lines: [["structural", 25, 4 * H], ["overtime", 25, 4 * H], ["overtime", 50, 2 * H]],
      paid: 6 * H,
    },
    {
      name: "39 h contract working its 39 h: no extra hour, 4 structural hours (in the salary)",
      input: () => run(week(MON10, [8 * H, 8 * H, 8 * H, 8 * H, 7 * H]), { contractWeeklyHours: 39 }),
      counted: 39 * H,
      extra: 0,
      lines: [["structural", 25, 4 * H]],
      paid: 0,
    },
    {
      name: "a paid-leave Monday counts toward the threshold (Cass. soc. 10 Sept 2025)",
      input: () => run(week(MON10, [{ absence: { reason: "PAID_LEAVE", halfDay: false }, expectedSeconds: 0 }, 9 * H, 9 * H, 9 * H, 9 * H])),
      counted: 43 * H,
      extra: 8 * H,
      lines: [["overtime", 25, 8 * H]],
      paid: 8 * H,
    },
    {
      name: "a paid-leave half day counts half the day's schedule",
      input: () =>
        run(week(MON10, [{ absence: { reason: "PAID_LEAVE", halfDay: true }, expectedSeconds: 3.5 * H, workedSeconds: 3.5 * H }, 9 * H, 9 * H, 9 * H, 9 * H])),
      counted: 43 * H,
      extra: 8 * H,
      lines: [["overtime", 25, 8 * H]],
      paid: 8 * H,
    },
    {
      name: "a sick day does not count",
      input: () => run(week(MON10, [{ absence: { reason: "SICK_LEAVE", halfDay: false }, expectedSeconds: 0 }, 9 * H, 9 * H, 9 * H, 9 * H])),
      counted: 36 * H,
      extra: 1 * H,
      lines: [["overtime", 25, 1 * H]],
      paid: 1 * H,
    },
    {
      name: "a public holiday (Easter Monday) is not counted",
      input: () =>
        run(week("2026-04-06", [{ holiday: true, expectedSeconds: 0 }, 9 * H, 9 * H, 9 * H, 9 * H]), { week: { year: 2026, week: 15 } }),
      counted: 36 * H,
      extra: 1 * H,
      lines: [["overtime", 25, 1 * H]],
      paid: 1 * H,
    },
    {
      name: "a public holiday counts when the policy says so",
      input: () =>
        run(week("2026-04-06", [{ holiday: true, expectedSeconds: 0 }, 9 * H, 9 * H, 9 * H, 9 * H]), {
          week: { year: 2026, week: 15 },
          policy: { ...FRANCE_POLICY, holidaysCountAsWork: true },
        }),
      counted: 43 * H,
      extra: 8 * H,
      lines: [["overtime", 25, 8 * H]],
      paid: 8 * H,
    },
    {
      name: "1 May worked: its hours +100 %, no overtime within 35 h",
      input: () => run(week("2026-04-27", [7 * H, 7 * H, 7 * H, 7 * H, { holiday: true, expectedSeconds: 0, workedSeconds: 7 * H }]), { week: { year: 2026, week: 18 } }),
      counted: 35 * H,
      extra: 0,
      lines: [["holiday", 100, 7 * H]],
      paid: 0,
    },
    {
      name: "8 May worked: other holidays 0 % by default",
      input: () => run(week("2026-05-04", [7 * H, 7 * H, 7 * H, 7 * H, { holiday: true, expectedSeconds: 0, workedSeconds: 7 * H }]), { week: { year: 2026, week: 19 } }),
      counted: 35 * H,
      extra: 0,
      lines: [],
      paid: 0,
    },
    {
      name: "24 h part time working 28 h: heures complémentaires +10 % to 2 h 24, then +25 %, never recovery",
      input: () => run(week(MON10, [7 * H, 7 * H, 7 * H, 7 * H, 0], 4.8 * H), { contractWeeklyHours: 24, policy: split5050 }),
      counted: 28 * H,
      extra: 4 * H,
      lines: [["complementary", 10, 2 * H + 24 * M], ["complementary", 25, 1 * H + 36 * M]],
      paid: 4 * H,
      recovery: 0,
      earned: 0,
    },
    {
      name: "24 h part time working 33 h, default cap 1/10 (L3123-28): the hours beyond 2 h 24 are paid +25 % and flagged",
      input: () => run(week(MON10, [7 * H, 7 * H, 7 * H, 7 * H, 5 * H], 4.8 * H), { contractWeeklyHours: 24 }),
      counted: 33 * H,
      extra: 9 * H,
      lines: [["complementary", 10, 2 * H + 24 * M], ["complementary", 25, 6 * H + 36 * M]],
      paid: 9 * H,
    },
    {
      name: "24 h part time working 33 h under an agreement's 1/3 cap (L3123-20): only the hour beyond 8 h is flagged",
      input: () =>
        run(week(MON10, [7 * H, 7 * H, 7 * H, 7 * H, 5 * H], 4.8 * H), {
          contractWeeklyHours: 24,
          policy: { ...FRANCE_POLICY, complementary: { firstBandDivisor: 10, firstRate: 10, secondRate: 25, capDivisor: 3 } },
        }),
      counted: 33 * H,
      extra: 9 * H,
      lines: [["complementary", 10, 2 * H + 24 * M], ["complementary", 25, 5 * H + 36 * M], ["complementary", 25, 1 * H]],
      paid: 9 * H,
    },
    {
      name: "24 h part time working 37 h: hours beyond the legal week are overtime +25 %",
      input: () => run(week(MON10, [8 * H, 8 * H, 8 * H, 8 * H, 5 * H], 4.8 * H), { contractWeeklyHours: 24 }),
      counted: 37 * H,
      extra: 13 * H,
      lines: [["complementary", 10, 2 * H + 24 * M], ["complementary", 25, 8 * H + 36 * M], ["overtime", 25, 2 * H]],
      paid: 13 * H,
    },
    {
      name: "split 50/50: 2 h at +25 % give 1 h paid and 1 h of recovery worth 1 h 15 of rest",
      input: () => run(week(MON10, [7 * H, 7 * H, 7 * H, 7 * H, 9 * H]), { policy: split5050 }),
      counted: 37 * H,
      extra: 2 * H,
      lines: [["overtime", 25, 2 * H]],
      paid: 1 * H,
      recovery: 1 * H,
      earned: 1 * H + 15 * M,
    },
    {
      name: "split 50/50 on 45 h: 4 h at +25 % -> 5 h, 1 h at +50 % -> 1 h 30",
      input: () => run(week(MON10, [9 * H, 9 * H, 9 * H, 9 * H, 9 * H]), { policy: split5050 }),
      counted: 45 * H,
      extra: 10 * H,
      lines: [["overtime", 25, 8 * H], ["overtime", 50, 2 * H]],
      paid: 5 * H,
      recovery: 5 * H,
      earned: 6 * H + 30 * M,
    },
    {
      name: "undertime is never banded",
      input: () => run(week(MON10, [6 * H, 6 * H, 6 * H, 6 * H, 6 * H])),
      counted: 30 * H,
      extra: 0,
      lines: [],
      paid: 0,
    },
    {
      name: "a day without END counts 0 worked",
      input: () => run(week(MON10, [9 * H, 9 * H, 9 * H, 9 * H, { workedSeconds: 5 * H, anomaly: true }])),
      counted: 36 * H,
      extra: 1 * H,
      lines: [["overtime", 25, 1 * H]],
      paid: 1 * H,
    },
    {
      name: "a travel day counts its scheduled hours as worked",
      input: () => run(week(MON10, [9 * H, 9 * H, 9 * H, 9 * H, { eventDay: "moved", expectedSeconds: 7 * H }])),
      counted: 43 * H,
      extra: 8 * H,
      lines: [["overtime", 25, 8 * H]],
      paid: 8 * H,
    },
    {
      name: "a closing day counts nothing",
      input: () => run(week(MON10, [9 * H, 9 * H, 9 * H, 9 * H, { eventDay: "closed", expectedSeconds: 0 }])),
      counted: 36 * H,
      extra: 1 * H,
      lines: [["overtime", 25, 1 * H]],
      paid: 1 * H,
    },
    {
      name: "a Sunday premium when the policy sets one, on top of the overtime",
      input: () => run(week(MON10, [7 * H, 7 * H, 7 * H, 7 * H, 7 * H, 0, 4 * H]), { policy: { ...FRANCE_POLICY, sundayRate: 20 } }),
      counted: 39 * H,
      extra: 4 * H,
      lines: [["overtime", 25, 4 * H], ["sunday", 20, 4 * H]],
      paid: 4 * H,
    },
    {
      name: "minutes are kept exactly: 35 h contract working 35 h 59",
      input: () => run(week(MON10, [7 * H, 7 * H, 7 * H, 7 * H, 7 * H + 59 * M])),
      counted: 35 * H + 59 * M,
      extra: 59 * M,
      lines: [["overtime", 25, 59 * M]],
      paid: 59 * M,
    },
  ])("$name", ({ input, counted, extra, lines, paid, recovery = 0, earned = 0 }) => {
    const r = input();
    expect(r.countedSeconds).toBe(counted);
    expect(r.extraSeconds).toBe(extra);
    expect(linesOf(r)).toEqual(lines);
    expect(r.paidSeconds).toBe(paid);
    expect(r.recoverySeconds).toBe(recovery);
    expect(r.recoveryEarnedSeconds).toBe(earned);
    expect(r.normalSeconds + r.extraSeconds).toBe(r.countedSeconds);
  });

  it.each<{ name: string; days: OvertimeDay[]; over: Partial<OvertimeWeekInput>; codes: string[] }>([
    { name: "beyond the 1/3 cap", days: week(MON10, [7 * H, 7 * H, 7 * H, 7 * H, 5 * H], 4.8 * H), over: { contractWeeklyHours: 24 }, codes: ["complementary_cap"] },
    {
      name: "part time beyond the legal week",
      days: week(MON10, [8 * H, 8 * H, 8 * H, 8 * H, 5 * H], 4.8 * H),
      over: { contractWeeklyHours: 24 },
      codes: ["complementary_cap", "beyond_legal_week_part_time"],
    },
    { name: "a day without END", days: week(MON10, [7 * H, { anomaly: true, workedSeconds: 2 * H }, 7 * H, 7 * H, 7 * H]), over: {}, codes: ["day_without_end"] },
    { name: "over 10 h a day and 48 h a week", days: week(MON10, [11 * H, 10 * H, 10 * H, 10 * H, 10 * H]), over: {}, codes: ["day_over_10h", "week_over_48h"] },
    { name: "no contract hours: the schedule is the threshold", days: week(MON10, [7 * H, 7 * H, 7 * H, 7 * H, 8 * H]), over: { contractWeeklyHours: null }, codes: ["contract_missing"] },
    { name: "an ordinary week", days: week(MON10, [9 * H, 9 * H, 9 * H, 9 * H, 9 * H]), over: {}, codes: [] },
  ])("anomalies: $name", ({ days, over, codes }) => {
    expect(run(days, over).anomalies.map((a) => a.code)).toEqual(codes);
  });

  it("no contract hours: the week's schedule is used as the contract", () => {
    const r = run(week(MON10, [7 * H, 7 * H, 7 * H, 7 * H, 8 * H]), { contractWeeklyHours: null });
    expect(r.contractSeconds).toBe(35 * H);
    expect(linesOf(r)).toEqual([["overtime", 25, 1 * H]]);
  });
});

describe("computeOvertimeWeek — the annual quota (220 h) and the mandatory rest", () => {
  const fortyFive = week(MON10, [9 * H, 9 * H, 9 * H, 9 * H, 9 * H]);
  it.each<{ name: string; policy: OvertimePolicy; before: number; size: number; after: number; beyond: number; rest: number; warning: boolean }>([
    { name: "crossed mid-week, 20 employees or fewer: rest = 50 % of the 8 h beyond", policy: FRANCE_POLICY, before: 218 * H, size: 20, after: 228 * H, beyond: 8 * H, rest: 4 * H, warning: true },
    { name: "crossed mid-week, more than 20 employees: rest = 100 %", policy: FRANCE_POLICY, before: 218 * H, size: 21, after: 228 * H, beyond: 8 * H, rest: 8 * H, warning: true },
    { name: "already beyond: every hour earns the rest", policy: FRANCE_POLICY, before: 230 * H, size: 42, after: 240 * H, beyond: 10 * H, rest: 10 * H, warning: true },
    { name: "hours put into recovery do not count (50/50)", policy: split5050, before: 218 * H, size: 12, after: 223 * H, beyond: 3 * H, rest: 1.5 * H, warning: true },
    { name: "warning from 80 % (176 h)", policy: FRANCE_POLICY, before: 166 * H, size: 42, after: 176 * H, beyond: 0, rest: 0, warning: true },
    { name: "no warning below 80 %", policy: FRANCE_POLICY, before: 100 * H, size: 42, after: 110 * H, beyond: 0, rest: 0, warning: false },
  ])("$name", ({ policy, before, size, after, beyond, rest, warning }) => {
    const r = run(fortyFive, { policy, quotaUsedBeforeSeconds: before, companySize: size });
    expect(r.quota.afterSeconds).toBe(after);
    expect(r.quota.weekSeconds).toBe(after - before);
    expect(r.quota.beyondSeconds).toBe(beyond);
    expect(r.mandatoryRestSeconds).toBe(rest);
    expect(r.quota.warning).toBe(warning);
    expect(r.anomalies.some((a) => a.code === "quota_exceeded")).toBe(beyond > 0);
  });

  it.each([
    { name: "a 39 h week uses 4 h of quota (L3121-30 al. 2: every hour above the legal 35 h)", days: [8 * H, 8 * H, 8 * H, 8 * H, 7 * H], quota: 4 * H },
    { name: "a 41 h week on a 39 h contract uses 6 h (4 structural + 2 extra)", days: [9 * H, 8 * H, 8 * H, 8 * H, 8 * H], quota: 6 * H },
    { name: "a 37 h week on a 39 h contract uses 2 h (the structural hours actually worked)", days: [8 * H, 8 * H, 7 * H, 7 * H, 7 * H], quota: 2 * H },
  ])("$name", ({ days, quota }) => {
    const r = run(week(MON10, days), { contractWeeklyHours: 39 });
    expect(r.quota.weekSeconds).toBe(quota);
    expect(r.paidSeconds).toBe(Math.max(0, quota - 4 * H));
  });

  it("structural hours beyond the quota earn the mandatory rest (L3121-30, D3121-23)", () => {
    const r = run(week(MON10, [8 * H, 8 * H, 8 * H, 8 * H, 7 * H]), { contractWeeklyHours: 39, quotaUsedBeforeSeconds: 218 * H, companySize: 10 });
    expect(r.quota.beyondSeconds).toBe(2 * H);
    expect(r.mandatoryRestSeconds).toBe(H);
  });

  it("heures complémentaires do not count toward the quota", () => {
    const r = run(week(MON10, [7 * H, 7 * H, 7 * H, 7 * H, 0], 4.8 * H), { contractWeeklyHours: 24, quotaUsedBeforeSeconds: 219 * H });
    expect(r.quota.weekSeconds).toBe(0);
    expect(r.mandatoryRestSeconds).toBe(0);
  });
});

describe("computeOvertimeWeek — Portugal (daily)", () => {
  const pt = (days: OvertimeDay[], over: Partial<OvertimeWeekInput> = {}) =>
    run(days, { policy: PORTUGAL_POLICY, contractWeeklyHours: 40, zone: "Europe/Lisbon", ...over });
  const ptWeek = (worked: (number | Partial<OvertimeDay>)[]) => week(MON10, worked, 8 * H);

  it.each<{ name: string; input: () => OvertimeWeekResult; lines: (readonly [string, number, number])[]; extra: number }>([
    {
      name: "a working day: the first extra hour +25 %, the next ones +37.5 %",
      input: () => pt(ptWeek([11 * H, 8 * H, 8 * H, 8 * H, 8 * H])),
      lines: [["overtime", 25, 1 * H], ["overtime", 37.5, 2 * H]],
      extra: 3 * H,
    },
    {
      name: "each day has its own first hour",
      input: () => pt(ptWeek([9.5 * H, 9.5 * H, 8 * H, 8 * H, 8 * H])),
      lines: [["overtime", 25, 1 * H], ["overtime", 37.5, 0.5 * H], ["overtime", 25, 1 * H], ["overtime", 37.5, 0.5 * H]],
      extra: 3 * H,
    },
    {
      name: "a short day does not offset a long one",
      input: () => pt(ptWeek([10 * H, 6 * H, 8 * H, 8 * H, 8 * H])),
      lines: [["overtime", 25, 1 * H], ["overtime", 37.5, 1 * H]],
      extra: 2 * H,
    },
    {
      name: "a rest day (Saturday): every hour +50 %",
      input: () => pt(ptWeek([8 * H, 8 * H, 8 * H, 8 * H, 8 * H, 4 * H])),
      lines: [["overtime", 50, 4 * H]],
      extra: 4 * H,
    },
    {
      name: "a holiday (10 June) worked: every hour +50 %",
      input: () =>
        run(week("2026-06-08", [8 * H, 8 * H, { holiday: true, expectedSeconds: 0, workedSeconds: 6 * H }, 8 * H, 8 * H], 8 * H), {
          policy: PORTUGAL_POLICY,
          contractWeeklyHours: 40,
          zone: "Europe/Lisbon",
          week: { year: 2026, week: 24 },
        }),
      lines: [["overtime", 50, 6 * H]],
      extra: 6 * H,
    },
    {
      name: "beyond 100 h in the year: +50 %, +75 %, rest day +100 %",
      input: () => pt(ptWeek([11 * H, 8 * H, 8 * H, 8 * H, 8 * H, 2 * H]), { quotaUsedBeforeSeconds: 100 * H }),
      lines: [["overtime", 50, 1 * H], ["overtime", 75, 2 * H], ["overtime", 100, 2 * H]],
      extra: 5 * H,
    },
    {
      name: "the 100th hour reached in the middle of a day's first extra hour",
      input: () => pt(ptWeek([11 * H, 8 * H, 8 * H, 8 * H, 8 * H]), { quotaUsedBeforeSeconds: 99.5 * H }),
      lines: [["overtime", 25, 0.5 * H], ["overtime", 50, 0.5 * H], ["overtime", 75, 2 * H]],
      extra: 3 * H,
    },
  ])("$name", ({ input, lines, extra }) => {
    const r = input();
    expect(linesOf(r)).toEqual(lines);
    expect(r.extraSeconds).toBe(extra);
    expect(r.paidSeconds).toBe(extra);
    expect(r.quota.weekSeconds).toBe(extra);
  });

  it.each<{ name: string; size: number; flagged: boolean }>([
    { name: "the 150 h cap is flagged in a company of 50", size: 50, flagged: true },
    { name: "a small company's cap is 175 h", size: 49, flagged: false },
  ])("$name", ({ size, flagged }) => {
    const r = pt(ptWeek([11 * H, 8 * H, 8 * H, 8 * H, 8 * H]), { quotaUsedBeforeSeconds: 148 * H, companySize: size });
    expect(r.quota.beyondSeconds).toBe(flagged ? 1 * H : 0);
    expect(r.anomalies.some((a) => a.code === "quota_exceeded")).toBe(flagged);
    expect(r.mandatoryRestSeconds).toBe(0);
  });

  it("undertime is never banded", () => {
    const r = pt(ptWeek([6 * H, 6 * H, 6 * H, 6 * H, 6 * H]));
    expect(r.lines).toEqual([]);
    expect(r.undertimeSeconds).toBe(10 * H);
  });
});

describe("computeOvertimeWeek — DST weeks in Europe/Paris", () => {
  /** Seconds worked between two local wall-clock times of a day, as the clock computes them (instants). */
  const shift = (date: string, from: string, to: string) =>
    workingSeconds([
      { time: instantAt(date, from, "Europe/Paris"), type: "START" },
      { time: instantAt(date, to, "Europe/Paris"), type: "END" },
    ]);

  it.each<{ name: string; week: { year: number; week: number }; monday: string; sunday: string; length: number; night: number; extra: number }>([
    { name: "spring: 29 March 2026 lasts 23 h, a 01:00–05:00 night is 3 h", week: { year: 2026, week: 13 }, monday: "2026-03-23", sunday: "2026-03-29", length: 23 * H, night: 3 * H, extra: 3 * H },
    { name: "autumn: 25 October 2026 lasts 25 h, a 01:00–05:00 night is 5 h", week: { year: 2026, week: 43 }, monday: "2026-10-19", sunday: "2026-10-25", length: 25 * H, night: 5 * H, extra: 5 * H },
  ])("$name", ({ week: w, monday, sunday, length, night, extra }) => {
    const nightSeconds = shift(sunday, "01:00", "05:00");
    expect(nightSeconds).toBe(night);
    const r = run(week(monday, [7 * H, 7 * H, 7 * H, 7 * H, 7 * H, 0, nightSeconds]), { week: w });
    expect(r.days[6]?.lengthSeconds).toBe(length);
    expect(r.days.slice(0, 6).every((d) => d.lengthSeconds === 24 * H)).toBe(true);
    expect(r.workedSeconds).toBe(35 * H + night);
    expect(linesOf(r)).toEqual([["overtime", 25, extra]]);
    expect(r.anomalies).toEqual([]);
  });

  it.each<{ name: string; sunday: string; week: { year: number; week: number }; worked: number; flagged: boolean }>([
    { name: "a whole 23 h spring Sunday is possible", sunday: "2026-03-29", week: { year: 2026, week: 13 }, worked: 23 * H, flagged: false },
    { name: "24 h on the 23 h spring Sunday is not", sunday: "2026-03-29", week: { year: 2026, week: 13 }, worked: 24 * H, flagged: true },
    { name: "25 h on the autumn Sunday is possible", sunday: "2026-10-25", week: { year: 2026, week: 43 }, worked: 25 * H, flagged: false },
  ])("$name", ({ sunday, week: w, worked, flagged }) => {
    const r = run([{ date: sunday, workedSeconds: worked, scheduledSeconds: 0, expectedSeconds: 0 }], { week: w });
    expect(r.anomalies.some((a) => a.code === "worked_exceeds_day")).toBe(flagged);
  });
});

describe("computeOvertimeWeek — input checks and explanation", () => {
  it.each([
    { name: "a day outside the week", call: () => run([{ date: "2026-03-09", workedSeconds: 0, scheduledSeconds: 0, expectedSeconds: 0 }]) },
    { name: "week 53 of a 52-week year", call: () => run([], { week: { year: 2026, week: 54 } }) },
    { name: "a day given twice", call: () => run([...week(MON10, [1]), ...week(MON10, [1])]) },
  ])("refuses $name", ({ call }) => {
    expect(call).toThrow(RangeError);
  });

  it("week 53 of 2026 exists (28 Dec 2026 to 3 Jan 2027)", () => {
    expect(run([], { week: { year: 2026, week: 53 } }).monday).toBe("2026-12-28");
  });

  it("explains the week step by step in French", () => {
    const r = run(week(MON10, [9 * H, 9 * H, 9 * H, 9 * H, 9 * H]), { policy: split5050, quotaUsedBeforeSeconds: 218 * H, companySize: 10 });
    expect(explainWeek(r.explanation)).toEqual([
      "Heures travaillées : 45 h 00.",
      "Heures retenues : 45 h 00.",
      "Seuil du contrat : 35 h 00 (durée légale 35 h 00).",
      "Heures normales : 35 h 00.",
      "Heures au-delà du contrat : 10 h 00.",
      "8 h 00 majorées de 25 %.",
      "2 h 00 majorées de 50 %.",
      "Répartition : 50 % payées, 50 % en récupération.",
      "Heures payées : 5 h 00.",
      "Heures mises en récupération : 5 h 00, soit 6 h 30 de repos acquis.",
      "Contingent annuel : 223 h 00 utilisées sur 220 h.",
      "Attention : plus de 80 % du contingent annuel est utilisé.",
      "Contrepartie obligatoire en repos : 1 h 30 (50 % des heures au-delà du contingent).",
    ]);
  });

  it("every explanation step and anomaly has a French text", () => {
    const steps = ["worked", "absences_counted", "holidays_counted", "counted", "threshold", "normal", "extra", "undertime", "band", "complementary", "premium", "split", "paid", "recovery", "quota", "quota_warning", "mandatory_rest"];
    for (const step of steps) expect(fr).toHaveProperty(`overtime.explain.${step}`);
    expect(anomalyMessage({ code: "day_over_10h", date: "2026-03-02" })).toBe("Plus de 10 h travaillées le 02/03/2026.");
  });

  it.each([
    { seconds: 3600, rate: 25, out: 4500 },
    { seconds: 3600, rate: 50, out: 5400 },
    { seconds: 3600, rate: 37.5, out: 4950 },
    { seconds: 1, rate: 25, out: 1 },
  ])("increased($seconds, $rate) = $out", ({ seconds, rate, out }) => {
    expect(increased(seconds, rate)).toBe(out);
  });
});

describe("explained differences read as the difference of the minutes shown (issue 28 §5)", () => {
  it("35 h 00 − 29 h 32 (and 40 seconds) reads 5 h 28 of missing hours", () => {
    const worked = 29 * H + 32 * M + 40;
    const r = run(week(MON10, [worked, 0, 0, 0, 0]));
    const lines = explainWeek(r.explanation);
    expect(lines).toContain("Heures retenues : 29 h 32.");
    expect(lines).toContain("Heures manquantes : 5 h 28 (jamais majorées).");
  });
});

describe("the shipped France row: paid leave counted from Cass. soc. 10/09/2025 n° 23-14.455 (decisions 0073, 0126)", () => {
  const leaveWeek = (monday: CalendarDate, policy: OvertimePolicy) =>
    computeOvertimeWeek({
      week: isoWeekKey(monday),
      zone: "Europe/Paris",
      days: [0, 1, 2, 3, 4].map((i) => ({
        date: addDays(monday, i),
        workedSeconds: i === 0 ? 0 : 9 * H,
        scheduledSeconds: 7 * H,
        expectedSeconds: i === 0 ? 0 : 7 * H,
        absence: i === 0 ? { reason: "PAID_LEAVE", halfDay: false } : null,
      })),
      contractWeeklyHours: 35,
      policy,
      quotaUsedBeforeSeconds: 0,
      companySize: 42,
    });
  it.each([
    { name: "Cass. soc. 10/09/2025: a paid-leave Monday before the ruling's day does not count toward 35 h", monday: "2025-09-08", counted: 0, from: "2025-09-10" },
    { name: "Cass. soc. 10/09/2025: from the ruling's day on, it counts", monday: "2025-09-15", counted: 7 * H, from: "2025-09-10" },
    { name: "L3245-1: a company settling three years of open claims sets the date earlier and the 2023 week counts", monday: "2023-01-09", counted: 7 * H, from: "2022-09-10" },
    { name: "no date: the counted absences always count", monday: "2021-01-04", counted: 7 * H, from: null },
  ])("$name", ({ monday, counted, from }) => {
    const r = leaveWeek(monday, { ...FRANCE_POLICY, countedAbsencesFrom: from });
    expect(r.absenceCountedSeconds).toBe(counted);
  });
  it("the shipped row is one row from 2000 whose setting is the ruling's day, and the explanation says the date", () => {
    const rows = defaultPolicyRowsFor("France").map((r) => ({ ...r.policy, effectiveFrom: r.effectiveFrom }));
    expect(rows.map((r) => [r.effectiveFrom, r.countedAbsences, r.countedAbsencesFrom])).toEqual([["2000-01-01", ["PAID_LEAVE"], "2025-09-10"]]);
    expect(policyInForce(rows, "2025-09-09")!.countedAbsencesFrom).toBe("2025-09-10");
    expect(explainWeek(leaveWeek("2025-09-15", FRANCE_POLICY).explanation)).toContain("Absences comptées comme du travail : 7 h 00 (comptées depuis le 10/09/2025).");
  });
  it("the part-time cap defaults to 1/10 of the contract (L3123-28)", () => {
    expect(FRANCE_POLICY.complementary?.capDivisor).toBe(10);
  });
});
