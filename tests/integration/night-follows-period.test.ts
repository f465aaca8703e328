import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { policyForDate, saveCountryPolicy } from "~/services/overtime/policy.server";
import { updateSubsidiary } from "~/services/organisation/subsidiaries.server";
import { runChunk } from "~/services/overtime/run.server";
import { createSuggestion, recomputeDay } from "~/services/time-clock/time-clock.server";
import { validateSuggestion } from "~/services/time-clock/suggestions.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { at, createClockEmployee, currentUser, insertClock } from "~tests/support/factories-time";

/**
 * Issue 40 (decision 0138): the stored night seconds of past days (time_clock.night_seconds, decision 0075) follow a
 * changed night period — a country policy row from its effective date, a subsidiary's agreement from the current
 * week — and the weeks they belong to are marked dirty. Real PostgreSQL, fixed instants.
 */
const db = useTestDatabase();
const LISBON = "Europe/Lisbon";
const HOUR = 3600;

let org: Org;
let portugalId: number;
let lisbonSubId: number;
let bossUserId: number;

beforeAll(async () => {
  org = await createOrg(db.em(), " Noite");
  const [pt] = await db.sql<{ id: number }>("insert into country (name, timezone) values ('Portugal', 'Europe/Lisbon') returning id");
  portugalId = pt!.id;
  const [sub] = await db.sql<{ id: number }>(
    "insert into subsidiary (name, country_id, city, timezone) values ('Cadran Lisboa Noite', ?, 'Lisboa', 'Europe/Lisbon') returning id",
    [portugalId],
  );
  lisbonSubId = sub!.id;
  bossUserId = (await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" })).userId;
});

afterEach(() => {
  vi.useRealTimers();
});

async function lisbonEmployee(lastname: string) {
  const e = await createClockEmployee(db.em(), org, { lastname });
  await db.sql("update employee set subsidiary_id = ?, country_id = null, division_id = null, team_id = null where id = ?", [lisbonSubId, e.employeeId]);
  return e;
}

/** A 21:00–02:00 shift in Lisbon starting on `date`, recomputed at `now`. */
async function lateShift(employeeId: number, date: string, now: Date): Promise<number> {
  const id = await insertClock(db.em(), employeeId, date, [["21:00", "START"]], { zone: LISBON });
  const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await db.sql("insert into time_log (time_clock_id, time, type, created_at) values (?, ?, 'END', now())", [id, at(next, "02:00", LISBON)]);
  await recomputeDay(db.em(), id, now);
  return id;
}

const nightOf = async (clockId: number) => Number((await db.sql<{ n: number }>("select night_seconds as n from time_clock where id = ?", [clockId]))[0]!.n);
const dirtyOf = async (employeeId: number, monday: string) =>
  (await db.sql<{ dirty: boolean }>("select dirty from overtime_week where employee_id = ? and monday = ?", [employeeId, monday]))[0]?.dirty;

describe("night seconds follow the night period (issue 40, decision 0138)", () => {
  it("Portugal's period moved to 21:00–06:00 from Monday 2 March 2026: the Lisboa 21:00–02:00 days from then on store 5 h, those before keep 4 h, their weeks dirty", async () => {
    const e = await lisbonEmployee("noite-pais");
    const now = at("2026-03-16", "09:00", LISBON);
    const before = await lateShift(e.employeeId, "2026-02-23", now);
    const after = await lateShift(e.employeeId, "2026-03-02", now);
    // The law's default period (art. 223.º n.º 2): 22:00–07:00, so 4 h of the 5.
    expect(await nightOf(before)).toBe(4 * HOUR);
    expect(await nightOf(after)).toBe(4 * HOUR);
    await runChunk(db.em(), { firstId: e.employeeId, lastId: e.employeeId }, { kind: "range", from: "2026-02-23", to: "2026-03-08" }, now);
    expect(await dirtyOf(e.employeeId, "2026-03-02")).toBe(false);

    const inForce = await policyForDate(db.em(), portugalId, "2026-03-02");
    await saveCountryPolicy(db.em(), portugalId, { ...inForce, nightPeriod: { from: "21:00", to: "06:00" }, effectiveFrom: "2026-03-02" });
    expect(await nightOf(after)).toBe(5 * HOUR);
    expect(await nightOf(before)).toBe(4 * HOUR);
    expect(await dirtyOf(e.employeeId, "2026-03-02")).toBe(true);
    expect(await dirtyOf(e.employeeId, "2026-02-23")).toBe(false);
    // Either day recomputed later (a correction) is counted on the period of its own day, not today's row.
    await recomputeDay(db.em(), before, now);
    await recomputeDay(db.em(), after, now);
    expect([await nightOf(before), await nightOf(after)]).toEqual([4 * HOUR, 5 * HOUR]);

    // Back to the law's period: the same day follows again.
    await saveCountryPolicy(db.em(), portugalId, { ...inForce, nightPeriod: { from: "22:00", to: "07:00" }, effectiveFrom: "2026-03-02" });
    expect(await nightOf(after)).toBe(4 * HOUR);
  });

  it("a correction in the week a policy row starts reads the row in force on the corrected day, not today's", async () => {
    // Portugal's period moves to 21:00–06:00 from Wednesday 3 June 2026; on Friday 5 June (the same week) a manager
    // corrects Monday 1 June's 21:00–02:00 shift: Monday is under the law's 22:00–07:00 (art. 223.º n.º 2), 4 h of
    // night, whatever row is in force today (5 h on it). Wednesday's shift is under the new row: 5 h.
    const e = await lisbonEmployee("noite-semana");
    const inForce = await policyForDate(db.em(), portugalId, "2026-06-01");
    await saveCountryPolicy(db.em(), portugalId, { ...inForce, nightPeriod: { from: "21:00", to: "06:00" }, effectiveFrom: "2026-06-03" });
    try {
      const friday = at("2026-06-05", "09:00", LISBON);
      const monday = await lateShift(e.employeeId, "2026-06-01", friday);
      const wednesday = await lateShift(e.employeeId, "2026-06-03", friday);
      expect([await nightOf(monday), await nightOf(wednesday)]).toEqual([4 * HOUR, 5 * HOUR]);
      const boss = await currentUser(db.em(), bossUserId);
      const logs = [
        { time: at("2026-06-01", "21:00", LISBON), type: "START" as const },
        { time: at("2026-06-02", "02:00", LISBON), type: "END" as const },
      ];
      const proposed = await createSuggestion(db.em(), boss, { employeeId: e.employeeId, date: "2026-06-01", message: "Oubli", logs }, friday);
      // The proposal's own figure is counted on its day's period too (the corrections page shows it).
      expect(await nightOf(proposed.id)).toBe(4 * HOUR);
      await validateSuggestion(db.em(), boss, proposed.id, friday);
      expect(await nightOf(monday)).toBe(4 * HOUR);
    } finally {
      await db.sql("delete from overtime_policy where country_id = ? and effective_from = '2026-06-03'", [portugalId]);
    }
  });

  it("a policy row that keeps the period writes no night seconds", async () => {
    const e = await lisbonEmployee("noite-igual");
    const id = await lateShift(e.employeeId, "2026-04-06", at("2026-04-13", "09:00", LISBON));
    // A stored figure off the period (as a day stored before the period existed): untouched when the period is kept.
    await db.sql("update time_clock set night_seconds = 1 where id = ?", [id]);
    const inForce = await policyForDate(db.em(), portugalId, "2026-04-01");
    await saveCountryPolicy(db.em(), portugalId, { ...inForce, paid: inForce.paid, effectiveFrom: "2026-04-01" });
    expect(await nightOf(id)).toBe(1);
    await db.sql("delete from overtime_policy where country_id = ? and effective_from >= '2026-03-01'", [portugalId]);
  });

  it("a subsidiary's agreement 23:00–07:00 (no date of its own): the days of the current week on store 3 h, the weeks before keep theirs", async () => {
    const e = await lisbonEmployee("noite-acordo");
    const now = at("2026-05-13", "09:00", LISBON);
    const lastWeek = await lateShift(e.employeeId, "2026-05-04", now);
    const thisWeek = await lateShift(e.employeeId, "2026-05-11", now);
    await runChunk(db.em(), { firstId: e.employeeId, lastId: e.employeeId }, { kind: "range", from: "2026-05-04", to: "2026-05-17" }, now);
    const boss = await currentUser(db.em(), bossUserId);
    const [sub] = await db.sql<{ name: string; city: string }>("select name, city from subsidiary where id = ?", [lisbonSubId]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    try {
      await updateSubsidiary(db.em(), boss, lisbonSubId, {
        name: sub!.name,
        countryId: portugalId,
        city: sub!.city,
        timezone: LISBON,
        night: { from: "23:00", to: "07:00", rate: null },
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await nightOf(thisWeek)).toBe(3 * HOUR);
    expect(await nightOf(lastWeek)).toBe(4 * HOUR);
    expect(await dirtyOf(e.employeeId, "2026-05-11")).toBe(true);
    expect(await dirtyOf(e.employeeId, "2026-05-04")).toBe(false);
    await db.sql("update subsidiary set night_from = null, night_to = null, night_rate = null where id = ?", [lisbonSubId]);
  });

  it("a subsidiary moved to another zone: the days of the current week on are counted on the new local clock", async () => {
    const e = await lisbonEmployee("noite-fuso");
    const now = at("2026-05-13", "09:00", LISBON);
    const thisWeek = await lateShift(e.employeeId, "2026-05-12", now);
    expect(await nightOf(thisWeek)).toBe(4 * HOUR);
    const boss = await currentUser(db.em(), bossUserId);
    const [sub] = await db.sql<{ name: string; city: string }>("select name, city from subsidiary where id = ?", [lisbonSubId]);
    const move = (timezone: string) => updateSubsidiary(db.em(), boss, lisbonSubId, { name: sub!.name, countryId: portugalId, city: sub!.city, timezone });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    try {
      // 21:00–02:00 in Lisbon is 22:00–03:00 in Paris: 5 h inside 22:00–07:00 there.
      await move("Europe/Paris");
      expect(await nightOf(thisWeek)).toBe(5 * HOUR);
      await move(LISBON);
      expect(await nightOf(thisWeek)).toBe(4 * HOUR);
    } finally {
      vi.useRealTimers();
    }
  });
});
