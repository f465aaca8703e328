import { describe, expect, it } from "vitest";
import { SubsidiaryBody, SubsidiaryForm, toSubsidiaryInput } from "./settings.server";

/** The subsidiary's local holidays (decision 0031): the same row rules as a country's, in the form and the /api. */
describe("subsidiary holidays", () => {
  const base = { name: "Metz Print", country: 3, city: "Metz", timezone: "Europe/Paris" };

  it.each<[string, unknown, { date: string; name: string }[] | undefined]>([
    ["no list: the stored ones are kept", undefined, undefined],
    ["an empty list clears them", [], []],
    ["a blank added row is dropped, names trimmed", [{ date: "2026-12-26", name: " Saint-Étienne " }, { date: "", name: "" }], [{ date: "2026-12-26", name: "Saint-Étienne" }]],
    ["a unix time (the /api's dates) becomes a day", [{ date: 1798243200, name: "Saint-Étienne" }], [{ date: "2026-12-26", name: "Saint-Étienne" }]],
  ])("%s", (_name, holidays, expected) => {
    const parsed = SubsidiaryBody.parse({ ...base, country: "/api/countries/3", holidays });
    expect(toSubsidiaryInput(parsed)).toEqual({ name: "Metz Print", countryId: 3, city: "Metz", timezone: "Europe/Paris", holidays: expected });
  });

  it.each<[string, unknown[], string, string]>([
    ["a row without name", [{ date: "2026-12-26", name: "" }], "holidays.0.name", "Le nom du jour férié est obligatoire."],
    ["a row without date", [{ date: "", name: "Fête" }], "holidays.0.date", "La date du jour férié est obligatoire."],
    ["an impossible date", [{ date: "2026-02-30", name: "Jamais" }], "holidays.0.date", "Date invalide."],
    ["the same day twice", [{ date: "2026-12-26", name: "A" }, { date: "2026-12-26", name: "B" }], "holidays.1.date", "Ce jour férié est déjà dans la liste."],
  ])("the form refuses %s with a French message on the row's field", (_name, holidays, path, message) => {
    const result = SubsidiaryForm.safeParse({ ...base, holidays });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([path, message]);
  });
});

/** A subsidiary's night agreement (decision 0125): both times or none; the /api body never touches it. */
describe("subsidiary night agreement", () => {
  const base = { name: "Lisboa", country: 3, city: "Lisboa", timezone: "Europe/Lisbon", holidays: [] };
  it.each<[string, Record<string, unknown>, { from: string | null; to: string | null; rate: number | null } | string]>([
    ["empty: the country's", { nightFrom: "", nightTo: "" }, { from: null, to: null, rate: null }],
    ["an agreement's period and premium (a browser's seconds cut)", { nightFrom: "23:00:00", nightTo: "07:00", nightRate: 30 }, { from: "23:00", to: "07:00", rate: 30 }],
    ["one time without the other", { nightFrom: "23:00", nightTo: "" }, "Indiquez le début et la fin de la période de nuit, ou aucun des deux."],
    ["not a time", { nightFrom: "23h", nightTo: "07:00" }, "L'heure doit être au format HH:MM (par exemple 22:00)."],
  ])("%s", (_name, night, expected) => {
    const result = SubsidiaryForm.safeParse({ ...base, ...night });
    if (typeof expected === "string") {
      expect(result.error!.issues.map((i) => i.message)).toContain(expected);
    } else {
      expect(toSubsidiaryInput(result.data!).night).toEqual(expected);
    }
  });
  it("an /api body keeps the stored agreement", () => {
    expect(toSubsidiaryInput(SubsidiaryBody.parse({ ...base, country: "/api/countries/3" })).night).toBeUndefined();
  });
});
