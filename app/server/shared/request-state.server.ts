import { createSession } from "@remix-run/node";
import { PROFILE_TYPES } from "~/domain/identity/access";
import { countersFor, type CounterKind } from "~/domain/shell/menu";
import { CURRENT_USER_FROM, CURRENT_USER_SELECT, DEPUTY_TODAY_SQL, toCurrentUser, type CurrentUser, type CurrentUserRow } from "~/services/identity/current-user.server";
import { DEPUTY_WAITING_CONDITION_SQL } from "~/services/identity/deputies.server";
import { WAITING_CONDITION_SQL } from "~/services/leave/scope.server";
import { preparedQuery } from "./prepared.server";
import { getEm } from "./orm.server";
import { sessionFreshness, sessionIdOf, sha256, type AppSession, type SessionData } from "~/server/identity/session.server";

/**
 * What every signed-in page needs before its own data — the session, its user, the menu's counters — in ONE query
 * (docs/decisions/0026), shared by the root, the layout and the page loaders of one HTTP request (they run in
 * parallel, each with its own copy of the Request: the request id our server sets ties them together).
 */
export interface RequestState {
  session: AppSession;
  user: CurrentUser | null;
  counters: Partial<Record<CounterKind, number>>;
}

/** Set by our Express server for every request (any incoming value is overwritten). */
export const REQUEST_ID_HEADER = "x-cadran-request-id";
const TTL_MS = 30_000;
const memo = new Map<string, { at: number; promise: Promise<unknown> }>();
let lastSweep = 0;

/**
 * Once per HTTP request: the root, layout and page loaders (and the action before them) each get their own copy of
 * the Request, in parallel; the id our server sets ties them together, so `load` runs once and every loader awaits
 * the same promise (a rejection — a redirect — is the same answer for all). The key includes the method: the loaders
 * that follow an action (Remix runs them with GET copies) see what the action left. Without the id (a test calling a
 * loader directly) it simply runs.
 * The pattern for any work two loaders of one page need (docs/decisions/0032): `perRequest(request, "name", load)`.
 */
export function perRequest<T>(request: Request, name: string, load: () => Promise<T>): Promise<T> {
  const id = request.headers.get(REQUEST_ID_HEADER);
  if (!id) return load();
  const key = `${name} ${request.method} ${id}`;
  const hit = memo.get(key);
  if (hit) return hit.promise as Promise<T>;
  const now = Date.now();
  // Swept at most once a second: a sweep per call walked every entry of the last 30 s (O(rate) per request).
  if (now - lastSweep > 1_000) {
    lastSweep = now;
    for (const [k, entry] of memo) if (now - entry.at > TTL_MS) memo.delete(k);
  }
  const promise = load();
  promise.catch(() => {});
  memo.set(key, { at: now, promise });
  return promise;
}

export function requestState(request: Request): Promise<RequestState> {
  return perRequest(request, "state", () => loadState(request));
}

/** The `?` of WAITING_CONDITION_SQL, as expressions on the current user's row `cu` (twin of waitingParams). */
const WAITING_PARAMS_ON_CU = [
  "cu.employee_id",
  "cu.profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT')",
  "cu.profile_type = 'ROLE_DEPARTMENT_HEAD'",
  "coalesce(cu.division_id, -1)",
  "cu.profile_type = 'ROLE_TEAM_LEADER'",
  "coalesce(cu.team_id, -1)",
];

/** The `?` of DEPUTY_WAITING_CONDITION_SQL on `cu` (twin of deputyWaitingParams; today as DEPUTY_TODAY_SQL reads it). */
const DEPUTY_PARAMS_ON_CU = ["cu.employee_id", "cu.employee_id", DEPUTY_TODAY_SQL, "cu.employee_id", DEPUTY_TODAY_SQL];

function inlineParams(sql: string, exprs: string[]): string {
  const parts = sql.split("?");
  if (parts.length !== exprs.length + 1) throw new Error("A waiting condition changed: update its params on cu");
  return parts.reduce((out, part, i) => out + part + (i < exprs.length ? exprs[i] : ""), "");
}

const OWN_WAITING_ON_CU = inlineParams(WAITING_CONDITION_SQL, WAITING_PARAMS_ON_CU);

/** Profiles a deputy stands in for that bring a counter (as countersFor reads deputyFor). */
const deputyProfilesWith = (kind: CounterKind) =>
  PROFILE_TYPES.filter((p) => countersFor("", [p]).includes(kind))
    .map((p) => `'${p}'`)
    .join(", ") || "null";

const profilesWith = (kind: CounterKind) =>
  PROFILE_TYPES.filter((p) => countersFor(p).includes(kind))
    .map((p) => `'${p}'`)
    .join(", ") || "null";

export const SHELL_SQL = `select s.data, s.last_seen_at, s.expires_at, cu.*,
    case when cu.profile_type in (${profilesWith("waitingLeaves")}) then
      (select count(*) from leave l where ${OWN_WAITING_ON_CU})
    end as waiting,
    case when cu.deputy_for && array[${deputyProfilesWith("waitingLeaves")}]::text[] then
      (select count(*) from leave l where ${inlineParams(DEPUTY_WAITING_CONDITION_SQL, DEPUTY_PARAMS_ON_CU)}
         and ${OWN_WAITING_ON_CU} is not true)
    end as deputy_waiting,
    case when cu.profile_type in (${profilesWith("suggestedClocks")})
           or cu.deputy_for && array[${deputyProfilesWith("suggestedClocks")}]::text[] then
      (select count(*) from time_clock where suggested = true)
    end as suggested
  from session s
  left join lateral (select ${CURRENT_USER_SELECT} from ${CURRENT_USER_FROM}
                     where u.id = (s.data->>'userId')::int) cu on true
  where s.id = ?`;

type ShellRow = CurrentUserRow & {
  data: SessionData;
  last_seen_at: Date;
  expires_at: Date;
  waiting: string | null;
  /** What awaits the managers the user stands in for today, not already in `waiting` (decision 0105). */
  deputy_waiting: string | null;
  suggested: string | null;
};

async function loadState(request: Request): Promise<RequestState> {
  const id = await sessionIdOf(request);
  if (!id) return { session: createSession({}, "") as AppSession, user: null, counters: {} };
  const em = await getEm();
  // A named prepared statement: every signed-in request runs it, and its plan is the same each time (0060).
  const [row] = await preparedQuery<ShellRow>(em, "cadran_shell", SHELL_SQL, [sha256(id)]);
  const freshness = row ? sessionFreshness(row) : "expired";
  if (!row || freshness === "expired") {
    if (row) await em.getConnection().execute("delete from session where id = ?", [sha256(id)]);
    // As the session storage does: the id stays, the data is empty.
    return { session: createSession({}, id) as AppSession, user: null, counters: {} };
  }
  if (freshness === "touch") {
    await em.getConnection().execute("update session set last_seen_at = ? where id = ?", [new Date(), sha256(id)]);
  }
  const user = row.user_id != null ? toCurrentUser(row) : null;
  const counters: Partial<Record<CounterKind, number>> = {};
  if (user) {
    const kinds = countersFor(user.profileType, user.deputyFor);
    if (kinds.includes("waitingLeaves")) counters.waitingLeaves = Number(row.waiting ?? 0) + Number(row.deputy_waiting ?? 0);
    if (kinds.includes("suggestedClocks")) counters.suggestedClocks = Number(row.suggested ?? 0);
  }
  return { session: createSession(row.data ?? {}, id) as AppSession, user, counters };
}
