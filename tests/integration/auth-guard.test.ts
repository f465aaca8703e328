import { beforeAll, describe, expect, it } from "vitest";
import { pagePath, pathWithSearch, requireUser, safeRedirect } from "~/server/identity/auth.server";
import { commitSession, getSession, sessionStorage } from "~/server/identity/session.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type TestEmployee } from "~tests/support/factories";

/** The page guard (requireUser) called directly, as the loaders of one request call it. */
const db = useTestDatabase();

let employee: TestEmployee;
let manager: TestEmployee;
beforeAll(async () => {
  const org = await createOrg(db.em());
  employee = await createEmployee(db.em(), org, { profileType: "ROLE_EMPLOYEE" });
  manager = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" });
});

async function signedInCookie(userId: number) {
  const session = await sessionStorage().getSession();
  session.set("userId", userId);
  return (await commitSession(session)).split(";")[0]!;
}
const request = (path: string, cookie?: string) =>
  new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a redirect");
}

describe("requireUser", () => {
  it("returns the current user for a page they may open", async () => {
    const cookie = await signedInCookie(manager.userId);
    const user = await requireUser(request("/settings/countries/new", cookie));
    expect(user).toMatchObject({ userId: manager.userId, profileType: "ROLE_HEAD_MANAGEMENT" });
  });

  it("sends an anonymous visitor to /login with the full path, for data requests too", async () => {
    const res = await thrown(requireUser(request("/leave/me?tab=accepted")));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirect=%2Fleave%2Fme%3Ftab%3Daccepted");
    const data = await thrown(requireUser(request("/leave/me.data?tab=accepted&_routes=routes%2F_app")));
    expect(data.headers.get("location")).toBe("/login?redirect=%2Fleave%2Fme%3Ftab%3Daccepted");
  });

  it("logs out a user without the right: session row deleted, to exactly /login with an alert", async () => {
    const cookie = await signedInCookie(employee.userId);
    const res = await thrown(requireUser(request("/settings", cookie)));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect(await db.sql("select id from session where user_id = ?", [employee.userId])).toHaveLength(0);
    const fresh = res.headers.getSetCookie().at(-1)!.split(";")[0]!;
    const alerts = (await getSession(request("/login", fresh))).get("alerts");
    expect(alerts).toEqual([expect.objectContaining({ type: "danger", message: "Vous n'avez pas accès à cette page." })]);
  });

  it("gives the same answer to a parallel loader that reads the session after it was ended", async () => {
    // The layout and the page of one request run requireUser in parallel; the second one finds the row gone.
    const cookie = await signedInCookie(employee.userId);
    const first = await thrown(requireUser(request("/settings", cookie)));
    const second = await thrown(requireUser(request("/settings", cookie)));
    expect(first.headers.get("location")).toBe("/login");
    expect(second.headers.get("location")).toBe("/login");
  });

  it("still treats an idle-expired session as a sign-in (with the redirect back)", async () => {
    const cookie = await signedInCookie(employee.userId);
    await db.sql("update session set last_seen_at = now() - interval '31 minutes' where user_id = ?", [employee.userId]);
    const res = await thrown(requireUser(request("/profile", cookie)));
    expect(res.headers.get("location")).toBe("/login?redirect=%2Fprofile");
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/leave/me?tab=1", "/leave/me?tab=1"],
    ["/", "/"],
    [null, "/"],
    [undefined, "/"],
    ["", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    ["evil.example", "/"],
    ["/login?redirect=/x", "/"],
    ["/logout", "/"],
  ])("%j -> %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
});

describe("pagePath", () => {
  it.each([
    ["/leave/me", "/leave/me"],
    ["/leave/me.data", "/leave/me"],
    ["/_root.data", "/"],
    ["/", "/"],
  ])("%s -> %s", (path, expected) => {
    expect(pagePath(request(path))).toBe(expected);
  });

  it("keeps the query but not Remix's own parameters", () => {
    expect(pathWithSearch(request("/leave/me.data?tab=1&_routes=x&index"))).toBe("/leave/me?tab=1");
  });
});
