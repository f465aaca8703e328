import type { EntityManager } from "@mikro-orm/postgresql";
import { randomUUID } from "node:crypto";
import { sameName } from "~/domain/organisation/rules";
import {
  columnHeader,
  displayValue,
  IDENTITY_FIELDS,
  IMPORT_COLUMNS,
  parseRows,
  PREVIEW_LIFETIME_MS,
  previewOrder,
  previewPage,
  rowOutcome,
  rowTick,
  type ParsedRow,
  type RowOutcome,
  type TickKind,
} from "~/domain/employees/import";
import { EmployeeBody } from "~/forms/employee.server";
import {
  importedSchedule,
  missingRequiredFields,
  missingSchedule,
  NEW_EMPLOYEE_DEFAULTS,
  type EmployeeField,
  type EmployeeValues,
} from "~/domain/employees/sheet";
import { t } from "~/i18n/fr";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { assertManagement, EMPLOYEE_SELECT, toRecord, type Row } from "./records.server";
import { readImportFile, type ImportEncoding } from "./import-file.server";
import { NotFoundError } from "~/services/shared/errors";
import { checkImportedRow, planImport } from "./import-plan.server";

// The plan of a preview lives in its own file; the run and the routes keep importing it from here.
export { cellMessage, checkImportedRow, planImport } from "./import-plan.server";

/**
 * The employee import (issue 33 item 1, decision 0098): a file is read (exceljs for .xlsx, csv-parse for .csv in
 * UTF-8 or Windows-1252, `;` or `,`), its rows kept in `employee_import` and shown with their outcome against the
 * sheets as they are now; nothing touches a sheet until the confirmation, which writes every row in one transaction
 * through the same create/update as the sheet form (same rules, same login accounts) and creates the divisions and
 * teams the file names that do not exist. The same file imported twice: every row unchanged, nothing written.
 */

// ---------- the preview ----------

export interface PreviewRow {
  line: number;
  name: string;
  outcome: RowOutcome;
  /** French messages, each naming its column. */
  messages: string[];
  changed: string[];
  /** The sheet the row matches (an update or unchanged row): "Name · matricule … · agence … · équipe …". */
  person: string | null;
  /** Each changing field, "Column : old → new". */
  changes: string[];
  /** An update that needs HR's tick (identity change, or a matricule of another subsidiary), and its sentence. */
  tick: TickKind | null;
  tickMessage: string | null;
  ticked: boolean;
}

export interface ImportPlan {
  id: string;
  fileName: string;
  state: "preview" | "running" | "done" | "failed";
  total: number;
  done: number;
  /** One page of rows, errors first. */
  rows: PreviewRow[];
  /** Every row that needs a tick (never paged: the confirmation form carries their boxes). */
  ticks: PreviewRow[];
  page: { page: number; pages: number; from: number; to: number };
  /** When an unconfirmed preview is deleted (ISO instant). */
  expiresAt: string;
  counts: Record<RowOutcome, number>;
  newDivisions: { name: string; subsidiary: string }[];
  newTeams: { name: string; division: string; subsidiary: string }[];
  result: { created: number; updated: number; unchanged: number; skipped?: number; error?: string } | null;
}

/** C0/C1 controls dropped from a file's name (it is shown and stored; PostgreSQL refuses a NUL). */
const cleanFileName = (name: string) => name.replace(/[\u0000-\u001F\u007F-\u009F\uFFFD]/g, "").slice(0, 200) || "fichier";

/** Reads an upload and keeps its rows for the preview (nothing written to the sheets). Returns the import's id. */
export async function startImport(
  em: EntityManager,
  actor: CurrentUser,
  file: { name: string; bytes: Uint8Array },
  options: { encoding?: ImportEncoding; now?: Date } = {},
): Promise<string> {
  assertManagement(actor);
  const { headers, rows } = await readImportFile(file.bytes, file.name, options.encoding ?? "auto");
  const parsed = parseRows(headers, rows).map(checkImportedRow);
  const id = randomUUID();
  await em.execute(
    `insert into employee_import (id, created_by_id, file_name, rows, total, created_at) values (?, ?, ?, ?::jsonb, ?, ?)`,
    [id, actor.userId, cleanFileName(file.name), JSON.stringify(parsed), parsed.length, options.now ?? new Date()],
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
  created_at: Date;
  /** The lines HR ticked at the last confirmation (identity changes, matricules of another subsidiary). */
  accepted: number[];
}

export async function importRow(em: EntityManager, id: string): Promise<ImportRow> {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new NotFoundError(t("import.error.expired"));
  const [row] = await em.execute<ImportRow[]>(
    "select id, file_name, state, rows, total, done, welcome, result, created_by_id, created_at, accepted from employee_import where id = ?",
    [id],
  );
  if (!row) throw new NotFoundError(t("import.error.expired"));
  return row;
}

/** A preview (or failed confirmation) past its lifetime is gone, even before the worker's cleanup deletes it. */
function assertAlive(row: ImportRow, now: Date) {
  if ((row.state === "preview" || row.state === "failed") && new Date(row.created_at).getTime() + PREVIEW_LIFETIME_MS <= now.getTime()) {
    throw new NotFoundError(t("import.error.expired"));
  }
}

/**
 * The preview (or, once confirmed, the progress and the result) of an import; a failed confirmation shows its
 * message over the preview again, to be confirmed anew. The rows come one page at a time, errors first.
 */
export async function importPlan(
  em: EntityManager,
  actor: CurrentUser,
  id: string,
  options: { page?: number; now?: Date } = {},
): Promise<ImportPlan> {
  assertManagement(actor);
  const row = await importRow(em, id);
  assertAlive(row, options.now ?? new Date());
  const expiresAt = new Date(new Date(row.created_at).getTime() + PREVIEW_LIFETIME_MS).toISOString();
  const base = { id, fileName: row.file_name, state: row.state, total: row.total, done: row.done, result: row.result, expiresAt };
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  const previewing = row.state === "preview" || row.state === "failed";
  if (!previewing || !row.rows || row.rows.length === 0) {
    return { ...base, rows: [], ticks: [], page: previewPage(0, 1), counts, newDivisions: [], newTeams: [] };
  }
  const plan = await planImport(em, row.rows);
  for (const r of plan.rows) counts[r.outcome]++;
  const accepted = new Set(row.accepted ?? []);
  const shown = previewOrder(
    plan.rows.map(
      (r): PreviewRow => ({
        line: r.parsed.line,
        name: [r.parsed.values.firstname, r.parsed.values.lastname].filter(Boolean).join(" "),
        outcome: r.outcome,
        messages: r.messages,
        changed: r.changed.map(columnHeader),
        person: r.person,
        changes: r.changes,
        tick: r.tick,
        tickMessage: r.tickMessage,
        ticked: accepted.has(r.parsed.line),
      }),
    ),
  );
  const page = previewPage(shown.length, options.page ?? 1);
  return {
    ...base,
    rows: shown.slice(page.from, page.to),
    ticks: shown.filter((r) => r.tick !== null),
    page,
    counts,
    newDivisions: plan.newDivisions.map(({ name, subsidiary }) => ({ name, subsidiary })),
    newTeams: plan.newTeams.map(({ name, division, subsidiary }) => ({ name, division, subsidiary })),
  };
}
