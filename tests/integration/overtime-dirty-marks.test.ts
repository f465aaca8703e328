import { beforeAll, describe, expect, it } from "vitest";
import { isoWeekKey, mondayOf } from "~/domain/shared/iso-week";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { createEmployee as createSheet, updateEmployee } from "~/services/employees/writes.server";
import { closeMonth, reopenMonth } from "~/services/payroll/close.server";
import { getCountry, updateCountry } from "~/services/organisation/countries.server";
import { getSubsidiary, updateSubsidiary } from "~/services/organisation/subsidiaries.server";
import { computeEmployeeWeek } from "~/services/overtime/week.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { completeSheet, SEVEN_HOURS } from "~tests/support/factories-employees";
import { insertClock } from "~tests/support/factories-time";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { currentUserOf } from "~tests/support/factories-leave";

/**
 * The dirty marks of the employee sheet (contract, schedule, employment dates; decision 0035) and of a country's
 * holidays (decision 0031), each made in the transaction of the change.
 */
const db = useTestDatabase();
const today = localDate(new Date(), "Europe/Paris");
const CURRENT = mondayOf(today);

let org: Org;
let other: Org;
let manager: Awaited<ReturnType<typeof currentUserOf>>;

/** An employee of `o` (a complete sheet: 35 h, hired 6 January 2025) with week 10 of 2026 and the current week computed. */
async function employeeWithWeeks(o: Org) {
  const { id: employeeId } = await createSheet(db.em(), manager, completeSheet(o, { hiredAt: "2025-01-06" }));
  for (const monday of ["2026-03-02", CURRENT]) await computeEmployeeWeek(db.em(), employeeId, isoWeekKey(monday));
  return employeeId;
}

async function dirtyMondays(employeeId: number): Promise<string[]> {
  const rows = await db.sql<{ monday: string }>("select monday::text as monday from overtime_week where employee_id = ? and dirty order by monday", [employeeId]);
  return rows.map((r) => r.monday);
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Marks");
  other = await createOrg(db.em(), " Elsewhere");
  manager = await currentUserOf(db.em(), await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" }));
});

describe("dirty marks of the employee sheet", () => {
  it("a new weekly contract marks the weeks from the current one, not the finished weeks", async () => {
    const id = await employeeWithWeeks(org);
    expect(await dirtyMondays(id)).toEqual([]);
    await updateEmployee(db.em(), manager, id, { numberOfHoursPerWeek: 39 });
    expect(await dirtyMondays(id)).toEqual([CURRENT]);
  });

  it("an earlier hiring date marks the weeks from that date", async () => {
    const id = await employeeWithWeeks(org);
    await updateEmployee(db.em(), manager, id, { hiredAt: "2026-02-02" });
    expect(await dirtyMondays(id)).toEqual(["2026-03-02", CURRENT]);
  });

  it("a change the engine does not read marks nothing", async () => {
    const id = await employeeWithWeeks(org);
    await updateEmployee(db.em(), manager, id, { phone: "0102030405" });
    expect(await dirtyMondays(id)).toEqual([]);
  });
});

describe("dirty marks of a country's holidays", () => {
  it("a holiday added marks the weeks from that day for the country's employees only; removing it marks them again", async () => {
    const here = await employeeWithWeeks(org);
    const there = await employeeWithWeeks(other);
    const country = await getCountry(db.em(), manager, org.countryId);
    const input = { name: country.name, timezone: country.timezone, overtime: country.overtime };
    await updateCountry(db.em(), manager, org.countryId, { ...input, holidays: [...country.holidays, { date: "2026-03-04", name: "Jour de test" }] });
    expect(await dirtyMondays(here)).toEqual(["2026-03-02", CURRENT]);
    expect(await dirtyMondays(there)).toEqual([]);

    for (const monday of ["2026-03-02", CURRENT]) await computeEmployeeWeek(db.em(), here, isoWeekKey(monday));
    // Renaming a holiday changes nothing the engine reads.
    await updateCountry(db.em(), manager, org.countryId, { ...input, holidays: [...country.holidays, { date: "2026-03-04", name: "Autre nom" }] });
    expect(await dirtyMondays(here)).toEqual([]);
    await updateCountry(db.em(), manager, org.countryId, { ...input, holidays: country.holidays });
    expect(await dirtyMondays(here)).toEqual(["2026-03-02", CURRENT]);
  });
});

