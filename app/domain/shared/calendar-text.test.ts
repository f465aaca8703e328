import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { clockTime, formatFrDate, formatYmd, isCalendarDate, longFrDate, parseYmd } from "./calendar-text";

describe("isCalendarDate", () => {
  it.each([
    ["2026-03-29", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-02-30", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-3-1", false],
    ["20260329", false],
    ["2026-03-29T10:00", false],
    ["0001-01-01", true],
    ["9999-12-31", true],
    ["", false],
  ])("%s → %s", (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
    // The same answer as the luxon check it replaces.
    expect(/^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value, { zone: "utc" }).isValid).toBe(expected);
  });
});

describe("parseYmd, formatYmd, formatFrDate", () => {
  it.each([
    ["20260329", "2026-03-29", "29/03/2026"],
    ["2026-03-29", "2026-03-29", "29/03/2026"],
    ["20240229", "2024-02-29", "29/02/2024"],
  ])("%s", (input, day, fr) => {
    expect(parseYmd(input)).toBe(day);
    expect(formatFrDate(day)).toBe(fr);
    expect(formatYmd(day)).toBe(day.replace(/-/g, ""));
  });
  it.each(["20260230", "2026-02-30", "abc"])("%s is not a day", (input) => {
    expect(parseYmd(input)).toBeNull();
  });
  it("refuses to format what is not a day", () => {
    expect(() => formatFrDate("2026-02-30")).toThrow(RangeError);
    expect(() => formatYmd("29/03/2026")).toThrow(RangeError);
  });
});

describe("longFrDate", () => {
  it.each([
    ["2026-03-30", "Lundi 30 mars 2026"],
    ["2026-11-01", "Dimanche 1 novembre 2026"],
    ["2026-03-29", "Dimanche 29 mars 2026"],
    ["2026-10-25", "Dimanche 25 octobre 2026"],
  ])("%s → %s, as luxon wrote it", (day, text) => {
    expect(longFrDate(day)).toBe(text);
    const luxon = DateTime.fromISO(day, { zone: "utc" }).setLocale("fr").toFormat("cccc d LLLL yyyy");
    expect(longFrDate(day)).toBe(luxon.charAt(0).toUpperCase() + luxon.slice(1));
  });
});

describe("clockTime", () => {
  it.each([
    // Around the spring and autumn changes in Paris and Lisbon, and midnight.
    ["2026-03-29T00:59:00Z", "Europe/Paris", "01:59"],
    ["2026-03-29T01:00:00Z", "Europe/Paris", "03:00"],
    ["2026-10-25T00:30:00Z", "Europe/Paris", "02:30"],
    ["2026-10-25T01:30:00Z", "Europe/Paris", "02:30"],
    ["2026-03-29T01:00:00Z", "Europe/Lisbon", "02:00"],
    ["2026-11-24T23:00:00Z", "Europe/Paris", "00:00"],
    ["2026-11-24T08:05:00Z", "UTC", "08:05"],
  ])("%s in %s → %s, as luxon wrote it", (iso, zone, text) => {
    const instant = new Date(iso);
    expect(clockTime(instant, zone)).toBe(text);
    expect(clockTime(instant, zone)).toBe(DateTime.fromJSDate(instant, { zone }).toFormat("HH:mm"));
  });
});
