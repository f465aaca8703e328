import { beforeAll, describe, expect, it } from "vitest";
import { FRANCE_POLICY } from "~/domain/overtime/policy";
import { saveCountryPolicy } from "~/services/overtime/policy.server";
import { closeMonth } from "~/services/payroll/close.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { loadCurrentUser } from "~/services/identity/current-user.server";
import { startImport } from "~/services/employees/import.server";
import { createClock, createSuggestion } from "~tests/support/factories-badging";
import { htmlClient, useTestServer } from "~tests/support/http";
import { recordHistory, type HistoryEntry } from "~/services/history/history.server";
import { deviceCookieHeader } from "~/server/time-clock/terminal-device.server";
import { setOwnCode } from "~/services/time-clock/terminal-codes.server";
import { enrolTerminal, registerTerminal, TERMINAL_CLOCKINGS_LIMIT } from "~/services/time-clock/terminals.server";
import { issueBadge } from "~/services/time-clock/terminal-badges.server";

/**
 * DESIGN §6: the number of SQL queries of a page does not grow with the rows it shows. Each page is requested with
 * a small team, then again after adding many employees, leaves and clocks to the same scope; the count of
 * statements PostgreSQL received for the request must stay the same.
 */
const db = useTestDatabase();
const server = useTestServer();

let org: Org;
let manager: TestEmployee;
let leader: TestEmployee;
let employee: TestEmployee;
let departmentHead: TestEmployee;
let commercial: TestEmployee;
let otherSubsidiaryId: number;
let otherOrg: Org | undefined;

/** Counts the statements the app's connection pool sends while `fn` runs (knex's "query" event). */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const knex = db.orm.em.getConnection().getKnex();
  let count = 0;
  const onQuery = () => {
    count += 1;
  };
  knex.on("query", onQuery);
  try {
    await fn();
  } finally {
    knex.removeListener("query", onQuery);
  }
  return count;
}

async function addPeople(n: number, tag: string) {
  for (let i = 0; i < n; i++) {
    // Every third person joins the other subsidiary (its agency tab grows too).
    const where = otherOrg && i % 3 === 2 ? otherOrg : org;
    const e = await createEmployee(db.em(), where, { email: `${tag}.${i}@cadran.test`, leaveWorkflow: "full" });
    await db.sql(
      `insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds)
       values (?, (now() at time zone 'Europe/Paris')::date, 3600, 0, 3600)`,
      [e.employeeId],
    );
    await db.sql(
      `insert into leave (employee_id, reason, start, "end", state, number_days_work, created_at, updated_at)
       values (?, 'PAID_LEAVE', current_date + 7, current_date + 8, 'pending', 2, now(), now())`,
      [e.employeeId],
    );
    await db.sql(
      `insert into time_clock (employee_id, date, type, working_time_seconds, created_at, updated_at)
       values (?, (now() at time zone 'Europe/Paris')::date, 'START', 3600, now(), now())`,
      [e.employeeId],
    );
    // The time account, clock entries and deductions the overtime pages read (for the new person and the employee).
    await db.sql(
      `with c as (insert into time_clock (employee_id, date, type, working_time_seconds, created_at, updated_at)
                  values (?, (now() at time zone 'Europe/Paris')::date - 1, 'END', 39600, now(), now()) returning id)
       insert into time_log (time_clock_id, time, type, created_at)
       select id, now() - interval '36 hours', 'START', now() from c union all select id, now() - interval '25 hours', 'END', now() from c`,
      [e.employeeId],
    );
    // A correction asked for an existing day (the corrections page reads the suggestion, its origin and author).
    const originId = await createClock(db.em(), e.employeeId, "2026-01-05", [["09:00", "START"], ["17:00", "END"]]);
    await createSuggestion(db.em(), e.employeeId, "2026-01-05", [["08:30", "START"], ["17:00", "END"]], { originId });
    overtimeDays += 1;
    await db.sql(
      `insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds)
       select id, current_date - ?::int, 30000, 25200, 4800 from employee where id in (?, ?) on conflict do nothing`,
      [overtimeDays, e.employeeId, employee.employeeId],
    );
    await db.sql(`insert into deduction (employee_id, date, seconds, created_at) values (?, current_date - ?::int, 600, now())`, [
      employee.employeeId,
      overtimeDays,
    ]);
    await db.sql(
      `insert into overtime_week (employee_id, iso_year, iso_week, monday, extra_seconds, bands, explanation, dirty, computed_at)
       values (?, extract(isoyear from current_date), extract(week from current_date), date_trunc('week', current_date)::date, 3600,
               '{"lines":[{"kind":"overtime","rate":25,"seconds":3600,"paidSeconds":3600}],"rates":[{"rate":25,"seconds":3600,"increasedSeconds":4500}]}', '{}', false, now())`,
      [e.employeeId],
    );
  }
}
let overtimeDays = 0;

