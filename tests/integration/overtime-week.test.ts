import { beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY, PORTUGAL_POLICY } from "~/domain/overtime/policy";
import { AppError, ValidationError } from "~/services/shared/errors";
import { decideLeave, removeLeave } from "~/services/leave/decision.server";
import { markCountryWeeksDirty, markWeekDirty, markWeeksDirty } from "~/services/overtime/dirty.server";
import { listCountryPolicies, policyForDate, saveCountryPolicy } from "~/services/overtime/policy.server";
import { computeEmployeeWeek } from "~/services/overtime/week.server";
import { loadOvertimeWeek } from "~/services/overtime/week-inputs.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { createCountry } from "~/services/organisation/countries.server";
import { validateSuggestion } from "~/services/time-clock/suggestions.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { createClock, createSchedule, createSuggestion, NINE_HOURS } from "~tests/support/factories-badging";
import { addHoliday, createLeave, createLeaveCast, currentUserOf } from "~tests/support/factories-leave";

const db = useTestDatabase();
const H = 3600;
/** Monday 6 April 2026, 10:00 in Paris: weeks 10 to 14 of 2026 are over. */
const NOW = new Date("2026-04-06T08:00:00Z");
const WEEK10 = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"];

let org: Org;

/** An employee of `org` with a 7 h schedule, a 35 h contract and 9 h clocks on the given days. */
async function employeeWorking(days: string[], over: { contract?: number | null; org?: Org } = {}) {
  const { employeeId } = await createEmployee(db.em(), over.org ?? org);
  await createSchedule(db.em(), employeeId);
  await db.sql(`update employee set number_of_hours_per_week = ? where id = ?`, [over.contract === undefined ? 35 : over.contract, employeeId]);
  for (const date of days) {
    const id = await createClock(db.em(), employeeId, date, NINE_HOURS);
    await recomputeDay(db.em(), id, NOW);
  }
  return employeeId;
}

async function weekRow(employeeId: number, year: number, week: number) {
  const [row] = await db.sql<Record<string, unknown>>(
    `select id, policy_id, counted_seconds, extra_seconds, paid_seconds, recovery_seconds, recovery_earned_seconds, quota_before_seconds,
            quota_week_seconds, mandatory_rest_seconds, provisional, dirty, credited, checksum, bands, explanation
       from overtime_week where employee_id = ? and iso_year = ? and iso_week = ?`,
    [employeeId, year, week],
  );
  return row;
}

beforeAll(async () => {
  org = await createOrg(db.em(), " OT");
});

