import { beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_PAGE_SIZE } from "~/domain/overtime/screens";
import { PLANNING_PAGE_SIZE } from "~/domain/planning/rules";
import { addDays } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Decision 0056: the agency, division and team planning show PLANNING_PAGE_SIZE employees a page, the team, division
 * and subsidiary overtime calendars CALENDAR_PAGE_SIZE. Each page says which employees of how many it shows and links
 * to its neighbours with GET links keeping the filters; walking the pages lists every employee of the scope once, in
 * the table's order, and nobody of another scope; a page past the end shows the last one; the statements of a page
 * do not depend on the page.
 */
const db = useTestDatabase();
const server = useTestServer();

let org: Org;
let other: Org;
let head: TestEmployee;
let departmentHead: TestEmployee;
let seq = 0;
const today = localDate(new Date(), "Europe/Paris");
const FROM = today;
const TO = addDays(today, 27);

/** `n` people in one team (names in reverse order of ids), one statement. */
async function addPeople(where: Org, n: number, teamId: number, options: { fired?: boolean; clocks?: boolean } = {}) {
  const tag = `cp${(seq += 1)}`;
  await db.sql(
    `insert into employee (firstname, lastname, email, profile_type, country_id, subsidiary_id, division_id, team_id,
        team_leader, department_head, time_registration, leave_workflow, fired_at, matricule, created_at, updated_at)
     select 'paul', ? || lpad((? - g)::text, 3, '0'), ? || g || '@cadran.test', 'ROLE_EMPLOYEE', ?, ?, t.division_id, t.id,
            false, false, ?, 'full', ?::date, 710000000 + ? * 1000 + g, now(), now()
       from generate_series(1, ?) g cross join team t where t.id = ?`,
    [tag, n + 1, tag, where.countryId, where.subsidiaryId, options.clocks ?? true, options.fired ? "2020-01-01" : null, seq, n, teamId],
  );
}

const decode = (html: string) => html.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'");
const text = (html: string) => decode(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

/** The pager's previous or next link, null when there is none. */
function pageLink(html: string, rel: "prev" | "next"): string | null {
  return new RegExp(`<a rel="${rel}"[^>]*href="([^"]*)"`).exec(decode(html))?.[1] ?? null;
}

/** The employees of the rows of a table, in order (the viewer's own row links to their own page). */
function rowIds(html: string, kind: "planning" | "overtime", viewer: TestEmployee): number[] {
  return [...html.matchAll(new RegExp(`<th scope="row"><a[^>]*href="/${kind}/(?:employee/(\\d+)|me)"`, "g"))].map((m) =>
    m[1] ? Number(m[1]) : viewer.employeeId,
  );
}

/** The planning's order: division, team, name; employees active at some point of the period. */
async function planningOrder(column: "subsidiary_id" | "division_id", id: number): Promise<number[]> {
  const rows = await db.sql<{ id: number }>(
    `select e.id from employee e left join division d on d.id = e.division_id left join team t on t.id = e.team_id
      where e.${column} = ? and (e.fired_at is null or e.fired_at >= ?) and (e.hired_at is null or e.hired_at <= ?)
      order by d.name nulls last, e.division_id nulls last, t.name nulls last, e.team_id nulls last, lower(e.lastname), lower(e.firstname), e.id`,
    [id, FROM, TO],
  );
  return rows.map((r) => r.id);
}

/** The calendars' order: people who clock, by name. */
async function calendarOrder(column: "subsidiary_id" | "division_id", id: number, from: string, to: string): Promise<number[]> {
  const rows = await db.sql<{ id: number }>(
    `select e.id from employee e
      where e.${column} = ? and e.time_registration and (e.fired_at is null or e.fired_at >= ?) and (e.hired_at is null or e.hired_at <= ?)
      order by lower(e.lastname), lower(e.firstname), e.id`,
    [id, from, to],
  );
  return rows.map((r) => r.id);
}

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

async function signedIn(who: TestEmployee) {
  const client = htmlClient(() => server.baseUrl);
  await client.login(who.email);
  return async (path: string) => {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    return /<main[\s\S]*?<\/main>/.exec(res.text)?.[0] ?? res.text;
  };
}

/** Walks the pages from `first` by the next links; checks each page's words and links; returns the ids seen. */
async function walk(
  get: (path: string) => Promise<string>,
  first: string,
  kind: "planning" | "overtime",
  viewer: TestEmployee,
  size: number,
  total: number,
  keep: RegExp,
): Promise<number[]> {
  const pages = Math.ceil(total / size);
  const seen: number[] = [];
  let path: string | null = first;
  for (let page = 1; page <= pages; page++) {
    const html = await get(path!);
    const ids = rowIds(html, kind, viewer);
    const from = (page - 1) * size + 1;
    const to = Math.min(page * size, total);
    expect(ids, `page ${page}`).toHaveLength(to - from + 1);
    seen.push(...ids);
    expect(text(html)).toContain(`Employés ${from} à ${to} sur ${total} : les liens de pages montrent les autres.`);
    expect(text(html)).toContain(`Page ${page} sur ${pages}`);
    const prev = pageLink(html, "prev");
    const next = pageLink(html, "next");
    expect(prev === null, `page ${page} prev`).toBe(page === 1);
    expect(next === null, `page ${page} next`).toBe(page === pages);
    for (const link of [prev, next]) if (link) expect(link).toMatch(keep);
    if (next) expect(next).toContain(`page=${page + 1}`);
    path = next;
  }
  return seen;
}

beforeAll(async () => {
  org = await createOrg(db.em(), " Calendriers");
  other = await createOrg(db.em(), " Ailleurs");
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "cp.direction@cadran.test", teamId: null, divisionId: null });
  departmentHead = await createEmployee(db.em(), org, { profileType: "ROLE_DEPARTMENT_HEAD", email: "cp.pole@cadran.test", teamId: null });
  await addPeople(org, 70, org.teamId);
  await addPeople(org, 12, org.otherTeamId);
  await addPeople(org, 4, org.otherTeamId, { clocks: false });
  await addPeople(org, 3, org.teamId, { fired: true });
  await addPeople(other, 30, other.teamId);
});

