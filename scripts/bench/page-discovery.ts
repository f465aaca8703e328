import "../lib/job-runner"; // hands the job registry to the queue (issue 45)
import { isDownload } from "./downloads";

/**
 * Which pages the large bench's mixed traffic sends (split from pages.ts): every page rule of the rights table that
 * the demo accounts can open, with its query and its DESIGN §6 budget; the downloads are left to downloads.ts.
 */

/**
 * Query strings the large bench adds to a page's path (DESIGN §6: the agency planning over 3 months, the overtime
 * calendars and the reports over 6 months). A screen whose default view is not the one its budget speaks of adds
 * its line here; every other screen of app/domain/identity/access.ts joins the bench by itself once it answers 200.
 */
export function benchPageQuery(rulePath: string, today = new Date()): string {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const back = (months: number) => {
    const d = new Date(today);
    d.setMonth(d.getMonth() - months);
    d.setDate(d.getDate() + 1); // a day inside the span, whatever the month lengths
    return iso(d);
  };
  const six = `?from=${back(6)}&to=${iso(today)}`;
  // Reports and the overtime calendars over 6 months (the reports have no default period: without one, the page is
  // only its filter form). The agency planning's default is already a week back to three months ahead.
  if (rulePath.startsWith("/report/") && rulePath !== "/report/payroll") return six;
  if (rulePath === "/overtime/team" || rulePath === "/overtime/division" || rulePath === "/overtime/subsidiary") return six;
  return "";
}

/** DESIGN §6 budgets (p95, ms) by path: dashboards 100, calendars and planning tables 150, 6-month reports 300. */
export function pageBudget(path: string): number {
  if (path === "/") return 100;
  if (path.startsWith("/report")) return 300;
  // Planning, overtime calendars, badging tables, waiting leaves, the directory: tables (decision 0048).
  return 150;
}

export interface BenchPage {
  name: string;
  path: string;
  /** Accounts (demo e-mails) requesting it in turn: the roles allowed that get a 200. */
  accounts: string[];
  budget: number;
}

/**
 * The pages to measure: each page rule of the rights table with a concrete path (":id" is the demo employee, or a
 * leave of theirs; "/*" its index), requested by every one of the seven demo accounts the rule allows; the home
 * page once per role (each dashboard variant). A page that answers 404 for all of them is not built yet: skipped.
 */
export async function discoverBenchPages(opts: {
  base: string;
  cookies: Map<string, string>;
  employeeId: number;
  leaveId: number | null;
}): Promise<BenchPage[]> {
  const { PAGE_RULES } = await import("~/domain/identity/access");
  const { DEMO_ACCOUNTS } = await import("../../db/seeds/demo");
  const pages: BenchPage[] = [];
  // BENCH_PAGE_FILTER=<regexp on the rule's path>: only those pages (e.g. "^/$" for the dashboards alone).
  const filter = process.env.BENCH_PAGE_FILTER ? new RegExp(process.env.BENCH_PAGE_FILTER) : null;
  for (const rule of PAGE_RULES) {
    if (rule.rights === "public") continue;
    if (filter && !filter.test(rule.path)) continue;
    let path = rule.path.replace(/\/\*$/, "");
    if (path.includes(":token") || path.startsWith("/avatars")) continue;
    // Downloads (a month's payroll file for a whole subsidiary, the directory's spreadsheet) are not pages: DESIGN §6
    // budgets them as Excel exports; benchDownloads times them apart, so they don't count in the pages' mixed traffic.
    if (isDownload(rule.path)) continue;
    if (path.includes(":id")) {
      const id = path.startsWith("/leave") ? opts.leaveId : opts.employeeId;
      if (id == null) continue;
      path = path.replace(":id", String(id));
    }
    if (path.includes(":")) continue;
    path += benchPageQuery(rule.path);
    const allowed = DEMO_ACCOUNTS.filter((a) => rule.rights === "anyone" || (rule.rights as readonly string[]).includes(a.profileType));
    const ok: string[] = [];
    for (const a of allowed) {
      const cookie = opts.cookies.get(a.email);
      if (!cookie) continue;
      const res = await fetch(`${opts.base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status === 200) ok.push(a.email);
    }
    if (ok.length === 0) continue;
    if (path === "/") {
      for (const email of ok) pages.push({ name: `home (${email.split("@")[0]})`, path, accounts: [email], budget: pageBudget(path) });
    } else pages.push({ name: rule.name, path, accounts: ok, budget: pageBudget(path) });
  }
  return pages;
}
