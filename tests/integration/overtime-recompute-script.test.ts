import { beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime/policy";
import { saveCountryPolicy } from "~/services/overtime/policy.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg } from "~tests/support/factories";
import { createClock, createSchedule, NINE_HOURS } from "~tests/support/factories-badging";
import { main, parseRecomputeArgs } from "../../scripts/overtime-recompute";

/** `npm run overtime:recompute`: its arguments, its output (plain lines off a terminal, a bar on one), idempotence. */
const db = useTestDatabase();
const H = 3600;
const NOW = new Date("2026-04-08T08:00:00Z");

function capture(isTTY = false) {
  const chunks: string[] = [];
  return { isTTY, write: (text: string) => chunks.push(text), text: () => chunks.join("") };
}

let employees: number[] = [];

beforeAll(async () => {
  const org = await createOrg(db.em(), " Script");
  await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, paid: 50, inRecuperation: 50, effectiveFrom: "2020-01-01" });
  employees = [];
  for (let i = 0; i < 3; i++) {
    const { employeeId } = await createEmployee(db.em(), org);
    await createSchedule(db.em(), employeeId);
    await db.sql("update employee set number_of_hours_per_week = 35 where id = ?", [employeeId]);
    for (const date of ["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27"]) {
      await recomputeDay(db.em(), await createClock(db.em(), employeeId, date, NINE_HOURS), NOW);
    }
    employees.push(employeeId);
  }
});

describe("parseRecomputeArgs", () => {
  it.each([
    [["--from", "2026-03-01"], { ok: true, from: "2026-03-01", to: "2026-04-08", chunkSize: 200 }],
    [["--from", "2026-03-01", "--to", "2026-03-31", "--chunk-size", "50"], { ok: true, from: "2026-03-01", to: "2026-03-31", chunkSize: 50 }],
    [["--from", "2026-03-01", "--to", "2027-01-01"], { ok: true, from: "2026-03-01", to: "2026-04-08", chunkSize: 200 }],
  ])("accepts %j", (argv, expected) => {
    expect(parseRecomputeArgs(argv, "2026-04-08")).toEqual(expected);
  });

  it.each([
    [[], /--from est obligatoire/],
    [["--from", "2026-02-30"], /--from « 2026-02-30 » n'est pas une date AAAA-MM-JJ valide/],
    [["--from", "01/03/2026"], /n'est pas une date AAAA-MM-JJ valide/],
    [["--from", "2026-03-01", "--to", "demain"], /--to « demain » n'est pas une date/],
    [["--from", "1999-12-31"], /est avant le 01\/01\/2000/],
    [["--from", "2026-03-10", "--to", "2026-03-01"], /est après --to/],
    [["--from", "2026-05-01"], /dans le futur/],
    [["--from", "2026-03-01", "--chunk-size", "0"], /--chunk-size « 0 »/],
    [["--from", "2026-03-01", "--verbose"], /Option inconnue/],
  ])("refuses %j in French", (argv, message) => {
    const parsed = parseRecomputeArgs(argv, "2026-04-08");
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.message).toMatch(message);
  });
});

describe("main", () => {
  it("refuses bad dates with exit code 2, writing nothing", async () => {
    const err = capture();
    expect(await main(["--from", "2026-13-01"], { em: db.em(), err, out: capture(), now: NOW })).toBe(2);
    expect(err.text()).toMatch(/n'est pas une date AAAA-MM-JJ valide/);
    expect(await db.sql("select id from overtime_week")).toEqual([]);
  });

  it("recomputes a range chunk by chunk (plain lines), credits finished weeks once, and a second run changes nothing", async () => {
    const out = capture(false);
    expect(await main(["--from", "2026-03-23", "--to", "2026-03-29", "--chunk-size", "2"], { em: db.em(), out, now: NOW })).toBe(0);
    expect(out.text()).toMatch(/2 lot\(s\), environ 3 semaine\(s\)/);
    expect(out.text()).toMatch(/lot 1\/2 .*: 2\/3 semaines\nlot 2\/2 .*: 3\/3 semaines/);
    expect(out.text()).toMatch(/3 semaine\(s\) calculée\(s\) dont 0 inchangée\(s\) \(non réécrite\(s\)\), 3 semaine\(s\) créditée\(s\) \(19 h 30 de récupération\)/);
    const rows = await db.sql<{ credited_seconds: number }>("select credited_seconds from overtime_week where iso_week = 13 order by employee_id");
    expect(rows.map((r) => r.credited_seconds)).toEqual([6.5 * H, 6.5 * H, 6.5 * H]);
    const checksum = /Empreinte des 3 semaines stockées : ([0-9a-f]{64})/.exec(out.text())![1];

    const tty = capture(true);
    expect(await main(["--from", "2026-03-23", "--to", "2026-03-29"], { em: db.em(), out: tty, now: NOW })).toBe(0);
    expect(tty.text()).toContain("\r[##############################] 100 % 3/3 semaines");
    // The second run finds the three weeks as they are stored: none is written again (issue 44 item 5).
    expect(tty.text()).toMatch(/3 semaine\(s\) calculée\(s\) dont 3 inchangée\(s\) \(non réécrite\(s\)\), 0 semaine\(s\) créditée\(s\)/);
    expect(tty.text()).toContain(`Empreinte des 3 semaines stockées : ${checksum}`);
  });
});
