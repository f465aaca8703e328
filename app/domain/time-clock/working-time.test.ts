import { describe, expect, it } from "vitest";
import type { ClockType } from "./clock-type";
import {
  dayIsAnomaly,
  dayIsComplete,
  lastClockType,
  lunchSeconds,
  workingSeconds,
  type TimeLogEntry,
} from "./working-time";

/** An instant on 30 March 2026 (a plain UTC day: the arithmetic does not depend on zones). */
const at = (hhmmss: string): Date => new Date(`2026-03-30T${hhmmss.length === 5 ? `${hhmmss}:00` : hhmmss}Z`);
const day = (...entries: [string, ClockType][]): TimeLogEntry[] =>
  entries.map(([time, type]) => ({ time: at(time), type }));

describe("workingSeconds", () => {
  it.each<{ name: string; logs: TimeLogEntry[]; now?: Date; seconds: number }>([
    { name: "empty day", logs: [], seconds: 0 },
    { name: "empty day, even with now", logs: [], now: at("12:00"), seconds: 0 },
    { name: "start to end", logs: day(["08:00", "START"], ["16:00", "END"]), seconds: 8 * 3600 },
    {
      name: "ordinary day: pause and lunch are not worked",
      logs: day(
        ["08:00", "START"],
        ["10:00", "PAUSE"],
        ["10:15", "START"],
        ["12:00", "LUNCH"],
        ["13:00", "START"],
        ["17:00", "END"],
      ),
      seconds: 2 * 3600 + 105 * 60 + 4 * 3600,
    },
    { name: "open start without now counts nothing", logs: day(["08:00", "START"]), seconds: 0 },
    { name: "open start counts up to now", logs: day(["08:00", "START"]), now: at("09:30"), seconds: 5400 },
    {
      name: "now before the open start counts nothing",
      logs: day(["08:00", "START"]),
      now: at("07:00"),
      seconds: 0,
    },
    {
      name: "now is ignored once the day is ended",
      logs: day(["08:00", "START"], ["12:00", "END"]),
      now: at("18:00"),
      seconds: 4 * 3600,
    },
    {
      name: "on a pause: time since the pause is not counted",
      logs: day(["08:00", "START"], ["10:00", "PAUSE"]),
      now: at("10:20"),
      seconds: 2 * 3600,
    },
    {
      name: "entries given out of order are sorted",
      logs: day(["16:00", "END"], ["12:00", "LUNCH"], ["08:00", "START"], ["13:00", "START"]),
      seconds: 7 * 3600,
    },
    {
      name: "a duplicate start does not count twice",
      logs: day(["08:00", "START"], ["09:00", "START"], ["10:00", "END"]),
      seconds: 2 * 3600,
    },
    {
      name: "a stop without a start counts nothing",
      logs: day(["08:00", "PAUSE"], ["09:00", "START"], ["10:00", "END"]),
      seconds: 3600,
    },
    {
      name: "seconds add up before truncating",
      logs: day(["08:00:00", "START"], ["08:00:01.600", "PAUSE"], ["08:00:02", "START"], ["08:00:03.500", "END"]),
      seconds: 3, // 1.6 s + 1.5 s = 3.1 s; truncating each interval first would give 2
    },
    {
      name: "a zero-length interval counts nothing",
      logs: day(["08:00", "START"], ["08:00", "END"]),
      seconds: 0,
    },
  ])("$name", ({ logs, now, seconds }) => {
    expect(workingSeconds(logs, now)).toBe(seconds);
  });
});

describe("lunchSeconds", () => {
  it.each<{ name: string; logs: TimeLogEntry[]; now?: Date; seconds: number }>([
    { name: "no lunch", logs: day(["08:00", "START"], ["16:00", "END"]), seconds: 0 },
    {
      name: "lunch to the next start",
      logs: day(["08:00", "START"], ["12:00", "LUNCH"], ["12:45", "START"], ["17:00", "END"]),
      seconds: 45 * 60,
    },
    {
      name: "a pause is not lunch",
      logs: day(["08:00", "START"], ["10:00", "PAUSE"], ["10:15", "START"]),
      seconds: 0,
    },
    { name: "still at lunch, without now", logs: day(["08:00", "START"], ["12:00", "LUNCH"]), seconds: 0 },
    {
      name: "still at lunch, up to now",
      logs: day(["08:00", "START"], ["12:00", "LUNCH"]),
      now: at("12:20"),
      seconds: 20 * 60,
    },
    {
      name: "lunch closed by END is not guessed",
      logs: day(["08:00", "START"], ["12:00", "LUNCH"], ["13:00", "END"]),
      now: at("18:00"),
      seconds: 0,
    },
    {
      name: "two lunches add up",
      logs: day(["08:00", "START"], ["11:00", "LUNCH"], ["11:30", "START"], ["13:00", "LUNCH"], ["13:10", "START"]),
      seconds: 40 * 60,
    },
  ])("$name", ({ logs, now, seconds }) => {
    expect(lunchSeconds(logs, now)).toBe(seconds);
  });
});

describe("lastClockType, dayIsComplete and dayIsAnomaly", () => {
  it.each<{ name: string; logs: TimeLogEntry[]; last: ClockType | null; complete: boolean; anomaly: boolean }>([
    { name: "empty day", logs: [], last: null, complete: false, anomaly: false },
    { name: "started only", logs: day(["08:00", "START"]), last: "START", complete: false, anomaly: true },
    {
      name: "left at lunch",
      logs: day(["08:00", "START"], ["12:00", "LUNCH"]),
      last: "LUNCH",
      complete: false,
      anomaly: true,
    },
    {
      name: "ended",
      logs: day(["08:00", "START"], ["17:00", "END"]),
      last: "END",
      complete: true,
      anomaly: false,
    },
    {
      name: "END listed first but latest in time",
      logs: day(["17:00", "END"], ["08:00", "START"]),
      last: "END",
      complete: true,
      anomaly: false,
    },
  ])("$name", ({ logs, last, complete, anomaly }) => {
    expect(lastClockType(logs)).toBe(last);
    expect(dayIsComplete(logs)).toBe(complete);
    expect(dayIsAnomaly(logs)).toBe(anomaly);
  });
});
