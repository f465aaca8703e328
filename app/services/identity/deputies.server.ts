import type { EntityManager } from "@mikro-orm/postgresql";
import { isManagement } from "~/domain/identity/access";
import { deputyProblem, type DeputyPeriod, type DeputyProblem } from "~/domain/identity/deputy";
import { displayName } from "~/domain/employees/name";
import { t, type MessageKey } from "~/i18n/fr";
import { localDate } from "~/domain/shared/zoned-day";
import { CURRENT_USER_FROM, CURRENT_USER_SELECT, toCurrentUser, type CurrentUser, type CurrentUserRow } from "./current-user.server";
import { WAITING_CONDITION_SQL, waitingParams } from "~/services/leave/scope.server";
import { ConflictError, NotFoundError, ValidationError } from "~/services/shared/errors";
import { enqueue } from "~/server/operations/queue.server";

/**
 * Deputies (issue 32 §2, decision 0102): a manager names a deputy for a period; during it the deputy sees and decides
 * what awaits the manager's step (the stored key of decision 0064), and the manager keeps their own rights.
 */

export interface Deputyship {
  id: number;
  managerId: number;
  managerName: string;
  deputyId: number;
  deputyName: string;
  startsOn: string;
  endsOn: string;
}

const PROBLEM_KEY: Record<DeputyProblem, MessageKey> = {
  start_invalid: "deputy.error.date",
  end_invalid: "deputy.error.date",
  not_a_manager: "deputy.error.not_a_manager",
  self: "deputy.error.self",
  deputy_archived: "deputy.error.deputy_archived",
  ends_before_start: "deputy.error.ends_before_start",
  in_the_past: "deputy.error.in_the_past",
  too_long: "deputy.error.too_long",
  overlap: "deputy.error.overlap",
};

/** The field a problem is about, for the form's errors. */
const PROBLEM_FIELD: Record<DeputyProblem, string> = {
  start_invalid: "startsOn",
  end_invalid: "endsOn",
  not_a_manager: "",
  self: "deputyId",
  deputy_archived: "deputyId",
  ends_before_start: "endsOn",
  in_the_past: "endsOn",
  too_long: "endsOn",
  overlap: "startsOn",
};

/**
 * The waiting key (decision 0064) of the managers the viewer stands in for today, as SQL over `deputy d` joined to
 * `employee m` (the manager). Used by WAITING_CONDITION_SQL's deputy twin below.
 */
export const MANAGER_KEY_SQL = `(case when m.profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT') then 'M'
  when m.profile_type = 'ROLE_DEPARTMENT_HEAD' then 'D:' || m.division_id
  when m.profile_type = 'ROLE_TEAM_LEADER' then 'T:' || m.team_id end)`;

/** The managers the viewer (`?`) stands in for on the day `?` (both ends of a period included), still employed. */
const STANDING_IN_FROM = `deputy d join employee m on m.id = d.manager_id
   where d.deputy_id = ? and ?::date between d.starts_on and d.ends_on and m.fired_at is null`;

/**
 * A leave awaits a manager the viewer stands in for today: its stored step is that manager's key, and it is neither
 * the viewer's own request nor the manager's. Alias `l`. Params: deputyWaitingParams(user, today). The first
 * `waiting_for = any(...)` is what the stored-step index reads (decision 0064); the `exists` is the exact rule.
 */
export const DEPUTY_WAITING_CONDITION_SQL = `(l.employee_id <> ?
  and l.waiting_for = any(array(select ${MANAGER_KEY_SQL} from ${STANDING_IN_FROM}))
  and exists (select 1 from ${STANDING_IN_FROM} and l.employee_id <> m.id and l.waiting_for = ${MANAGER_KEY_SQL}))`;

export function deputyWaitingParams(user: Pick<CurrentUser, "employeeId">, today: string): unknown[] {
  return [user.employeeId, user.employeeId, today, user.employeeId, today];
}

/** Today as deputy periods count it (Paris days, as the profile names them and DEPUTY_TODAY_SQL reads them). */
export function deputyToday(now: Date = new Date()): string {
  return localDate(now, "Europe/Paris");
}

