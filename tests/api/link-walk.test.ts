import { beforeAll, describe, expect, it } from "vitest";
import { localDate } from "~/domain/shared/zoned-day";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, type TestEmployee } from "~tests/support/factories";
import { createLeave, createLeaveCast } from "~tests/support/factories-leave";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Issue 41: every link on a page opens for the person who sees it. Signed in as each role, and as deputies of each
 * kind of manager (a plain employee standing in for a team leader: the case that logged her out), the walk follows
 * every same-site link of every page it reaches, from the home page, and fails on a link whose page would log the
 * person out (the guard's redirect to /login, spec 1 §6) or break (5xx). Pages of one shape (numbers for ids, the
 * same query keys) are opened twice at most, so the walk stays bounded as lists grow.
 */
const db = useTestDatabase();
const server = useTestServer();

const day = (offset: number) => localDate(new Date(Date.now() + offset * 86_400_000), "Europe/Paris");
const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');

/** The shape of a link: ids as ":n", the query's keys sorted (values aside). */
function shape(href: string): string {
  const url = new URL(href, "http://x");
  const keys = [...new Set(url.searchParams.keys())].sort().join("&");
  return `${url.pathname.replace(/\/\d+(?=\/|$)/g, "/:n")}?${keys}`;
}

/** The same-site links of a page: `href="/…"`, neither the logout nor a fragment of the same page. */
function linksOf(html: string): string[] {
  const out = new Set<string>();
  for (const [, raw] of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
    const href = decode(raw!).split("#")[0]!;
    if (!href.startsWith("/") || href.startsWith("//") || href === "/logout" || href.startsWith("/logout?")) continue;
    out.add(href);
  }
  return [...out];
}

interface Broken {
  href: string;
  from: string;
  answer: string;
}

/** Walks the site as one signed-in person; returns the links that logged them out or failed, and the pages opened. */
async function walk(email: string, start = "/", maxPages = 150): Promise<{ broken: Broken[]; opened: number }> {
  const client = htmlClient(() => server.baseUrl);
  await client.login(email);
  const seen = new Map<string, number>();
  const visited = new Set<string>();
  const queue: { href: string; from: string }[] = [{ href: start, from: "(start)" }];
  const broken: Broken[] = [];
  let opened = 0;
  while (queue.length > 0 && opened < maxPages) {
    const { href, from } = queue.shift()!;
    if (visited.has(href)) continue;
    const s = shape(href);
    if ((seen.get(s) ?? 0) >= 2) continue;
    seen.set(s, (seen.get(s) ?? 0) + 1);
    visited.add(href);
    opened += 1;
    const res = await client.get(href);
    const location = res.location ?? "";
    if (res.status >= 300 && res.status < 400 && /^\/login(?:[?#]|$)/.test(location)) {
      broken.push({ href, from, answer: `${res.status} → ${location}` });
      await client.login(email); // logged out: sign in again and walk on
      continue;
    }
    if (res.status >= 500) {
      broken.push({ href, from, answer: String(res.status) });
      continue;
    }
    if (res.status >= 300 && res.status < 400 && location.startsWith("/")) {
      queue.push({ href: location, from: href });
      continue;
    }
    if (!(res.headers.get("content-type") ?? "").includes("text/html")) continue;
    for (const next of linksOf(res.text)) if (!visited.has(next)) queue.push({ href: next, from: href });
  }
  return { broken, opened };
}

type Cast = Awaited<ReturnType<typeof createLeaveCast>>;
let cast: Cast;
const people: [string, TestEmployee][] = [];

beforeAll(async () => {
  cast = await createLeaveCast(db.em(), " Liens");
  const mk = (key: string, profileType: string, over: Record<string, unknown> = {}) =>
    createEmployee(db.em(), cast.org, { email: `${key}.liens@cadran.test`, profileType, ...over });
  const commercial = await mk("commercial", "ROLE_COMMERCIAL", { teamId: null });
  const user = await mk("utilisateur", "ROLE_USER");
  const hostDeputy = await mk("accueil.suppleant", "ROLE_HOST_EMPLOYEE", { teamId: null });
  const commercialDeputy = await mk("commercial.suppleant", "ROLE_COMMERCIAL", { teamId: null });
  const userDeputy = await mk("utilisateur.suppleant", "ROLE_USER");
  // Requests at every step: the team leader's (pending), the department head's (prevalidated), management's.
  await createLeave(db.em(), cast.employee.employeeId, { start: day(20), end: day(22), numberDaysWork: 3 });
  await createLeave(db.em(), cast.employee.employeeId, { start: day(30), end: day(30), state: "prevalidate" });
  await createLeave(db.em(), cast.employee.employeeId, { start: day(40), end: day(41), state: "validate", numberDaysWork: 2 });
  const stand = (manager: TestEmployee, deputy: TestEmployee) =>
    db.sql(`insert into deputy (manager_id, deputy_id, starts_on, ends_on) values (?, ?, ?, ?)`, [manager.employeeId, deputy.employeeId, day(-1), day(5)]);
  await stand(cast.teamLeader, cast.colleague); // a plain employee for her team leader (issue 41's broken link)
  await stand(cast.departmentHead, cast.otherTeamLeader); // a team leader of another team for the department head
  await stand(cast.head, hostDeputy); // the host for the head of management
  await stand(cast.otherDepartmentHead, commercialDeputy); // a commercial for a department head
  await stand(cast.financial, userDeputy); // a user profile for financial management
  people.push(
    ["head of management", cast.head],
    ["financial management", cast.financial],
    ["department head", cast.departmentHead],
    ["team leader", cast.teamLeader],
    ["employee", cast.employee],
    ["host", cast.host],
    ["commercial", commercial],
    ["user profile", user],
    ["deputy: an employee for a team leader", cast.colleague],
    ["deputy: a team leader for a department head", cast.otherTeamLeader],
    ["deputy: the host for the head of management", hostDeputy],
    ["deputy: a commercial for a department head", commercialDeputy],
    ["deputy: a user profile for financial management", userDeputy],
  );
}, 120_000);

describe("every link of every page opens for whoever sees it (issue 41)", () => {
  it("the walk catches a link that would log its reader out (a plain employee sent to the team planning)", async () => {
    const { broken } = await walk(cast.employee.email, "/planning/team", 1);
    expect(broken).toEqual([{ href: "/planning/team", from: "(start)", answer: expect.stringMatching(/^302 → \/login/) }]);
  });

  it(
    "no role and no deputy meets a link that logs them out or fails",
    async () => {
      const report: string[] = [];
      for (const [name, who] of people) {
        const { broken, opened } = await walk(who.email);
        // Each person reaches more than the home page (the walk really ran), the deputies their waiting list.
        expect(opened, name).toBeGreaterThan(5);
        for (const b of broken) report.push(`${name}: ${b.href} (linked from ${b.from}) answered ${b.answer}`);
      }
      expect(report).toEqual([]);
    },
    600_000,
  );

  it("a deputy's walk reaches her waiting list, where the cards are", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(cast.colleague.email);
    const home = await client.get("/");
    expect(linksOf(home.text)).toContain("/leave/waiting");
    const waiting = await client.get("/leave/waiting");
    expect(waiting.status).toBe(200);
    expect(waiting.text).toMatch(/data-leave-id="\d+"/);
  });
});
