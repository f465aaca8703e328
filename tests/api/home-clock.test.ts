import { beforeAll, describe, expect, it } from "vitest";
import { localDate } from "~/domain/shared/zoned-day";
import { useTestDatabase } from "~tests/support/db";
import { ALL_ROLES, createEmployee, createOrg, createRoleAccounts, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock } from "~tests/support/factories-badging";
import { setCounters } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 28 item 1: the home page of everyone who badges shows today's clock in words, the worked time and the buttons
 * the state allows (plain forms posting to the home action); the badging page says the state in words and reads
 * "Reprendre" after a pause; the employee home shows the leave balances (acquired, taken, balance).
 */
const db = useTestDatabase();
const server = useTestServer();

const decode = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
const text = (html: string) => decode((/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? html).replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

type Role = (typeof ALL_ROLES)[number];
let org: Org;
let accounts: Record<Role, TestEmployee>;
const today = localDate(new Date(), "Europe/Paris");

async function home(who: TestEmployee, path = "/") {
  const client = htmlClient(() => server.baseUrl);
  await client.login(who.email);
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return { client, html: res.text, text: text(res.text) };
}

beforeAll(async () => {
  org = await createOrg(db.em(), " HomeClock");
  accounts = await createRoleAccounts(db.em(), org);
});

describe("the clock on the home page", () => {
  it.each<[string, Role, boolean]>([
    ["an employee", "ROLE_EMPLOYEE", true],
    ["a host employee", "ROLE_HOST_EMPLOYEE", true],
    ["a team leader", "ROLE_TEAM_LEADER", true],
    ["a department head", "ROLE_DEPARTMENT_HEAD", true],
    ["head management", "ROLE_HEAD_MANAGEMENT", true],
    ["financial management", "ROLE_FINANCIAL_MANAGEMENT", true],
    ["a commercial (does not badge)", "ROLE_COMMERCIAL", false],
  ])("%s: shown = %s", async (_name, role, shown) => {
    const page = await home(accounts[role]);
    expect(page.html.includes('data-testid="dash-clock"')).toBe(shown);
    if (shown) {
      expect(page.text).toContain("Pas encore badgé");
      expect(page.html).toMatch(/<form[^>]*action="\/\?index"/);
    }
  });

  it("is not shown to someone without time registration", async () => {
    const off = await createEmployee(db.em(), org, { timeRegistration: false });
    const page = await home(off);
    expect(page.html).not.toContain('data-testid="dash-clock"');
  });

  it.each<[string, [string, "START" | "PAUSE" | "LUNCH" | "END"][], string, boolean]>([
    ["on a pause since 12:04", [["08:30", "START"], ["12:04", "PAUSE"]], "En pause depuis 12:04", true],
    ["at lunch since 12:30", [["08:30", "START"], ["12:30", "LUNCH"]], "En pause déjeuner depuis 12:30", true],
    ["at work since 08:30", [["08:30", "START"]], "Au travail depuis 08:30", false],
    ["day ended at 17:32", [["08:30", "START"], ["17:32", "END"]], "Journée terminée à 17:32", false],
  ])("says the state in words: %s (home and badging page), START reads Reprendre after a pause", async (_name, entries, words, resume) => {
    const who = await createEmployee(db.em(), org);
    await createClock(db.em(), who.employeeId, today, entries, { workingSeconds: 3 * 3600 + 34 * 60 });
    const page = await home(who);
    expect(page.text).toContain(words);
    // A pause or an ended day shows the stored total; at work or at lunch the open interval counts up to now.
    if (entries.at(-1)![1] === "PAUSE" || entries.at(-1)![1] === "END") expect(page.text).toContain("Temps travaillé aujourd'hui : 3 h 34");
    else expect(page.text).toMatch(/Temps travaillé aujourd'hui : \d+ h \d\d/);
    const badging = await page.client.get("/time-clock/badging");
    expect(text(badging.text)).toContain(words);
    expect(/>Reprendre<\/button>/.test(decode(page.html))).toBe(resume);
    expect(/>Reprendre<\/button>/.test(decode(badging.text))).toBe(resume);
  });

  it("badges from the home page without JavaScript: a plain post to the home action, back home with the state", async () => {
    const who = await createEmployee(db.em(), org);
    const { client } = await home(who);
    const posted = await client.post("/?index", { intent: "start" });
    expect(posted.status).toBe(302);
    expect(posted.location).toBe("/");
    const after = text((await client.get("/")).text);
    expect(after).toContain("Début de journée enregistré.");
    expect(after).toMatch(/Au travail depuis \d\d:\d\d/);
    // A stale button (the day is already started) is refused in words, nothing stored twice.
    await client.post("/?index", { intent: "start" });
    expect(text((await client.get("/")).text)).toContain("Vous ne pouvez pas commencer maintenant");
    const [row] = await db.sql<{ n: number }>(
      `select count(*)::int as n from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?`,
      [who.employeeId],
    );
    expect(row!.n).toBe(1);
  });
});

describe("the leave balances on the employee home", () => {
  it("shows acquired, taken and balance of paid leave and recovery", async () => {
    const who = await createEmployee(db.em(), org);
    await setCounters(db.em(), who.employeeId, { earnedLastYear: 25, takenLastYear: 20, earnedThisYear: 10, takenThisYear: 2, recoveryEarned: 7200, recoveryTaken: 3600 });
    const page = await home(who);
    expect(page.html).toContain('data-testid="leave-balances"');
    expect(page.text).toContain("Acquis Pris Solde");
    expect(page.text).toContain("Congés payés – total 35 j 22 j 13 j");
    expect(page.text).toContain("Récupération 2 h 00 1 h 00 1 h 00");
  });

  it("is not on a manager's home", async () => {
    const page = await home(accounts.ROLE_TEAM_LEADER);
    expect(page.html).not.toContain('data-testid="leave-balances"');
  });
});
