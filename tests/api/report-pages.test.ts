import { beforeAll, describe, expect, it } from "vitest";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { loadReportPage, type ReportPager, type ReportPageView } from "~/services/reports/pages.server";
import {
  costReport,
  EMPTY_QUERY,
  leaveReport,
  overtimeReport,
  recoveryReport,
  type CostReport,
  type LeaveReport,
  type OvertimeReport,
  type RecoveryReport,
  type ReportKind,
  type ReportQuery,
} from "~/services/reports/reports.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Paged report pages (decision 0055): each page shows 50 rows, the pages together are the full report (the /api
 * call's and the Excel file's), and the totals a page shows are those of the whole filter, added up by
 * PostgreSQL from the report columns of the stored weeks, equal to the sum of every page's rows. Pages are GET
 * links (no JavaScript) and a page sends as many statements as any other.
 */
const db = useTestDatabase();
const server = useTestServer();

const FROM = "2026-01-05";
const TO = "2026-03-29";
const WEEKS = 12;
const PEOPLE = 61;
const PERIOD = `from=${FROM}&to=${TO}`;

let org: Org;
let finance: TestEmployee;
let actor: CurrentUser;
let query: ReportQuery;

/** The bands of a stored week in the engine's shape: one line per entry, a rate summary per rate. */
function bands(lines: { rate: number; seconds: number; paid: number }[]) {
  const rates = new Map<number, { rate: number; seconds: number; increasedSeconds: number }>();
  for (const l of lines) {
    const r = rates.get(l.rate) ?? { rate: l.rate, seconds: 0, increasedSeconds: 0 };
    r.seconds += l.seconds;
    r.increasedSeconds += Math.round(l.seconds * (1 + l.rate / 100));
    rates.set(l.rate, r);
  }
  return {
    lines: lines.map((l, i) => ({ kind: "overtime", rate: l.rate, seconds: l.seconds, fromRank: i + 1, paidSeconds: l.paid, recoverySeconds: l.seconds - l.paid })),
    rates: [...rates.values()],
  };
}

/** Weeks with no band, one rate, two, a rate outside the spec's four, four rates (three paid), a rate on two lines. */
function weekBands(i: number, k: number) {
  const p = ((i * 131 + k * 17) % 9000) + 1;
  switch ((i + k) % 6) {
    case 0:
      return bands([]);
    case 1:
      return bands([{ rate: 25, seconds: p + 600, paid: p }]);
    case 2:
      return bands([
        { rate: 25, seconds: 28800, paid: p },
        { rate: 50, seconds: 3600 + (p % 1000), paid: 1800 + (p % 700) },
      ]);
    case 3:
      return bands([{ rate: 37.5, seconds: p, paid: p }]);
    case 4:
      return bands([
        { rate: 10, seconds: 3600, paid: 3600 },
        { rate: 25, seconds: 28800, paid: p },
        { rate: 50, seconds: 7200, paid: 7200 - (p % 500) },
        { rate: 100, seconds: 1800, paid: 0 },
      ]);
    default:
      return bands([
        { rate: 25, seconds: 7200, paid: 3600 },
        { rate: 25, seconds: p, paid: p },
      ]);
  }
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Pages");
  finance = await createEmployee(db.em(), org, { profileType: "ROLE_FINANCIAL_MANAGEMENT", email: "rpg.fin@cadran.test" });
  actor = (await loadCurrentUser(db.em(), finance.userId))!;
  query = { ...EMPTY_QUERY, subsidiaryId: org.subsidiaryId, from: FROM, to: TO };
  // 61 people (every seventh without an hourly cost, some without any week), plus one hired after the period.
  const people = await db.sql<{ id: number }>(
    `insert into employee (firstname, lastname, email, profile_type, country_id, subsidiary_id, division_id, team_id, hourly_cost,
                           recovery_earned, recovery_taken, hired_at, created_at, updated_at)
     select 'p' || i, 'PG-' || lpad(i::text, 3, '0'), 'rpg.' || i || '@cadran.test', 'ROLE_EMPLOYEE', ?, ?, ?, ?,
            case when i % 7 = 0 then null else round((12.35 + i * 0.37)::numeric, 2) end,
            i * 3600, case when i % 4 = 0 then i * 7200 else i * 1800 end,
            case when i = ${PEOPLE + 1} then date '2026-06-01' end, now(), now()
       from generate_series(1, ${PEOPLE + 1}) i order by i returning id`,
    [org.countryId, org.subsidiaryId, org.divisionId, org.teamId],
  );
  const rows: Record<string, unknown>[] = [];
  people.forEach(({ id }, i) => {
    if (i % 10 === 9) return; // no stored week at all
    for (let k = 0; k < WEEKS; k++) {
      if ((i + k) % 5 === 0) continue; // a week not computed yet
      const monday = new Date(Date.UTC(2026, 0, 5 + 7 * k)).toISOString().slice(0, 10);
      const extra = [0, 45, -30, 3600, 7325, -5400][(i * 7 + k) % 6]!;
      rows.push({
        employee_id: id,
        iso_week: 2 + k,
        monday,
        normal_seconds: 126000 - (i % 3) * 3600 + (i % 2) * 17,
        extra_seconds: Math.max(extra, 0),
        undertime_seconds: Math.max(-extra, 0),
        bands: weekBands(i, k),
      });
    }
  });
  await db.sql(
    `insert into overtime_week (employee_id, iso_year, iso_week, monday, normal_seconds, extra_seconds, undertime_seconds, bands, explanation, dirty, computed_at)
     select r.employee_id, 2026, r.iso_week, r.monday, r.normal_seconds, r.extra_seconds, r.undertime_seconds, r.bands, '{}', false, now()
       from json_to_recordset(?::json) as r(employee_id int, iso_week int, monday date, normal_seconds int, extra_seconds int, undertime_seconds int, bands jsonb)`,
    [JSON.stringify(rows)],
  );
  // The days behind the weeks (the overtime report reads the time account, decision 0071): the week's difference
  // on its Monday.
  await db.sql(
    `insert into overtime (employee_id, date, worked_seconds, expected_seconds, overtime_seconds)
     select r.employee_id, r.monday, 25200 + r.extra_seconds - r.undertime_seconds, 25200, r.extra_seconds - r.undertime_seconds
       from json_to_recordset(?::json) as r(employee_id int, monday date, extra_seconds int, undertime_seconds int)`,
    [JSON.stringify(rows)],
  );
  // 70 accepted leaves (recovery leaves among them: taken hours of the recovery report, not rows of the leave report).
  await db.sql(
    `insert into leave (employee_id, reason, start, "end", state, number_days_work, nb_hour_absence, created_at, updated_at)
     select p.id, case when g % 9 = 0 then 'RECOVERY_LEAVE' when g % 2 = 0 then 'PAID_LEAVE' else 'SICK_LEAVE' end,
            date '2026-01-05' + (g % 60), date '2026-01-05' + (g % 60) + (g % 3), 'accepted', 1 + g % 3, case when g % 9 = 0 then 3.5 end, now(), now()
       from generate_series(1, 80) g join lateral (select id from employee where email = 'rpg.' || (1 + g % ${PEOPLE}) || '@cadran.test') p on true`,
  );
});

