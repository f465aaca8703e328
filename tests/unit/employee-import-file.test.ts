/**
 * Reading an import file (decision 0116): Windows-1252 through iconv-lite (the 27 printable bytes 0x80–0x9F round
 * trip; Node 20's TextDecoder turns them into C1 controls), UTF-8 with or without BOM, the encoding chosen on the
 * form; an xlsx that unpacks beyond the limits (a zip bomb, honest or lying about its sizes) refused in milliseconds
 * before exceljs grows the memory; a formula saved without its value is an error of its cell.
 */
import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { IMPORT_COLUMNS, columnHeader, parseRows } from "~/domain/employees/import";
import { checkXlsxSize, csvEncoding, decodeCsv, readImportFile } from "~/services/employees/import-file.server";
import { zipBomb } from "~tests/support/zip-bomb";

/** The 27 bytes 0x80–0x9F Windows-1252 defines, and their characters. */
const PRINTABLE_1252: [number, string][] = [
  [0x80, "€"], [0x82, "‚"], [0x83, "ƒ"], [0x84, "„"], [0x85, "…"], [0x86, "†"], [0x87, "‡"], [0x88, "ˆ"], [0x89, "‰"],
  [0x8a, "Š"], [0x8b, "‹"], [0x8c, "Œ"], [0x8e, "Ž"], [0x91, "‘"], [0x92, "’"], [0x93, "“"], [0x94, "”"], [0x95, "•"],
  [0x96, "–"], [0x97, "—"], [0x98, "˜"], [0x99, "™"], [0x9a, "š"], [0x9b, "›"], [0x9c, "œ"], [0x9e, "ž"], [0x9f, "Ÿ"],
];

const header = ["Matricule", "Prénom", "Nom", "E-mail professionnel (identifiant)"].join(";");

describe("Windows-1252", () => {
  it("lists the 27 printable bytes", () => expect(PRINTABLE_1252).toHaveLength(27));

  it.each(PRINTABLE_1252.map(([b, ch]) => [`0x${b.toString(16).toUpperCase()}`, ch, b] as const))("%s is %s, and back", (_hex, ch, byte) => {
    const bytes = new Uint8Array([0x42, byte, 0x75, 0x66]);
    const text = decodeCsv(bytes);
    expect(text).toBe(`B${ch}uf`);
    expect([...iconv.encode(text, "windows-1252")]).toEqual([...bytes]);
    // The bug this replaces: Node 20's decoder gives the C1 control U+0080 + (byte - 0x80) for some of them.
    expect(decodeCsv(bytes, "windows-1252")).toBe(`B${ch}uf`);
  });

  it.each([0x81, 0x8d, 0x8f, 0x90, 0x9d].map((b) => [`0x${b.toString(16).toUpperCase()}`, b] as const))("the undefined byte %s reads as U+FFFD, an error of its cell, never stored", (_hex, byte) => {
    const text = decodeCsv(Uint8Array.from([...Buffer.from(`${header}\r\n1;Anne;L`, "latin1"), byte, ...Buffer.from("uvre;a@b.fr", "latin1")]));
    const [head, line] = text.split("\r\n");
    const [row] = parseRows(head!.split(";"), [line!.split(";")]);
    expect(row!.values.lastname).toBeUndefined();
    expect(row!.errors).toEqual([{ field: "lastname", message: expect.stringMatching(/^Caractère illisible \(U\+FFFD\)/) }]);
  });

  it("reads a whole Excel CSV with œ € ’ and keeps them", async () => {
    const bytes = iconv.encode(`${header}\r\n2001;Zoé;Bœuf l’€uro “dit” Œ…Ÿ;zoe@cadran.test\r\n`, "windows-1252");
    expect(csvEncoding(bytes)).toBe("windows-1252");
    const { headers, rows } = await readImportFile(bytes, "equipe.csv");
    const [row] = parseRows(headers, rows);
    expect(row).toMatchObject({ values: { lastname: "Bœuf l’€uro “dit” Œ…Ÿ" }, errors: [] });
  });
});

