import { describe, expect, it } from "vitest";
import { IMPORT_COLUMNS, matchHeaders, missingColumns, parseCell, parseDate, parseDecimal, parseRows, rowOutcome } from "./employee-import";

const column = (field: string) => IMPORT_COLUMNS.find((c) => c.field === field)!;

describe("parseDate", () => {
  it.each([
    ["a French date DD/MM/YYYY", "05/01/2026", "2026-01-05"],
    ["without leading zeros", "5/1/2026", "2026-01-05"],
    ["with dots", "05.01.2026", "2026-01-05"],
    ["an ISO date", "2026-01-05", "2026-01-05"],
    ["an Excel date cell (UTC midnight)", new Date(Date.UTC(2026, 0, 5)), "2026-01-05"],
    ["an Excel serial day number", 46027, "2026-01-05"],
    ["a blank cell", "  ", null],
    ["31 February does not exist", "31/02/2026", undefined],
    ["month and day swapped (US order) is refused when impossible", "12/31/2026", undefined],
    ["free text", "demain", undefined],
  ])("%s", (_name, raw, expected) => {
    expect(parseDate(raw)).toBe(expected);
  });
});

describe("parseDecimal", () => {
  it.each([
    ["a decimal comma", "35,5", 35.5],
    ["a decimal point", "35.5", 35.5],
    ["thousands with a space and a decimal comma", "32 500,00", 32500],
    ["thousands with a non-breaking space and euros", "32\u00a0500 €", 32500],
    ["thousands with points and a decimal comma", "1.234,50", 1234.5],
    ["thousands with commas and a decimal point", "1,234.50", 1234.5],
    ["a number cell", 151.67, 151.67],
    ["blank", "", null],
    ["text", "trente-cinq", undefined],
  ])("%s", (_name, raw, expected) => {
    expect(parseDecimal(raw)).toBe(expected);
  });
});

describe("parseCell", () => {
  it.each([
    ["oui is yes", "timeRegistration", "Oui", { ok: true, value: true }],
    ["non is no", "teamLeader", "non", { ok: true, value: false }],
    ["a yes/no cell with anything else is an error", "teamLeader", "peut-être", { ok: false, message: "« oui » ou « non » attendu." }],
    ["a contract by its code", "typeContract", "cdi", { ok: true, value: "CDI" }],
    ["a contract by its French label", "typeContract", "Contrat de professionnalisation", { ok: true, value: "CONTRAT_PRO" }],
    ["a profile by its French label", "profileType", "Chef d'équipe", { ok: true, value: "ROLE_TEAM_LEADER" }],
    ["a workflow by its code", "leaveWorkflow", "full", { ok: true, value: "full" }],
    ["a matricule with a decimal part is refused", "matricule", "12,5", { ok: false, message: "Nombre entier attendu." }],
    ["a date in the wrong format names the expected one", "hiredAt", "2026/13/01", { ok: false, message: "Date attendue au format JJ/MM/AAAA." }],
  ])("%s", (_name, field, raw, expected) => {
    expect(parseCell(column(field), raw)).toEqual(expected);
  });

  it("lists the allowed values of a choice in its error", () => {
    const result = parseCell(column("typeContract"), "Intérim");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain("CDI (contrat à durée indéterminée)");
  });
});

describe("headers and rows", () => {
  it("matches headers whatever their case, accents and the unit in brackets, and by field code", () => {
    expect(matchHeaders(["MATRICULE", "e-mail professionnel", "Salaire annuel brut", "hiredAt", "Inconnue"]).map((c) => c?.field ?? null)).toEqual([
      "matricule",
      "email",
      "annualSalary",
      "hiredAt",
      null,
    ]);
  });

  it("names the key columns a file lacks", () => {
    expect(missingColumns(["Matricule", "Nom"])).toEqual(["email", "firstname"]);
  });

  it("reads rows, skips blank ones, and keeps each cell's error with its field", () => {
    const rows = parseRows(
      ["Matricule", "Prénom", "Date d'embauche"],
      [
        ["12", "Anne", "01/02/2026"],
        ["", "", ""],
        ["13", "Paul", "2026-02-30"],
      ],
    );
    expect(rows).toEqual([
      { line: 2, values: { matricule: 12, firstname: "Anne", hiredAt: "2026-02-01" }, errors: [] },
      { line: 4, values: { matricule: 13, firstname: "Paul" }, errors: [{ field: "hiredAt", message: "Date attendue au format JJ/MM/AAAA." }] },
    ]);
  });
});

describe("rowOutcome", () => {
  it.each([
    ["no sheet with this matricule: create", { matricule: 1 }, null, "create", []],
    ["every column equal: unchanged", { matricule: 1, lastname: "Martin", numberOfHoursPerWeek: 35 }, { matricule: 1, lastname: "Martin", numberOfHoursPerWeek: 35 }, "unchanged", []],
    ["a blank cell equals an empty field", { matricule: 1, comments: null }, { matricule: 1, comments: "" }, "unchanged", []],
    ["a changed column: update naming it", { matricule: 1, position: "Imprimeur" }, { matricule: 1, position: "Graphiste" }, "update", ["position"]],
  ] as const)("%s", (_name, values, stored, outcome, changed) => {
    expect(rowOutcome(values, stored)).toEqual({ outcome, changed });
  });
});
