/**
 * Streaming Excel files (DESIGN §6, §9; decision 0045): exceljs' WorkbookWriter writes each row as it comes and
 * forgets it, so a 100,000-row file stays well under the memory budget. One sheet per file, French headers, the
 * header row frozen with filters, real dates shown DD/MM/YYYY, hours as decimal numbers (an `[h]:mm` twin where a
 * report shows formatted hours), euros with the € format, totals as formulas.
 */
import { createReadableStreamFromReadable } from "@remix-run/node";
import ExcelJS from "exceljs";
import { PassThrough, type Writable } from "node:stream";
import { setImmediate as yieldToIo } from "node:timers/promises";
import { formulaLike } from "~/domain/shared/spreadsheet-cell";

export type XlsxKind = "text" | "int" | "number" | "date" | "hours" | "duration" | "euros";

export interface XlsxColumn {
  header: string;
  kind: XlsxKind;
  width?: number;
}

/** A formula always carries its computed result (issue 38 §6): a reader without recalculation shows it. */
export type XlsxFormula = { formula: string; result: number };
export type XlsxCell = string | number | Date | null | undefined | XlsxFormula;

/** Number formats by kind (Excel and LibreOffice read them the same way). */
export const XLSX_FORMATS: Record<XlsxKind, string | undefined> = {
  text: undefined,
  int: "0",
  number: "0.00",
  date: "dd/mm/yyyy",
  hours: "0.00",
  duration: "[h]:mm",
  euros: '#,##0.00 "€"',
};

const DEFAULT_WIDTH: Record<XlsxKind, number> = { text: 28, int: 12, number: 12, date: 12, hours: 12, duration: 12, euros: 14 };

/**
 * A column's width in characters: its own or its kind's, widened to its header's length (+ 2 for the bold face and
 * the filter button), at most 60.
 *
 * @example columnWidth({ header: "Repos obligatoire acquis (h)", kind: "hours" }) // 30
 */
export function columnWidth(c: XlsxColumn): number {
  return Math.max(c.width ?? DEFAULT_WIDTH[c.kind], Math.min(60, c.header.length + 2));
}

/** A sheet's name: Excel allows 31 characters and not []:*?/\ (the name is chosen to fit; this only guards). */
export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31);
}

/** A calendar date 'YYYY-MM-DD' as the Date exceljs stores as that day (UTC midnight = the day's serial). */
export function xlsxDate(date: string | null | undefined): Date | null {
  if (!date) return null;
  return new Date(`${date}T00:00:00Z`);
}

/** Column letters of a 1-based index: 1 → A, 27 → AA. */
export function columnLetter(index: number): string {
  let n = index;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export interface XlsxSheet {
  name: string;
  columns: XlsxColumn[];
  /** Data rows in order; `rowNumber` is the row's number in the sheet (the first data row is 2). */
  rows: Iterable<(rowNumber: number) => XlsxCell[]> | AsyncIterable<(rowNumber: number) => XlsxCell[]>;
  /** A last row of totals: its label in column 1, SUM formulas in the given 1-based columns. */
  totals?: { label: string; sumColumns: number[]; results?: Record<number, number> };
  /** Called every `progressEvery` rows (a job records its progress). */
  onProgress?: (rows: number) => void | Promise<void>;
  progressEvery?: number;
}

/**
 * How every export prints (issue 43 item 4): A4 landscape, all columns on the width of one page (as many pages down
 * as the rows need), the header row repeated on each page. LibreOffice printed the overtime report on 5 portrait
 * pages without it.
 */
export const PRINT_SETUP = {
  paperSize: 9,
  orientation: "landscape",
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
  printTitlesRow: "1:1",
} as const;

/**
 * Writes one sheet to `out` as an .xlsx file and resolves with the number of data rows once the file is complete.
 * Yields to the event loop every 500 rows so the bytes flow to the client (or disk) while rows are still made.
 */
export async function writeXlsx(out: Writable, sheet: XlsxSheet): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = "Cadran";
  const last = columnLetter(sheet.columns.length);
  const ws = workbook.addWorksheet(sheetName(sheet.name), {
    views: [{ state: "frozen", ySplit: 1, xSplit: 0 }],
    pageSetup: PRINT_SETUP,
  });
  ws.autoFilter = `A1:${last}1`;
  // One style object per column, given to every data cell of it: exceljs keeps a cell's style id by the style
  // object's identity, so a shared object is looked up once; a copy per cell (what a column style gives) is turned
  // into XML and hashed again for each cell, a third of the writer's time on a large file.
  const styles = sheet.columns.map((c) => (XLSX_FORMATS[c.kind] ? { numFmt: XLSX_FORMATS[c.kind] } : {}));
  // Headers are never cut (issue 25 §5): a column is at least as wide as its header (bold: a little more).
  ws.columns = sheet.columns.map((c, i) => ({ key: `c${i}`, width: columnWidth(c), style: styles[i] }));
  const head = ws.addRow(sheet.columns.map((c) => c.header));
  head.font = { bold: true };
  head.eachCell((cell) => {
    cell.numFmt = "@";
  });
  head.commit();
  // A formula-like text (decision 0080) is written as an inline text cell with the Text format: never a formula,
  // not even once edited. One shared style object, as above.
  const textStyle = { numFmt: "@" };
  let count = 0;
  const every = sheet.progressEvery ?? 5000;
  for await (const make of sheet.rows as AsyncIterable<(rowNumber: number) => XlsxCell[]>) {
    const cells = make(count + 2);
    const row = ws.addRow(cells.map((c) => (c === undefined ? null : typeof c === "string" && formulaLike(c) ? { richText: [{ text: c }] } : c)));
    for (let i = 0; i < styles.length; i++) {
      const cell = row.getCell(i + 1);
      // A text column has no number format, so its style id would depend on the cell's type: only strings share it.
      if (typeof cells[i] === "string" && formulaLike(cells[i] as string)) cell.style = textStyle;
      else if (XLSX_FORMATS[sheet.columns[i]!.kind] || typeof cells[i] === "string") cell.style = styles[i]!;
    }
    row.commit();
    count += 1;
    if (count % 500 === 0) await yieldToIo();
    if (sheet.onProgress && count % every === 0) await sheet.onProgress(count);
  }
  if (sheet.totals) {
    const { label, sumColumns, results } = sheet.totals;
    const cells: (XlsxCell | { richText: { text: string }[] })[] = sheet.columns.map(() => null);
    cells[0] = formulaLike(label) ? { richText: [{ text: label }] } : label;
    for (const col of sumColumns) {
      const letter = columnLetter(col);
      // Every formula carries its computed result (previews, openpyxl and pandas read only that).
      const result = results?.[col];
      if (result === undefined) throw new Error(`xlsx: the total of column ${col} has no computed result`);
      cells[col - 1] = count > 0 ? { formula: `SUM(${letter}2:${letter}${count + 1})`, result } : 0;
    }
    const row = ws.addRow(cells);
    row.font = { bold: true };
    row.commit();
  }
  ws.commit();
  await workbook.commit();
  if (sheet.onProgress) await sheet.onProgress(count);
  return count;
}

/** A streaming HTTP response of one sheet; an error after the headers are sent ends the stream early. */
export function xlsxResponse(fileName: string, disposition: string, sheet: XlsxSheet): Response {
  const pass = new PassThrough();
  void writeXlsx(pass, sheet).catch((error: unknown) => {
    console.error("[xlsx] export failed", error);
    pass.destroy(error as Error);
  });
  return new Response(createReadableStreamFromReadable(pass), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": disposition,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
