import { beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime/policy";
import { markWeekDirty } from "~/services/overtime/dirty.server";
import { saveCountryPolicy } from "~/services/overtime/policy.server";
import { computeWeeks } from "~/services/overtime/week.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { createClock, createSchedule, NINE_HOURS } from "~tests/support/factories-badging";
import { addHoliday, createLeave } from "~tests/support/factories-leave";

/**
 * Issue 44 item 5 (docs/decisions/0140): a recompute does not write again a week whose result did not change — the
 * checksum of the whole result and its policy is stored with the week and compared before the upsert. Recomputing
 * with nothing changed leaves every row as it is (same tuple: `xmin`); each kind of input that moves a figure (clock,
 * leave, holiday, travel day, contract, schedule, policy) makes the week written again; a deduction,
 * which the week does not hold (the account adds it live), clears the week's dirty mark without rewriting it.
 */
const db = useTestDatabase();
/** Monday 6 April 2026, 10:00 in Paris: weeks 10 to 14 of 2026 are over, week 15 is current. */
const NOW = new Date("2026-04-06T08:00:00Z");
const WEEKS = [10, 11, 12, 13].map((week) => ({ year: 2026, week }));
/** Monday to Friday of weeks 10, 11 and 12. */
const DAYS = ["2026-03-02", "2026-03-09", "2026-03-16"].flatMap((m) =>
  [0, 1, 2, 3, 4].map((i) => new Date(Date.parse(`${m}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)),
);

type Row = { iso_week: number; tuple: string; computed_at: string; checksum: string; dirty: boolean; worked_seconds: number };
let n = 0;

/** A person of their own country (holidays and policy are per country), 45 h worked in weeks 10–12, weeks 10–13 stored. */
async function person(): Promise<{ org: Org; employeeId: number }> {
  const org = await createOrg(db.em(), ` Inchangé ${++n}`);
  const { employeeId } = await createEmployee(db.em(), org);
  await createSchedule(db.em(), employeeId);
  await db.sql(`update employee set number_of_hours_per_week = 35 where id = ?`, [employeeId]);
  for (const date of DAYS) await recomputeDay(db.em(), await createClock(db.em(), employeeId, date, NINE_HOURS), NOW);
  // A leave on the Monday of week 13, valued from the schedule.
  await createLeave(db.em(), employeeId, { reason: "PAID_LEAVE", start: "2026-03-23", end: "2026-03-23", state: "accepted" });
  await compute(employeeId);
  return { org, employeeId };
}

function compute(employeeId: number) {
  return db.em().transactional((tx) => computeWeeks(tx, [{ employeeId, weeks: WEEKS }], NOW));
}

async function rows(employeeId: number): Promise<Map<number, Row>> {
  const list = (await db.sql(
    `select iso_week, xmin::text as tuple, computed_at, checksum, dirty, worked_seconds from overtime_week where employee_id = ? order by iso_week`,
    [employeeId],
  )) as Row[];
  return new Map(list.map((r) => [r.iso_week, r]));
}

/** Recomputes after `change` and says which weeks were written again (a new checksum and a new computation time). */
async function rewrittenAfter(change: (p: { org: Org; employeeId: number }) => Promise<void>): Promise<number[]> {
  const p = await person();
  const before = await rows(p.employeeId);
  await change(p);
  const marked = await rows(p.employeeId);
  await compute(p.employeeId);
  const after = await rows(p.employeeId);
  const written: number[] = [];
  for (const [week, row] of after) {
    const old = before.get(week)!;
    expect(row.dirty).toBe(false);
    if (row.checksum !== old.checksum) {
      expect(row.tuple).not.toBe(old.tuple);
      expect(new Date(row.computed_at).getTime()).toBeGreaterThan(new Date(old.computed_at).getTime());
      written.push(week);
    } else if (marked.get(week)!.dirty) {
      // Marked by the change but computed the same: the mark goes, the figures and their time stay.
      expect(row.computed_at).toEqual(old.computed_at);
    } else {
      // A week whose result did not move is the same tuple as before: not written at all.
      expect(row.tuple).toBe(marked.get(week)!.tuple);
    }
  }
  return written;
}

describe("a recompute writes only the weeks whose result changed", () => {
  let fresh: { org: Org; employeeId: number };
  beforeAll(async () => {
    fresh = await person();
  });

  it("writes nothing when nothing changed, and says so", async () => {
    const before = await rows(fresh.employeeId);
    expect(before.size).toBe(WEEKS.length);
    const stored = await compute(fresh.employeeId);
    expect(stored).toHaveLength(WEEKS.length);
    expect(stored.every((s) => s.unchanged === true && s.id > 0)).toBe(true);
    const after = await rows(fresh.employeeId);
    for (const [week, row] of after) expect(row).toEqual(before.get(week));
  });

  it("clears the dirty mark of an unchanged week without rewriting its figures", async () => {
    await markWeekDirty(db.em(), fresh.employeeId, "2026-03-10");
    const before = await rows(fresh.employeeId);
    expect(before.get(11)!.dirty).toBe(true);
    const stored = await compute(fresh.employeeId);
    expect(stored.every((s) => s.unchanged === true)).toBe(true);
    const after = await rows(fresh.employeeId);
    expect(after.get(11)!.dirty).toBe(false);
    expect(after.get(11)!.checksum).toBe(before.get(11)!.checksum);
    expect(after.get(11)!.computed_at).toEqual(before.get(11)!.computed_at);
    // The other weeks are not touched at all.
    for (const week of [10, 12, 13]) expect(after.get(week)!.tuple).toBe(before.get(week)!.tuple);
  });

  it.each<[string, (p: { org: Org; employeeId: number }) => Promise<void>, number[]]>([
    [
      "a clock of a Saturday",
      async ({ employeeId }) => {
        await recomputeDay(db.em(), await createClock(db.em(), employeeId, "2026-03-07", NINE_HOURS), NOW);
      },
      [10],
    ],
    [
      "a leave",
      async ({ employeeId }) => {
        await createLeave(db.em(), employeeId, { reason: "PAID_LEAVE", start: "2026-03-12", end: "2026-03-12", state: "accepted" });
      },
      [11],
    ],
    ["a holiday", async ({ org }) => addHoliday(db.em(), org.countryId, "2026-03-18", "Férié de test"), [12]],
    [
      "a travel day (counted as worked)",
      async ({ employeeId }) => {
        await db.sql(`insert into event_day (employee_id, date, type) values (?, '2026-03-24', 'moved')`, [employeeId]);
      },
      [13],
    ],
    [
      "the contract",
      async ({ employeeId }) => {
        await db.sql(`update employee set number_of_hours_per_week = 39 where id = ?`, [employeeId]);
      },
      [10, 11, 12],
    ],
    [
      "the schedule (the leave of week 13 is valued from it)",
      async ({ employeeId }) => {
        await db.sql(`delete from week_schedule where employee_id = ?`, [employeeId]);
        await createSchedule(db.em(), employeeId, { morningStart: 8 * 60, morningEnd: 12 * 60, afternoonStart: 12 * 60, afternoonEnd: 12 * 60 });
      },
      [13],
    ],
    [
      "the country's policy (the first band's rate)",
      async ({ org }) => {
        await saveCountryPolicy(db.em(), org.countryId, {
          ...FRANCE_POLICY,
          bands: [
            { fromRank: 1, rate: 10 },
            { fromRank: 9, rate: 50 },
          ],
          effectiveFrom: "2000-01-01",
        });
      },
      [10, 11, 12],
    ],
  ])("writes the week again after %s", async (_label, change, weeks) => {
    const written = await rewrittenAfter(change);
    // Every week the change reaches is written (a later week may follow as its quota share moves), never skipped.
    for (const week of weeks) expect(written).toContain(week);
  });

  it("a deduction, which the week does not hold, clears the mark and leaves the figures", async () => {
    const written = await rewrittenAfter(async ({ employeeId }) => {
      await db.sql(`insert into deduction (employee_id, date, seconds, created_at) values (?, '2026-03-11', 3600, now())`, [employeeId]);
      await markWeekDirty(db.em(), employeeId, "2026-03-11");
    });
    expect(written).toEqual([]);
  });
});
