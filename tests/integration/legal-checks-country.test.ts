import { beforeAll, describe, expect, it } from "vitest";
import { employeeWeek, overtimeCalendar } from "~/services/overtime/views.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { at, createClockEmployee, currentUser, insertClock } from "~tests/support/factories-time";
import { recomputeDay } from "~/services/time-clock/time-clock.server";

/** Issue 26 §3 (decision 0076): the calendars and the week explanation show the checks of the employee's own country. */
const db = useTestDatabase();

let org: Org;
let portugalId: number;
beforeAll(async () => {
  org = await createOrg(db.em(), " Pays");
  const [pt] = await db.sql<{ id: number }>("insert into country (name, timezone) values ('Portugal', 'Europe/Lisbon') returning id");
  portugalId = pt!.id;
});

describe("legal checks of the employee's own country", () => {
  it("5 h 30 without a break: flagged for the Lisbon employee (art. 213.º), not for the Paris one; the night shift's rest measured from its end", async () => {
    const paris = await createClockEmployee(db.em(), org, { lastname: "aaa-paris" });
    const lisbon = await createClockEmployee(db.em(), org, { lastname: "aab-lisboa" });
    await db.sql("update employee set country_id = ? where id = ?", [portugalId, lisbon.employeeId]);
    for (const e of [paris, lisbon]) {
      const id = await insertClock(db.em(), e.employeeId, "2026-03-03", [
        ["08:00", "START"],
        ["13:30", "LUNCH"],
        ["14:30", "START"],
        ["16:00", "END"],
      ]);
      await recomputeDay(db.em(), id, at("2026-03-10", "09:00"));
    }
    const boss = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" });
    const actor = await currentUser(db.em(), boss.userId);
    const page = await overtimeCalendar(db.em(), actor, "subsidiary", { from: "2026-03-02", to: "2026-03-08", subsidiaryId: org.subsidiaryId }, at("2026-03-10", "09:00"));
    const checksOf = (id: number) => page.rows.find((r) => r.id === id)!.cells.flatMap((c) => c.checks);
    expect(checksOf(lisbon.employeeId)).toEqual([
      "Le 03/03/2026 : 5 h 30 de travail d'affilée sans intervalle de repos d'au moins 1 h. (Código do Trabalho, art. 213.º n.º 1)",
    ]);
    expect(checksOf(paris.employeeId)).toEqual([]);
    // The page links each article of its checks once (issue 40, decision 0125).
    expect(page.checkSources.map((s) => s.id)).toEqual(["PT.213"]);
  });

  it("a French night shift then a day starting 8 h after its end: short rest (L3131-1) and the night hours in the week explanation", async () => {
    const e = await createClockEmployee(db.em(), org, { lastname: "aac-nuit" });
    const night = await insertClock(db.em(), e.employeeId, "2026-03-09", [["22:00", "START"]]);
    await db.sql("insert into time_log (time_clock_id, time, type, created_at) values (?, ?, 'END', now())", [night, at("2026-03-10", "06:00")]);
    await recomputeDay(db.em(), night, at("2026-03-16", "09:00"));
    const day = await insertClock(db.em(), e.employeeId, "2026-03-10", [["14:00", "START"], ["18:00", "END"]]);
    await recomputeDay(db.em(), day, at("2026-03-16", "09:00"));
    const boss = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" });
    const week = await employeeWeek(db.em(), await currentUser(db.em(), boss.userId), e.employeeId, { year: 2026, week: 11 }, at("2026-03-16", "09:00"));
    expect(week.explanation.warnings).toContain("Le 10/03/2026 : seulement 8 h 00 de repos depuis la veille, moins de 11 h. (Code du travail, art. L3131-1)");
    // The night hours counted apart in the week explanation (L3122-20).
    expect(week.explanation.days).toContain("Lundi 09/03/2026 : 8 h 00 travaillées, dont 8 h 00 de nuit (21 h – 6 h).");
  });
});
