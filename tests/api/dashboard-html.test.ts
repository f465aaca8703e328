import { beforeAll, describe, expect, it } from "vitest";
import { mondayToToday } from "~/domain/home/dashboard";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { useTestDatabase } from "~tests/support/db";
import { ALL_ROLES, createEmployee, createOrg, createRoleAccounts, type Org, type TestEmployee } from "~tests/support/factories";
import { createClock, createSuggestion } from "~tests/support/factories-badging";
import { createLeave } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 17: the home page of every role over HTTP, without JavaScript — which variant, which blocks and what they
 * hold, where their links lead, the agency tabs as plain links, and nothing outside the viewer's scope.
 */
const db = useTestDatabase();
const server = useTestServer();

const decode = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
/** The page's main content as text (tags dropped, spaces folded). */
const text = (html: string) =>
  decode((/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? html).replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
const fr = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

type Role = (typeof ALL_ROLES)[number];
let org: Org;
let accounts: Record<Role, TestEmployee>;
let colleague: TestEmployee;
let otherTeam: TestEmployee;
let otherDivision: TestEmployee;
let emptySubsidiaryId: number;
let otherSubsidiaryId: number;
const today = localDate(new Date(), "Europe/Paris");
const clients = {} as Record<Role, ReturnType<typeof htmlClient>>;

async function get(role: Role, path = "/") {
  const res = await clients[role].get(path);
  expect(res.status, `${role} ${path}`).toBe(200);
  // The page's own content: the menu links to the same pages as the "view entire" links.
  const main = /<main[\s\S]*?<\/main>/.exec(res.text)?.[0] ?? res.text;
  return { html: main, text: text(res.text) };
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Dash");
  accounts = await createRoleAccounts(db.em(), org);
  // The department head heads the division, the team leader leads the team (createRoleAccounts puts everyone there).
  colleague = await createEmployee(db.em(), org, { firstname: "chloé", lastname: "collègue" });
  otherTeam = await createEmployee(db.em(), org, { firstname: "otto", lastname: "autreequipe", teamId: org.otherTeamId });
  otherDivision = await createEmployee(db.em(), org, { firstname: "dora", lastname: "autrepole", divisionId: org.otherDivisionId, teamId: null });
  const [empty] = await db.sql<{ id: number }>(
    `insert into subsidiary (name, country_id, city, timezone) values ('Annecy Vide', ?, 'Annecy', 'Europe/Paris') returning id`,
    [org.countryId],
  );
  emptySubsidiaryId = empty!.id;
  const [other] = await db.sql<{ id: number }>(
    `insert into subsidiary (name, country_id, city, timezone) values ('Zurich Autre', ?, 'Zurich', 'Europe/Paris') returning id`,
    [org.countryId],
  );
  otherSubsidiaryId = other!.id;
  await createEmployee(db.em(), null, { firstname: "zoé", lastname: "zurichoise" }).then((z) =>
    db.sql(`update employee set subsidiary_id = ?, division_id = null, team_id = null where id = ?`, [otherSubsidiaryId, z.employeeId]),
  );

  // Leaves: the colleague's request in flight (awaits the team leader, workflow full), an accepted sick leave.
  await createLeave(db.em(), colleague.employeeId, { start: addDays(today, 14), end: addDays(today, 15), urgent: true });
  await createLeave(db.em(), colleague.employeeId, { reason: "SICK_LEAVE", state: "accepted", start: addDays(today, 1), end: addDays(today, 1) });
  // The employee's own requests: six in flight (the dashboard shows five), one afternoon.
  for (let i = 0; i < 6; i++) {
    await createLeave(db.em(), accounts.ROLE_EMPLOYEE.employeeId, {
      reason: "RTT_LEAVE",
      start: addDays(today, 30 + i),
      halfDayAfternoon: i === 0,
    });
  }
  // Clocks: the colleague is on a pause today; the other team's employee left yesterday without END.
  await createClock(db.em(), colleague.employeeId, today, [
    ["00:01", "START"],
    ["00:02", "PAUSE"],
  ]);
  await createClock(db.em(), otherTeam.employeeId, addDays(today, -1), [["08:00", "START"]]);
  await createSuggestion(db.em(), otherTeam.employeeId, addDays(today, -2), [
    ["08:00", "START"],
    ["17:00", "END"],
  ]);
  // Overtime since Monday: 1 h 30 for the colleague each day (rounded per week).
  for (const day of mondayToToday(today)) {
    await db.sql(`insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds, anomaly) values (?, ?, 30600, 25200, 5400, false)`, [
      colleague.employeeId,
      day,
    ]);
    await db.sql(`insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds, anomaly) values (?, ?, 25200, 27000, -1800, false)`, [
      accounts.ROLE_EMPLOYEE.employeeId,
      day,
    ]);
  }
  // Past 80 % of the quota: the colleague (220 h quota, 190 h used).
  const year = Number(today.slice(0, 4));
  await db.sql(
    `insert into overtime_week (employee_id, iso_year, iso_week, monday, quota_after_seconds, bands, explanation)
     values (?, extract(isoyear from ?::date), extract(week from ?::date), ?, 684000, '[]', '{"quota": {"limitSeconds": 792000}}')`,
    [colleague.employeeId, today, today, mondayToToday(today)[0]],
  );
  expect(year).toBeGreaterThan(2000);

  for (const role of ALL_ROLES) {
    clients[role] = htmlClient(() => server.baseUrl);
    await clients[role].login(accounts[role].email);
  }
});

