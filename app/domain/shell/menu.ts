/**
 * The sidebar menu (spec 1 §2 "Menu structure", spec 2 §6). Display only: the rights table in access.ts is what
 * the server enforces. Labels are catalogue keys.
 */
import type { ProfileType } from "~/domain/identity/access";

const HM = "ROLE_HEAD_MANAGEMENT";
const FM = "ROLE_FINANCIAL_MANAGEMENT";
const DH = "ROLE_DEPARTMENT_HEAD";
const TL = "ROLE_TEAM_LEADER";
const EMP = "ROLE_EMPLOYEE";
const HOST = "ROLE_HOST_EMPLOYEE";
const COM = "ROLE_COMMERCIAL";
const ALL7: ProfileType[] = [HM, FM, DH, TL, EMP, HOST, COM];
const SIX: ProfileType[] = [FM, DH, HM, TL, EMP, HOST];

export type CounterKind = "suggestedClocks" | "waitingLeaves";

export interface MenuEntry {
  key: string;
  path: string;
  visibleTo: ProfileType[] | "all";
  needsTimeRegistration?: boolean;
  counter?: CounterKind;
  /** Also shown to whoever stands in today for a manager of one of these profiles (the rights table's deputyOf). */
  deputyOf?: ProfileType[];
}
export interface MenuSection {
  key: string;
  prefix: string;
  visibleTo: ProfileType[];
  entries: MenuEntry[];
}
export type MenuItem = MenuEntry | MenuSection;

export function isSection(item: MenuItem): item is MenuSection {
  return "entries" in item;
}

export const MENU: readonly MenuItem[] = [
  { key: "menu.home", path: "/", visibleTo: "all" },
  {
    key: "menu.clocking",
    prefix: "/time-clock",
    visibleTo: SIX,
    entries: [
      { key: "menu.badging", path: "/time-clock/badging", visibleTo: SIX, needsTimeRegistration: true },
      { key: "menu.agency_badging", path: "/time-clock/agency-badging", visibleTo: [HM, FM] },
      { key: "menu.edit_badging", path: "/time-clock/edit-badging", visibleTo: [HM, FM], counter: "suggestedClocks", deputyOf: [HM, FM] },
      { key: "menu.division_badging", path: "/time-clock/division-badging", visibleTo: [DH] },
      { key: "menu.team_badging", path: "/time-clock/team-badging", visibleTo: [TL] },
    ],
  },
  {
    key: "menu.overtime",
    prefix: "/overtime",
    visibleTo: SIX,
    entries: [
      { key: "menu.overtime_me", path: "/overtime/me", visibleTo: [DH, TL, FM, EMP, HOST] },
      { key: "menu.overtime_team", path: "/overtime/team", visibleTo: [TL] },
      { key: "menu.overtime_division", path: "/overtime/division", visibleTo: [DH] },
      { key: "menu.overtime_subsidiary", path: "/overtime/subsidiary", visibleTo: [FM, HM] },
    ],
  },
  {
    key: "menu.leave",
    prefix: "/leave",
    visibleTo: [FM, HM, TL, DH, EMP, HOST, COM],
    entries: [
      { key: "menu.my_leaves", path: "/leave/me", visibleTo: [FM, TL, DH, EMP, HOST, COM] },
      { key: "menu.ask_leave", path: "/leave/ask", visibleTo: [FM, TL, DH, EMP, HOST, COM] },
      { key: "menu.waiting_leaves", path: "/leave/waiting", visibleTo: [FM, HM, TL, DH], counter: "waitingLeaves", deputyOf: [FM, HM, TL, DH] },
    ],
  },
  {
    key: "menu.planning",
    prefix: "/planning",
    visibleTo: ALL7,
    entries: [
      { key: "menu.planning_me", path: "/planning/me", visibleTo: ALL7 },
      { key: "menu.planning_team", path: "/planning/team", visibleTo: [TL] },
      { key: "menu.planning_division", path: "/planning/division", visibleTo: [DH, COM] },
      { key: "menu.planning_agency", path: "/planning/agency", visibleTo: [HM, FM, HOST] },
    ],
  },
  {
    key: "menu.reports",
    prefix: "/report",
    visibleTo: [FM, DH, HM],
    entries: [
      { key: "menu.report_overtime", path: "/report/overtime", visibleTo: [HM, FM, DH] },
      { key: "menu.report_leave", path: "/report/leave", visibleTo: [HM, FM] },
      { key: "menu.report_recup", path: "/report/recup", visibleTo: [HM, FM] },
      { key: "menu.report_cost", path: "/report/cost", visibleTo: [HM, FM] },
      { key: "menu.report_payroll", path: "/report/payroll", visibleTo: [HM, FM] },
    ],
  },
  { key: "menu.employees", path: "/employees", visibleTo: [FM, HM] },
  { key: "menu.settings", path: "/settings", visibleTo: [FM, HM] },
];

export interface Viewer {
  profileType: string;
  timeRegistration: boolean;
  /** The managers' profiles this viewer stands in for today (decision 0105). */
  deputyFor?: readonly string[];
}

function visible(visibleTo: ProfileType[] | "all", viewer: Viewer) {
  return visibleTo === "all" || (visibleTo as string[]).includes(viewer.profileType);
}

/** A deputy's entry: shown when the viewer stands in today for a manager of one of its deputyOf profiles. */
function deputyVisible(entry: MenuEntry, viewer: Viewer) {
  return !!entry.deputyOf && !!viewer.deputyFor?.some((p) => (entry.deputyOf as string[]).includes(p));
}

/** The menu as this viewer sees it; a section with no visible entry disappears. */
export function menuFor(viewer: Viewer): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of MENU) {
    if (isSection(item)) {
      if (!visible(item.visibleTo, viewer) && !item.entries.some((e) => deputyVisible(e, viewer))) continue;
      const entries = item.entries.filter(
        (e) => (visible(e.visibleTo, viewer) || deputyVisible(e, viewer)) && (!e.needsTimeRegistration || viewer.timeRegistration),
      );
      if (entries.length > 0) out.push({ ...item, entries });
    } else if (visible(item.visibleTo, viewer)) {
      out.push(item);
    }
  }
  return out;
}

/**
 * Which counters the shell loads for this viewer (spec 2 "Menu counters"); a deputy (decision 0105) gets those of
 * the managers they stand in for today.
 */
export function countersFor(profileType: string, deputyFor: readonly string[] = []): CounterKind[] {
  const kinds: CounterKind[] = [];
  const as = (profiles: string[]) => profiles.includes(profileType) || deputyFor.some((p) => profiles.includes(p));
  if (as([FM, HM, TL, DH])) kinds.push("waitingLeaves");
  if (as([HM, FM])) kinds.push("suggestedClocks");
  return kinds;
}

/** An entry is highlighted when the path starts with its prefix; the root entry only on Home. */
export function isEntryActive(entryPath: string, pathname: string): boolean {
  if (entryPath === "/") return pathname === "/";
  return pathname === entryPath || pathname.startsWith(entryPath + "/");
}

/** The one open section: the one whose prefix starts the path (only one at a time). */
export function openSectionKey(items: readonly MenuItem[], pathname: string): string | null {
  for (const item of items) if (isSection(item) && pathname.startsWith(item.prefix)) return item.key;
  return null;
}

/** Menu counter text: exact below nine, "9+" from nine upward, nothing at zero. */
export function counterLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count >= 9 ? "9+" : String(Math.floor(count));
}
