import ExcelJS from "exceljs";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { writeXlsx, type XlsxCell } from "~/services/shared/xlsx.server";

/** The Excel writer neutralises formula-like texts (issue 27 §3, decision 0080); formulas it is given stay formulas. */
async function written(rows: XlsxCell[][], totalsLabel = "Total") {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on("end", resolve));
  await writeXlsx(out, {
    name: "Test",
    columns: [
      { header: "Employé", kind: "text" },
      { header: "Heures", kind: "hours" },
    ],
    rows: rows.map((r) => () => r),
    // Every total carries its computed result (decision 0074); the value does not matter here.
    totals: { label: totalsLabel, sumColumns: [2], results: { 2: 0 } },
  });
  await ended;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe("writeXlsx and formula-like texts", () => {
  it.each([
    ["a link formula", '=HYPERLINK("http://evil.example/x";"Paie")'],
    ["a plus sign", "+33 6 12 34 56 78"],
    ["a minus sign", "-2+3"],
    ["an at sign", "@SUM(A1)"],
    ["a leading tab", "\t=1+1"],
    ["a leading carriage return", "\r=1+1"],
  ])("%s is a text cell with the Text format, never a formula", async (_case, text) => {
    const ws = await written([[text, 1]]);
    const cell = ws.getRow(2).getCell(1);
    // XML reads a carriage return back as a line feed.
    expect(cell.text).toBe(text.replace("\r", "\n"));
    expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
    expect(cell.numFmt).toBe("@");
  });

  it("a plain name, a number and a given formula are written as before", async () => {
    const ws = await written([
      ["Alice DUPONT", 7.5],
      ["-1,5", { formula: "B2*2", result: 15 }],
    ]);
    expect(ws.getRow(2).getCell(1).value).toBe("Alice DUPONT");
    expect(ws.getRow(2).getCell(1).numFmt).toBeUndefined();
    expect(ws.getRow(3).getCell(1).value).toBe("-1,5");
    expect((ws.getRow(3).getCell(2).value as { formula: string }).formula).toBe("B2*2");
  });

  it("a formula-like totals label is a text cell too", async () => {
    const ws = await written([["Alice", 1]], "=1+1");
    expect(ws.getRow(3).getCell(1).text).toBe("=1+1");
    expect(ws.getRow(3).getCell(1).type).not.toBe(ExcelJS.ValueType.Formula);
  });
});
