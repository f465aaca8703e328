/**
 * Excel budget (DESIGN §6): a 100,000 rows × 12 columns export through the same streaming writer as the reports
 * (app/services/shared/xlsx.server.ts), written to a temporary file; prints the time and the peak RSS of this process
 * against < 10 s and < 300 MB. Run alone in a child process by `npm run bench` (so the RSS is the writer's), or
 * directly: `npx tsx scripts/bench/excel.ts`.
 */
import "../lib/job-runner"; // hands the job registry to the queue (issue 45)
import { createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeXlsx, xlsxDate, type XlsxColumn } from "~/services/shared/xlsx.server";

const ROWS = Number(process.env.BENCH_EXCEL_ROWS ?? 100_000);

export async function benchExcel(rows = ROWS): Promise<{ seconds: number; cpuSeconds: number; peakMb: number; bytes: number }> {
  const columns: XlsxColumn[] = [
    { header: "Employé", kind: "text" },
    { header: "Matricule", kind: "int" },
    { header: "Coût horaire normal", kind: "euros" },
    { header: "Année", kind: "int" },
    { header: "Semaine", kind: "int" },
    { header: "Lundi", kind: "date" },
    { header: "Heures normales", kind: "hours" },
    { header: "Heures à 25 %", kind: "hours" },
    { header: "Heures à 50 %", kind: "hours" },
    { header: "Total majoré", kind: "hours" },
    { header: "Total majoré (h:mm)", kind: "duration" },
    { header: "Total à payer", kind: "euros" },
  ];
  function* data() {
    for (let i = 0; i < rows; i++) {
      const week = (i % 52) + 1;
      yield (row: number) => [
        `Employé ${i % 5000} NOM${i % 5000}`,
        100000 + (i % 5000),
        18.5 + (i % 7),
        2026,
        week,
        xlsxDate(`2026-${String(((week - 1) % 12) + 1).padStart(2, "0")}-0${(i % 7) + 1}`),
        35,
        (i % 9) * 0.5,
        (i % 3) * 0.25,
        (i % 9) * 0.625 + (i % 3) * 0.375,
        { formula: `J${row}/24`, result: ((i % 9) * 0.625) / 24 },
        700 + (i % 13) * 12.5,
      ];
    }
  }
  const path = join(tmpdir(), `cadran-bench-${process.pid}.xlsx`);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const out = createWriteStream(path);
  const done = new Promise<void>((resolve, reject) => (out.on("finish", resolve), out.on("error", reject)));
  await writeXlsx(out, { name: "Bench", columns, rows: data() });
  await done;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  const bytes = (await stat(path)).size;
  await rm(path, { force: true });
  return { seconds, cpuSeconds, peakMb: peak / 1024 / 1024, bytes };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("excel.ts")) {
  const r = await benchExcel();
  // Run by `npm run bench`: the figures go back to it through this file (bench-results.json's "excel").
  if (process.env.BENCH_EXCEL_OUT) {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(process.env.BENCH_EXCEL_OUT, JSON.stringify({ rows: ROWS, columns: 12, ...r, budgets: { seconds: 10, peakMb: 300 } }));
  }
  const ok = (v: boolean) => (v ? "ok" : "OVER");
  console.info(
    `[bench:excel] ${ROWS.toLocaleString("en")} rows × 12 columns: ${r.seconds.toFixed(2)} s (budget < 10 s: ${ok(r.seconds < 10)}; ` +
      `CPU of this process ${r.cpuSeconds.toFixed(2)} s: a wall time well above it is the neighbours' load), ` +
      `peak RSS ${r.peakMb.toFixed(0)} MB (budget < 300 MB: ${ok(r.peakMb < 300)}), file ${(r.bytes / 1024 / 1024).toFixed(1)} MB`,
  );
}
