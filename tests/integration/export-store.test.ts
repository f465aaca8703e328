import ExcelJS from "exceljs";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { CHUNK_BYTES, exportChunkReader, exportChunkWriter, STORED_IN_DATABASE } from "~/server/reports/export-store.server";
import { createExportJob, exportJobFile, runExportJob } from "~/services/reports/export.server";
import { EMPTY_QUERY } from "~/services/reports/reports.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { createLeave, currentUserOf } from "~tests/support/factories-leave";

/**
 * Issue 31 item 6 (decision 0096): a large export's file goes through PostgreSQL, the state web and worker share, so
 * the download works whatever host wrote it, and no export directory has to be writable (nor shared) at all.
 */
const db = useTestDatabase();
const saved = process.env.EXPORT_DIR;
afterAll(() => {
  if (saved === undefined) delete process.env.EXPORT_DIR;
  else process.env.EXPORT_DIR = saved;
});

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

describe("exports stored in PostgreSQL", () => {
  it("an export whose EXPORT_DIR cannot be written is done, and its file is read back from the database", async () => {
    // A path under a regular file: no directory can ever be made there (what killed the worker before).
    process.env.EXPORT_DIR = "/dev/null/cadran-exports";
    const org = await createOrg(db.em(), " Export");
    const fin = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "export.daf@cadran.test" });
    const someone = await createEmployee(db.em(), org, { email: "export.emp@cadran.test" });
    await createLeave(db.em(), someone.employeeId, { reason: "PAID_LEAVE", start: "2026-03-16", end: "2026-03-17", state: "accepted", numberDaysWork: 2 });
    const actor = await currentUserOf(db.em(), fin);
    const query = { ...EMPTY_QUERY, subsidiaryId: org.subsidiaryId, from: "2026-03-01", to: "2026-03-31" };
    const id = await createExportJob(db.em(), actor, "leave", query, "conges.xlsx", 1);

    await runExportJob(db.em(), id);
    const [row] = await db.sql<{ status: string; file_path: string }>("select status, file_path from report_export where id = ?", [id]);
    expect(row).toEqual({ status: "done", file_path: STORED_IN_DATABASE });
    const file = await exportJobFile(db.em(), actor, id);
    expect(file).toEqual({ path: STORED_IN_DATABASE, fileName: "conges.xlsx" });

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readAll(exportChunkReader(db.em(), id))) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.actualRowCount).toBeGreaterThanOrEqual(2);
    // The chunks go with their export.
    await db.sql("delete from report_export where id = ?", [id]);
    expect(await db.sql("select 1 from report_export_chunk where export_id = ?", [id])).toHaveLength(0);
  });

  it("a file over several chunks comes back byte for byte, in order", async () => {
    const org = await createOrg(db.em(), " Chunks");
    const fin = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "chunks.daf@cadran.test" });
    const id = await createExportJob(db.em(), await currentUserOf(db.em(), fin), "leave", EMPTY_QUERY, "x.xlsx", 1);
    const bytes = Buffer.alloc(Math.round(CHUNK_BYTES * 2.5));
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    const out = await exportChunkWriter(db.em(), id);
    for (let at = 0; at < bytes.length; at += 64 * 1024) {
      if (!out.write(bytes.subarray(at, at + 64 * 1024))) await new Promise((r) => out.once("drain", r));
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    const chunks = await db.sql<{ seq: number }>("select seq from report_export_chunk where export_id = ? order by seq", [id]);
    expect(chunks.map((c) => c.seq)).toEqual([0, 1, 2]);
    expect((await readAll(exportChunkReader(db.em(), id))).equals(bytes)).toBe(true);
  });
});