/** A report period: the last two months (the report pages' GET filters). */
const REPORT_PERIOD = (() => {
  const to = new Date();
  const from = new Date(to.getTime() - 60 * 86_400_000);
  return `from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`;
})();

beforeAll(async () => {
  org = await createOrg(db.em());
  manager = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "qc.direction@cadran.test" });
  leader = await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER", email: "qc.leader@cadran.test" });
  employee = await createEmployee(db.em(), org, { email: "qc.employee@cadran.test" });
  departmentHead = await createEmployee(db.em(), org, { profileType: "ROLE_DEPARTMENT_HEAD", email: "qc.head@cadran.test" });
  commercial = await createEmployee(db.em(), org, { profileType: "ROLE_COMMERCIAL", email: "qc.commercial@cadran.test" });
  // A second subsidiary (an agency tab) whose people grow with the others (addPeople puts half of them there).
  otherOrg = await createOrg(db.em(), " QC");
  otherSubsidiaryId = otherOrg.subsidiaryId;
  await addPeople(2, "small");
});

describe("queries per page do not grow with the rows shown", () => {
  const pages: [string, () => TestEmployee, () => string][] = [
    ["home", () => manager, () => "/"],
    ["home (agency dashboard, another tab)", () => manager, () => `/?tab=${otherSubsidiaryId}`],
    ["home (division dashboard)", () => departmentHead, () => "/"],
    ["home (team dashboard)", () => leader, () => "/"],
    ["home (employee dashboard)", () => employee, () => "/"],
    ["home (pending-only dashboard)", () => commercial, () => "/"],
    ["waiting leaves (management)", () => manager, () => "/leave/waiting"],
    ["waiting leaves (team leader)", () => leader, () => "/leave/waiting"],
    ["team badging", () => leader, () => "/time-clock/team-badging"],
    ["clock corrections (first page)", () => manager, () => "/time-clock/edit-badging"],
    ["clock corrections (a page past the end: the last)", () => manager, () => "/time-clock/edit-badging?page=99"],
    ["employees of a team", () => manager, () => `/employees/subsidiary/${org.subsidiaryId}/division/${org.divisionId}/team/${org.teamId}`],
    ["settings", () => manager, () => "/settings"],
    ["overtime of the team", () => leader, () => "/overtime/team"],
    ["overtime of the subsidiary", () => manager, () => `/overtime/subsidiary?subsidiary=${org.subsidiaryId}`],
    ["overtime of an employee, a week explained", () => manager, () => `/overtime/employee/${employee.employeeId}?week=1`],
    ["own overtime", () => employee, () => "/overtime/me"],
    ["team planning", () => leader, () => "/planning/team"],
    ["agency planning (six months)", () => manager, () => "/planning/agency?from=2026-01-05&to=2026-07-05"],
    ["own yearly planning", () => employee, () => "/planning/me"],
    ["an employee's yearly planning", () => manager, () => `/planning/employee/${employee.employeeId}`],
    ["report: leave", () => manager, () => `/report/leave?${REPORT_PERIOD}`],
    ["report: overtime", () => manager, () => `/report/overtime?subsidiary=${org.subsidiaryId}&division=${org.divisionId}&team=${org.teamId}&${REPORT_PERIOD}`],
    ["report: recovery", () => manager, () => `/report/recup?subsidiary=${org.subsidiaryId}&${REPORT_PERIOD}`],
    ["report: hourly cost", () => manager, () => `/report/cost?subsidiary=${org.subsidiaryId}&${REPORT_PERIOD}`],
    ["report: payroll", () => manager, () => `/report/payroll?subsidiary=${org.subsidiaryId}`],
    // Last month is open: its pre-close checklist, and the close's confirmation step (issue 38 §4).
    ["report: payroll, the close's confirmation step", () => manager, () => `/report/payroll?subsidiary=${org.subsidiaryId}&confirm=close`],
    ["Mes données (the own data as a ZIP)", () => employee, () => "/profile/data"],
    // The deputy chooser of the profile (issue 41): the team offered, then a name searched over the company.
    ["profile of a team leader (deputy chooser, own team)", () => leader, () => "/profile"],
    // Screens issue 41 changed: the state under the reason (Mes congés), the entries under the date (Ma semaine).
    ["own leaves (pending tab)", () => employee, () => "/leave/me"],
    ["own badging (Ma semaine)", () => employee, () => "/time-clock/badging"],
    ["profile of a team leader (deputy chooser, a name searched)", () => leader, () => "/profile?deputy=camille"],
    ["anonymisation dry run of an employee", () => manager, () => `/employees/${employee.employeeId}/anonymise`],
    // The change history (issue 32 §3, decision 0107): the tab, filtered, and a page past the end.
    ["history tab of an employee", () => manager, () => `/employees/${employee.employeeId}/history`],
    ["history tab, filtered by kind and period", () => manager, () => `/employees/${employee.employeeId}/history?kind=sheet&from=01/01/2020&to=31/12/2099`],
    ["history tab, a page past the end", () => manager, () => `/employees/${employee.employeeId}/history?page=99`],
  ];

  it.each(pages)("%s", async (_name, who, path) => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(who().email);
    const before = await countQueries(async () => expect((await client.get(path())).status).toBe(200));
    await addPeople(15, `more.${Math.random().toString(36).slice(2, 8)}`);
    const after = await countQueries(async () => expect((await client.get(path())).status).toBe(200));
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
  });
});

