import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "~/i18n/fr";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, TEST_PASSWORD, type Org, type TestEmployee } from "~tests/support/factories";
import { createLeave } from "~tests/support/factories-leave";
import { apiClient, htmlClient, useTestServer } from "~tests/support/http";

/** Issue 28 item 9: the personal planning offers next year; the profile changes the password (current + new twice). */
const db = useTestDatabase();
const server = useTestServer();

const decode = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");

let org: Org;
let who: TestEmployee;
// Next year in Paris, as the app counts years (the machine\'s zone gave the year before on 1 January 00:30).
const NEXT = DateTime.now().setZone("Europe/Paris").year + 1;

beforeAll(async () => {
  org = await createOrg(db.em(), " Planning28");
  who = await createEmployee(db.em(), org);
});

describe("the personal planning", () => {
  it("offers next year and shows the leaves booked in it", async () => {
    await createLeave(db.em(), who.employeeId, { start: `${NEXT}-01-12`, end: `${NEXT}-01-13`, state: "accepted", numberDaysWork: 2 });
    const client = htmlClient(() => server.baseUrl);
    await client.login(who.email);
    const page = await client.get("/planning/me");
    expect(page.text).toContain(`<option value="${NEXT}">${NEXT}</option>`);
    const next = await client.get(`/planning/me?year=${NEXT}`);
    expect(next.status).toBe(200);
    expect(next.text).toContain(`title="${t("planning.key.paid_leave")}"`);
  });
});

describe("changing one's password from the profile", () => {
  it("refuses a wrong current password and two different new ones, in words, changing nothing", async () => {
    const client = htmlClient(() => server.baseUrl);
    await client.login(who.email);
    const wrong = await client.post("/profile", { intent: "change-password", current: "Pas-le-bon-1!", password: "Nouveau-2026!", confirm: "Autre-2026!" });
    expect(wrong.status).toBe(400);
    const html = decode(wrong.text);
    expect(html).toContain("Le mot de passe actuel est incorrect.");
    expect(html).toContain("Les deux saisies du nouveau mot de passe sont différentes.");
    const weak = await client.post("/profile", { intent: "change-password", current: TEST_PASSWORD, password: "court", confirm: "court" });
    expect(decode(weak.text)).toContain(t("password.invalid"));
    expect((await client.get("/profile")).status).toBe(200);
  });

  it("changes it: every session ends, the old password fails and the new one signs in", async () => {
    const me = await createEmployee(db.em(), org);
    const client = htmlClient(() => server.baseUrl);
    await client.login(me.email);
    const api = apiClient(() => server.baseUrl);
    const token = await api.login(me.email);
    const done = await client.post("/profile", { intent: "change-password", current: TEST_PASSWORD, password: "Nouveau-2026!", confirm: "Nouveau-2026!" });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/login");
    expect((await client.get("/login")).text).toContain("Votre mot de passe a été changé.");
    expect((await api.get("/api/leaves/me", token)).status).toBe(401);
    await expect(api.login(me.email)).rejects.toThrow();
    expect(await api.login(me.email, "Nouveau-2026!")).toBeTruthy();
  });

  it("counts a wrong current password as a failed sign-in: after ten, even the right one is refused and nothing changes", async () => {
    const me = await createEmployee(db.em(), org);
    const client = htmlClient(() => server.baseUrl);
    await client.login(me.email);
    for (let i = 0; i < 10; i++) {
      const wrong = await client.post("/profile", { intent: "change-password", current: `Faux-${i}-2026!`, password: "Nouveau-2026!", confirm: "Nouveau-2026!" });
      expect(decode(wrong.text)).toContain("Le mot de passe actuel est incorrect.");
    }
    const failures = await db.em().getConnection().execute<{ n: number }[]>("select count(*)::int as n from login_failure where identifier = ?", [me.email]);
    expect(failures[0]!.n).toBe(10);
    const right = await client.post("/profile", { intent: "change-password", current: TEST_PASSWORD, password: "Nouveau-2026!", confirm: "Nouveau-2026!" });
    expect(right.status).toBe(400);
    expect(decode(right.text)).toContain(t("login.throttled"));
    // The sign-in form counts the same failures: the account waits out the window there too.
    const api = apiClient(() => server.baseUrl);
    await expect(api.login(me.email)).rejects.toThrow();
    await expect(api.login(me.email, "Nouveau-2026!")).rejects.toThrow();
    const [row] = await db.em().getConnection().execute<{ changed: Date | null }[]>(
      "select password_changed_at as changed from app_user where email = ?",
      [me.email],
    );
    expect(row!.changed).toBeNull();
  });
});
