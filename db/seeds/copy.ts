/**
 * `COPY table (columns) FROM STDIN` through node-postgres without an extra package: a submittable query that
 * answers the server's CopyInResponse with CopyData chunks, honouring the socket's back-pressure. Rows are written
 * in PostgreSQL's text format (tab-separated, `\N` for null), which is the fastest way in: no parsing of
 * parameters, no per-row statement. Used by the large seed (db/seeds/large.ts).
 */
import type pg from "pg";

export type CopyCell = string | number | boolean | null | undefined;

/** One field in COPY text format. */
export function copyField(v: CopyCell): string {
  if (v === null || v === undefined) return "\\N";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`COPY: not a finite number: ${v}`);
    return String(v);
  }
  if (typeof v === "boolean") return v ? "t" : "f";
  // Backslash first, then the separators.
  if (!/[\\\t\n\r]/.test(v)) return v;
  return v.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

/** One row in COPY text format, with its newline. */
export function copyLine(cells: readonly CopyCell[]): string {
  let out = "";
  for (let i = 0; i < cells.length; i++) out += (i ? "\t" : "") + copyField(cells[i]);
  return out + "\n";
}

interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  stream: NodeJS.WritableStream & { writableNeedDrain?: boolean };
}

/**
 * A COPY FROM STDIN in progress on one client. `write` buffers lines and flushes them in ~256 KB chunks, waiting
 * for the socket to drain when the server falls behind; `end` finishes the copy and resolves with the row count.
 * One copy per client at a time (the client's query queue holds anything else until it ends).
 */
export class CopyIn {
  /** Lines are encoded straight into this buffer (no joined strings: far less garbage on millions of rows). */
  private buffer = Buffer.allocUnsafe(CHUNK);
  private size = 0;
  private connection: PgConnection | null = null;
  private ready!: () => void;
  private readonly started: Promise<void>;
  private done!: { resolve: (n: number) => void; reject: (e: unknown) => void };
  private readonly finished: Promise<number>;
  private error: unknown = null;
  private rows = 0;
  private readonly text: string;

  constructor(client: pg.Client, table: string, columns: readonly string[]) {
    this.text = `copy "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) from stdin`;
    this.started = new Promise<void>((resolve) => (this.ready = resolve));
    this.finished = new Promise<number>((resolve, reject) => (this.done = { resolve, reject }));
    // A submittable: node-postgres calls the protocol methods below; it returns no promise.
    client.query(this as unknown as pg.QueryConfig);
    this.finished.catch(() => {});
  }

  // --- the submittable protocol of node-postgres -------------------------------------------------------------
  submit(connection: PgConnection) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: PgConnection) {
    this.connection = connection;
    this.ready();
  }
  handleCommandComplete(msg: { text?: string }) {
    const m = /COPY (\d+)/.exec(msg.text ?? "");
    if (m) this.rows = Number(m[1]);
  }
  handleReadyForQuery() {
    if (this.error) this.done.reject(this.error);
    else this.done.resolve(this.rows);
  }
  handleError(error: unknown) {
    this.error = error;
    this.ready();
    this.done.reject(error);
  }
  // ------------------------------------------------------------------------------------------------------------

  /** Queues one line (from copyLine); flushes when the buffer is nearly full. */
  async write(line: string): Promise<void> {
    if (this.push(line)) await this.flush();
  }

  /** Queues one line without waiting; true when the buffer should be flushed now (`await copy.flush()`). */
  push(line: string): boolean {
    if (line.length * 3 > this.buffer.length - this.size) {
      // Does not fit for sure (UTF-8: at most 3 bytes per UTF-16 unit): a bigger buffer for this one.
      const bytes = Buffer.byteLength(line);
      if (bytes > this.buffer.length - this.size) {
        const bigger = Buffer.allocUnsafe(Math.max(CHUNK, this.size + bytes));
        this.buffer.copy(bigger, 0, 0, this.size);
        this.buffer = bigger;
      }
    }
    this.size += this.buffer.write(line, this.size);
    return this.size >= CHUNK - RESERVE;
  }

  async flush(): Promise<void> {
    await this.started;
    if (this.error) throw this.error;
    if (this.size === 0) return;
    const chunk = this.buffer.subarray(0, this.size);
    this.buffer = Buffer.allocUnsafe(CHUNK);
    this.size = 0;
    const connection = this.connection!;
    connection.sendCopyFromChunk(chunk);
    if (connection.stream.writableNeedDrain) await new Promise<void>((resolve) => connection.stream.once("drain", () => resolve()));
  }

  /** Sends the rest and CopyDone; resolves with the number of rows the server stored. */
  async end(): Promise<number> {
    await this.flush();
    this.connection!.endCopyFrom();
    return this.finished;
  }
}

/** Bytes sent per CopyData message, and the room kept free so that a usual line always fits. */
const CHUNK = 1024 * 1024;
const RESERVE = 64 * 1024;

/** Copies a whole array of rows into a table (for the small tables). */
export async function copyRows(client: pg.Client, table: string, columns: readonly string[], rows: readonly (readonly CopyCell[])[]): Promise<number> {
  if (rows.length === 0) return 0;
  const copy = new CopyIn(client, table, columns);
  for (const row of rows) await copy.write(copyLine(row));
  return copy.end();
}
