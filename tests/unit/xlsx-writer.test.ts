import ExcelJS from "exceljs";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { formatDecimal } from "~/domain/shared/number-format";
import { hoursDecimal } from "~/domain/reports/reports";
import { t } from "~/i18n/fr";
import { columnWidth, sheetName, writeXlsx, xlsxDate, XLSX_FORMATS, type XlsxCell, type XlsxColumn } from "~/services/shared/xlsx.server";

/**
 * The streaming writer gives every data cell of a column one shared style object (exceljs then looks its style id
 * up once instead of once per cell). What the reader sees must be what a style per cell gave: each formatted
 * column's number format on every row, plain text and numbers in a text column, bold header and totals.
 */
const columns: XlsxColumn[] = [
  { header: "Employé", kind: "text" },
  { header: "Matricule", kind: "int" },
  { header: "Taux", kind: "number" },
  { header: "Jour", kind: "date" },
  { header: "Heures", kind: "hours" },
  { header: "Durée", kind: "duration" },
  { header: "Montant", kind: "euros" },
  { header: "Note", kind: "text" },
];

async function written(rows: ((row: number) => XlsxCell[])[]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on("end", resolve));
  await writeXlsx(out, { name: "Test", columns, rows: (async function* () { yield* rows; })(), totals: { label: "Total", sumColumns: [7], results: { 7: 1 } } });
  await ended;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe("writeXlsx", () => {
  it("formats every data row of a column the same, whatever the number of rows", async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => (row: number) => [
      i % 7 === 0 ? null : `Nom ${i}`,
      1000 + i,
      i / 3,
      xlsxDate(`2026-03-${String((i % 28) + 1).padStart(2, "0")}`),
      i % 5 === 0 ? null : 7.5,
      { formula: `E${row}/24`, result: 7.5 / 24 },
      100 + i / 4,
      i % 2 === 0 ? 42 : "texte",
    ]);
    const sheet = await written(rows);
    expect(sheet.rowCount).toBe(1 + 1200 + 1);
    for (const r of [2, 3, 500, 1201]) {
      const row = sheet.getRow(r);
      for (const [i, column] of columns.entries()) {
        const format = XLSX_FORMATS[column.kind];
        if (format && row.getCell(i + 1).value !== null) expect(row.getCell(i + 1).numFmt, `row ${r} ${column.header}`).toBe(format);
      }
      expect(row.getCell(4).value).toBeInstanceOf(Date);
      expect(row.getCell(1).numFmt).toBeUndefined();
    }
    expect(sheet.getRow(3).getCell(8).value).toBe("texte");
    expect(sheet.getRow(2).getCell(8).value).toBe(42);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(1202).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(1202).getCell(7).value).toMatchObject({ formula: "SUM(G2:G1201)", result: 1 });
  });

  it("prints on A4 landscape, every column on one page's width, the header row on every page (issue 43 item 4)", async () => {
    const sheet = await written([() => ["Camille", 1, 1, xlsxDate("2026-03-02"), 1, 1 / 24, 1, "x"]]);
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    expect(sheet.pageSetup.printTitlesRow?.replaceAll("$", "")).toBe("1:1");
  });

  it("refuses a total without its computed result (previews, openpyxl and pandas read only the cached value)", async () => {
    const out = new PassThrough();
    out.resume();
    await expect(writeXlsx(out, { name: "Test", columns, rows: [() => [null, 1]], totals: { label: "Total", sumColumns: [2] } })).rejects.toThrow(/no computed result/);
  });
});

describe("files that read right in Excel, LibreOffice and a preview (issue 25 §5)", () => {
  it.each([
    { name: "a header is never cut: the column is as wide as it", column: { header: "Repos obligatoire acquis (h)", kind: "hours" as const }, width: 30 },
    { name: "a short header keeps its kind's width", column: { header: "Heures", kind: "hours" as const }, width: 12 },
    { name: "a given width widens to its header too", column: { header: "S49 (en cours) 2026", kind: "hours" as const, width: 10 }, width: 21 },
  ])("$name", ({ column, width }) => {
    expect(columnWidth(column)).toBe(width);
  });

  it("every report's sheet name is chosen within 31 characters", () => {
    for (const kind of ["leave", "overtime", "recup", "cost"] as const) {
      const name = t(`report.${kind}.sheet`);
      expect(name.length).toBeLessThanOrEqual(31);
      expect(sheetName(name)).toBe(name);
    }
    expect(t("report.payroll.sheet").length).toBeLessThanOrEqual(31);
  });

  it("hours are rounded once from seconds: the page's 1,26 is the file's 1.26 (4 518 s)", () => {
    expect(hoursDecimal(4518)).toBe(1.26);
    expect(formatDecimal(hoursDecimal(4518))).toBe("1,26");
    expect(hoursDecimal(-4518)).toBe(-1.26);
    expect(hoursDecimal(5400)).toBe(1.5);
  });
});
