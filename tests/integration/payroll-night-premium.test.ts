import { beforeAll, describe, expect, it } from "vitest";
import { policyForDate, saveCountryPolicy } from "~/services/overtime/policy.server";
import { closeMonth } from "~/services/payroll/close.server";
import { payrollColumns, payrollCsv, payrollMonth, type PayrollLayout } from "~/services/payroll/payroll.server";
import { recomputeDay } from "~/services/time-clock/time-clock.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { at, createClockEmployee, currentUser, insertClock } from "~tests/support/factories-time";

/**
 * Issue 40 (decision 0143): the night premium in the payroll file, layout cadran-paie-v3 — the night hours of the
 * month that carry a pay premium, their rate and the premium as hours to pay, at each day's rate: Portugal +25 %
 * (Código do Trabalho art. 266.º n.º 1), France only by agreement (Code du travail L3122-8). v1 and v2 unchanged.
 * Real PostgreSQL, fixed instants.
 */
const db = useTestDatabase();
const LISBON = "Europe/Lisbon";
const PARIS = "Europe/Paris";
/** Monday 2 to Friday 6 March 2026, read on Monday 6 April. */
const MARCH_DAYS = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"];
const NOW = at("2026-04-06", "09:00", PARIS);

let org: Org;
let lisbonSubId: number;
let lisboa: number;
let paris: number;

/** A shift from `start` to `end` (the next day when earlier) in `zone`, recomputed. */
async function shift(employeeId: number, date: string, start: string, end: string, zone: string) {
  const id = await insertClock(db.em(), employeeId, date, [[start, "START"]], { zone });
  const next = end < start ? new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : date;
  await db.sql("insert into time_log (time_clock_id, time, type, created_at) values (?, ?, 'END', now())", [id, at(next, end, zone)]);
  await recomputeDay(db.em(), id, NOW);
}

function csvRows(layout: PayrollLayout, csv: string) {
  const [header, ...rows] = csv.slice(1).split("\r\n").filter(Boolean).map((l) => l.split(";"));
  expect(header).toEqual(payrollColumns(layout));
  return (name: string) => {
    const row = rows.find((r) => r[1] === name)!;
    return (code: string) => row[header!.indexOf(code)];
  };
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Prime nuit");
  const [pt] = await db.sql<{ id: number }>("insert into country (name, timezone) values ('Portugal', 'Europe/Lisbon') returning id");
  const [sub] = await db.sql<{ id: number }>(
    "insert into subsidiary (name, country_id, city, timezone) values ('Cadran Lisboa Prémio', ?, 'Lisboa', 'Europe/Lisbon') returning id",
    [pt!.id],
  );
  lisbonSubId = sub!.id;
  const l = await createClockEmployee(db.em(), org, { lastname: "noturno", firstname: "ana" });
  await db.sql("update employee set subsidiary_id = ?, country_id = null, division_id = null, team_id = null where id = ?", [lisbonSubId, l.employeeId]);
  lisboa = l.employeeId;
  paris = (await createClockEmployee(db.em(), org, { lastname: "nocturne", firstname: "paul" })).employeeId;
  // Lisboa: five 21:00–02:00 shifts, 4 h of night each (22:00–07:00, art. 223.º n.º 2). Paris: five 22:00–06:00
  // shifts, 8 h of night each (21:00–06:00, L3122-20).
  for (const d of MARCH_DAYS) {
    await shift(lisboa, d, "21:00", "02:00", LISBON);
    await shift(paris, d, "22:00", "06:00", PARIS);
  }
});

