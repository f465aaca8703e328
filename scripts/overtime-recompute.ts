/**
 * Recomputes the stored overtime weeks of every employee over a range, and credits the recovery of the finished
 * weeks (only what is not credited yet: decision 0034), with a progress bar on a terminal:
 *   npm run overtime:recompute -- --from 2026-01-01 [--to 2026-06-30] [--chunk-size 200]
 * `--to` defaults to today (Europe/Paris); weeks not begun are skipped. The database is DATABASE_URL. The same
 * chunks as the nightly job run here one after the other; it is safe to stop and run again (nothing counts twice).
 */
import "./lib/job-runner"; // hands the job registry to the queue (issue 45)
import type { EntityManager } from "@mikro-orm/postgresql";
import { parseArgs } from "node:util";
import { mondayOf } from "~/domain/shared/iso-week";
import { formatHoursMinutes } from "~/domain/shared/number-format";
import { calendarDay, isCalendarDate, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { DEFAULT_CHUNK_SIZE, overtimeChecksum, planChunks, runChunk } from "~/services/overtime/run.server";

/** The first day a range may start (the engine's policies start in 2000). */
const FIRST_DAY = "2000-01-01";

export type RecomputeArgs = { ok: true; from: CalendarDate; to: CalendarDate; chunkSize: number } | { ok: false; message: string };

export const USAGE = "Usage : npm run overtime:recompute -- --from AAAA-MM-JJ [--to AAAA-MM-JJ] [--chunk-size N]";

/**
 * Reads the command line; every refusal is one French sentence naming the bad value.
 *
 * @example parseRecomputeArgs(["--from", "2026-01-05"], "2026-03-01") // { ok: true, from: "2026-01-05", to: "2026-03-01", chunkSize: 200 }
 */
export function parseRecomputeArgs(argv: string[], today: CalendarDate): RecomputeArgs {
  let values: { from?: string; to?: string; "chunk-size"?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { from: { type: "string" }, to: { type: "string" }, "chunk-size": { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, message: `Option inconnue ou incomplète (${(error as Error).message}).\n${USAGE}` };
  }
  const date = (name: string, value: string | undefined): string | null => {
    if (value === undefined) return null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isCalendarDate(value)) return `--${name} « ${value} » n'est pas une date AAAA-MM-JJ valide.`;
    if (value < FIRST_DAY) return `--${name} « ${value} » est avant le ${calendarDay(FIRST_DAY).toFormat("dd/MM/yyyy")}.`;
    return null;
  };
  if (!values.from) return { ok: false, message: `--from est obligatoire.\n${USAGE}` };
  const bad = date("from", values.from) ?? date("to", values.to);
  if (bad) return { ok: false, message: bad };
  const to = values.to ?? today;
  if (values.from > today) return { ok: false, message: `--from « ${values.from} » est dans le futur : rien à recalculer.` };
  if (values.from > to) return { ok: false, message: `--from « ${values.from} » est après --to « ${to} ».` };
  let chunkSize = DEFAULT_CHUNK_SIZE;
  if (values["chunk-size"] !== undefined) {
    if (!/^\d{1,6}$/.test(values["chunk-size"]) || Number(values["chunk-size"]) < 1) {
      return { ok: false, message: `--chunk-size « ${values["chunk-size"]} » doit être un nombre entier positif.` };
    }
    chunkSize = Number(values["chunk-size"]);
  }
  return { ok: true, from: values.from, to: to > today ? today : to, chunkSize };
}

interface Output {
  write: (text: string) => unknown;
  isTTY?: boolean;
}

function bar(done: number, total: number): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const width = 30;
  const full = Math.round(ratio * width);
  return `[${"#".repeat(full)}${".".repeat(width - full)}] ${String(Math.round(ratio * 100)).padStart(3)} % ${done}/${total} semaines`;
}

/** The employee-weeks of the range (the progress bar's total; dirty weeks outside it come on top). */
async function plannedWeeks(em: EntityManager, from: CalendarDate, to: CalendarDate): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from employee e
       cross join generate_series(?::date, ?::date, interval '1 week') m
      where (e.hired_at is null or e.hired_at <= m::date + 6) and (e.fired_at is null or e.fired_at >= m::date)`,
    [mondayOf(from), mondayOf(to)],
  );
  return row?.n ?? 0;
}

/** The command: returns the exit code (0 done, 2 bad arguments). Tests call it with their database. */
export async function main(
  argv: string[],
  io: { em: EntityManager; out?: Output; err?: Output; now?: Date },
): Promise<number> {
  const out = io.out ?? process.stdout;
  const err = io.err ?? process.stderr;
  const now = io.now ?? new Date();
  const args = parseRecomputeArgs(argv, localDate(now, "Europe/Paris"));
  if (!args.ok) {
    err.write(`${args.message}\n`);
    return 2;
  }
  const started = performance.now();
  const chunks = await planChunks(io.em, args.chunkSize);
  const total = await plannedWeeks(io.em, args.from, args.to);
  out.write(`Recalcul des heures supplémentaires du ${args.from} au ${args.to} : ${chunks.length} lot(s), environ ${total} semaine(s).\n`);
  let done = 0;
  let credited = 0;
  let seconds = 0;
  let unchanged = 0;
  let lastDraw = 0;
  const draw = (force = false) => {
    if (!out.isTTY) return;
    const t = performance.now();
    if (!force && t - lastDraw < 100) return;
    lastDraw = t;
    out.write(`\r${bar(done, Math.max(total, done))}`);
  };
  for (const [i, chunk] of chunks.entries()) {
    const result = await runChunk(io.em, chunk, { kind: "range", from: args.from, to: args.to }, now, {
      onWeek: () => {
        done++;
        draw();
      },
    });
    credited += result.credited;
    seconds += result.creditedSeconds;
    unchanged += result.unchanged;
    if (out.isTTY) draw(true);
    else out.write(`lot ${i + 1}/${chunks.length} (salariés ${chunk.firstId}–${chunk.lastId}) : ${done}/${Math.max(total, done)} semaines\n`);
  }
  if (out.isTTY) out.write("\n");
  const { checksum, weeks } = await overtimeChecksum(io.em);
  const elapsed = ((performance.now() - started) / 1000).toFixed(1).replace(".", ",");
  out.write(
    `Terminé en ${elapsed} s : ${done} semaine(s) calculée(s) dont ${unchanged} inchangée(s) (non réécrite(s)), ${credited} semaine(s) créditée(s) (${formatHoursMinutes(seconds)} de récupération).\n` +
      `Empreinte des ${weeks} semaines stockées : ${checksum}\n`,
  );
  return 0;
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("scripts/overtime-recompute.ts");
if (isMain) {
  const { getEm, closeOrm } = await import("~/server/shared/orm.server");
  let code = 1;
  try {
    code = await main(process.argv.slice(2), { em: await getEm() });
  } catch (error) {
    console.error(`Échec du recalcul : ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await closeOrm();
  }
  process.exit(code);
}
