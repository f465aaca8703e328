import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";
/** Scope of the team, division and agency badging views (spec 2 §2) and the lists of a scope. */

export type BadgingView = "team" | "division" | "agency";

/** Which employees a view may show; null fields are not restricted. */
export interface BadgingScope {
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
  /** The viewer's scope cannot hold anyone (a team leader without a team...). */
  empty: boolean;
  /** Only the employees without a team (the division view's last group). */
  withoutTeam?: boolean;
}

/**
 * The scope of a view for a viewer. Team view: the leader's team; division view: the head's division; agency view:
 * management any subsidiary (default their own), a department head their own division of their own subsidiary.
 * A subsidiary, division or team asked outside that scope is a NotFoundError (its existence is not revealed).
 */
export async function resolveScope(
  em: EntityManager,
  actor: CurrentUser,
  view: BadgingView,
  ask: { subsidiaryId?: number | null; divisionId?: number | null; teamId?: number | null } = {},
): Promise<BadgingScope> {
  let scope: BadgingScope;
  if (view === "team") {
    scope = { subsidiaryId: null, divisionId: null, teamId: actor.teamId, empty: actor.teamId === null };
  } else if (view === "division" || !isManagement(actor.profileType)) {
    scope = { subsidiaryId: null, divisionId: actor.divisionId, teamId: null, empty: actor.divisionId === null };
    if (view === "agency" && ask.subsidiaryId != null && ask.subsidiaryId !== actor.subsidiaryId) throw new NotFoundError();
  } else {
    const subsidiaryId = ask.subsidiaryId ?? actor.subsidiaryId;
    if (subsidiaryId === null) throw new NotFoundError();
    const [found] = await em.execute<{ id: number }[]>(`select id from subsidiary where id = ?`, [subsidiaryId]);
    if (!found) throw new NotFoundError();
    scope = { subsidiaryId, divisionId: null, teamId: null, empty: false };
  }
  if (ask.divisionId != null) {
    const [d] = await em.execute<{ id: number; subsidiary_id: number }[]>(`select id, subsidiary_id from division where id = ?`, [
      ask.divisionId,
    ]);
    const outside =
      !d || (scope.subsidiaryId !== null && d.subsidiary_id !== scope.subsidiaryId) || (scope.divisionId !== null && d.id !== scope.divisionId);
    if (outside || scope.teamId !== null) throw new NotFoundError();
    scope = { ...scope, divisionId: d.id };
  }
  if (ask.teamId != null) {
    const [tm] = await em.execute<{ id: number; subsidiary_id: number; division_id: number }[]>(
      `select id, subsidiary_id, division_id from team where id = ?`,
      [ask.teamId],
    );
    const outside =
      !tm ||
      (scope.subsidiaryId !== null && tm.subsidiary_id !== scope.subsidiaryId) ||
      (scope.divisionId !== null && tm.division_id !== scope.divisionId) ||
      (scope.teamId !== null && tm.id !== scope.teamId);
    if (outside) throw new NotFoundError();
    scope = { ...scope, teamId: tm.id };
  }
  return scope;
}

/** SQL condition (on alias e) and its parameters for a scope. */
export function scopeSql(scope: BadgingScope): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (scope.subsidiaryId !== null) {
    parts.push("e.subsidiary_id = ?");
    params.push(scope.subsidiaryId);
  }
  if (scope.divisionId !== null) {
    parts.push("e.division_id = ?");
    params.push(scope.divisionId);
  }
  if (scope.teamId !== null) {
    parts.push("e.team_id = ?");
    params.push(scope.teamId);
  }
  if (scope.withoutTeam) parts.push("e.team_id is null");
  if (scope.empty) parts.push("false");
  return { sql: parts.length ? parts.join(" and ") : "true", params };
}

export const ACTIVE_SQL = "(e.fired_at is null or e.fired_at > current_date) and e.time_registration";

/** The divisions of a scope with their active employee counts (the agency accordion's first level). */
export async function divisionsOf(em: EntityManager, scope: BadgingScope): Promise<{ id: number; name: string; employeeCount: number }[]> {
  const rows = await em.execute<{ id: number; name: string; n: string }[]>(
    `select d.id, d.name,
            (select count(*) from employee e where e.division_id = d.id and ${ACTIVE_SQL}) as n
       from division d
      where (? :: int is null or d.subsidiary_id = ?) and (? :: int is null or d.id = ?)
      order by d.name`,
    [scope.subsidiaryId, scope.subsidiaryId, scope.divisionId, scope.divisionId],
  );
  return scope.empty ? [] : rows.map((r) => ({ id: r.id, name: r.name, employeeCount: Number(r.n) }));
}

/** Teams of a scope (search selectors), by name. */
export async function teamsOf(em: EntityManager, scope: BadgingScope): Promise<{ id: number; name: string; divisionId: number }[]> {
  if (scope.empty) return [];
  const rows = await em.execute<{ id: number; name: string; division_id: number }[]>(
    `select t.id, t.name, t.division_id from team t
      where (? :: int is null or t.subsidiary_id = ?) and (? :: int is null or t.division_id = ?) and (? :: int is null or t.id = ?)
      order by t.name`,
    [scope.subsidiaryId, scope.subsidiaryId, scope.divisionId, scope.divisionId, scope.teamId, scope.teamId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, divisionId: r.division_id }));
}

/**
 * The division view's groups: the scope's teams by name with their active employee counts, then the employees
 * without a team (id null) when there are any. One statement, whatever the number of teams (docs/decisions/0067).
 */
export async function teamCountsOf(
  em: EntityManager,
  scope: BadgingScope,
): Promise<{ id: number | null; name: string | null; divisionId: number | null; employeeCount: number }[]> {
  if (scope.empty) return [];
  const where = scopeSql(scope);
  const rows = await em.execute<{ id: number | null; name: string | null; division_id: number | null; n: number }[]>(
    `with c as (select e.team_id, count(*)::int as n from employee e where ${ACTIVE_SQL} and ${where.sql} group by e.team_id)
     select * from (
       select t.id, t.name, t.division_id, coalesce(c.n, 0) as n from team t left join c on c.team_id = t.id
        where (? :: int is null or t.subsidiary_id = ?) and (? :: int is null or t.division_id = ?) and (? :: int is null or t.id = ?)
       union all
       select null, null, null, c.n from c where c.team_id is null) x
      order by x.id is null, x.name, x.id`,
    [...where.params, scope.subsidiaryId, scope.subsidiaryId, scope.divisionId, scope.divisionId, scope.teamId, scope.teamId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, divisionId: r.division_id, employeeCount: Number(r.n) }));
}

export async function subsidiaries(em: EntityManager): Promise<{ id: number; name: string }[]> {
  return em.execute<{ id: number; name: string }[]>(`select id, name from subsidiary order by name`);
}
