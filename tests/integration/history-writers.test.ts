/**
 * The change history's writers (issue 32 §3, decision 0106): every change writes its entry, old -> new, in the
 * change's own transaction; a refused change (403/404/409/422) writes none. Real PostgreSQL.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
process.env.QUEUE_PREFIX = `histw-${process.pid}`;
import type { CurrentUser } from "~/services/identity/current-user.server";
import { anonymiseEmployee } from "~/services/employees/anonymisation.server";
import { removeCorrection, validateCorrection } from "~/services/time-clock/clock-corrections.server";
import { createEmployee, deleteEmployee, updateEmployee } from "~/services/employees/writes.server";
import { decideLeave, removeLeave } from "~/services/leave/decision.server";
import { deleteLeave } from "~/services/leave/requests.server";
import { addDeduction, removeDeduction } from "~/services/overtime/deductions.server";
import { saveCountryPolicyAs, policyForDate } from "~/services/overtime/policy.server";
import { closeMonth, reopenMonth } from "~/services/payroll/close.server";
import { updateProfile } from "~/services/identity/profile.server";
import { updateSubsidiary, getSubsidiary } from "~/services/organisation/subsidiaries.server";
import { getCountry, updateCountry } from "~/services/organisation/countries.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee as createAccount } from "~tests/support/factories";
import { createClock, createSuggestion } from "~tests/support/factories-badging";
import { completeSheet } from "~tests/support/factories-employees";
import { createLeave, createLeaveCast, currentUserOf, setCounters } from "~tests/support/factories-leave";

const db = useTestDatabase();
let cast: Awaited<ReturnType<typeof createLeaveCast>>;
let head: CurrentUser;
let fin: CurrentUser;

interface Entry {
  action: string;
  employee_id: number | null;
  subsidiary_id: number | null;
  actor_id: number | null;
  details: Record<string, unknown>;
}

/** The entries written since `since` (an id), in order. */
async function entriesSince(since: number, where = "true", params: unknown[] = []): Promise<Entry[]> {
  return db.sql<Entry>(`select action, employee_id, subsidiary_id, actor_id, details from audit_log where id > ? and ${where} order by id`, [
    since,
    ...params,
  ]);
}
async function lastId(): Promise<number> {
  const [row] = await db.sql<{ id: string | null }>(`select max(id) as id from audit_log`);
  return Number(row?.id ?? 0);
}

beforeAll(async () => {
  cast = await createLeaveCast(db.em(), "history writers");
  head = await currentUserOf(db.em(), cast.head);
  fin = await currentUserOf(db.em(), cast.financial);
});

