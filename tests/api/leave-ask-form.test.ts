import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/shared/time-calendar-date";
import { mondayAfter } from "~tests/support/factories-time";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { addHoliday, createLeave, setCounters } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 28 item 7 over HTTP without JavaScript: the reasons that fit the person, the GET preview (working days counted
 * and balance after, computed by the server, the form filled back), the hours field for a recovery leave only, and
 * "Mes congés" with each leave's duration and the balances.
 */
const db = useTestDatabase();
const server = useTestServer();

const decode = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
const text = (html: string) => decode((/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? html).replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

let org: Org;
let plain: TestEmployee;
let rtt: TestEmployee;
const monday = mondayAfter(21);

async function as(who: TestEmployee) {
  const client = htmlClient(() => server.baseUrl);
  await client.login(who.email);
  return client;
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Ask28");
  plain = await createEmployee(db.em(), org);
  rtt = await createEmployee(db.em(), org);
  await db.sql(`update employee set holiday_working_time_reduction = true where id = ?`, [rtt.employeeId]);
  await setCounters(db.em(), plain.employeeId, { earnedLastYear: 5, takenLastYear: 0, earnedThisYear: 10, takenThisYear: 2, recoveryEarned: 36_000, recoveryTaken: 0 });
});

describe("the ask form", () => {
  it("offers RTT only with the working-time reduction, and the Portuguese leave only in Portugal", async () => {
    const without = (await (await as(plain)).get("/leave/ask")).text;
    expect(without).not.toContain('value="RTT_LEAVE"');
    expect(without).not.toContain('value="PORTUGAL_LEAVE"');
    expect(without).toContain('value="PAID_LEAVE"');
    const withRtt = (await (await as(rtt)).get("/leave/ask")).text;
    expect(withRtt).toContain('value="RTT_LEAVE"');
  });

  it("previews the working days and the balance after with a GET, the form filled back", async () => {
    await addHoliday(db.em(), org.countryId, addDays(monday, 2), "Férié de test");
    const client = await as(plain);
    const page = await client.get(`/leave/ask?reason=PAID_LEAVE&start=${monday}&end=${addDays(monday, 4)}&comment=Vacances&preview=1`);
    expect(page.status).toBe(200);
    expect(text(page.text)).toContain("4 jours ouvrés décomptés. Solde de congés payés après ce congé : 9 j.");
    expect(page.text).toContain(`value="${monday}"`);
    expect(page.text).toContain("Vacances");
    const recovery = await client.get(`/leave/ask?reason=RECOVERY_LEAVE&start=${monday}&end=${monday}&nbHourAbsence=3&preview=1`);
    expect(text(recovery.text)).toContain("Solde de récupération après ce congé : 7 h 00.");
  });

  it("puts the hours in a block shown for a recovery leave only, and offers the GET preview button", async () => {
    const html = (await (await as(plain)).get("/leave/ask")).text;
    expect(html).toMatch(/<form[^>]*class="[^"]*leave-form/);
    expect(html).toContain('class="leave-hours"');
    expect(html).toMatch(/<button[^>]*formMethod="get"[^>]*>Voir le décompte<\/button>/i);
  });
});

describe("Mes congés", () => {
  it("shows each leave's duration and the balances", async () => {
    await createLeave(db.em(), plain.employeeId, { start: addDays(monday, 7), end: addDays(monday, 9), numberDaysWork: 3 });
    await createLeave(db.em(), plain.employeeId, { reason: "RECOVERY_LEAVE", start: addDays(monday, 14), end: addDays(monday, 14), nbHourAbsence: 3.5, numberDaysWork: 1 });
    const page = text((await (await as(plain)).get("/leave/me")).text);
    expect(page).toContain("Durée");
    expect(page).toContain("3 j");
    expect(page).toMatch(/3[,.]5 ?h|3 h 30/);
    expect(page).toContain("Congés payés – total 15 j 2 j 13 j");
  });
});
