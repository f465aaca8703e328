import { describe, expect, it } from "vitest";
import { checksOfWeek, legalChecks, workIntervals, type LegalDay } from "./legal-checks";
import { instantAt } from "./zoned-day";

const Z = "Europe/Paris";
/** A day's entries from "HH:MM TYPE" pairs in Paris time (unix seconds). */
function day(date: string, ...entries: [string, string][]): LegalDay {
  return {
    date,
    entries: entries.map(([hhmm, type]) => ({ time: Math.round(instantAt(date, hhmm, Z).getTime() / 1000), type })),
  };
}
const normal = (date: string) => day(date, ["09:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["17:00", "END"]);

describe("legalChecks", () => {
  it.each([
    { name: "a normal week: nothing", days: ["2026-03-02", "2026-03-03", "2026-03-04"].map(normal), codes: [] },
    {
      name: "11 h in a day with a lunch: over 10 h",
      days: [day("2026-03-02", ["07:00", "START"], ["12:00", "LUNCH"], ["12:30", "START"], ["18:30", "END"])],
      codes: ["day_over_10h:2026-03-02"],
    },
    { name: "exactly 10 h with a 1 h lunch: not over", days: [day("2026-03-02", ["08:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["19:00", "END"])], codes: [] },
    {
      name: "6 h 30 straight: no 20-minute break",
      days: [day("2026-03-02", ["08:00", "START"], ["14:30", "END"])],
      codes: ["no_break:2026-03-02"],
    },
    {
      name: "a 15-minute pause does not count as the break",
      days: [day("2026-03-02", ["08:00", "START"], ["11:00", "PAUSE"], ["11:15", "START"], ["14:30", "END"])],
      codes: ["no_break:2026-03-02"],
    },
    {
      name: "a 20-minute pause after 4 h is the break",
      days: [day("2026-03-02", ["08:00", "START"], ["12:00", "PAUSE"], ["12:20", "START"], ["16:00", "END"])],
      codes: [],
    },
    {
      name: "ending at 23:00 and starting at 08:00: 9 h of rest",
      days: [day("2026-03-02", ["14:00", "START"], ["18:00", "PAUSE"], ["19:00", "START"], ["23:00", "END"]), normal("2026-03-03")].map((d, i) =>
        i === 1 ? day("2026-03-03", ["08:00", "START"], ["12:00", "END"]) : d,
      ),
      codes: ["short_rest:2026-03-03"],
    },
    {
      name: "five days of 10 h: 50 h in the week",
      days: ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"].map((d) =>
        day(d, ["07:30", "START"], ["12:30", "LUNCH"], ["13:00", "START"], ["18:00", "END"]),
      ),
      codes: ["week_over_48h:2026-03-02"],
    },
    { name: "a day without END is never checked (nothing invented)", days: [day("2026-03-02", ["07:00", "START"])], codes: [] },
    {
      name: "the DST night (29 March 2026): 23 h to 07:00 is 7 h of rest, not 8",
      days: [day("2026-03-28", ["15:00", "START"], ["23:00", "END"]), day("2026-03-29", ["07:00", "START"], ["10:00", "END"])],
      codes: ["no_break:2026-03-28", "short_rest:2026-03-29"],
    },
  ])("$name", ({ days, codes }) => {
    expect(legalChecks(days).map((c) => `${c.code}:${c.date}`)).toEqual(codes);
  });

  it("measures the rest across the DST change in real seconds", () => {
    const [, rest] = legalChecks([day("2026-03-28", ["15:00", "START"], ["23:00", "END"]), day("2026-03-29", ["07:00", "START"], ["10:00", "END"])]);
    expect(rest).toEqual({ code: "short_rest", date: "2026-03-29", seconds: 7 * 3600 });
  });

  it("reads the intervals from START to the next PAUSE, LUNCH or END, in time order", () => {
    expect(workIntervals([{ time: 50, type: "END" }, { time: 0, type: "START" }, { time: 10, type: "LUNCH" }, { time: 20, type: "START" }])).toEqual([
      [0, 10],
      [20, 50],
    ]);
  });

  it("groups the findings by week", () => {
    const checks = legalChecks([day("2026-03-06", ["07:00", "START"], ["18:00", "END"]), day("2026-03-09", ["07:00", "START"], ["18:00", "END"])]);
    expect(checksOfWeek(checks, "2026-03-02").map((c) => c.date)).toEqual(["2026-03-06", "2026-03-06"]);
    expect(checksOfWeek(checks, "2026-03-09").map((c) => c.code)).toEqual(["day_over_10h", "no_break"]);
  });
});