describe("employee sheet", () => {
  it("create, update (old -> new, only what changed), archive and delete each write their entry; a refused save writes none", async () => {
    const since = await lastId();
    const values = completeSheet(cast.org, { lastname: "Roy", comments: null });
    const { id } = await createEmployee(db.em(), head, values, { welcomeMail: false });
    await updateEmployee(db.em(), head, id, { lastname: "Leroy", numberOfHoursPerWeek: 32, team: cast.org.otherTeamId });
    // 422 (the e-mail is someone else's login) and 409 (archived) write nothing.
    await expect(updateEmployee(db.em(), head, id, { lastname: "Nope", email: cast.employee.email })).rejects.toMatchObject({ status: 422 });
    await updateEmployee(db.em(), head, id, { firedAt: "2024-01-31" });
    await expect(updateEmployee(db.em(), head, id, { lastname: "Nope" })).rejects.toMatchObject({ status: 409 });
    const fresh = await createEmployee(db.em(), head, completeSheet(cast.org, { lastname: "Erreur" }), { welcomeMail: false });
    await deleteEmployee(db.em(), head, fresh.id);
    // Someone with a leave cannot be deleted (409): no entry.
    await createLeave(db.em(), cast.colleague.employeeId);
    await expect(deleteEmployee(db.em(), head, cast.colleague.employeeId)).rejects.toMatchObject({ status: 409 });

    const rows = await entriesSince(since);
    expect(rows.map((r) => [r.action, r.employee_id, r.actor_id])).toEqual([
      ["sheet.create", id, head.employeeId],
      ["sheet.update", id, head.employeeId],
      ["sheet.archive", id, head.employeeId],
      ["sheet.create", fresh.id, head.employeeId],
      ["sheet.delete", fresh.id, head.employeeId],
    ]);
    expect(rows[0]!.details.changes).toContainEqual({ field: "lastname", old: null, new: "Roy" });
    expect(rows[0]!.details.changes).toContainEqual({ field: "numberOfHoursPerWeek", old: null, new: 35 });
    expect(rows[1]!.details.changes).toEqual([
      { field: "lastname", old: "Roy", new: "Leroy" },
      { field: "numberOfHoursPerWeek", old: 35, new: 32 },
      { field: "team", old: cast.org.teamId, new: cast.org.otherTeamId },
    ]);
    expect(rows[2]!.details.changes).toEqual([{ field: "firedAt", old: null, new: "2024-01-31" }]);
    expect(rows[4]!.details.changes).toContainEqual({ field: "lastname", old: "Erreur", new: null });
    // Never a password or its hash.
    expect(JSON.stringify(rows)).not.toMatch(/password|argon|\$2[aby]\$/i);
  });

  it("the profile's own phone change is a sheet entry by the person themselves", async () => {
    const since = await lastId();
    const me = await currentUserOf(db.em(), cast.host);
    await updateProfile(db.em(), me, { phone: "0611223344", email: "hote@example.org" });
    // The same values again: nothing changed, no entry.
    await updateProfile(db.em(), me, { phone: "0611223344", email: "hote@example.org" });
    expect(await entriesSince(since)).toEqual([
      {
        action: "sheet.update",
        employee_id: me.employeeId,
        subsidiary_id: null,
        actor_id: me.employeeId,
        details: {
          changes: [
            { field: "phone", old: null, new: "0611223344" },
            { field: "emailPersonal", old: null, new: "hote@example.org" },
          ],
        },
      },
    ]);
  });
});

describe("leaves", () => {
  it("each step decision, the refusal with its reason, the removal and the owner's withdrawal; a late decision (409) writes none", async () => {
    await setCounters(db.em(), cast.employee.employeeId, { earnedLastYear: 25, takenLastYear: 0, earnedThisYear: 10, takenThisYear: 0 });
    const since = await lastId();
    const leader = await currentUserOf(db.em(), cast.teamLeader);
    const id = await createLeave(db.em(), cast.employee.employeeId, { start: "2030-07-01", end: "2030-07-01" });
    await decideLeave(db.em(), leader, id, "validate");
    await decideLeave(db.em(), head, id, "validate");
    await expect(decideLeave(db.em(), head, id, "validate")).rejects.toMatchObject({ status: 409 });
    await removeLeave(db.em(), head, id);
    const refused = await createLeave(db.em(), cast.employee.employeeId, { start: "2030-08-01", end: "2030-08-01" });
    await decideLeave(db.em(), head, refused, "refuse", { refusalReason: "  Période de clôture.  " });
    const withdrawn = await createLeave(db.em(), cast.employee.employeeId, { start: "2030-09-02", end: "2030-09-02" });
    const owner = await currentUserOf(db.em(), cast.employee);
    await expect(deleteLeave(db.em(), leader, withdrawn)).rejects.toMatchObject({ status: 403 });
    await deleteLeave(db.em(), owner, withdrawn);

    const rows = await entriesSince(since);
    const leave = (leaveId: number, from: string) => ({ leaveId, leaveType: "PAID_LEAVE", from, to: from });
    expect(rows).toEqual([
      { action: "leave.approve", employee_id: cast.employee.employeeId, subsidiary_id: null, actor_id: leader.employeeId, details: { ...leave(id, "2030-07-01"), step: "prevalidate" } },
      { action: "leave.approve", employee_id: cast.employee.employeeId, subsidiary_id: null, actor_id: head.employeeId, details: { ...leave(id, "2030-07-01"), step: "accepted" } },
      { action: "leave.remove", employee_id: cast.employee.employeeId, subsidiary_id: null, actor_id: head.employeeId, details: leave(id, "2030-07-01") },
      {
        action: "leave.refuse",
        employee_id: cast.employee.employeeId,
        subsidiary_id: null,
        actor_id: head.employeeId,
        details: { ...leave(refused, "2030-08-01"), step: "refused", reason: "Période de clôture." },
      },
      { action: "leave.cancel", employee_id: cast.employee.employeeId, subsidiary_id: null, actor_id: owner.employeeId, details: leave(withdrawn, "2030-09-02") },
    ]);
  });
});

