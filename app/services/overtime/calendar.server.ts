/**
 * The weekly overtime calendars of a team, a division or a subsidiary (spec 2 "Overtime screens"; split from
 * services/overtime/views.server.ts). A cell is the time account of the week (decision 0071).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import { changedEnd, type DateRange, type RangeAnchor } from "~/domain/shared/date-range";
import { displayName } from "~/domain/employees/name";
import { mondayOf, type IsoWeek } from "~/domain/shared/iso-week";
import { CALENDAR_PAGE_SIZE, calendarHeader, legalCheckMessage, overtimePeriod, weekCellHours, weekId, type MonthSpan } from "~/domain/overtime/screens";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { localDate } from "~/domain/shared/zoned-day";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { isRunningWeek } from "~/domain/overtime/account";
import { timeAccountByWeek } from "./account.server";
import { resolveScope, subsidiaries, teamsOf, type BadgingScope } from "~/services/time-clock/views.server";
import { cite, sourceOfArticle, type CitedSource, type SourceId } from "~/domain/law/sources";
import { checksIn, legalDays, type EmployeeLegalDays } from "./legal-days.server";

// ---------------------------------------------------------------------------------------------------------------
// Weekly calendars (team, division, subsidiary)

export type CalendarView = "team" | "division" | "subsidiary";

export interface CalendarQuery {
  from?: string | null;
  to?: string | null;
  anchor?: string | null;
  subsidiaryId?: number | null;
  divisionId?: number | null;
  teamId?: number | null;
  page?: number | null;
}

export interface CalendarCell {
  year: number;
  week: number;
  /** The week's time account (seconds, deductions taken off). */
  seconds: number;
  /** Whole hours shown, only above 0. */
  hours: number | null;
  /** The week's legal checks, in French (each naming its article in words). */
  checks: string[];
  /** The source of each check in the one table (`checkSources[i]` for `checks[i]`; null: none), linked on the page (decision 0138). */
  checkSources: (SourceId | null)[];
}

export interface CalendarRow {
  id: number;
  name: string;
  own: boolean;
  cells: CalendarCell[];
}

export interface CalendarPage {
  view: CalendarView;
  range: DateRange;
  /** The asked period was longer than 6 months: the date the six-month rule moved (docs/decisions/0087), else null. */
  moved: RangeAnchor | null;
  weeks: IsoWeek[];
  months: MonthSpan[];
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
  options: { subsidiaries: { id: number; name: string }[]; divisions: { id: number; name: string }[]; teams: { id: number; name: string; divisionId: number }[] };
  /** The running week ("en cours", decision 0071) when the period holds it: its weekId. */
  runningWeek: string | null;
  rows: CalendarRow[];
  total: number;
  page: number;
  pages: number;
  /** Rank of the first and last employee shown (1-based; 0 when nobody matches). */
  first: number;
  last: number;
  /** The viewer has no team (team view) or no division (division view). */
  noScope: "no_team" | "no_division" | null;
  /** The articles of the legal checks shown on the page, once each, with their official texts (decision 0125). */
  checkSources: CitedSource[];
}

/** Reads the calendar filters of a URL (GET form). */
export function readCalendarQuery(url: URL): CalendarQuery {
  const id = (name: string) => {
    const v = url.searchParams.get(name);
    return v && /^\d{1,9}$/.test(v) ? Number(v) : null;
  };
  return {
    from: url.searchParams.get("from"),
    to: url.searchParams.get("to"),
    // The date the user changed (decision 0087); `anchor` is the former name of `changed`.
    anchor: changedEnd({
      from: url.searchParams.get("from"),
      to: url.searchParams.get("to"),
      shownFrom: url.searchParams.get("shownFrom"),
      shownTo: url.searchParams.get("shownTo"),
      changed: url.searchParams.get("changed") || url.searchParams.get("anchor"),
    }),
    subsidiaryId: id("subsidiary"),
    divisionId: id("division"),
    teamId: id("team"),
    page: id("page"),
  };
}

function scopeSql(scope: BadgingScope): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (scope.subsidiaryId !== null) parts.push("e.subsidiary_id = ?"), params.push(scope.subsidiaryId);
  if (scope.divisionId !== null) parts.push("e.division_id = ?"), params.push(scope.divisionId);
  if (scope.teamId !== null) parts.push("e.team_id = ?"), params.push(scope.teamId);
  if (scope.empty) parts.push("false");
  return { sql: parts.length ? parts.join(" and ") : "true", params };
}

/**
 * The weekly calendar of a view for a viewer: team (the leader's team), division (the head's division, a team
 * filter when it has teams), subsidiary (management: a subsidiary, default their own; division and team filters).
 * A subsidiary, division or team outside the viewer's scope is a NotFoundError. Employees who clock (time
 * registration) and were employed during the period, by name, CALENDAR_PAGE_SIZE a page (docs/decisions/0037, 0056).
 */
