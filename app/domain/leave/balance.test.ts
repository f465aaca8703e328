import { describe, expect, it } from "vitest";
import {
  countsAgainstVacation,
  juneRollover,
  monthlyAccrual,
  recoveryBalance,
  recoveryHoursToSeconds,
  restoreRecoveryHours,
  restoreVacationDays,
  takeRecoveryHours,
  takeVacationDays,
  vacationBalance,
  type VacationCounters,
} from "./balance";
import { LEAVE_REASONS } from "./days";

/** Counters written in the order of the spec: earned last, taken last, earned this, taken this. */
const c = (earnedLastYear: number, takenLastYear: number, earnedThisYear: number, takenThisYear: number): VacationCounters => ({
  earnedLastYear,
  takenLastYear,
  earnedThisYear,
  takenThisYear,
});

describe("countsAgainstVacation", () => {
  it("charges paid leave only", () => {
    expect(LEAVE_REASONS.filter(countsAgainstVacation)).toEqual(["PAID_LEAVE"]);
  });
});

describe("vacationBalance", () => {
  it.each([
    ["nothing earned", c(0, 0, 0, 0), 0],
    ["both years with days left", c(25, 20, 10, 2), 13],
    ["last year used up", c(25, 25, 12.5, 0), 12.5],
    ["a last-year overdraft reduces this year", c(25, 27, 10, 0), 8],
    ["half days", c(2.5, 0.5, 0, 1.5), 0.5],
    ["twelve accruals of 2.08 without floating-point noise", c(0, 0, 24.96, 0), 24.96],
    ["0.1 + 0.2", c(0.1, 0, 0.2, 0), 0.3],
  ])("%s", (_name, counters, expected) => {
    expect(vacationBalance(counters)).toBe(expected);
  });
});

describe("recoveryBalance", () => {
  it.each([
    ["earned more than taken", 36_000, 7_200, 28_800],
    ["taken equals earned", 7_200, 7_200, 0],
    ["taken more than earned is 0, not negative", 3_600, 7_200, 0],
    ["nothing at all", 0, 0, 0],
  ])("%s", (_name, earned, taken, expected) => {
    expect(recoveryBalance(earned, taken)).toBe(expected);
  });
});

describe("takeVacationDays", () => {
  it.each([
    ["all from last year", c(25, 10, 10, 0), 5, 5, 0, c(25, 15, 10, 0)],
    ["last year first, then this year", c(25, 22, 10, 0), 5, 3, 2, c(25, 25, 10, 2)],
    ["last year used up: all from this year", c(25, 25, 10, 1), 4, 0, 4, c(25, 25, 10, 5)],
    ["a last-year overdraft gives nothing to take", c(25, 26, 10, 0), 4, 0, 4, c(25, 26, 10, 4)],
    ["exactly the whole balance", c(5, 0, 2.5, 0), 7.5, 5, 2.5, c(5, 5, 2.5, 2.5)],
    ["a half day from the last half day of last year", c(25, 24.5, 0, 0), 0.5, 0.5, 0, c(25, 25, 0, 0)],
    ["a leave across 14 July (4 days)", c(0, 0, 8.32, 0), 4, 0, 4, c(0, 0, 8.32, 4)],
    ["nothing to take", c(1, 0, 0, 0), 0, 0, 0, c(1, 0, 0, 0)],
  ])("%s", (_name, counters, days, fromLast, fromThis, after) => {
    expect(takeVacationDays(counters, days)).toEqual({
      ok: true,
      daysFromLastYear: fromLast,
      daysFromThisYear: fromThis,
      counters: after,
    });
  });

  it.each([
    ["half a day short", c(5, 0, 2, 0), 7.5],
    ["no balance at all", c(0, 0, 0, 0), 0.5],
    ["this year's days already taken", c(0, 0, 10, 10), 1],
    ["an overdraft eats this year's days", c(25, 30, 10, 0), 6],
  ])("refuses when the balance is short: %s", (_name, counters, days) => {
    expect(takeVacationDays(counters, days)).toEqual({ ok: false, reason: "insufficient_balance" });
  });

  it("accepts a balance built from twelve accruals of 2.08 for 24.96 days", () => {
    let counters = c(0, 0, 0, 0);
    for (let month = 0; month < 12; month++) counters = monthlyAccrual(counters, 2.08);
    expect(takeVacationDays(counters, 24.96)).toMatchObject({ ok: true, daysFromThisYear: 24.96 });
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])("throws on %s days", (days) => {
    expect(() => takeVacationDays(c(25, 0, 0, 0), days)).toThrow(RangeError);
  });
});

