import { describe, expect, it } from "vitest";
import { easterSunday, frenchHolidays, holidaysForCountry, portugueseHolidays } from "./holidays";

describe("easterSunday", () => {
  it.each([
    [1818, "1818-03-22"], // earliest possible date
    [2000, "2000-04-23"],
    [2011, "2011-04-24"],
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2028, "2028-04-16"],
    [2038, "2038-04-25"], // latest possible date
    [2285, "2285-03-22"],
  ])("%i -> %s", (year, expected) => {
    expect(easterSunday(year)).toBe(expected);
  });

  it("refuses a year outside the Gregorian calendar", () => {
    expect(() => easterSunday(1500)).toThrow(RangeError);
    expect(() => easterSunday(2026.5)).toThrow(RangeError);
  });
});

describe("frenchHolidays", () => {
  it("lists the 11 holidays of 2026 in order, with their French names", () => {
    expect(frenchHolidays(2026)).toEqual([
      { date: "2026-01-01", name: "Jour de l'an" },
      { date: "2026-04-06", name: "Lundi de Pâques" },
      { date: "2026-05-01", name: "Fête du Travail" },
      { date: "2026-05-08", name: "Victoire 1945" },
      { date: "2026-05-14", name: "Ascension" },
      { date: "2026-05-25", name: "Lundi de Pentecôte" },
      { date: "2026-07-14", name: "Fête nationale" },
      { date: "2026-08-15", name: "Assomption" },
      { date: "2026-11-01", name: "Toussaint" },
      { date: "2026-11-11", name: "Armistice 1918" },
      { date: "2026-12-25", name: "Noël" },
    ]);
  });

  it.each([
    // year, Easter Monday, Ascension, Whit Monday
    [2024, "2024-04-01", "2024-05-09", "2024-05-20"],
    [2025, "2025-04-21", "2025-05-29", "2025-06-09"],
    [2026, "2026-04-06", "2026-05-14", "2026-05-25"],
    [2027, "2027-03-29", "2027-05-06", "2027-05-17"],
    [2028, "2028-04-17", "2028-05-25", "2028-06-05"],
  ])("%i: Easter Monday %s, Ascension %s, Whit Monday %s", (year, monday, ascension, pentecost) => {
    const byName = new Map(frenchHolidays(year).map((h) => [h.name, h.date]));
    expect(byName.get("Lundi de Pâques")).toBe(monday);
    expect(byName.get("Ascension")).toBe(ascension);
    expect(byName.get("Lundi de Pentecôte")).toBe(pentecost);
  });

  it.each([2024, 2025, 2026, 2027, 2038])("%i: 11 distinct days, sorted, all in the year", (year) => {
    const list = frenchHolidays(year);
    expect(list).toHaveLength(11);
    expect(new Set(list.map((h) => h.date)).size).toBe(11);
    expect(list.map((h) => h.date)).toEqual([...list.map((h) => h.date)].sort());
    for (const h of list) expect(h.date.startsWith(`${year}-`)).toBe(true);
  });
});

describe("portugueseHolidays", () => {
  it("lists the 13 national holidays of 2026 in order", () => {
    expect(portugueseHolidays(2026)).toEqual([
      { date: "2026-01-01", name: "Jour de l'an" },
      { date: "2026-04-03", name: "Vendredi saint" },
      { date: "2026-04-05", name: "Pâques" },
      { date: "2026-04-25", name: "Jour de la Liberté" },
      { date: "2026-05-01", name: "Fête du Travail" },
      { date: "2026-06-04", name: "Fête-Dieu" },
      { date: "2026-06-10", name: "Jour du Portugal" },
      { date: "2026-08-15", name: "Assomption" },
      { date: "2026-10-05", name: "Proclamation de la République" },
      { date: "2026-11-01", name: "Toussaint" },
      { date: "2026-12-01", name: "Restauration de l'indépendance" },
      { date: "2026-12-08", name: "Immaculée Conception" },
      { date: "2026-12-25", name: "Noël" },
    ]);
  });

  it.each([
    // year, Good Friday, Easter, Corpus Christi
    [2025, "2025-04-18", "2025-04-20", "2025-06-19"],
    [2027, "2027-03-26", "2027-03-28", "2027-05-27"],
    [2028, "2028-04-14", "2028-04-16", "2028-06-15"],
  ])("%i: Good Friday %s, Easter %s, Corpus Christi %s", (year, friday, easter, corpus) => {
    const byName = new Map(portugueseHolidays(year).map((h) => [h.name, h.date]));
    expect(byName.get("Vendredi saint")).toBe(friday);
    expect(byName.get("Pâques")).toBe(easter);
    expect(byName.get("Fête-Dieu")).toBe(corpus);
  });

  it.each([
    [2012, 13],
    [2013, 9],
    [2015, 9],
    [2016, 13],
  ])("%i has %i national holidays (four suspended from 2013 to 2015)", (year, count) => {
    const list = portugueseHolidays(year);
    expect(list).toHaveLength(count);
    expect(list.map((h) => h.date)).toEqual([...list.map((h) => h.date)].sort());
  });
});

describe("holidaysForCountry", () => {
  it.each([
    ["France", 11],
    ["portugal", 13],
    ["Belgique", 0],
  ])("%s -> %i holidays in 2026", (country, count) => {
    expect(holidaysForCountry(country, 2026)).toHaveLength(count);
  });
});