/**
 * What awaits the viewer, as a condition on `l` with its params: their own step (WAITING_CONDITION_SQL), and when
 * they stand in for someone today (`deputyFor`, read with their row), what awaits those managers too (decision
 * 0105). A viewer who is no deputy gets the one-index condition unchanged.
 */
export function waitingConditionFor(
  user: Pick<CurrentUser, "employeeId" | "profileType" | "divisionId" | "teamId" | "deputyFor">,
  today: string = deputyToday(),
): { sql: string; params: unknown[] } {
  if (!user.deputyFor?.length) return { sql: WAITING_CONDITION_SQL, params: waitingParams(user) };
  return {
    sql: `(${WAITING_CONDITION_SQL} or ${DEPUTY_WAITING_CONDITION_SQL})`,
    params: [...waitingParams(user), ...deputyWaitingParams(user, today)],
  };
}

/**
 * For whom the viewer may decide this leave today as a deputy (the manager's employee id), or null. Null too when
 * the leave awaits the viewer's own step: then they decide in their own name.
 */
export async function standingInFor(
  em: EntityManager,
  user: Pick<CurrentUser, "employeeId" | "profileType" | "divisionId" | "teamId">,
  leaveId: number,
  today: string
): Promise<number | null> {
  const [row] = await em.getConnection().execute<{ manager_id: number }[]>(
    `select m.id as manager_id
       from leave l
       join deputy d on d.deputy_id = ? and ?::date between d.starts_on and d.ends_on
       join employee m on m.id = d.manager_id and m.fired_at is null
      where l.id = ? and l.employee_id <> ? and l.employee_id <> m.id and l.waiting_for = ${MANAGER_KEY_SQL}
        and ${WAITING_CONDITION_SQL} is not true
      order by d.starts_on limit 1`,
    [user.employeeId, today, leaveId, user.employeeId, ...waitingParams(user)]
  );
  return row?.manager_id ?? null;
}

/**
 * The manager a deputy decides for, as the decision rules read an actor (their profile, team, division): the
 * deputy decides with the manager's step (decision 0105).
 */
export async function managerAsActor(em: EntityManager, managerId: number): Promise<CurrentUser | null> {
  const rows = await em
    .getConnection()
    .execute<CurrentUserRow[]>(`select ${CURRENT_USER_SELECT} from ${CURRENT_USER_FROM} where e.id = ? limit 1`, [managerId]);
  return toCurrentUser(rows[0]);
}

/**
 * Who decides this leave, and for whom: the user in their own name, or — when it awaits a manager they stand in for
 * today and not their own step — that manager's step, `onBehalfOf` naming the manager (decision 0105). A user who is
 * nobody's deputy today costs no query.
 */
export async function actingFor(
  em: EntityManager,
  user: CurrentUser,
  leaveId: number,
  today: string = deputyToday(),
): Promise<{ actor: CurrentUser; onBehalfOf: number | null }> {
  if (!user.deputyFor?.length) return { actor: user, onBehalfOf: null };
  const managerId = await standingInFor(em, user, leaveId, today);
  const manager = managerId === null ? null : await managerAsActor(em, managerId);
  return manager ? { actor: manager, onBehalfOf: manager.employeeId } : { actor: user, onBehalfOf: null };
}

/**
 * Whether a deputy sees this employee's leaves as one of the managers they stand in for today sees them (their
 * detail page, the answer of a decision taken for them): one query, only for a leave outside the user's own scope.
 */
export async function inDeputyScope(
  em: EntityManager,
  user: Pick<CurrentUser, "employeeId" | "deputyFor">,
  employee: { id: number; divisionId: number | null; teamId: number | null },
  today: string = deputyToday(),
): Promise<boolean> {
  if (!user.deputyFor?.length) return false;
  const managers = await em.getConnection().execute<{ profile_type: string; division_id: number | null; team_id: number | null }[]>(
    `select m.profile_type, m.division_id, m.team_id from ${STANDING_IN_FROM}`,
    [user.employeeId, today],
  );
  return managers.some(
    (m) =>
      isManagement(m.profile_type) ||
      (m.profile_type === "ROLE_DEPARTMENT_HEAD" && m.division_id !== null && m.division_id === employee.divisionId) ||
      (m.profile_type === "ROLE_TEAM_LEADER" && m.team_id !== null && m.team_id === employee.teamId),
  );
}

