import { describe, expect, it } from "vitest";
import {
  changedEnd,
  clampHistoryRange,
  clampRange,
  defaultOvertimeRange,
  defaultPlanningRange,
  formatFrDate,
  formatYmd,
  isInRange,
  parseYmd,
  PERIOD_SPAN,
  sixMonthPeriod,
  type DateRange,
  type PeriodFilterFields,
  type SixMonthPeriod,
  type RangeAnchor,
} from "./date-range";

describe("clampHistoryRange (2 weeks)", () => {
  it.each<{ name: string; from: string; to: string; anchor?: RangeAnchor; range: DateRange }>([
    {
      name: "within 2 weeks: unchanged",
      from: "2026-03-01",
      to: "2026-03-10",
      range: { from: "2026-03-01", to: "2026-03-10" },
    },
    {
      name: "exactly 14 days: unchanged",
      from: "2026-03-01",
      to: "2026-03-15",
      range: { from: "2026-03-01", to: "2026-03-15" },
    },
    {
      name: "same day: unchanged",
      from: "2026-03-01",
      to: "2026-03-01",
      range: { from: "2026-03-01", to: "2026-03-01" },
    },
    {
      name: "server, 15 days: end pulled back keeping from",
      from: "2026-03-01",
      to: "2026-03-16",
      range: { from: "2026-03-01", to: "2026-03-15" },
    },
    {
      name: "start changed far back: end follows to start + 2 weeks",
      from: "2026-01-01",
      to: "2026-03-15",
      anchor: "from",
      range: { from: "2026-01-01", to: "2026-01-15" },
    },
    {
      name: "end changed far ahead: start follows to end - 2 weeks",
      from: "2026-03-01",
      to: "2026-03-31",
      anchor: "to",
      range: { from: "2026-03-17", to: "2026-03-31" },
    },
    {
      name: "start moved after the end: end moves to start + 2 weeks",
      from: "2026-03-20",
      to: "2026-03-10",
      anchor: "from",
      range: { from: "2026-03-20", to: "2026-04-03" },
    },
    {
      name: "end moved before the start: start moves to end - 2 weeks",
      from: "2026-03-20",
      to: "2026-03-10",
      anchor: "to",
      range: { from: "2026-02-24", to: "2026-03-10" },
    },
    {
      name: "across the spring DST change, still whole days",
      from: "2026-03-20",
      to: "2026-04-30",
      range: { from: "2026-03-20", to: "2026-04-03" },
    },
    {
      name: "across a leap day",
      from: "2028-02-20",
      to: "2028-03-31",
      range: { from: "2028-02-20", to: "2028-03-05" },
    },
  ])("$name", ({ from, to, anchor, range }) => {
    expect(clampHistoryRange(from, to, anchor)).toEqual(range);
  });
});

describe("clampRange (6 months and other spans)", () => {
  it.each<{ name: string; from: string; to: string; anchor: RangeAnchor; range: DateRange }>([
    {
      name: "exactly 6 months: unchanged",
      from: "2026-01-10",
      to: "2026-07-10",
      anchor: "from",
      range: { from: "2026-01-10", to: "2026-07-10" },
    },
    {
      name: "a day over 6 months, start kept",
      from: "2026-01-10",
      to: "2026-07-11",
      anchor: "from",
      range: { from: "2026-01-10", to: "2026-07-10" },
    },
    {
      name: "a day over 6 months, end kept",
      from: "2026-01-09",
      to: "2026-07-10",
      anchor: "to",
      range: { from: "2026-01-10", to: "2026-07-10" },
    },
    {
      name: "31 August + 6 months clips to 28 February",
      from: "2026-08-31",
      to: "2027-12-31",
      anchor: "from",
      range: { from: "2026-08-31", to: "2027-02-28" },
    },
    {
      name: "31 August - 6 months clips to 28 February",
      from: "2025-01-01",
      to: "2026-08-31",
      anchor: "to",
      range: { from: "2026-02-28", to: "2026-08-31" },
    },
    {
      name: "into a leap February",
      from: "2027-08-31",
      to: "2028-12-31",
      anchor: "from",
      range: { from: "2027-08-31", to: "2028-02-29" },
    },
  ])("$name", ({ from, to, anchor, range }) => {
    expect(clampRange(from, to, PERIOD_SPAN, anchor)).toEqual(range);
  });

  it("months and days add up", () => {
    expect(clampRange("2026-01-31", "2026-12-31", { months: 1, days: 1 }, "from")).toEqual({
      from: "2026-01-31",
      to: "2026-03-01",
    });
  });

  it("refuses a day that does not exist", () => {
    expect(() => clampRange("2026-02-30", "2026-03-01", PERIOD_SPAN, "from")).toThrow(RangeError);
  });
});

describe("default periods", () => {
  it.each<{ name: string; today: string; range: DateRange }>([
    { name: "overtime: 3 months back", today: "2026-03-30", range: { from: "2025-12-30", to: "2026-03-30" } },
    { name: "overtime: end of May clips to end of February", today: "2026-05-31", range: { from: "2026-02-28", to: "2026-05-31" } },
  ])("$name", ({ today, range }) => {
    expect(defaultOvertimeRange(today)).toEqual(range);
  });

  it.each<{ name: string; today: string; range: DateRange }>([
    { name: "planning: a week back, 3 months ahead", today: "2026-03-30", range: { from: "2026-03-23", to: "2026-06-30" } },
    { name: "planning: across New Year", today: "2026-12-03", range: { from: "2026-11-26", to: "2027-03-03" } },
  ])("$name", ({ today, range }) => {
    expect(defaultPlanningRange(today)).toEqual(range);
  });
});

