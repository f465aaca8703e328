import type { EntityManager } from "@mikro-orm/postgresql";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { randomUUID } from "node:crypto";
import { sameName } from "~/domain/settings-rules";
import {
  columnHeader,
  IMPORT_COLUMNS,
  missingColumns,
  parseRows,
  rowOutcome,
  type ParsedRow,
  type RawCell,
  type RowOutcome,
} from "~/domain/employee-import";
import { missingRequiredFields, NEW_EMPLOYEE_DEFAULTS, normaliseWeek, weekCount, type EmployeeField, type EmployeeValues } from "~/domain/employee-sheet";
import { t } from "~/i18n/fr";
import { enqueue } from "~/server/queue.server";
import { loadCurrentUser, type CurrentUser } from "./current-user.server";
import { assertManagement, COLUMN_DEFAULTS, COLUMNS, EMPLOYEE_SELECT, FIELDS, toRecord, type Row } from "./employee-records.server";
import { updateEmployee } from "./employee-writes.server";
import { AppError, NotFoundError, ValidationError } from "./errors";

/**
 * The employee import (issue 33 item 1, decision 0098): a file is read (exceljs for .xlsx, csv-parse for .csv in
 * UTF-8 or Windows-1252, `;` or `,`), its rows kept in `employee_import` and shown with their outcome against the
 * sheets as they are now; nothing touches a sheet until the confirmation, which writes every row in one transaction
 * through the same create/update as the sheet form (same rules, same login accounts) and creates the divisions and
 * teams the file names that do not exist. The same file imported twice: every row unchanged, nothing written.
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

// ---------- the preview ----------

export interface PreviewRow {
  line: number;
  name: string;
  outcome: RowOutcome;
  /** French messages, each naming its column. */
  messages: string[];
  changed: string[];
}

export interface ImportPlan {
  id: string;
  fileName: string;
  state: "preview" | "running" | "done" | "failed";
  total: number;
  done: number;
  rows: PreviewRow[];
  counts: Record<RowOutcome, number>;
  newDivisions: { name: string; subsidiary: string }[];
  newTeams: { name: string; division: string; subsidiary: string }[];
  result: { created: number; updated: number; unchanged: number; error?: string } | null;
}

interface Places {
  countries: { id: number; name: string }[];
  subsidiaries: { id: number; name: string }[];
  divisions: { id: number; name: string; subsidiaryId: number }[];
  teams: { id: number; name: string; divisionId: number }[];
}