describe("clock corrections", () => {
  it("a validated correction keeps the day's entries before and after; a deleted or withdrawn one its proposal; a refused call none", async () => {
    const who = cast.departmentHead.employeeId;
    const since = await lastId();
    await createClock(db.em(), who, "2026-03-02", [
      ["09:00", "START"],
      ["17:00", "END"],
    ]);
    const s1 = await createSuggestion(db.em(), who, "2026-03-02", [
      ["08:00", "START"],
      ["17:00", "END"],
    ], { message: "Arrivé plus tôt." });
    await expect(validateCorrection(db.em(), await currentUserOf(db.em(), cast.colleague), s1)).rejects.toMatchObject({ status: 403 });
    await validateCorrection(db.em(), head, s1);
    const s2 = await createSuggestion(db.em(), who, "2026-03-03", [["08:00", "START"], ["16:00", "END"]]);
    await removeCorrection(db.em(), head, s2);
    const s3 = await createSuggestion(db.em(), who, "2026-03-04", [["08:00", "START"], ["16:00", "END"]]);
    await removeCorrection(db.em(), await currentUserOf(db.em(), cast.departmentHead), s3);

    const rows = await entriesSince(since);
    expect(rows.map((r) => [r.action, r.employee_id, r.actor_id])).toEqual([
      ["correction.validate", who, head.employeeId],
      ["correction.delete", who, head.employeeId],
      ["correction.delete", who, who],
    ]);
    expect(rows[0]!.details).toEqual({
      day: "2026-03-02",
      reason: "Arrivé plus tôt.",
      before: ["START 2026-03-02T08:00:00.000Z", "END 2026-03-02T16:00:00.000Z"],
      after: ["START 2026-03-02T07:00:00.000Z", "END 2026-03-02T16:00:00.000Z"],
    });
    expect(rows[1]!.details).toMatchObject({ day: "2026-03-03", after: ["START 2026-03-03T07:00:00.000Z", "END 2026-03-03T15:00:00.000Z"] });
    expect(rows[2]!.details).toMatchObject({ day: "2026-03-04", withdrawn: true });
  });
});

describe("deductions", () => {
  it("added and removed with the day and the seconds; a refused input (422) writes none", async () => {
    const who = cast.colleague.employeeId;
    const since = await lastId();
    const now = new Date("2026-05-12T10:00:00Z");
    await expect(addDeduction(db.em(), fin, who, "beaucoup", now)).rejects.toMatchObject({ status: 422 });
    const added = await addDeduction(db.em(), fin, who, "1h30", now);
    await removeDeduction(db.em(), fin, who, added.id, now);
    await expect(removeDeduction(db.em(), fin, who, added.id, now)).rejects.toMatchObject({ status: 404 });
    expect(await entriesSince(since)).toEqual([
      { action: "deduction.add", employee_id: who, subsidiary_id: null, actor_id: fin.employeeId, details: { deductionId: added.id, day: "2026-05-12", seconds: 5400 } },
      { action: "deduction.remove", employee_id: who, subsidiary_id: null, actor_id: fin.employeeId, details: { deductionId: added.id, day: "2026-05-12", seconds: 5400 } },
    ]);
  });
});