describe("parseYmd", () => {
  it.each<{ name: string; value: string; date: string | null }>([
    { name: "API path form", value: "20260329", date: "2026-03-29" },
    { name: "form and body form", value: "2026-03-29", date: "2026-03-29" },
    { name: "leap day", value: "20280229", date: "2028-02-29" },
    { name: "29 February of a common year", value: "20260229", date: null },
    { name: "30 February", value: "2026-02-30", date: null },
    { name: "month 13", value: "20261301", date: null },
    { name: "French display form", value: "29/03/2026", date: null },
    { name: "with a time", value: "2026-03-29T10:00", date: null },
    { name: "too short", value: "2026329", date: null },
    { name: "ISO week date", value: "2026-W13-7", date: null },
    { name: "empty", value: "", date: null },
  ])("$name", ({ value, date }) => {
    expect(parseYmd(value)).toBe(date);
  });
});

describe("formatYmd and formatFrDate", () => {
  it.each<{ name: string; date: string; ymd: string; fr: string }>([
    { name: "an ordinary day", date: "2026-03-29", ymd: "20260329", fr: "29/03/2026" },
    { name: "single digits are padded", date: "2026-01-05", ymd: "20260105", fr: "05/01/2026" },
    { name: "leap day", date: "2028-02-29", ymd: "20280229", fr: "29/02/2028" },
  ])("$name", ({ date, ymd, fr }) => {
    expect(formatYmd(date)).toBe(ymd);
    expect(formatFrDate(date)).toBe(fr);
    expect(parseYmd(formatYmd(date))).toBe(date);
  });

  it("refuses a day that does not exist", () => {
    expect(() => formatFrDate("2026-02-30")).toThrow(RangeError);
  });
});

describe("isInRange", () => {
  const range = { from: "2026-03-01", to: "2026-03-15" };
  it.each<{ name: string; date: string; inside: boolean }>([
    { name: "first day", date: "2026-03-01", inside: true },
    { name: "last day", date: "2026-03-15", inside: true },
    { name: "day before", date: "2026-02-28", inside: false },
    { name: "day after", date: "2026-03-16", inside: false },
  ])("$name", ({ date, inside }) => {
    expect(isInRange(date, range)).toBe(inside);
  });
});

describe("the six-month rule of every period filter (spec 2 §5, decision 0087)", () => {
  const shown = { shownFrom: "2026-01-10", shownTo: "2026-04-10" };
  it.each<[string, PeriodFilterFields, RangeAnchor]>([
    ["without JavaScript, only the end differs from the period shown", { from: "2026-01-10", to: "2026-12-31", ...shown }, "to"],
    ["without JavaScript, only the start differs", { from: "2025-06-01", to: "2026-04-10", ...shown }, "from"],
    ["without JavaScript, both differ: the start is kept", { from: "2025-06-01", to: "2026-12-31", ...shown }, "from"],
    ["nothing differs (a pager link)", { from: "2026-01-10", to: "2026-04-10", ...shown }, "from"],
    ["a typed URL without the period shown", { from: "2026-01-10", to: "2026-12-31" }, "from"],
    ["the script says the end was edited last", { from: "2025-06-01", to: "2026-12-31", ...shown, changed: "to" }, "to"],
    ["the script says the start", { from: "2026-01-10", to: "2026-12-31", ...shown, changed: "from" }, "from"],
    ["an unknown word from the script is ignored", { from: "2026-01-10", to: "2026-12-31", ...shown, changed: "x" }, "to"],
  ])("changedEnd: %s", (_name, fields, expected) => {
    expect(changedEnd(fields)).toBe(expected);
  });

  it.each<[string, string, string, RangeAnchor, SixMonthPeriod]>([
    ["start changed beyond the span: the end moves to start + 6 months", "2026-01-10", "2026-09-01", "from", { from: "2026-01-10", to: "2026-07-10", moved: "to" }],
    ["end changed beyond the span: the start moves to end - 6 months", "2026-01-10", "2026-09-01", "to", { from: "2026-03-01", to: "2026-09-01", moved: "from" }],
    ["exactly 6 months: nothing moves", "2026-01-10", "2026-07-10", "from", { from: "2026-01-10", to: "2026-07-10", moved: null }],
    ["a short period: nothing moves", "2026-01-10", "2026-03-01", "to", { from: "2026-01-10", to: "2026-03-01", moved: null }],
    ["31 August + 6 months is the last day of February", "2025-08-31", "2026-12-31", "from", { from: "2025-08-31", to: "2026-02-28", moved: "to" }],
    ["a start moved after the end: the end follows", "2026-05-01", "2026-03-01", "from", { from: "2026-05-01", to: "2026-11-01", moved: "to" }],
    ["an end moved before the start: the start follows", "2026-05-01", "2026-03-01", "to", { from: "2025-09-01", to: "2026-03-01", moved: "from" }],
  ])("sixMonthPeriod: %s", (_name, from, to, changed, expected) => {
    expect(sixMonthPeriod(from, to, changed)).toEqual(expected);
  });
});
