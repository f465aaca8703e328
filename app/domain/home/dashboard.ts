import { addDays, calendarDay, type CalendarDate } from "~/domain/shared/time-calendar-date";

/**
 * The home dashboards (spec 2 "Dashboards", DESIGN §9, docs/decisions/0051): which variant for which role, the
 * order of the agency tabs, and the pure shaping of their blocks (the planning excerpt and the personal planning,
 * their ranges and cells, are the planning's: domain/planning/planning.ts, decision 0043). No I/O: the service
 * (app/services/home/dashboard.server.ts) reads the rows, these functions decide what they mean.
 */

/**
 * agency: head and financial management (one tab per subsidiary); division: department head; team: team leader;
 * pending: commercial — and a bare ROLE_USER — (their own pending requests only); employee: employee and host
 * employee (pending requests, own overtime, personal planning).
 */
export type DashboardVariant = "agency" | "division" | "team" | "pending" | "employee";

/**
 * @example dashboardVariant("ROLE_FINANCIAL_MANAGEMENT") // "agency"
 * @example dashboardVariant("ROLE_HOST_EMPLOYEE")        // "employee"
 */
export function dashboardVariant(profileType: string): DashboardVariant {
  switch (profileType) {
    case "ROLE_HEAD_MANAGEMENT":
    case "ROLE_FINANCIAL_MANAGEMENT":
      return "agency";
    case "ROLE_DEPARTMENT_HEAD":
      return "division";
    case "ROLE_TEAM_LEADER":
      return "team";
    case "ROLE_EMPLOYEE":
    case "ROLE_HOST_EMPLOYEE":
      return "employee";
    default:
      return "pending";
  }
}

/** Spec 2 §9: pending lists on dashboards show 5 rows. */
export const DASHBOARD_PENDING_ROWS = 5;

/**
 * The employees a manager scope shows per page (planning excerpt, badgings, overtime of the week): a dashboard must
 * answer in 100 ms whatever the size of the agency (DESIGN §6), and its HTML grows with every row (about 1.8 KB per
 * employee over the three blocks). Beyond one page the blocks say which of how many they show, `?page=` links lead
 * to the others and the "view entire" links to the full pages (docs/decisions/0054).
 */
export const DASHBOARD_PAGE_SIZE = 25;

/** The highest page a link may ask for (9,999 pages of 25 people: the number stays a small integer). */
const MAX_PAGE = 9_999;

/**
 * The page asked for by `?page=` (1-based), 1 when absent or malformed. The service clamps it to the last page of
 * the scope in the same statement that counts the scope.
 *
 * @example dashboardPage("3")   // 3
 * @example dashboardPage("0")   // 1
 * @example dashboardPage("x2")  // 1
 */
export function dashboardPage(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) return 1;
  return Math.min(Math.max(1, Number(raw)), MAX_PAGE);
}

/** Pages of a scope of `total` employees (at least one, even for an empty scope). */
export function dashboardPageCount(total: number, size: number = DASHBOARD_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The agency tabs: every subsidiary, the viewer's own first (DESIGN §9: "3 Print" in the demo), then by name.
 */
export function orderSubsidiaryTabs<T extends { id: number; name: string }>(subsidiaries: readonly T[], ownId: number | null): T[] {
  const byName = [...subsidiaries].sort((a, b) => a.name.localeCompare(b.name, "fr"));
  const own = byName.find((s) => s.id === ownId);
  return own ? [own, ...byName.filter((s) => s !== own)] : byName;
}

/**
 * The tab shown: the `?tab=` id when it is one of the tabs, else the first (the viewer's own).
 *
 * @example selectedTab([{ id: 3 }, { id: 7 }], "7")   // 7
 * @example selectedTab([{ id: 3 }, { id: 7 }], "abc") // 3
 */
export function selectedTab(tabs: readonly { id: number }[], requested: string | null | undefined): number | null {
  const asked = requested && /^\d{1,9}$/.test(requested) ? Number(requested) : null;
  return tabs.find((tab) => tab.id === asked)?.id ?? tabs[0]?.id ?? null;
}

export type OvertimeTone = "none" | "under" | "over";

/**
 * Overtime of the week as the block shows it: rounded whole hours, coloured by their sign (spec 2 §9: no
 * overtime, undertime, overtime).
 *
 * @example weekOvertime(9_000)  // { hours: 3, tone: "over" }   (2 h 30 rounds to 3)
 * @example weekOvertime(-1_700) // { hours: 0, tone: "none" }   (28 minutes round to 0)
 */
export function weekOvertime(seconds: number): { hours: number; tone: OvertimeTone } {
  // Half hours round away from zero on both sides (Math.round would take -1.5 to -1).
  const hours = Math.sign(seconds) * Math.round(Math.abs(seconds) / 3600) || 0;
  return { hours, tone: hours > 0 ? "over" : hours < 0 ? "under" : "none" };
}

/**
 * An employee's acronym: the stored one, else the first letter of the first name and the first two of the last
 * name, in capitals (the demo's rule).
 *
 * @example employeeAcronym(null, "jean", "dupont") // "JDU"
 */
export function employeeAcronym(stored: string | null | undefined, firstname: string, lastname: string): string {
  if (stored?.trim()) return stored.trim().toUpperCase();
  const letters = (s: string) => s.normalize("NFD").replace(/[^\p{L}]/gu, "");
  return (letters(firstname).slice(0, 1) + letters(lastname).slice(0, 2)).toUpperCase() || "?";
}

/**
 * A team's acronym: the initials of its words (up to three), or its first three letters when it is one word.
 *
 * @example teamAcronym("Grand format") // "GF"
 * @example teamAcronym("Offset")       // "OFF"
 */
export function teamAcronym(name: string): string {
  const words = name.normalize("NFD").replace(/[^\p{L}\p{N}\s]/gu, " ").split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) return words[0]!.slice(0, 3).toUpperCase();
  return words
    .slice(0, 3)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
}

/** The days of the employee variant's own overtime: Monday of this week to today. */
export function mondayToToday(today: CalendarDate): CalendarDate[] {
  const weekday = calendarDay(today).weekday;
  const days: CalendarDate[] = [];
  for (let d = addDays(today, 1 - weekday); d <= today; d = addDays(d, 1)) days.push(d);
  return days;
}

/** What awaits a manager ("to do", beyond the spec, docs/decisions/0051). */
export interface ToDoCounts {
  /** Leaves at the viewer's step (the menu counter). */
  leaves: number;
  /** Suggested clock corrections (management only; null = not theirs to validate). */
  corrections: number | null;
  /** Yesterday's days left without END in the viewer's scope. */
  anomalies: number;
  /** People of the scope past 80 % of the annual overtime quota. */
  overQuota: number;
}

export type ToDoKind = "leaves" | "corrections" | "anomalies" | "overQuota";

/** The "to do" lines, only those with something waiting, in a fixed order. */
export function toDoItems(counts: ToDoCounts): { kind: ToDoKind; count: number }[] {
  const items: { kind: ToDoKind; count: number }[] = [
    { kind: "leaves", count: counts.leaves },
    { kind: "corrections", count: counts.corrections ?? 0 },
    { kind: "anomalies", count: counts.anomalies },
    { kind: "overQuota", count: counts.overQuota },
  ];
  return items.filter((i) => i.count > 0);
}