describe("month close, policies (subsidiary-wide entries)", () => {
  it("close and reopen name the subsidiary and the month; closing twice (409) writes one entry", async () => {
    const since = await lastId();
    const now = new Date("2026-03-05T10:00:00Z");
    await closeMonth(db.em(), fin, cast.org.subsidiaryId, "2026-01", now);
    await expect(closeMonth(db.em(), fin, cast.org.subsidiaryId, "2026-01", now)).rejects.toMatchObject({ status: 409 });
    await reopenMonth(db.em(), head, cast.org.subsidiaryId, "2026-01", now, { reason: "Correction" });
    await expect(reopenMonth(db.em(), head, cast.org.subsidiaryId, "2026-01", now, { reason: "Correction" })).rejects.toMatchObject({ status: 409 });
    expect(await entriesSince(since)).toEqual([
      { action: "close.close", employee_id: null, subsidiary_id: cast.org.subsidiaryId, actor_id: fin.employeeId, details: { month: "2026-01-01" } },
      { action: "close.reopen", employee_id: null, subsidiary_id: cast.org.subsidiaryId, actor_id: head.employeeId, details: { month: "2026-01-01", reason: "Correction" } },
    ]);
  });

  it("an overtime policy change is one entry per subsidiary of the country, old -> new; an invalid one (422) none", async () => {
    const since = await lastId();
    const inForce = await policyForDate(db.em(), cast.org.countryId, "2026-06-01");
    await expect(saveCountryPolicyAs(db.em(), head, cast.org.countryId, { ...inForce, legalWeekHours: -3, effectiveFrom: "2026-06-01" })).rejects.toMatchObject({
      status: 422,
    });
    await saveCountryPolicyAs(db.em(), head, cast.org.countryId, { ...inForce, legalWeekHours: 39, effectiveFrom: "2026-06-01" });
    const rows = await entriesSince(since);
    expect(rows).toEqual([
      {
        action: "policy.update",
        employee_id: null,
        subsidiary_id: cast.org.subsidiaryId,
        actor_id: head.employeeId,
        details: {
          area: "country",
          areaId: cast.org.countryId,
          areaName: expect.any(String),
          policy: "overtime",
          effectiveFrom: "2026-06-01",
          changes: [{ field: "legal_week_hours", old: inForce.legalWeekHours, new: 39 }],
        },
      },
    ]);
  });

  it("a country's overtime split, old -> new, on each of its subsidiaries; holidays left out stay out", async () => {
    const since = await lastId();
    const country = await getCountry(db.em(), head, cast.org.countryId);
    await updateCountry(db.em(), head, country.id, {
      name: country.name,
      timezone: country.timezone,
      overtime: { ...country.overtime, paid: 40, inRecuperation: 60 },
      holidays: country.holidays.map((h) => ({ date: h.date, name: h.name })),
    });
    const rows = await entriesSince(since);
    expect(rows).toEqual([
      {
        action: "policy.update",
        employee_id: null,
        subsidiary_id: cast.org.subsidiaryId,
        actor_id: head.employeeId,
        details: {
          area: "country",
          areaId: country.id,
          areaName: expect.any(String),
          policy: "country",
          changes: [
            { field: "overtimePaid", old: country.overtime.paid, new: 40 },
            { field: "overtimeInRecuperation", old: country.overtime.inRecuperation, new: 60 },
          ],
        },
      },
    ]);
  });

  it("a subsidiary's zone and holidays, old -> new", async () => {
    const since = await lastId();
    const sub = await getSubsidiary(db.em(), head, cast.org.subsidiaryId);
    await updateSubsidiary(db.em(), head, sub.id, {
      name: sub.name,
      countryId: cast.org.countryId,
      city: "Paris",
      timezone: "Europe/Lisbon",
      holidays: [{ date: "2026-12-26", name: "Saint-Étienne" }],
    });
    const rows = await entriesSince(since);
    expect(rows).toEqual([
      {
        action: "policy.update",
        employee_id: null,
        subsidiary_id: sub.id,
        actor_id: head.employeeId,
        details: {
          area: "subsidiary",
          areaId: sub.id,
          areaName: expect.any(String),
          policy: "subsidiary",
          changes: [
            { field: "timezone", old: "Europe/Paris", new: "Europe/Lisbon" },
            { field: "holidays", old: null, new: "2026-12-26 Saint-Étienne" },
          ],
        },
      },
    ]);
  });
});