async function allPages(kind: ReportKind): Promise<ReportPageView[]> {
  const first = await loadReportPage(db.em(), actor, kind, query, 1);
  const pages = [first];
  for (let n = 2; n <= first.pager.pages; n++) pages.push(await loadReportPage(db.em(), actor, kind, query, n));
  return pages;
}

describe("the pages of a report are the full report, 50 rows at a time", () => {
  it("hourly cost: same rows in the same order; every page's total is the sum over all pages", async () => {
    const full = await costReport(db.em(), actor, query);
    const pages = (await allPages("cost")) as (CostReport & { pager: ReportPager })[];
    expect(full.rowCount).toBeGreaterThan(2 * 50);
    expect(pages.length).toBe(Math.ceil(full.rowCount / 50));
    // The spec's four rates plus the 10 % and 37.5 % used somewhere, whatever page shows them.
    expect(full.rates).toEqual([10, 25, 33, 37.5, 50, 100]);
    const flat = (employees: typeof full.employees) =>
      employees.flatMap((e) => e.weeks.map((w) => ({ e: e.employeeId, ...w, average: e.averageCents, difference: e.differenceCents, hourly: e.hourlyCents })));
    const pageRows = pages.flatMap((p) => {
      expect(p.rates).toEqual(full.rates);
      expect(p.pager.rowCount).toBe(full.rowCount);
      expect(flat(p.employees).length).toBeLessThanOrEqual(50);
      return flat(p.employees);
    });
    expect(pageRows).toEqual(flat(full.employees));
    const sumOfPages = pageRows.reduce((s, w) => s + (w.cost?.totalCents ?? 0), 0);
    expect(sumOfPages).toBeGreaterThan(0);
    for (const p of pages) {
      expect(p.totalCents).toBe(sumOfPages);
      expect(p.totalByWeek).toEqual(full.totalByWeek);
    }
    expect(full.totalCents).toBe(sumOfPages);
  });

  it("recovery: same rows, rate columns and balances on every page", async () => {
    const full = await recoveryReport(db.em(), actor, query);
    const pages = (await allPages("recup")) as (RecoveryReport & { pager: ReportPager })[];
    const flat = (employees: typeof full.employees) =>
      employees.flatMap((e) => e.weeks.map((w) => ({ e: e.employeeId, balance: e.balance, hourly: e.hourlyCents, ...w })));
    expect(pages.flatMap((p) => flat(p.employees))).toEqual(flat(full.employees));
    for (const p of pages) expect([p.rates, p.pager.rowCount]).toEqual([full.rates, full.rowCount]);
    expect(flat(full.employees).some((w) => w.takenSeconds > 0)).toBe(true);
  });

  it("overtime: 50 employees a page; the totals per week are every employee's, the sum of the pages' cells", async () => {
    const full = await overtimeReport(db.em(), actor, query);
    const pages = (await allPages("overtime")) as (OvertimeReport & { pager: ReportPager })[];
    expect(pages.length).toBe(2);
    expect(pages[0]!.employees.length).toBe(50);
    expect(pages.flatMap((p) => p.employees)).toEqual(full.employees);
    const sums = full.weeks.map((_, i) => pages.flatMap((p) => p.employees).reduce((s, e) => s + (e.cells[i] ?? 0), 0));
    expect(sums.some((s) => s !== 0)).toBe(true);
    for (const p of pages) {
      expect(p.totalByWeek).toEqual(sums);
      expect(p.totalSeconds).toBe(full.totalSeconds);
    }
  });

  it("leave: the leaves of the pages are the report's leaves", async () => {
    const full = await leaveReport(db.em(), actor, query);
    const pages = (await allPages("leave")) as (LeaveReport & { pager: ReportPager })[];
    expect(full.rowCount).toBeGreaterThan(50);
    const flat = (employees: typeof full.employees) => employees.flatMap((e) => e.leaves.map((l) => ({ e: e.employeeId, ...l })));
    expect(pages.flatMap((p) => flat(p.employees))).toEqual(flat(full.employees));
    expect(pages.every((p) => p.pager.rowCount === full.rowCount)).toBe(true);
  });

  it("a page past the last shows the last one", async () => {
    const last = await loadReportPage(db.em(), actor, "cost", query, 9999);
    expect(last.pager.page).toBe(last.pager.pages);
  });
});

