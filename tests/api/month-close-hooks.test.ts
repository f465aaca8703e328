import { beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime-policy";
import { localDate } from "~/domain/zoned-day";
import { t } from "~/i18n/fr";
import { createEmployee as createSheet, updateEmployee } from "~/services/employee-writes.server";
import { addEventDay, removeEventDay } from "~/services/event-days.server";
import { addRecovery } from "~/services/overtime-recovery.server";
import { saveCountryPolicyAs } from "~/services/overtime-policy.server";
import { addDeduction } from "~/services/overtime-views.server";
import { closeMonth, reopenMonth } from "~/services/payroll-close.server";
import { getCountry, updateCountry } from "~/services/settings-countries.server";
import { getSubsidiary, updateSubsidiary } from "~/services/settings-subsidiaries.server";
import type { CurrentUser } from "~/services/current-user.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { completeSheet } from "~tests/support/factories-employees";
import { currentUserOf } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/**
 * A month closed for payroll (DESIGN §10, decision 0046) refuses every change that would alter one of its weeks with
 * a French 409, nothing stored: a deduction, an event day added or removed, add-recovery, a policy row, a contract
 * change, a holiday of the country or the subsidiary. Reopened, the same change is accepted.
 */
const db = useTestDatabase();
const server = useTestServer();
const NOW = new Date("2026-04-06T08:00:00Z");
const FEBRUARY = t("payroll.month_closed", { month: "février 2026" });

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

/** Runs `refused` with `month` closed, then reopens it. */
async function whileClosed(month: string, refused: () => Promise<void>, now = NOW) {
  await closeMonth(db.em(), fin, org.subsidiaryId, month, now);
  try {
    await refused();
  } finally {
    await reopenMonth(db.em(), boss, org.subsidiaryId, month, NOW);
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

describe("a closed month refuses the changes to its weeks", () => {
  it("a deduction (service, /api and the HTML form)", async () => {
    await whileClosed("2026-02", async () => {
      await expect(addDeduction(db.em(), fin, worker.employeeId, "2", new Date("2026-02-10T10:00:00Z"))).rejects.toMatchObject({ status: 409, message: FEBRUARY });
    });
    expect(await count(`select id from deduction where employee_id = ?`, [worker.employeeId])).toBe(0);
    await expect(addDeduction(db.em(), fin, worker.employeeId, "2", new Date("2026-02-10T10:00:00Z"))).resolves.toMatchObject({ date: "2026-02-10" });

    // Over HTTP the deduction is dated today: close the current month.
    const month = localDate(new Date(), "Europe/Paris").slice(0, 7);
    const api = apiClient(() => server.baseUrl);
    const token = await api.login(financial.email);
    const client = htmlClient(() => server.baseUrl);
    await client.login(financial.email);
    await whileClosed(month, async () => {
      const res = await api.post("/api/deduction", { newdeduction: "2", employeeId: worker.employeeId }, token);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^Le mois de .* est clôturé pour la paie/);
      const path = `/overtime/employee/${worker.employeeId}`;
      const form = await client.post(path, { intent: "deduction", newdeduction: "2" });
      expect(form.status).toBe(302);
      expect((await client.get(form.location!)).text).toContain("est clôturé pour la paie");
      // The current month closes only once over (decision 0079): closed as if on a day of the next month.
    }, new Date(Date.now() + 40 * 86_400_000));
    expect(await count(`select id from deduction where employee_id = ?`, [worker.employeeId])).toBe(1);
    const ok = await api.post("/api/deduction", { newdeduction: "2", employeeId: worker.employeeId }, token);
    expect(ok.status).toBe(201);
  });

  it("an event day added or removed (service, /api and the planning form)", async () => {
    const today = localDate(new Date(), "Europe/Paris");
    const stored = () => count(`select id from event_day where employee_id = ? and date = '2026-02-10'`, [worker.employeeId]);
    const api = apiClient(() => server.baseUrl);
    const token = await api.login(worker.email);
    const client = htmlClient(() => server.baseUrl);
    await client.login(worker.email);
    await whileClosed("2026-02", async () => {
      await expect(addEventDay(db.em(), bob, { date: "2026-02-10", type: "moved" }, today)).rejects.toMatchObject({ status: 409, message: FEBRUARY });
      const res = await api.post("/api/event_days", { date: "2026-02-10", type: "moved" }, token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(FEBRUARY);
      // The personal planning's form comes back with the message and the date kept.
      const form = await client.post("/planning/me", { intent: "add", date: "2026-02-10", type: "moved" });
      expect(form.status).toBe(400);
      expect(decode(form.text)).toContain(FEBRUARY);
      expect(form.text).toContain('value="2026-02-10"');
    });
    expect(await stored()).toBe(0);
    const added = await addEventDay(db.em(), bob, { date: "2026-02-10", type: "moved" }, today);
    await whileClosed("2026-02", async () => {
      await expect(removeEventDay(db.em(), bob, added.id)).rejects.toMatchObject({ status: 409, message: FEBRUARY });
      const res = await api.delete(`/api/event_days/${added.id}`, token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(FEBRUARY);
    });
    expect(await stored()).toBe(1);
    await removeEventDay(db.em(), bob, added.id);
    expect(await stored()).toBe(0);
  });

  it("add-recovery of a week touching the month", async () => {
    // Week 9 of 2026: 23 February – 1 March.
    const weeks = () => count(`select id from overtime_week where iso_year = 2026 and iso_week = 9`, []);
    await whileClosed("2026-02", async () => {
      await expect(addRecovery(db.em(), fin, { week: 9, year: 2026, force: "false" }, NOW)).rejects.toMatchObject({ status: 409, message: FEBRUARY });
    });
    expect(await weeks()).toBe(0);
    await expect(addRecovery(db.em(), fin, { week: 9, year: 2026, force: "false" }, NOW)).resolves.toMatchObject({ week: 9, year: 2026 });
    expect(await weeks()).toBeGreaterThan(0);
  });

  it("an overtime policy row from a date up to today (service and the HTML form)", async () => {
    const rows = () => count(`select id from overtime_policy where country_id = ? and effective_from = '2026-01-05'`, [org.countryId]);
    await whileClosed("2026-02", async () => {
      // From January on: February's weeks change too.
      await expect(saveCountryPolicyAs(db.em(), boss, org.countryId, { ...FRANCE_POLICY, effectiveFrom: "2026-01-05" })).rejects.toMatchObject({
        status: 409,
        message: FEBRUARY,
      });
    });
    expect(await rows()).toBe(0);
    await saveCountryPolicyAs(db.em(), boss, org.countryId, { ...FRANCE_POLICY, effectiveFrom: "2026-01-05" });
    expect(await rows()).toBe(1);

    // The HTML form comes back filled with the French message (409), nothing stored.
    const client = htmlClient(() => server.baseUrl);
    await client.login(head.email);
    const path = `/settings/countries/${org.countryId}/overtime`;
    const form = formValues((await client.get(path)).text, "effectiveFrom");
    await whileClosed("2026-02", async () => {
      const res = await client.post(path, { ...form, effectiveFrom: "2026-02-02" });
      expect(res.status).toBe(409);
      expect(decode(res.text)).toContain(FEBRUARY);
      expect(res.text).toContain('value="2026-02-02"');
    });
    expect(await count(`select id from overtime_policy where country_id = ? and effective_from = '2026-02-02'`, [org.countryId])).toBe(0);
  });

  it("a contract change of the employee sheet", async () => {
    const { id } = await createSheet(db.em(), boss, completeSheet(org, { hiredAt: "2025-01-06" }));
    const hired = async () => (await db.sql<{ h: string }>(`select hired_at::text as h from employee where id = ?`, [id]))[0]?.h;
    await whileClosed("2026-02", async () => {
      await expect(updateEmployee(db.em(), boss, id, { hiredAt: "2025-03-03" })).rejects.toMatchObject({ status: 409, message: FEBRUARY });
    });
    expect(await hired()).toBe("2025-01-06");
    await updateEmployee(db.em(), boss, id, { hiredAt: "2025-03-03" });
    expect(await hired()).toBe("2025-03-03");
  });

  it("a holiday of the country or of the subsidiary (service and the HTML form)", async () => {
    const country = await getCountry(db.em(), boss, org.countryId);
    const countryInput = (holidays: { date: string; name: string }[]) => ({ name: country.name, timezone: country.timezone, overtime: country.overtime, holidays });
    const holidays = (column: string, id: number) => count(`select id from holiday where ${column} = ? and date = '2026-02-16'`, [id]);
    const client = htmlClient(() => server.baseUrl);
    await client.login(head.email);
    await whileClosed("2026-02", async () => {
      await expect(updateCountry(db.em(), boss, org.countryId, countryInput([{ date: "2026-02-16", name: "Fermeture" }]))).rejects.toMatchObject({
        status: 409,
        message: FEBRUARY,
      });
      const form = await client.post(`/settings/countries/${org.countryId}/edit`, {
        name: country.name,
        timezone: country.timezone,
        "overtime.paid": "25",
        "overtime.inRecuperation": "75",
        "overtime.employeeInitiatedRecuperation": "100",
        "overtime.employerInitiatedRecuperation": "0",
        "holidays[0].date": "2026-02-16",
        "holidays[0].name": "Fermeture",
        intent: "save",
      });
      expect(form.status).toBe(409);
      expect(decode(form.text)).toContain(FEBRUARY);
      const sub = await getSubsidiary(db.em(), boss, org.subsidiaryId);
      await expect(
        updateSubsidiary(db.em(), boss, org.subsidiaryId, { name: sub.name, countryId: org.countryId, city: sub.city, timezone: sub.timezone, holidays: [{ date: "2026-02-16", name: "Local" }] }),
      ).rejects.toMatchObject({ status: 409, message: FEBRUARY });
    });
    expect(await holidays("country_id", org.countryId)).toBe(0);
    expect(await holidays("subsidiary_id", org.subsidiaryId)).toBe(0);
    // A holiday in an open month (March) is accepted while February is closed.
    await whileClosed("2026-02", async () => {
      await updateCountry(db.em(), boss, org.countryId, countryInput([{ date: "2026-03-16", name: "Mars" }]));
    });
    await updateCountry(db.em(), boss, org.countryId, countryInput([{ date: "2026-02-16", name: "Fermeture" }]));
    expect(await holidays("country_id", org.countryId)).toBe(1);
  });
});
