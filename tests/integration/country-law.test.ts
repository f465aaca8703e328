import { beforeAll, describe, expect, it } from "vitest";
import { employeeWeek, employeeYear } from "~/services/overtime/views.server";
import { explainedToApi } from "~/server/overtime/api.server";
import { OvertimeWeekAnswer } from "~/server/overtime/api.schema";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { at, createClockEmployee, currentUser, insertClock } from "~tests/support/factories-time";

/**
 * Issue 40 (decision 0125): the country's law on the employee's week, page and API: Lisbon's night period
 * (art. 223.º n.º 2) and its premium (art. 266.º), the rest day due after a Sunday (art. 229.º n.º 4) read past the
 * week's end, seven days in a row in Paris (L3132-1), each line with its article's link.
 */
const db = useTestDatabase();
const LISBON = "Europe/Lisbon";

let org: Org;
let lisbonSubId: number;
let bossUserId: number;
beforeAll(async () => {
  org = await createOrg(db.em(), " Loi");
  const [pt] = await db.sql<{ id: number }>("insert into country (name, timezone) values ('Portugal', 'Europe/Lisbon') returning id");
  const [sub] = await db.sql<{ id: number }>("insert into subsidiary (name, country_id, city, timezone) values ('Cadran Lisboa', ?, 'Lisboa', 'Europe/Lisbon') returning id", [pt!.id]);
  lisbonSubId = sub!.id;
  bossUserId = (await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" })).userId;
});

async function lisbonEmployee(lastname: string) {
  const e = await createClockEmployee(db.em(), org, { lastname });
  await db.sql("update employee set subsidiary_id = ?, country_id = null, division_id = null, team_id = null where id = ?", [lisbonSubId, e.employeeId]);
  return e;
}

/** A shift from `from` on `date` to `to` (the next morning when earlier), in `zone`, recomputed at `now`. */
async function shift(employeeId: number, date: string, from: string, to: string, zone: string, now: Date): Promise<number> {
  const id = await insertClock(db.em(), employeeId, date, [[from, "START"]], { zone });
  const end = to > from ? at(date, to, zone) : at(new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10), to, zone);
  await db.sql("insert into time_log (time_clock_id, time, type, created_at) values (?, ?, 'END', now())", [id, end]);
  await recomputeDay(db.em(), id, now);
  return id;
}

describe("country law on the employee's week (issue 40)", () => {
  it("art. 223.º n.º 2: a Lisboa 21:00-02:00 shift stores 4 night hours (not 5) and the week says them with their +25 % (art. 266.º), linked", async () => {
    const e = await lisbonEmployee("aaa-noite");
    const now = at("2026-01-12", "09:00", LISBON);
    const id = await shift(e.employeeId, "2026-01-05", "21:00", "02:00", LISBON, now);
    const [clock] = await db.sql<{ night_seconds: number }>("select night_seconds from time_clock where id = ?", [id]);
    expect(clock!.night_seconds).toBe(4 * 3600);

    const week = await employeeWeek(db.em(), await currentUser(db.em(), bossUserId), e.employeeId, { year: 2026, week: 2 }, now);
    const i = week.explanation.days.indexOf("Lundi 05/01/2026 : 5 h 00 travaillées, dont 4 h 00 de nuit (22 h – 7 h) majorées de 25 %.");
    expect(i).toBeGreaterThanOrEqual(0);
    expect(week.explanation.daySources[i]!.map((s) => s.id)).toEqual(["PT.223", "PT.266"]);
    // The API carries the same lines and their sources, reading dates as unix seconds.
    const api = OvertimeWeekAnswer.parse(explainedToApi(e.employeeId, week));
    expect(api.explanation.daySources[i]!.map((s) => s.article)).toEqual(["Código do Trabalho, art. 223.º", "Código do Trabalho, art. 266.º n.º 1"]);
    expect(api.explanation.daySources[i]![0]!.readOn).toBe(Date.UTC(2026, 11, 2) / 1000);
  });

  it("a subsidiary's agreement moves the night period: 23:00-07:00 gives 3 h of the same shift", async () => {
    const e = await lisbonEmployee("aab-acordo");
    await db.sql("update subsidiary set night_from = '23:00', night_to = '07:00' where id = ?", [lisbonSubId]);
    try {
      const id = await shift(e.employeeId, "2026-01-06", "21:00", "02:00", LISBON, at("2026-01-12", "09:00", LISBON));
      const [clock] = await db.sql<{ night_seconds: number }>("select night_seconds from time_clock where id = ?", [id]);
      expect(clock!.night_seconds).toBe(3 * 3600);
    } finally {
      await db.sql("update subsidiary set night_from = null, night_to = null where id = ?", [lisbonSubId]);
    }
  });

  it("art. 229.º n.º 4: a Sunday worked in Lisboa, then Monday to Wednesday worked: the rest day due shows on that week, page and API", async () => {
    const e = await lisbonEmployee("aac-domingo");
    const now = at("2026-03-16", "09:00", LISBON);
    await shift(e.employeeId, "2026-03-08", "09:00", "13:00", LISBON, now);
    for (const d of ["2026-03-09", "2026-03-10", "2026-03-11"]) await shift(e.employeeId, d, "09:00", "13:00", LISBON, now);
    // ISO week 10 is 2 to 8 March: the three working days after its Sunday are in week 11.
    const week = await employeeWeek(db.em(), await currentUser(db.em(), bossUserId), e.employeeId, { year: 2026, week: 10 }, now);
    const text =
      "Le 08/03/2026 : 4 h 00 travaillées le jour de repos hebdomadaire obligatoire ; jour de repos compensatoire dû dans les 3 jours ouvrables suivants, au plus tard le 11/03/2026. (Código do Trabalho, art. 229.º n.º 4)";
    const i = week.explanation.warnings.indexOf(text);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(week.explanation.warningSources[i]!.map((s) => s.id)).toEqual(["PT.229.4"]);
    const api = OvertimeWeekAnswer.parse(explainedToApi(e.employeeId, week));
    expect(api.legalChecks.find((c) => c.code === "rest_day_due")).toMatchObject({ source: "PT.229.4", dueBy: Date.UTC(2026, 2, 11) / 1000 });
  });

  it("L3132-1: seven days worked Monday to Sunday in Paris are flagged on the seventh, with the article's link", async () => {
    const e = await createClockEmployee(db.em(), org, { lastname: "aad-sept" });
    const now = at("2026-03-16", "09:00");
    for (let i = 0; i < 7; i++) await shift(e.employeeId, `2026-03-0${2 + i}`, "09:00", "14:00", "Europe/Paris", now);
    const week = await employeeWeek(db.em(), await currentUser(db.em(), bossUserId), e.employeeId, { year: 2026, week: 10 }, now);
    const i = week.explanation.warnings.indexOf("Le 08/03/2026 : 7e jour travaillé de la semaine civile, plus de six jours par semaine. (Code du travail, art. L3132-1)");
    expect(i).toBeGreaterThanOrEqual(0);
    expect(week.explanation.warningSources[i]![0]).toMatchObject({ article: "Code du travail, art. L3132-1", readOn: "2026-12-02" });
    expect(week.explanation.warningSources[i]![0]!.url).toContain("legifrance.gouv.fr");
    // The year page's list of legal checks links each one too.
    const year = await employeeYear(db.em(), await currentUser(db.em(), bossUserId), e.employeeId, { year: "2026" }, now);
    const j = year.checks.findIndex((c) => c.includes("7e jour travaillé"));
    expect(year.checkSources[j]!.map((s) => s.id)).toEqual(["FR.L3132-1"]);
  });
});
