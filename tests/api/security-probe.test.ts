/**
 * Issue 30, the second outside probe: calendar feeds that outlived their owner's rights, a crafted profile form, reset
 * mails and avatars. Every test here failed on the code before the fix. Login throttling lives in
 * tests/integration/auth-throttle.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "~/i18n/fr";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { createLeave } from "~tests/support/factories-leave";
import { PNG_1X1 } from "~tests/support/factories-profile";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";
import { events, parseIcal } from "~tests/support/ical";

const db = useTestDatabase();
const server = useTestServer();
const base = () => server.baseUrl;
const api = apiClient(base);
const loginApi = (email: string) => api.login(email);
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

let org: Org;
let team: TestEmployee[];
let elsewhere: TestEmployee[];
beforeAll(async () => {
  org = await createOrg(db.em(), " Sonde");
  // Two people in the leader's team, three more in the same subsidiary (another team, another division).
  team = [await createEmployee(db.em(), org, { lastname: "equipe1" }), await createEmployee(db.em(), org, { lastname: "equipe2" })];
  elsewhere = [
    await createEmployee(db.em(), org, { teamId: org.otherTeamId, lastname: "voisin1" }),
    await createEmployee(db.em(), org, { teamId: null, divisionId: org.otherDivisionId, lastname: "voisin2" }),
    await createEmployee(db.em(), org, { teamId: null, divisionId: org.otherDivisionId, lastname: "voisin3" }),
  ];
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  for (const p of [...team, ...elsewhere]) await createLeave(db.em(), p.employeeId, { start: tomorrow, state: "accepted" });
});

async function enableFeed(email: string, scope: "own" | "scope") {
  const c = htmlClient(base);
  await c.login(email);
  const res = await c.post("/profile", { intent: "feed-enable", scope });
  expect(res.status).toBe(200);
  const url = /value="(https?:\/\/[^"]+\/calendar\/[A-Za-z0-9_-]+\.ics)"/.exec(res.text)?.[1];
  expect(url).toBeTruthy();
  return { client: c, path: new URL(url!).pathname };
}

async function feedNames(path: string): Promise<string> {
  const res = await fetch(base() + path);
  expect(res.status).toBe(200);
  return events(parseIcal(await res.text()))
    .map((e) => e.get("SUMMARY"))
    .join("\n")
    .toLowerCase();
}

describe("calendar feeds follow their owner's current rights (issue 30 point 1)", () => {
  it("a team leader turned employee: the same scope feed answers 404 (it listed the whole subsidiary)", async () => {
    const leader = await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER" });
    const { path } = await enableFeed(leader.email, "scope");
    const before = await feedNames(path);
    expect(before).toContain("equipe1");
    expect(before).not.toContain("voisin1");
    await db.sql(`update employee set profile_type = 'ROLE_EMPLOYEE', team_leader = false where id = ?`, [leader.employeeId]);
    await db.sql(`update app_user set roles = '{ROLE_EMPLOYEE}' where id = ?`, [leader.userId]);
    const after = await fetch(base() + path);
    expect(after.status).toBe(404);
    expect(await after.text()).not.toContain("voisin");
  });

  it("follows the owner's current organisation (a leader moved to another team sees that team)", async () => {
    const leader = await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER" });
    const { path } = await enableFeed(leader.email, "scope");
    await db.sql(`update employee set team_id = ? where id = ?`, [org.otherTeamId, leader.employeeId]);
    const now = await feedNames(path);
    expect(now).toContain("voisin1");
    expect(now).not.toContain("equipe1");
  });

  it("stops every feed of an archived owner", async () => {
    const leader = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" });
    const own = await enableFeed(leader.email, "own");
    const scope = await own.client.post("/profile", { intent: "feed-enable", scope: "scope" });
    const scopePath = new URL(/value="(https?:\/\/[^"]+\.ics)"/.exec(scope.text)![1]!).pathname;
    expect((await fetch(base() + scopePath)).status).toBe(200);
    await db.sql(`update employee set fired_at = now() - interval '1 day' where id = ?`, [leader.employeeId]);
    expect((await fetch(base() + own.path)).status).toBe(404);
    expect((await fetch(base() + scopePath)).status).toBe(404);
  });

  it("\"Se déconnecter partout\" ends the feeds too, and the profile says so", async () => {
    const leader = await createEmployee(db.em(), org, { profileType: "ROLE_TEAM_LEADER" });
    const own = await enableFeed(leader.email, "own");
    const scope = await own.client.post("/profile", { intent: "feed-enable", scope: "scope" });
    const scopePath = new URL(/value="(https?:\/\/[^"]+\.ics)"/.exec(scope.text)![1]!).pathname;
    const page = decode((await own.client.get("/profile")).text);
    expect(page).toContain(t("profile.logout_everywhere_hint"));
    expect(t("profile.logout_everywhere_hint")).toContain("flux d'agenda");
    const out = await own.client.post("/profile", { intent: "logout-everywhere" });
    expect(out.status).toBe(302);
    expect((await fetch(base() + own.path)).status).toBe(404);
    expect((await fetch(base() + scopePath)).status).toBe(404);
    expect(await db.sql(`select 1 from calendar_feed where employee_id = ?`, [leader.employeeId])).toEqual([]);
  });
});

describe("a crafted profile form (issue 30 point 4)", () => {
  it("an employee asking a scope feed gets a French 400, nothing stored", async () => {
    const me = await createEmployee(db.em(), org);
    const c = htmlClient(base);
    await c.login(me.email);
    const res = await c.post("/profile", { intent: "feed-enable", scope: "scope" });
    expect(res.status).toBe(400);
    expect(decode(res.text)).toContain(t("planning.error.feed_scope_refused"));
    expect(await db.sql(`select 1 from calendar_feed where employee_id = ?`, [me.employeeId])).toEqual([]);
  });
});

describe("avatars by an unguessable address (issue 30 point 5)", () => {
  it("serves an avatar only at its random key, privately cached; the sequential id finds nothing", async () => {
    const owner = await createEmployee(db.em(), org);
    const other = await createOrg(db.em(), " Ailleurs");
    const stranger = await createEmployee(db.em(), other);
    const ownerToken = await loginApi(owner.email);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(PNG_1X1)], { type: "image/png" }), "a.png");
    const up = await fetch(`${base()}/api/avatars`, { method: "POST", headers: { "X-AUTH-TOKEN": ownerToken, Accept: "application/json" }, body: form });
    expect(up.status).toBe(201);
    const url = ((await up.json()) as { contentUrl: string }).contentUrl;
    expect(url).toMatch(/^\/avatars\/[A-Za-z0-9_-]{43}$/);
    expect(url).not.toBe(`/avatars/${owner.userId}`);
    // The key is the one stored, and random (never derived from the id).
    const [stored] = await db.sql<{ public_key: string }>("select public_key from avatar where user_id = ?", [owner.userId]);
    expect(url).toBe(`/avatars/${stored!.public_key}`);

    const c = htmlClient(base);
    await c.login(stranger.email);
    // Counting ids (what the probe did across subsidiaries) finds nothing.
    for (const guess of [`/avatars/${owner.userId}`, `/avatars/${owner.userId}?v=1`]) {
      const res = await c.get(guess);
      expect(res.status).toBe(404);
    }
    // The owner's own pages link the random address, served privately.
    const mine = htmlClient(base);
    await mine.login(owner.email);
    expect((await mine.get("/profile")).text).toContain(`src="${url}"`);
    const img = await mine.get(url);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(img.headers.get("cache-control")).toMatch(/^private\b/);
    // A new picture, a new address: the old one dies.
    const again = new FormData();
    again.append("file", new Blob([new Uint8Array(PNG_1X1)], { type: "image/png" }), "b.png");
    const up2 = await fetch(`${base()}/api/avatars`, { method: "POST", headers: { "X-AUTH-TOKEN": ownerToken, Accept: "application/json" }, body: again });
    const url2 = ((await up2.json()) as { contentUrl: string }).contentUrl;
    expect(url2).not.toBe(url);
    expect((await mine.get(url)).status).toBe(404);
    expect((await mine.get(url2)).status).toBe(200);
    // Signed out: nothing, even with the key.
    expect((await fetch(base() + url2, { redirect: "manual" })).status).toBe(302);
  });
});
