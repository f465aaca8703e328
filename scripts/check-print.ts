/**
 * Issue 43 item 4: how the exports print, checked by LibreOffice itself (`apt-get install -y libreoffice-calc-nogui`).
 *   npm run check:print
 * Writes the widest export there is (the overtime report over six months: 2 + 27 week columns + 4, for 40 people)
 * and the recovery report with the print setup of every export (PRINT_SETUP), converts each to PDF with
 * `soffice --headless --convert-to pdf`, and checks each page: landscape (wider than high), and all the columns on the
 * width of one page (pages = pages down only: as many as the rows need, at most two for 40 rows). Exits 1 otherwise.
 * Before the print setup, LibreOffice printed the same overtime report on 5 portrait pages.
 */
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { reportSheet } from "~/services/reports/output.server";
import type { AnyReport } from "~/services/reports/reports.server";
import { writeXlsx } from "~/services/shared/xlsx.server";

const soffice = ["soffice", "libreoffice"].find((bin) => spawnSync("sh", ["-c", `command -v ${bin}`]).status === 0);
if (!soffice) {
  console.error("check:print: LibreOffice is missing (apt-get install -y libreoffice-calc-nogui)");
  process.exit(2);
}

const weeks = Array.from({ length: 27 }, (_, i) => {
  const monday = new Date(Date.UTC(2026, 5, 1 + 7 * i)).toISOString().slice(0, 10);
  return { year: 2026, week: 23 + i, monday };
});
const people = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `SALARIÉ-${String(i + 1).padStart(2, "0")} Camille` }));
const head = { identifier: "print", subsidiaryId: 1, subsidiaryName: "3 Print", from: weeks[0]!.monday, to: weeks[26]!.monday };

const overtime = {
  ...head,
  kind: "overtime",
  weeks,
  runningWeek: null,
  employees: people.map((p) => {
    const cells = weeks.map((_, w) => ((p.id * 7 + w * 13) % 17) * 1_260 - 6_000);
    return { employeeId: p.id, employeeName: p.name, matricule: 1000 + p.id, cells, totalSeconds: cells.reduce((a, b) => a + b, 0), quotaUsedSeconds: 3_600 * p.id, mandatoryRestSeconds: 0 };
  }),
  totalByWeek: weeks.map(() => 0),
  totalSeconds: 0,
} as unknown as AnyReport;

const rates = [25, 50];
const recovery = {
  ...head,
  kind: "recup",
  rates,
  employees: people.slice(0, 10).map((p) => ({
    employeeId: p.id,
    employeeName: p.name,
    matricule: 1000 + p.id,
    hourlyCents: 1_850,
    balance: 4_800,
    weeks: weeks.slice(0, 4).map((w) => ({
      year: w.year,
      week: w.week,
      monday: w.monday,
      normalSeconds: 126_000,
      structuralSeconds: 0,
      overtimeSeconds: 4_799,
      paidSeconds: 0,
      rates: rates.map(() => ({ seconds: 2_400, increasedSeconds: 3_000 })),
      totalIncreasedSeconds: 6_000,
      takenSeconds: 0,
      quotaUsedSeconds: 4_799,
      mandatoryRestSeconds: 0,
    })),
  })),
} as unknown as AnyReport;

const dir = mkdtempSync(path.join(tmpdir(), "cadran-print-"));
let failed = 0;
try {
  for (const [name, report, maxPages] of [["heures-sup", overtime, 2], ["recuperation", recovery, 2]] as const) {
    const file = path.join(dir, `${name}.xlsx`);
    const out = createWriteStream(file);
    const closed = new Promise<void>((resolve) => out.on("close", () => resolve()));
    await writeXlsx(out, reportSheet(report));
    await closed;
    const run = spawnSync(soffice, ["--headless", "--convert-to", "pdf", "--outdir", dir, file], { encoding: "utf8", timeout: 120_000 });
    if (run.status !== 0) throw new Error(`soffice failed: ${run.stderr}`);
    const pdf = readFileSync(path.join(dir, `${name}.pdf`)).toString("latin1");
    const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [Number(m[3]) - Number(m[1]), Number(m[4]) - Number(m[2])]);
    const pages = (pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    const landscape = boxes.length > 0 && boxes.every(([w, h]) => w! > h!);
    const ok = landscape && pages >= 1 && pages <= maxPages;
    if (!ok) failed += 1;
    console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${pages} page(s), ${landscape ? "landscape" : "portrait"} (at most ${maxPages} expected, landscape)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed > 0 ? 1 : 0);
