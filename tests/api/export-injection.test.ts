import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { computeEmployeeWeek } from "~/services/overtime/week.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSchedule, NINE_HOURS } from "~tests/support/factories-badging";
import { createLeave } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Formula injection (issue 27 §3, decision 0080): a first name `=HYPERLINK(…)` reaches every export neutralised,
 * behind an apostrophe in the payroll CSV, as a text cell (inline string, Text format, no formula) in every Excel file.
 */
const db = useTestDatabase();
const server = useTestServer();
const NOW = new Date("2026-04-06T08:00:00Z");
const EVIL = '=HYPERLINK("http://evil.example/x";"Paie")';
const PERIOD = "from=2026-03-01&to=2026-03-31";

let org: Org;
let head: TestEmployee;

beforeAll(async () => {
  org = await createOrg(db.em(), " Injection");
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "inj.head@cadran.test" });
  const { employeeId } = await createEmployee(db.em(), org, { email: "inj.evil@cadran.test" });
  await db.sql(`update employee set firstname = ?, lastname = '@zed', number_of_hours_per_week = 35, hourly_cost = 20 where id = ?`, [
    EVIL,
    employeeId,
  ]);
  await createSchedule(db.em(), employeeId);
  for (const d of ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"]) {
    await recomputeDay(db.em(), await createClock(db.em(), employeeId, d, NINE_HOURS), NOW);
  }
  await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
  await createLeave(db.em(), employeeId, { reason: "PAID_LEAVE", start: "2026-03-16", end: "2026-03-17", state: "accepted", numberDaysWork: 2 });
});

async function download(path: string) {
  const client = htmlClient(() => server.baseUrl);
  await client.login(head.email);
  const cookie = [...client.jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(server.baseUrl + path, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(res.status, path).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe("formula injection in the exports", () => {
  it.each([
    ["payroll", `/export/payroll?subsidiary={sub}&month=2026-03&format=xlsx`],
    ["leave report", `/export/leave?subsidiary={sub}&${PERIOD}`],
    ["overtime report", `/export/overtime?subsidiary={sub}&${PERIOD}`],
    ["recovery report", `/export/recup?subsidiary={sub}&${PERIOD}`],
    ["cost report", `/export/cost?subsidiary={sub}&${PERIOD}`],
  ])("the %s Excel file writes the name as a text cell, never a formula", async (_name, path) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(path.replace("{sub}", String(org.subsidiaryId)))) as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const cells: ExcelJS.Cell[] = [];
    ws.eachRow((row) => row.eachCell((cell) => void (/hyperlink/i.test(cell.text) && cells.push(cell))));
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      expect(cell.text).toBe('=hyperlink("http://evil.example/x";"paie") @ZED');
      expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe("@");
    }
  });

  it("the payroll CSV writes the name behind an apostrophe (OWASP), numbers left alone", async () => {
    const text = (await download(`/export/payroll?subsidiary=${org.subsidiaryId}&month=2026-03&format=csv`)).toString("utf8");
    const line = text.split("\r\n").find((l) => l.includes("HYPERLINK") || l.includes("hyperlink"))!;
    expect(line.split(";")[0]).toMatch(/^\d+$/);
    expect(line).toContain(`;"'=hyperlink(""http://evil.example/x"";""paie"") @ZED";2026-03;`);
    expect(line).not.toMatch(/;=/);
  });
});
