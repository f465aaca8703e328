import { describe, expect, it } from "vitest";
import type { HistoryDetails } from "./history";
import { historyQuery, parseHistoryForm, type HistoryFilters } from "./filters";
import { fieldLabel, frDateTime, historyLines, historyValue, monthWords, namedIds } from "./text";

const ctx = {
  zone: "Europe/Paris",
  names: { "person:7": "Paul MARTIN", "subsidiary:3": "3 Print Lyon", "subsidiary:1": "3 Print" } as Record<string, string>,
};
const lines = (action: string, details: HistoryDetails | null, actorName = "Anne DUBOIS") => historyLines({ action, details, actorName }, ctx);

describe("historyLines: one table per kind", () => {
  it.each<[string, string, HistoryDetails | null, string[]]>([
    // sheet
    ["a field changed", "sheet.update", { changes: [{ field: "lastname", old: "Roy", new: "Leroy" }] }, ["Nom : Roy → Leroy"]],
    [
      "several fields, empty, dates, yes/no, codes, places, numbers",
      "sheet.update",
      {
        changes: [
          { field: "phone", old: null, new: "0601020304" },
          { field: "hiredAt", old: "2024-09-02", new: "2024-09-01T00:00:00.000Z" },
          { field: "timeRegistration", old: true, new: false },
          { field: "profileType", old: "ROLE_EMPLOYEE", new: "ROLE_TEAM_LEADER" },
          { field: "subsidiary", old: 1, new: 3 },
          { field: "numberOfHoursPerWeek", old: 35, new: 38.5 },
        ],
      },
      [
        "Téléphone personnel : (vide) → 0601020304",
        "Date d'embauche : 02/09/2024 → 01/09/2024",
        "Pointage des heures : Oui → Non",
        "Profil : Employé → Chef d'équipe",
        "Agence : 3 Print → 3 Print Lyon",
        "Heures par semaine : 35 → 38,5",
      ],
    ],
    ["an unknown field and a place without a name", "sheet.update", { changes: [{ field: "shoeSize", old: 42, new: 43 }, { field: "team", old: null, new: 99 }] }, ["shoeSize : 42 → 43", "Équipe : (vide) → n°99"]],
    ["an update listing nothing", "sheet.update", {}, ["Fiche modifiée"]],
    ["created", "sheet.create", {}, ["Fiche créée"]],
    ["archived", "sheet.archive", { changes: [{ field: "firedAt", old: null, new: "2026-10-31" }] }, ["Fiche archivée", "Date de départ : (vide) → 31/10/2026"]],
    // leave
    ["a leave asked", "leave.ask", { leaveType: "PAID_LEAVE", from: "2026-03-02", to: "2026-03-06" }, ["Congé du 02/03/2026 au 06/03/2026 (Congés payés) demandé"]],
    ["a leave refused with its reason", "leave.refuse", { from: "2026-03-02", to: "2026-03-06", reason: "Inventaire" }, ["Congé du 02/03/2026 au 06/03/2026 refusé (motif : Inventaire)"]],
    [
      "a leave refused by a deputy",
      "leave.refuse",
      { from: "2026-03-02", to: "2026-03-02", onBehalfOfId: 7 },
      ["Congé du 02/03/2026 refusé", "Refusé par Anne DUBOIS pour Paul MARTIN"],
    ],
    // Issue 41: the step reached, in the leave's words (the leave reads "Prévalidée").
    ["a leave prevalidated", "leave.approve", { from: "2026-03-02", to: "2026-03-03", step: "prevalidate" }, ["Congé du 02/03/2026 au 03/03/2026 prévalidé"]],
    ["a leave accepted", "leave.approve", { from: "2026-03-02", to: "2026-03-03", step: "accepted" }, ["Congé du 02/03/2026 au 03/03/2026 accepté"]],
    [
      "a leave prevalidated by a deputy",
      "leave.approve",
      { from: "2026-03-02", to: "2026-03-02", step: "prevalidate", onBehalfOfId: 7 },
      ["Congé du 02/03/2026 prévalidé", "Prévalidé par Anne DUBOIS pour Paul MARTIN"],
    ],
    ["a leave approved by a deputy", "leave.approve", { from: "2026-03-02", to: "2026-03-03", onBehalfOfId: 7 }, ["Congé du 02/03/2026 au 03/03/2026 validé", "Validé par Anne DUBOIS pour Paul MARTIN"]],
    ["a leave of an unknown type, removed, reason erased", "leave.remove", { leaveType: "SABBATICAL", from: "2026-05-04", to: "2026-05-08", reason: null }, ["Congé du 04/05/2026 au 08/05/2026 (SABBATICAL) supprimé"]],
    ["a leave cancelled without dates", "leave.cancel", {}, ["Congé annulé"]],
    // correction
    [
      "a correction validated with its clock rows",
      "correction.validate",
      { day: "2026-03-10", before: ["2026-03-10T07:00:00.000Z", null], after: ["2026-03-10T07:30:00.000Z", "2026-03-10T16:00:00.000Z"] },
      ["Correction du pointage du 10/03/2026 validée", "Pointages : 08:00, (vide) → 08:30, 17:00"],
    ],
    [
      "a correction validated with clock rows as the writers keep them (type and instant)",
      "correction.validate",
      { day: "2026-03-10", before: ["START 2026-03-10T07:00:00.000Z"], after: ["START 2026-03-10T07:30:00.000Z", "END 2026-03-10T16:00:00.000Z"] },
      ["Correction du pointage du 10/03/2026 validée", "Pointages : entrée 08:00 → entrée 08:30, sortie 17:00"],
    ],
    ["a leave edited", "leave.edit", { from: "2026-03-02", to: "2026-03-03" }, ["Congé du 02/03/2026 au 03/03/2026 modifié"]],
    ["a correction refused", "correction.refuse", { day: "2026-03-10", reason: "Badge oublié" }, ["Correction du pointage du 10/03/2026 refusée (motif : Badge oublié)"]],
    ["a correction deleted", "correction.delete", { day: "2026-03-10" }, ["Correction du pointage du 10/03/2026 supprimée"]],
    // deduction
    ["a deduction added", "deduction.add", { day: "2026-04-01", seconds: 5400, reason: "Récupération" }, ["Déduction de 1 h 30 le 01/04/2026 ajoutée (motif : Récupération)"]],
    ["a deduction removed", "deduction.remove", { day: "2026-04-01", seconds: -1800 }, ["Déduction de -0 h 30 le 01/04/2026 retirée"]],
    // policy
    ["a subsidiary's policy", "policy.update", { area: "subsidiary", areaId: 3, changes: [{ field: "weeklyThreshold", old: 35, new: 39 }] }, ["Règles de l'agence modifiées", "weeklyThreshold : 35 → 39"]],
    ["a country's policy", "policy.update", { area: "country", areaId: 1 }, ["Règles du pays modifiées"]],
    // close
    ["a month closed", "close.close", { month: "2026-10-01" }, ["Mois d'octobre 2026 clôturé"]],
    ["a month reopened", "close.reopen", { month: "2026-03-01" }, ["Mois de mars 2026 rouvert"]],
    // personal
    ["an anonymisation (new action)", "personal.anonymise", { fields: ["phone"] }, ["Données personnelles anonymisées"]],
    ["an anonymisation (before the history)", "anonymise", { fields: ["phone"] }, ["Données personnelles anonymisées"]],
    // the shop-floor terminal (issue 46)
    ["a personal code reset", "terminal.code_reset", {}, ["Code de pointage réinitialisé"]],
    ["a badge issued", "terminal.badge_issue", {}, ["Badge de pointage émis"]],
    ["a badge issued over another", "terminal.badge_issue", { reissue: true }, ["Badge de pointage réémis (l'ancien ne fonctionne plus)"]],
    ["a badge revoked", "terminal.badge_revoke", {}, ["Badge de pointage révoqué"]],
    ["an unknown verb of the terminal", "terminal.explode", {}, ["Action « terminal.explode »"]],
    // fallbacks
    ["an unknown verb of a known kind", "leave.teleport", {}, ["Action « leave.teleport »"]],
    ["an unknown kind", "payroll.export", {}, ["Action « payroll.export »"]],
    ["no details at all", "close.close", null, ["Mois  clôturé"]],
    ["a deputy's manager since deleted", "correction.validate", { day: "2026-03-10", onBehalfOfId: 404 }, ["Correction du pointage du 10/03/2026 validée", "Validée par Anne DUBOIS pour —"]],
  ])("%s", (_name, action, details, expected) => {
    expect(lines(action, details)).toEqual(expected);
  });
});

