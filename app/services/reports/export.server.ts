/**
 * Large Excel exports as a worker job (DESIGN §6, §9; decision 0045): above the row threshold (50,000 by default,
 * the `REPORT_EXPORT_JOB_ROWS` setting) the export is recorded, the worker writes the file to disk with its
 * progress, and the page offers the download to its requester only, for 24 hours.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { finished as streamFinished } from "node:stream/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportChunkWriter, STORED_IN_DATABASE } from "~/server/reports/export-store.server";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";
import { reportSheet } from "./output.server";
import { loadReport, reportRowCount, type ReportKind, type ReportQuery } from "./reports.server";
import { writeXlsx } from "~/services/shared/xlsx.server";

export const EXPORT_KEEP_MS = 24 * 3600 * 1000;

/** Rows above which an export runs as a job (a setting: `REPORT_EXPORT_JOB_ROWS`, read at each export). */
export function exportJobThreshold(): number {
  const raw = Number(process.env.REPORT_EXPORT_JOB_ROWS);
  return Number.isInteger(raw) && raw >= 0 ? raw : 50_000;
}

/**
 * Where job files were written (`EXPORT_DIR`, else the system's temporary directory) before they went to PostgreSQL
 * (decision 0096): read only for the files of older exports, until they expire.
 */
export function exportDir(): string {
  return process.env.EXPORT_DIR || join(tmpdir(), "cadran-exports");
}

export interface ExportJobView {
  id: string;
  kind: ReportKind;
  status: "queued" | "running" | "done" | "failed" | "expired";
  doneRows: number;
  totalRows: number;
  fileName: string;
  /** 0–100. */
  percent: number;
}

interface ExportRow {
  id: string;
  user_id: number;
  kind: ReportKind;
  params: ReportQuery;
  status: ExportJobView["status"];
  done_rows: number;
  total_rows: number;
  file_name: string;
  file_path: string | null;
  expires_at: Date;
}

function view(row: ExportRow, now: Date): ExportJobView {
  const expired = new Date(row.expires_at) <= now;
  const status = expired ? "expired" : row.status;
  const percent = status === "done" ? 100 : row.total_rows > 0 ? Math.min(99, Math.floor((row.done_rows * 100) / row.total_rows)) : 0;
  return { id: row.id, kind: row.kind, status, doneRows: row.done_rows, totalRows: row.total_rows, fileName: row.file_name, percent };
}

/** Records an export job for its requester; the caller enqueues `report.export` with the id. */
export async function createExportJob(
  em: EntityManager,
  actor: CurrentUser,
  kind: ReportKind,
  query: ReportQuery,
  fileName: string,
  totalRows: number,
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  await em.execute(
    `insert into report_export (id, user_id, kind, params, status, done_rows, total_rows, file_name, created_at, expires_at)
     values (?, ?, ?, ?::jsonb, 'queued', 0, ?, ?, ?, ?)`,
    [id, actor.userId, kind, JSON.stringify(query), totalRows, fileName, now, new Date(now.getTime() + EXPORT_KEEP_MS)],
  );
  return id;
}

async function findJob(em: EntityManager, actor: CurrentUser, id: string): Promise<ExportRow> {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new NotFoundError();
  const [row] = await em.execute<ExportRow[]>(`select * from report_export where id = ?`, [id]);
  // Someone else's export does not exist for this viewer.
  if (!row || row.user_id !== actor.userId) throw new NotFoundError();
  return row;
}

/** The job as its requester sees it; 404 for anyone else. */
export async function exportJobStatus(em: EntityManager, actor: CurrentUser, id: string, now: Date = new Date()): Promise<ExportJobView> {
  return view(await findJob(em, actor, id), now);
}

/** The finished file of a job (path and name) for its requester; 404 when missing, someone else's or expired. */
export async function exportJobFile(em: EntityManager, actor: CurrentUser, id: string, now: Date = new Date()): Promise<{ path: string; fileName: string }> {
  const row = await findJob(em, actor, id);
  if (view(row, now).status !== "done" || !row.file_path) throw new NotFoundError();
  return { path: row.file_path, fileName: row.file_name };
}

/** Deletes expired exports and their files (run at each job: nothing else has to schedule it). */
export async function purgeExpiredExports(em: EntityManager, now: Date = new Date()): Promise<number> {
  const rows = await em.execute<{ id: string; file_path: string | null }[]>(
    `delete from report_export where expires_at <= ? returning id, file_path`,
    [now],
  );
  for (const r of rows) if (r.file_path && r.file_path !== STORED_IN_DATABASE) await rm(r.file_path, { force: true });
  return rows.length;
}

/**
 * The worker's side: loads the report with the requester's rights (as of now), writes the file with its progress
 * every 5,000 rows, and marks the job done (or failed). Running it again for a done job changes nothing.
 */
export async function runExportJob(em: EntityManager, id: string, now: Date = new Date()): Promise<void> {
  await purgeExpiredExports(em, now);
  const [row] = await em.execute<ExportRow[]>(`select * from report_export where id = ?`, [id]);
  if (!row || row.status === "done") return;
  try {
    const actor = await loadCurrentUser(em, row.user_id);
    if (!actor) throw new NotFoundError();
    await em.execute(`update report_export set status = 'running', done_rows = 0 where id = ?`, [id]);
    const report = await loadReport(em, actor, row.kind, row.params);
    const total = reportRowCount(report);
    // The file goes to PostgreSQL, which web and worker share (decision 0096). The stream's end is awaited with a
    // handler attached from the start: a write that fails rejects here, never as an unhandled rejection.
    const out = await exportChunkWriter(em, id);
    const finished = streamFinished(out);
    finished.catch(() => {});
    await writeXlsx(out, {
      ...reportSheet(report),
      onProgress: async (done) => {
        await em.execute(`update report_export set done_rows = ?, total_rows = ? where id = ?`, [done, total, id]);
      },
    });
    await finished;
    const path = STORED_IN_DATABASE;
    await em.execute(`update report_export set status = 'done', done_rows = ?, total_rows = ?, file_path = ?, finished_at = now() where id = ?`, [
      total,
      total,
      path,
      id,
    ]);
  } catch (error) {
    await em.execute(`update report_export set status = 'failed', error = ? where id = ?`, [String(error).slice(0, 2000), id]);
    throw error;
  }
}
