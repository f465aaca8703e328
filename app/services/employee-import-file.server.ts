import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { columnHeader, missingColumns, type RawCell } from "~/domain/employee-import";
import { t } from "~/i18n/fr";
import { AppError } from "./errors";

/**
 * The employee import, reading a file (decision 0098): .xlsx through exceljs (first sheet), .csv through csv-parse in
 * UTF-8 or Windows-1252 with `;` or `,`; answers the header row and the data rows, or a French error (400).
 */

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/** Above this many rows to write, the confirmation runs as a job with a progress page. */
export const IMPORT_JOB_THRESHOLD = 500;

export class ImportFileError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

// ---------- reading a file ----------

function cellOf(value: ExcelJS.CellValue): RawCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "object") {
    if ("result" in value) return cellOf(value.result as ExcelJS.CellValue);
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value) return String(value.text);
    if ("error" in value) return null;
  }
  return String(value);
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM dropped), else Windows-1252 (Excel's "CSV" on a French Windows). */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** `;` (Excel in French) or `,`: whichever the header line holds more of, outside quotes. */
export function csvDelimiter(text: string): ";" | "," {
  const firstLine = (text.split(/\r?\n/, 1)[0] ?? "").replace(/"[^"]*"/g, "");
  return (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
}

/** The header row and the data rows of an uploaded .xlsx (first sheet) or .csv file. */
export async function readImportFile(bytes: Uint8Array, fileName: string): Promise<{ headers: string[]; rows: RawCell[][] }> {
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new ImportFileError(t("import.error.file_too_large"));
  const lower = fileName.toLowerCase();
  let table: RawCell[][];
  if (lower.endsWith(".xlsx")) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new ImportFileError(t("import.error.file_unreadable"));
    }
    const sheet = workbook.worksheets[0];
    table = [];
    sheet?.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const cells: RawCell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellOf(cell.value);
      });
      table[rowNumber - 1] = cells;
    });
    table = Array.from(table, (r) => r ?? []);
  } else if (lower.endsWith(".csv")) {
    const text = decodeCsv(bytes).replace(/^\uFEFF/, "");
    try {
      table = parseCsv(text, { delimiter: csvDelimiter(text), relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
    } catch {
      throw new ImportFileError(t("import.error.file_unreadable"));
    }
  } else {
    throw new ImportFileError(t("import.error.file_type"));
  }
  const [head, ...rows] = table;
  const headers = (head ?? []).map((h) => String(h ?? "").trim());
  if (headers.every((h) => h === "")) throw new ImportFileError(t("import.error.file_empty"));
  if (rows.length > MAX_IMPORT_ROWS) throw new ImportFileError(t("import.error.file_too_large"));
  const missing = missingColumns(headers);
  if (missing.length) throw new ImportFileError(t("import.error.missing_columns", { columns: missing.map(columnHeader).join(", ") }));
  return { headers, rows };
}