describe("the agency and division planning by pages", () => {
  it("lists every employee of the agency once, in the table's order, page by page, with the filters kept", async () => {
    const get = await signedIn(head);
    const expected = await planningOrder("subsidiary_id", org.subsidiaryId);
    expect(expected.length).toBeGreaterThan(2 * PLANNING_PAGE_SIZE - 20);
    const keep = new RegExp(`^/planning/agency\\?from=${FROM}&to=${TO}&subsidiary=${org.subsidiaryId}&page=\\d+$`);
    const seen = await walk(get, `/planning/agency?from=${FROM}&to=${TO}`, "planning", head, PLANNING_PAGE_SIZE, expected.length, keep);
    expect(seen).toEqual(expected);
    const others = await db.sql<{ id: number }>(`select id from employee where subsidiary_id = ?`, [other.subsidiaryId]);
    for (const o of others) expect(seen).not.toContain(o.id);
  });

  it("keeps a division filter in the links, shows a page past the end as the last one, a malformed page as the first", async () => {
    const get = await signedIn(head);
    const base = `/planning/agency?from=${FROM}&to=${TO}&division=${org.divisionId}`;
    const expected = await planningOrder("division_id", org.divisionId);
    const pages = Math.ceil(expected.length / PLANNING_PAGE_SIZE);
    const last = await get(`${base}&page=${pages}`);
    expect(rowIds(last, "planning", head)).toEqual(expected.slice((pages - 1) * PLANNING_PAGE_SIZE));
    expect(pageLink(last, "prev")).toContain(`division=${org.divisionId}`);
    expect(rowIds(await get(`${base}&page=999`), "planning", head)).toEqual(rowIds(last, "planning", head));
    const first = rowIds(await get(base), "planning", head);
    expect(first).toEqual(expected.slice(0, PLANNING_PAGE_SIZE));
    for (const page of ["0", "-1", "abc", "99999999999"]) expect(rowIds(await get(`${base}&page=${page}`), "planning", head), page).toEqual(first);
  });

  it("says 'Employés 1 à N sur N' without pager when everything fits, and sends as many statements on every page", async () => {
    const get = await signedIn(head);
    const team = await get(`/planning/agency?from=${FROM}&to=${TO}&team=${org.otherTeamId}`);
    expect(text(team)).toContain(`Employés 1 à 16 sur 16`);
    expect(pageLink(team, "next")).toBeNull();
    const division = await signedIn(departmentHead);
    const one = await countQueries(() => division(`/planning/division?from=${FROM}&to=${TO}`));
    const two = await countQueries(() => division(`/planning/division?from=${FROM}&to=${TO}&page=2`));
    const agency1 = await countQueries(() => get(`/planning/agency?from=${FROM}&to=${TO}`));
    const agency2 = await countQueries(() => get(`/planning/agency?from=${FROM}&to=${TO}&page=2`));
    expect(two).toBe(one);
    expect(agency2).toBe(agency1);
  });
});

describe("the overtime calendars by pages", () => {
  const from = addDays(today, -60);
  const to = today;

  it("lists every person who clocks in the subsidiary once, by name, page by page, with the filters kept", async () => {
    const get = await signedIn(head);
    const expected = await calendarOrder("subsidiary_id", org.subsidiaryId, from, to);
    expect(expected.length).toBeGreaterThan(3 * CALENDAR_PAGE_SIZE);
    const keep = new RegExp(`^/overtime/subsidiary\\?from=${from}&to=${to}&subsidiary=${org.subsidiaryId}&page=\\d+$`);
    const seen = await walk(get, `/overtime/subsidiary?from=${from}&to=${to}`, "overtime", head, CALENDAR_PAGE_SIZE, expected.length, keep);
    expect(seen).toEqual(expected);
    const others = await db.sql<{ id: number }>(`select id from employee where subsidiary_id = ? or not time_registration`, [other.subsidiaryId]);
    for (const o of others) expect(seen).not.toContain(o.id);
  });

  it("the division view: a page past the end is the last one, the team filter kept, as many statements on every page", async () => {
    const get = await signedIn(departmentHead);
    const expected = await calendarOrder("division_id", org.divisionId, from, to);
    const pages = Math.ceil(expected.length / CALENDAR_PAGE_SIZE);
    const last = await get(`/overtime/division?from=${from}&to=${to}&page=${pages}`);
    expect(rowIds(last, "overtime", departmentHead)).toEqual(expected.slice((pages - 1) * CALENDAR_PAGE_SIZE));
    expect(rowIds(await get(`/overtime/division?from=${from}&to=${to}&page=999`), "overtime", departmentHead)).toEqual(
      rowIds(last, "overtime", departmentHead),
    );
    const team = await get(`/overtime/division?from=${from}&to=${to}&team=${org.teamId}&page=2`);
    expect(pageLink(team, "prev")).toBe(`/overtime/division?from=${from}&to=${to}&team=${org.teamId}&page=1`);
    const one = await countQueries(() => get(`/overtime/division?from=${from}&to=${to}`));
    const two = await countQueries(() => get(`/overtime/division?from=${from}&to=${to}&page=2`));
    expect(two).toBe(one);
  });
});
