import { beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime/policy";
import { resetEnvCache } from "~/server/shared/env.server";
import { saveCountryPolicy } from "~/services/overtime/policy.server";
import { closePastDays, overtimeChecksum, planChunks, runChunk } from "~/services/overtime/run.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { createClock, createSchedule, NINE_HOURS } from "~tests/support/factories-badging";
import { runJob } from "~/jobs/registry.server";

/**
 * The nightly overtime run against real PostgreSQL (inline fan-out: the same chunk jobs the BullMQ flow hands out,
 * run here in order): closing past days, provisional then final weeks, crediting once, idempotence (checksum),
 * a chunk dying half-way then the next run, a policy change then a recompute.
 */
process.env.OVERTIME_CHUNK_SIZE = "2";
const db = useTestDatabase();
const H = 3600;
/** Friday 3 April 2026, 02:00 Paris: week 14 (30 March – 5 April) is the current week. */
const FRIDAY = new Date("2026-04-03T00:00:00Z");
/** Wednesday 8 April 2026, 02:00 Paris: week 14 is over, week 15 is current, Tuesday 7 April is yesterday. */
const WEDNESDAY = new Date("2026-04-08T00:00:00Z");
const WEEK13 = ["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27"];
const WEEK14 = ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03"];

let org: Org;
const employees: number[] = [];
let forgetful = 0;

async function nightly(at: Date) {
  return runJob("overtime.nightly", { at: at.toISOString() });
}

async function weeks(isoWeek: number) {
  return db.sql<{ employee_id: number; provisional: boolean; dirty: boolean; credited: boolean; credited_seconds: number; recovery_earned_seconds: number }>(
    `select employee_id, provisional, dirty, credited, credited_seconds, recovery_earned_seconds
       from overtime_week where iso_year = 2026 and iso_week = ? and employee_id in (?) order by employee_id`,
    [isoWeek, employees],
  );
}

/** Every employee's recovery counter equals what their finished weeks earn, each credited exactly once. */
async function expectLedgerInStep() {
  const rows = await db.sql<{ id: number; counter: number; credited: number; due: number; behind: number }>(
    `select e.id, e.recovery_earned as counter, coalesce(sum(w.credited_seconds), 0)::int as credited,
            coalesce(sum(w.recovery_earned_seconds + w.mandatory_rest_seconds) filter (where not w.provisional), 0)::int as due,
            count(*) filter (where not w.provisional and w.credited_seconds <> w.recovery_earned_seconds + w.mandatory_rest_seconds)::int as behind
       from employee e left join overtime_week w on w.employee_id = e.id
      where e.id in (?) group by e.id order by e.id`,
    [employees],
  );
  for (const r of rows) {
    expect(r.counter).toBe(r.credited);
    expect(r.credited).toBe(r.due);
    expect(r.behind).toBe(0);
  }
}

beforeAll(async () => {
  resetEnvCache();
  org = await createOrg(db.em(), " Nightly");
  // Half of each overtime hour into recovery: a 45 h week earns 4 h × 1.25 + 1 h × 1.5 = 6 h 30 of rest.
  await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, paid: 50, inRecuperation: 50, effectiveFrom: "2020-01-01" });
  for (let i = 0; i < 5; i++) {
    const { employeeId } = await createEmployee(db.em(), org);
    await createSchedule(db.em(), employeeId);
    await db.sql(`update employee set number_of_hours_per_week = 35 where id = ?`, [employeeId]);
    for (const date of [...WEEK13, ...WEEK14, "2026-04-06"]) {
      await recomputeDay(db.em(), await createClock(db.em(), employeeId, date, NINE_HOURS), WEDNESDAY);
    }
    employees.push(employeeId);
  }
  // Tuesday 7 April: one employee starts and never ends the day (seen on the day itself: not an anomaly yet).
  forgetful = employees[0]!;
  const open = await createClock(db.em(), forgetful, "2026-04-07", [["08:00", "START"]]);
  await recomputeDay(db.em(), open, new Date("2026-04-07T16:00:00Z"));
});

