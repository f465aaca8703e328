import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { canOpenPage } from "~/domain/identity/access";
import { safeRedirect as safeRedirectTo } from "~/domain/identity/safe-redirect";
import { t } from "~/i18n/fr";
import { loginWithPassword } from "~/services/identity/auth.server";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { env } from "~/server/shared/env.server";
import { getEm } from "~/server/shared/orm.server";
import { perRequest, REQUEST_ID_HEADER, requestState } from "~/server/shared/request-state.server";
import { commitSession, destroySession, getSession, pushAlert, sessionStorage } from "./session.server";

/** Set by our Express server from the socket (any incoming value is overwritten). */
export const CLIENT_IP_HEADER = "x-cadran-client-ip";
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

export class LoginError extends Error {
  constructor(readonly reason: "invalid" | "throttled" | "missing") {
    super(reason);
  }
}

export const authenticator = new Authenticator<number>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const identifier = String(form.get("identifier") ?? "");
    const password = String(form.get("password") ?? "");
    if (!identifier.trim() || !password) throw new LoginError("missing");
    const em = await getEm();
    const result = await loginWithPassword(em, { identifier, password, ip: clientIp(request) });
    if (!result.ok) throw new LoginError(result.reason);
    return result.userId;
  }),
  "form",
);

/** The path a page request is about, also for Remix data requests ("/x.data", "/_root.data"). */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname;
  if (path === "/_root.data") return "/";
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  return path || "/";
}

export function pathWithSearch(request: Request): string {
  const url = new URL(request.url);
  const search = new URLSearchParams(url.search);
  search.delete("_data");
  search.delete("_routes");
  search.delete("index");
  const q = search.toString();
  return pagePath(request) + (q ? `?${q}` : "");
}

export async function getUserId(request: Request): Promise<number | null> {
  const { session } = await requestState(request);
  const id = session.get("userId");
  return typeof id === "number" ? id : null;
}

/**
 * The guard every signed-in loader and action starts with. Not signed in: to /login with the full path in
 * `redirect`. Signed in without the right for this page: logged out and sent to /login (spec 1 §6).
 */
export function requireUser(request: Request): Promise<CurrentUser> {
  // The layout and the page loaders of one HTTP request run in parallel, each with its own copy of the Request:
  // they share one guard (one query for session, user and counters: server/shared/request-state.server.ts, one answer) through the
  // request id our server sets.
  return perRequest(request, "guard", () => guard(request));
}

export { REQUEST_ID_HEADER };

async function guard(request: Request): Promise<CurrentUser> {
  const state = await requestState(request);
  const { session } = state;
  const userId = session.get("userId");
  const user = typeof userId === "number" ? state.user : null;
  if (!user && session.id && wasRefused(session.id)) {
    // The layout and the page load in parallel (one request, one process): the loader that reads the session after
    // the other ended it for lack of a right must answer the same (to /login with the alert), not "sign in and come
    // back here". A shared store is not needed: both loaders of a request run in the same process.
    throw await logoutRedirect(request, { type: "danger", message: t("error.forbidden") });
  }
  if (!user) {
    const headers = new Headers();
    if (userId != null) headers.append("Set-Cookie", await destroySession(session));
    throw redirect(`/login?redirect=${encodeURIComponent(pathWithSearch(request))}`, { headers });
  }
  if (!canOpenPage(pagePath(request), user.profileType, user.deputyFor)) {
    rememberRefused(session.id);
    throw await logoutRedirect(request, { type: "danger", message: t("error.forbidden") });
  }
  return user;
}

/** Session ids just ended for lack of a right (a few seconds are enough: the loaders of one request). */
const refused = new Map<string, number>();
const REFUSED_TTL_MS = 30_000;
function rememberRefused(sessionId: string) {
  const now = Date.now();
  for (const [id, at] of refused) if (now - at > REFUSED_TTL_MS) refused.delete(id);
  if (sessionId) refused.set(sessionId, now);
}
function wasRefused(sessionId: string) {
  const at = refused.get(sessionId);
  return at !== undefined && Date.now() - at <= REFUSED_TTL_MS;
}

/** For pages of the security layout: a signed-in visitor goes home. */
export async function requireAnonymous(request: Request) {
  if ((await getUserId(request)) != null) throw redirect("/");
}

/** Ends the session and goes to /login, optionally with an alert on a fresh session. */
export async function logoutRedirect(request: Request, alert?: { type: "danger" | "success" | "info"; message: string }) {
  const session = await getSession(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(session));
  if (alert) {
    const fresh = await sessionStorage().getSession();
    pushAlert(fresh, alert.type, alert.message);
    headers.append("Set-Cookie", await commitSession(fresh));
  }
  return redirect("/login", { headers });
}

/** Starts a new session (new id) for a user who just signed in; earlier alerts are dropped. */
export async function startUserSession(request: Request, userId: number, redirectTo: string) {
  const old = await getSession(request);
  const headers = new Headers();
  if (old.id) headers.append("Set-Cookie", await destroySession(old));
  const session = await sessionStorage().getSession();
  session.set("userId", userId);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(safeRedirect(redirectTo), { headers });
}

/** Only paths of this app (see domain/safe-redirect): "/leave/me?x=1" yes, "//evil.example" or "/\t/x" no. */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  return safeRedirectTo(to, env().APP_URL, fallback);
}
