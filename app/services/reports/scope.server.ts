/**
 * Who a report may show and the SQL of its employees (split from reports.server.ts): the scope, the header.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { NotFoundError } from "~/services/shared/errors";
import { resolveScope, type BadgingScope } from "~/services/time-clock/views.server";
import { type ReportKind, type ReportQuery } from "./query.server";

// ---------------------------------------------------------------------------------------------------------------
// Scope

export interface ReportScope extends BadgingScope {
  subsidiaryName: string | null;
}

/**
 * Who a report may show (spec 2 §6): head and financial management any subsidiary (their own by default; the
 * leave report may cover all of them), a department head their own division only. A subsidiary, division, team
 * or employee outside that scope is a NotFoundError (404).
 */
export async function reportScope(em: EntityManager, actor: CurrentUser, query: ReportQuery, options: { allowAll?: boolean } = {}): Promise<ReportScope> {
  if (options.allowAll && query.subsidiaryId === null && isManagement(actor.profileType) && query.divisionId === null && query.teamId === null) {
    return { subsidiaryId: null, divisionId: null, teamId: null, empty: false, subsidiaryName: null };
  }
  const scope = await resolveScope(em, actor, "agency", {
    subsidiaryId: query.subsidiaryId,
    divisionId: query.divisionId,
    teamId: query.teamId,
  });
  let subsidiaryName: string | null = null;
  const subsidiaryId = scope.subsidiaryId ?? actor.subsidiaryId;
  if (subsidiaryId !== null) {
    const [row] = await em.execute<{ name: string }[]>(`select name from subsidiary where id = ?`, [subsidiaryId]);
    subsidiaryName = row?.name ?? null;
  }
  return { ...scope, subsidiaryName };
}

/** SQL condition on alias e for a scope and the query's employee filters. */
export function scopeSql(scope: BadgingScope, query: ReportQuery): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (scope.empty) parts.push("false");
  if (scope.subsidiaryId !== null) parts.push("e.subsidiary_id = ?"), params.push(scope.subsidiaryId);
  if (scope.divisionId !== null) parts.push("e.division_id = ?"), params.push(scope.divisionId);
  if (scope.teamId !== null) parts.push("e.team_id = ?"), params.push(scope.teamId);
  if (query.employeeId !== null) parts.push("e.id = ?"), params.push(query.employeeId);
  if (query.employeeName) {
    parts.push(`(e.firstname || ' ' || e.lastname) ilike ? escape '\\'`);
    params.push(`%${query.employeeName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return { sql: parts.length ? parts.join(" and ") : "true", params };
}

/** Employees working during the period (hired before its end, not gone before its start). */
export const ACTIVE_IN_PERIOD = `(e.hired_at is null or e.hired_at <= ?::date) and (e.fired_at is null or e.fired_at >= ?::date)`;

/** The viewer asked for one employee that the scope does not hold: 404, its existence is not revealed. */
export function assertEmployeeFound(query: ReportQuery, rows: { id: number }[]) {
  if (query.employeeId !== null && !rows.some((r) => r.id === query.employeeId)) throw new NotFoundError();
}

export interface ReportHeader {
  kind: ReportKind;
  /** A stable identifier of the report asked: kind, subsidiary and period. */
  identifier: string;
  subsidiaryId: number | null;
  subsidiaryName: string | null;
  from: CalendarDate;
  to: CalendarDate;
}

export function header(kind: ReportKind, scope: ReportScope, period: { from: CalendarDate; to: CalendarDate }): ReportHeader {
  return {
    kind,
    identifier: `${kind}-${scope.subsidiaryId ?? "all"}-${period.from.replaceAll("-", "")}-${period.to.replaceAll("-", "")}`,
    subsidiaryId: scope.subsidiaryId,
    subsidiaryName: scope.subsidiaryName,
    from: period.from,
    to: period.to,
  };
}
