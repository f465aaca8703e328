import { describe, expect, it } from "vitest";
import { compareEmployees, displayName } from "./name";

describe("displayName", () => {
  it.each([
    ["simple", "camille", "dupont", "Camille DUPONT"],
    ["each word capitalised", "marie claire", "durand", "Marie Claire DURAND"],
    ["hyphenated first name", "jean-pierre", "martin", "Jean-Pierre MARTIN"],
    ["shouting first name is lowered first", "JEAN", "petit", "Jean PETIT"],
    ["accents kept and upper-cased", "élodie", "lefèvre", "Élodie LEFÈVRE"],
    ["spaces trimmed", "  anne ", " roux ", "Anne ROUX"],
    ["composed last name", "luc", "de la fontaine", "Luc DE LA FONTAINE"],
    ["no first name", "", "dupont", "DUPONT"],
    ["nothing at all", null, undefined, ""],
  ])("%s: %s %s -> %s", (_name, first, last, expected) => {
    expect(displayName(first, last)).toBe(expected);
  });
});

describe("compareEmployees", () => {
  const sorted = (list: { firstname: string; lastname: string }[]) =>
    [...list].sort(compareEmployees).map((e) => `${e.lastname} ${e.firstname}`);

  it.each([
    [
      "by last name first",
      [
        { firstname: "a", lastname: "Martin" },
        { firstname: "z", lastname: "Dupont" },
      ],
      ["Dupont z", "Martin a"],
    ],
    [
      "then by first name",
      [
        { firstname: "Paul", lastname: "Dupont" },
        { firstname: "Anne", lastname: "Dupont" },
      ],
      ["Dupont Anne", "Dupont Paul"],
    ],
    [
      "accents and case ignored (É sorts with E)",
      [
        { firstname: "x", lastname: "Fabre" },
        { firstname: "x", lastname: "Émile" },
        { firstname: "x", lastname: "dupont" },
      ],
      ["dupont x", "Émile x", "Fabre x"],
    ],
  ])("%s", (_name, list, expected) => {
    expect(sorted(list)).toEqual(expected);
  });

  it("equal names compare as 0", () => {
    expect(compareEmployees({ firstname: "anne", lastname: "ROUX" }, { firstname: "Anne", lastname: "roux" })).toBe(0);
  });
});
