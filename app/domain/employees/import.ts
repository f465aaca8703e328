import { PROFILE_TYPES } from "~/domain/identity/access";
import { CONTRACT_TYPES, LEAVE_WORKFLOWS, WEEK_TYPES, type EmployeeField } from "./sheet";
import { t, type MessageKey } from "~/i18n/fr";

/**
 * The employee import and the directory export (issue 33 item 1, decision 0098): one column per sheet field, under
 * the sheet's French label; the cells read as a French HR file writes them (dates DD/MM/YYYY, decimal comma or
 * point, « oui »/« non », a choice by its code or its French label). Pure: the file reading and the database are in
 * `services/employees/import.server.ts`.
 */

/** How a CSV's bytes are read: detected (UTF-8 when valid, else Windows-1252) or chosen on the upload form. */
export const IMPORT_ENCODINGS = ["auto", "utf-8", "windows-1252"] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export type ImportKind = "text" | "integer" | "decimal" | "date" | "yesno" | "choice" | "place";

export interface ImportColumn {
  field: EmployeeField;
  kind: ImportKind;
  /** For a choice: the codes, each with its French label (both accepted in a cell). */
  choices?: readonly { code: string; label: string }[];
}

const choice = (codes: readonly string[], prefix: string) =>
  codes.map((code) => ({ code, label: t(`${prefix}${code}` as MessageKey) }));

/** The columns, in the sheet's order; the header of each is the sheet's label (`employee.<field>`). */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { field: "matricule", kind: "integer" },
  { field: "acronym", kind: "text" },
  { field: "firstname", kind: "text" },
  { field: "lastname", kind: "text" },
  { field: "birthday", kind: "date" },
  { field: "phone", kind: "text" },
  { field: "email", kind: "text" },
  { field: "emailPersonal", kind: "text" },
  { field: "profileType", kind: "choice", choices: choice(PROFILE_TYPES, "role.") },
  { field: "position", kind: "text" },
  { field: "comments", kind: "text" },
  { field: "typeContract", kind: "choice", choices: CONTRACT_TYPES.map((code) => ({ code, label: t(`contract.${code}` as MessageKey) })) },
  { field: "numberOfHoursPerWeek", kind: "decimal" },
  { field: "numberOfHoursPerMonth", kind: "decimal" },
  { field: "hiredAt", kind: "date" },
  { field: "firedAt", kind: "date" },
  { field: "contractState", kind: "text" },
  { field: "annualSalary", kind: "decimal" },
  { field: "hourlyCost", kind: "decimal" },
  { field: "holidayEarnedLastYear", kind: "decimal" },
  { field: "holidayTakenLastYear", kind: "decimal" },
  { field: "holidayEarnedThisYear", kind: "decimal" },
  { field: "holidayTakenThisYear", kind: "decimal" },
  { field: "holidayTotalBalance", kind: "decimal" },
  { field: "holidayMonthlyVacationAccrual", kind: "decimal" },
  { field: "holidayWorkingTimeReduction", kind: "yesno" },
  { field: "country", kind: "place" },
  { field: "subsidiary", kind: "place" },
  { field: "division", kind: "place" },
  { field: "departmentHead", kind: "yesno" },
  { field: "team", kind: "place" },
  { field: "teamLeader", kind: "yesno" },
  { field: "timeRegistration", kind: "yesno" },
  { field: "leaveWorkflow", kind: "choice", choices: choice(LEAVE_WORKFLOWS, "workflow.") },
  { field: "weekType", kind: "choice", choices: WEEK_TYPES.map((code) => ({ code, label: t(`import.week_type.${code}` as MessageKey) })) },
];

export function columnHeader(field: EmployeeField): string {
  return t(`employee.${field}` as MessageKey);
}

/** Header text as compared: case, accents, spaces and punctuation ignored ("E-mail professionnel" = "email professionnel"). */
export function headerKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\(.*?\)/g, "")
    .replace(/[^a-z0-9]/g, "");
}

