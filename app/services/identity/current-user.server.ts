import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";

/** What every signed-in request knows about its user: one query, no entities. */
export interface CurrentUser {
  userId: number;
  employeeId: number;
  email: string;
  roles: string[];
  profileType: string;
  firstname: string;
  lastname: string;
  fullName: string;
  timeRegistration: boolean;
  subsidiaryId: number | null;
  divisionId: number | null;
  teamId: number | null;
  teamLeader: boolean;
  departmentHead: boolean;
  hasAvatar: boolean;
  /** The random key of the avatar's address (decision 0091), or null without one. */
  avatarKey: string | null;
  /**
   * The profile types of the managers this user stands in for today (deputies, decision 0105): the rights table's
   * `deputyOf` columns read it. Empty (or absent, for a user built by hand) when standing in for nobody.
   */
  deputyFor?: readonly string[];
}

/**
 * "Today" of a deputy period (decision 0102: the profile names periods in Paris days), for the SQL that reads it
 * with the user's row, so the rights and the counters cost no query of their own.
 */
export const DEPUTY_TODAY_SQL = `(now() at time zone 'Europe/Paris')::date`;

/** The columns of a CurrentUser, on `u` (app_user) joined with `e` (employee) and `a` (avatar); see CURRENT_USER_FROM. */
export const CURRENT_USER_SELECT = `u.id as user_id, e.id as employee_id, u.email, u.roles, e.profile_type, e.firstname, e.lastname,
            e.time_registration, e.subsidiary_id, e.division_id, e.team_id, e.team_leader, e.department_head,
            e.fired_at, a.public_key as avatar_key,
            array(select m.profile_type from deputy d join employee m on m.id = d.manager_id
                   where d.deputy_id = e.id and ${DEPUTY_TODAY_SQL} between d.starts_on and d.ends_on and m.fired_at is null)::text[] as deputy_for`;
export const CURRENT_USER_FROM = `app_user u
       join employee e on e.id = u.employee_id
       left join avatar a on a.user_id = u.id`;

export interface CurrentUserRow {
  user_id: number;
  employee_id: number;
  email: string;
  roles: string[];
  profile_type: string;
  firstname: string;
  lastname: string;
  time_registration: boolean;
  subsidiary_id: number | null;
  division_id: number | null;
  team_id: number | null;
  team_leader: boolean;
  department_head: boolean;
  fired_at: string | null;
  avatar_key: string | null;
  deputy_for?: string[] | null;
}

/** The user of a CURRENT_USER_SELECT row; null for an archived employee. */
export function toCurrentUser(r: CurrentUserRow | undefined): CurrentUser | null {
  if (!r || r.fired_at) return null;
  return {
    userId: r.user_id,
    employeeId: r.employee_id,
    email: r.email,
    roles: r.roles,
    profileType: r.profile_type,
    firstname: r.firstname,
    lastname: r.lastname,
    fullName: displayName(r.firstname, r.lastname),
    timeRegistration: r.time_registration,
    subsidiaryId: r.subsidiary_id,
    divisionId: r.division_id,
    teamId: r.team_id,
    teamLeader: r.team_leader,
    departmentHead: r.department_head,
    hasAvatar: r.avatar_key != null,
    avatarKey: r.avatar_key ?? null,
    deputyFor: r.deputy_for ?? [],
  };
}

export async function loadCurrentUser(em: EntityManager, userId: number): Promise<CurrentUser | null> {
  const rows = await em
    .getConnection()
    .execute<CurrentUserRow[]>(`select ${CURRENT_USER_SELECT} from ${CURRENT_USER_FROM} where u.id = ?`, [userId]);
  return toCurrentUser(rows[0]);
}

/** A user holds a list of roles; a check tests whether a given role is held (spec 1 §6). */
export function hasRole(user: Pick<CurrentUser, "roles" | "profileType">, role: string): boolean {
  return user.profileType === role || user.roles.includes(role);
}
