/**
 * One chunk of a full-year overtime recompute in this process, to profile the worker's own cost (decision 0058):
 *   DATABASE_URL=.../cadran_large_x node --cpu-prof --import tsx scripts/bench/overtime-chunk.ts [employees] [phases]
 * Takes the first `employees` ids (default 200, the production chunk), recomputes every week of the year before
 * today (as the bench's `overtime.recompute`), and prints the time and the weeks. With "phases" it first times the
 * phases of the set-based path on the same employees without writing: the reads (loadChunkInputs), assembling the
 * weeks, the engine, and the checksum and JSON of the rows. Writes only what a recompute writes (idempotent).
 */
import { DateTime } from "luxon";
import { isoWeekKey, mondayOf } from "~/domain/shared/iso-week";
import { computeOvertimeWeek } from "~/domain/overtime/overtime";
import { addDays } from "~/domain/shared/time-calendar-date";
import { closeOrm, getEm } from "~/server/shared/orm.server";
import { runChunk } from "~/services/overtime/run.server";
import { weekChecksum } from "~/services/overtime/week.server";
import { assembleWeek, loadChunkInputs } from "~/services/overtime/week-inputs.server";

const employees = Number(process.argv[2] ?? 200);
const phases = process.argv.includes("phases");
const em = await getEm();
const ids = (await em.execute<{ id: number }[]>("select id from employee order by id limit ?", [employees])).map((r) => r.id);
const now = new Date();
const today = DateTime.now().setZone("Europe/Paris");
const from = today.minus({ years: 1 }).toISODate()!;
const to = today.toISODate()!;

if (phases) {
  const first = mondayOf(from);
  const last = mondayOf(to);
  const mondays: string[] = [];
  for (let m = first; m <= last; m = addDays(m, 7)) mondays.push(m);
  const t0 = performance.now();
  const inputs = await loadChunkInputs(em, ids, first, last);
  const t1 = performance.now();
  const loaded = [];
  for (const id of ids) for (const m of mondays) loaded.push(assembleWeek(inputs, id, isoWeekKey(m), now));
  const t2 = performance.now();
  const results = loaded.map((l) => computeOvertimeWeek(l.input));
  const t3 = performance.now();
  let bytes = 0;
  for (const [i, r] of results.entries()) {
    bytes += weekChecksum(r, loaded[i]!.policy.id).length;
    bytes += JSON.stringify({ lines: r.lines, rates: r.rates }).length;
    bytes += JSON.stringify({ steps: r.explanation, days: r.days, anomalies: r.anomalies, quota: r.quota }).length;
  }
  const t4 = performance.now();
  const per = (ms: number) => `${ms.toFixed(0)} ms (${((ms * 1000) / loaded.length).toFixed(0)} µs/week)`;
  console.info(
    `[phases] ${ids.length} employees × ${mondays.length} weeks = ${loaded.length} weeks: reads ${per(t1 - t0)}, assemble ${per(t2 - t1)}, ` +
      `engine ${per(t3 - t2)}, checksum+json ${per(t4 - t3)} (${bytes} chars)`,
  );
}

// Wall time per kind of statement (the first words of its SQL, from knex's query events: every statement of the
// ORM goes through them), and the process's memory along the way.
const sqlTimes = new Map<string, { n: number; ms: number }>();
const pending = new Map<string, { key: string; t: number }>();
const knex = em.getConnection().getKnex();
knex.on("query", (q: { __knexQueryUid: string; sql: string }) => {
  pending.set(q.__knexQueryUid, { key: q.sql.replace(/\s+/g, " ").trim().slice(0, 40), t: performance.now() });
});
knex.on("query-response", (_: unknown, q: { __knexQueryUid: string }) => {
  const p = pending.get(q.__knexQueryUid);
  if (!p) return;
  pending.delete(q.__knexQueryUid);
  const e = sqlTimes.get(p.key) ?? { n: 0, ms: 0 };
  e.n += 1;
  e.ms += performance.now() - p.t;
  sqlTimes.set(p.key, e);
});
let peakHeap = 0;
const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 20);
const started = performance.now();
const result = await runChunk(em, { firstId: ids[0]!, lastId: ids.at(-1)! }, { kind: "range", from, to }, now);
const ms = performance.now() - started;
console.info(
  `[chunk] ${result.employees} employees, ${result.weeks} weeks in ${(ms / 1000).toFixed(1)} s ` +
    `(${((ms * 1000) / Math.max(1, result.weeks)).toFixed(0)} µs/week), peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`,
);
clearInterval(sampler);
for (const [k, v] of [...sqlTimes].sort((a, b) => b[1].ms - a[1].ms)) console.info(`[sql] ${v.ms.toFixed(0).padStart(6)} ms ${String(v.n).padStart(5)}× ${k}`);
console.info(`[memory] peak heap used ${Math.round(peakHeap / 2 ** 20)} MiB, rss now ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`);
await closeOrm();
