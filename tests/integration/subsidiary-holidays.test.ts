/**
 * Subsidiary (local) holidays, decision 0031: they apply to the subsidiary's employees in addition to their
 * country's, in every reader (holidaysOver, the leave day count, expected time, the overtime week), and adding or
 * removing one marks the stored overtime weeks of the subsidiary's employees dirty.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "~/services/shared/errors";
import { holidaysOver } from "~/services/organisation/holidays.server";
import { requestLeave } from "~/services/leave/requests.server";
import { loadOvertimeWeek } from "~/services/overtime/week-inputs.server";
import { getCountry, updateCountry } from "~/services/organisation/countries.server";
import { getSubsidiary, updateSubsidiary } from "~/services/organisation/subsidiaries.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { clockEmployee, clockFacts } from "~/services/time-clock/time-clock.server";
import { loadExpectedFacts } from "~/services/time-clock/views.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { addHoliday, createLeaveCast, currentUserOf, setCounters } from "~tests/support/factories-leave";
import { setSchedule } from "~tests/support/factories-time";

const db = useTestDatabase();
/** Wednesday 1 July 2026, 10:00 in Paris. */
const NOW = new Date("2026-07-01T08:00:00Z");

let org: Org;
let metz: { subsidiaryId: number; divisionId: number; teamId: number };
let admin: CurrentUser;
let paris: TestEmployee;
let moselle: TestEmployee;

/** The Metz subsidiary's form values with the given local holidays. */
async function setLocalHolidays(holidays: { date: string; name: string }[]) {
  const s = await getSubsidiary(db.em(), admin, metz.subsidiaryId);
  await updateSubsidiary(db.em(), admin, metz.subsidiaryId, { name: s.name, countryId: s.country.id, city: s.city, timezone: s.timezone, holidays });
}

async function dirtyOf(employeeId: number): Promise<boolean> {
  const [row] = await db.sql<{ dirty: boolean }>("select dirty from overtime_week where employee_id = ? and iso_year = 2026 and iso_week = 29", [
    employeeId,
  ]);
  return row!.dirty;
}

async function cleanWeeks() {
  await db.sql("update overtime_week set dirty = false where iso_year = 2026 and iso_week = 29 and employee_id in (?, ?)", [
    paris.employeeId,
    moselle.employeeId,
  ]);
}

beforeAll(async () => {
  const cast = await createLeaveCast(db.em(), " Local");
  org = cast.org;
  admin = await currentUserOf(db.em(), cast.head);
  await addHoliday(db.em(), org.countryId, "2026-07-14", "Fête nationale");
  const [sub] = await db.sql<{ id: number }>(
    "insert into subsidiary (name, country_id, city, timezone) values ('Metz Print', ?, 'Metz', 'Europe/Paris') returning id",
    [org.countryId],
  );
  const [div] = await db.sql<{ id: number }>("insert into division (name, subsidiary_id) values ('Impression', ?) returning id", [sub!.id]);
  const [team] = await db.sql<{ id: number }>("insert into team (name, subsidiary_id, division_id) values ('Offset', ?, ?) returning id", [
    sub!.id,
    div!.id,
  ]);
  metz = { subsidiaryId: sub!.id, divisionId: div!.id, teamId: team!.id };
  paris = await createEmployee(db.em(), org, { leaveWorkflow: "fast" });
  moselle = await createEmployee(db.em(), { ...org, subsidiaryId: metz.subsidiaryId }, { teamId: metz.teamId, divisionId: metz.divisionId, leaveWorkflow: "fast" });
  for (const e of [paris, moselle]) {
    await setSchedule(db.em(), e.employeeId);
    await setCounters(db.em(), e.employeeId, { earnedLastYear: 5, earnedThisYear: 10 });
    await db.sql(
      `insert into overtime_week (employee_id, iso_year, iso_week, monday, bands, explanation, dirty) values (?, 2026, 29, '2026-07-13', '[]', '{}', false)`,
      [e.employeeId],
    );
  }
  // Thursday 16 July: a local holiday of Metz only (via the settings service, as the form saves it).
  await setLocalHolidays([{ date: "2026-07-16", name: "Fête locale" }]);
  await cleanWeeks();
});

describe("holidaysOver", () => {
  it("gives an employee their country's holidays and their subsidiary's, a subsidiary its country's and its own, in one call", async () => {
    const byEmployee = await holidaysOver(db.em(), { employeeIds: [paris.employeeId, moselle.employeeId, 999999] }, "2026-07-01", "2026-07-31");
    expect([...byEmployee.get(paris.employeeId)!]).toEqual([["2026-07-14", "Fête nationale"]]);
    expect([...byEmployee.get(moselle.employeeId)!]).toEqual([
      ["2026-07-14", "Fête nationale"],
      ["2026-07-16", "Fête locale"],
    ]);
    expect(byEmployee.get(999999)!.size).toBe(0);
    const bySubsidiary = await holidaysOver(db.em(), { subsidiaryIds: [org.subsidiaryId, metz.subsidiaryId] }, "2026-07-15", "2026-07-31");
    expect([...bySubsidiary.get(org.subsidiaryId)!.keys()]).toEqual([]);
    expect([...bySubsidiary.get(metz.subsidiaryId)!.keys()]).toEqual(["2026-07-16"]);
  });

  it("counts a day that is both a country and a local holiday once, under the country's name", async () => {
    await addHoliday(db.em(), org.countryId, "2026-08-15", "Assomption");
    await db.sql("insert into holiday (subsidiary_id, date, name) values (?, '2026-08-15', 'Doublon')", [metz.subsidiaryId]);
    const days = (await holidaysOver(db.em(), { employeeIds: [moselle.employeeId] }, "2026-08-01", "2026-08-31")).get(moselle.employeeId)!;
    expect([...days]).toEqual([["2026-08-15", "Assomption"]]);
    await db.sql("delete from holiday where subsidiary_id = ? and date = '2026-08-15'", [metz.subsidiaryId]);
  });

  it("keeps a holiday owned by exactly one of a country and a subsidiary (check constraint)", async () => {
    await expect(db.sql("insert into holiday (date, name) values ('2026-09-01', 'Orphelin')")).rejects.toThrow(/holiday_one_owner_check/);
    await expect(
      db.sql("insert into holiday (country_id, subsidiary_id, date, name) values (?, ?, '2026-09-01', 'Les deux')", [org.countryId, metz.subsidiaryId]),
    ).rejects.toThrow(/holiday_one_owner_check/);
  });
});

