import { beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime/policy";
import { markWeekDirty } from "~/services/overtime/dirty.server";
import { saveCountryPolicy } from "~/services/overtime/policy.server";
import { computeEmployeeWeek, computeWeeks } from "~/services/overtime/week.server";
import { type ChunkCache } from "~/services/overtime/week-inputs.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { createClock, createSchedule, NINE_HOURS } from "~tests/support/factories-badging";
import { addHoliday, createLeave } from "~tests/support/factories-leave";

/**
 * The set-based chunk (decision 0053) against real PostgreSQL: it stores exactly the rows the single-week path
 * stores (holidays, leaves, part-time, a quota crossing), and a dirty mark committed while a computation was reading
 * survives it (compare-and-set on the dirty version, two connections interleaved).
 */
const db = useTestDatabase();
const H = 3600;
/** Monday 6 April 2026, 10:00 in Paris: weeks 10 to 14 of 2026 are over, week 15 is current. */
const NOW = new Date("2026-04-06T08:00:00Z");
const WEEKS = [10, 11, 12, 13, 14, 15].map((week) => ({ year: 2026, week }));
const workdays = (mondays: string[]) =>
  mondays.flatMap((m) => [0, 1, 2, 3, 4].map((i) => new Date(Date.parse(`${m}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)));

let org: Org;
const employees: number[] = [];

async function employeeWorking(days: string[], contract: number, schedule?: Parameters<typeof createSchedule>[2]) {
  const { employeeId } = await createEmployee(db.em(), org);
  await createSchedule(db.em(), employeeId, schedule);
  await db.sql(`update employee set number_of_hours_per_week = ? where id = ?`, [contract, employeeId]);
  for (const date of days) await recomputeDay(db.em(), await createClock(db.em(), employeeId, date, NINE_HOURS), NOW);
  employees.push(employeeId);
  return employeeId;
}

/** Every stored column but the row id and the timestamps. */
async function storedRows() {
  return db.sql(
    `select employee_id, iso_year, iso_week, monday::text, policy_id, mode, contract_seconds, worked_seconds, counted_seconds,
            normal_seconds, extra_seconds, undertime_seconds, overtime_seconds, complementary_seconds, paid_seconds,
            recovery_seconds, recovery_earned_seconds, premium_seconds, quota_before_seconds, quota_week_seconds,
            quota_after_seconds, mandatory_rest_seconds, anomaly_count, bands, explanation, checksum, provisional, dirty
       from overtime_week where employee_id in (?) order by employee_id, iso_year, iso_week`,
    [employees],
  );
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Batch");
  // A small annual quota so that the 10 extra hours a week cross it in week 11.
  await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, annualQuotaHours: 15, effectiveFrom: "2000-01-01" });
  await addHoliday(db.em(), org.countryId, "2026-03-11", "Férié de test");
  const days = workdays(["2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23", "2026-03-30", "2026-04-06"]);
  // Full time, 45 h a week, a holiday on Wednesday of week 11.
  await employeeWorking(days, 35);
  // Full time with a paid leave (two days of week 12) and a half day of leave (week 13).
  const onLeave = await employeeWorking(days, 35);
  await createLeave(db.em(), onLeave, { reason: "PAID_LEAVE", start: "2026-03-19", end: "2026-03-20", state: "accepted" });
  await createLeave(db.em(), onLeave, { reason: "PAID_LEAVE", start: "2026-03-25", end: "2026-03-25", state: "accepted", halfDayMorning: true });
  // Part time, 20 h (4 h mornings), working 9 h on three days a week: complementary hours.
  await employeeWorking(
    days.filter((_, i) => i % 5 < 3),
    20,
    { morningStart: 8 * 60, morningEnd: 12 * 60, afternoonStart: 12 * 60, afternoonEnd: 12 * 60 },
  );
});

describe("set-based chunk", () => {
  it("stores the same rows as the single-week path, week by week, holidays, leaves, part time and a quota crossing included", async () => {
    for (const employeeId of employees) for (const week of WEEKS) await computeEmployeeWeek(db.em(), employeeId, week, NOW);
    const single = await storedRows();
    expect(single).toHaveLength(employees.length * WEEKS.length);
    // The quota is crossed, there are complementary hours, a leave and a holiday.
    expect(single.some((r) => (r.mandatory_rest_seconds as number) > 0)).toBe(true);
    expect(single.some((r) => (r.complementary_seconds as number) > 0)).toBe(true);
    expect(JSON.stringify(single).includes('"kind":"holiday"')).toBe(true);
    expect(/"absenceCountedSeconds":[1-9]/.test(JSON.stringify(single))).toBe(true);

    await db.sql(`delete from overtime_week where employee_id in (?)`, [employees]);
    const stored = await db.em().transactional((tx) => computeWeeks(tx, employees.map((employeeId) => ({ employeeId, weeks: [...WEEKS].reverse() })), NOW));
    expect(stored).toHaveLength(employees.length * WEEKS.length);
    expect(stored.every((s) => s.id > 0)).toBe(true);
    expect(JSON.stringify(await storedRows()) === JSON.stringify(single)).toBe(true);

    // Recomputing on top of stored rows (an earlier week's share moving) gives the same rows again.
    await db.em().transactional((tx) => computeWeeks(tx, employees.map((employeeId) => ({ employeeId, weeks: WEEKS })), NOW));
    expect(JSON.stringify(await storedRows()) === JSON.stringify(single)).toBe(true);
  });

  it("blocks sharing a chunk cache store the same rows and count the company size once (decision 0058)", async () => {
    const reference = await storedRows();
    await db.sql(`delete from overtime_week where employee_id in (?)`, [employees]);
    const cache: ChunkCache = { sizes: new Map() };
    const knex = db.em().getConnection().getKnex();
    const statements: string[] = [];
    const onQuery = (q: { sql: string }) => statements.push(q.sql);
    knex.on("query", onQuery);
    const sizeStatements: number[] = [];
    try {
      // Three blocks of one employee each, as runChunk cuts a chunk: only the first counts the sizes.
      for (const employeeId of employees) {
        statements.length = 0;
        await db.em().transactional((tx) => computeWeeks(tx, [{ employeeId, weeks: WEEKS }], NOW, cache));
        sizeStatements.push(statements.filter((sql) => sql.includes("count(*)::int from employee o")).length);
      }
    } finally {
      knex.removeListener("query", onQuery);
    }
    expect(sizeStatements).toEqual([1, 0, 0]);
    expect(cache.sizes.get(`${org.countryId}|2026-03-02`)).toBeGreaterThanOrEqual(employees.length);
    expect(JSON.stringify(await storedRows()) === JSON.stringify(reference)).toBe(true);
  });

  it("marks the later stored weeks of the year dirty when a week's quota share moves, as the single path does", async () => {
    const [first] = employees;
    await db.sql(`update overtime_week set quota_week_seconds = 0 where employee_id = ? and iso_week = 10`, [first]);
    await db.em().transactional((tx) => computeWeeks(tx, [{ employeeId: first!, weeks: [{ year: 2026, week: 10 }] }], NOW));
    const dirty = await db.sql<{ iso_week: number }>(`select iso_week from overtime_week where employee_id = ? and dirty order by iso_week`, [first]);
    expect(dirty.map((r) => r.iso_week)).toEqual([11, 12, 13, 14, 15]);
    // Computing those weeks in one chunk clears them all: none of them is marked by the chunk itself.
    await db.em().transactional((tx) => computeWeeks(tx, [{ employeeId: first!, weeks: WEEKS.slice(1) }], NOW));
    expect(await db.sql(`select iso_week from overtime_week where employee_id = ? and dirty`, [first])).toEqual([]);
  });
});

describe("dirty marks: compare-and-set on the dirty version", () => {
  it("a mark stamped before the computation read but committed after it survives the computation's upsert", async () => {
    const employeeId = employees[0]!;
    const week = { year: 2026, week: 10 };
    await markWeekDirty(db.em(), employeeId, "2026-03-02");
    let marked!: () => void;
    let release!: () => void;
    const markedP = new Promise<void>((r) => (marked = r));
    const released = new Promise<void>((r) => (release = r));
    // Connection B: a change (a validated correction, say) marks the week and commits later.
    const change = db.em().transactional(async (tx) => {
      await markWeekDirty(tx, employeeId, "2026-03-03");
      marked();
      await released;
    });
    await markedP;
    // Connection A: the computation reads (B's mark not visible yet, its stamp older than the read) and upserts,
    // which waits for B's row lock.
    const computation = db.em().transactional((tx) => computeWeeks(tx, [{ employeeId, weeks: [week] }], NOW));
    for (let i = 0; i < 200; i++) {
      const [w] = await db.sql<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (w!.n > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    release();
    await change;
    await computation;
    const [row] = await db.sql<{ dirty: boolean; computed: boolean }>(
      `select dirty, computed_at is not null as computed from overtime_week where employee_id = ? and iso_year = 2026 and iso_week = 10`,
      [employeeId],
    );
    expect(row).toEqual({ dirty: true, computed: true });
    // The next computation, with nothing marked meanwhile, clears it.
    await computeEmployeeWeek(db.em(), employeeId, week, NOW);
    const [after] = await db.sql<{ dirty: boolean }>(`select dirty from overtime_week where employee_id = ? and iso_year = 2026 and iso_week = 10`, [employeeId]);
    expect(after!.dirty).toBe(false);
  });
});
