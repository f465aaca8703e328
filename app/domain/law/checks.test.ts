import { describe, expect, it } from "vitest";
import { checksOfWeek, legalChecks, workIntervals } from "./checks";
import { legalPolicyFor, PORTUGAL_LEGAL, type LegalDay } from "./policies";
import { annualQuotaSeconds, PORTUGAL_POLICY } from "~/domain/overtime/policy";
import { instantAt } from "~/domain/shared/zoned-day";

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
      // L3121-16 "atteint six heures": the 6 h 00 in a row after the lunch call for a new break (issue 26).
      codes: ["day_over_10h:2026-03-02", "no_break:2026-03-02"],
    },
    { name: "exactly 10 h with a 1 h lunch: not over", days: [day("2026-03-02", ["08:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["15:00", "PAUSE"], ["15:20", "START"], ["19:00", "END"])], codes: [] },
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
    expect(rest).toEqual({ code: "short_rest", date: "2026-03-29", seconds: 7 * 3600, article: "Code du travail, art. L3131-1", source: "FR.L3131-1" });
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

const H = 3600;
const LISBON = "Europe/Lisbon";
/** A day in Lisbon time, with its expected seconds. */
function pt(date: string, expectedSeconds: number | undefined, ...entries: [string, string][]): LegalDay {
  return {
    date,
    expectedSeconds,
    entries: entries.map(([hhmm, type]) => ({ time: Math.round(instantAt(date, hhmm, LISBON).getTime() / 1000), type })),
  };
}
/** `n` weeks of five 9 h 30 days from a Monday (47 h 30 a week), in Paris time. */
function heavyWeeks(monday: string, n: number): LegalDay[] {
  const out: LegalDay[] = [];
  for (let w = 0; w < n; w++) {
    for (let d = 0; d < 5; d++) {
      const date = new Date(Date.parse(`${monday}T00:00:00Z`) + (w * 7 + d) * 86_400_000).toISOString().slice(0, 10);
      out.push(day(date, ["07:00", "START"], ["12:00", "LUNCH"], ["12:30", "START"], ["17:00", "END"]));
    }
  }
  return out;
}

describe("legalChecks: France beyond the first four (issue 26 §2)", () => {
  it.each([
    {
      name: "L3121-16: exactly 6 h 00 without a break reaches six hours: flagged",
      days: [day("2026-03-02", ["08:00", "START"], ["14:00", "END"])],
      codes: ["no_break:2026-03-02:Code du travail, art. L3121-16"],
    },
    {
      name: "L3121-16: 5 h 59 without a break: not yet",
      days: [day("2026-03-02", ["08:00", "START"], ["13:59", "END"])],
      codes: [],
    },
    {
      name: "L3121-22: 12 weeks of 47 h 30 average over 44 h (each week under 48 h)",
      days: heavyWeeks("2026-01-05", 12),
      codes: ["average_over_44h:2026-03-23:Code du travail, art. L3121-22"],
    },
    {
      name: "L3121-22: 11 such weeks and a light one average under 44 h",
      days: heavyWeeks("2026-01-05", 11),
      codes: [],
    },
    {
      name: "L3121-18 and L3131-1: a night shift 22:00 to 06:00 then a day at 14:00 is checked on the shift's end",
      days: [
        day("2026-03-02", ["22:00", "START"], ["02:00", "PAUSE"], ["02:30", "START"], ["06:00", "END"]).entries.length
          ? { date: "2026-03-02", entries: [["2026-03-02T21:00:00Z", "START"], ["2026-03-03T01:00:00Z", "PAUSE"], ["2026-03-03T01:30:00Z", "START"], ["2026-03-03T05:00:00Z", "END"]].map(([iso, type]) => ({ time: Date.parse(iso!) / 1000, type: type! })) }
          : day("2026-03-02"),
        day("2026-03-03", ["14:00", "START"], ["18:00", "END"]),
      ],
      codes: ["short_rest:2026-03-03:Code du travail, art. L3131-1"],
    },
  ])("$name", ({ days, codes }) => {
    expect(legalChecks(days, legalPolicyFor("France")).map((c) => `${c.code}:${c.date}:${c.article}`)).toEqual(codes);
  });
});

describe("legalChecks: Portugal (Código do Trabalho, issue 26 §2)", () => {
  it.each([
    {
      name: "art. 213.º n.º 1: 5 h 30 in a row without a break",
      days: [pt("2026-03-02", 8 * H, ["08:00", "START"], ["13:30", "LUNCH"], ["14:30", "START"], ["17:00", "END"])],
      codes: ["stretch_over_5h:2026-03-02:Código do Trabalho, art. 213.º n.º 1"],
    },
    {
      name: "art. 213.º n.º 1: 5 h then a 1 h lunch then 3 h: fine",
      days: [pt("2026-03-02", 8 * H, ["08:00", "START"], ["13:00", "LUNCH"], ["14:00", "START"], ["17:00", "END"])],
      codes: [],
    },
    {
      name: "art. 213.º n.º 1: a 30-minute pause is not the interval of 1 to 2 h",
      days: [pt("2026-03-02", 8 * H, ["08:00", "START"], ["11:00", "PAUSE"], ["11:30", "START"], ["14:00", "LUNCH"], ["15:00", "START"], ["16:30", "END"])],
      codes: ["stretch_over_5h:2026-03-02:Código do Trabalho, art. 213.º n.º 1"],
    },
    {
      name: "art. 213.º n.º 1: a 2 h 30 lunch is longer than the interval allows",
      days: [pt("2026-03-02", 8 * H, ["08:00", "START"], ["12:00", "LUNCH"], ["14:30", "START"], ["18:30", "END"])],
      codes: ["break_over_2h:2026-03-02:Código do Trabalho, art. 213.º n.º 1"],
    },
    {
      name: "art. 214.º n.º 1: 9 h of rest between two days",
      days: [pt("2026-03-02", 8 * H, ["13:00", "START"], ["17:00", "LUNCH"], ["18:00", "START"], ["22:00", "END"]), pt("2026-03-03", 8 * H, ["07:00", "START"], ["11:00", "END"])],
      codes: ["short_rest:2026-03-03:Código do Trabalho, art. 214.º n.º 1"],
    },
    {
      name: "art. 228.º n.º 1 d): 2 h 30 of overtime on a working day",
      days: [pt("2026-03-02", 8 * H, ["07:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["16:00", "PAUSE"], ["17:00", "START"], ["19:30", "END"])],
      codes: ["daily_overtime_over_2h:2026-03-02:Código do Trabalho, art. 228.º n.º 1 d)"],
    },
    {
      name: "art. 228.º n.º 1 d): exactly 2 h of overtime is within the limit",
      days: [pt("2026-03-02", 8 * H, ["07:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["16:00", "PAUSE"], ["17:00", "START"], ["19:00", "END"])],
      codes: [],
    },
    {
      name: "art. 229.º n.º 4: Sunday worked and Monday off: the rest day was taken",
      days: [pt("2026-03-08", 0, ["09:00", "START"], ["13:00", "END"]), pt("2026-03-10", 8 * H, ["09:00", "START"], ["13:00", "LUNCH"], ["14:00", "START"], ["17:00", "END"])],
      codes: [],
    },
    {
      name: "art. 229.º n.º 4: Sunday worked, then the next 3 working days worked: the rest day is owed",
      days: [
        pt("2026-03-08", 0, ["09:00", "START"], ["13:00", "END"]),
        ...["2026-03-09", "2026-03-10", "2026-03-11"].map((d) => pt(d, 8 * H, ["09:00", "START"], ["13:00", "LUNCH"], ["14:00", "START"], ["17:00", "END"])),
      ],
      codes: ["rest_day_due:2026-03-08:Código do Trabalho, art. 229.º n.º 4"],
    },
  ])("$name", ({ days, codes }) => {
    expect(legalChecks(days, legalPolicyFor("Portugal")).map((c) => `${c.code}:${c.date}:${c.article}`)).toEqual(codes);
  });

  it("art. 229.º n.º 4: the rest day is flagged while the 3 working days are still ahead, and no more once one passed free", () => {
    const sunday = pt("2026-03-08", 0, ["09:00", "START"], ["13:00", "END"]);
    expect(legalChecks([sunday], PORTUGAL_LEGAL, { today: "2026-03-09" }).map((c) => c.code)).toEqual(["rest_day_due"]);
    expect(legalChecks([sunday], PORTUGAL_LEGAL, { today: "2026-03-10" }).map((c) => c.code)).toEqual([]);
  });

  it.each([
    { name: "art. 228.º n.º 1 b): a medium or large company past 150 h of overtime in the year", small: false, days: 76, flagged: true },
    { name: "art. 228.º n.º 1 a): a micro or small company at 152 h is within its 175 h", small: true, days: 76, flagged: false },
    { name: "art. 228.º n.º 1 a): a micro or small company past 175 h", small: true, days: 88, flagged: true },
  ])("$name", ({ small, days: n, flagged }) => {
    // n working days of 2 h of overtime each (within the daily 2 h).
    const days: LegalDay[] = [];
    for (let i = 0; days.length < n; i++) {
      const date = new Date(Date.parse("2026-01-05T00:00:00Z") + i * 86_400_000).toISOString().slice(0, 10);
      if (new Date(`${date}T00:00:00Z`).getUTCDay() % 6 === 0) continue;
      days.push(pt(date, 6 * H, ["08:00", "START"], ["13:00", "LUNCH"], ["14:00", "START"], ["17:00", "END"]));
    }
    const found = legalChecks(days, PORTUGAL_LEGAL, { smallCompany: small }).filter((c) => c.code === "annual_overtime_over_limit");
    expect(found.length).toBe(flagged ? 1 : 0);
    if (flagged) expect(found[0]!.article).toBe("Código do Trabalho, art. 228.º n.º 1 a) e b)");
  });

  it.each([
    { name: "art. 228.º n.º 1 a): a micro company (9 employees), 175 h", size: 9, hours: 175 },
    { name: "art. 228.º n.º 1 a): a small company (49 employees), 175 h", size: 49, hours: 175 },
    { name: "art. 228.º n.º 1 b): a medium company (50 employees), 150 h", size: 50, hours: 150 },
    { name: "art. 228.º n.º 1 b): a large company (250 employees), 150 h", size: 250, hours: 150 },
  ])("the annual limit is the country's overtime policy for the company's size (decision 0103) — $name", ({ size, hours }) => {
    const limit = annualQuotaSeconds(PORTUGAL_POLICY, size);
    expect(limit).toBe(hours * H);
    // 80 working days of 2 h of overtime: 160 h, past 150 h but within 175 h.
    const days: LegalDay[] = [];
    for (let i = 0; days.length < 80; i++) {
      const date = new Date(Date.parse("2026-01-05T00:00:00Z") + i * 86_400_000).toISOString().slice(0, 10);
      if (new Date(`${date}T00:00:00Z`).getUTCDay() % 6 === 0) continue;
      days.push(pt(date, 6 * H, ["08:00", "START"], ["13:00", "LUNCH"], ["14:00", "START"], ["17:00", "END"]));
    }
    const found = legalChecks(days, PORTUGAL_LEGAL, { annualOvertimeLimitSeconds: limit }).filter((c) => c.code === "annual_overtime_over_limit");
    expect(found.map((c) => c.article)).toEqual(hours === 150 ? ["Código do Trabalho, art. 228.º n.º 1 a) e b)"] : []);
  });

  it("an agreement's quota set in the country's policy is the limit (decision 0103)", () => {
    expect(annualQuotaSeconds({ ...PORTUGAL_POLICY, annualQuotaHours: 200, smallCompanyQuotaHours: null }, 10)).toBe(200 * H);
  });

  it("France's limits do not apply in Lisbon: 11 h in a day and 50 h in a week are not flagged there", () => {
    const days = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"].map((d) =>
      pt(d, 10 * H, ["07:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["18:00", "END"]),
    );
    expect(legalChecks(days, PORTUGAL_LEGAL).map((c) => c.code)).toEqual([]);
  });
});

describe("legalChecks: the weekly rest and the rest-day limit (issue 40)", () => {
  /** A 6 h day in Paris (09:00-12:00, lunch, 13:00-16:00): seven of them stay under 48 h. */
  const paris = (date: string) => day(date, ["09:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["16:00", "END"]);
  const from = (monday: string, n: number) =>
    Array.from({ length: n }, (_, i) => new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
  it.each([
    { name: "L3132-1: seven days worked Monday to Sunday in Paris: the seventh is flagged", days: from("2026-03-02", 7).map(paris), codes: ["seventh_day:2026-03-08:Code du travail, art. L3132-1"] },
    { name: "L3132-1: six days worked, Sunday off: nothing", days: from("2026-03-02", 6).map(paris), codes: [] },
    {
      // Cass. soc. 13/11/2025 n° 24-10.733: the rest is due within each calendar week, not after six days in a row.
      name: "L3132-1: twelve days in a row from Tuesday to the next Saturday, a rest in each calendar week: nothing",
      days: from("2026-03-03", 12).map(paris),
      codes: [],
    },
  ])("$name", ({ days, codes }) => {
    expect(legalChecks(days, legalPolicyFor("France")).map((c) => `${c.code}:${c.date}:${c.article}`)).toEqual(codes);
  });

  it("L3132-1: the finding says the days worked and links to its source", () => {
    const [check] = legalChecks(from("2026-03-02", 7).map(paris), legalPolicyFor("France"));
    expect(check).toMatchObject({ code: "seventh_day", days: 7, source: "FR.L3132-1" });
  });

  it.each([
    {
      name: "art. 228.º n.º 1 e): 12 h on a Saturday and on a Sunday, rest days: each beyond the normal 8 h day",
      days: [
        pt("2026-03-07", 0, ["07:00", "START"], ["12:00", "LUNCH"], ["12:30", "START"], ["19:30", "END"]),
        pt("2026-03-08", 0, ["07:00", "START"], ["12:00", "LUNCH"], ["12:30", "START"], ["19:30", "END"]),
      ],
      codes: ["rest_day_over_normal_day:2026-03-07", "stretch_over_5h:2026-03-07", "rest_day_due:2026-03-08", "rest_day_over_normal_day:2026-03-08", "stretch_over_5h:2026-03-08"],
    },
    { name: "art. 228.º n.º 1 e): 8 h on a Saturday is the normal day: not flagged", days: [pt("2026-03-07", 0, ["08:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["17:00", "END"])], codes: [] },
    { name: "art. 228.º n.º 1 e): 9 h on a working day is the alínea d)'s business, not e)'s", days: [pt("2026-03-02", 8 * H, ["08:00", "START"], ["12:00", "LUNCH"], ["13:00", "START"], ["18:00", "END"])], codes: [] },
  ])("$name", ({ days, codes }) => {
    const found = legalChecks(days, PORTUGAL_LEGAL, { today: "2026-03-09" });
    expect(found.map((c) => `${c.code}:${c.date}`).sort()).toEqual([...codes].sort());
    for (const c of found.filter((c) => c.code === "rest_day_over_normal_day")) expect(c.article).toBe("Código do Trabalho, art. 228.º n.º 1 e)");
  });

  it("art. 229.º n.º 4: the rest day due names the last of the 3 following working days (a holiday skipped)", () => {
    const sunday = pt("2026-03-08", 0, ["09:00", "START"], ["13:00", "END"]);
    expect(legalChecks([sunday], PORTUGAL_LEGAL, { today: "2026-03-09" })[0]).toMatchObject({ code: "rest_day_due", dueBy: "2026-03-11", source: "PT.229.4" });
    expect(legalChecks([sunday], PORTUGAL_LEGAL, { today: "2026-03-09", holidays: new Set(["2026-03-10"]) })[0]!.dueBy).toBe("2026-03-12");
  });
});

describe("legalChecks: night workers (issue 40; L3122-5, L3122-6, L3122-7, L3122-23; art. 224.º)", () => {
  /** A shift from `from` to `to` (the next morning) in Paris, and its night seconds on 21:00-06:00. */
  const nightShift = (date: string, from: string, to: string): LegalDay => {
    const start = Math.round(instantAt(date, from, Z).getTime() / 1000);
    const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const end = Math.round(instantAt(to > from ? date : next, to, Z).getTime() / 1000);
    return { date, entries: [{ time: start, type: "START" }, { time: end, type: "END" }] };
  };
  const run = (days: LegalDay[], night: Record<string, number>, policy = legalPolicyFor("France")) =>
    legalChecks(days, policy, { nightSeconds: night }).filter((c) => c.code.startsWith("night_worker")).map((c) => `${c.code}:${c.date}:${c.article}`);

  it.each([
    {
      name: "L3122-5 1°: two nights of 3 h or more in the week: a night worker",
      days: [nightShift("2026-03-02", "22:00", "03:00"), nightShift("2026-03-04", "22:00", "03:00")],
      night: { "2026-03-02": 5 * H, "2026-03-04": 5 * H },
      codes: ["night_worker:2026-03-02:Code du travail, art. L3122-5"],
    },
    {
      name: "L3122-5 1°: one night of 5 h and one of 2 h: not a night worker that week",
      days: [nightShift("2026-03-02", "22:00", "03:00"), nightShift("2026-03-04", "19:00", "23:00")],
      night: { "2026-03-02": 5 * H, "2026-03-04": 2 * H },
      codes: [],
    },
    {
      name: "L3122-6: a night worker's 9 h shift is over 8 h a day",
      days: [nightShift("2026-03-02", "21:00", "06:00"), nightShift("2026-03-04", "22:00", "03:00")],
      night: { "2026-03-02": 9 * H, "2026-03-04": 5 * H },
      codes: ["night_worker:2026-03-02:Code du travail, art. L3122-5", "night_worker_day_over_8h:2026-03-02:Code du travail, art. L3122-6"],
    },
  ])("$name", ({ days, night, codes }) => {
    expect(run(days, night)).toEqual(codes);
  });

  it("L3122-7: twelve weeks of five 8 h 30 nights average 42 h 30, over the night worker's 40 h", () => {
    const days: LegalDay[] = [];
    const night: Record<string, number> = {};
    for (let w = 0; w < 12; w++) {
      for (let d = 0; d < 5; d++) {
        const date = new Date(Date.parse("2026-01-05T00:00:00Z") + (w * 7 + d) * 86_400_000).toISOString().slice(0, 10);
        days.push(nightShift(date, "21:00", "05:30"));
        night[date] = 8.5 * H;
      }
    }
    const found = run(days, night);
    expect(found).toContain("night_worker_average_over_40h:2026-03-23:Code du travail, art. L3122-7");
    expect(found.filter((c) => c.startsWith("night_worker_average_over_40h"))).toHaveLength(1);
    expect(found.filter((c) => c.startsWith("night_worker_day_over_8h"))).toHaveLength(60);
  });

  it("L3122-23: 270 h of night over 12 months make a night worker even in a week of one night", () => {
    const days: LegalDay[] = [];
    const night: Record<string, number> = {};
    // 68 single nights of 4 h, one a week from January 2025: 272 h by the end.
    for (let w = 0; w < 68; w++) {
      const date = new Date(Date.parse("2025-01-06T00:00:00Z") + w * 7 * 86_400_000).toISOString().slice(0, 10);
      days.push(nightShift(date, "22:00", "02:00"));
      night[date] = 4 * H;
    }
    const found = run(days, night).filter((c) => c.startsWith("night_worker:"));
    // From the week whose 12 months hold 270 h of night (68 nights × 4 h = 272 h, the 12 months hold 52 nights = 208 h): never.
    expect(found).toEqual([]);
    // Two nights a week for the year's second half reach 270 h over 12 months.
    const more: LegalDay[] = [...days];
    for (let w = 0; w < 30; w++) {
      const date = new Date(Date.parse("2025-07-10T00:00:00Z") + w * 7 * 86_400_000).toISOString().slice(0, 10);
      more.push(nightShift(date, "22:00", "02:00"));
      night[date] = 4 * H;
    }
    const yearly = legalChecks(more, legalPolicyFor("France"), { nightSeconds: night }).filter((c) => c.code === "night_worker" && c.article === "Code du travail, art. L3122-23");
    expect(yearly.length).toBeGreaterThan(0);
  });

  it.each<{ name: string; days: LegalDay[]; night: Record<string, number>; codes: string[] }>([
    {
      name: "art. 224.º n.º 1: every day of the week with 3 h of night: a night worker; n.º 2: 9 h a day on average is over 8 h",
      // 22:00 to 07:00 the next morning, Lisbon time (UTC+0 in March before the 29th): 9 h, all of it night.
      days: ["2026-03-02", "2026-03-03"].map((d) => ({
        date: d,
        expectedSeconds: 8 * H,
        entries: [
          { time: Date.parse(`${d}T22:00:00Z`) / 1000, type: "START" },
          { time: Date.parse(`${d}T22:00:00Z`) / 1000 + 9 * H, type: "END" },
        ],
      })),
      night: { "2026-03-02": 9 * H, "2026-03-03": 9 * H },
      codes: ["night_worker:2026-03-02:Código do Trabalho, art. 224.º n.º 1", "night_worker_average_day_over_8h:2026-03-02:Código do Trabalho, art. 224.º n.º 2"],
    },
    {
      name: "art. 224.º n.º 1: one day of the week without night work: not a night worker",
      days: [pt("2026-03-02", 8 * H, ["22:00", "START"], ["02:00", "END"]), pt("2026-03-03", 8 * H, ["09:00", "START"], ["13:00", "END"])],
      night: { "2026-03-02": 4 * H },
      codes: [],
    },
  ])("$name", ({ days, night, codes }) => {
    expect(run(days, night, PORTUGAL_LEGAL)).toEqual(codes);
  });

  it("without the days' night seconds the night worker is not checked", () => {
    expect(legalChecks([nightShift("2026-03-02", "21:00", "06:00"), nightShift("2026-03-04", "21:00", "06:00")]).some((c) => c.code.startsWith("night_worker"))).toBe(false);
  });
});

describe("legalChecks: the weekly rest of 35 h within the calendar week (L3132-2, Cass. soc. 13/11/2025)", () => {
  const shift = (date: string, from: string, to: string) => day(date, [from, "START"], [to, "END"]);
  const run = (days: LegalDay[], today?: string) =>
    legalChecks(days, legalPolicyFor("France"), { zone: Z, ...(today ? { today } : {}) })
      .filter((c) => c.code === "weekly_rest_short")
      .map((c) => `${c.code}:${c.date}:${c.seconds / H}:${c.article}`);
  it.each([
    {
      name: "L3132-2: Monday to Friday 09:00-17:00: Friday 17:00 to Monday 00:00 is 55 h of rest",
      days: ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"].map((d) => shift(d, "09:00", "17:00")),
      codes: [],
    },
    {
      name: "L3132-2: Monday to Saturday 09:00-17:00 and Sunday 06:00-10:00: 16 h at most (the nights), under 35 h",
      days: [...["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07"].map((d) => shift(d, "09:00", "17:00")), shift("2026-03-08", "06:00", "10:00")],
      codes: ["weekly_rest_short:2026-03-02:16:Code du travail, art. L3132-2"],
    },
    {
      name: "L3132-2: Saturday 20:00 off to Monday: 28 h within the week, under 35 h",
      days: [...["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"].map((d) => shift(d, "09:00", "17:00")), shift("2026-03-07", "12:00", "20:00")],
      codes: ["weekly_rest_short:2026-03-02:28:Code du travail, art. L3132-2"],
    },
    {
      name: "L3132-2: the rest may fall early in the week: Monday and Tuesday morning off, then five days: 57 h from Monday 00:00",
      days: ["2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"].map((d) => shift(d, "09:00", "17:00")),
      codes: [],
    },
  ])("$name", ({ days, codes }) => {
    expect(run(days, "2026-03-20")).toEqual(codes);
  });

  it("a week not over yet is not judged: its rest may still come", () => {
    const days = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"].map((d) => shift(d, "09:00", "21:00"));
    expect(run([...days, shift("2026-03-07", "09:00", "20:00")], "2026-03-08")).toEqual([]);
  });
});