describe("the subsidiary form with its local holidays (settings)", () => {
  it("reads the same number of queries with one or many local holidays", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(manager.email);
    const path = `/settings/subsidiaries/${org.subsidiaryId}/edit`;
    await db.sql("insert into holiday (subsidiary_id, date, name) values (?, '2026-06-13', 'Santo António')", [org.subsidiaryId]);
    const before = await countQueries(async () => expect((await client.get(path)).status).toBe(200));
    await db.sql(
      `insert into holiday (subsidiary_id, date, name)
       select ?, d::date, 'Local ' || to_char(d, 'DD/MM') from generate_series(date '2027-01-04', date '2027-01-29', interval '1 day') d`,
      [org.subsidiaryId],
    );
    const after = await countQueries(async () => expect((await client.get(path)).status).toBe(200));
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
  });
});

describe("the employee import preview (issues 33 and 39)", () => {
  it("sends as many statements for a file of 2 rows as for one of 40", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(manager.email);
    const actor = (await loadCurrentUser(db.em(), manager.userId))!;
    const file = (n: number) =>
      new TextEncoder().encode(
        ["Matricule;Prénom;Nom;E-mail professionnel;Agence;Pôle;Équipe", ...Array.from({ length: n }, (_, i) => `${8000 + i};Léa;Essai ${i};qc.import.${i}@cadran.test;3 Print;Pôle ${i % 3};Équipe ${i}`)].join("\n"),
      );
    const small = await startImport(db.em(), actor, { name: "petit.csv", bytes: file(2) });
    const large = await startImport(db.em(), actor, { name: "grand.csv", bytes: file(40) });
    const before = await countQueries(async () => expect((await client.get(`/employees/import/${small}`)).status).toBe(200));
    const after = await countQueries(async () => expect((await client.get(`/employees/import/${large}`)).status).toBe(200));
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
    // Issue 39: rows matching existing sheets (the person and old → new named per row), another page of 400 rows.
    const matched = await db.sql<{ id: number }>("select id from employee order by id limit 5");
    for (const [i, m] of matched.entries()) await db.sql("update employee set matricule = ? where id = ?", [9000 + i, m.id]);
    const updates = await startImport(db.em(), actor, {
      name: "maj.csv",
      bytes: new TextEncoder().encode(
        ["Matricule;Prénom;Nom;E-mail professionnel;Agence", ...Array.from({ length: 400 }, (_, i) => `${9000 + i};Léa;Essai ${i};qc.maj.${i}@cadran.test;3 Print`)].join("\n"),
      ),
    });
    const paged = await countQueries(async () => expect((await client.get(`/employees/import/${updates}?page=2`)).status).toBe(200));
    expect(paged).toBe(before);
  });
});