describe("UTF-8 and the chosen encoding", () => {
  const text = `${header}\r\n2001;Zoé;Bœuf–Ÿ;zoe@cadran.test\r\n`;
  it.each([
    ["UTF-8 without BOM, detected", Buffer.from(text, "utf8"), "auto", "utf-8"],
    ["UTF-8 with BOM, detected", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]), "auto", "utf-8"],
    ["a BOM wins over a Windows-1252 choice", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]), "windows-1252", "utf-8"],
    ["UTF-8 chosen", Buffer.from(text, "utf8"), "utf-8", "utf-8"],
    ["Windows-1252 chosen", iconv.encode(text, "windows-1252"), "windows-1252", "windows-1252"],
  ] as const)("%s", async (_name, bytes, chosen, expected) => {
    expect(csvEncoding(bytes, chosen)).toBe(expected);
    const { headers, rows } = await readImportFile(bytes, "x.csv", chosen);
    expect(headers[0]).toBe("Matricule");
    expect(parseRows(headers, rows)[0]).toMatchObject({ values: { firstname: "Zoé", lastname: "Bœuf–Ÿ" }, errors: [] });
  });

  it("a Windows-1252 file read as UTF-8 because HR chose it: the cell is in error, not silently wrong", async () => {
    // Headers by field code (ASCII): the accented header "Prénom" would itself be unreadable, and refused as missing.
    const coded = text.replace(header, "matricule;firstname;lastname;email");
    const { headers, rows } = await readImportFile(iconv.encode(coded, "windows-1252"), "x.csv", "utf-8");
    const [row] = parseRows(headers, rows);
    expect(row!.errors.map((e) => e.field)).toEqual(["firstname", "lastname"]);
  });
});

const ROW = Buffer.from(`<row r="1"><c r="A1" t="inlineStr"><is><t>${"x".repeat(900)}</t></is></c></row>`.padEnd(1024, " "));

describe("an xlsx that unpacks too large (zip bomb)", () => {
  it.each([
    ["declaring its 300 MB", {}],
    ["lying about its size (declares 1,000 bytes)", { lie: true }],
  ])("%s: refused in French within a second, the process under +100 MB", async (_name, options) => {
    const bomb = await zipBomb(Buffer.concat(Array.from({ length: 1024 }, () => ROW)), 300, options);
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage().rss;
    const started = performance.now();
    await expect(readImportFile(bomb, "bombe.xlsx")).rejects.toThrow(/Ce classeur décompressé dépasserait 32 Mo/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it("lets a real workbook through (the template-sized file exceljs writes)", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Employés");
    sheet.addRow(IMPORT_COLUMNS.map((c) => columnHeader(c.field)));
    for (let i = 0; i < 2000; i++) sheet.addRow([1000 + i, `T${i}`, "Anne", `Martin ${i}`]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(() => checkXlsxSize(bytes)).not.toThrow();
    expect((await readImportFile(bytes, "x.xlsx")).rows).toHaveLength(2000);
  });
});

describe("limits", () => {
  it("refuses more than 10,000 data rows, saying how many are allowed", async () => {
    const lines = [header, ...Array.from({ length: 10_001 }, (_, i) => `${i + 1};A;B;a${i}@b.fr`)].join("\n");
    await expect(readImportFile(Buffer.from(lines), "x.csv")).rejects.toThrow("Le fichier compte plus de 10\u202f000 lignes : découpez-le en plusieurs fichiers.");
  });

  it("refuses a file over 10 MB before reading it", async () => {
    await expect(readImportFile(new Uint8Array(10 * 1024 * 1024 + 1), "x.csv")).rejects.toThrow("Le fichier dépasse 10 Mo.");
  });
});

describe("an xlsx formula", () => {
  it("with its saved value reads the value; without one it is an error of its cell, never '[object Object]'", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Employés");
    sheet.addRow(["Matricule", "Prénom", "Nom", "E-mail professionnel (identifiant)"]);
    sheet.addRow([{ formula: "1000+1", result: 1001 }, "Anne", { formula: 'UPPER("martin")' }, "anne@cadran.test"]);
    const { headers, rows } = await readImportFile(new Uint8Array(await workbook.xlsx.writeBuffer()), "f.xlsx");
    const [row] = parseRows(headers, rows);
    expect(row!.values).toEqual({ matricule: 1001, firstname: "Anne", email: "anne@cadran.test" });
    expect(row!.errors).toEqual([
      { field: "lastname", message: "formule sans valeur enregistrée : enregistrez le fichier dans votre tableur puis envoyez-le de nouveau." },
    ]);
  });
});