describe("policy rows", () => {
  it("saves a valid row, and picks the row in force on a date", async () => {
    const first = await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, effectiveFrom: "2020-01-01" });
    const second = await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, paid: 50, inRecuperation: 50, effectiveFrom: "2026-03-09" });
    expect((await policyForDate(db.em(), org.countryId, "2026-03-02")).id).toBe(first.id);
    expect((await policyForDate(db.em(), org.countryId, "2026-03-09")).id).toBe(second.id);
    expect((await policyForDate(db.em(), org.countryId, "2026-03-09")).inRecuperation).toBe(50);
    expect((await listCountryPolicies(db.em(), org.countryId)).map((p) => p.effectiveFrom)).toEqual(["2026-03-09", "2020-01-01"]);
  });

  it("reads a stored row back exactly as the domain default (numbers, lists, nulls)", async () => {
    const other = await createOrg(db.em(), " Roundtrip");
    await saveCountryPolicy(db.em(), other.countryId, { ...PORTUGAL_POLICY, effectiveFrom: "2000-01-01" });
    const { id, countryId, effectiveFrom, ...policy } = await policyForDate(db.em(), other.countryId, "2026-01-01");
    expect({ id: typeof id, countryId, effectiveFrom }).toEqual({ id: "number", countryId: other.countryId, effectiveFrom: "2000-01-01" });
    expect(policy).toEqual(PORTUGAL_POLICY);
  });

  it("refuses an invalid row with French field errors and stores nothing", async () => {
    const before = await db.sql<{ n: number }>(`select count(*)::int as n from overtime_policy`);
    const error = await saveCountryPolicy(db.em(), org.countryId, {
      ...FRANCE_POLICY,
      bands: [{ fromRank: 1, rate: 5 }],
      paid: 70,
      inRecuperation: 20,
      effectiveFrom: "2026-05-01",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).status).toBe(422);
    expect((error as ValidationError).violations).toEqual([
      { propertyPath: "bands[0].rate", message: "Le taux de majoration doit être compris entre 10 % et 400 %." },
      { propertyPath: "inRecuperation", message: "La part payée et la part en récupération doivent faire 100 % à elles deux." },
    ]);
    expect(await db.sql(`select count(*)::int as n from overtime_policy`)).toEqual(before);
  });

  it("a country created in the settings gets its default row with its percentages", async () => {
    const head = await currentUserOf(db.em(), await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" }));
    const overtime = { paid: 60, inRecuperation: 40, employeeInitiatedRecuperation: 30, employerInitiatedRecuperation: 70 };
    const created = await createCountry(db.em(), head, { name: "Portugal", timezone: "Europe/Lisbon", overtime, holidays: [] });
    const policy = await policyForDate(db.em(), created.id, "2026-03-02");
    expect(policy).toMatchObject({ effectiveFrom: "2000-01-01", mode: "daily", ...overtime });
    expect(policy.id).not.toBeNull();
    const odd = await createCountry(db.em(), head, {
      name: "Belgique",
      timezone: "Europe/Brussels",
      overtime: { paid: 10, inRecuperation: 10, employeeInitiatedRecuperation: 50, employerInitiatedRecuperation: 50 },
      holidays: [],
    });
    expect(await policyForDate(db.em(), odd.id, "2026-03-02")).toMatchObject({ mode: "weekly", paid: 100, inRecuperation: 0 });
  });

  it("a country without a row gets its default policy, recorded as no row", async () => {
    const bare = await createOrg(db.em(), " Bare");
    const policy = await policyForDate(db.em(), bare.countryId, "2026-03-02");
    expect(policy.id).toBeNull();
    expect(policy.mode).toBe("weekly");
    expect((await policyForDate(db.em(), null, "2026-03-02")).legalWeekHours).toBe(35);
  });
});

