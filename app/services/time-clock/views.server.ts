import type { EntityManager } from "@mikro-orm/postgresql";
import { type DateRange } from "~/domain/shared/date-range";
import { searchDate } from "~/domain/shared/date-window";
import { isCleanText } from "~/domain/shared/text";
import { type CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import { isManagement } from "~/domain/identity/access";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { divisionsOf, resolveScope, subsidiaries, teamCountsOf, teamsOf, type BadgingScope, type BadgingView } from "./badging-scope.server";
import { todayByTeam, type RecapDivision, type RecapTeam } from "./badging-recap.server";
import { hasAnyFilter, resolveSearchRange, searchClocks, SEARCH_LIMIT, type SearchFilters, type WeekSearchResult } from "./badging-search.server";

// The names callers imported from this module before the split (issue 26 §4) stay importable from here.
export { intArray, leaveOn, isHalfDay, expectedFor, loadExpectedFacts, type LeaveFact, type ExpectedFacts } from "./facts.server";
export { CLOCK_SELECT, CLOCK_FROM, toLogViews, toClockView, clockToApi, type LogView, type ClockView, type ClockRow, type ApiTimeClock } from "./clock-rows.server";
export { resolveScope, divisionsOf, teamsOf, teamCountsOf, subsidiaries, type BadgingView, type BadgingScope } from "./badging-scope.server";
export { stateToday, todayByTeam, type RecapEmployee, type RecapTeam, type RecapDivision } from "./badging-recap.server";
export { hasAnyFilter, resolveSearchRange, searchClocks, searchToApi, SEARCH_LIMIT, type SearchFilters, type WeekSearchDay, type WeekSearchResult } from "./badging-search.server";
/**
 * Team, division and agency badging (spec 2 §2): today's recap and the custom searches, scoped to the viewer
 * (team leader: their team; department head: their division; management: any subsidiary). One query per list.
 */

// ---------------------------------------------------------------------------------------------------------------
// The three screens' data

export interface BadgingPageQuery {
  subsidiaryId?: number | null;
  /**
   * `?open=`: agency view, the division whose teams are loaded in the accordion; division view, the team whose
   * employees are loaded (0: the employees without a team).
   */
  openDivisionId?: number | null;
  filters: SearchFilters;
}

export type BadgingTeam = RecapTeam & { empty: boolean; employeeCount: number; loaded: boolean };

export interface BadgingPage {
  view: BadgingView;
  today: CalendarDate;
  subsidiaryId: number | null;
  subsidiaries: { id: number; name: string }[];
  /**
   * Team view: the team's employees; division view: its teams (employees without team last, id null), each with
   * its count, the employees of the open one only (`loaded`; docs/decisions/0067).
   */
  teams: BadgingTeam[];
  /** Agency view: the accordion's divisions (teams loaded for the open one only). */
  divisions: RecapDivision[];
  options: { divisions: { id: number; name: string }[]; teams: { id: number; name: string; divisionId: number }[] };
  filters: SearchFilters;
  searched: boolean;
  range: (DateRange & { clamped: boolean }) | null;
  results: WeekSearchResult[];
  truncated: boolean;
  searchLimit: number;
}

/** Reads the search form of the three views (GET): dates 'YYYY-MM-DD', ids, a name; anything invalid is dropped. */
export function readBadgingQuery(url: URL): BadgingPageQuery {
  // Dates outside the search window (1950 to today + 2 years) are dropped like malformed ones: no period helper
  // then runs past year 9999 (docs/decisions/0015).
  const today = localDate(new Date(), "Europe/Paris");
  const date = (name: string) => {
    const v = url.searchParams.get(name) ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(v) ? searchDate(v, today) : null;
  };
  const id = (name: string) => {
    const v = url.searchParams.get(name) ?? "";
    return /^\d{1,9}$/.test(v) ? Number(v) : null;
  };
  const rawName = (url.searchParams.get("name") ?? "").trim().slice(0, 120);
  const name = isCleanText(rawName) ? rawName : "";
  return {
    subsidiaryId: id("subsidiary"),
    openDivisionId: id("open"),
    filters: { from: date("from"), to: date("to"), name: name || null, divisionId: id("division"), teamId: id("team") },
  };
}

/** Groups today's recap by the scope's teams, listing teams without active employees too (their empty state). */
async function teamsWithEmployees(em: EntityManager, scope: BadgingScope, now: Date) {
  const [recap, teams] = await Promise.all([todayByTeam(em, scope, now), teamsOf(em, scope)]);
  const byId = new Map(recap.map((r) => [r.id, r]));
  const out: BadgingTeam[] = teams.map((team) => {
    const r = byId.get(team.id);
    const employees = r?.employees ?? [];
    return { id: team.id, name: team.name, employees, empty: !r, employeeCount: employees.length, loaded: true };
  });
  const withoutTeam = byId.get(null);
  if (withoutTeam) out.push({ ...withoutTeam, empty: false, employeeCount: withoutTeam.employees.length, loaded: true });
  return out;
}

/**
 * Everything one of the three screens shows: today's recap for the viewer's scope and, when a filter is given,
 * the custom search (team: from, to, name; division: plus team; agency: plus division and team).
 */
export async function loadBadgingPage(
  em: EntityManager,
  actor: CurrentUser,
  view: BadgingView,
  query: BadgingPageQuery,
  now: Date = new Date(),
): Promise<BadgingPage> {
  const baseScope = await resolveScope(em, actor, view, { subsidiaryId: view === "agency" ? query.subsidiaryId : null });
  const today = localDate(now, "Europe/Paris");
  const filters: SearchFilters = {
    ...query.filters,
    divisionId: view === "agency" ? query.filters.divisionId : null,
    teamId: view === "team" ? null : query.filters.teamId,
  };
  const management = isManagement(actor.profileType);
  const [subsidiaryList, divisionList, teamList, counted] = await Promise.all([
    view === "agency" && management ? subsidiaries(em) : Promise.resolve([]),
    view === "agency" ? divisionsOf(em, baseScope) : Promise.resolve([]),
    view === "agency" ? teamsOf(em, baseScope) : Promise.resolve([]),
    view === "division" ? teamCountsOf(em, baseScope) : Promise.resolve([]),
  ]);
  const teamOptions =
    view === "division" ? counted.flatMap((c) => (c.id === null ? [] : [{ id: c.id, name: c.name ?? "", divisionId: c.divisionId ?? 0 }])) : teamList;

  let teams: BadgingPage["teams"] = [];
  let divisions: RecapDivision[] = [];
  if (view === "agency") {
    const open = divisionList.find((d) => d.id === query.openDivisionId) ?? null;
    const openTeams = open ? await teamsWithEmployees(em, { ...baseScope, divisionId: open.id }, now) : null;
    divisions = divisionList.map((d) => ({ ...d, teams: d.id === open?.id ? openTeams : null }));
  } else if (view === "division") {
    // A division may hold hundreds of employees: its teams come with their counts, the employees of the team asked
    // by `?open=` only (a link, or opening the team with JavaScript), like the agency's divisions (0067).
    const openId = query.openDivisionId ?? null;
    const open = openId === null ? undefined : counted.find((c) => (openId === 0 ? c.id === null : c.id === openId) && c.employeeCount > 0);
    const recap = open ? await todayByTeam(em, open.id === null ? { ...baseScope, withoutTeam: true } : { ...baseScope, teamId: open.id }, now) : [];
    teams = counted.map((c) => ({
      id: c.id,
      name: c.name,
      employees: c === open ? (recap[0]?.employees ?? []) : [],
      empty: c.employeeCount === 0,
      employeeCount: c.employeeCount,
      loaded: c === open,
    }));
  } else {
    teams = (await teamsWithEmployees(em, baseScope, now)).filter((team) => team.id === baseScope.teamId);
  }

  const searched = hasAnyFilter(filters);
  let range: BadgingPage["range"] = null;
  let results: WeekSearchResult[] = [];
  let truncated = false;
  if (searched) {
    const scope = await resolveScope(em, actor, view, {
      subsidiaryId: view === "agency" ? query.subsidiaryId : null,
      divisionId: filters.divisionId,
      teamId: filters.teamId,
    });
    range = resolveSearchRange(filters, today);
    ({ results, truncated } = await searchClocks(em, scope, filters, range));
  }
  return {
    view,
    today,
    subsidiaryId: baseScope.subsidiaryId,
    subsidiaries: subsidiaryList,
    teams,
    divisions,
    options: { divisions: divisionList.map((d) => ({ id: d.id, name: d.name })), teams: teamOptions },
    filters,
    searched,
    range,
    results,
    truncated,
    searchLimit: SEARCH_LIMIT,
  };
}