/**
 * The deputies standing in today for any of these managers, one row each (the first of their managers), leaving out
 * `except` (the requester, and the managers already told): whom a waiting request's mail also goes to (0105).
 */
export async function deputiesStandingInToday(
  em: EntityManager,
  managerIds: readonly number[],
  except: readonly number[],
  today: string = deputyToday(),
): Promise<{ email: string; deputyName: string; managerName: string; endsOn: string }[]> {
  if (managerIds.length === 0) return [];
  const rows = await em.getConnection().execute<{ email: string; df: string; dl: string; mf: string; ml: string; ends_on: string }[]>(
    `select distinct on (p.id) p.email, p.firstname as df, p.lastname as dl, m.firstname as mf, m.lastname as ml, d.ends_on::text as ends_on
       from deputy d join employee m on m.id = d.manager_id join employee p on p.id = d.deputy_id
      where d.manager_id = any(?::int[]) and ?::date between d.starts_on and d.ends_on
        and m.fired_at is null and p.fired_at is null and p.id <> all(?::int[])
      order by p.id, m.id`,
    [`{${managerIds.map(Number).join(",")}}`, today, `{${except.map(Number).join(",")}}`],
  );
  return rows.map((r) => ({ email: r.email, deputyName: displayName(r.df, r.dl), managerName: displayName(r.mf, r.ml), endsOn: r.ends_on }));
}

interface DeputyshipRow {
  id: number;
  manager_id: number;
  mf: string;
  ml: string;
  deputy_id: number;
  df: string;
  dl: string;
  starts_on: string;
  ends_on: string;
}

function toDeputyship(r: DeputyshipRow): Deputyship {
  return {
    id: r.id,
    managerId: r.manager_id,
    managerName: displayName(r.mf, r.ml),
    deputyId: r.deputy_id,
    deputyName: displayName(r.df, r.dl),
    startsOn: r.starts_on,
    endsOn: r.ends_on,
  };
}

const DEPUTYSHIP_SELECT = `select d.id, d.manager_id, m.firstname as mf, m.lastname as ml, d.deputy_id, p.firstname as df, p.lastname as dl,
         d.starts_on::text as starts_on, d.ends_on::text as ends_on
    from deputy d join employee m on m.id = d.manager_id join employee p on p.id = d.deputy_id`;

/** The deputies a manager named that are not over (today or later), in date order. */
export async function deputiesOf(em: EntityManager, managerId: number, today: string): Promise<Deputyship[]> {
  const rows = await em
    .getConnection()
    .execute<DeputyshipRow[]>(`${DEPUTYSHIP_SELECT} where d.manager_id = ? and d.ends_on >= ? order by d.starts_on, d.id`, [managerId, today]);
  return rows.map(toDeputyship);
}

/** The managers the employee stands in for today. */
export async function standingInForToday(em: EntityManager, deputyId: number, today: string): Promise<Deputyship[]> {
  const rows = await em
    .getConnection()
    .execute<DeputyshipRow[]>(`${DEPUTYSHIP_SELECT} where d.deputy_id = ? and ?::date between d.starts_on and d.ends_on order by d.starts_on, d.id`, [
      deputyId,
      today,
    ]);
  return rows.map(toDeputyship);
}

export interface StandingInToday {
  managerId: number;
  managerName: string;
  endsOn: string;
  /** The manager's waiting key (decision 0064): a leave whose stored step is this one awaits them. */
  key: string | null;
}

/** The managers the employee stands in for today, with their waiting keys (the deputy's waiting page, issue 41). */
export async function standingInWithKeys(em: EntityManager, deputyId: number, today: string): Promise<StandingInToday[]> {
  const rows = await em.getConnection().execute<{ manager_id: number; mf: string; ml: string; ends_on: string; key: string | null }[]>(
    `select m.id as manager_id, m.firstname as mf, m.lastname as ml, d.ends_on::text as ends_on, ${MANAGER_KEY_SQL} as key
       from ${STANDING_IN_FROM} order by d.starts_on, d.id`,
    [deputyId, today],
  );
  return rows.map((r) => ({ managerId: r.manager_id, managerName: displayName(r.mf, r.ml), endsOn: r.ends_on, key: r.key }));
}