describe("the readers take the local holidays into account", () => {
  it("a leave's working days skip the subsidiary's holiday (3 days in Metz, 4 in Paris for the same week)", async () => {
    const week = { reason: "PAID_LEAVE", start: "2026-07-13", end: "2026-07-17", halfDayMorning: false, halfDayAfternoon: false };
    const a = await requestLeave(db.em(), await currentUserOf(db.em(), moselle), week, NOW);
    const b = await requestLeave(db.em(), await currentUserOf(db.em(), paris), week, NOW);
    const rows = await db.sql<{ id: number; days: number }>("select id, number_days_work::float8 as days from leave where id in (?, ?)", [a.id, b.id]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.days]))).toEqual({ [a.id]: 3, [b.id]: 4 });
    await db.sql("delete from leave_step where leave_id in (?, ?)", [a.id, b.id]);
    await db.sql("delete from leave where id in (?, ?)", [a.id, b.id]);
  });

  it("a leave starting on the local holiday is refused with the French message", async () => {
    const day = { reason: "PAID_LEAVE", start: "2026-07-16", end: "2026-07-16", halfDayMorning: false, halfDayAfternoon: false };
    const error = await requestLeave(db.em(), await currentUserOf(db.em(), moselle), day, NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).violations).toContainEqual({ propertyPath: "start", message: "Cette période ne tombe que sur un jour férié : elle ne compte aucun jour ouvré à poser." });
  });

  it("expected time: the clock facts and the lists' facts hold the local holiday", async () => {
    const facts = await clockFacts(db.em(), await clockEmployee(db.em(), moselle.employeeId), "2026-07-13", "2026-07-17");
    expect([...facts.holidays].sort()).toEqual(["2026-07-14", "2026-07-16"]);
    const many = await loadExpectedFacts(db.em(), [paris.employeeId, moselle.employeeId], "2026-07-13", "2026-07-17");
    expect([...many.get(moselle.employeeId)!.holidays].sort()).toEqual(["2026-07-14", "2026-07-16"]);
    expect([...many.get(paris.employeeId)!.holidays]).toEqual(["2026-07-14"]);
  });

  it("the overtime week: the local holiday is a holiday with nothing expected", async () => {
    const loaded = await loadOvertimeWeek(db.em(), moselle.employeeId, { year: 2026, week: 29 }, new Date("2026-07-20T08:00:00Z"));
    const thursday = loaded.input.days.find((d) => d.date === "2026-07-16")!;
    expect(thursday).toMatchObject({ holiday: true, expectedSeconds: 0 });
    const inParis = await loadOvertimeWeek(db.em(), paris.employeeId, { year: 2026, week: 29 }, new Date("2026-07-20T08:00:00Z"));
    expect(inParis.input.days.find((d) => d.date === "2026-07-16")).toMatchObject({ holiday: false, expectedSeconds: 7 * 3600 });
  });
});

describe("dirty overtime weeks", () => {
  it("a local holiday added or removed marks the subsidiary's employees' weeks dirty; a renamed one does not", async () => {
    await cleanWeeks();
    await setLocalHolidays([{ date: "2026-07-16", name: "Fête locale (renommée)" }]);
    expect([await dirtyOf(moselle.employeeId), await dirtyOf(paris.employeeId)]).toEqual([false, false]);
    await setLocalHolidays([
      { date: "2026-07-16", name: "Fête locale" },
      { date: "2026-07-17", name: "Pont" },
    ]);
    expect([await dirtyOf(moselle.employeeId), await dirtyOf(paris.employeeId)]).toEqual([true, false]);
    await cleanWeeks();
    await setLocalHolidays([{ date: "2026-07-16", name: "Fête locale" }]);
    expect([await dirtyOf(moselle.employeeId), await dirtyOf(paris.employeeId)]).toEqual([true, false]);
  });

  it("a country holiday added marks the weeks of the country's employees dirty, both subsidiaries", async () => {
    await cleanWeeks();
    const c = await getCountry(db.em(), admin, org.countryId);
    await updateCountry(db.em(), admin, org.countryId, {
      name: c.name,
      timezone: c.timezone,
      overtime: c.overtime,
      holidays: [...c.holidays.map((h) => ({ date: h.date, name: h.name })), { date: "2026-07-15", name: "Ajouté" }],
    });
    expect([await dirtyOf(moselle.employeeId), await dirtyOf(paris.employeeId)]).toEqual([true, true]);
  });
});