describe("computeEmployeeWeek", () => {
  it("computes a 45 h week from the clocks and stores it final, clean and tied to its policy row", async () => {
    const employeeId = await employeeWorking(WEEK10);
    const stored = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    expect(stored.result.lines.map((l) => [l.rate, l.seconds])).toEqual([
      [25, 8 * H],
      [50, 2 * H],
    ]);
    const row = await weekRow(employeeId, 2026, 10);
    const policy = await policyForDate(db.em(), org.countryId, "2026-03-02");
    expect(row).toMatchObject({
      policy_id: policy.id,
      counted_seconds: 45 * H,
      extra_seconds: 10 * H,
      paid_seconds: 10 * H,
      provisional: false,
      dirty: false,
      credited: false,
      checksum: stored.checksum,
    });
    expect((row!.bands as { rates: unknown[] }).rates).toHaveLength(2);
    expect((row!.explanation as { steps: { step: string }[] }).steps[0]).toEqual({ step: "worked", seconds: 45 * H });
  });

  it("is idempotent: computing again gives one row and the same checksum", async () => {
    const employeeId = await employeeWorking(WEEK10);
    const a = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    const b = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, new Date("2026-05-01T08:00:00Z"));
    expect(b.checksum).toBe(a.checksum);
    expect(b.id).toBe(a.id);
    const rows = await db.sql(`select 1 from overtime_week where employee_id = ?`, [employeeId]);
    expect(rows).toHaveLength(1);
  });

  it("uses the policy row in force on the Monday: 50/50 from week 11 on", async () => {
    const employeeId = await employeeWorking(["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"]);
    const stored = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 11 }, NOW);
    expect(stored.result.paidSeconds).toBe(5 * H);
    expect(stored.result.recoverySeconds).toBe(5 * H);
    expect(stored.result.recoveryEarnedSeconds).toBe(6.5 * H);
  });

  it("is provisional while the week is not over in the employee's zone", async () => {
    const employeeId = await employeeWorking(["2026-04-06"]);
    const stored = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 15 }, NOW);
    expect(stored.provisional).toBe(true);
    // Sunday 12 April 2026 at 23:30 in Paris is still in the week; 00:30 on Monday is not.
    expect((await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 15 }, new Date("2026-04-12T21:30:00Z"))).provisional).toBe(true);
    expect((await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 15 }, new Date("2026-04-12T22:30:00Z"))).provisional).toBe(false);
  });

  it("counts an accepted paid-leave day, not a pending one nor a holiday, and a travel day as worked", async () => {
    const employeeId = await employeeWorking(WEEK10.slice(1));
    await createLeave(db.em(), employeeId, { start: "2026-03-02", end: "2026-03-02", state: "accepted" });
    let stored = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    expect(stored.result.absenceCountedSeconds).toBe(7 * H);
    expect(stored.result.extraSeconds).toBe(8 * H);

    const other = await employeeWorking(WEEK10.slice(1));
    await createLeave(db.em(), other, { start: "2026-03-02", end: "2026-03-02", state: "pending" });
    stored = await computeEmployeeWeek(db.em(), other, { year: 2026, week: 10 }, NOW);
    expect(stored.result.extraSeconds).toBe(1 * H);

    const holidayOrg = await createOrg(db.em(), " Holiday");
    await addHoliday(db.em(), holidayOrg.countryId, "2026-03-02", "Férié de test");
    const third = await employeeWorking(WEEK10.slice(1), { org: holidayOrg });
    stored = await computeEmployeeWeek(db.em(), third, { year: 2026, week: 10 }, NOW);
    expect(stored.result.days[0]?.kind).toBe("holiday");
    expect(stored.result.extraSeconds).toBe(1 * H);

    const traveller = await employeeWorking(WEEK10.slice(1));
    await db.sql(`insert into event_day (employee_id, date, type) values (?, '2026-03-02', 'moved')`, [traveller]);
    stored = await computeEmployeeWeek(db.em(), traveller, { year: 2026, week: 10 }, NOW);
    expect(stored.result.extraSeconds).toBe(8 * H);
  });

  it("counts a past day without END as 0 worked, with its anomaly", async () => {
    const employeeId = await employeeWorking(WEEK10.slice(0, 4));
    await createClock(db.em(), employeeId, "2026-03-06", [["08:00", "START"]], { workingSeconds: 0 });
    const stored = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    expect(stored.result.workedSeconds).toBe(36 * H);
    expect(stored.result.anomalies).toContainEqual({ code: "day_without_end", date: "2026-03-06" });
  });

  it("reads the worked seconds of the 23-hour spring Sunday from its zoned clock", async () => {
    const employeeId = await employeeWorking(["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27"].slice(0, 5), { contract: 45 });
    const id = await createClock(db.em(), employeeId, "2026-03-29", [
      ["01:00", "START"],
      ["05:00", "END"],
    ]);
    await recomputeDay(db.em(), id, NOW);
    const stored = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 13 }, NOW);
    expect(stored.result.days[6]).toMatchObject({ lengthSeconds: 23 * H, workedSeconds: 3 * H });
    expect(stored.result.workedSeconds).toBe(48 * H);
  });

  it("computes a Portuguese employee by day, in Lisbon's zone", async () => {
    const pt = await createOrg(db.em(), " PT");
    await db.sql(`update country set timezone = 'Europe/Lisbon' where id = ?`, [pt.countryId]);
    await db.sql(`update subsidiary set timezone = 'Europe/Lisbon' where id = ?`, [pt.subsidiaryId]);
    await saveCountryPolicy(db.em(), pt.countryId, { ...PORTUGAL_POLICY, effectiveFrom: "2000-01-01" });
    const employeeId = await employeeWorking(["2026-03-02"], { org: pt, contract: 40 });
    const loaded = await loadOvertimeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    expect(loaded.input.zone).toBe("Europe/Lisbon");
    const stored = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    // 9 h worked on a 7 h Monday: 1 h at +25 %, 1 h at +37.5 %.
    expect(stored.result.lines.map((l) => [l.rate, l.seconds])).toEqual([
      [25, H],
      [37.5, H],
    ]);
  });

  it("refuses a week the year does not have, and an unknown employee", async () => {
    await expect(computeEmployeeWeek(db.em(), 1, { year: 2026, week: 54 }, NOW)).rejects.toThrow(RangeError);
    const error = await computeEmployeeWeek(db.em(), 999_999, { year: 2026, week: 10 }, NOW).catch((e: unknown) => e);
    expect((error as AppError).status).toBe(404);
  });
});

