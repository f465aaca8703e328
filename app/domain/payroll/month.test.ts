import { describe, expect, it } from "vitest";
import {
  addFigures,
  canCloseMonth,
  closableFrom,
  isZeroFigures,
  nextMonth,
  NO_FIGURES,
  payrollMonthRange,
  rappelDue,
  storedFigures,
  rappelMonth,
  weekPayrollFigures,
} from "./month";

describe("payrollMonthRange", () => {
  it.each([
    ["a month of this year", "2026-11", { from: "2026-11-01", to: "2026-11-30" }],
    ["a leap February", "2028-02", { from: "2028-02-01", to: "2028-02-29" }],
    ["the first accepted year", "2000-01", { from: "2000-01-01", to: "2000-01-31" }],
    ["the last accepted year", "2099-12", { from: "2099-12-01", to: "2099-12-31" }],
    ["year zero (PostgreSQL has no such date)", "0000-01", null],
    ["a year before 2000", "1999-12", null],
    ["a year after 2099", "9999-12", null],
    ["a thirteenth month", "2026-13", null],
    ["month zero", "2026-00", null],
    ["a five-digit year", "20266-01", null],
    ["a day instead of a month", "2026-11-01", null],
    ["an empty value", "", null],
  ])("%s: %s", (_case, month, expected) => {
    expect(payrollMonthRange(month)).toEqual(expected);
  });
});

describe("canCloseMonth (issue 27 §1: a month closes once its last day has passed)", () => {
  it.each([
    ["during the month", "2026-11", "2026-11-26", false],
    ["on its last day", "2026-11", "2026-11-30", false],
    ["the day after its last day", "2026-11", "2026-12-01", true],
    ["months later", "2026-10", "2027-03-15", true],
    ["a month not begun", "2026-12", "2026-11-26", false],
    ["a February of a leap year, on the 29th", "2028-02", "2028-02-29", false],
    ["an absurd month", "0000-01", "2026-11-26", false],
  ])("%s: %s on %s → %s", (_case, month, today, expected) => {
    expect(canCloseMonth(month, today)).toBe(expected);
  });

  it.each([
    ["November", "2026-11", "2026-12-01"],
    ["December: the next year", "2026-12", "2027-01-01"],
  ])("closableFrom %s", (_case, month, expected) => {
    expect(closableFrom(month)).toBe(expected);
  });

  it.each([
    ["a month of the year", "2026-10", "2026-11"],
    ["December", "2026-12", "2027-01"],
  ])("nextMonth of %s", (_case, month, expected) => {
    expect(nextMonth(month)).toBe(expected);
  });
});

describe("regularisations (issue 27 §2: a week of a closed month recomputed differently)", () => {
  const paid = weekPayrollFigures(
    {
      rates: [
        { rate: 25, seconds: 8 * 3600 },
        { rate: 50, seconds: 2 * 3600 },
      ],
    },
    0,
    0,
    0,
  );
  const now = weekPayrollFigures(
    {
      rates: [
        { rate: 25, seconds: 8 * 3600 },
        { rate: 50, seconds: 3 * 3600 },
        { rate: 37.5, seconds: 600 },
      ],
    },
    0,
    0,
    1800,
  );

  it.each([
    ["nothing changed: nothing due", paid, paid, [], NO_FIGURES],
    [
      "one more hour at 50 %, 10 min at another rate, recovery",
      now,
      paid,
      [],
      { ...NO_FIGURES, overtimeByRate: [0, 0, 3600, 0], overtimeOtherRates: 600, recoveryEarnedSeconds: 1800 },
    ],
    ["already carried into a month since closed: nothing more", now, paid, [addFigures(now, paid, -1)], NO_FIGURES],
    [
      "an hour less: a negative regularisation",
      paid,
      now,
      [],
      { ...NO_FIGURES, overtimeByRate: [0, 0, -3600, 0], overtimeOtherRates: -600, recoveryEarnedSeconds: -1800 },
    ],
  ])("%s", (_case, current, stored, carried, expected) => {
    expect(rappelDue(current, stored, carried)).toEqual(expected);
  });

  it.each([
    ["a week of October, October closed: November", "2026-10-05", ["2026-10"], ["2026-10"], "2026-11"],
    ["a week straddling October and November, both closed: December", "2026-10-26", ["2026-10"], ["2026-10", "2026-11"], "2026-12"],
    ["an employee moved: the old subsidiary's close holds them, the new one's months are open", "2026-10-05", ["2026-10"], [], "2026-11"],
    ["December closed: January of the next year", "2026-12-07", ["2026-12"], ["2026-12"], "2027-01"],
    ["a week from September into a closed October (September never closed): November", "2026-09-28", ["2026-10"], ["2026-10"], "2026-11"],
    ["a week from a closed October into an open November: November", "2026-10-26", ["2026-10"], ["2026-10"], "2026-11"],
  ])("rappelMonth: %s", (_case, monday, frozen, closed, expected) => {
    expect(rappelMonth(monday, frozen, closed)).toBe(expected);
  });

  it("isZeroFigures", () => {
    expect(isZeroFigures(NO_FIGURES)).toBe(true);
    expect(isZeroFigures(paid)).toBe(false);
  });
});

