import type { EntityManager } from "@mikro-orm/postgresql";
import { Readable, Writable } from "node:stream";

/**
 * A large export's file kept in PostgreSQL (decision 0096), the state web and worker share: the worker writes it in
 * chunks of CHUNK_BYTES (one row each in `report_export_chunk`), the web streams them back one at a time, so neither
 * holds the file in memory and no disk has to be shared between hosts.
 */
export const CHUNK_BYTES = 1024 * 1024;

/** The `file_path` of an export stored in PostgreSQL (older exports keep a path on the worker's disk). */
export const STORED_IN_DATABASE = "pg:";

/** A Writable that stores what it receives as the export's chunks, in order; a rerun starts from an empty file. */
export async function exportChunkWriter(em: EntityManager, exportId: string): Promise<Writable> {
  await em.execute(`delete from report_export_chunk where export_id = ?`, [exportId]);
  let seq = 0;
  let pending: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const data = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    await em.execute(`insert into report_export_chunk (export_id, seq, data) values (?, ?, ?)`, [exportId, seq++, data]);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      size += chunk.length;
      if (size < CHUNK_BYTES) return callback();
      flush().then(() => callback(), callback);
    },
    final(callback) {
      flush().then(() => callback(), callback);
    },
  });
}

/** The export's file, read back chunk by chunk. */
export function exportChunkReader(em: EntityManager, exportId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const [row] = await em.execute<{ data: Buffer }[]>(`select data from report_export_chunk where export_id = ? and seq = ?`, [exportId, seq]);
      if (!row) return;
      yield row.data;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