describe("the variant of each role", () => {
  it.each<[Role, string]>([
    ["ROLE_HEAD_MANAGEMENT", "agency"],
    ["ROLE_FINANCIAL_MANAGEMENT", "agency"],
    ["ROLE_DEPARTMENT_HEAD", "division"],
    ["ROLE_TEAM_LEADER", "team"],
    ["ROLE_COMMERCIAL", "pending"],
    ["ROLE_USER", "pending"],
    ["ROLE_EMPLOYEE", "employee"],
    ["ROLE_HOST_EMPLOYEE", "employee"],
  ])("%s sees the %s dashboard", async (role, variant) => {
    const { html } = await get(role);
    expect(html).toContain(`data-variant="${variant}"`);
  });
});

describe("agency dashboard (head and financial management)", () => {
  it("titles with the own subsidiary, lists one tab per subsidiary as links, the own one first and selected", async () => {
    const { html, text: body } = await get("ROLE_HEAD_MANAGEMENT");
    expect(body).toContain("Tableau de bord – 3 Print Dash");
    const tabs = [...html.matchAll(/href="\/\?tab=(\d+)"[^>]*>([^<]*)</g)].map((m) => [Number(m[1]), m[2]]);
    expect(tabs).toEqual([
      [org.subsidiaryId, "3 Print Dash"],
      [emptySubsidiaryId, "Annecy Vide"],
      [otherSubsidiaryId, "Zurich Autre"],
    ]);
    expect(html).toMatch(new RegExp(`aria-current="page"[^>]*data-tab="${org.subsidiaryId}"`));
    // Only the own subsidiary's tab holds the "view entire" links.
    for (const href of ["/planning/agency", "/time-clock/agency-badging", "/overtime/subsidiary"]) expect(html).toContain(`href="${href}"`);
    expect(body).toContain("Planning de l'agence");
    expect(body).toContain("Chloé COLLÈGUE");
    expect(body).toContain("Otto AUTREEQUIPE");
    expect(body).toContain("Dora AUTREPOLE");
    expect(body).not.toContain("Zoé ZURICHOISE");
  });

  it("another tab (a plain link, no JavaScript) shows that subsidiary without the 'view entire' links", async () => {
    const { html, text: body } = await get("ROLE_FINANCIAL_MANAGEMENT", `/?tab=${otherSubsidiaryId}`);
    expect(body).toContain("Tableau de bord – Zurich Autre");
    expect(html).toMatch(new RegExp(`aria-current="page"[^>]*data-tab="${otherSubsidiaryId}"`));
    expect(body).toContain("Zoé ZURICHOISE");
    expect(body).not.toContain("Chloé COLLÈGUE");
    // The tab's blocks (the "to do" above the tabs may link to the subsidiary overtime page).
    const tab = /<section aria-labelledby="dash-agencies-title"[\s\S]*<\/section>/.exec(html)?.[0] ?? "";
    expect(tab).toContain('data-testid="dash-planning"');
    for (const href of ["/planning/agency", "/time-clock/agency-badging", "/overtime/subsidiary"]) expect(tab).not.toContain(`href="${href}"`);
  });

  it("a subsidiary with no employees says so; an unknown tab falls back to the own subsidiary", async () => {
    expect((await get("ROLE_HEAD_MANAGEMENT", `/?tab=${emptySubsidiaryId}`)).text).toContain("Aucun employé dans cette agence.");
    for (const tab of ["999999", "abc", "-1", "1e3"]) {
      expect((await get("ROLE_HEAD_MANAGEMENT", `/?tab=${tab}`)).text).toContain("Tableau de bord – 3 Print Dash");
    }
  });

  it("lists what awaits management: corrections to validate, yesterday's anomalies, people near the quota", async () => {
    const { html, text: body } = await get("ROLE_HEAD_MANAGEMENT");
    expect(body).toContain("Corrections de pointage à valider : 1");
    expect(html).toContain('href="/time-clock/edit-badging"');
    const y = addDays(today, -1);
    expect(body).toContain("Journées d'hier sans fin de pointage : 1");
    expect(decode(html)).toContain(`href="/time-clock/agency-badging?from=${y}&to=${y}"`);
    expect(body).toContain("Personnes au-delà de 80 % du contingent d'heures supplémentaires : 1");
  });
});