async function loadPlaces(em: EntityManager): Promise<Places> {
  const rows = await em.execute<{ kind: string; id: number; name: string; parent: number | null }[]>(
    `select 'country' as kind, id, name, null::int as parent from country
     union all select 'subsidiary', id, name, null from subsidiary
     union all select 'division', id, name, subsidiary_id from division
     union all select 'team', id, name, division_id from team`,
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  return {
    countries: of("country"),
    subsidiaries: of("subsidiary"),
    divisions: of("division").map((r) => ({ id: r.id, name: r.name, subsidiaryId: r.parent! })),
    teams: of("team").map((r) => ({ id: r.id, name: r.name, divisionId: r.parent! })),
  };
}

/** A row ready to write: the sheet values (places as ids; a new division or team by a negative placeholder). */
interface PlannedRow {
  parsed: ParsedRow;
  values: Partial<EmployeeValues>;
  outcome: RowOutcome;
  employeeId: number | null;
  messages: string[];
  changed: EmployeeField[];
}

interface Plan {
  rows: PlannedRow[];
  newDivisions: { key: number; name: string; subsidiaryId: number; subsidiary: string }[];
  newTeams: { key: number; name: string; divisionKey: number; subsidiaryId: number; division: string; subsidiary: string }[];
}

const cellMessage = (field: EmployeeField, message: string) => `${columnHeader(field)} : ${message}`;

/**
 * Every row's outcome against the sheets as stored now: three queries whatever the number of rows (the places, the
 * sheets of the file's matricules, the logins of the file's e-mails).
 */
async function planImport(em: EntityManager, parsed: ParsedRow[]): Promise<Plan> {
  const places = await loadPlaces(em);
  const matricules = [...new Set(parsed.map((r) => r.values.matricule).filter((m): m is number => typeof m === "number"))];
  const emails = [...new Set(parsed.map((r) => (typeof r.values.email === "string" ? r.values.email.toLowerCase() : null)).filter((e): e is string => !!e))];
  const personal = [
    ...new Set(parsed.map((r) => (typeof r.values.emailPersonal === "string" ? r.values.emailPersonal.trim().toLowerCase() : null)).filter((e): e is string => !!e)),
  ];
  const textArray = (list: string[]) => `{${list.map((e) => `"${e.replace(/["\\]/g, "")}"`).join(",")}}`;
  const [storedRows, logins] = await Promise.all([
    matricules.length ? em.execute<Row[]>(`${EMPLOYEE_SELECT} where e.matricule = any(?::int[])`, [`{${matricules.join(",")}}`]) : Promise.resolve([]),
    emails.length || personal.length
      ? em.execute<{ email: string; matricule: number | null; login: boolean }[]>(
          // The same checks as the sheet's save (validateSheet), for every row at once: a professional e-mail used by
          // another sheet or account, a personal e-mail that is another account's login (decision 0019).
          `select x.email, e.matricule, x.login from (
             select lower(e.email) as email, e.id, false as login from employee e where lower(e.email) = any(?::text[])
             union select u.email, u.employee_id, true from app_user u where u.email = any(?::text[]) or u.email = any(?::text[])
           ) x join employee e on e.id = x.id`,
          [textArray(emails), textArray(emails), textArray(personal)],
        )
      : Promise.resolve([]),
  ]);
  const stored = new Map(storedRows.map((r) => toRecord(r)).map((r) => [r.matricule!, r]));
  const emailOwners = new Map<string, (number | null)[]>();
  for (const l of logins) emailOwners.set(l.email, [...(emailOwners.get(l.email) ?? []), l.matricule]);
  const loginOwners = new Map<string, (number | null)[]>();
  for (const l of logins.filter((x) => x.login)) loginOwners.set(l.email, [...(loginOwners.get(l.email) ?? []), l.matricule]);
  const newDivisions: Plan["newDivisions"] = [];
  const newTeams: Plan["newTeams"] = [];
  const seenMatricule = new Map<number, number>();
  const seenEmail = new Map<string, number>();
  const find = <T extends { name: string }>(list: T[], name: string, where: (x: T) => boolean = () => true) =>
    list.find((x) => where(x) && sameName(x.name, name));

  const rows = parsed.map((p): PlannedRow => {
    const messages = p.errors.map((e) => cellMessage(e.field, e.message));
    const v = p.values;
    const values: Partial<EmployeeValues> = {};
    for (const c of IMPORT_COLUMNS) {
      if (!(c.field in v) || c.kind === "place") continue;
      (values as Record<string, unknown>)[c.field] = v[c.field];
    }
    if (typeof values.email === "string") values.email = values.email.toLowerCase();
    const matricule = typeof v.matricule === "number" ? v.matricule : null;
    if (matricule === null && !p.errors.some((e) => e.field === "matricule")) messages.push(cellMessage("matricule", t("import.error.matricule_required")));
    if (matricule !== null) {
      const first = seenMatricule.get(matricule);
      if (first !== undefined) messages.push(cellMessage("matricule", t("import.error.matricule_twice", { line: first })));
      else seenMatricule.set(matricule, p.line);
    }
    if (values.email) {
      const first = seenEmail.get(values.email);
      if (first !== undefined) messages.push(cellMessage("email", t("import.error.email_twice", { line: first })));
      else seenEmail.set(values.email, p.line);
      if ((emailOwners.get(values.email) ?? []).some((owner) => owner !== matricule)) messages.push(cellMessage("email", t("employee.error.email_taken")));
    }
    if (typeof values.emailPersonal === "string" && values.emailPersonal.trim() !== "") {
      const owners = loginOwners.get(values.emailPersonal.trim().toLowerCase()) ?? [];
      if (owners.some((owner) => owner !== matricule)) messages.push(cellMessage("emailPersonal", t("employee.error.personal_email_is_login")));
    }
    // Places by name: country and subsidiary must exist; a division or team unknown under its parent is new.
    const current = matricule !== null ? (stored.get(matricule) ?? null) : null;
    if ("country" in v) {
      const name = v.country as string | null;
      const found = name ? find(places.countries, name) : null;
      if (name && !found) messages.push(cellMessage("country", t("import.error.unknown_country")));
      values.country = found?.id ?? null;
    }
    let subsidiaryId: number | null = current?.subsidiary ?? null;
    if ("subsidiary" in v) {
      const name = v.subsidiary as string | null;
      const found = name ? find(places.subsidiaries, name) : null;
      if (name && !found) messages.push(cellMessage("subsidiary", t("import.error.unknown_subsidiary")));
      values.subsidiary = found?.id ?? null;
      subsidiaryId = values.subsidiary;
    }
    let divisionKey: number | null = current?.division ?? null;
    if ("division" in v) {
      const name = v.division as string | null;
      divisionKey = null;
      if (name && subsidiaryId === null) messages.push(cellMessage("division", t("import.error.division_without_subsidiary")));
      else if (name && subsidiaryId !== null) {
        const found = find(places.divisions, name, (d) => d.subsidiaryId === subsidiaryId);
        if (found) divisionKey = found.id;
        else {
          let planned = newDivisions.find((d) => d.subsidiaryId === subsidiaryId && sameName(d.name, name));
          if (!planned) {
            planned = { key: -(newDivisions.length + 1), name, subsidiaryId, subsidiary: places.subsidiaries.find((s) => s.id === subsidiaryId)!.name };
            newDivisions.push(planned);
          }
          divisionKey = planned.key;
        }
      }
      values.division = divisionKey;
    }
    if ("team" in v) {
      const name = v.team as string | null;
      let teamKey: number | null = null;
      if (name && divisionKey === null) messages.push(cellMessage("team", t("import.error.team_without_division")));
      else if (name && divisionKey !== null) {
        const found = divisionKey > 0 ? find(places.teams, name, (tm) => tm.divisionId === divisionKey) : undefined;
        if (found) teamKey = found.id;
        else {
          let planned = newTeams.find((tm) => tm.divisionKey === divisionKey && sameName(tm.name, name));
          if (!planned) {
            const division =
              divisionKey > 0 ? places.divisions.find((d) => d.id === divisionKey)!.name : newDivisions.find((d) => d.key === divisionKey)!.name;
            planned = {
              key: -(newTeams.length + 1),
              name,
              divisionKey,
              subsidiaryId: subsidiaryId!,
              division,
              subsidiary: places.subsidiaries.find((s) => s.id === subsidiaryId)!.name,
            };
            newTeams.push(planned);
          }
          teamKey = planned.key;
        }
      }
      values.team = teamKey;
    }
    // The sheet's required fields (spec 1 §5) on what the sheet would hold after the import.
    const merged = { ...(current ?? {}), ...values } as Partial<EmployeeValues>;
    for (const f of missingRequiredFields(merged)) {
      if (!p.errors.some((e) => e.field === f)) messages.push(cellMessage(f, t("word.required")));
    }
    if (messages.length) return { parsed: p, values, outcome: "error", employeeId: current?.id ?? null, messages, changed: [] };
    const { outcome, changed } = rowOutcome(values, current as unknown as Partial<Record<EmployeeField, unknown>> | null);
    if (outcome !== "unchanged" && current?.archived) {
      return { parsed: p, values, outcome: "error", employeeId: current.id, messages: [t("employee.error.archived")], changed: [] };
    }
    return { parsed: p, values, outcome, employeeId: current?.id ?? null, messages, changed };
  });
  return { rows, newDivisions, newTeams };
}

