import { describe, expect, it } from "vitest";
import { alsaceMoselleHolidays } from "./holidays";
import { computedHolidays, hasNationalCalendar, holidaysToAdd, offersAlsaceMoselle, proposalYears, proposeHolidays } from "./holiday-proposal";

describe("alsaceMoselleHolidays (Code du travail L3134-13)", () => {
  it.each([
    ["L3134-13: 26 December in every commune, 2026", 2026, false, [{ date: "2026-12-26", name: "Saint-Étienne" }]],
    [
      "L3134-13: Good Friday where the commune has a Protestant temple or a mixed church, 2026 (Easter 5 April)",
      2026,
      true,
      [
        { date: "2026-04-03", name: "Vendredi saint" },
        { date: "2026-12-26", name: "Saint-Étienne" },
      ],
    ],
    [
      "L3134-13: Good Friday of 2027 (Easter 28 March) falls in March",
      2027,
      true,
      [
        { date: "2027-03-26", name: "Vendredi saint" },
        { date: "2027-12-26", name: "Saint-Étienne" },
      ],
    ],
  ])("%s", (_name, year, goodFriday, expected) => {
    expect(alsaceMoselleHolidays(year, { goodFriday })).toEqual(expected);
  });
});

describe("computedHolidays", () => {
  it.each([
    ["France's 11 national holidays (Code du travail L3133-1)", "national", "France", 2027, 11],
    ["Portugal's 13 national holidays (Código do Trabalho art. 234)", "national", "Portugal", 2027, 13],
    ["a country Cadran has no calendar for gets none", "national", "Belgique", 2027, 0],
    ["Alsace-Moselle without Good Friday: one day", "alsace-moselle", "France", 2027, 1],
    ["Alsace-Moselle with Good Friday: two days", "alsace-moselle-good-friday", "France", 2027, 2],
  ] as const)("%s", (_name, calendar, country, year, count) => {
    expect(computedHolidays(calendar, country, year)).toHaveLength(count);
  });
});

describe("proposeHolidays", () => {
  const computed = [
    { date: "2027-01-01", name: "Jour de l'an" },
    { date: "2027-05-01", name: "Fête du Travail" },
    { date: "2027-12-25", name: "Noël" },
  ];
  it.each([
    ["nothing stored: every day is to add", [], ["add", "add", "add"], 3],
    ["a day already stored under the same name is not doubled", [{ date: "2027-05-01", name: "Fête du Travail" }], ["add", "present", "add"], 2],
    ["a day stored under another name is present, its name kept", [{ date: "2027-12-25", name: "Noël (fermeture)" }], ["add", "add", "present"], 2],
    ["everything stored: nothing to add (adding twice changes nothing)", computed, ["present", "present", "present"], 0],
  ])("%s", (_name, stored, statuses, toAdd) => {
    const proposal = proposeHolidays(computed, stored);
    expect(proposal.map((p) => p.status)).toEqual(statuses);
    expect(holidaysToAdd(proposal)).toHaveLength(toAdd);
  });

  it("names the stored name of a renamed day, and none when it is the same", () => {
    const proposal = proposeHolidays(computed, [
      { date: "2027-12-25", name: "Noël (fermeture)" },
      { date: "2027-01-01", name: "Jour de l'an" },
    ]);
    expect(proposal.map((p) => p.storedName)).toEqual([null, null, "Noël (fermeture)"]);
  });
});

describe("which calendars are offered", () => {
  it.each([
    ["France", true, true],
    [" portugal ", true, false],
    ["Belgique", false, false],
  ])("%s: national %s, Alsace-Moselle %s", (country, national, alsace) => {
    expect(hasNationalCalendar(country)).toBe(national);
    expect(offersAlsaceMoselle(country)).toBe(alsace);
  });

  it("offers last year to five years ahead", () => {
    expect(proposalYears(2026)).toEqual([2025, 2026, 2027, 2028, 2029, 2030, 2031]);
  });
});