describe("team dashboard (team leader)", () => {
  it("shows the team's waiting requests, planning, badgings and overtime, and nothing of the other team", async () => {
    const { html, text: body } = await get("ROLE_TEAM_LEADER");
    expect(body).toContain("Tableau de bord – Offset Dash");
    // To do: the colleague's request and the employee's six at the leader's step, linking to the waiting page.
    expect(body).toContain("Demandes de congé à traiter : 7");
    // Waiting: name, reason, dates, sent date, urgent mark, link to the full list.
    expect(body).toContain("Chloé COLLÈGUE");
    expect(body).toContain(`Congés payés Dates ${fr(addDays(today, 14))} – ${fr(addDays(today, 15))} Envoyée le ${fr(today)}`);
    expect(body).toContain("Voir toutes les demandes (7)");
    // The first five, urgent first.
    expect(html.match(/data-leave-id=/g)).toHaveLength(5);
    expect(html).toContain('href="/leave/waiting"');
    // Planning excerpt: names link to plannings (the leader's own to /planning/me); the sick leave shows its reason.
    expect(html).toContain(`href="/planning/employee/${colleague.employeeId}"`);
    expect(html).toContain('href="/planning/me"');
    // (the planning table's cell texts: "<reason>, <days> — En attente de validation" while in flight)
    const excerpt = text(/data-testid="planning-excerpt"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "");
    expect(excerpt).toMatch(/Arrêt maladie, \d/);
    expect(excerpt).toMatch(/Congés payés, \d[^—]* — En attente de validation/);
    // Badgings today: acronym and state in words.
    expect(html).toMatch(new RegExp(`data-testid="badging-${colleague.employeeId}"[\\s\\S]*?CCO[\\s\\S]*?data-state="pause"[^>]*>[\\s\\S]*?En pause`));
    // Overtime of the week: the time account up to today (decision 0071: today's day, not ended, does not count yet),
    // rounded hours and the formatted hours.
    const days = mondayToToday(today).length - 1;
    const seconds = 5400 * days;
    const hours = Math.round(seconds / 3600);
    const block = /data-testid="dash-overtime"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    if (days > 0) {
      expect(text(block)).toContain(`+${hours} h`);
      expect(block).toContain('data-tone="over"');
    }
    // Nothing outside the team.
    expect(body).not.toContain("Otto AUTREEQUIPE");
    expect(body).not.toContain("Dora AUTREPOLE");
    for (const href of ["/planning/team", "/time-clock/team-badging", "/overtime/team"]) expect(html).toContain(`href="${href}"`);
    // No corrections line: they are management's.
    expect(body).not.toContain("Corrections de pointage");
  });
});

describe("division dashboard (department head)", () => {
  it("shows the division by team and its anomalies of yesterday, nothing of the other division", async () => {
    const { html, text: body } = await get("ROLE_DEPARTMENT_HEAD");
    expect(body).toContain("Tableau de bord – Impression Dash");
    expect(body).toContain("Planning du pôle");
    expect(body).toContain("Otto AUTREEQUIPE");
    expect(body).toContain("Chloé COLLÈGUE");
    expect(body).not.toContain("Dora AUTREPOLE");
    expect(body).toContain("Journées d'hier sans fin de pointage : 1");
    for (const href of ["/planning/division", "/time-clock/division-badging", "/overtime/division"]) expect(html).toContain(`href="${href}"`);
  });
});

describe("pending-only dashboard (commercial, bare user)", () => {
  it("shows only the own pending requests, with the spec's empty message", async () => {
    const { html, text: body } = await get("ROLE_COMMERCIAL");
    expect(body).toContain("Mes demandes en attente");
    expect(body).toContain("Aucune demande en attente.");
    expect(html).toContain('href="/leave/me"');
    expect(html).not.toContain('data-testid="dash-planning"');
    expect(html).not.toContain('data-testid="dash-own-overtime"');
    expect(body).not.toContain("Chloé COLLÈGUE");
  });
});

describe("employee dashboard (employee, host employee)", () => {
  it("shows five pending requests with half-day marks, the week's overtime by day and the personal planning", async () => {
    const { html, text: body } = await get("ROLE_EMPLOYEE");
    expect(html.match(/data-leave-id=/g)).toHaveLength(5);
    expect(body).toContain(`RTT Dates ${fr(addDays(today, 30))} (après-midi)`);
    expect(html).toContain('href="/leave/me"');
    // Own overtime: one row per day from Monday to today.
    const table = /data-testid="own-overtime"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    const days = mondayToToday(today);
    expect([...table.matchAll(/data-date="([\d-]+)"/g)].map((m) => m[1])).toEqual(days);
    expect(text(table)).toContain("-00h30");
    expect(html).toContain('href="/overtime/me"');
    // Personal planning: 31 day rows, six month columns, the pending RTT hatched.
    const grid = /data-testid="personal-planning"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    expect(grid.match(/<tr/g)).toHaveLength(32);
    expect(grid).toContain(`data-date="${addDays(today, 30)}"`);
    expect(grid).toContain("pl-pending");
    expect(text(grid)).toContain("RTT — En attente de validation");
    expect(html).toContain('href="/planning/me"');
    // Nobody else's data.
    expect(body).not.toContain("Chloé COLLÈGUE");
  });

  it("host employee: the same variant, own data only", async () => {
    const { html, text: body } = await get("ROLE_HOST_EMPLOYEE");
    expect(body).toContain("Aucune demande en attente.");
    expect(html).toContain('data-testid="personal-planning"');
    expect(body).not.toContain("Chloé COLLÈGUE");
  });
});
