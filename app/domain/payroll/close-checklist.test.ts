import { describe, expect, it } from "vitest";
import { anomalyNotes, daysWithoutClock, type AnomalyNotesInput, type MissingClockInput } from "./close-checklist";
import type { ScheduleDay, WeekSchedule } from "~/domain/planning/expected-time";

const DAY: ScheduleDay = { morningStart: 540, morningEnd: 720, afternoonStart: 780, afternoonEnd: 1020 };
const OFF: ScheduleDay = { morningStart: null, morningEnd: null, afternoonStart: null, afternoonEnd: null };
const FULL: WeekSchedule = [DAY, DAY, DAY, DAY, DAY];
/** Part time, Wednesday off. */
const NO_WEDNESDAY: WeekSchedule = [DAY, DAY, OFF, DAY, DAY];
/** Week 2 of an alternating schedule: Friday off. */
const NO_FRIDAY: WeekSchedule = [DAY, DAY, DAY, DAY, OFF];

/** The week of Monday 2 to Sunday 8 November 2026 (ISO week 45, odd: week 1 of an alternating schedule). */
const base: MissingClockInput = {
  from: "2026-11-02",
  to: "2026-11-08",
  hiredAt: null,
  firedAt: null,
  weekType: "unique_week",
  weeks: [FULL],
  history: [],
  holidays: new Set(),
  leaves: [],
  clocked: new Set(),
};

describe("daysWithoutClock: the checklist's working days without any clock follow the employee's schedule (decision 0122)", () => {
  it.each<[string, Partial<MissingClockInput>, string[]]>([
    ["full time, nothing clocked: Monday to Friday", {}, ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]],
    ["clocked days are not missing", { clocked: new Set(["2026-11-02", "2026-11-03"]) }, ["2026-11-04", "2026-11-05", "2026-11-06"]],
    ["part time, Wednesday off: not a missing day", { weeks: [NO_WEDNESDAY] }, ["2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06"]],
    ["alternating weeks: week 45 is week 1 (full)", { weekType: "week_one_two", weeks: [FULL, NO_FRIDAY], to: "2026-11-15" }, [
      "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12",
    ]],
    ["a public holiday of the employee (11 November)", { holidays: new Set(["2026-11-11"]), from: "2026-11-09", to: "2026-11-15" }, ["2026-11-09", "2026-11-10", "2026-11-12", "2026-11-13"]],
    ["an accepted full-day leave", { leaves: [{ start: "2026-11-03", end: "2026-11-05", halfDayMorning: false, halfDayAfternoon: false }] }, ["2026-11-02", "2026-11-06"]],
    ["a half-day leave still expects the other half", { leaves: [{ start: "2026-11-03", end: "2026-11-03", halfDayMorning: true, halfDayAfternoon: false }] }, ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]],
    ["before the hiring and after the departure", { hiredAt: "2026-11-03", firedAt: "2026-11-05" }, ["2026-11-03", "2026-11-04", "2026-11-05"]],
    ["no schedule at all: nothing expected", { weeks: [] }, []],
    ["a former contract (Wednesday off) in force until Monday 9 November; the sheet full time after", {
      to: "2026-11-15",
      history: [{ until: "2026-11-09", weekType: "unique_week", weeks: [NO_WEDNESDAY] }],
    }, ["2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06", "2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13"]],
  ])("%s", (_, over, expected) => {
    expect(daysWithoutClock({ ...base, ...over })).toEqual(expected);
  });
});