describe("the nightly run", () => {
  it("computes the current week provisionally, crediting nothing", async () => {
    await nightly(FRIDAY);
    const rows = await weeks(14);
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r).toMatchObject({ provisional: true, dirty: false, credited: false, credited_seconds: 0 });
    const [done] = await db.sql(`select key from job_run where key = 'nightly:2026-04-03'`);
    expect(done).toBeTruthy();
  });

  it("closes yesterday, finishes last week and credits it once; a second run changes nothing", async () => {
    const result = await nightly(WEDNESDAY);
    expect(result).toMatchObject({ closed: 1, chunks: 3 });
    const [open] = await db.sql<{ anomaly: boolean; overtime_seconds: number }>(
      `select anomaly, overtime_seconds from time_clock where employee_id = ? and date = '2026-04-07' and suggested = false`,
      [forgetful],
    );
    expect(open).toEqual({ anomaly: true, overtime_seconds: 0 });
    const [daily] = await db.sql(`select anomaly, overtime_seconds from overtime where employee_id = ? and date = '2026-04-07'`, [forgetful]);
    expect(daily).toEqual({ anomaly: true, overtime_seconds: 0 });

    for (const r of await weeks(14)) {
      expect(r).toMatchObject({ provisional: false, dirty: false, credited: true, credited_seconds: 6.5 * H, recovery_earned_seconds: 6.5 * H });
    }
    for (const r of await weeks(15)) expect(r).toMatchObject({ provisional: true, credited: false });
    await expectLedgerInStep();

    const first = await overtimeChecksum(db.em());
    expect(await closePastDays(db.em(), WEDNESDAY)).toBe(0);
    await nightly(WEDNESDAY);
    expect(await overtimeChecksum(db.em())).toEqual(first);
  });

  it("a chunk dying half-way: the next run finishes the work and credits nothing twice", async () => {
    // A new agreement from week 14: every overtime hour into recovery (week 14 now earns 8 × 1.25 + 2 × 1.5 = 13 h).
    await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, paid: 0, inRecuperation: 100, effectiveFrom: "2026-03-30" });
    const [chunk] = await planChunks(db.em(), 3);
    let computed = 0;
    await expect(
      runChunk(db.em(), chunk!, { kind: "nightly" }, WEDNESDAY, {
        onWeek: () => {
          if (++computed === 2) throw new Error("worker killed");
        },
      }),
    ).rejects.toThrow("worker killed");
    // The killed chunk committed its first weeks and credited nothing.
    const [counter] = await db.sql<{ recovery_earned: number }>(`select recovery_earned from employee where id = ?`, [employees[0]]);
    expect(counter!.recovery_earned).toBe(6.5 * H);

    await nightly(WEDNESDAY);
    for (const r of await weeks(14)) expect(r).toMatchObject({ dirty: false, credited_seconds: 13 * H, recovery_earned_seconds: 13 * H });
    await expectLedgerInStep();
    const once = await overtimeChecksum(db.em());
    await nightly(WEDNESDAY);
    expect(await overtimeChecksum(db.em())).toEqual(once);
  });

  it("a policy change then a range recompute changes only the weeks from its date", async () => {
    await runJob("overtime.recompute", { from: "2026-03-23", to: "2026-04-05", at: WEDNESDAY.toISOString() });
    for (const r of await weeks(13)) expect(r).toMatchObject({ provisional: false, credited_seconds: 6.5 * H });
    for (const r of await weeks(14)) expect(r).toMatchObject({ credited_seconds: 13 * H });
    await expectLedgerInStep();
    const before = await overtimeChecksum(db.em());

    // Back to the 50/50 rule from week 14: weeks 14 and 15 are recomputed, week 13 stays as it was.
    await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, paid: 50, inRecuperation: 50, effectiveFrom: "2026-03-30" });
    const week13 = await db.sql(`select employee_id, checksum, computed_at from overtime_week where iso_week = 13 order by employee_id`);
    await runJob("overtime.recompute", { from: "2026-03-30", to: "2026-04-12", at: WEDNESDAY.toISOString() });
    expect(await db.sql(`select employee_id, checksum, computed_at from overtime_week where iso_week = 13 order by employee_id`)).toEqual(week13);
    for (const r of await weeks(14)) expect(r).toMatchObject({ credited_seconds: 6.5 * H });
    await expectLedgerInStep();
    expect((await overtimeChecksum(db.em())).checksum).not.toBe(before.checksum);
  });

  it("computes the weeks of a month closed for payroll as any other (decision 0118): dirty marks cleared, nothing changed so no rappel", async () => {
    await db.sql(`insert into payroll_month (subsidiary_id, month, closed_at) values (?, '2026-03-01', now())`, [org.subsidiaryId]);
    await db.sql(`update overtime_week set dirty = true where iso_year = 2026 and iso_week in (13, 14, 15) and employee_id in (?)`, [employees]);
    const closedWeeks = `select employee_id, iso_week, checksum, computed_at, dirty from overtime_week
                          where iso_year = 2026 and iso_week in (13, 14) and employee_id in (?) order by employee_id, iso_week`;
    const before = (await db.sql<{ checksum: string }>(closedWeeks, [employees])).map((r) => r.checksum);
    await runJob("overtime.recompute", { from: "2026-03-23", to: "2026-04-12", at: WEDNESDAY.toISOString() });
    // Weeks 13 and 14 touch March (week 14 ends on 5 April): computed, same figures; week 15 too.
    expect((await db.sql<{ checksum: string }>(closedWeeks, [employees])).map((r) => r.checksum)).toEqual(before);
    for (const r of [...(await weeks(13)), ...(await weeks(14)), ...(await weeks(15))]) expect(r.dirty).toBe(false);
    // The month closed before decision 0118 got its paid weeks from the stored ones: nothing owed.
    expect(await db.sql(`select 1 from payroll_regularisation where employee_id in (?)`, [employees])).toEqual([]);
    expect(await db.sql(`select 1 from payroll_month where subsidiary_id = ? and paid_weeks`, [org.subsidiaryId])).toHaveLength(1);
    await db.sql(`delete from payroll_month where subsidiary_id = ?`, [org.subsidiaryId]);
    await expectLedgerInStep();
  });
});