describe("the night premium in cadran-paie-v3 (issue 40, decision 0143)", () => {
  it("art. 266.º n.º 1: Lisboa's 20 night hours at +25 % are 5 hours to pay more; the figures of the line", async () => {
    const march = await payrollMonth(db.em(), lisbonSubId, "2026-03");
    expect(march.lines.find((x) => x.employeeId === lisboa)).toMatchObject({
      nightSeconds: 20 * 3600,
      nightPremiumSeconds: 20 * 3600,
      nightPremiumRate: 25,
      nightPremiumEquivalentSeconds: 5 * 3600,
    });
    const cell = csvRows("cadran-paie-v3", payrollCsv(march, "cadran-paie-v3"))("Ana NOTURNO");
    expect(["HEURES_NUIT", "HEURES_NUIT_MAJOREES", "TAUX_NUIT", "PRIME_NUIT_H"].map(cell)).toEqual(["20", "20", "25", "5"]);
  });

  it("L3122-8: Paris night hours carry no pay premium without an agreement's rate; the subsidiary's +10 % pays 4 hours", async () => {
    const without = csvRows("cadran-paie-v3", payrollCsv(await payrollMonth(db.em(), org.subsidiaryId, "2026-03"), "cadran-paie-v3"))("Paul NOCTURNE");
    expect(["HEURES_NUIT", "HEURES_NUIT_MAJOREES", "TAUX_NUIT", "PRIME_NUIT_H"].map(without)).toEqual(["40", "0", "0", "0"]);
    await db.sql("update subsidiary set night_rate = 10 where id = ?", [org.subsidiaryId]);
    try {
      const agreed = csvRows("cadran-paie-v3", payrollCsv(await payrollMonth(db.em(), org.subsidiaryId, "2026-03"), "cadran-paie-v3"))("Paul NOCTURNE");
      expect(["HEURES_NUIT", "HEURES_NUIT_MAJOREES", "TAUX_NUIT", "PRIME_NUIT_H"].map(agreed)).toEqual(["40", "40", "10", "4"]);
    } finally {
      await db.sql("update subsidiary set night_rate = null where id = ?", [org.subsidiaryId]);
    }
  });

  it("a country row raising the rate from the 4th counts each day at its own rate: the rate weighted by the hours", async () => {
    const [{ country_id: countryId }] = (await db.sql<{ country_id: number }>("select country_id from subsidiary where id = ?", [lisbonSubId])) as [{ country_id: number }];
    const inForce = await policyForDate(db.em(), countryId, "2026-03-04");
    await saveCountryPolicy(db.em(), countryId, { ...inForce, nightRate: 50, effectiveFrom: "2026-03-04" });
    try {
      const line = (await payrollMonth(db.em(), lisbonSubId, "2026-03")).lines.find((x) => x.employeeId === lisboa)!;
      // 2 days × 4 h at 25 %, 3 days × 4 h at 50 %: 8 h + 12 h, premium 2 h + 6 h = 8 h, i.e. 20 h at 40 %.
      expect([line.nightPremiumSeconds, line.nightPremiumRate, line.nightPremiumEquivalentSeconds]).toEqual([20 * 3600, 40, 8 * 3600]);
    } finally {
      await db.sql("delete from overtime_policy where country_id = ? and effective_from = '2026-03-04'", [countryId]);
    }
  });

  it("v1 and v2 are unchanged: the same codes in the same order, no night premium column", async () => {
    expect(payrollColumns("cadran-paie-v2")).toEqual([
      "MATRICULE", "NOM", "MOIS", "HS_STRUCT", "HS_25", "HS_33", "HS_50", "HS_100", "HS_AUTRES", "HC", "PRIME_1ER_MAI", "HEURES_DIM_FERIES",
      "HEURES_NUIT", "HS_EN_REPOS", "RECUP_ACQUISE", "RECUP_PRISE", "RCO", "JOURS_PAID", "JOURS_SICK", "JOURS_OTHER", "JOURS_NO_PAID", "JOURS_RTT",
      "JOURS_MATERNITY", "JOURS_PATERNITY", "JOURS_WEDDING", "JOURS_DEATH", "JOURS_PARENT_EDUCATION", "JOURS_PORTUGAL", "ANOMALIES",
    ]);
    expect(payrollColumns("cadran-paie-v1")).toEqual([
      "MATRICULE", "NOM", "MOIS", "HS_25", "HS_33", "HS_50", "HS_100", "HS_AUTRES", "HC", "RCO", "RECUP_ACQUISE", "RECUP_PRISE", "JOURS_PAID",
      "JOURS_SICK", "JOURS_OTHER", "JOURS_NO_PAID", "JOURS_RTT", "JOURS_MATERNITY", "JOURS_PATERNITY", "JOURS_WEDDING", "JOURS_DEATH",
      "JOURS_PARENT_EDUCATION", "JOURS_PORTUGAL", "ANOMALIES",
    ]);
    // v3 is v2 with the three columns after HEURES_NUIT.
    const v2 = payrollColumns("cadran-paie-v2");
    const night = v2.indexOf("HEURES_NUIT") + 1;
    expect(payrollColumns("cadran-paie-v3")).toEqual([...v2.slice(0, night), "HEURES_NUIT_MAJOREES", "TAUX_NUIT", "PRIME_NUIT_H", ...v2.slice(night)]);
    // The v2 line of the Lisboa month, byte for byte (its night hours, no premium anywhere).
    const v2Line = payrollCsv(await payrollMonth(db.em(), lisbonSubId, "2026-03"), "cadran-paie-v2").split("\r\n").find((l) => l.includes("Ana NOTURNO"));
    expect(v2Line!.slice(v2Line!.indexOf(";"))).toBe(";Ana NOTURNO;2026-03;0;0;0;0;0;0;0;0;0;20;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0");
  });

  it("a closed month stores its premium; a line stored before v3 has empty premium cells, never a made-up 0", async () => {
    const { userId } = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT" });
    await closeMonth(db.em(), await currentUser(db.em(), userId), lisbonSubId, "2026-03", NOW);
    const closed = csvRows("cadran-paie-v3", payrollCsv(await payrollMonth(db.em(), lisbonSubId, "2026-03"), "cadran-paie-v3"))("Ana NOTURNO");
    expect(["HEURES_NUIT_MAJOREES", "TAUX_NUIT", "PRIME_NUIT_H"].map(closed)).toEqual(["20", "25", "5"]);
    // As a month closed before decision 0143 stored its line: without the premium's fields.
    await db.sql(
      `update payroll_month_line l set line = l.line - 'nightPremiumSeconds' - 'nightPremiumRate' - 'nightPremiumEquivalentSeconds'
         from payroll_month pm where pm.id = l.payroll_month_id and pm.subsidiary_id = ?`,
      [lisbonSubId],
    );
    const older = csvRows("cadran-paie-v3", payrollCsv(await payrollMonth(db.em(), lisbonSubId, "2026-03"), "cadran-paie-v3"))("Ana NOTURNO");
    expect(["HEURES_NUIT", "HEURES_NUIT_MAJOREES", "TAUX_NUIT", "PRIME_NUIT_H"].map(older)).toEqual(["20", "", "", ""]);
  });
});