describe("a regularisation's v2 columns: each hour in the one column it belongs to (decision 0111)", () => {
  const H = 3600;
  // A 35 h week of a policy putting half the overtime into rest: 8 h at +25 % (4 h paid, 4 h in rest), 2 h at +50 %.
  const week = (extra25: number) => ({
    rates: [
      { rate: 25, seconds: extra25 },
      { rate: 50, seconds: 2 * H },
    ],
    lines: [
      { kind: "overtime", rate: 25, seconds: extra25, paidSeconds: extra25 / 2, recoverySeconds: extra25 / 2 },
      { kind: "overtime", rate: 50, seconds: 2 * H, paidSeconds: 2 * H, recoverySeconds: 0 },
      { kind: "structural", rate: 25, seconds: 0 },
      { kind: "holiday", rate: 100, seconds: 7 * H, date: "2026-05-01" },
    ],
  });
  const paid = weekPayrollFigures(week(8 * H), 0, 0, 5 * H);
  // A correction after the close adds an hour at +25 %: half of it paid, half put into rest (+25 %: 37.5 min earned).
  const now = weekPayrollFigures(week(9 * H), 0, 0, 5 * H + 2250);

  it("a week's figures carry its v2 columns", () => {
    expect(paid).toMatchObject({
      // v1 as ever: every banded hour per rate, the 1 May's included (as HS_100).
      overtimeByRate: [8 * H, 0, 2 * H, 7 * H],
      paidByRate: [4 * H, 0, 2 * H, 0],
      restConvertedSeconds: 4 * H,
      mayDaySeconds: 7 * H,
      otherPremiumSeconds: 0,
      structuralSeconds: 0,
    });
  });

  it.each([
    [
      "one more hour at +25 %, half into rest: 30 min paid, 30 min in rest, its increased rest earned",
      now,
      paid,
      [],
      { ...NO_FIGURES, overtimeByRate: [H, 0, 0, 0], paidByRate: [H / 2, 0, 0, 0], restConvertedSeconds: H / 2, recoveryEarnedSeconds: 2250 },
    ],
    ["nothing changed: nothing due", now, now, [], NO_FIGURES],
    [
      "carried before decision 0111 (its hour written as paid): nothing more is due, none paid twice",
      now,
      paid,
      [
        storedFigures({
          overtimeByRate: [H, 0, 0, 0],
          overtimeOtherRates: 0,
          complementarySeconds: 0,
          mandatoryRestSeconds: 0,
          recoveryEarnedSeconds: 2250,
        }),
      ],
      { ...NO_FIGURES, paidByRate: [-H / 2, 0, 0, 0], restConvertedSeconds: H / 2 },
    ],
  ])("%s", (_case, current, stored, carried, expected) => {
    expect(rappelDue(current, stored, carried)).toEqual(expected);
  });

  it("a row stored before decision 0111 reads as what its line wrote in v2 then: its overtime paid, nothing in rest", () => {
    const legacy = storedFigures({ overtimeByRate: [H, 0, 0, 0], overtimeOtherRates: 600, complementarySeconds: 1200, mandatoryRestSeconds: 0, recoveryEarnedSeconds: 0 });
    expect(legacy).toEqual({
      ...NO_FIGURES,
      overtimeByRate: [H, 0, 0, 0],
      overtimeOtherRates: 600,
      complementarySeconds: 1200,
      paidByRate: [H, 0, 0, 0],
      paidOtherRates: 600,
      complementaryPaidSeconds: 1200,
    });
    expect(isZeroFigures({ ...NO_FIGURES, restConvertedSeconds: 1 })).toBe(false);
    expect(storedFigures(now)).toEqual(now);
  });
});
