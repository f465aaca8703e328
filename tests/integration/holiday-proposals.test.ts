/**
 * Computed public holidays (issue 33 item 2, decision 0097): proposed next to what is stored, added in one click
 * without doubling a day, Alsace-Moselle's extras for a subsidiary, and the worker's 1 December run (idempotent,
 * listed on the page).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { ForbiddenError, ValidationError } from "~/services/shared/errors";
import {
  addComputedHolidays,
  addNextYearHolidays,
  holidayCalendars,
  holidayProposal,
  parseHolidayTarget,
  unfollowHolidayCalendar,
} from "~/services/organisation/holiday-proposals.server";
import { runJob } from "~/jobs/registry.server";
import { useTestDatabase } from "~tests/support/db";
import { createOrg, type Org } from "~tests/support/factories";
import { createLeaveCast, currentUserOf } from "~tests/support/factories-leave";

const db = useTestDatabase();
let org: Org;
let admin: CurrentUser;
let employee: CurrentUser;
let metzId: number;

async function holidaysOf(column: "country_id" | "subsidiary_id", id: number, year: number) {
  return db.sql<{ date: string; name: string }>(
    `select date::text as date, name from holiday where ${column} = ? and extract(year from date) = ? order by date`,
    [id, year],
  );
}

beforeAll(async () => {
  org = await createOrg(db.em());
  const cast = await createLeaveCast(db.em(), " Fériés", org);
  admin = await currentUserOf(db.em(), cast.head);
  employee = await currentUserOf(db.em(), cast.employee);
  const [metz] = await db.sql<{ id: number }>(
    "insert into subsidiary (name, country_id, city, timezone) values ('Metz Print', ?, 'Metz', 'Europe/Paris') returning id",
    [org.countryId],
  );
  metzId = metz!.id;
});

describe("computed holidays", () => {
  it("proposes France's 11 days of 2027, adds them in one click, and adds nothing the second time", async () => {
    const target = parseHolidayTarget(`country-${org.countryId}`)!;
    await db.sql("insert into holiday (country_id, date, name) values (?, '2027-12-25', 'Noël (fermeture)')", [org.countryId]);
    const before = await holidayProposal(db.em(), admin, target, 2027);
    expect(before.days).toHaveLength(11);
    expect(before.toAdd).toBe(10);
    expect(before.days.find((d) => d.date === "2027-12-25")).toMatchObject({ status: "present", storedName: "Noël (fermeture)" });

    expect(await addComputedHolidays(db.em(), admin, target, 2027, { follow: true })).toBe(10);
    const stored = await holidaysOf("country_id", org.countryId, 2027);
    expect(stored).toHaveLength(11);
    expect(stored.find((h) => h.date === "2027-12-25")!.name).toBe("Noël (fermeture)");
    expect(stored.find((h) => h.date === "2027-03-29")!.name).toBe("Lundi de Pâques");

    expect(await addComputedHolidays(db.em(), admin, target, 2027, { follow: true })).toBe(0);
    expect(await holidaysOf("country_id", org.countryId, 2027)).toHaveLength(11);
    expect((await holidayProposal(db.em(), admin, target, 2027)).toAdd).toBe(0);
  });

  it("adds Alsace-Moselle's Good Friday and 26 December (L3134-13) as a subsidiary's local days, never a day its country gives", async () => {
    const target = parseHolidayTarget(`alsace-moselle-good-friday-${metzId}`)!;
    const proposal = await holidayProposal(db.em(), admin, target, 2027);
    expect(proposal.days.map((d) => [d.date, d.name, d.status])).toEqual([
      ["2027-03-26", "Vendredi saint", "add"],
      ["2027-12-26", "Saint-Étienne", "add"],
    ]);
    expect(await addComputedHolidays(db.em(), admin, target, 2027, { follow: false })).toBe(2);
    expect(await holidaysOf("subsidiary_id", metzId, 2027)).toEqual([
      { date: "2027-03-26", name: "Vendredi saint" },
      { date: "2027-12-26", name: "Saint-Étienne" },
    ]);
    // Only 26 December: already there.
    expect((await holidayProposal(db.em(), admin, parseHolidayTarget(`alsace-moselle-${metzId}`)!, 2027)).toAdd).toBe(0);
  });

  it("lists the calendars offered and the followed ones; the worker adds next year's each 1 December, once", async () => {
    const { choices, followed } = await holidayCalendars(db.em(), admin);
    expect(choices.map((c) => c.value)).toEqual(
      expect.arrayContaining([`country-${org.countryId}`, `alsace-moselle-${metzId}`, `alsace-moselle-good-friday-${metzId}`]),
    );
    expect(followed).toHaveLength(1);
    expect(followed[0]!.runs).toEqual([]);

    const first = await runJob("holidays.next-year", { at: "2027-12-01T03:00:00.000Z" });
    expect(first).toEqual({ year: 2028, calendars: 1, added: 11 });
    expect(await holidaysOf("country_id", org.countryId, 2028)).toHaveLength(11);
    // Run again (a retry, a catch-up): nothing added, nothing doubled.
    expect(await addNextYearHolidays(db.em(), new Date("2027-12-01T05:00:00Z"))).toEqual({ year: 2028, calendars: 0, added: 0 });
    expect(await holidaysOf("country_id", org.countryId, 2028)).toHaveLength(11);

    const after = await holidayCalendars(db.em(), admin);
    expect(after.followed[0]!.runs).toEqual([{ year: 2028, added: 11, ranAt: "01/12/2027" }].map((r) => ({ ...r, ranAt: expect.any(String) })));

    await unfollowHolidayCalendar(db.em(), admin, after.followed[0]!.id);
    expect((await holidayCalendars(db.em(), admin)).followed).toHaveLength(0);
  });

  it("refuses a year out of range (French message) and anyone but management", async () => {
    const target = parseHolidayTarget(`country-${org.countryId}`)!;
    await expect(holidayProposal(db.em(), admin, target, 1800)).rejects.toThrow(ValidationError);
    await expect(holidayProposal(db.em(), employee, target, 2027)).rejects.toThrow(ForbiddenError);
    await expect(addComputedHolidays(db.em(), employee, target, 2027, { follow: true })).rejects.toThrow(ForbiddenError);
  });
});