export async function overtimeCalendar(em: EntityManager, actor: CurrentUser, view: CalendarView, query: CalendarQuery, now: Date): Promise<CalendarPage> {
  const today = localDate(now, "Europe/Paris");
  const range = overtimePeriod(query, today);
  const asked = query.from && query.to ? { from: query.from, to: query.to } : null;
  const moved = !asked ? null : asked.from !== range.from ? "from" : asked.to !== range.to ? "to" : null;
  const { weeks, months } = calendarHeader(range);

  const subsidiaryList = view === "subsidiary" ? await subsidiaries(em) : [];
  let askSubsidiary = view === "subsidiary" ? (query.subsidiaryId ?? actor.subsidiaryId ?? subsidiaryList[0]?.id ?? null) : null;
  if (view === "subsidiary" && askSubsidiary === null) askSubsidiary = -1;
  // A division filter in the team view, or a team filter outside the division, is out of scope (resolveScope).
  const scope = await resolveScope(em, actor, view === "subsidiary" ? "agency" : view, {
    subsidiaryId: askSubsidiary,
    divisionId: view === "team" ? null : query.divisionId,
    teamId: view === "team" ? null : query.teamId,
  });
  const noScope = view === "team" && actor.teamId === null ? "no_team" : view === "division" && actor.divisionId === null ? "no_division" : null;

  // Options of the filters (divisions of the subsidiary, teams of the division or of the subsidiary) and the page of
  // employees, in parallel: none depends on another.
  const optionScope: BadgingScope = { ...scope, teamId: null };
  const where = scopeSql(scope);
  const pageAsked = Math.min(Math.max(1, query.page ?? 1), 9_999);
  const [divisions, teams, found] = await Promise.all([
    view === "subsidiary"
      ? em.execute<{ id: number; name: string }[]>(`select id, name from division where subsidiary_id = ? order by name`, [scope.subsidiaryId])
      : Promise.resolve([]),
    view === "team" ? Promise.resolve([]) : teamsOf(em, optionScope),
    // The scope's count and the page asked clamped to the last one (CTEs n and p) in the statement that reads the
    // page's employees: a page past the end shows the last one (docs/decisions/0056); an empty scope still answers
    // one row (employee columns null) carrying the count.
    em.execute<{ id: number | null; firstname: string; lastname: string; total: number; page_index: number }[]>(
      `with s as (select e.id, e.firstname, e.lastname from employee e
                   where ${where.sql} and e.time_registration
                     and (e.hired_at is null or e.hired_at <= ?) and (e.fired_at is null or e.fired_at >= ?)),
       n as (select count(*)::int as total from s),
       p as (select greatest(0, least(?::int - 1, (n.total - 1) / ${CALENDAR_PAGE_SIZE})) as page_index from n),
       pg as (select s.* from s order by lower(s.lastname), lower(s.firstname), s.id
               offset (select page_index * ${CALENDAR_PAGE_SIZE} from p) limit ${CALENDAR_PAGE_SIZE})
       select n.total, p.page_index, pg.id, pg.firstname, pg.lastname from n cross join p left join pg on true
        order by lower(pg.lastname), lower(pg.firstname), pg.id`,
      [...where.params, range.to, range.from, pageAsked],
    ),
  ]);
  const people = found.filter((r): r is { id: number; firstname: string; lastname: string; total: number; page_index: number } => r.id !== null);
  const pageIndex = Number(found[0]?.page_index ?? 0);
  const total = Number(found[0]?.total ?? 0);
  const ids = people.map((p) => p.id);
  const first = weeks[0]?.monday ?? range.from;
  const last = addDays(weeks[weeks.length - 1]?.monday ?? range.to, 6);

  const [sums, days] = ids.length
    ? await Promise.all([timeAccountByWeek(em, ids, first, last, today), legalDays(em, ids, first, last)])
    : [new Map<string, number>(), new Map<number, EmployeeLegalDays>()];

  const weekIds = weeks.map(weekId);
  const sourceIds = new Set<string>();
  const rows: CalendarRow[] = people.map((p) => {
    // The employee's checks grouped by the Monday of their week once (not filtered again for each of the weeks).
    const byMonday = new Map<CalendarDate, { texts: string[]; sources: (SourceId | null)[] }>();
    for (const c of checksIn(days.get(p.id), first, last, now)) {
      const id = c.source ?? sourceOfArticle(c.article);
      if (id) sourceIds.add(id);
      const monday = mondayOf(c.date);
      const list = byMonday.get(monday);
      if (list) list.texts.push(legalCheckMessage(c)), list.sources.push(id);
      else byMonday.set(monday, { texts: [legalCheckMessage(c)], sources: [id] });
    }
    return {
      id: p.id,
      name: displayName(p.firstname, p.lastname),
      own: p.id === actor.employeeId,
      cells: weeks.map((w, i) => {
        const seconds = sums.get(`${p.id}:${weekIds[i]}`) ?? 0;
        const checks = byMonday.get(w.monday);
        return { year: w.year, week: w.week, seconds, hours: weekCellHours(seconds), checks: checks?.texts ?? [], checkSources: checks?.sources ?? [] };
      }),
    };
  });
  return {
    view,
    range,
    moved,
    weeks,
    months,
    subsidiaryId: scope.subsidiaryId,
    divisionId: view === "subsidiary" ? (query.divisionId ?? null) : scope.divisionId,
    teamId: view === "team" ? scope.teamId : (query.teamId ?? null),
    options: { subsidiaries: subsidiaryList, divisions, teams },
    runningWeek: weeks.find((w) => isRunningWeek(w.monday, today)) ? weekId(weeks.find((w) => isRunningWeek(w.monday, today))!) : null,
    rows,
    total,
    page: pageIndex + 1,
    pages: Math.max(1, Math.ceil(total / CALENDAR_PAGE_SIZE)),
    first: people.length ? pageIndex * CALENDAR_PAGE_SIZE + 1 : 0,
    last: people.length ? pageIndex * CALENDAR_PAGE_SIZE + people.length : 0,
    noScope,
    checkSources: cite([...sourceIds].sort()),
  };
}

/** Is the calendar view open to this role (the page rights, reused by /api/overtime/search)? */
export function calendarViewAllowed(view: CalendarView, profileType: string): boolean {
  if (view === "team") return profileType === "ROLE_TEAM_LEADER";
  if (view === "division") return profileType === "ROLE_DEPARTMENT_HEAD";
  return isManagement(profileType);
}
