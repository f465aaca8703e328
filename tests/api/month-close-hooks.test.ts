import { beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime/policy";
import { t } from "~/i18n/fr";
import { createEmployee as createSheet, updateEmployee } from "~/services/employees/writes.server";
import { addEventDay, removeEventDay } from "~/services/organisation/event-days.server";
import { addRecovery } from "~/services/overtime/recovery.server";
import { saveCountryPolicyAs } from "~/services/overtime/policy.server";
import { addDeduction } from "~/services/overtime/views.server";
import { removeDeduction } from "~/services/overtime/deductions.server";
import { closeMonth, reopenMonth } from "~/services/payroll/close.server";
import { getCountry, updateCountry } from "~/services/organisation/countries.server";
import { getSubsidiary, updateSubsidiary } from "~/services/organisation/subsidiaries.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { completeSheet } from "~tests/support/factories-employees";
import { currentUserOf } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * A month closed for payroll no longer stops the company (issue 38, decision 0118): every change that touches its
 * days is accepted — a deduction removed, an event day, add-recovery, a policy row, a contract change, a holiday of
 * the country or the subsidiary — and what it changes in the closed month is paid as a rappel on the next open month.
 * The changes of one employee say so with a notice naming the month and the payslip month.
 */
const db = useTestDatabase();
const server = useTestServer();
const NOW = new Date("2026-04-06T08:00:00Z");
const FEBRUARY = "Février 2026 est clôturé : la différence sera régularisée sur la paie de mars 2026.";

let org: Org;
let head: TestEmployee, financial: TestEmployee, worker: TestEmployee;
let boss: CurrentUser, fin: CurrentUser, bob: CurrentUser;

beforeAll(async () => {
  org = await createOrg(db.em(), " Clôture");
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "close.head@cadran.test" });
  financial = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "close.fin@cadran.test" });
  worker = await createEmployee(db.em(), org, { email: "close.bob@cadran.test" });
  await db.sql(`update employee set hired_at = '2020-01-06', number_of_hours_per_week = 35 where id = ?`, [worker.employeeId]);
  [boss, fin, bob] = await Promise.all([head, financial, worker].map((w) => currentUserOf(db.em(), w)));
});

/** Runs `accepted` with `month` closed, then reopens it. */
async function whileClosed(month: string, accepted: () => Promise<void>, now = NOW) {
  await closeMonth(db.em(), fin, org.subsidiaryId, month, now);
  try {
    await accepted();
  } finally {
    await reopenMonth(db.em(), boss, org.subsidiaryId, month, now, { reason: "Essai" });
  }
}

const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** The values a browser would post from the page's form holding `field` (inputs, checked boxes, selects). */
function formValues(html: string, field: string): Record<string, string> {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes(`name="${field}"`)) ?? "";
  const out: Record<string, string> = {};
  const attr = (tag: string, name: string) => decode(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? "");
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const type = attr(tag, "type");
    if (!attr(tag, "name") || type === "submit" || ((type === "checkbox" || type === "radio") && !/\schecked/.test(tag))) continue;
    out[attr(tag, "name")] = type === "checkbox" && !/\svalue=/.test(tag) ? "on" : attr(tag, "value");
  }
  for (const [, name, options] of form.matchAll(/<select\b[^>]*\sname="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const chosen = /<option\b[^>]*\sselected[^>]*>/.exec(options!)?.[0] ?? /<option\b[^>]*>/.exec(options!)?.[0] ?? "";
    out[name!] = attr(chosen, "value");
  }
  return out;
}

const count = async (sql: string, params: unknown[]) => (await db.sql(sql, params)).length;

