import { createCookie } from "@remix-run/node";
import { cookieSecure, env } from "~/server/shared/env.server";
import { getEm } from "~/server/shared/orm.server";
import { terminalOfSecret, type DeviceTerminal } from "~/services/time-clock/terminals.server";

/**
 * The device cookie of a shop-floor terminal (issue 46, decision 0136): the device secret, signed, HttpOnly,
 * SameSite=Lax, Secure in production, for 400 days (the longest a browser keeps one). Its path is `/`: with JavaScript
 * the terminal's posts go to `/terminal.data`, which a `Path=/terminal` cookie does not reach. It is not a session:
 * it names a terminal, never a person, and no page but the terminal's reads it.
 */
export const TERMINAL_COOKIE = "cadran_terminal";
const MAX_AGE_S = 400 * 24 * 60 * 60;

let cookie: ReturnType<typeof createCookie> | undefined;
function terminalCookie() {
  cookie ??= createCookie(TERMINAL_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure(),
    path: "/",
    maxAge: MAX_AGE_S,
    secrets: [env().SESSION_SECRET],
  });
  return cookie;
}

/** The Set-Cookie header giving the device its secret. */
export function deviceCookieHeader(secret: string): Promise<string> {
  return terminalCookie().serialize(secret);
}

/** The terminal of the request's device cookie (marking its last use), or null: not enrolled, revoked, tampered. */
export async function deviceTerminal(request: Request, now: Date): Promise<DeviceTerminal | null> {
  const secret: unknown = await terminalCookie().parse(request.headers.get("Cookie"));
  if (typeof secret !== "string") return null;
  return terminalOfSecret(await getEm(), secret, now);
}