describe("values and labels", () => {
  it.each<[string, string | number | boolean | null, string]>([
    ["comments", "", "(vide)"],
    ["firedAt", "2026-10-31", "31/10/2026"],
    ["birthday", "1988-04-12T00:00:00Z", "12/04/1988"],
    ["updatedAt", "2026-03-29T08:15:00.000Z", "29/03/2026 10:15"],
    ["typeContract", "CDI", "CDI (contrat à durée indéterminée)"],
    ["typeContract", "FREELANCE", "FREELANCE"],
    ["leaveWorkflow", "fast", "Rapide (direction)"],
    ["weekType", "week_one_two", "Semaines 1 et 2"],
    ["hourlyCost", 27.4, "27,4"],
  ])("%s = %s reads « %s »", (field, value, expected) => {
    expect(historyValue(field, value, ctx)).toBe(expected);
  });

  it("labels a field from the history's own key, else the sheet form's, else its name", () => {
    expect(fieldLabel("weeks")).toBe("Horaires hebdomadaires");
    expect(fieldLabel("lastname")).toBe("Nom");
    expect(fieldLabel("notAField")).toBe("notAField");
  });

  it("elides « de » before a vowel in a month", () => {
    expect([monthWords("2026-04-01"), monthWords("2026-08-01"), monthWords("2026-12-01"), monthWords("n/a")]).toEqual([
      "d'avril 2026",
      "d'août 2026",
      "de décembre 2026",
      "n/a",
    ]);
  });

  it("shows an instant in the given zone", () => {
    expect(frDateTime("2026-12-31T23:30:00Z", "Europe/Paris")).toBe("01/01/2027 00:30");
    expect(frDateTime("2026-12-31T23:30:00Z", "America/Martinique")).toBe("31/12/2026 19:30");
  });

  it("lists the ids an entry names: a deputy's manager and the places of a sheet change", () => {
    expect(
      namedIds({ onBehalfOfId: 7, changes: [{ field: "subsidiary", old: 1, new: 3 }, { field: "team", old: null, new: 4 }, { field: "lastname", old: "a", new: "b" }] }),
    ).toEqual(["person:7", "subsidiary:1", "subsidiary:3", "team:4"]);
    expect(namedIds(null)).toEqual([]);
  });
});