describe("the computed holidays page (settings, issue 33)", () => {
  it("sends as many statements with one followed calendar and run as with many", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(manager.email);
    const path = `/settings/holidays?calendar=country-${org.countryId}&year=2027`;
    await db.sql("insert into holiday_calendar (country_id, calendar) values (?, 'national')", [org.countryId]);
    const before = await countQueries(async () => expect((await client.get(path)).status).toBe(200));
    const [calendar] = await db.sql<{ id: number }>("select id from holiday_calendar where country_id = ?", [org.countryId]);
    await db.sql("insert into holiday_calendar_run (calendar_id, year, added) select ?, y, 11 from generate_series(2028, 2040) y", [calendar!.id]);
    await db.sql(
      `insert into holiday_calendar (subsidiary_id, calendar)
       select s.id, 'alsace-moselle' from subsidiary s where not exists (select 1 from holiday_calendar h where h.subsidiary_id = s.id)`,
    );
    await db.sql("insert into holiday (country_id, date, name) values (?, '2027-05-01', 'Fête du Travail') on conflict do nothing", [org.countryId]);
    const after = await countQueries(async () => expect((await client.get(path)).status).toBe(200));
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
  });
});

describe("the overtime policy page of a country (settings)", () => {
  it("sends as many statements with one policy row as with twelve", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(manager.email);
    const path = `/settings/countries/${org.countryId}/overtime`;
    await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, effectiveFrom: "2020-01-01" });
    const before = await countQueries(async () => expect((await client.get(path)).status).toBe(200));
    for (let year = 2009; year <= 2019; year++) {
      await saveCountryPolicy(db.em(), org.countryId, { ...FRANCE_POLICY, effectiveFrom: `${year}-01-01` });
    }
    const after = await countQueries(async () => expect((await client.get(path)).status).toBe(200));
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
  });
});

describe("the shell of a signed-in page (issue 12)", () => {
  // Only the root and layout loaders run for this single-fetch request: session, user and menu counters.
  const shellOnly = "/profile.data?_routes=root,routes/_app";

  it.each([
    ["an employee", () => employee],
    ["a team leader (waiting counter)", () => leader],
    ["management (waiting and suggested counters)", () => manager],
  ])("is one query for %s, whatever the rows", async (_name, who) => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(who().email);
    const before = await countQueries(async () => expect((await client.get(shellOnly)).status).toBe(200));
    await addPeople(5, `shell.${Math.random().toString(36).slice(2, 8)}`);
    const after = await countQueries(async () => expect((await client.get(shellOnly)).status).toBe(200));
    expect(before).toBe(1);
    expect(after).toBe(1);
  });

  it("adds no query to a page's own: root, layout and page share the one read", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(leader.email);
    const shell = await countQueries(async () => expect((await client.get(shellOnly)).status).toBe(200));
    const page = await countQueries(async () => expect((await client.get("/leave/waiting")).status).toBe(200));
    const pageOnly = await countQueries(async () =>
      expect((await client.get("/leave/waiting.data?_routes=routes/_app.leave.waiting")).status).toBe(200),
    );
    expect(shell).toBe(1);
    expect(page).toBe(pageOnly);
  });
});

