import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { computeEmployeeWeek } from "~/services/overtime/week.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSchedule, NINE_HOURS } from "~tests/support/factories-badging";
import { createLeave } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 38 §6: every formula cell of every Excel export carries its cached result, so a reader that does not
 * recalculate (a preview, openpyxl, pandas) never sees an empty cell. Each export is downloaded and every cell of
 * every sheet walked: a formula without a result fails, and a file with no formula at all is said so (the reports'
 * totals are formulas).
 */
const db = useTestDatabase();
const server = useTestServer();
const NOW = new Date("2026-04-06T08:00:00Z");

let org: Org;
let head: TestEmployee;
let alice: number;

beforeAll(async () => {
  org = await createOrg(db.em(), " Formules38");
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "f38.head@cadran.test" });
  ({ employeeId: alice } = await createEmployee(db.em(), org, { email: "f38.alice@cadran.test" }));
  await db.sql(`update employee set number_of_hours_per_week = 35, hourly_cost = 20 where id = ?`, [alice]);
  await createSchedule(db.em(), alice);
  for (const d of ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-09", "2026-03-10"]) {
    await recomputeDay(db.em(), await createClock(db.em(), alice, d, NINE_HOURS), NOW);
  }
  await computeEmployeeWeek(db.em(), alice, { year: 2026, week: 10 }, NOW);
  await computeEmployeeWeek(db.em(), alice, { year: 2026, week: 11 }, NOW);
  await createLeave(db.em(), alice, { reason: "PAID_LEAVE", start: "2026-03-16", end: "2026-03-17", state: "accepted", numberDaysWork: 2 });
});

/**
 * Every formula cell of a workbook as the file holds it (the sheets' XML, what a reader without recalculation reads):
 * its address, formula and cached value (`<v>`), null when absent. exceljs's own reader drops a cached 0, so the
 * XML is read directly.
 */
async function formulaCells(buffer: ArrayBuffer) {
  const zip = await JSZip.loadAsync(buffer);
  const out: { at: string; formula: string; result: number | null }[] = [];
  for (const name of Object.keys(zip.files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))) {
    const xml = await zip.file(name)!.async("string");
    for (const m of xml.matchAll(/<c\b([^>]*)>([\s\S]*?)<\/c>/g)) {
      const f = /<f\b[^>]*>([^<]*)<\/f>|<f\b[^>]*\/>/.exec(m[2]!);
      if (!f) continue;
      const v = /<v>([^<]*)<\/v>/.exec(m[2]!);
      out.push({ at: `${name}!${/r="([A-Z]+\d+)"/.exec(m[1]!)?.[1]}`, formula: f[1] ?? "", result: v ? Number(v[1]) : null });
    }
  }
  return out;
}

describe("formulas carry their value (issue 38 §6)", () => {
  const period = "from=2026-03-01&to=2026-03-31";
  const exports: [string, () => string, boolean][] = [
    ["overtime report", () => `/export/overtime?subsidiary=${org.subsidiaryId}&${period}`, true],
    ["recovery report", () => `/export/recup?subsidiary=${org.subsidiaryId}&${period}`, false],
    ["cost report", () => `/export/cost?subsidiary=${org.subsidiaryId}&${period}`, false],
    ["leave report", () => `/export/leave?subsidiary=${org.subsidiaryId}&${period}`, false],
    ["payroll v1", () => `/export/payroll?subsidiary=${org.subsidiaryId}&month=2026-03&format=xlsx&layout=v1`, false],
    ["payroll v2", () => `/export/payroll?subsidiary=${org.subsidiaryId}&month=2026-03&format=xlsx&layout=v2`, false],
    ["employee list", () => `/employees/export`, false],
    ["employee history", () => `/employees/${alice}/history/export`, false],
  ];

  it.each(exports)("%s: every formula cell has a numeric cached result", async (_, path, hasFormulas) => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(head.email);
    const cookie = [...client.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(server.baseUrl + path(), { headers: { Cookie: cookie }, redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type") ?? "").toContain("spreadsheetml");
    const cells = await formulaCells(await res.arrayBuffer());
    if (hasFormulas) expect(cells.length).toBeGreaterThan(0);
    const missing = cells.filter((c) => c.result === null || Number.isNaN(c.result));
    expect(missing).toEqual([]);
    // A row total SUM(C3:J3) is there with the row's sum.
    if (hasFormulas) expect(cells.some((c) => /^SUM\([A-Z]+\d+:[A-Z]+\d+\)$/.test(c.formula))).toBe(true);
  });
});