describe("parseHistoryForm", () => {
  const parse = (query: string) => parseHistoryForm(new URLSearchParams(query));
  it.each<[string, string, HistoryFilters, number, Record<string, string>]>([
    ["nothing", "", { kind: null, from: null, to: null }, 1, {}],
    ["a kind, a period, a page", "kind=leave&from=01/03/2026&to=31/03/2026&page=3", { kind: "leave", from: "2026-03-01", to: "2026-03-31" }, 3, {}],
    ["an unknown kind: all", "kind=payroll", { kind: null, from: null, to: null }, 1, {}],
    ["a bad date: reported, left out", "from=31/02/2026&to=05/03/2026", { kind: null, from: null, to: "2026-03-05" }, 1, { from: "Date invalide (JJ/MM/AAAA)." }],
    ["an end before the start", "from=05/03/2026&to=01/03/2026", { kind: null, from: null, to: null }, 1, { to: "La date de fin ne peut pas précéder la date de début." }],
    ["a page of nonsense", "page=abc", { kind: null, from: null, to: null }, 1, {}],
  ])("%s", (_name, query, filters, page, errors) => {
    const form = parse(query);
    expect(form.filters).toEqual(filters);
    expect(form.page).toBe(page);
    expect(form.errors).toEqual(errors);
  });

  it("keeps what was typed for the form and the links", () => {
    const form = parse("kind=sheet&from=1/3/2026&to=");
    expect(form.typed).toEqual({ kind: "sheet", from: "1/3/2026", to: "" });
    expect(historyQuery(form.typed)).toEqual({ kind: "sheet", from: "1/3/2026" });
  });
});