/** Reads an upload and keeps its rows for the preview (nothing written to the sheets). Returns the import's id. */
export async function startImport(em: EntityManager, actor: CurrentUser, file: { name: string; bytes: Uint8Array }): Promise<string> {
  assertManagement(actor);
  const { headers, rows } = await readImportFile(file.bytes, file.name);
  const parsed = parseRows(headers, rows);
  const id = randomUUID();
  await em.execute(
    `insert into employee_import (id, created_by_id, file_name, rows, total) values (?, ?, ?, ?::jsonb, ?)`,
    [id, actor.userId, file.name.slice(0, 200), JSON.stringify(parsed), parsed.length],
  );
  return id;
}

interface ImportRow {
  id: string;
  file_name: string;
  state: ImportPlan["state"];
  rows: ParsedRow[] | null;
  total: number;
  done: number;
  welcome: boolean;
  result: ImportPlan["result"];
  created_by_id: number;
}

async function importRow(em: EntityManager, id: string): Promise<ImportRow> {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new NotFoundError(t("import.error.expired"));
  const [row] = await em.execute<ImportRow[]>(
    "select id, file_name, state, rows, total, done, welcome, result, created_by_id from employee_import where id = ?",
    [id],
  );
  if (!row) throw new NotFoundError(t("import.error.expired"));
  return row;
}