describe("append-only and anonymisation", () => {
  it("the anonymisation erases names and reasons in the entries about the person, and only there; nothing else may", async () => {
    const who = await createAccount(db.em(), cast.org, { lastname: "Zoé-Secret", firedAt: "2015-01-31" });
    await db.sql(`update employee set hired_at = '2010-01-04' where id = ?`, [who.employeeId]);
    const leaveId = await createLeave(db.em(), who.employeeId, { start: "2014-07-01", end: "2014-07-01" });
    await db.em().transactional(async (tx) => {
      const { recordHistory } = await import("~/services/history/history.server");
      await recordHistory(tx, [
        { action: "sheet.update", employeeId: who.employeeId, actorId: head.employeeId, details: { changes: [{ field: "lastname", old: "Zoé", new: "Zoé-Secret" }, { field: "numberOfHoursPerWeek", old: 35, new: 32 }] } },
        { action: "leave.refuse", employeeId: who.employeeId, actorId: head.employeeId, details: { leaveId, step: "refused", reason: "Zoé est attendue." } },
      ]);
    });
    // Without the setting, and even with it for anything but details: refused.
    await expect(db.sql(`update audit_log set details = '{}'::jsonb where employee_id = ?`, [who.employeeId])).rejects.toThrow(/append-only/);
    await expect(
      db.em().transactional(async (tx) => {
        await tx.execute(`select set_config('cadran.redact', 'on', true)`);
        await tx.execute(`update audit_log set action = 'sheet.delete' where employee_id = ?`, [who.employeeId]);
      }),
    ).rejects.toThrow(/append-only/);
    await expect(
      db.em().transactional(async (tx) => {
        await tx.execute(`select set_config('cadran.redact', 'on', true)`);
        await tx.execute(`delete from audit_log where employee_id = ?`, [who.employeeId]);
      }),
    ).rejects.toThrow(/append-only/);

    await anonymiseEmployee(db.em(), head, who.employeeId);
    const rows = await db.sql<{ action: string; details: Record<string, unknown> }>(`select action, details from audit_log where employee_id = ? order by id`, [
      who.employeeId,
    ]);
    expect(rows.map((r) => r.action)).toEqual(["sheet.update", "leave.refuse", "anonymise"]);
    expect(rows[0]!.details.changes).toEqual([
      { field: "lastname", old: "(anonymisé)", new: "(anonymisé)" },
      { field: "numberOfHoursPerWeek", old: 35, new: 32 },
    ]);
    expect(rows[1]!.details).toEqual({ leaveId, step: "refused", reason: "(anonymisé)" });
    expect(JSON.stringify(rows)).not.toContain("Zoé");
    // The setting ended with the anonymisation's transaction.
    await expect(db.sql(`update audit_log set details = '{}'::jsonb where employee_id = ?`, [who.employeeId])).rejects.toThrow(/append-only/);
  });

  it("no code under app/ or worker/ updates or deletes a history row, but the anonymisation's one redaction", () => {
    const root = path.resolve(__dirname, "../..");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(path.join(root, "app"));
    walk(path.join(root, "worker"));
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((f) => {
      const text = readFileSync(f, "utf8");
      const found = text.match(/update\s+"?audit_log"?|delete\s+from\s+"?audit_log"?|truncate\s+[^;]*audit_log|cadran\.redact/gi) ?? [];
      return found.map((m) => `${path.relative(root, f)}: ${m.replace(/\s+/g, " ").toLowerCase()}`);
    });
    expect(hits.filter((h) => !h.includes("cadran.redact"))).toEqual(["app/services/employees/anonymisation.server.ts: update audit_log"]);
    expect(new Set(hits.filter((h) => h.includes("cadran.redact")).map((h) => h.split(":")[0]))).toEqual(new Set(["app/services/employees/anonymisation.server.ts"]));
  });
});
