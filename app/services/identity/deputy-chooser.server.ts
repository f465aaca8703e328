/**
 * Choosing a deputy (issue 41, decision 0128): the colleagues the chooser offers, and the profile form's naming by
 * login e-mail. The deputyships themselves are deputies.server.ts.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { t } from "~/i18n/fr";
import { isCalendarDate } from "~/domain/shared/calendar-text";
import { normaliseEmail } from "~/domain/shared/email-address";
import { type CurrentUser } from "./current-user.server";
import { ValidationError } from "~/services/shared/errors";
import { Deputyship, nameDeputy } from "./deputies.server";

/** One colleague the deputy chooser offers (issue 41): who, and where they work, to tell namesakes apart. */
export interface DeputyCandidate {
  id: number;
  name: string;
  place: string;
}

/** The most colleagues the chooser lists at once (a longer list asks for a more precise name). */
export const DEPUTY_CANDIDATES_MAX = 20;

/**
 * The colleagues a manager may name (issue 41, decision 0128): employed, with an account to sign in, never the
 * manager themselves. With a name searched (two letters at least): anyone of the company whose first or last name
 * holds it; without: the manager's own people (the team of a team leader, the division of a department head, the
 * other managers of the subsidiary for management), the usual stand-ins. One statement, DEPUTY_CANDIDATES_MAX rows
 * at most (one more read to know whether the list was cut).
 */
export async function deputyCandidates(
  em: EntityManager,
  manager: Pick<CurrentUser, "employeeId" | "profileType" | "teamId" | "divisionId" | "subsidiaryId">,
  search: string,
): Promise<{ candidates: DeputyCandidate[]; more: boolean }> {
  const name = search.trim().toLowerCase().slice(0, 60);
  const where = [`e.fired_at is null`, `e.id <> ?`, `exists (select 1 from app_user u where u.employee_id = e.id)`];
  const params: unknown[] = [manager.employeeId];
  if (name.length >= 2) {
    const pattern = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(`(lower(e.firstname || ' ' || e.lastname) like ? or lower(e.lastname || ' ' || e.firstname) like ?)`);
    params.push(pattern, pattern);
  } else if (manager.profileType === "ROLE_TEAM_LEADER") {
    where.push(`e.team_id = ?`);
    params.push(manager.teamId ?? -1);
  } else if (manager.profileType === "ROLE_DEPARTMENT_HEAD") {
    where.push(`e.division_id = ?`);
    params.push(manager.divisionId ?? -1);
  } else {
    where.push(`e.subsidiary_id = ? and e.profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT', 'ROLE_DEPARTMENT_HEAD')`);
    params.push(manager.subsidiaryId ?? -1);
  }
  const rows = await em.getConnection().execute<{ id: number; firstname: string; lastname: string; team: string | null; division: string | null }[]>(
    `select e.id, e.firstname, e.lastname, t.name as team, d.name as division
       from employee e left join team t on t.id = e.team_id left join division d on d.id = e.division_id
      where ${where.join(" and ")}
      order by lower(e.lastname), lower(e.firstname), e.id
      limit ${DEPUTY_CANDIDATES_MAX + 1}`,
    params,
  );
  return {
    candidates: rows.slice(0, DEPUTY_CANDIDATES_MAX).map((r) => ({
      id: r.id,
      name: displayName(r.firstname, r.lastname),
      place: [r.division, r.team].filter(Boolean).join(" · "),
    })),
    more: rows.length > DEPUTY_CANDIDATES_MAX,
  };
}

/** The profile form's naming: the deputy given by their login e-mail, the dates as typed (YYYY-MM-DD). */
export async function nameDeputyByLogin(
  em: EntityManager,
  actor: CurrentUser,
  input: { login: string; startsOn: string; endsOn: string },
  today: string
): Promise<Deputyship> {
  const violations: { propertyPath: string; message: string }[] = [];
  const isDay = isCalendarDate; // not Date.parse: it takes 2026-02-30 for 2 March (issue 42 §4)
  if (!isDay(input.startsOn)) violations.push({ propertyPath: "startsOn", message: t("deputy.error.date") });
  if (!isDay(input.endsOn)) violations.push({ propertyPath: "endsOn", message: t("deputy.error.date") });
  const [row] = await em
    .getConnection()
    .execute<{ employee_id: number }[]>(`select employee_id from app_user where email = ? limit 1`, [normaliseEmail(input.login) ?? ""]);
  if (!row) violations.push({ propertyPath: "deputyId", message: t("deputy.error.unknown_deputy") });
  if (violations.length) throw new ValidationError(violations);
  return nameDeputy(em, actor, { deputyId: row!.employee_id, startsOn: input.startsOn, endsOn: input.endsOn }, today);
}