/**
 * Names a deputy for a period (422 with a French violation when refused). The manager's row is locked so two
 * namings at once cannot both pass the overlap check.
 */
export async function nameDeputy(
  em: EntityManager,
  actor: CurrentUser,
  input: { deputyId: number } & DeputyPeriod,
  today: string
): Promise<Deputyship> {
  return em.transactional(async (tx) => {
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext();
    await conn.execute(`select id from employee where id = ? for update`, [actor.employeeId], "all", ctx);
    const [deputy] = await conn.execute<{ id: number; fired_at: string | null }[]>(
      `select id, fired_at::text as fired_at from employee where id = ?`,
      [input.deputyId],
      "all",
      ctx
    );
    if (!deputy) throw new ValidationError([{ propertyPath: "deputyId", message: t("deputy.error.unknown_deputy") }]);
    const others = await conn.execute<DeputyPeriod[]>(
      `select starts_on::text as "startsOn", ends_on::text as "endsOn" from deputy where manager_id = ? and ends_on >= ?`,
      [actor.employeeId, today],
      "all",
      ctx
    );
    const problem = deputyProblem({
      managerProfileType: actor.profileType,
      managerId: actor.employeeId,
      deputyId: deputy.id,
      deputyFiredAt: deputy.fired_at,
      period: { startsOn: input.startsOn, endsOn: input.endsOn },
      others,
      today,
    });
    if (problem === "overlap") throw new ConflictError(t(PROBLEM_KEY[problem]));
    if (problem) throw new ValidationError([{ propertyPath: PROBLEM_FIELD[problem], message: t(PROBLEM_KEY[problem]) }]);
    const [row] = await conn.execute<{ id: number }[]>(
      `insert into deputy (manager_id, deputy_id, starts_on, ends_on) values (?, ?, ?, ?) returning id`,
      [actor.employeeId, deputy.id, input.startsOn, input.endsOn],
      "all",
      ctx
    );
    const [created] = await conn.execute<DeputyshipRow[]>(`${DEPUTYSHIP_SELECT} where d.id = ?`, [row!.id], "all", ctx);
    // A period starting today is announced now, not at tomorrow's 07:00 run (decision 0112), once committed.
    if (input.startsOn <= today) await enqueue("deputy.start-mail", {}, { em: tx });
    return toDeputyship(created!);
  });
}

/** Ends a deputy period of the manager's (deleted when not started, cut to yesterday otherwise); 404 if not theirs. */
export async function endDeputy(em: EntityManager, actor: CurrentUser, deputyshipId: number, today: string): Promise<void> {
  const conn = em.getConnection();
  const deleted = await conn.execute<{ id: number }[]>(`delete from deputy where id = ? and manager_id = ? and starts_on >= ? returning id`, [
    deputyshipId,
    actor.employeeId,
    today,
  ]);
  if (deleted.length) return;
  const cut = await conn.execute<{ id: number }[]>(
    `update deputy set ends_on = (?::date - 1) where id = ? and manager_id = ? and ends_on >= ? returning id`,
    [today, deputyshipId, actor.employeeId, today]
  );
  if (!cut.length) throw new NotFoundError(t("error.not_found_item"));
}


/**
 * The management member a deputy decides a clock correction for (decision 0105: "par X pour Y"): null when the actor
 * is management themselves or stands in for no one of management today; the first one by id when they stand in for
 * several. One statement, only for a deputy.
 */
export async function correctionOnBehalfOf(em: EntityManager, actor: CurrentUser, now: Date = new Date()): Promise<number | null> {
  if (isManagement(actor.profileType)) return null;
  if (!actor.deputyFor?.some((p) => isManagement(p))) return null;
  const [row] = await em.execute<{ manager_id: number }[]>(
    `select d.manager_id from deputy d join employee m on m.id = d.manager_id
      where d.deputy_id = ? and ? between d.starts_on and d.ends_on and m.fired_at is null
        and m.profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT')
      order by d.manager_id limit 1`,
    [actor.employeeId, deputyToday(now)],
  );
  return row?.manager_id ?? null;
}