describe("the annual quota across stored weeks", () => {
  it("adds the earlier weeks of the ISO year, earns the mandatory rest, and marks later weeks dirty when its share moves", async () => {
    const small = await createOrg(db.em(), " Small");
    await saveCountryPolicy(db.em(), small.countryId, { ...FRANCE_POLICY, effectiveFrom: "2000-01-01" });
    const employeeId = await employeeWorking(WEEK10, { org: small });
    // Earlier weeks of 2026 already used 218 h; one of 2025 must not count.
    await db.sql(
      `insert into overtime_week (employee_id, iso_year, iso_week, monday, quota_week_seconds, bands, explanation, dirty, computed_at)
       values (?, 2026, 2, '2026-01-05', ?, '[]', '{}', false, now()), (?, 2026, 5, '2026-01-26', ?, '[]', '{}', false, now()),
              (?, 2025, 50, '2025-12-08', ?, '[]', '{}', false, now()), (?, 2026, 12, '2026-03-16', 0, '[]', '{}', false, now())`,
      [employeeId, 200 * H, employeeId, 18 * H, employeeId, 100 * H, employeeId],
    );
    const stored = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    expect(stored.result.quota).toMatchObject({ beforeSeconds: 218 * H, afterSeconds: 228 * H, beyondSeconds: 8 * H });
    // One employee in the company: at most 20, so 50 % of the 8 h beyond.
    expect(stored.result.mandatoryRestSeconds).toBe(4 * H);
    expect(await weekRow(employeeId, 2026, 12)).toMatchObject({ dirty: true });
    expect(await weekRow(employeeId, 2026, 5)).toMatchObject({ dirty: false });

    // Same result again: nothing later is marked.
    await db.sql(`update overtime_week set dirty = false where employee_id = ? and iso_week = 12`, [employeeId]);
    await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    expect(await weekRow(employeeId, 2026, 12)).toMatchObject({ dirty: false });
  });
});

