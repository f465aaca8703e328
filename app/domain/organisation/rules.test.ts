import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  canDelete,
  duplicateHolidayIndexes,
  isBlankHolidayRow,
  isKnownTimezone,
  sameName,
  sortByName,
  TIMEZONES,
  type SettingsKind,
  type SettingsUsage,
} from "./rules";

describe("TIMEZONES", () => {
  it.each(TIMEZONES.map((z) => [z]))("%s is a real IANA zone", (zone) => {
    expect(DateTime.fromISO("2026-03-29T12:00:00Z").setZone(zone).isValid).toBe(true);
  });

  it("starts with the default Europe/Paris and has no duplicates", () => {
    expect(TIMEZONES[0]).toBe("Europe/Paris");
    expect(new Set(TIMEZONES).size).toBe(TIMEZONES.length);
  });

  it.each([
    ["Europe/Paris", true],
    ["Europe/Lisbon", true],
    ["europe/paris", false],
    ["Mars/Olympus", false],
    ["", false],
    [null, false],
  ])("isKnownTimezone(%s) = %s", (value, expected) => {
    expect(isKnownTimezone(value)).toBe(expected);
  });
});

describe("sortByName", () => {
  it("orders the French way, accents beside their letter, numbers naturally", () => {
    const names = ["Finition", "Équipe B", "atelier", "Equipe A", "Zone 10", "Zone 2"].map((name, id) => ({ id, name }));
    expect(sortByName(names).map((n) => n.name)).toEqual(["atelier", "Equipe A", "Équipe B", "Finition", "Zone 2", "Zone 10"]);
  });

  it("breaks ties by id", () => {
    expect(sortByName([{ id: 2, name: "a" }, { id: 1, name: "A" }]).map((n) => n.id)).toEqual([1, 2]);
  });
});

describe("sameName", () => {
  it.each([
    ["France", "france", true],
    ["Équipe", "equipe ", true],
    ["France", "Francé", true],
    ["France", "Portugal", false],
  ])("%s vs %s -> %s", (a, b, expected) => {
    expect(sameName(a, b)).toBe(expected);
  });
});

describe("duplicateHolidayIndexes", () => {
  it.each([
    ["no rows", [], []],
    ["distinct dates", ["2026-07-14", "2026-08-15"], []],
    ["the second 14 July is the duplicate", ["2026-07-14", "2026-08-15", "2026-07-14"], [2]],
    ["three times the same day", ["2026-01-01", "2026-01-01", "2026-01-01"], [1, 2]],
    ["blank dates are not duplicates", ["", "", "2026-01-01"], []],
  ])("%s", (_name, dates, expected) => {
    expect(duplicateHolidayIndexes(dates.map((date) => ({ date })))).toEqual(expected);
  });
});

describe("isBlankHolidayRow", () => {
  it.each([
    [{ date: "", name: "" }, true],
    [{ date: undefined, name: "  " }, true],
    [{ date: "2026-07-14", name: "" }, false],
    [{ date: "", name: "Fête nationale" }, false],
  ])("%j -> %s", (row, expected) => {
    expect(isBlankHolidayRow(row)).toBe(expected);
  });
});

describe("canDelete", () => {
  it.each<[SettingsKind, SettingsUsage, boolean, string]>([
    ["country", {}, true, "an unused country"],
    ["country", { subsidiaries: 1 }, false, "a country with a subsidiary"],
    ["country", { employees: 3 }, false, "a country with employees"],
    ["subsidiary", { divisions: 0, teams: 0, employees: 0 }, true, "an empty subsidiary"],
    ["subsidiary", { divisions: 2 }, false, "a subsidiary with divisions"],
    ["subsidiary", { employees: 1 }, false, "a subsidiary with an (even archived) employee"],
    ["subsidiary", { teams: 1 }, false, "a subsidiary with a team"],
    ["division", { teams: 1 }, false, "a division with teams"],
    ["division", { employees: 1 }, false, "a division with employees"],
    ["division", {}, true, "an empty division"],
    ["team", { employees: 1 }, false, "a team with employees"],
    ["team", { employees: 0 }, true, "an empty team"],
  ])("%s %j -> %s (%s)", (kind, usage, expected) => {
    expect(canDelete(kind, usage)).toBe(expected);
  });
});