/** The preview (or, once confirmed, the progress and the result) of an import. */
export async function importPlan(em: EntityManager, actor: CurrentUser, id: string): Promise<ImportPlan> {
  assertManagement(actor);
  const row = await importRow(em, id);
  const base = { id, fileName: row.file_name, state: row.state, total: row.total, done: row.done, result: row.result };
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  if (row.state !== "preview" || !row.rows) return { ...base, rows: [], counts, newDivisions: [], newTeams: [] };
  const plan = await planImport(em, row.rows);
  for (const r of plan.rows) counts[r.outcome]++;
  return {
    ...base,
    rows: plan.rows.map((r) => ({
      line: r.parsed.line,
      name: [r.parsed.values.firstname, r.parsed.values.lastname].filter(Boolean).join(" "),
      outcome: r.outcome,
      messages: r.messages,
      changed: r.changed.map(columnHeader),
    })),
    counts,
    newDivisions: plan.newDivisions.map(({ name, subsidiary }) => ({ name, subsidiary })),
    newTeams: plan.newTeams.map(({ name, division, subsidiary }) => ({ name, division, subsidiary })),
  };
}

/**
 * Confirms an import: refused while a row is in error; a large one (more than IMPORT_JOB_THRESHOLD rows to write)
 * goes to the worker, a small one runs here. Answers the state after the call.
 */
export async function confirmImport(em: EntityManager, actor: CurrentUser, id: string, options: { welcome: boolean }): Promise<"running" | "done"> {
  assertManagement(actor);
  const row = await importRow(em, id);
  if (row.state !== "preview" || !row.rows) return row.state === "running" ? "running" : "done";
  const plan = await planImport(em, row.rows);
  if (plan.rows.some((r) => r.outcome === "error")) throw new ValidationError([{ propertyPath: "file", message: t("import.fix_first") }], t("import.fix_first"));
  const toWrite = plan.rows.filter((r) => r.outcome === "create" || r.outcome === "update").length;
  const taken = await em.execute<{ id: string }[]>(
    "update employee_import set state = 'running', welcome = ? where id = ? and state = 'preview' returning id",
    [options.welcome, id],
  );
  if (taken.length === 0) return "running";
  if (toWrite > IMPORT_JOB_THRESHOLD) {
    await enqueue("employees.import", { importId: id });
    return "running";
  }
  await runImport(em, id);
  return "done";
}

const CREATE_CHUNK = 500;

/**
 * Creates the new sheets of an import, set-based: their rows, their schedule and their login accounts (no password
 * yet), as createEmployee does one by one; the checks createEmployee makes (validateSheet) were made for every row
 * at once by planImport inside the same transaction. A unique index lost to a concurrent save fails the whole import.
 */
async function insertEmployees(tx: EntityManager, rows: Partial<EmployeeValues>[]): Promise<number[]> {
  const c = tx.getConnection();
  const ctx = tx.getTransactionContext();
  const all = rows.map((r) => {
    const v = { ...NEW_EMPLOYEE_DEFAULTS, ...r } as EmployeeValues;
    return { ...v, email: v.email!.trim().toLowerCase() };
  });
  const value = (v: EmployeeValues, f: (typeof FIELDS)[number]) => v[f] ?? COLUMN_DEFAULTS[f] ?? null;
  // One JSON parameter (a row type per object): thousands of `?` placeholders would cost more to bind than to insert.
  const cols = FIELDS.map((f) => COLUMNS[f]).join(", ");
  const inserted = await c.execute<{ id: number; email: string }[]>(
    `insert into employee (${cols}, created_at, updated_at)
     select ${cols}, now(), now() from json_populate_recordset(null::employee, ?::json) returning id, email`,
    [JSON.stringify(all.map((v) => Object.fromEntries(FIELDS.map((f) => [COLUMNS[f], value(v, f)]))))],
    "all",
    ctx,
  );
  const idOf = new Map(inserted.map((r) => [r.email, r.id]));
  const weeks = all.flatMap((v) =>
    Array.from({ length: weekCount(v.weekType) }, (_, w) => ({ e: idOf.get(v.email!)!, n: w + 1, d: normaliseWeek(v.weeks[w]) })),
  );
  await c.execute(
    `insert into week_schedule (employee_id, week_number, days) select x.e, x.n, x.d from json_to_recordset(?::json) as x(e int, n int, d jsonb)`,
    [JSON.stringify(weeks)],
    "run",
    ctx,
  );
  const users = await c.execute<{ id: number }[]>(
    `insert into app_user (employee_id, email, password_hash, roles, created_at)
     select x.e, x.m, null, array[x.r]::text[], now() from json_to_recordset(?::json) as x(e int, m text, r text) returning id`,
    [JSON.stringify(all.map((v) => ({ e: idOf.get(v.email!)!, m: v.email, r: String(value(v, "profileType")) })))],
    "all",
    ctx,
  );
  // An archived newcomer (history import) gets an account but never a welcome mail (as createEmployee).
  const archivedIds = new Set(all.filter((v) => v.firedAt).map((v) => idOf.get(v.email!)!));
  if (archivedIds.size === 0) return users.map((u) => u.id);
  const active = await c.execute<{ id: number }[]>(
    "select id from app_user where id = any(?::int[]) and not (employee_id = any(?::int[]))",
    [`{${users.map((u) => u.id).join(",")}}`, `{${[...archivedIds].join(",")}}`],
    "all",
    ctx,
  );
  return active.map((u) => u.id);
}

