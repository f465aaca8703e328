import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { createHash, randomBytes } from "node:crypto";
import { cookieSecure, env } from "~/server/shared/env.server";
import { getEm } from "~/server/shared/orm.server";

/** Idle and absolute lifetimes of a browser session (DESIGN §5). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not turn into writes on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export type AlertType = "success" | "info" | "danger" | "warning";
export interface Alert {
  id: string;
  type: AlertType;
  message: string;
}

export interface SessionData {
  userId?: number;
  /** A single sign-on under way (decision 0090): the checks of the answer, and where to go once signed in. */
  oidc?: { state: string; nonce: string; verifier: string; redirect: string; startedAt: number };
}
export interface SessionFlash {
  alerts: Alert[];
}

export function sha256(value: string) {
  return createHash("sha256").update(value).digest("hex");
}

let storage: ReturnType<typeof makeStorage> | undefined;
let storageCookie: ReturnType<typeof createCookie> | undefined;

/**
 * What a read finds in a stored session: gone (past its absolute or idle lifetime: delete it), to touch (lastSeenAt
 * older than a minute: write it), or fresh. Shared by readData and the one-query shell of server/shared/request-state.server.ts.
 */
export function sessionFreshness(row: { last_seen_at: Date | string; expires_at: Date | string }, now = Date.now()) {
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (now >= new Date(row.expires_at).getTime() || now - lastSeen >= SESSION_IDLE_MS) return "expired" as const;
  return now - lastSeen >= TOUCH_EVERY_MS ? ("touch" as const) : ("fresh" as const);
}

/** The session id the request's cookie carries (signed), or null. */
export async function sessionIdOf(request: Request): Promise<string | null> {
  sessionStorage();
  const header = request.headers.get("Cookie");
  const id = header ? await storageCookie!.parse(header) : null;
  return typeof id === "string" && id ? id : null;
}

function makeStorage() {
  const secure = cookieSecure();
  const cookie = (storageCookie = createCookie(secure ? "__Host-cadran" : "cadran_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: [env().SESSION_SECRET],
  }));
  return createSessionStorage<SessionData, SessionFlash>({
    cookie,
    async createData(data) {
      const id = randomBytes(32).toString("base64url");
      const now = new Date();
      const em = await getEm();
      await em
        .getConnection()
        .execute(
          "insert into session (id, user_id, data, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?)",
          [sha256(id), data.userId ?? null, JSON.stringify(data), now, now, new Date(now.getTime() + SESSION_ABSOLUTE_MS)],
        );
      return id;
    },
    async readData(id) {
      const em = await getEm();
      const rows = await em
        .getConnection()
        .execute<{ data: SessionData; created_at: Date; last_seen_at: Date; expires_at: Date }[]>(
          "select data, created_at, last_seen_at, expires_at from session where id = ?",
          [sha256(id)],
        );
      const row = rows[0];
      if (!row) return null;
      const freshness = sessionFreshness(row);
      if (freshness === "expired") {
        await em.getConnection().execute("delete from session where id = ?", [sha256(id)]);
        return null;
      }
      if (freshness === "touch") {
        await em.getConnection().execute("update session set last_seen_at = ? where id = ?", [new Date(), sha256(id)]);
      }
      return row.data;
    },
    async updateData(id, data) {
      const em = await getEm();
      await em
        .getConnection()
        .execute("update session set data = ?, user_id = ?, last_seen_at = ? where id = ?", [
          JSON.stringify(data),
          (data as SessionData).userId ?? null,
          new Date(),
          sha256(id),
        ]);
    },
    async deleteData(id) {
      const em = await getEm();
      await em.getConnection().execute("delete from session where id = ?", [sha256(id)]);
    },
  });
}

export function sessionStorage() {
  storage ??= makeStorage();
  return storage;
}

export type AppSession = Session<SessionData, SessionFlash>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession) {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession) {
  return sessionStorage().destroySession(session);
}

/** Adds an alert shown on the next page (newest on top). */
export function pushAlert(session: AppSession, type: AlertType, message: string) {
  const current = (session.get("alerts") as Alert[] | undefined) ?? [];
  session.flash("alerts", [{ id: randomBytes(6).toString("hex"), type, message }, ...current]);
}

/** Revokes every session of a user (logout everywhere, password change, archiving). */
export async function revokeUserSessions(userId: number) {
  const em = await getEm();
  await em.getConnection().execute("delete from session where user_id = ?", [userId]);
}
