import { describe, expect, it } from "vitest";
import { CATCH_UP_PERIODS, JOB_ZONE, cronOccurrences, missedRuns, type CatchUpSchedule } from "./missed-runs";

const paris = (local: string) => new Date(`${local}${/T/.test(local) ? "" : "T00:00"}:00${offset(local)}`);
/** Paris offset of a local date (summer time from the last Sunday of March to the last Sunday of October). */
function offset(local: string) {
  const m = Number(local.slice(5, 7));
  return m >= 4 && m <= 10 ? "+02:00" : "+01:00";
}
const iso = (d: Date) => d.toISOString();

describe("cronOccurrences", () => {
  it.each<[string, string, string, string, string[]]>([
    ["monthly at 01:00, two months", "0 1 1 * *", "2026-04-15T00:00", "2026-06-02T00:00", ["2026-04-30T23:00:00.000Z", "2026-05-31T23:00:00.000Z"]],
    ["the bound is exclusive after, inclusive until", "0 1 1 * *", "2026-05-01T01:00", "2026-06-01T01:00", ["2026-05-31T23:00:00.000Z"]],
    ["yearly on 1 June at 00:00", "0 0 1 6 *", "2025-05-01T00:00", "2026-07-01T00:00", ["2025-05-31T22:00:00.000Z", "2026-05-31T22:00:00.000Z"]],
    ["a window longer than the lookback keeps its most recent part", "0 0 1 6 *", "2020-01-01T00:00", "2026-07-01T00:00", ["2025-05-31T22:00:00.000Z", "2026-05-31T22:00:00.000Z"]],
    ["nightly at 03:15 over two days (winter)", "15 3 * * *", "2026-11-22T12:00", "2026-11-24T12:00", ["2026-11-23T02:15:00.000Z", "2026-11-24T02:15:00.000Z"]],
    ["nightly across the start of summer time", "15 3 * * *", "2026-03-27T12:00", "2026-03-29T12:00", ["2026-03-28T02:15:00.000Z", "2026-03-29T01:15:00.000Z"]],
    ["an empty window", "0 1 1 * *", "2026-06-02T00:00", "2026-06-02T00:00", []],
    ["a reversed window", "0 1 1 * *", "2026-08-02T00:00", "2026-06-02T00:00", []],
  ])("%s", (_name, pattern, after, until, expected) => {
    expect(cronOccurrences(pattern, paris(after), paris(until), JOB_ZONE).map(iso)).toEqual(expected);
  });

  it("never walks more than the lookback, whatever the window", () => {
    // A duration, not a date: the monotonic clock.
    const start = performance.now();
    const out = cronOccurrences("0 1 1 * *", new Date("0001-01-01T00:00:00Z"), new Date("2026-06-02T00:00:00Z"), JOB_ZONE);
    expect(out.length).toBeLessThanOrEqual(15);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

const schedules: CatchUpSchedule[] = [
  { name: "leave.june-rollover", pattern: "0 0 1 6 *", zone: JOB_ZONE, ...CATCH_UP_PERIODS["leave.june-rollover"]! },
  { name: "leave.monthly-accrual", pattern: "0 1 1 * *", zone: JOB_ZONE, ...CATCH_UP_PERIODS["leave.monthly-accrual"]! },
  { name: "maintenance.cleanup", pattern: "15 3 * * *", zone: JOB_ZONE, ...CATCH_UP_PERIODS["maintenance.cleanup"]! },
];
const names = (runs: { name: string; key: string }[]) => runs.map((r) => `${r.name} ${r.key}`);

describe("missedRuns", () => {
  it.each<[string, string[], string, string[]]>([
    ["a new installation: nothing but the nightly cleanup", [], "2026-11-24T10:00", ["maintenance.cleanup cleanup:2026-11-24"]],
    ["up to date", ["accrual:2026-11", "rollover:2026", "cleanup:2026-11-24"], "2026-11-24T10:00", []],
    ["the demo seed's accrual key only: nothing of the leave chain", ["accrual:2026-11", "cleanup:2026-11-24"], "2026-11-24T10:00", []],
    ["before tonight's cleanup: yesterday's is the one due", ["cleanup:2026-11-23"], "2026-11-24T02:00", []],
    [
      "down from 28 May to 3 July: May's accrual was done; roll-over then June's and July's accruals, in order",
      ["rollover:2025", "accrual:2026-05", "cleanup:2026-07-03"],
      "2026-07-03T09:00",
      ["leave.june-rollover rollover:2026", "leave.monthly-accrual accrual:2026-06", "leave.monthly-accrual accrual:2026-07"],
    ],
    [
      "a catch-up that stopped after the roll-over resumes with the accruals",
      ["accrual:2026-05", "rollover:2026", "cleanup:2026-07-03"],
      "2026-07-03T09:00",
      ["leave.monthly-accrual accrual:2026-06", "leave.monthly-accrual accrual:2026-07"],
    ],
    [
      "a roll-over never recorded while later accruals ran is not replayed",
      ["accrual:2026-10", "accrual:2026-11", "cleanup:2026-11-24"],
      "2026-11-24T10:00",
      [],
    ],
    [
      "down on the night of the 1st: the accrual of the day and that night's cleanup",
      ["accrual:2026-11", "cleanup:2026-11-30"],
      "2026-12-01T09:00",
      ["leave.monthly-accrual accrual:2026-12", "maintenance.cleanup cleanup:2026-12-01"],
    ],
    ["two years down: at most the lookback", ["accrual:2024-01"], "2026-03-02T09:00", [
      "leave.monthly-accrual accrual:2025-02", "leave.monthly-accrual accrual:2025-03", "leave.monthly-accrual accrual:2025-04",
      "leave.monthly-accrual accrual:2025-05", "leave.june-rollover rollover:2025", "leave.monthly-accrual accrual:2025-06",
      "leave.monthly-accrual accrual:2025-07", "leave.monthly-accrual accrual:2025-08", "leave.monthly-accrual accrual:2025-09",
      "leave.monthly-accrual accrual:2025-10", "leave.monthly-accrual accrual:2025-11", "leave.monthly-accrual accrual:2025-12",
      "leave.monthly-accrual accrual:2026-01", "leave.monthly-accrual accrual:2026-02", "leave.monthly-accrual accrual:2026-03",
      "maintenance.cleanup cleanup:2026-03-02",
    ]],
    ["keys of other jobs are ignored", ["notif:12:2026-11-24:pre_lunch", "accrual:nonsense", "cleanup:2026-11-24"], "2026-11-24T10:00", []],
  ])("%s", (_name, keys, now, expected) => {
    expect(names(missedRuns(schedules, keys, paris(now)))).toEqual(expected);
  });

  it("gives each run the due moment it stands for", () => {
    const runs = missedRuns(schedules, ["accrual:2026-05", "cleanup:2026-07-03"], paris("2026-06-03T09:00"));
    expect(runs.map((r) => [r.name, iso(r.at)])).toEqual([
      ["leave.june-rollover", "2026-05-31T22:00:00.000Z"],
      ["leave.monthly-accrual", "2026-05-31T23:00:00.000Z"],
      ["maintenance.cleanup", "2026-06-03T01:15:00.000Z"],
    ]);
  });
});
