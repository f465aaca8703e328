import { beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_PAGE_SIZE } from "~/domain/home/dashboard";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Decision 0054: a manager scope larger than a page (a division, an agency tab) shows one page of
 * DASHBOARD_PAGE_SIZE employees in the planning excerpt, badgings and overtime blocks, says which of how many it
 * shows, and links to the other pages with plain GET links (`?page=`, keeping `?tab=`). Walking the pages lists every
 * active employee of the scope once, in the order of the excerpt; the statements of a page do not depend on the
 * page nor on the size of the scope.
 */
const db = useTestDatabase();
const server = useTestServer();

let org: Org;
let other: Org;
let head: TestEmployee;
let departmentHead: TestEmployee;
let seq = 0;

/** `n` people in one team of a scope, written in one statement (names p001, p002... in reverse order of ids). */
async function addPeople(where: Org, n: number, teamId: number, options: { fired?: boolean } = {}) {
  const tag = `pg${(seq += 1)}`;
  await db.sql(
    `insert into employee (firstname, lastname, email, profile_type, country_id, subsidiary_id, division_id, team_id,
        team_leader, department_head, time_registration, leave_workflow, fired_at, matricule, created_at, updated_at)
     select 'paul', ? || lpad((? - g)::text, 3, '0'), ? || g || '@cadran.test', 'ROLE_EMPLOYEE', ?, ?, t.division_id, t.id,
            false, false, true, 'full', ?::date, 700000000 + ? * 1000 + g, now(), now()
       from generate_series(1, ?) g cross join team t where t.id = ?`,
    [tag, n + 1, tag, where.countryId, where.subsidiaryId, options.fired ? "2020-01-01" : null, seq, n, teamId],
  );
}

/** The employees of a dashboard page, in the order of the planning excerpt (the viewer's own row links to /planning/me). */
function excerptIds(html: string, viewer: TestEmployee): number[] {
  const table = /data-testid="planning-excerpt"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
  return [...table.matchAll(/<th scope="row"><a[^>]*href="\/planning\/(?:employee\/(\d+)|me)"/g)].map((m) =>
    m[1] ? Number(m[1]) : viewer.employeeId,
  );
}

/** The href of the pager's previous or next link, null when there is none. */
function pageLink(html: string, rel: "prev" | "next"): string | null {
  return new RegExp(`<a rel="${rel}"[^>]*href="([^"]*)"`).exec(html)?.[1] ?? null;
}

const decode = (html: string) => html.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'");
const text = (html: string) => decode(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

/** The active employees of a scope in the excerpt's order: division, team, name. */
async function expectedOrder(column: "division_id" | "subsidiary_id", id: number): Promise<number[]> {
  const rows = await db.sql<{ id: number }>(
    `select e.id from employee e left join division d on d.id = e.division_id left join team t on t.id = e.team_id
      where e.${column} = ? and (e.fired_at is null or e.fired_at > current_date)
      order by d.name nulls last, e.division_id, t.name nulls last, e.team_id, e.lastname, e.firstname, e.id`,
    [id],
  );
  return rows.map((r) => r.id);
}

/** Counts the statements the app's pool sends while `fn` runs (as tests/api/query-count.test.ts does). */
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

async function signedIn(who: TestEmployee) {
  const client = htmlClient(() => server.baseUrl);
  await client.login(who.email);
  return async (path: string) => {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    return /<main[\s\S]*?<\/main>/.exec(res.text)?.[0] ?? res.text;
  };
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Pages");
  other = await createOrg(db.em(), " Autre");
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "pages.direction@cadran.test" });
  departmentHead = await createEmployee(db.em(), org, { profileType: "ROLE_DEPARTMENT_HEAD", email: "pages.pole@cadran.test" });
  // The division: 40 in one team, 20 in the other (plus the two accounts above), and a former employee not shown.
  await addPeople(org, 40, org.teamId);
  await addPeople(org, 20, org.otherTeamId);
  await addPeople(org, 1, org.teamId, { fired: true });
  // Another agency tab of 30 people.
  await addPeople(other, 30, other.teamId);
});

