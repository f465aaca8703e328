import { describe, expect, it } from "vitest";
import { nightPremium, nightRateOf, type NightDayFacts } from "./night-premium";

const H = 3600;
const MARCH = ["2026-03-01", "2026-03-31"] as const;

const lisboa = (date: string, hours: number, over: Partial<NightDayFacts> = {}): NightDayFacts => ({
  date,
  seconds: hours * H,
  agreementRate: null,
  policy: { rate: 25, mode: "daily" },
  country: "Portugal",
  ...over,
});
const paris = (date: string, hours: number, over: Partial<NightDayFacts> = {}): NightDayFacts => ({
  date,
  seconds: hours * H,
  agreementRate: null,
  policy: { rate: 0, mode: "weekly" },
  country: "France",
  ...over,
});

describe("the rate of a day's night hours (decision 0143)", () => {
  it.each<[string, Pick<NightDayFacts, "agreementRate" | "policy" | "country">, number]>([
    ["Código do Trabalho art. 266.º n.º 1: Portugal's row, +25 %", { agreementRate: null, policy: { rate: 25, mode: "daily" }, country: "Portugal" }, 25],
    ["art. 266.º n.º 1: a daily row without a rate is the law's +25 %", { agreementRate: null, policy: { rate: null, mode: "daily" }, country: "Portugal" }, 25],
    ["art. 266.º n.º 1: no row started yet, the law's default of the country's name", { agreementRate: null, policy: null, country: "Portugal" }, 25],
    ["art. 266.º n.º 3: an activity mostly at night, the agreement's 0 %", { agreementRate: 0, policy: { rate: 25, mode: "daily" }, country: "Portugal" }, 0],
    ["Code du travail L3122-8: France without an agreement's rate, no pay premium", { agreementRate: null, policy: { rate: 0, mode: "weekly" }, country: "France" }, 0],
    ["L3122-8: no row started yet in France, no pay premium", { agreementRate: null, policy: null, country: "France" }, 0],
    ["L3122-8: the subsidiary's agreement pays +10 %", { agreementRate: 10, policy: { rate: 0, mode: "weekly" }, country: "France" }, 10],
    ["L3122-8: the country's row set by an agreement at +15 %", { agreementRate: null, policy: { rate: 15, mode: "weekly" }, country: "France" }, 15],
  ])("%s", (_name, day, rate) => {
    expect(nightRateOf(day)).toBe(rate);
  });
});

describe("the month's night premium (cadran-paie-v3, decision 0143)", () => {
  it.each<[string, NightDayFacts[], { nightPremiumSeconds: number; nightPremiumRate: number; nightPremiumEquivalentSeconds: number }]>([
    [
      "art. 266.º n.º 1: a Lisboa 21:00–02:00 shift's 4 night hours at +25 % are 1 hour to pay more",
      [lisboa("2026-03-02", 4)],
      { nightPremiumSeconds: 4 * H, nightPremiumRate: 25, nightPremiumEquivalentSeconds: 1 * H },
    ],
    [
      "art. 266.º n.º 1: five such shifts, 20 h at +25 %, 5 h",
      ["02", "03", "04", "05", "06"].map((d) => lisboa(`2026-03-${d}`, 4)),
      { nightPremiumSeconds: 20 * H, nightPremiumRate: 25, nightPremiumEquivalentSeconds: 5 * H },
    ],
    [
      "L3122-8: Paris night hours without an agreement's rate carry no pay premium",
      [paris("2026-03-02", 8), paris("2026-03-03", 8)],
      { nightPremiumSeconds: 0, nightPremiumRate: 0, nightPremiumEquivalentSeconds: 0 },
    ],
    [
      "L3122-8: the agreement's +10 % on 8 h of Paris night, 0,8 h",
      [paris("2026-03-02", 8, { agreementRate: 10 })],
      { nightPremiumSeconds: 8 * H, nightPremiumRate: 10, nightPremiumEquivalentSeconds: 0.8 * H },
    ],
    [
      "a rate changed within the month (+25 % then +50 % from a row of the 16th): hours × the weighted rate is the premium",
      [lisboa("2026-03-02", 4), lisboa("2026-03-16", 4, { policy: { rate: 50, mode: "daily" } })],
      { nightPremiumSeconds: 8 * H, nightPremiumRate: 37.5, nightPremiumEquivalentSeconds: 3 * H },
    ],
    [
      "only the days whose rate is above 0 carry the premium (a Paris day and a Lisboa day in one month)",
      [paris("2026-03-02", 8), lisboa("2026-03-03", 4)],
      { nightPremiumSeconds: 4 * H, nightPremiumRate: 25, nightPremiumEquivalentSeconds: 1 * H },
    ],
    [
      "the days outside the month and the days without night seconds are left out",
      [lisboa("2026-02-28", 4), lisboa("2026-03-10", 0), lisboa("2026-04-01", 4)],
      { nightPremiumSeconds: 0, nightPremiumRate: 0, nightPremiumEquivalentSeconds: 0 },
    ],
  ])("%s", (_name, days, expected) => {
    expect(nightPremium(days, ...MARCH)).toEqual(expected);
  });
});
