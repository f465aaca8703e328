/** The downloads among the page rules, timed alone against the Excel budget (split from pages.ts). */

/**
 * The page rules that answer a file, not a page (decision 0104 addendum): the payroll files, "Mes données", the
 * directory's spreadsheet, a sheet's history export and the import template. A user asks for one now and then, not
 * at the rate of the screens; at 50,000 employees the directory's 50,000 rows take seconds, which, sent at one
 * request in 41 of 40 per second, would alone ask more than the machine's two cores.
 */
export function isDownload(rulePath: string): boolean {
  return (
    rulePath.startsWith("/export/") ||
    rulePath === "/profile/data" ||
    rulePath === "/employees/export" ||
    rulePath === "/employees/import/template" ||
    rulePath.endsWith("/history/export")
  );
}

/**
 * The downloads that are page rules (the payroll variables of the previous month for the viewer's subsidiary, CSV
 * and Excel; the directory's spreadsheet, a sheet's history, the import template), timed alone: the median of 3,
 * against DESIGN §6's Excel budget (100,000 rows in < 10 s).
 */
export async function benchDownloads(opts: { base: string; cookies: Map<string, string>; email: string; employeeId?: number }) {
  const files: [string, string][] = [
    ["directory spreadsheet (xlsx)", "/employees/export"],
    ["import template (xlsx)", "/employees/import/template"],
    ...(opts.employeeId ? ([["a sheet's history (xlsx)", `/employees/${opts.employeeId}/history/export`]] as [string, string][]) : []),
    ["payroll export (csv)", "/export/payroll?format=csv"],
    ["payroll export (xlsx)", "/export/payroll?format=xlsx"],
    // "Mes données" (issue 32 §4): the viewer's own data as a ZIP of CSV files, a download like the exports.
    ["Mes données (ZIP)", "/profile/data"],
  ];
  const out: { name: string; ms: number; bytes: number; status: number }[] = [];
  for (const [name, path] of files) {
    const times: number[] = [];
    let bytes = 0;
    let status = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const res = await fetch(`${opts.base}${path}`, { headers: { Cookie: opts.cookies.get(opts.email)! } });
      bytes = (await res.arrayBuffer()).byteLength;
      status = res.status;
      times.push(performance.now() - t);
    }
    const ms = Math.round(times.sort((a, b) => a - b)[1]!);
    out.push({ name, ms, bytes, status });
    console.info(`${name.padEnd(34)} status ${status}  ${(bytes / 1024).toFixed(0)} KB  alone ${ms} ms (budget < 10,000 ms: ${status === 200 && ms < 10_000 ? "ok" : "OVER"})`);
  }
  return out;
}