describe("a division larger than a page (department head)", () => {
  it("shows one page at a time, says which employees of how many, and the pages list everyone once, in order", async () => {
    const get = await signedIn(departmentHead);
    const expected = await expectedOrder("division_id", org.divisionId);
    expect(expected).toHaveLength(62);
    const pages = Math.ceil(expected.length / DASHBOARD_PAGE_SIZE);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const html = await get(page === 1 ? "/" : `/?page=${page}`);
      const ids = excerptIds(html, departmentHead);
      const from = (page - 1) * DASHBOARD_PAGE_SIZE + 1;
      const to = Math.min(page * DASHBOARD_PAGE_SIZE, expected.length);
      expect(ids, `page ${page}`).toHaveLength(to - from + 1);
      seen.push(...ids);
      // Each of the three blocks says which employees it shows; the full page is one link away.
      const body = text(html);
      expect(body.split(`Employés ${from} à ${to} sur ${expected.length} : les liens de pages ou la page complète montrent les autres.`)).toHaveLength(4);
      expect(body).toContain(`Page ${page} sur ${pages}`);
      expect(html).toContain('href="/planning/division"');
      // The badgings and overtime blocks list the same page of people as the excerpt.
      const badged = [...html.matchAll(/data-testid="badging-(\d+)"/g)].map((m) => Number(m[1]));
      const overtime = [...html.matchAll(/data-testid="overtime-(\d+)"/g)].map((m) => Number(m[1]));
      expect(new Set(badged)).toEqual(new Set(ids));
      expect(new Set(overtime)).toEqual(new Set(ids));
      // GET links to the neighbours only.
      const decoded = decode(html);
      expect(pageLink(decoded, "prev")).toBe(page > 1 ? `/?page=${page - 1}` : null);
      expect(pageLink(decoded, "next")).toBe(page < pages ? `/?page=${page + 1}` : null);
    }
    expect(seen).toEqual(expected);
  });

  it("a page past the end shows the last one; a malformed page the first", async () => {
    const get = await signedIn(departmentHead);
    const last = excerptIds(await get("/?page=3"), departmentHead);
    expect(last).toHaveLength(62 - 2 * DASHBOARD_PAGE_SIZE);
    expect(excerptIds(await get("/?page=99"), departmentHead)).toEqual(last);
    const first = excerptIds(await get("/"), departmentHead);
    for (const page of ["0", "-2", "abc", "1e2", "99999999999"]) {
      expect(excerptIds(await get(`/?page=${page}`), departmentHead), page).toEqual(first);
    }
  });
});

describe("an agency tab larger than a page (management)", () => {
  it("pages another tab with links that keep the tab, without the 'view entire' links", async () => {
    const get = await signedIn(head);
    const expected = await expectedOrder("subsidiary_id", other.subsidiaryId);
    expect(expected).toHaveLength(30);
    const page2 = await get(`/?tab=${other.subsidiaryId}&page=2`);
    expect(excerptIds(page2, head)).toEqual(expected.slice(DASHBOARD_PAGE_SIZE));
    expect(text(page2)).toContain(`Employés ${DASHBOARD_PAGE_SIZE + 1} à 30 sur 30 : les liens de pages montrent les autres.`);
    expect(pageLink(decode(page2), "prev")).toBe(`/?tab=${other.subsidiaryId}&page=1`);
    expect(pageLink(decode(page2), "next")).toBeNull();
    expect(page2).not.toContain('href="/planning/agency"');
    // The tabs themselves lead to a tab's first page.
    expect(decode(page2)).toMatch(new RegExp(`href="/\\?tab=${org.subsidiaryId}"`));
    const page1 = await get(`/?tab=${other.subsidiaryId}`);
    expect(excerptIds(page1, head)).toEqual(expected.slice(0, DASHBOARD_PAGE_SIZE));
    expect(pageLink(decode(page1), "next")).toBe(`/?tab=${other.subsidiaryId}&page=2`);
  });

  it("the own tab pages too, and keeps its 'view entire' links", async () => {
    const get = await signedIn(head);
    const expected = await expectedOrder("subsidiary_id", org.subsidiaryId);
    const html = await get("/?page=2");
    expect(excerptIds(html, head)).toEqual(expected.slice(DASHBOARD_PAGE_SIZE, 2 * DASHBOARD_PAGE_SIZE));
    expect(html).toContain('href="/planning/agency"');
  });
});

describe("the statements of a paged dashboard (DESIGN §6)", () => {
  it.each([
    ["division", () => departmentHead, () => ["/", "/?page=2", "/?page=3", "/?page=99"]],
    ["agency", () => head, () => ["/", "/?page=3", `/?tab=${other.subsidiaryId}`, `/?tab=${other.subsidiaryId}&page=2`]],
  ] as const)("%s: as many whatever the page and the size of the scope", async (_name, who, pathsOf) => {
    const get = await signedIn(who());
    const paths = pathsOf();
    const counts: number[] = [];
    for (const path of paths) counts.push(await countQueries(() => get(path)));
    await addPeople(org, 45, org.otherTeamId);
    await addPeople(other, 45, other.otherTeamId);
    for (const path of paths) counts.push(await countQueries(() => get(path)));
    expect(counts[0]).toBeGreaterThan(0);
    expect(new Set(counts)).toEqual(new Set([counts[0]]));
  });
});