describe("restoreVacationDays", () => {
  it.each([
    ["the same vacation year", c(25, 25, 10, 2), { daysFromLastYear: 3, daysFromThisYear: 2 }, 0, c(25, 22, 10, 0)],
    ["only this year's days", c(25, 25, 10, 4), { daysFromLastYear: 0, daysFromThisYear: 4 }, 0, c(25, 25, 10, 0)],
    // Accepted in May (3 from last year, 2 from this year), removed in June after the roll-over.
    ["after one 1 June", c(10, 2, 0, 0), { daysFromLastYear: 3, daysFromThisYear: 2 }, 1, c(13, 0, 0, 0)],
    ["after two 1 June", c(30, 0, 4, 0), { daysFromLastYear: 3, daysFromThisYear: 2 }, 2, c(35, 0, 4, 0)],
  ])("%s", (_name, counters, taken, rollovers, expected) => {
    expect(restoreVacationDays(counters, taken, rollovers)).toEqual(expected);
  });

  it("gives back exactly what takeVacationDays took", () => {
    const before = c(25, 22.5, 10.42, 1);
    const taken = takeVacationDays(before, 6.5);
    if (!taken.ok) throw new Error("expected the leave to be taken");
    expect(restoreVacationDays(taken.counters, taken)).toEqual(before);
  });

  it("gives back the same balance across a 1 June roll-over", () => {
    const may = c(25, 22, 20.8, 3);
    const taken = takeVacationDays(may, 5);
    if (!taken.ok) throw new Error("expected the leave to be taken");
    const june = juneRollover(taken.counters);
    expect(vacationBalance(restoreVacationDays(june, taken, 1))).toBe(vacationBalance(juneRollover(may)));
  });

  it("throws on negative days", () => {
    expect(() => restoreVacationDays(c(0, 0, 0, 0), { daysFromLastYear: -1, daysFromThisYear: 0 })).toThrow(RangeError);
  });
});

describe("monthlyAccrual", () => {
  it.each([
    ["first month of the year", c(25, 3, 0, 0), 2.08, c(25, 3, 2.08, 0)],
    ["a 2.5-day accrual (jours ouvrables)", c(0, 0, 5, 1), 2.5, c(0, 0, 7.5, 1)],
    ["no float noise", c(0, 0, 0.1, 0), 0.2, c(0, 0, 0.3, 0)],
    ["a zero accrual (unpaid month)", c(1, 0, 2, 0), 0, c(1, 0, 2, 0)],
  ])("%s", (_name, counters, accrual, expected) => {
    expect(monthlyAccrual(counters, accrual)).toEqual(expected);
  });

  it("throws on a negative accrual", () => {
    expect(() => monthlyAccrual(c(0, 0, 0, 0), -2.08)).toThrow(RangeError);
  });
});

describe("juneRollover", () => {
  it.each([
    ["unused last-year days are carried over", c(25, 20, 25, 3), c(30, 3, 0, 0)],
    ["last year used up", c(25, 25, 24.96, 10), c(24.96, 10, 0, 0)],
    ["a new employee with only this year", c(0, 0, 12.48, 0), c(12.48, 0, 0, 0)],
    ["a last-year overdraft is carried as taken", c(25, 27, 20, 1), c(20, 3, 0, 0)],
    ["nothing at all", c(0, 0, 0, 0), c(0, 0, 0, 0)],
  ])("%s", (_name, before, after) => {
    expect(juneRollover(before)).toEqual(after);
  });

  it.each([c(25, 20, 25, 3), c(25, 27, 20, 1), c(2.5, 0.5, 10.42, 12)])(
    "never changes the total balance: %j",
    (before) => {
      expect(vacationBalance(juneRollover(before))).toBe(vacationBalance(before));
    },
  );
});

describe("recovery hours", () => {
  it.each([
    [1, 3_600],
    [1.5, 5_400],
    [7.25, 26_100],
    [0, 0],
  ])("%s h = %i s", (hours, seconds) => {
    expect(recoveryHoursToSeconds(hours)).toBe(seconds);
  });

  it.each([-1, Number.NaN])("throws on %s hours", (hours) => {
    expect(() => recoveryHoursToSeconds(hours)).toThrow(RangeError);
  });

  it.each([
    ["hours within the balance", { earned: 36_000, taken: 0 }, 4, { ok: true, seconds: 14_400, counters: { earned: 36_000, taken: 14_400 } }],
    ["exactly the balance", { earned: 36_000, taken: 28_800 }, 2, { ok: true, seconds: 7_200, counters: { earned: 36_000, taken: 36_000 } }],
    ["one hour more than the balance", { earned: 36_000, taken: 28_800 }, 3, { ok: false, reason: "insufficient_recovery" }],
    ["taken above earned: balance 0", { earned: 3_600, taken: 7_200 }, 1, { ok: false, reason: "insufficient_recovery" }],
  ])("takeRecoveryHours: %s", (_name, counters, hours, expected) => {
    expect(takeRecoveryHours(counters, hours)).toEqual(expected);
  });

  it("restoreRecoveryHours gives the hours back", () => {
    expect(restoreRecoveryHours({ earned: 36_000, taken: 14_400 }, 4)).toEqual({ earned: 36_000, taken: 0 });
  });
});