/** Counts the statements the app's connection pool sends while `fn` runs (as tests/api/query-count.test.ts). */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const knex = db.orm.em.getConnection().getKnex();
  let count = 0;
  const onQuery = () => (count += 1);
  knex.on("query", onQuery);
  try {
    await fn();
  } finally {
    knex.removeListener("query", onQuery);
  }
  return count;
}

describe("the pages on screen, without JavaScript", () => {
  it.each(["cost", "recup", "overtime", "leave"] as const)("%s: GET links from page to page, the export without the page", async (kind) => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(finance.email);
    const first = await client.get(`/report/${kind}?subsidiary=${org.subsidiaryId}&${PERIOD}`);
    expect(first.status).toBe(200);
    const pages = Number(/Page 1 sur (\d+)/.exec(first.text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    const next = /<a [^>]*href="([^"]+)"[^>]*rel="next"|<a [^>]*rel="next"[^>]*href="([^"]+)"/.exec(first.text);
    const href = (next?.[1] ?? next?.[2])!.replaceAll("&amp;", "&");
    expect(href).toContain(`/report/${kind}?`);
    expect(href).toContain("page=2");
    const second = await client.get(href);
    expect(second.text).toContain(`Page 2 sur ${pages}`);
    expect(second.text).toMatch(/rel="prev"/);
    const exportHref = /href="(\/export\/[^"]+)"/.exec(second.text)![1]!.replaceAll("&amp;", "&");
    expect(exportHref).not.toContain("page=");
    // The same statements for the first and the last page.
    const one = await countQueries(async () => expect((await client.get(`/report/${kind}?subsidiary=${org.subsidiaryId}&${PERIOD}`)).status).toBe(200));
    const last = await countQueries(async () =>
      expect((await client.get(`/report/${kind}?subsidiary=${org.subsidiaryId}&${PERIOD}&page=${pages}`)).status).toBe(200),
    );
    expect(one).toBeGreaterThan(0);
    expect(last).toBe(one);
  });

  it("the payroll page: 50 lines a page, GET links, the files with every line", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(finance.email);
    const first = await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-02`);
    expect(first.status).toBe(200);
    expect(first.text).toContain("Page 1 sur 2");
    const second = await client.get(`/report/payroll?subsidiary=${org.subsidiaryId}&month=2026-02&page=2`);
    expect(second.text).toContain("Page 2 sur 2");
    const lines = (text: string) => (text.match(/<tr>/g) ?? []).length - 1;
    expect(lines(first.text)).toBe(50);
    expect(lines(first.text) + lines(second.text)).toBe(PEOPLE + 1);
    const csv = await client.get(`/export/payroll?subsidiary=${org.subsidiaryId}&month=2026-02&format=csv`);
    expect(csv.text.trim().split("\r\n").length).toBe(1 + PEOPLE + 1);
  });
});
