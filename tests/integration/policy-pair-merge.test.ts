import { describe, expect, it } from "vitest";
import { MERGE_SHIPPED_PAIR_SQL } from "~db/migrations/Migration20261221110000";
import { FRANCE_POLICY, type OvertimePolicy } from "~/domain/overtime/policy";
import { policyColumns, policyForDate } from "~/services/overtime/policy.server";
import { useTestDatabase } from "~tests/support/db";

/**
 * Decision 0126: the migration turns decision 0073's shipped pair (2000 without paid leave, 2025-09-10 with it) into
 * one 2000 row counting paid leave from 2025-09-10 (Cass. soc. n° 23-14.455); a pair a user changed stays.
 */
const db = useTestDatabase();

async function country(name: string, rows: [string, OvertimePolicy][]): Promise<number> {
  const [c] = await db.sql<{ id: number }>("insert into country (name, timezone) values (?, 'Europe/Paris') returning id", [name]);
  for (const [from, policy] of rows) {
    const columns = policyColumns(policy);
    const names = Object.keys(columns);
    await db.sql(
      `insert into overtime_policy (country_id, effective_from, ${names.join(", ")}, created_at) values (?, ?, ${names.map(() => "?").join(", ")}, now())`,
      [c!.id, from, ...Object.values(columns)],
    );
  }
  return c!.id;
}

describe("merging the shipped pair of France's policy rows (decision 0126)", () => {
  it("Cass. soc. 10/09/2025: the untouched pair becomes one row, the same weeks before and after the ruling's day", async () => {
    const old = { ...FRANCE_POLICY, countedAbsences: [], countedAbsencesFrom: null };
    const shipped = await country("France fusion", [["2000-01-01", old], ["2025-09-10", { ...FRANCE_POLICY, countedAbsencesFrom: null }]]);
    const changed = await country("France changée", [["2000-01-01", old], ["2025-09-10", { ...FRANCE_POLICY, countedAbsencesFrom: null, sundayRate: 20 }]]);
    for (const sql of MERGE_SHIPPED_PAIR_SQL) await db.sql(sql);
    const rows = await db.sql<{ country_id: number; from: string; counted: string[]; since: string | null }>(
      `select country_id, effective_from::text as from, counted_absences as counted, counted_absences_from::text as since
         from overtime_policy where country_id in (?, ?) order by country_id, effective_from`,
      [shipped, changed],
    );
    expect(rows.filter((r) => r.country_id === shipped).map((r) => [r.from, r.counted, r.since])).toEqual([["2000-01-01", ["PAID_LEAVE"], "2025-09-10"]]);
    expect(rows.filter((r) => r.country_id === changed).map((r) => [r.from, r.since])).toEqual([
      ["2000-01-01", null],
      ["2025-09-10", "2025-09-10"],
    ]);
    const before = await policyForDate(db.em(), shipped, "2025-09-09");
    expect([before.countedAbsences, before.countedAbsencesFrom]).toEqual([["PAID_LEAVE"], "2025-09-10"]);
  });
});