describe("dirty marks of a subsidiary's country and time zone, and of a country's time zone (decision 0068)", () => {
  it("a subsidiary moved to another country marks its employees' weeks from the current one; a new city marks nothing", async () => {
    const here = await employeeWithWeeks(org);
    const there = await employeeWithWeeks(other);
    const sub = await getSubsidiary(db.em(), manager, org.subsidiaryId);
    const input = { name: sub.name, countryId: sub.country.id, city: sub.city, timezone: sub.timezone };
    await updateSubsidiary(db.em(), manager, org.subsidiaryId, { ...input, city: "Lille" });
    expect(await dirtyMondays(here)).toEqual([]);
    await updateSubsidiary(db.em(), manager, org.subsidiaryId, { ...input, countryId: other.countryId });
    expect(await dirtyMondays(here)).toEqual([CURRENT]);
    expect(await dirtyMondays(there)).toEqual([]);

    await computeEmployeeWeek(db.em(), here, isoWeekKey(CURRENT));
    await updateSubsidiary(db.em(), manager, org.subsidiaryId, { ...input, timezone: "Europe/Brussels" });
    expect(await dirtyMondays(here)).toEqual([CURRENT]);
    await updateSubsidiary(db.em(), manager, org.subsidiaryId, input);
  });

  it("a country's new time zone marks its employees' current week; in a month closed for payroll it is accepted too (decision 0118)", async () => {
    const here = await employeeWithWeeks(org);
    const country = await getCountry(db.em(), manager, org.countryId);
    const holidays = country.holidays.map((h) => ({ date: h.date, name: h.name }));
    const input = { name: country.name, timezone: country.timezone, overtime: country.overtime, holidays };
    const month = CURRENT.slice(0, 7);
    // The current month closes only once over (decision 0079): closed as if on a day of the next month.
    await closeMonth(db.em(), manager, org.subsidiaryId, month, new Date(Date.now() + 40 * 86_400_000));
    try {
      await updateCountry(db.em(), manager, org.countryId, { ...input, timezone: "Europe/Brussels" });
      expect(await dirtyMondays(here)).toEqual([CURRENT]);
      await updateCountry(db.em(), manager, org.countryId, input);
    } finally {
      await reopenMonth(db.em(), manager, org.subsidiaryId, month, undefined, { reason: "Correction" });
    }
    expect((await getCountry(db.em(), manager, org.countryId)).timezone).toBe(country.timezone);
    await updateCountry(db.em(), manager, org.countryId, { ...input, timezone: "Europe/Brussels" });
    expect(await dirtyMondays(here)).toEqual([CURRENT]);
    await updateCountry(db.em(), manager, org.countryId, input);
  });
});