describe("the history tab (issue 32 §3, decision 0107)", () => {
  it("sends as many statements for 2 entries as for a full page of 50 naming people and places", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(manager.email);
    const someone = await createEmployee(db.em(), org, { email: "qc.history@cadran.test" });
    const entry = (i: number): HistoryEntry => ({
      action: i % 2 ? "leave.refuse" : "sheet.update",
      employeeId: someone.employeeId,
      subsidiaryId: org.subsidiaryId,
      actorId: i % 3 ? manager.employeeId : leader.employeeId,
      at: new Date(Date.UTC(2026, 0, 1, 8, i)),
      details: i % 2
        ? { from: "2026-03-02", to: "2026-03-06", reason: "Inventaire", onBehalfOfId: departmentHead.employeeId }
        : { changes: [{ field: "team", old: org.teamId, new: org.otherTeamId }, { field: "subsidiary", old: otherSubsidiaryId, new: org.subsidiaryId }] },
    });
    await db.em().transactional((tx) => recordHistory(tx, [entry(0), entry(1)]));
    const path = `/employees/${someone.employeeId}/history`;
    const before = await countQueries(async () => expect((await client.get(path)).status).toBe(200));
    await db.em().transactional((tx) => recordHistory(tx, Array.from({ length: 80 }, (_, i) => entry(i + 2))));
    const after = await countQueries(async () => expect((await client.get(path)).status).toBe(200));
    const second = await countQueries(async () => expect((await client.get(`${path}?page=2`)).status).toBe(200));
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
    expect(second).toBe(before);
  });
});

describe("the /api reference and its OpenAPI document (issue 33 item 3)", () => {
  // Both are built from the schemas alone, once per process: no statement, whatever the rows, signed in or not.
  it.each(["/api/docs", "/api/docs.json"])("%s sends no statement", async (path) => {
    const before = await countQueries(async () => expect((await fetch(server.baseUrl + path)).status).toBe(200));
    await addPeople(3, `docs.${path.length}`);
    const after = await countQueries(async () => expect((await fetch(server.baseUrl + path)).status).toBe(200));
    expect(before).toBe(0);
    expect(after).toBe(0);
  });
});

describe("the waiting list of a deputy (issue 32 §2, decision 0105)", () => {
  it("reads the same number of statements with few or many leaves awaiting the manager stood in for", async () => {
    const deputy = await createEmployee(db.em(), org, { email: "qc.deputy@cadran.test" });
    await db.sql(
      `insert into deputy (manager_id, deputy_id, starts_on, ends_on)
       values (?, ?, (now() at time zone 'Europe/Paris')::date, (now() at time zone 'Europe/Paris')::date + 3)`,
      [leader.employeeId, deputy.employeeId],
    );
    const client = htmlClient(() => server.baseUrl);
    await client.login(deputy.email);
    const shown = async () => ((await client.get("/leave/waiting")).text.match(/data-leave-id=/g) ?? []).length;
    let rowsBefore = 0;
    const before = await countQueries(async () => (rowsBefore = await shown()));
    await addPeople(15, `deputy.${Math.random().toString(36).slice(2, 8)}`);
    let rowsAfter = 0;
    const after = await countQueries(async () => (rowsAfter = await shown()));
    // The page shows 50 at most: earlier blocks of this file may have filled it already.
    expect(rowsAfter).toBeGreaterThanOrEqual(Math.min(rowsBefore + 1, 50));
    expect(after).toBe(before);
  });
});

