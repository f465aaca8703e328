import { describe, expect, it } from "vitest";
import {
  displayValue,
  forbiddenCharacter,
  FORMULA_WITHOUT_VALUE,
  IMPORT_COLUMNS,
  matchHeaders,
  MAX_CELL_CHARS,
  missingColumns,
  parseCell,
  parseDate,
  parseDecimal,
  parseRows,
  previewOrder,
  previewPage,
  rowOutcome,
  rowTick,
} from "./import";

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

describe("cells that cannot be stored (issue 39)", () => {
  it.each([
    ["a NUL byte", "lastname", "Du\u0000pont", "Caractère de contrôle interdit (U+0000) : retapez la cellule, ou choisissez le bon encodage du fichier."],
    ["a C1 control (œ of a Windows-1252 file read as Latin-1)", "lastname", "B\u009Cuf", "Caractère de contrôle interdit (U+009C) : retapez la cellule, ou choisissez le bon encodage du fichier."],
    ["DEL", "position", "a\u007Fb", "Caractère de contrôle interdit (U+007F) : retapez la cellule, ou choisissez le bon encodage du fichier."],
    ["a line break in a name", "firstname", "Anne\nMarie", "Caractère de contrôle interdit (U+000A) : retapez la cellule, ou choisissez le bon encodage du fichier."],
    ["a byte no encoding reads", "lastname", "L\uFFFDuvre", "Caractère illisible (U+FFFD) : le fichier n'est pas dans l'encodage choisi ; choisissez UTF-8 ou Windows-1252."],
    ["a control character in a place", "team", "Re\u0001liure", "Caractère de contrôle interdit (U+0001) : retapez la cellule, ou choisissez le bon encodage du fichier."],
    ["a control character in a number cell", "matricule", "12\u0000", "Caractère de contrôle interdit (U+0000) : retapez la cellule, ou choisissez le bon encodage du fichier."],
    ["a cell over 5,000 characters", "comments", "x".repeat(MAX_CELL_CHARS + 1), "Cellule trop longue (5\u202f000 caractères au plus)."],
    ["a formula saved without its value", "lastname", FORMULA_WITHOUT_VALUE, "formule sans valeur enregistrée : enregistrez le fichier dans votre tableur puis envoyez-le de nouveau."],
    ["a formula without value in a date column", "hiredAt", FORMULA_WITHOUT_VALUE, "formule sans valeur enregistrée : enregistrez le fichier dans votre tableur puis envoyez-le de nouveau."],
  ])("%s is an error of its cell, in French", (_name, field, raw, message) => {
    expect(parseCell(column(field), raw)).toEqual({ ok: false, message });
  });

  it.each([
    ["œ € ’ “ ” … – Œ Ÿ are letters, not controls", "lastname", "Bœuf € ’“”…–ŒŸ"],
    ["a multi-line comment keeps its line breaks and tabs", "comments", "ligne 1\r\nligne 2\tfin"],
    ["exactly 5,000 characters", "comments", "x".repeat(MAX_CELL_CHARS)],
  ])("%s", (_name, field, raw) => {
    expect(parseCell(column(field), raw)).toEqual({ ok: true, value: raw.trim() });
  });

  it("names the first forbidden character", () => {
    expect(forbiddenCharacter("ok")).toBeNull();
    expect(forbiddenCharacter("a\tb")).toBe("U+0009");
    expect(forbiddenCharacter("a\tb", true)).toBeNull();
    expect(forbiddenCharacter("a\u0085b", true)).toBe("U+0085");
  });

  it("keeps a formula without value out of the row's values (never the text [object Object])", () => {
    const [row] = parseRows(["Matricule", "Nom"], [[12, FORMULA_WITHOUT_VALUE]]);
    expect(row!.values).toEqual({ matricule: 12 });
    expect(row!.errors).toEqual([{ field: "lastname", message: expect.stringMatching(/^formule sans valeur enregistrée/) }]);
  });
});

describe("rowTick: whose sheet changes", () => {
  it.each([
    ["a position changes in the same subsidiary", ["position"], 1, 1, null],
    ["the file has no subsidiary column", ["position"], 1, undefined, null],
    ["the file's subsidiary is blank", ["position"], 1, null, null],
    ["the stored sheet has no subsidiary yet", ["position", "subsidiary"], null, 2, "identity"],
    ["the lastname changes", ["lastname"], 1, 1, "identity"],
    ["the firstname changes", ["firstname", "position"], 1, 1, "identity"],
    ["the login changes", ["email"], 1, 1, "identity"],
    ["the matricule belongs to another subsidiary than the file names", ["position"], 1, 2, "subsidiary"],
    ["another subsidiary and a new name: still the subsidiary's error", ["lastname", "subsidiary"], 1, 2, "subsidiary"],
  ] as const)("%s", (_name, changed, stored, file, expected) => {
    expect(rowTick(changed, stored, file)).toBe(expected);
  });
});

describe("displayValue: old → new as HR reads it", () => {
  it.each([
    ["a date", "hiredAt", "2024-09-02", "02/09/2024"],
    ["a decimal", "numberOfHoursPerMonth", 151.67, "151,67"],
    ["yes", "teamLeader", true, "Oui"],
    ["no", "teamLeader", false, "Non"],
    ["a choice by its label", "typeContract", "CDI", "CDI (contrat à durée indéterminée)"],
    ["blank", "position", null, "(vide)"],
    ["a place by the name the caller gives", "subsidiary", "Lisboa Print", "Lisboa Print"],
  ] as const)("%s", (_name, field, value, expected) => {
    expect(displayValue(field, value)).toBe(expected);
  });
});

describe("the paged preview", () => {
  it("puts errors first, then the rows to tick, updates, creations and unchanged rows, by line within each", () => {
    const rows = [
      { line: 2, outcome: "unchanged", tick: null },
      { line: 3, outcome: "create", tick: null },
      { line: 4, outcome: "update", tick: "identity" },
      { line: 5, outcome: "error", tick: null },
      { line: 6, outcome: "update", tick: null },
      { line: 7, outcome: "update", tick: "subsidiary" },
      { line: 8, outcome: "error", tick: null },
    ] as const;
    expect(previewOrder(rows).map((r) => r.line)).toEqual([5, 8, 7, 4, 6, 3, 2]);
  });

  it.each([
    ["the first page", 5000, 1, { page: 1, pages: 25, from: 0, to: 200 }],
    ["the last page, shorter", 5001, 26, { page: 26, pages: 26, from: 5000, to: 5001 }],
    ["a page past the end shows the last", 450, 9, { page: 3, pages: 3, from: 400, to: 450 }],
    ["page 0 or a non-number is the first", 450, Number.NaN, { page: 1, pages: 3, from: 0, to: 200 }],
    ["an empty file has one empty page", 0, 1, { page: 1, pages: 1, from: 0, to: 0 }],
  ])("%s", (_name, total, asked, expected) => {
    expect(previewPage(total, asked)).toEqual(expected);
  });
});