/** Which column each header of a file is (by the sheet's label, or the field's code); unknown headers: null. */
export function matchHeaders(headers: readonly string[]): (ImportColumn | null)[] {
  const byKey = new Map<string, ImportColumn>();
  for (const c of IMPORT_COLUMNS) {
    byKey.set(headerKey(columnHeader(c.field)), c);
    byKey.set(headerKey(c.field), c);
  }
  return headers.map((h) => byKey.get(headerKey(String(h ?? ""))) ?? null);
}

/**
 * An xlsx formula cell saved without its result (a file written by a program, never opened in a spreadsheet): its
 * value is unknown, so it is an error of that cell, never the formula's text.
 */
export const FORMULA_WITHOUT_VALUE = Object.freeze({ formulaWithoutValue: true as const });
export type RawCell = string | number | boolean | Date | null | undefined | typeof FORMULA_WITHOUT_VALUE;

/** A cell longer than this is refused before anything else (the longest sheet field, the comments, holds 5,000). */
export const MAX_CELL_CHARS = 5000;

/**
 * C0 and C1 control characters (a NUL, or the bytes 0x80–0x9F of a Windows-1252 file read as Latin-1) and U+FFFD
 * (a byte no encoding could read): never a letter of a name. A tab or a line break is allowed in the comments only
 * (a multi-line text).
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/;
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F\uFFFD]/;

/** The first forbidden character of a text cell, as "U+009C"; null when the text is clean. */
export function forbiddenCharacter(text: string, multiline = false): string | null {
  const m = (multiline ? CONTROL : CONTROL_OR_BREAK).exec(text);
  return m ? `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : null;
}
export type CellValue = string | number | boolean | null;
export type CellResult = { ok: true; value: CellValue } | { ok: false; message: string };

const pad = (n: number) => String(n).padStart(2, "0");

function isRealDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2100 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A date cell: an Excel date (a Date at UTC midnight, or a serial number), "DD/MM/YYYY" (also D/M/YYYY and with
 * dashes or dots), or "YYYY-MM-DD". Answers "YYYY-MM-DD".
 *
 * @example parseDate("05/01/2026") // "2026-01-05"
 */
export function parseDate(raw: RawCell): string | null | undefined {
  if (raw instanceof Date) {
    if (Number.isNaN(raw.getTime())) return undefined;
    return `${raw.getUTCFullYear()}-${pad(raw.getUTCMonth() + 1)}-${pad(raw.getUTCDate())}`;
  }
  if (typeof raw === "number") {
    // Excel's serial day: days since 30 December 1899.
    if (!Number.isInteger(raw) || raw < 1 || raw > 80_000) return undefined;
    return parseDate(new Date(Date.UTC(1899, 11, 30) + raw * 86_400_000));
  }
  const text = String(raw ?? "").trim();
  if (text === "") return null;
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return isRealDay(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : undefined;
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return isRealDay(Number(m[1]), Number(m[2]), Number(m[3])) ? text : undefined;
  return undefined;
}

/**
 * A decimal cell: a number, or a text with a decimal comma or point; spaces (thousands) are dropped, and when both
 * a comma and a point appear the last one is the decimal mark ("1.234,50" and "1,234.50" are 1234.5).
 *
 * @example parseDecimal("35,5") // 35.5
 */
export function parseDecimal(raw: RawCell): number | null | undefined {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : undefined;
  let text = String(raw ?? "").replace(/[\s\u00a0\u202f€]/g, "");
  if (text === "") return null;
  const lastComma = text.lastIndexOf(",");
  const lastPoint = text.lastIndexOf(".");
  const mark = lastComma > lastPoint ? "," : ".";
  const other = mark === "," ? "." : ",";
  text = text.split(other).join("");
  if (mark === ",") text = text.replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

const YES = new Set(["oui", "o", "yes", "y", "vrai", "true", "1", "x"]);
const NO = new Set(["non", "n", "no", "faux", "false", "0"]);

/** One cell of a column, read and checked; an error is a French message naming the value expected. */
export function parseCell(column: ImportColumn, raw: RawCell): CellResult {
  if (raw === FORMULA_WITHOUT_VALUE) return { ok: false, message: t("import.error.formula_without_value") };
  if (typeof raw === "string") {
    if (raw.length > MAX_CELL_CHARS) return { ok: false, message: t("import.error.cell_too_long", { max: MAX_CELL_CHARS.toLocaleString("fr-FR") }) };
    const bad = forbiddenCharacter(raw, column.field === "comments");
    if (bad) return { ok: false, message: t(bad === "U+FFFD" ? "import.error.unreadable_character" : "import.error.control_character", { code: bad }) };
  }
  const blank = raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "");
  if (blank) return { ok: true, value: null };
  switch (column.kind) {
    case "text":
    case "place":
      return { ok: true, value: String(raw instanceof Date ? parseDate(raw) : raw).trim() };
    case "integer": {
      const n = parseDecimal(raw);
      return n !== undefined && n !== null && Number.isSafeInteger(n) && n >= 0
        ? { ok: true, value: n }
        : { ok: false, message: t("import.error.integer") };
    }
    case "decimal": {
      const n = parseDecimal(raw);
      return n === undefined ? { ok: false, message: t("import.error.decimal") } : { ok: true, value: n };
    }
    case "date": {
      const d = parseDate(raw);
      return d === undefined ? { ok: false, message: t("import.error.date") } : { ok: true, value: d };
    }
    case "yesno": {
      if (typeof raw === "boolean") return { ok: true, value: raw };
      const text = String(raw).trim().toLowerCase();
      if (YES.has(text)) return { ok: true, value: true };
      if (NO.has(text)) return { ok: true, value: false };
      return { ok: false, message: t("import.error.yesno") };
    }
    case "choice": {
      const key = headerKey(String(raw));
      const found = column.choices!.find((c) => headerKey(c.code) === key || headerKey(c.label) === key);
      return found
        ? { ok: true, value: found.code }
        : { ok: false, message: t("import.error.choice", { values: column.choices!.map((c) => c.label).join(", ") }) };
    }
  }
}

/** A row read from a file: each column's value (null when blank) and the French errors of its cells. */
export interface ParsedRow {
  /** The row's number in the file (the header is row 1). */
  line: number;
  values: Partial<Record<EmployeeField, CellValue>>;
  errors: { field: EmployeeField; message: string }[];
}

/** Reads the data rows under a header row; empty rows are skipped. */
export function parseRows(headers: readonly string[], rows: readonly (readonly RawCell[])[], firstLine = 2): ParsedRow[] {
  const columns = matchHeaders(headers);
  const out: ParsedRow[] = [];
  rows.forEach((cells, i) => {
    if (cells.every((c) => c === null || c === undefined || (typeof c !== "object" && String(c).trim() === ""))) return;
    const row: ParsedRow = { line: firstLine + i, values: {}, errors: [] };
    columns.forEach((column, j) => {
      if (!column) return;
      const result = parseCell(column, cells[j]);
      if (result.ok) row.values[column.field] = result.value;
      else row.errors.push({ field: column.field, message: result.message });
    });
    out.push(row);
  });
  return out;
}

/** The columns every file must have: the matricule (the key of an update) and the login. */
export const KEY_COLUMNS: readonly EmployeeField[] = ["matricule", "email", "firstname", "lastname"];

/** The key columns a file's headers lack. */
export function missingColumns(headers: readonly string[]): EmployeeField[] {
  const present = new Set(matchHeaders(headers).map((c) => c?.field));
  return KEY_COLUMNS.filter((f) => !present.has(f));
}

export type RowOutcome = "create" | "update" | "unchanged" | "error";

/**
 * A valid row next to the stored sheet of the same matricule: a create when none, unchanged when every column of
 * the file holds the stored value, else an update naming the fields that change.
 */
export function rowOutcome(
  values: Partial<Record<EmployeeField, unknown>>,
  stored: Partial<Record<EmployeeField, unknown>> | null,
): { outcome: Exclude<RowOutcome, "error">; changed: EmployeeField[] } {
  if (!stored) return { outcome: "create", changed: [] };
  const same = (a: unknown, b: unknown) => {
    const na = a === undefined || a === "" ? null : a;
    const nb = b === undefined || b === "" ? null : b;
    if (typeof na === "number" || typeof nb === "number") return na !== null && nb !== null && Math.abs(Number(na) - Number(nb)) < 1e-9;
    if (typeof na === "string" && typeof nb === "string") return na.trim() === nb.trim();
    return na === nb;
  };
  const changed = (Object.keys(values) as EmployeeField[]).filter((f) => !same(values[f], stored[f]));
  return changed.length === 0 ? { outcome: "unchanged", changed } : { outcome: "update", changed };
}

// ---------- whose sheet changes (issue 39) ----------

/**
 * A change of these fields is a change of person, not a correction: the row is written only when HR ticks it on the
 * preview. A matricule found in another subsidiary than the file names is more: an error of the row unless ticked.
 */
export const IDENTITY_FIELDS: readonly EmployeeField[] = ["firstname", "lastname", "email", "subsidiary"];

export type TickKind = "identity" | "subsidiary";

/**
 * What an update needs before it is written: "subsidiary" when the matched sheet is in another subsidiary than the
 * one the file names (both set), "identity" when a name or the login changes, else null.
 *
 * @example rowTick(["lastname"], 1, 1) // "identity"
 * @example rowTick(["position"], 1, 2) // "subsidiary"
 */
export function rowTick(changed: readonly EmployeeField[], storedSubsidiary: number | null, fileSubsidiary: number | null | undefined): TickKind | null {
  if (storedSubsidiary !== null && fileSubsidiary !== undefined && fileSubsidiary !== null && storedSubsidiary !== fileSubsidiary) return "subsidiary";
  return changed.some((f) => IDENTITY_FIELDS.includes(f)) ? "identity" : null;
}

const frDay = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso);

/**
 * A value as the preview shows it in "old → new": dates DD/MM/YYYY, decimals with a comma, yes/no as oui/non, a
 * choice by its French label, a place by its name (the caller gives names for places); blank as « (vide) ».
 */
export function displayValue(field: EmployeeField, value: unknown): string {
  if (value === null || value === undefined || value === "") return t("import.empty_value");
  const column = IMPORT_COLUMNS.find((c) => c.field === field);
  if (typeof value === "boolean") return t(value ? "word.yes" : "word.no");
  if (column?.kind === "date" && typeof value === "string") return frDay(value);
  if (column?.kind === "choice") return column.choices!.find((c) => c.code === value)?.label ?? String(value);
  if (typeof value === "number" || (column?.kind === "decimal" && typeof value === "string")) return String(Number(value)).replace(".", ",");
  return String(value);
}

const ORDER: Record<RowOutcome | TickKind, number> = { error: 0, subsidiary: 1, identity: 2, update: 3, create: 4, unchanged: 5 };

/** The preview's order: errors first, then the rows to tick, updates, creations, unchanged rows; by line within each. */
export function previewOrder<T extends { line: number; outcome: RowOutcome; tick: TickKind | null }>(rows: readonly T[]): T[] {
  const rank = (r: T) => (r.outcome === "error" ? 0 : r.tick ? ORDER[r.tick] : ORDER[r.outcome]);
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.line - b.line);
}

/** Rows per preview page. */
export const PREVIEW_PAGE_SIZE = 200;

/** The page asked for, kept within 1..last (a page past the end shows the last). */
export function previewPage(total: number, asked: number, size = PREVIEW_PAGE_SIZE): { page: number; pages: number; from: number; to: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(pages, Math.max(1, Number.isInteger(asked) ? asked : 1));
  return { page, pages, from: (page - 1) * size, to: Math.min(total, page * size) };
}

/** An unconfirmed preview (or a failed confirmation) lives this long; the worker's cleanup then deletes it. */
export const PREVIEW_LIFETIME_MS = 24 * 3600 * 1000;

/** A confirmation whose progress has not moved for this long was left by a process that died: the worker fails it. */
export const STALE_RUN_MS = 10 * 60 * 1000;
