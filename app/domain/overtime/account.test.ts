import { describe, expect, it } from "vitest";
import { dayCounts, isRunningWeek, weekTimeAccount, type AccountDay } from "./account";

const TODAY = "2026-11-26"; // a Thursday

describe("dayCounts (decision 0071: the running week counts the days up to today)", () => {
  it.each([
    { name: "a past day counts, ended or not", date: "2026-11-25", ended: false, counts: true },
    { name: "today still running does not count (spec 2: today's overtime shows once END)", date: TODAY, ended: false, counts: false },
    { name: "today once ended counts", date: TODAY, ended: true, counts: true },
    { name: "a future day never counts", date: "2026-11-27", ended: true, counts: false },
  ])("$name", ({ date, ended, counts }) => {
    expect(dayCounts(date, TODAY, ended)).toBe(counts);
  });
});

describe("isRunningWeek", () => {
  it.each([
    { name: "the week holding today is en cours", monday: "2026-11-23", running: true },
    { name: "the week before is finished", monday: "2026-11-16", running: false },
    { name: "a week to come is not running", monday: "2026-11-30", running: false },
  ])("$name", ({ monday, running }) => {
    expect(isRunningWeek(monday, TODAY)).toBe(running);
  });
});

describe("weekTimeAccount", () => {
  const day = (date: string, seconds: number, ended = true): AccountDay => ({ date, seconds, ended });
  it.each<{ name: string; days: AccountDay[]; deducted: number; seconds: number }>([
    { name: "a finished week: its days minus its deductions", days: [day("2026-11-16", 3600), day("2026-11-17", -600)], deducted: 1800, seconds: 1200 },
    {
      name: "the running week: today's day in progress is not a deficit",
      days: [day("2026-11-23", 600), day("2026-11-24", 300), day("2026-11-25", 0), day(TODAY, -25_200, false)],
      deducted: 0,
      seconds: 900,
    },
    { name: "the running week once today is ended", days: [day("2026-11-23", 600), day(TODAY, -300, true)], deducted: 0, seconds: 300 },
  ])("$name", ({ days, deducted, seconds }) => {
    expect(weekTimeAccount(days, deducted, TODAY)).toBe(seconds);
  });
});
