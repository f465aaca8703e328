import { describe, expect, it } from "vitest";
import { effectiveNightPeriod, FRENCH_NIGHT, nightPeriodHours, nightPeriodLabel, nightSeconds, PORTUGUESE_NIGHT } from "./night-work";
import { FRANCE_POLICY, nightPeriodViolations, PORTUGAL_POLICY } from "./policy";

const s = (iso: string) => Date.parse(iso) / 1000;
const H = 3600;

describe("nightSeconds: the night period 21:00-06:00 (Code du travail L3122-20, L3122-2)", () => {
  it.each<{ name: string; intervals: [string, string][]; zone?: string; expected: number }>([
    { name: "L3122-20: 22:00 to 06:00 in winter is 8 h of night", intervals: [["2026-03-02T21:00:00Z", "2026-03-03T05:00:00Z"]], expected: 8 * H },
    { name: "L3122-20: the spring-forward night 22:00 to 06:00 is 7 h", intervals: [["2026-03-28T21:00:00Z", "2026-03-29T04:00:00Z"]], expected: 7 * H },
    { name: "L3122-20: the fall-back night 22:00 to 06:00 is 9 h", intervals: [["2026-10-24T20:00:00Z", "2026-10-25T05:00:00Z"]], expected: 9 * H },
    { name: "L3122-20: a day shift 08:00 to 17:00 has no night hours", intervals: [["2026-03-02T07:00:00Z", "2026-03-02T16:00:00Z"]], expected: 0 },
    { name: "L3122-20: 18:00 to 23:00 counts the 2 h after 21:00", intervals: [["2026-03-02T17:00:00Z", "2026-03-02T22:00:00Z"]], expected: 2 * H },
    { name: "L3122-20: 05:00 to 13:00 counts the hour before 06:00", intervals: [["2026-03-02T04:00:00Z", "2026-03-02T12:00:00Z"]], expected: 1 * H },
    {
      name: "L3122-20: a pause in the night is not counted",
      intervals: [
        ["2026-03-02T21:00:00Z", "2026-03-03T01:00:00Z"],
        ["2026-03-03T01:30:00Z", "2026-03-03T05:00:00Z"],
      ],
      expected: 7.5 * H,
    },
    { name: "L3122-20: the local wall clock decides (Lisbon 21:00-06:00)", intervals: [["2026-01-05T20:00:00Z", "2026-01-06T07:00:00Z"]], zone: "Europe/Lisbon", expected: 9 * H },
  ])("$name", ({ intervals, zone, expected }) => {
    expect(nightSeconds(intervals.map(([a, b]) => [s(a), s(b)] as const), zone ?? "Europe/Paris")).toBe(expected);
  });
});