describe("anomalyNotes: the checklist's anomalies read as the explained week says them, each with its article (decision 0138)", () => {
  const NOV: Pick<AnomalyNotesInput, "from" | "to"> = { from: "2026-11-01", to: "2026-11-30" };
  const none: AnomalyNotesInput = { ...NOV, weeks: [], daysWithoutEnd: [], checks: [] };
  const noBreak = { code: "no_break" as const, date: "2026-11-05", seconds: 7 * 3600, article: "Code du travail, art. L3121-16", source: "FR.L3121-16" as const };
  it.each<[string, Partial<AnomalyNotesInput>, { monday: string; text: string; articles: string[] }[]]>([
    ["nothing: no note", {}, []],
    [
      "a legal check: its sentence without the article's words, the article as its source",
      { checks: [noBreak] },
      [{ monday: "2026-11-02", text: "Le 05/11/2026 : 7 h 00 de travail sans pause de 20 minutes, dès 6 h.", articles: ["Code du travail, art. L3121-16"] }],
    ],
    [
      "a check without a known source keeps its article in words",
      { checks: [{ ...noBreak, source: undefined, article: "Accord d'entreprise" }] },
      [{ monday: "2026-11-02", text: "Le 05/11/2026 : 7 h 00 de travail sans pause de 20 minutes, dès 6 h. (Accord d'entreprise)", articles: [] }],
    ],
    [
      "a check outside the month is not the month's",
      { checks: [{ ...noBreak, date: "2026-12-01" }] },
      [],
    ],
    [
      "the heures complémentaires beyond the tenth: L3123-28",
      { weeks: [{ monday: "2026-11-09", mode: "weekly", anomalies: [{ code: "complementary_cap", seconds: 4320, capDivisor: 10 }] }] },
      [{ monday: "2026-11-09", text: "Heures complémentaires au-delà du dixième (1/10, plafond légal à défaut d'accord) du contrat : 1 h 12.", articles: ["Code du travail, art. L3123-28"] }],
    ],
    [
      "Portugal's annual limit (daily mode) names art. 228.º, with the quota of the week",
      {
        weeks: [
          { monday: "2026-11-16", mode: "daily", anomalies: [{ code: "quota_exceeded", seconds: 3600 }], quota: { limitSeconds: 150 * 3600, afterSeconds: 151 * 3600, warning: true } },
        ],
      },
      [{ monday: "2026-11-16", text: "Contingent annuel dépassé : 1 h 00 au-delà de 150 h.", articles: ["Código do Trabalho, art. 228.º n.º 1 a) e b)"] }],
    ],
    [
      "a straddling week: its dated anomaly of December is not November's, its undated one goes by Thursday (3 December)",
      { weeks: [{ monday: "2026-11-30", mode: "weekly", anomalies: [{ code: "day_over_10h", date: "2026-12-01", seconds: 11 * 3600 }, { code: "week_over_48h", seconds: 50 * 3600 }] }] },
      [],
    ],
    [
      "a day without end said once, stored in its week or not",
      {
        weeks: [{ monday: "2026-11-02", mode: "weekly", anomalies: [{ code: "day_without_end", date: "2026-11-03" }] }],
        daysWithoutEnd: ["2026-11-03", "2026-11-24"],
      },
      [
        { monday: "2026-11-02", text: "Journée sans fin de pointage le 03/11/2026 : comptée 0 h jusqu'à correction.", articles: [] },
        { monday: "2026-11-23", text: "Journée sans fin de pointage le 24/11/2026 : comptée 0 h jusqu'à correction.", articles: [] },
      ],
    ],
    [
      "the engine's 10 h day is not repeated when the legal check says it (L3121-18, linked once)",
      {
        weeks: [{ monday: "2026-11-02", mode: "weekly", anomalies: [{ code: "day_over_10h", date: "2026-11-04", seconds: 11 * 3600 }] }],
        checks: [{ code: "day_over_10h", date: "2026-11-04", seconds: 11 * 3600, article: "Code du travail, art. L3121-18", source: "FR.L3121-18" }],
      },
      [{ monday: "2026-11-02", text: "Le 04/11/2026 : 11 h 00 travaillées, plus de 10 h dans la journée.", articles: ["Code du travail, art. L3121-18"] }],
    ],
  ])("%s", (_name, input, expected) => {
    const notes = anomalyNotes({ ...none, ...input });
    expect(notes.map((n) => ({ monday: n.monday, text: n.text, articles: n.sources.map((s) => s.article) }))).toEqual(expected);
    for (const n of notes) for (const s of n.sources) expect(s.url).toMatch(/^https:\/\/(www\.legifrance\.gouv\.fr|dre\.pt|diariodarepublica\.pt)\//);
  });
});