/**
 * Writes a confirmed import in one transaction (the job's body, also run inline for small files): the new divisions
 * and teams, then each row through createEmployee / updateEmployee; any refusal rolls everything back and is kept
 * as the import's result. Progress is written outside the transaction (every 100 rows) for the progress page.
 */
export async function runImport(em: EntityManager, id: string): Promise<ImportPlan["result"]> {
  const row = await importRow(em, id);
  if (row.state !== "running" || !row.rows) return row.result;
  const actor = await loadCurrentUser(em, row.created_by_id);
  if (!actor) throw new NotFoundError(t("error.not_found_item"));
  const progress = em.fork();
  const created: number[] = [];
  let result: NonNullable<ImportPlan["result"]>;
  try {
    result = await em.transactional(async (tx) => {
      const plan = await planImport(tx, row.rows!);
      const bad = plan.rows.find((r) => r.outcome === "error");
      if (bad) throw new ValidationError([{ propertyPath: "file", message: `${t("import.col.line")} ${bad.parsed.line} : ${bad.messages.join(" ")}` }]);
      const c = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const ids = new Map<number, number>();
      for (const d of plan.newDivisions) {
        const [r] = await c.execute<{ id: number }[]>("insert into division (name, subsidiary_id) values (?, ?) returning id", [d.name, d.subsidiaryId], "all", ctx);
        ids.set(d.key, r!.id);
      }
      const teamIds = new Map<number, number>();
      for (const tm of plan.newTeams) {
        const divisionId = tm.divisionKey > 0 ? tm.divisionKey : ids.get(tm.divisionKey)!;
        const [r] = await c.execute<{ id: number }[]>(
          "insert into team (name, subsidiary_id, division_id) values (?, ?, ?) returning id",
          [tm.name, tm.subsidiaryId, divisionId],
          "all",
          ctx,
        );
        teamIds.set(tm.key, r!.id);
      }
      let n = 0;
      let updated = 0;
      let createdCount = 0;
      const place = (values: Partial<EmployeeValues>) => {
        const out = { ...values };
        if (typeof out.division === "number" && out.division < 0) out.division = ids.get(out.division)!;
        if (typeof out.team === "number" && out.team < 0) out.team = teamIds.get(out.team)!;
        return out;
      };
      const creates = plan.rows.filter((r) => r.outcome === "create");
      for (let i = 0; i < creates.length; i += CREATE_CHUNK) {
        created.push(...(await insertEmployees(tx, creates.slice(i, i + CREATE_CHUNK).map((r) => place(r.values)))));
        createdCount += Math.min(CREATE_CHUNK, creates.length - i);
        n += Math.min(CREATE_CHUNK, creates.length - i);
        await progress.execute("update employee_import set done = ? where id = ?", [n, id]);
      }
      for (const r of plan.rows.filter((x) => x.outcome === "update")) {
        try {
          await updateEmployee(tx, actor, r.employeeId!, place(r.values));
          updated++;
        } catch (error) {
          if (error instanceof ValidationError) {
            const detail = error.violations.map((v) => cellMessage(v.propertyPath as EmployeeField, v.message)).join(" ");
            throw new ValidationError(error.violations, `${t("import.col.line")} ${r.parsed.line} : ${detail || error.message}`);
          }
          if (error instanceof AppError) throw new ValidationError([], `${t("import.col.line")} ${r.parsed.line} : ${error.message}`);
          throw error;
        }
        n++;
        if (n % 100 === 0) await progress.execute("update employee_import set done = ? where id = ?", [n, id]);
      }
      return { created: createdCount, updated, unchanged: plan.rows.length - createdCount - updated };
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    result = { created: 0, updated: 0, unchanged: 0, error: error.message };
    created.length = 0;
  }
  await em.execute(
    "update employee_import set state = ?, done = total, result = ?::jsonb, rows = case when ? then rows else '[]'::jsonb end, finished_at = now() where id = ?",
    [result.error ? "failed" : "done", JSON.stringify(result), !!result.error, id],
  );
  if (row.welcome) for (const userId of created) await enqueue("mail.welcome", { userId });
  return result;
}
