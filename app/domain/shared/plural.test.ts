import { describe, expect, it } from "vitest";
import { t } from "~/i18n/fr";
import { plural, pluralise } from "./plural";

describe("French plurals (issue 41): 0 and 1 singular, 2 and more plural", () => {
  it.each([
    [0, "jour"],
    [1, "jour"],
    [1.5, "jour"],
    [-1, "jour"],
    [2, "jours"],
    [12, "jours"],
    [-3, "jours"],
  ])("%s → %s", (n, expected) => {
    expect(plural(n, "jour", "jours")).toBe(expected);
  });

  it("resolves the inline forms of a message by its parameter, numbers written the French way too", () => {
    expect(pluralise("{n} {n:demande|demandes} à traiter", { n: 1 })).toBe("{n} demande à traiter");
    expect(pluralise("{n} {n:demande|demandes} à traiter", { n: "1 234" })).toBe("{n} demandes à traiter");
    expect(pluralise("{x:a|b}", {})).toBe("{x:a|b}");
  });

  it.each([
    ["holidays.added", { count: 1, name: "France", year: 2027 }, "1 jour férié ajouté pour France (2027)."],
    ["holidays.added", { count: 11, name: "France", year: 2027 }, "11 jours fériés ajoutés pour France (2027)."],
    ["holidays.add", { count: 1 }, "Ajouter le jour manquant"],
    ["holidays.add", { count: 3 }, "Ajouter les 3 jours manquants"],
    ["employees.count", { count: 1 }, "1 employé"],
    ["employees.count", { count: 0 }, "0 employé"],
    ["employees.count", { count: 4 }, "4 employés"],
    ["leave.waiting.count", { n: 1 }, "1 demande à traiter"],
    ["leave.waiting.count", { n: 2 }, "2 demandes à traiter"],
    ["history.count", { count: 2 }, "2 entrées"],
    ["report.rows", { count: 1 }, "1 ligne"],
    ["overtime_screens.grid.empty_weeks", { count: 1 }, "1 semaine sans heure ni déduction n'est pas affichée."],
    ["overtime_screens.grid.empty_weeks", { count: 40 }, "40 semaines sans heure ni déduction ne sont pas affichées."],
  ] as const)("%s with %o", (key, params, expected) => {
    expect(t(key, params)).toBe(expected);
  });
});
