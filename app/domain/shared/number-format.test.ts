import { describe, expect, it } from "vitest";
import {
  decimalFormValue,
  formatClock,
  formatDays,
  formatDecimal,
  formatDecimalHours,
  formatDecimalInput,
  formatEuros,
  formatHoursMinutes,
  formatPercent,
  formatSignedHHhmm,
  parseDecimal,
} from "./number-format";

/** The tables write spaces as " "; the formatters use non-breaking ones. */
const plain = (s: string) => s.replace(/\u00a0/g, " ");

describe("formatDecimal (French comma)", () => {
  it.each<[string, number | null, string]>([
    ["whole number", 37, "37"],
    ["one decimal", 37.5, "37,5"],
    ["two decimals", 2.08, "2,08"],
    ["rounded to two decimals", 71.356, "71,36"],
    ["trailing zeros dropped", 162.5, "162,5"],
    ["thousands grouped", 1234.5, "1 234,5"],
    ["millions", 1234567, "1 234 567"],
    ["negative", -0.5, "-0,5"],
    ["negative rounding to zero has no sign", -0.001, "0"],
    ["zero", 0, "0"],
    ["nothing", null, ""],
  ])("%s", (_name, value, text) => {
    expect(plain(formatDecimal(value))).toBe(text);
  });

  it("inputs get no grouping, so they read back", () => {
    expect(formatDecimalInput(1234.5)).toBe("1234,5");
    expect(parseDecimal(formatDecimalInput(1234.5))).toBe(1234.5);
  });
});

describe("parseDecimal (comma or point)", () => {
  it.each<[string, string, number | null]>([
    ["comma", "37,5", 37.5],
    ["point", "37.5", 37.5],
    ["whole", "35", 35],
    ["spaces around", " 7,25 ", 7.25],
    ["grouped thousands", "1 234,5", 1234.5],
    ["negative", "-2,5", -2.5],
    ["leading comma", ",5", 0.5],
    ["blank", "  ", null],
    ["two separators", "3,5,1", null],
    ["letters", "12a", null],
  ])("%s: %j", (_name, text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it.each<[unknown, unknown]>([
    ["37,5", "37.5"],
    ["abc", "abc"],
    [12, 12],
    [undefined, undefined],
  ])("decimalFormValue(%j) is %j", (value, out) => {
    expect(decimalFormValue(value)).toBe(out);
  });
});

describe("units", () => {
  it.each<[string, string, string]>([
    ["days", formatDays(22.5), "22,5 jour(s)"],
    ["half a day", formatDays(0.5), "0,5 jour(s)"],
    ["decimal hours", formatDecimalHours(151.67), "151,67 h"],
    ["percent", formatPercent(41), "41 %"],
    ["euros", formatEuros(29500), "29 500,00 €"],
    ["euro cents", formatEuros(18.5), "18,50 €"],
  ])("%s", (_name, text, expected) => {
    expect(plain(text)).toBe(expected);
  });
});

describe("formatHoursMinutes (H h mm)", () => {
  it.each<{ name: string; seconds: number; text: string }>([
    { name: "nothing", seconds: 0, text: "0 h 00" },
    { name: "minutes padded, hours not", seconds: 7 * 3600 + 5 * 60, text: "7 h 05" },
    { name: "seconds are truncated, not rounded", seconds: 7 * 3600 + 5 * 60 + 59, text: "7 h 05" },
    { name: "under a minute", seconds: 59, text: "0 h 00" },
    { name: "more than a day", seconds: 26 * 3600 + 30 * 60, text: "26 h 30" },
    { name: "negative", seconds: -(45 * 60), text: "-0 h 45" },
    { name: "negative under a minute has no sign", seconds: -30, text: "0 h 00" },
  ])("$name", ({ seconds, text }) => {
    expect(formatHoursMinutes(seconds)).toBe(text);
  });
});

describe("formatSignedHHhmm (±HHhmm)", () => {
  it.each<{ name: string; seconds: number; text: string }>([
    { name: "overtime", seconds: 5400, text: "+01h30" },
    { name: "undertime", seconds: -2700, text: "-00h45" },
    { name: "zero has no sign", seconds: 0, text: "00h00" },
    { name: "positive under a minute", seconds: 59, text: "00h00" },
    { name: "negative under a minute", seconds: -59, text: "00h00" },
    { name: "exactly one minute late", seconds: -60, text: "-00h01" },
    { name: "seconds truncated toward zero", seconds: -(3600 + 119), text: "-01h01" },
    { name: "three-digit hours are not cut", seconds: 100 * 3600, text: "+100h00" },
  ])("$name", ({ seconds, text }) => {
    expect(formatSignedHHhmm(seconds)).toBe(text);
  });
});

describe("formatClock (HH:MM)", () => {
  it.each<{ name: string; seconds: number; text: string }>([
    { name: "midnight or an empty total", seconds: 0, text: "00:00" },
    { name: "a time of day", seconds: 12 * 3600 + 30 * 60, text: "12:30" },
    { name: "a 7 h 30 day total", seconds: 27_000, text: "07:30" },
    { name: "seconds truncated", seconds: 59, text: "00:00" },
    { name: "a whole day", seconds: 86_400, text: "24:00" },
    { name: "negative", seconds: -5400, text: "-01:30" },
  ])("$name", ({ seconds, text }) => {
    expect(formatClock(seconds)).toBe(text);
  });
});