describe("the shop-floor terminal (issue 46)", () => {
  async function codedPerson(tag: string, matricule: number) {
    const e = await createEmployee(db.em(), org, { email: `qc.terminal.${tag}@cadran.test` });
    await db.sql("update employee set matricule = ? where id = ?", [matricule, e.employeeId]);
    await setOwnCode(db.em(), (await loadCurrentUser(db.em(), e.userId))!, { code: "1234", confirm: "1234" }, new Date());
  }

  it("Settings lists 1 or 21 terminals with the same statements", async () => {
    const actor = (await loadCurrentUser(db.em(), manager.userId))!;
    const client = htmlClient(() => server.baseUrl);
    await client.login(manager.email);
    await registerTerminal(db.em(), actor, { subsidiaryId: org.subsidiaryId, name: "QC 0", place: "" }, new Date());
    const before = await countQueries(async () => expect((await client.get("/settings/terminals")).status).toBe(200));
    for (let i = 1; i <= 20; i++) await registerTerminal(db.em(), actor, { subsidiaryId: i % 2 ? org.subsidiaryId : otherSubsidiaryId, name: `QC ${i}`, place: "" }, new Date());
    const after = await countQueries(async () => expect((await client.get("/settings/terminals")).status).toBe(200));
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
  });

  it("the keypad, the person's step and a clock action do not grow with the company", async () => {
    const actor = (await loadCurrentUser(db.em(), manager.userId))!;
    const link = await registerTerminal(db.em(), actor, { subsidiaryId: org.subsidiaryId, name: "QC borne", place: "" }, new Date());
    const secret = (await enrolTerminal(db.em(), link.token, new Date()))!.secret;
    const device = htmlClient(() => server.baseUrl);
    const pair = (await deviceCookieHeader(secret)).split(";")[0]!;
    device.jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    const run = async (matricule: number) => {
      const keypad = await countQueries(async () => expect((await device.get("/terminal")).status).toBe(200));
      // A digit button without JavaScript: the device's check only, no person looked up.
      const key = await countQueries(async () =>
        expect((await device.post("/terminal?index", { intent: "code", matricule: String(matricule).slice(0, 3), code: "", target: "matricule", key: "7" })).status).toBe(200),
      );
      let token = "";
      const step = await countQueries(async () => {
        const res = await device.post("/terminal?index", { intent: "code", matricule: String(matricule), code: "1234" });
        expect(res.status).toBe(200);
        token = /name="person" value="([^"]+)"/.exec(res.text)?.[1] ?? "";
      });
      const clock = await countQueries(async () => expect((await device.post("/terminal?index", { intent: "start", person: token })).status).toBe(200));
      return { keypad, key, step, clock };
    };
    await codedPerson("a", 9_100_001);
    const before = await run(9_100_001);
    await addPeople(15, `more.${Math.random().toString(36).slice(2, 8)}`);
    await codedPerson("b", 9_100_002);
    const after = await run(9_100_002);
    expect(before.step).toBeGreaterThan(0);
    expect(before.key).toBeLessThan(before.step);
    expect(after).toEqual(before);
  });

  it("a badge's person step does not grow with the company (decision 0137)", async () => {
    const actor = (await loadCurrentUser(db.em(), manager.userId))!;
    const link = await registerTerminal(db.em(), actor, { subsidiaryId: org.subsidiaryId, name: "QC badge", place: "" }, new Date());
    const device = htmlClient(() => server.baseUrl);
    const pair = (await deviceCookieHeader((await enrolTerminal(db.em(), link.token, new Date()))!.secret)).split(";")[0]!;
    device.jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    const step = async (tag: string, matricule: number) => {
      const e = await createEmployee(db.em(), org, { email: `qc.badge.${tag}@cadran.test` });
      await db.sql("update employee set matricule = ? where id = ?", [matricule, e.employeeId]);
      const { content } = await issueBadge(db.em(), actor, e.employeeId, new Date());
      return countQueries(async () => expect((await device.post("/terminal?index", { intent: "badge", badge: content })).text).toContain("person-step"));
    };
    const before = await step("a", 9_200_001);
    await addPeople(10, `badge.${Math.random().toString(36).slice(2, 8)}`);
    const after = await step("b", 9_200_002);
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
  });

  it("a terminal's last clockings: the same statements for 1 row as for 60 (the page shows 50)", async () => {
    const actor = (await loadCurrentUser(db.em(), manager.userId))!;
    const client = htmlClient(() => server.baseUrl);
    await client.login(manager.email);
    const link = await registerTerminal(db.em(), actor, { subsidiaryId: org.subsidiaryId, name: "QC pointages", place: "" }, new Date());
    const rowsOf = async (n: number, tag: string) => {
      for (let i = 0; i < n; i++) {
        const e = await createEmployee(db.em(), org, { email: `qc.clockings.${tag}.${i}@cadran.test` });
        const day = `2026-11-${String(1 + (i % 28)).padStart(2, "0")}`;
        const [clock] = await db.sql<{ id: number }>(
          `insert into time_clock (employee_id, date, suggested, created_at, updated_at) values (?, ?, false, now(), now()) returning id`,
          [e.employeeId, day],
        );
        await db.sql(`insert into time_log (time_clock_id, time, type, created_at, created_by_id, terminal_id) values (?, ?, 'START', now(), ?, ?)`, [
          clock!.id,
          `${day}T07:00:00Z`,
          e.employeeId,
          link.id,
        ]);
      }
    };
    const page = async () => {
      let shown = 0;
      const n = await countQueries(async () => {
        const res = await client.get(`/settings/terminals/${link.id}`);
        expect(res.status).toBe(200);
        shown = (res.text.match(/data-testid="clocking"/g) ?? []).length;
      });
      return { n, shown };
    };
    await rowsOf(1, "one");
    const one = await page();
    await rowsOf(59, "many");
    const many = await page();
    expect([one.shown, many.shown]).toEqual([1, TERMINAL_CLOCKINGS_LIMIT]);
    expect(one.n).toBeGreaterThan(0);
    expect(many.n).toBe(one.n);
  });
});

