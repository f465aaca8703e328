import { createHash, randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { calendarDay, type CalendarDate } from "~/domain/shared/time-calendar-date";
import { displayName } from "~/domain/employees/name";
import { icalendar, type IcalEvent } from "~/domain/planning/ical";
import { isShownLeave, leaveKey } from "~/domain/planning/planning";
import { t, type MessageKey } from "~/i18n/fr";
import { canOpenPage } from "~/domain/identity/access";
import { loadPlanningFacts, type PlanningActor } from "./planning.server";
import { resolvePlanningScope, scopeEmployees, type PlanningTableView } from "./table.server";
import { AppError } from "~/services/shared/errors";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { toCurrentUser, CURRENT_USER_FROM, CURRENT_USER_SELECT, type CurrentUserRow } from "~/services/identity/current-user.server";

/**
 * Calendar feeds (DESIGN §9): a private iCalendar feed of one's own planning ("own") and, for those with a planning
 * table (team leader, department head, commercial, management, host employee), of their scope ("scope"). The URL
 * holds 32 random bytes; only their SHA-256 is stored; enabling again renews the address, revoking deletes it. The
 * privacy rule applies (a feed is read as its owner would read the planning).
 */

export type FeedScope = "own" | "scope";

/**
 * The planning table a role's "scope" feed lists, or null: the role has none. The right comes from the one rights
 * table (the page of that table), read again at every fetch (issue 30: a feed never outlives its owner's rights).
 */
export function scopeFeedView(profileType: string): PlanningTableView | null {
  for (const view of ["team", "division", "agency"] as const) if (canOpenPage(`/planning/${view}`, profileType)) return view;
  return null;
}

export function mayHaveScopeFeed(profileType: string): boolean {
  return scopeFeedView(profileType) !== null;
}

/** Asked for a feed one's role cannot have (a crafted form): a 400 with a French message. */
export class FeedScopeRefused extends AppError {
  constructor() {
    super(400, t("planning.error.feed_scope_refused"));
  }
}

function hash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function feedStatus(em: EntityManager, user: CurrentUser): Promise<{ own: boolean; scope: boolean; scopeAllowed: boolean }> {
  const rows = await em.execute<{ scope: string }[]>(`select scope from calendar_feed where employee_id = ?`, [user.employeeId]);
  return { own: rows.some((r) => r.scope === "own"), scope: rows.some((r) => r.scope === "scope"), scopeAllowed: mayHaveScopeFeed(user.profileType) };
}

/** Turns a feed on, or renews its address (the old one stops working). Returns the new token, shown once. */
export async function enableFeed(em: EntityManager, user: CurrentUser, scope: FeedScope): Promise<string> {
  if (scope === "scope" && !mayHaveScopeFeed(user.profileType)) throw new FeedScopeRefused();
  const token = randomBytes(32).toString("base64url");
  await em.execute(
    `insert into calendar_feed (employee_id, scope, token_hash, created_at) values (?, ?, ?, now())
     on conflict (employee_id, scope) do update set token_hash = excluded.token_hash, created_at = excluded.created_at`,
    [user.employeeId, scope, hash(token)],
  );
  return token;
}

export async function revokeFeed(em: EntityManager, user: CurrentUser, scope: FeedScope): Promise<void> {
  await em.execute(`delete from calendar_feed where employee_id = ? and scope = ?`, [user.employeeId, scope]);
}

export function feedPath(token: string): string {
  return `/calendar/${token}.ics`;
}

export interface FeedDocument {
  body: string;
  etag: string;
  lastModified: Date;
}

/**
 * The feed of a token, or null (unknown, revoked, its owner archived, or a scope feed whose owner's role no longer has
 * a planning table): the owner and their rights are read at every fetch, so the scope is always the one they would
 * see now (their current team, division or subsidiary). Own feed from the 1st of January of last
 * year to a year ahead; scope feed from a month back to six months ahead.
 */
export async function feedDocument(em: EntityManager, token: string, today: CalendarDate): Promise<FeedDocument | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await em.execute<(CurrentUserRow & { scope: string; feed_created_at: Date })[]>(
    `select ${CURRENT_USER_SELECT}, f.scope, f.created_at as feed_created_at
       from calendar_feed f join ${CURRENT_USER_FROM} on u.employee_id = f.employee_id
      where f.token_hash = ?`,
    [hash(token)],
  );
  const owner = toCurrentUser(row);
  if (!row || !owner) return null;
  const viewer: PlanningActor = owner;
  const own = row.scope === "own";
  const view = own ? null : scopeFeedView(owner.profileType);
  if (!own && view === null) return null;
  const day = calendarDay(today);
  const range = own
    ? { from: `${day.year - 1}-01-01`, to: day.plus({ years: 1 }).toISODate() }
    : { from: day.minus({ months: 1 }).toISODate(), to: day.plus({ months: 6 }).toISODate() };
  let people: { id: number; name: string }[];
  if (own) people = [{ id: owner.employeeId, name: owner.fullName }];
  else {
    const scope = await resolvePlanningScope(em, viewer, view!);
    people = (await scopeEmployees(em, scope, range)).map((e) => ({ id: e.id, name: displayName(e.firstname, e.lastname) }));
  }
  const facts = await loadPlanningFacts(em, viewer, people.map((p) => p.id), range, ["leaves", "eventDays"]);
  const created = new Date(row.feed_created_at);
  const events: IcalEvent[] = [];
  let lastModified = created;
  for (const person of people) {
    const f = facts.get(person.id);
    if (!f) continue;
    const prefix = own ? "" : `${person.name} — `;
    for (const l of f.leaves) {
      if (!isShownLeave(l.state)) continue;
      const half = l.start === l.end && l.halfDayMorning !== l.halfDayAfternoon ? ` (${t(l.halfDayMorning ? "planning.half.morning" : "planning.half.afternoon")})` : "";
      events.push({
        uid: `leave-${l.id}@cadran`,
        start: l.start,
        end: l.end,
        summary: `${prefix}${t(`planning.key.${leaveKey(l.reason)}` as MessageKey)}${half}`,
        status: l.state === "accepted" ? "CONFIRMED" : "TENTATIVE",
        updatedAt: new Date(l.updatedAt),
        sequence: l.version,
      });
      if (new Date(l.updatedAt) > lastModified) lastModified = new Date(l.updatedAt);
    }
    for (const d of f.eventDays) {
      events.push({
        uid: `eventday-${d.id}@cadran`,
        start: d.date,
        end: d.date,
        summary: `${prefix}${t(`planning.key.${d.type}`)}`,
        status: "CONFIRMED",
        updatedAt: created,
      });
    }
  }
  const body = icalendar({
    name: own ? t("planning.feed.name_own", { name: owner.fullName }) : t("planning.feed.name_scope", { name: owner.fullName }),
    events,
  });
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`, lastModified };
}