describe("a closed month accepts the changes to its days (decision 0118)", () => {
  it("a deduction added and removed on one of its days, with the notice", async () => {
    await whileClosed("2026-02", async () => {
      const added = await addDeduction(db.em(), fin, worker.employeeId, "2", new Date("2026-02-10T10:00:00Z"));
      expect(added).toMatchObject({ date: "2026-02-10" });
      await expect(removeDeduction(db.em(), fin, worker.employeeId, added.id, NOW)).resolves.toMatchObject({ notice: FEBRUARY });
    });
    expect(await count(`select id from deduction where employee_id = ? and removed_at is not null`, [worker.employeeId])).toBe(1);
  });

  it("an event day added or removed", async () => {
    const stored = () => count(`select id from event_day where employee_id = ? and date = '2026-02-10'`, [worker.employeeId]);
    await whileClosed("2026-02", async () => {
      const added = await addEventDay(db.em(), bob, { date: "2026-02-10", type: "moved" }, "2026-02-01");
      expect(await stored()).toBe(1);
      await removeEventDay(db.em(), bob, added.id);
    });
    expect(await stored()).toBe(0);
  });

  it("add-recovery of a week touching the month, with the notice", async () => {
    // Week 9 of 2026: 23 February – 1 March.
    await whileClosed("2026-02", async () => {
      await expect(addRecovery(db.em(), fin, { week: 9, year: 2026, force: "false" }, NOW)).resolves.toMatchObject({ week: 9, year: 2026, notice: FEBRUARY });
    });
    expect(await count(`select id from overtime_week where iso_year = 2026 and iso_week = 9`, [])).toBeGreaterThan(0);
  });

  it("an overtime policy row from a date in it (service and the HTML form)", async () => {
    await whileClosed("2026-02", async () => {
      // Accepted with the notice; its weeks are recomputed by a job written with the change (the outbox).
      await expect(saveCountryPolicyAs(db.em(), boss, org.countryId, { ...FRANCE_POLICY, effectiveFrom: "2026-01-05" })).resolves.toMatchObject({ notice: FEBRUARY });
      const [job] = await db.sql<{ payload: { from: string } }>(`select payload from job_outbox where name = 'overtime.recompute' order by id desc limit 1`, []);
      expect(job!.payload.from).toBe("2026-01-05");
      const client = htmlClient(() => server.baseUrl);
      await client.login(head.email);
      const path = `/settings/countries/${org.countryId}/overtime`;
      const form = formValues((await client.get(path)).text, "effectiveFrom");
      const res = await client.post(path, { ...form, effectiveFrom: "2026-02-02" });
      expect(res.status).toBeLessThan(400);
    });
    expect(await count(`select id from overtime_policy where country_id = ? and effective_from in ('2026-01-05', '2026-02-02')`, [org.countryId])).toBe(2);
  });

  it("a contract change of the employee sheet dated in it, with the notice; a departure dated after it, without", async () => {
    const { id } = await createSheet(db.em(), boss, completeSheet(org, { hiredAt: "2025-01-06" }));
    await whileClosed("2026-02", async () => {
      await expect(updateEmployee(db.em(), boss, id, { hiredAt: "2026-02-02" })).resolves.toMatchObject({ hiredAt: "2026-02-02", notice: FEBRUARY });
      await expect(updateEmployee(db.em(), boss, id, { firedAt: "2026-05-31" })).resolves.toMatchObject({ firedAt: "2026-05-31", notice: null });
    });
  });

  it("a holiday of the country or of the subsidiary", async () => {
    const country = await getCountry(db.em(), boss, org.countryId);
    const countryInput = (holidays: { date: string; name: string }[]) => ({ name: country.name, timezone: country.timezone, overtime: country.overtime, holidays });
    const holidays = (column: string, id: number) => count(`select id from holiday where ${column} = ? and date = '2026-02-16'`, [id]);
    await whileClosed("2026-02", async () => {
      await updateCountry(db.em(), boss, org.countryId, countryInput([{ date: "2026-02-16", name: "Fermeture" }]));
      const sub = await getSubsidiary(db.em(), boss, org.subsidiaryId);
      await updateSubsidiary(db.em(), boss, org.subsidiaryId, { name: sub.name, countryId: org.countryId, city: sub.city, timezone: sub.timezone, holidays: [{ date: "2026-02-16", name: "Local" }] });
    });
    expect(await holidays("country_id", org.countryId)).toBe(1);
    expect(await holidays("subsidiary_id", org.subsidiaryId)).toBe(1);
  });
});
