import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { frDate, fromBodyDate, fromCompact, toCompact, toUnixSeconds } from "./api-dates";

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toSeconds();

describe("fromCompact", () => {
  it.each([
    ["20261121", "2026-11-21"],
    ["20260101", "2026-01-01"],
    ["20261231", "2026-12-31"],
    ["20240229", "2024-02-29"],
    ["20260230", null],
    ["20260229", null],
    ["21000229", null],
    ["20000229", "2000-02-29"],
    ["20261301", null],
    ["20260001", null],
    ["20260100", null],
    ["20260431", null],
    ["2026112", null],
    ["202611211", null],
    ["2026-11-21", null],
    ["abcdefgh", null],
    [" 20261121", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("%j -> %j", (value, expected) => {
    expect(fromCompact(value)).toBe(expected);
  });
});

describe("toCompact", () => {
  it.each([
    ["2026-11-21", "20261121"],
    ["2024-02-29", "20240229"],
  ])("%s -> %s", (value, expected) => {
    expect(toCompact(value)).toBe(expected);
    expect(fromCompact(toCompact(value))).toBe(value);
  });
});

describe("fromBodyDate", () => {
  it.each([
    // what the spec's client sends: the day at midnight or noon in the user's zone, or at noon / midnight UTC
    ["midnight in Paris (winter)", at("2026-11-21T00:00", "Europe/Paris"), "2026-11-21"],
    ["midnight in Paris (summer)", at("2026-07-14T00:00", "Europe/Paris"), "2026-07-14"],
    ["midnight in Paris, DST day", at("2026-03-29T00:00", "Europe/Paris"), "2026-03-29"],
    ["noon in Paris (winter)", at("2026-11-21T12:00", "Europe/Paris"), "2026-11-21"],
    ["noon in Paris (summer)", at("2026-07-14T12:00", "Europe/Paris"), "2026-07-14"],
    ["midnight in Lisbon (summer)", at("2026-07-14T00:00", "Europe/Lisbon"), "2026-07-14"],
    ["noon in Lisbon (winter)", at("2026-11-21T12:00", "Europe/Lisbon"), "2026-11-21"],
    ["midnight UTC", at("2026-11-21T00:00", "UTC"), "2026-11-21"],
    ["noon UTC", at("2026-11-21T12:00", "UTC"), "2026-11-21"],
    ["noon UTC, 31 December", at("2026-12-31T12:00", "UTC"), "2026-12-31"],
    ["noon UTC, 29 February", at("2028-02-29T12:00", "UTC"), "2028-02-29"],
    ["midnight in Réunion (UTC+4)", at("2026-11-21T00:00", "Indian/Reunion"), "2026-11-21"],
    ["noon in Guadeloupe (UTC-4)", at("2026-11-21T12:00", "America/Guadeloupe"), "2026-11-21"],
    ["unix seconds as a string", String(at("2026-11-21T00:00", "Europe/Paris")), "2026-11-21"],
    ["YYYYMMDD as a string (the path form)", "20261121", "2026-11-21"],
    ["YYYY-MM-DD", "2026-11-21", "2026-11-21"],
    ["YYYY-MM-DD leap day", "2024-02-29", "2024-02-29"],
  ])("%s -> %s", (_name, value, expected) => {
    expect(fromBodyDate(value)).toBe(expected);
  });

  it("reads back what toUnixSeconds gives", () => {
    for (const day of ["2026-01-01", "2026-03-29", "2026-10-25", "2026-12-31", "2024-02-29"]) {
      expect(fromBodyDate(toUnixSeconds(day))).toBe(day);
    }
  });

  it.each([
    ["a non-existent day", "2026-02-30"],
    ["month 13", "2026-13-01"],
    ["short form", "2026-1-5"],
    ["French display form", "21/11/2026"],
    ["garbage", "demain"],
    ["empty string", ""],
    ["an ISO date-time", "2026-11-21T10:00:00Z"],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["beyond the Date range", 8.64e15],
    ["at the very edge of the Date range", 8.64e12],
    ["year 11476 (3e11 s): no YYYY-MM-DD day", 3e11],
    ["1e15 s", 1e15],
    ["-1e15 s", -1e15],
    ["1e308 s", 1e308],
    ["before year 1", -62_135_700_000],
    ["3e11 as a string", "300000000000"],
    ["a huge digit string", "9".repeat(400)],
    ["null", null],
    ["undefined", undefined],
    ["a boolean", true],
    ["an object", { date: "2026-11-21" }],
    ["an array", ["2026-11-21"]],
  ])("%s -> null", (_name, value) => {
    expect(fromBodyDate(value)).toBeNull();
  });
});

describe("toUnixSeconds", () => {
  it.each([
    ["1970-01-01", 0],
    ["2026-11-21", Date.UTC(2026, 10, 21) / 1000],
    ["2024-02-29", Date.UTC(2024, 1, 29) / 1000],
  ])("%s -> %i", (day, expected) => {
    expect(toUnixSeconds(day)).toBe(expected);
  });

  it.each([["21/11/2026"], [""], ["2026-11-21T00:00:00Z"]])("throws on %j", (value) => {
    expect(() => toUnixSeconds(value)).toThrow();
  });
});

describe("frDate", () => {
  it.each([
    ["2026-11-21", "21/11/2026"],
    ["2026-01-05", "05/01/2026"],
    ["2026-11-21T23:30:00.000Z", "21/11/2026"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    ["garbage", ""],
    ["20261121", ""],
  ])("%j -> %j", (value, expected) => {
    expect(frDate(value)).toBe(expected);
  });
});
