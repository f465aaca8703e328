import { createCookie } from "@remix-run/node";
import { cookieSecure } from "~/server/shared/env.server";

/** Display preferences that need no account: the shrunk sidebar. */
const sidebarCookie = createCookie("cadran_sidebar", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 3600,
});

export async function sidebarCollapsed(request: Request): Promise<boolean> {
  const value = await sidebarCookie.parse(request.headers.get("Cookie"));
  return value === "collapsed";
}

export function serializeSidebar(collapsed: boolean) {
  return sidebarCookie.serialize(collapsed ? "collapsed" : "expanded", { secure: cookieSecure() });
}
