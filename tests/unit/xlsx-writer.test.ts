import ExcelJS from "exceljs";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { writeXlsx, xlsxDate, XLSX_FORMATS, type XlsxCell, type XlsxColumn } from "~/services/xlsx.server";

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
  await writeXlsx(out, { name: "Test", columns, rows: (async function* () { yield* rows; })(), totals: { label: "Total", sumColumns: [7] } });
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
    expect(sheet.getRow(1202).getCell(7).value).toMatchObject({ formula: "SUM(G2:G1201)" });
  });
});