describe("former contracts (decision 0070)", () => {
  const contractSeconds = async (employeeId: number, monday: string) =>
    (await db.sql<{ s: number }>(`select contract_seconds as s from overtime_week where employee_id = ? and monday = ?`, [employeeId, monday]))[0]?.s;

  it("an old week computed again after a new contract keeps the contract of its time; the current week takes the new one", async () => {
    const id = await employeeWithWeeks(org);
    expect(await contractSeconds(id, "2026-03-02")).toBe(35 * 3600);
    await updateEmployee(db.em(), manager, id, { numberOfHoursPerWeek: 39 });
    // A second change the same week: the history keeps the terms of before the first one.
    await updateEmployee(db.em(), manager, id, { numberOfHoursPerWeek: 37 });
    const history = await db.sql<{ valid_until: string; hours: string }>(
      `select valid_until::text, number_of_hours_per_week::text as hours from contract_history where employee_id = ?`,
      [id],
    );
    expect(history).toEqual([{ valid_until: CURRENT, hours: "35.00" }]);

    // Something makes the March week stale (here: computed again on purpose), the current one too.
    for (const monday of ["2026-03-02", CURRENT]) await computeEmployeeWeek(db.em(), id, isoWeekKey(monday));
    expect(await contractSeconds(id, "2026-03-02")).toBe(35 * 3600);
    expect(await contractSeconds(id, CURRENT)).toBe(37 * 3600);
  });

  it("a past day recomputed after a new schedule (a validated correction) expects the hours of its time", async () => {
    const id = await employeeWithWeeks(org);
    const clockId = await insertClock(db.em(), id, "2026-03-03", [["08:00", "START"], ["17:00", "END"]]);
    await recomputeDay(db.em(), clockId);
    const expected = async () => (await db.sql<{ s: number }>(`select expected_seconds as s from time_clock where id = ?`, [clockId]))[0]?.s;
    expect(await expected()).toBe(7 * 3600);
    // From this week on, 8-hour days (morning from 8:00).
    const eight = { ...SEVEN_HOURS, morningStart: SEVEN_HOURS.morningStart! - 60 };
    await updateEmployee(db.em(), manager, id, { weeks: [[eight, eight, eight, eight, eight], []] });
    await recomputeDay(db.em(), clockId);
    expect(await expected()).toBe(7 * 3600);
    // Today's day takes the new schedule.
    const todayId = await insertClock(db.em(), id, today, [["08:00", "START"]]);
    await recomputeDay(db.em(), todayId);
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    expect((await db.sql<{ s: number }>(`select expected_seconds as s from time_clock where id = ?`, [todayId]))[0]?.s).toBe(weekday >= 1 && weekday <= 5 ? 8 * 3600 : 0);
  });

  it("new hours dated back: the weeks from that Monday take them, the days since expect the new schedule; a date in the future is refused", async () => {
    const id = await employeeWithWeeks(org);
    const back = addDays(CURRENT, -14);
    await computeEmployeeWeek(db.em(), id, isoWeekKey(back));
    const clockId = await insertClock(db.em(), id, addDays(back, 1), [["08:00", "START"], ["17:00", "END"]]);
    await recomputeDay(db.em(), clockId);
    await expect(updateEmployee(db.em(), manager, id, { numberOfHoursPerWeek: 39 }, { contractFrom: addDays(today, 1) })).rejects.toMatchObject({
      status: 422,
      violations: [{ propertyPath: "contractFrom" }],
    });
    const eight = { ...SEVEN_HOURS, morningStart: SEVEN_HOURS.morningStart! - 60 };
    // Dated on a Wednesday: the change applies from that week's Monday.
    await updateEmployee(db.em(), manager, id, { numberOfHoursPerWeek: 39, weeks: [[eight, eight, eight, eight, eight], []] }, { contractFrom: addDays(back, 2) });
    expect(await dirtyMondays(id)).toEqual([back, CURRENT]);
    expect(await db.sql<{ until: string }>(`select valid_until::text as until from contract_history where employee_id = ?`, [id])).toEqual([{ until: back }]);
    // The Tuesday of that week was recomputed with the 8-hour days.
    expect((await db.sql<{ s: number }>(`select expected_seconds as s from time_clock where id = ?`, [clockId]))[0]?.s).toBe(8 * 3600);
    for (const monday of ["2026-03-02", back]) await computeEmployeeWeek(db.em(), id, isoWeekKey(monday));
    expect(await contractSeconds(id, "2026-03-02")).toBe(35 * 3600);
    expect(await contractSeconds(id, back)).toBe(39 * 3600);

    // Dated back again, before the first change: the later former contract goes, the terms before are kept.
    await updateEmployee(db.em(), manager, id, { numberOfHoursPerWeek: 37 }, { contractFrom: addDays(back, -7) });
    const rows = await db.sql<{ until: string; hours: string }>(
      `select valid_until::text as until, number_of_hours_per_week::text as hours from contract_history where employee_id = ? order by valid_until`,
      [id],
    );
    expect(rows).toEqual([{ until: addDays(back, -7), hours: "35.00" }]);
  });

  it("a change the contract does not hold (a phone) keeps no former contract", async () => {
    const id = await employeeWithWeeks(org);
    await updateEmployee(db.em(), manager, id, { phone: "0102030406" });
    expect(await db.sql(`select id from contract_history where employee_id = ?`, [id])).toEqual([]);
  });
});