describe("nightSeconds: the country's night period (issue 40, decision 0125)", () => {
  it.each<{ name: string; intervals: [string, string][]; zone: string; period: typeof FRENCH_NIGHT; expected: number }>([
    // Lisbon is UTC+0 in winter: 21:00-02:00 local is 21:00Z-02:00Z.
    { name: "art. 223.º n.º 2: Lisboa 21:00-02:00 gives 4 h of night (22:00-07:00)", intervals: [["2026-01-05T21:00:00Z", "2026-01-06T02:00:00Z"]], zone: "Europe/Lisbon", period: PORTUGUESE_NIGHT, expected: 4 * H },
    { name: "L3122-20: the same shift in Paris gives 5 h (21:00-06:00)", intervals: [["2026-01-05T20:00:00Z", "2026-01-06T01:00:00Z"]], zone: "Europe/Paris", period: FRENCH_NIGHT, expected: 5 * H },
    { name: "art. 223.º n.º 2: Lisboa 05:00-09:00 counts the 2 h before 07:00", intervals: [["2026-01-06T05:00:00Z", "2026-01-06T09:00:00Z"]], zone: "Europe/Lisbon", period: PORTUGUESE_NIGHT, expected: 2 * H },
    { name: "L3122-2: an agreement's 22:00-07:00 in Paris counts 21:00-02:00 as 4 h", intervals: [["2026-01-05T20:00:00Z", "2026-01-06T01:00:00Z"]], zone: "Europe/Paris", period: { from: "22:00", to: "07:00" }, expected: 4 * H },
    { name: "art. 223.º n.º 2: the Lisbon spring-forward night 22:00-07:00 is 8 h", intervals: [["2026-03-28T22:00:00Z", "2026-03-29T06:00:00Z"]], zone: "Europe/Lisbon", period: PORTUGUESE_NIGHT, expected: 8 * H },
  ])("$name", ({ intervals, zone, period, expected }) => {
    expect(nightSeconds(intervals.map(([a, b]) => [s(a), s(b)] as const), zone, period)).toBe(expected);
  });

  it("the policies carry the law's default period and premium: France 21:00-06:00 without premium (L3122-20, L3122-8), Portugal 22:00-07:00 at +25 % (art. 223.º n.º 2, art. 266.º n.º 1)", () => {
    expect([FRANCE_POLICY.nightPeriod, FRANCE_POLICY.nightRate]).toEqual([FRENCH_NIGHT, 0]);
    expect([PORTUGAL_POLICY.nightPeriod, PORTUGAL_POLICY.nightRate]).toEqual([PORTUGUESE_NIGHT, 25]);
    expect([nightPeriodHours(FRENCH_NIGHT), nightPeriodHours(PORTUGUESE_NIGHT)]).toEqual([9, 9]);
    expect(nightPeriodLabel(PORTUGUESE_NIGHT)).toBe("22 h – 7 h");
  });

  it("a subsidiary's agreement (both times set) wins over the country's period", () => {
    expect(effectiveNightPeriod(PORTUGUESE_NIGHT, { from: "23:00", to: "07:00" })).toEqual({ from: "23:00", to: "07:00" });
    expect(effectiveNightPeriod(PORTUGUESE_NIGHT, { from: "23:00", to: null })).toEqual(PORTUGUESE_NIGHT);
    expect(effectiveNightPeriod(FRENCH_NIGHT, null)).toEqual(FRENCH_NIGHT);
  });

  it.each<{ name: string; period: { from: string; to: string }; mode: "weekly" | "daily"; ok: boolean }>([
    { name: "L3122-20: 21:00-06:00", period: FRENCH_NIGHT, mode: "weekly", ok: true },
    { name: "L3122-2: 22:00-07:00 by agreement (9 h, within 21 h-7 h)", period: { from: "22:00", to: "07:00" }, mode: "weekly", ok: true },
    { name: "L3122-2: 22:00-06:00 is 8 h, under the 9 h", period: { from: "22:00", to: "06:00" }, mode: "weekly", ok: false },
    { name: "L3122-2: 20:00-05:00 starts before 21:00", period: { from: "20:00", to: "05:00" }, mode: "weekly", ok: false },
    { name: "L3122-2: 21:00-07:30 ends after 07:00", period: { from: "21:00", to: "07:30" }, mode: "weekly", ok: false },
    { name: "art. 223.º n.º 1: 22:00-07:00", period: PORTUGUESE_NIGHT, mode: "daily", ok: true },
    { name: "art. 223.º n.º 1: 00:00-07:00 is 7 h including 00:00-05:00", period: { from: "00:00", to: "07:00" }, mode: "daily", ok: true },
    { name: "art. 223.º n.º 1: 23:00-04:00 misses 04:00-05:00", period: { from: "23:00", to: "04:00" }, mode: "daily", ok: false },
    { name: "art. 223.º n.º 1: 19:00-07:00 is 12 h, over 11 h", period: { from: "19:00", to: "07:00" }, mode: "daily", ok: false },
    { name: "a time that is not HH:MM", period: { from: "22h", to: "07:00" }, mode: "daily", ok: false },
  ])("the night period of a policy: $name", ({ period, mode, ok }) => {
    expect(nightPeriodViolations(period, mode).length === 0).toBe(ok);
  });
});