describe("a closed payroll month's page, its anomalies in words (decision 0143)", () => {
  it("sends as many statements for one employee with anomalies as for twenty", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(manager.email);
    const boss = (await loadCurrentUser(db.em(), manager.userId))!;
    // The month before last (finished whenever the test runs), closed for two subsidiaries of 1 and 20 people, each
    // with a day without end in it (an anomaly said in words on the page).
    const first = new Date();
    first.setUTCDate(1);
    first.setUTCMonth(first.getUTCMonth() - 2);
    const month = first.toISOString().slice(0, 7);
    const closedWith = async (tag: string, n: number) => {
      const where = await createOrg(db.em(), ` QC ${tag}`);
      for (let i = 0; i < n; i++) {
        const e = await createEmployee(db.em(), where, { email: `qc.${tag}.${i}@cadran.test` });
        await db.sql(`insert into time_clock (employee_id, date, type, anomaly, created_at, updated_at) values (?, ?::date, 'START', true, now(), now())`, [
          e.employeeId,
          `${month}-1${i % 10}`,
        ]);
      }
      await closeMonth(db.em(), boss, where.subsidiaryId, month, new Date());
      return `/report/payroll?subsidiary=${where.subsidiaryId}&month=${month}`;
    };
    const one = await closedWith("clos1", 1);
    const twenty = await closedWith("clos20", 20);
    let page = "";
    const before = await countQueries(async () => expect((await client.get(one)).status).toBe(200));
    const after = await countQueries(async () => {
      const res = await client.get(twenty);
      expect(res.status).toBe(200);
      page = res.text;
    });
    expect(page).toContain('data-testid="payroll-closed-anomalies"');
    expect(page).toContain("Salariés avec des anomalies ou alertes légales sur le mois : 20");
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
  });
});