describe("dirty marks", () => {
  it("markWeekDirty creates the row of a week never computed, and marks a computed one", async () => {
    const employeeId = await employeeWorking(WEEK10);
    await markWeekDirty(db.em(), employeeId, "2026-03-04");
    expect(await weekRow(employeeId, 2026, 10)).toMatchObject({ dirty: true, checksum: null });
    await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    expect(await weekRow(employeeId, 2026, 10)).toMatchObject({ dirty: false });
    await markWeekDirty(db.em(), employeeId, "2026-03-08");
    expect(await weekRow(employeeId, 2026, 10)).toMatchObject({ dirty: true, extra_seconds: 10 * H });
  });

  it("a mark left after the computation started reading survives its upsert; an older one is cleared", async () => {
    const employeeId = await employeeWorking(WEEK10);
    await markWeekDirty(db.em(), employeeId, "2026-03-02");
    // A mark stamped later than the computation's start stands for a change committed while it was reading.
    await db.sql(`update overtime_week set dirty_at = clock_timestamp() + interval '1 minute' where employee_id = ?`, [employeeId]);
    await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    expect(await weekRow(employeeId, 2026, 10)).toMatchObject({ dirty: true, extra_seconds: 10 * H });
    await db.sql(`update overtime_week set dirty_at = clock_timestamp() - interval '1 minute' where employee_id = ?`, [employeeId]);
    await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    expect(await weekRow(employeeId, 2026, 10)).toMatchObject({ dirty: false });
  });

  it("markWeeksDirty covers every ISO week of a range across New Year, and skips weeks not begun", async () => {
    const employeeId = await employeeWorking([]);
    await markWeeksDirty(db.em(), employeeId, "2025-12-24", "2026-01-06");
    const rows = await db.sql<{ iso_year: number; iso_week: number; monday: string }>(
      `select iso_year, iso_week, monday::text as monday from overtime_week where employee_id = ? order by monday`,
      [employeeId],
    );
    expect(rows).toEqual([
      { iso_year: 2025, iso_week: 52, monday: "2025-12-22" },
      { iso_year: 2026, iso_week: 1, monday: "2025-12-29" },
      { iso_year: 2026, iso_week: 2, monday: "2026-01-05" },
    ]);
    await markWeeksDirty(db.em(), employeeId, "2099-01-05", "2099-01-20");
    expect(await db.sql(`select 1 from overtime_week where employee_id = ? and iso_year = 2099`, [employeeId])).toEqual([]);
  });

  it("a new policy row marks the country's stored weeks from its date on", async () => {
    const country = await createOrg(db.em(), " Policy change");
    const employeeId = await employeeWorking([...WEEK10, "2026-03-09"], { org: country });
    await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 11 }, NOW);
    await saveCountryPolicy(db.em(), country.countryId, { ...FRANCE_POLICY, paid: 0, inRecuperation: 100, effectiveFrom: "2026-03-11" });
    expect(await weekRow(employeeId, 2026, 10)).toMatchObject({ dirty: false });
    expect(await weekRow(employeeId, 2026, 11)).toMatchObject({ dirty: true });
    await markCountryWeeksDirty(db.em(), country.countryId, "2026-03-02");
    expect(await weekRow(employeeId, 2026, 10)).toMatchObject({ dirty: true });
  });
});

describe("dirty marks wired into the existing changes", () => {
  it("validating a correction marks the corrected day's week", async () => {
    const o = await createOrg(db.em(), " Correction");
    const head = await createEmployee(db.em(), o, { profileType: "ROLE_HEAD_MANAGEMENT" });
    const employeeId = await employeeWorking(WEEK10, { org: o });
    await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    const suggestion = await createSuggestion(db.em(), employeeId, "2026-03-05", [
      ["08:00", "START"],
      ["16:00", "END"],
    ]);
    await validateSuggestion(db.em(), await currentUserOf(db.em(), head), suggestion, NOW);
    expect(await weekRow(employeeId, 2026, 10)).toMatchObject({ dirty: true });
    const stored = await computeEmployeeWeek(db.em(), employeeId, { year: 2026, week: 10 }, NOW);
    expect(stored.result.workedSeconds).toBe(44 * H);
  });

  it("accepting a leave marks its weeks, and so does removing it after validation", async () => {
    const cast = await createLeaveCast(db.em(), " Dirty leave");
    const employeeId = cast.employee.employeeId;
    const leaveId = await createLeave(db.em(), employeeId, { reason: "SICK_LEAVE", start: "2026-03-06", end: "2026-03-10", state: "validate" });
    await decideLeave(db.em(), await currentUserOf(db.em(), cast.head), leaveId, "validate", { now: NOW });
    const weeks = await db.sql<{ iso_week: number; dirty: boolean }>(
      `select iso_week, dirty from overtime_week where employee_id = ? order by iso_week`,
      [employeeId],
    );
    expect(weeks).toEqual([
      { iso_week: 10, dirty: true },
      { iso_week: 11, dirty: true },
    ]);
    await db.sql(`update overtime_week set dirty = false where employee_id = ?`, [employeeId]);
    await removeLeave(db.em(), await currentUserOf(db.em(), cast.head), leaveId, { now: NOW });
    expect(await db.sql(`select iso_week from overtime_week where employee_id = ? and dirty order by iso_week`, [employeeId])).toEqual([
      { iso_week: 10 },
      { iso_week: 11 },
    ]);
  });
});
