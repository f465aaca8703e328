import { describe, expect, it } from "vitest";
import type { ClockType } from "~/domain/time-clock/clock-type";
import {
  dailyOvertime,
  overtimeClass,
  overtimeValidForDisplay,
  reportValue,
  weekCellHours,
  type OvertimeClass,
} from "./day";

describe("dailyOvertime", () => {
  it.each<{ name: string; worked: number; expected: number; anomaly?: boolean; overtime: number }>([
    { name: "an hour more than expected", worked: 8 * 3600, expected: 7 * 3600, overtime: 3600 },
    { name: "an hour less than expected", worked: 6 * 3600, expected: 7 * 3600, overtime: -3600 },
    { name: "exactly as expected", worked: 7 * 3600, expected: 7 * 3600, overtime: 0 },
    { name: "worked on a day with nothing expected", worked: 2 * 3600, expected: 0, overtime: 2 * 3600 },
    { name: "absent on a working day", worked: 0, expected: 7 * 3600, overtime: -7 * 3600 },
    { name: "day left without end counts zero", worked: 3 * 3600, expected: 7 * 3600, anomaly: true, overtime: 0 },
  ])("$name", ({ worked, expected, anomaly, overtime }) => {
    expect(dailyOvertime(worked, expected, { anomaly })).toBe(overtime);
  });
});

describe("overtimeClass", () => {
  it.each<{ name: string; seconds: number | null | undefined; threshold?: number; cls: OvertimeClass }>([
    { name: "no value", seconds: null, cls: "none" },
    { name: "undefined value", seconds: undefined, cls: "none" },
    { name: "not a number", seconds: Number.NaN, cls: "none" },
    { name: "zero", seconds: 0, cls: "none" },
    { name: "59 seconds over", seconds: 59, cls: "none" },
    { name: "59 seconds under", seconds: -59, cls: "none" },
    { name: "exactly a minute over", seconds: 60, cls: "overtime" },
    { name: "exactly a minute under", seconds: -60, cls: "undertime" },
    { name: "an hour over", seconds: 3600, cls: "overtime" },
    { name: "an hour under", seconds: -3600, cls: "undertime" },
    { name: "agency search: one second over counts", seconds: 1, threshold: 0, cls: "overtime" },
    { name: "agency search: one second under counts", seconds: -1, threshold: 0, cls: "undertime" },
    { name: "agency search: zero is still none", seconds: 0, threshold: 0, cls: "none" },
  ])("$name", ({ seconds, threshold, cls }) => {
    expect(overtimeClass(seconds, threshold)).toBe(cls);
  });
});

describe("overtimeValidForDisplay", () => {
  it.each<{ name: string; date: string; type: ClockType | null; valid: boolean }>([
    { name: "today, still at work", date: "2026-03-30", type: "START", valid: false },
    { name: "today, at lunch", date: "2026-03-30", type: "LUNCH", valid: false },
    { name: "today, nothing badged", date: "2026-03-30", type: null, valid: false },
    { name: "today, day ended", date: "2026-03-30", type: "END", valid: true },
    { name: "a past day left open", date: "2026-03-27", type: "START", valid: true },
    { name: "a past day ended", date: "2026-03-27", type: "END", valid: true },
    { name: "a past empty day", date: "2026-03-27", type: null, valid: true },
  ])("$name", ({ date, type, valid }) => {
    expect(overtimeValidForDisplay({ date, today: "2026-03-30", type })).toBe(valid);
  });
});

describe("reportValue", () => {
  it.each<{ name: string; seconds: number; kept: number }>([
    { name: "zero", seconds: 0, kept: 0 },
    { name: "just above the threshold", seconds: 61, kept: 61 },
    { name: "on the threshold", seconds: 60, kept: 0 },
    { name: "small positive", seconds: 30, kept: 0 },
    { name: "small negative", seconds: -30, kept: 0 },
    { name: "on the negative threshold", seconds: -60, kept: 0 },
    { name: "just below the negative threshold", seconds: -61, kept: -61 },
    { name: "a real undertime", seconds: -3600, kept: -3600 },
  ])("$name", ({ seconds, kept }) => {
    expect(reportValue(seconds)).toBe(kept);
  });
});

describe("weekCellHours", () => {
  it.each<{ name: string; seconds: number; hours: number | null }>([
    { name: "no overtime", seconds: 0, hours: null },
    { name: "half an hour rounds up to 1", seconds: 1800, hours: 1 },
    { name: "just under half an hour rounds to nothing", seconds: 1799, hours: null },
    { name: "an hour and a half rounds to 2", seconds: 5400, hours: 2 },
    { name: "two hours and a quarter", seconds: 8100, hours: 2 },
    { name: "undertime week is empty", seconds: -7200, hours: null },
    { name: "small undertime rounding to minus zero is empty", seconds: -1000, hours: null },
  ])("$name", ({ seconds, hours }) => {
    expect(weekCellHours(seconds)).toBe(hours);
  });
});
