import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { inflateRawSync } from "node:zlib";
import { columnHeader, FORMULA_WITHOUT_VALUE, missingColumns, type ImportEncoding, type RawCell } from "~/domain/employees/import";
import { t } from "~/i18n/fr";
import { AppError } from "~/services/shared/errors";

/**
 * The employee import, reading a file (decisions 0098 and 0116): .xlsx through exceljs (first sheet) once its zip
 * has been checked against the size limits, .csv through csv-parse in UTF-8 or Windows-1252 (iconv-lite) with `;`
 * or `,`; answers the header row and the data rows, or a French error (400).
 */

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/** An xlsx unpacks to at most this many bytes in all (10,000 rows of 35 columns measured 21.7 MB)... */
export const MAX_XLSX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** ...and, above 5 MB unpacked, at most this many times its packed size (a sheet's XML packs 5 to 20 times). */
export const MAX_XLSX_RATIO = 100;

export { IMPORT_ENCODINGS, type ImportEncoding } from "~/domain/employees/import";
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
    // A formula: its cached result; none saved (a file written by a program) is an error of the cell, not text.
    if ("formula" in value || "sharedFormula" in value || "result" in value) {
      const result = (value as { result?: ExcelJS.CellValue }).result;
      return result === undefined || result === null ? FORMULA_WITHOUT_VALUE : cellOf(result);
    }
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value) return String(value.text);
    if ("error" in value) return null;
  }
  return String(value);
}

/**
 * The encoding of a CSV: a UTF-8 BOM is UTF-8 whatever was chosen; "auto" is UTF-8 when the bytes are valid UTF-8,
 * else Windows-1252 (Excel's "CSV" on a French Windows).
 */
export function csvEncoding(bytes: Uint8Array, chosen: ImportEncoding = "auto"): "utf-8" | "windows-1252" {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (chosen !== "auto") return chosen;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/**
 * Decodes a CSV with iconv-lite (BOM dropped). Not Node's TextDecoder("windows-1252"): Node 20 maps the bytes
 * 0x80–0x9F to C1 controls (nodejs/node#56542), which turned "Bœuf" into "B\u009Cuf". A byte no encoding defines
 * (0x81, 0x8D, 0x8F, 0x90, 0x9D in Windows-1252, a broken sequence in UTF-8) becomes U+FFFD, an error of its cell.
 */
export function decodeCsv(bytes: Uint8Array, chosen: ImportEncoding = "auto"): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), csvEncoding(bytes, chosen), { stripBOM: true });
}

/**
 * Checks an xlsx's zip before exceljs unpacks it: the sizes its central directory declares (total and ratio), then
 * each entry really inflated under the remaining budget (zlib's maxOutputLength), so a zip that lies about its
 * sizes is stopped at the budget too. Memory stays within the budget; a bomb is refused in milliseconds.
 */
export function checkXlsxSize(bytes: Uint8Array): void {
  const tooLarge = () => new ImportFileError(t("import.error.xlsx_too_large", { max: MAX_XLSX_UNPACKED_BYTES / 1024 / 1024 }));
  const unreadable = () => new ImportFileError(t("import.error.file_unreadable"));
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  // ZIP64 (more than 65,535 entries or 4 GB): never an honest employee file.
  if (count === 0xffff || at === 0xffffffff) throw tooLarge();
  const entries: { method: number; packed: number; unpacked: number; local: number }[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const entry = { method: buf.readUInt16LE(at + 10), packed: buf.readUInt32LE(at + 20), unpacked: buf.readUInt32LE(at + 24), local: buf.readUInt32LE(at + 42) };
    if (entry.packed === 0xffffffff || entry.unpacked === 0xffffffff) throw tooLarge();
    entries.push(entry);
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  const unpacked = entries.reduce((s, e) => s + e.unpacked, 0);
  const packed = entries.reduce((s, e) => s + e.packed, 0);
  if (unpacked > MAX_XLSX_UNPACKED_BYTES || (unpacked > 5 * 1024 * 1024 && unpacked > MAX_XLSX_RATIO * Math.max(1, packed))) throw tooLarge();
  let budget = MAX_XLSX_UNPACKED_BYTES;
  for (const e of entries) {
    if (e.local + 30 > buf.length || buf.readUInt32LE(e.local) !== 0x04034b50) throw unreadable();
    const start = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
    const data = buf.subarray(start, start + e.packed);
    let size = data.length;
    if (e.method === 8) {
      try {
        // One byte more than declared is enough to know the entry lies; never more than what is left of the budget.
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(budget, e.unpacked + 1)) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge();
        throw unreadable();
      }
    } else if (e.method !== 0) throw unreadable();
    if (size !== e.unpacked) throw unreadable();
    budget -= size;
  }
}

/** `;` (Excel in French) or `,`: whichever the header line holds more of, outside quotes. */
export function csvDelimiter(text: string): ";" | "," {
  const firstLine = (text.split(/\r?\n/, 1)[0] ?? "").replace(/"[^"]*"/g, "");
  return (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
}

/** The header row and the data rows of an uploaded .xlsx (first sheet) or .csv file. */
export async function readImportFile(
  bytes: Uint8Array,
  fileName: string,
  encoding: ImportEncoding = "auto",
): Promise<{ headers: string[]; rows: RawCell[][] }> {
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new ImportFileError(t("import.error.file_bytes", { max: MAX_IMPORT_BYTES / 1024 / 1024 }));
  const lower = fileName.toLowerCase();
  let table: RawCell[][];
  if (lower.endsWith(".xlsx")) {
    checkXlsxSize(bytes);
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
    const text = decodeCsv(bytes, encoding).replace(/^\uFEFF/, "");
    try {
      // One line more than allowed is enough to refuse the file: csv-parse stops there.
      table = parseCsv(text, {
        delimiter: csvDelimiter(text),
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
        to_line: MAX_IMPORT_ROWS + 2,
      }) as string[][];
    } catch {
      throw new ImportFileError(t("import.error.file_unreadable"));
    }
  } else {
    throw new ImportFileError(t("import.error.file_type"));
  }
  const [head, ...rows] = table;
  const headers = (head ?? []).map((h) => String(h ?? "").trim());
  if (headers.every((h) => h === "")) throw new ImportFileError(t("import.error.file_empty"));
  if (rows.length > MAX_IMPORT_ROWS) throw new ImportFileError(t("import.error.too_many_rows", { max: MAX_IMPORT_ROWS.toLocaleString("fr-FR") }));
  const missing = missingColumns(headers);
  if (missing.length) throw new ImportFileError(t("import.error.missing_columns", { columns: missing.map(columnHeader).join(", ") }));
  return { headers, rows };
}
