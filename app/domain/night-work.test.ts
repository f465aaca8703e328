import { describe, expect, it } from "vitest";
import { nightSeconds } from "./night-work";

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
