/**
 * The overtime policy page of a country (Settings), over HTTP like a browser without JavaScript: the history and a
 * form prefilled from the row in force; a new row saved with a redirect; French field errors with a 400 and the
 * form filled, nothing stored; other roles kept out.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime/policy";
import { policyFormDefaults } from "~/forms/overtime-policy.server";
import { saveCountryPolicy } from "~/services/overtime/policy.server";
import { useTestDatabase } from "~tests/support/db";
import { createOrg, createRoleAccounts, type Org } from "~tests/support/factories";
import { htmlClient, useTestServer } from "~tests/support/http";

const db = useTestDatabase();
const server = useTestServer();
let org: Org;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;

function text(html: string) {
  return html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
}

async function signedIn(email: string) {
  const c = htmlClient(() => server.baseUrl);
  await c.login(email);
  return c;
}

/**
 * The form as the browser sends it (checkbox lists as repeated fields). The client copies its argument with
 * `new URLSearchParams(form)`, which keeps repeated fields of a URLSearchParams: hence the cast.
 */
function formOf(values: Record<string, string | string[]>): Record<string, string> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v)) for (const item of v) body.append(k, item);
    else if (v !== "") body.append(k, v);
  }
  return body as unknown as Record<string, string>;
}

const page = () => `/settings/countries/${org.countryId}/overtime`;

beforeAll(async () => {
  org = await createOrg(db.em(), " Policy page");
  accounts = await createRoleAccounts(db.em(), org);
  await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, effectiveFrom: "2020-01-01" });
});

describe("/settings/countries/{id}/overtime", () => {
  it("shows the history and a form filled from the row in force", async () => {
    const c = await signedIn(accounts.ROLE_FINANCIAL_MANAGEMENT.email);
    const res = await c.get(page());
    expect(res.status).toBe(200);
    const html = text(res.text);
    expect(html).toContain("Règles des heures supplémentaires");
    expect(html).toContain("01/01/2020");
    expect(html).toContain('name="bands[1].fromRank"');
    expect(html).toMatch(/name="bands\[1\]\.rate"[^>]*value="50"/);
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="PAID_LEAVE"/);
    expect(html).not.toMatch(/<input[^>]*checked=""[^>]*value="SICK_LEAVE"/);
  });

  it("saves a new row from a date and comes back with the success alert", async () => {
    const c = await signedIn(accounts.ROLE_HEAD_MANAGEMENT.email);
    const values = { ...policyFormDefaults({ ...FRANCE_POLICY, paid: 50, inRecuperation: 50 }, "2026-09-01"), complementaryEnabled: "on" };
    const res = await c.post(page(), formOf(values));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(page());
    const rows = await db.sql<{ effective_from: string; paid: number }>(
      `select effective_from::text, paid::float8 as paid from overtime_policy where country_id = ? order by effective_from`,
      [org.countryId],
    );
    expect(rows).toEqual([
      { effective_from: "2020-01-01", paid: 100 },
      { effective_from: "2026-09-01", paid: 50 },
    ]);
    const after = text((await c.get(page())).text);
    expect(after).toContain("Règles des heures supplémentaires enregistrées.");
  });

  it("answers 400 with French field errors, the form filled and nothing stored", async () => {
    const c = await signedIn(accounts.ROLE_FINANCIAL_MANAGEMENT.email);
    const before = await db.sql(`select count(*)::int as n from overtime_policy`);
    const values = { ...policyFormDefaults(FRANCE_POLICY, "2026-10-01"), "bands[0].rate": "5", paid: "70", inRecuperation: "20", sundayRate: "abc" };
    const bad = await c.post(page(), formOf(values));
    expect(bad.status).toBe(400);
    const html = text(bad.text);
    expect(html).toContain("Saisissez un nombre.");
    expect(html).toContain('value="abc"');
    const fixedSunday = await c.post(page(), formOf({ ...values, sundayRate: "0" }));
    expect(fixedSunday.status).toBe(400);
    const html2 = text(fixedSunday.text);
    expect(html2).toContain("Le taux de majoration doit être compris entre 10 % et 400 %.");
    expect(html2).toContain("La part payée et la part en récupération doivent faire 100 % à elles deux.");
    expect(html2).toMatch(/name="paid"[^>]*value="70"/);
    expect(await db.sql(`select count(*)::int as n from overtime_policy`)).toEqual(before);
  });

  it("L3122-2 and Cass. soc. 10/09/2025: the night period and the counted absences' date, with the law said in French; a period outside the frame is refused", async () => {
    const c = await signedIn(accounts.ROLE_FINANCIAL_MANAGEMENT.email);
    const html = text((await c.get(page())).text);
    expect(html).toMatch(/name="nightFrom"[^>]*value="21:00"/);
    expect(html).toMatch(/name="nightTo"[^>]*value="06:00"/);
    expect(html).toContain("La loi laisse la période de nuit à l'accord collectif.");
    expect(html).toMatch(/name="countedAbsencesFrom"[^>]*value="2025-09-10"/);
    expect(html).toContain("Cass. soc. n° 23-14.455");
    const before = await db.sql(`select count(*)::int as n from overtime_policy`);
    const bad = await c.post(page(), formOf({ ...policyFormDefaults(FRANCE_POLICY, "2026-11-01"), nightFrom: "22:00", nightTo: "06:00" }));
    expect(bad.status).toBe(400);
    const badHtml = text(bad.text);
    expect(badHtml).toContain("La période de nuit doit durer au moins 9 heures consécutives");
    expect(badHtml).toMatch(/name="nightFrom"[^>]*value="22:00"/);
    expect(await db.sql(`select count(*)::int as n from overtime_policy`)).toEqual(before);
    const ok = await c.post(page(), formOf({ ...policyFormDefaults(FRANCE_POLICY, "2026-11-01"), nightFrom: "22:00", nightTo: "07:00", nightRate: "20", countedAbsencesFrom: "2022-09-10" }));
    expect(ok.status).toBe(302);
    const [row] = await db.sql<{ f: string; t: string; r: number; since: string }>(
      `select night_from as f, night_to as t, night_rate::float8 as r, counted_absences_from::text as since from overtime_policy where country_id = ? and effective_from = '2026-11-01'`,
      [org.countryId],
    );
    expect(row).toEqual({ f: "22:00", t: "07:00", r: 20, since: "2022-09-10" });
  });

  it("keeps other roles out and answers 404 for an unknown country", async () => {
    const leader = await signedIn(accounts.ROLE_TEAM_LEADER.email);
    const res = await leader.get(page());
    expect([res.status, res.location]).toEqual([302, "/login"]);
    const before = await db.sql(`select count(*)::int as n from overtime_policy`);
    const employee = await signedIn(accounts.ROLE_EMPLOYEE.email);
    const post = await employee.post(page(), formOf(policyFormDefaults(FRANCE_POLICY, "2027-01-01")));
    expect(post.status).toBe(302);
    expect(await db.sql(`select count(*)::int as n from overtime_policy`)).toEqual(before);
    const daf = await signedIn(accounts.ROLE_FINANCIAL_MANAGEMENT.email);
    expect((await daf.get("/settings/countries/999999/overtime")).status).toBe(404);
  });

  it("is linked from the country's edit page", async () => {
    const c = await signedIn(accounts.ROLE_FINANCIAL_MANAGEMENT.email);
    const html = (await c.get(`/settings/countries/${org.countryId}/edit`)).text;
    expect(html).toContain(`href="${page()}"`);
  });
});
