import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CLOCK_COOKIE } from "~/server/shared/clock.server";
import { deviceCookieHeader } from "~/server/time-clock/terminal-device.server";
import { loadCurrentUser } from "~/services/identity/current-user.server";
import { issueBadge } from "~/services/time-clock/terminal-badges.server";
import { setOwnCode } from "~/services/time-clock/terminal-codes.server";
import { enrolTerminal, registerTerminal, TERMINAL_CLOCKINGS_LIMIT } from "~/services/time-clock/terminals.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { setSchedule } from "~tests/support/factories-time";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * The badge's QR over real HTTP without JavaScript (issue 46 item 2, decision 0137), at fixed instants (the test
 * clock): HR issues it from the sheet (a confirmation, then the printable badge with its QR as inline SVG, shown once),
 * the terminal reads it from its badge field or from the matricule field (a scanner types where the focus is), then
 * the same person step and buttons as after a code; a wrong or revoked badge gets one French sentence. And a
 * terminal's last clockings in Settings (decision 0137).
 */
process.env.CADRAN_TEST_CLOCK = "1";
afterAll(() => {
  delete process.env.CADRAN_TEST_CLOCK;
});
const db = useTestDatabase();
const server = useTestServer();
const base = () => server.baseUrl;
/** Monday 21 December 2026, 07:58 in Paris. */
const T0 = new Date("2026-12-21T06:58:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
const tokenOf = (html: string) => /name="person" value="([^"]+)"/.exec(html)?.[1] ?? "";

let org: Org;
let head: TestEmployee;

beforeAll(async () => {
  org = await createOrg(db.em());
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" });
});

async function person(email: string, firstname: string, lastname: string, matricule: number) {
  const e = await createEmployee(db.em(), org, { email, firstname, lastname });
  await setSchedule(db.em(), e.employeeId);
  await db.sql("update employee set matricule = ? where id = ?", [matricule, e.employeeId]);
  return e;
}

async function device(name: string) {
  const actor = (await loadCurrentUser(db.em(), head.userId))!;
  const link = await registerTerminal(db.em(), actor, { subsidiaryId: org.subsidiaryId, name, place: "Hall" }, T0);
  const enrolled = (await enrolTerminal(db.em(), link.token, T0))!;
  const client = htmlClient(base);
  const pair = (await deviceCookieHeader(enrolled.secret)).split(";")[0]!;
  client.jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  return { id: link.id, client, now: (d: Date) => client.jar.set(TEST_CLOCK_COOKIE, String(d.getTime())) };
}

describe("the badge over HTTP", () => {
  it("HR issues it from the sheet: a confirmation, then the printable badge once; the history says so; revoked, the sheet says none", async () => {
    const camille = await person("camille.qr@cadran.test", "camille", "dubois", 8101);
    const hr = htmlClient(base);
    await hr.login(head.email);
    hr.jar.set(TEST_CLOCK_COOKIE, String(T0.getTime()));
    const sheet = decode((await hr.get(`/employees/${camille.employeeId}/edit`)).text);
    expect(sheet).toContain("Aucun badge en service.");
    // The server-rendered confirmation (a <details>: works without JavaScript), posting to the badge page.
    expect(sheet).toContain("Émettre un badge de pointage pour Camille DUBOIS ?");
    expect(sheet).toContain(`action="/employees/${camille.employeeId}/badge"`);

    const printed = await hr.post(`/employees/${camille.employeeId}/badge`, { intent: "issue-badge" });
    expect(printed.status).toBe(200);
    expect(printed.headers.get("cache-control")).toContain("no-store");
    const page = decode(printed.text);
    expect(page).toContain('data-testid="printable-badge"');
    expect(page).toContain("Camille DUBOIS");
    expect(page).toContain("Matricule 8101");
    expect(page).toMatch(/<div class="badge-qr" role="img" aria-label="QR code du badge de Camille DUBOIS"><svg aria-hidden="true"[^>]*viewBox="0 0 \d+ \d+"/);
    // Under the QR, its text to type when no reader is at hand (the secret in groups of four); stored only as a hash.
    const typed = /data-testid="badge-text">([^<]+)</.exec(page)?.[1] ?? "";
    expect(typed).toMatch(/^CADRAN-8101- ([0-9A-F]{4} ){15}[0-9A-F]{4}$/);
    const [row] = await db.sql<{ h: string }>("select terminal_badge_hash as h from employee where id = ?", [camille.employeeId]);
    expect(row!.h).toMatch(/^[0-9a-f]{64}$/);
    expect(await db.sql("select id from employee where terminal_badge_hash = ?", [typed.replace(/\s/g, "")])).toEqual([]);
    // Typed as printed at a terminal: Camille's buttons.
    const desk = await device("Entrée fiche");
    desk.now(T0);
    expect(decode((await desk.client.post("/terminal?index", { intent: "badge", badge: typed })).text)).toContain("Bonjour Camille DUBOIS");

    // Shown once: the badge page's GET has no QR, only the state and the actions.
    const again = decode((await hr.get(`/employees/${camille.employeeId}/badge`)).text);
    expect(again).not.toContain("printable-badge");
    expect(again).toContain("Badge émis le 21/12/2026 07:58.");
    expect(again).toContain("Réémettre le badge");

    const history = decode((await hr.get(`/employees/${camille.employeeId}/history?kind=terminal`)).text);
    expect(history).toContain("Badge de pointage émis");
    expect(history).toContain("Borne de pointage");

    const revoked = await hr.post(`/employees/${camille.employeeId}/badge`, { intent: "revoke-badge" });
    expect(revoked.status).toBe(302);
    expect(revoked.location).toBe(`/employees/${camille.employeeId}/edit`);
    const after = decode((await hr.get(`/employees/${camille.employeeId}/edit`)).text);
    expect(after).toContain("Le badge de pointage de Camille DUBOIS est révoqué.");
    expect(after).toContain("Aucun badge en service.");
    expect(decode((await desk.client.post("/terminal?index", { intent: "badge", badge: typed })).text)).toContain("Badge non reconnu.");
    // Revoking again: a French notice, never a 500.
    const twice = await hr.post(`/employees/${camille.employeeId}/badge`, { intent: "revoke-badge" });
    expect(twice.status).toBe(302);
    expect(decode((await hr.get(`/employees/${camille.employeeId}/edit`)).text)).toContain("Aucun badge n'est en service.");
    expect(decode((await hr.get(`/employees/${camille.employeeId}/history?kind=terminal`)).text)).toContain("Badge de pointage révoqué");
    // An employee cannot open it (the rights table: HR only).
    const self = htmlClient(base);
    await self.login(camille.email);
    expect((await self.get(`/employees/${camille.employeeId}/badge`)).location).toBe("/login");
  });

  it("the keypad reads a badge from its field or the matricule field, then the same buttons; a wrong or revoked one is refused", async () => {
    const sacha = await person("sacha.qr@cadran.test", "sacha", "martin", 8201);
    const actor = (await loadCurrentUser(db.em(), head.userId))!;
    const badge = await issueBadge(db.em(), actor, sacha.employeeId, T0);
    const entrance = await device("Entrée QR");
    entrance.now(T0);
    const keypad = await entrance.client.get("/terminal");
    expect(keypad.text).toContain('data-testid="badge-form"');
    expect(keypad.text).toMatch(/<input type="hidden" name="intent" value="badge"\/>/);
    expect(keypad.text).toMatch(/id="terminal-badge" name="badge"/);
    // The camera button is JavaScript's (feature-detected after hydration): not in the page without it.
    expect(decode(keypad.text)).not.toContain("Scanner le badge");

    const step = await entrance.client.post("/terminal?index", { intent: "badge", badge: badge.content });
    expect(step.status).toBe(200);
    const stepText = decode(step.text);
    expect(stepText).toContain("Bonjour Sacha MARTIN");
    expect(stepText).toContain(">Début</button>");
    const done = await entrance.client.post("/terminal?index", { intent: "start", person: tokenOf(step.text) });
    expect(decode(done.text)).toContain("Début de journée enregistré à 07:58, Sacha MARTIN");

    // A scanner typing into the matricule field (the focused one), the code left empty.
    entrance.now(at(60));
    const scanned = await entrance.client.post("/terminal?index", { intent: "code", matricule: badge.content.toLowerCase(), code: "" });
    expect(decode(scanned.text)).toContain("Bonjour Sacha MARTIN");
    const pause = await entrance.client.post("/terminal?index", { intent: "pause", person: tokenOf(scanned.text) });
    expect(decode(pause.text)).toContain("Pause enregistrée à 08:58, Sacha MARTIN");

    const wrong = await entrance.client.post("/terminal?index", { intent: "badge", badge: `CADRAN-8201-${"0".repeat(64)}` });
    const junk = await entrance.client.post("/terminal?index", { intent: "badge", badge: "ceci n'est pas un badge" });
    expect([wrong.status, junk.status]).toEqual([400, 400]);
    expect(decode(wrong.text)).toContain("Badge non reconnu.");
    expect(decode(junk.text)).toContain("Badge non reconnu.");
    const hr = htmlClient(base);
    await hr.login(head.email);
    await hr.post(`/employees/${sacha.employeeId}/badge`, { intent: "revoke-badge" });
    const revoked = await entrance.client.post("/terminal?index", { intent: "badge", badge: badge.content });
    expect(revoked.status).toBe(400);
    expect(decode(revoked.text)).toContain("Badge non reconnu.");
    const [term] = await db.sql<{ f: number }>("select failures as f from terminal where id = ?", [entrance.id]);
    expect(term!.f).toBe(3);
  });

  it("Settings lists a terminal's last clockings: who, which action, when in Paris; limited; HR only", async () => {
    const lou = await person("lou.qr@cadran.test", "lou", "durand", 8301);
    await setOwnCode(db.em(), (await loadCurrentUser(db.em(), lou.userId))!, { code: "2468", confirm: "2468" }, T0);
    const quay = await device("Quai QR");
    const hr = htmlClient(base);
    await hr.login(head.email);
    const empty = decode((await hr.get(`/settings/terminals/${quay.id}`)).text);
    expect(empty).toContain("Pointages de la borne « Quai QR »");
    expect(empty).toContain("Aucun pointage à cette borne pour le moment.");
    expect((await hr.get("/settings/terminals")).text).toContain(`href="/settings/terminals/${quay.id}"`);

    for (const [minutes, intent] of [[0, "start"], [240, "lunch"], [300, "start"]] as const) {
      quay.now(at(minutes));
      const step = await quay.client.post("/terminal?index", { intent: "code", matricule: "8301", code: "2468" });
      expect((await quay.client.post("/terminal?index", { intent, person: tokenOf(step.text) })).status).toBe(200);
    }
    const page = await hr.get(`/settings/terminals/${quay.id}`);
    expect(page.status).toBe(200);
    const rows = [...decode(page.text).matchAll(/<tr data-testid="clocking"><td>([^<]+)<\/td><th scope="row">([^<]+)<\/th><td>(\d*)<\/td><td>([^<]+)/g)].map((m) => m.slice(1));
    expect(rows).toEqual([
      ["21/12/2026 12:58", "Lou DURAND", "8301", "Début"],
      ["21/12/2026 11:58", "Lou DURAND", "8301", "Déjeuner"],
      ["21/12/2026 07:58", "Lou DURAND", "8301", "Début"],
    ]);
    expect(decode(page.text)).toContain(`Les ${TERMINAL_CLOCKINGS_LIMIT} derniers pointages`);
    // Another terminal's list does not show them; an unknown one is a 404; an employee is sent to the login.
    expect(decode((await hr.get(`/settings/terminals/${(await device("Quai vide")).id}`)).text)).toContain("Aucun pointage à cette borne");
    expect((await hr.get("/settings/terminals/999999")).status).toBe(404);
    expect((await hr.get("/settings/terminals/abc")).status).toBe(404);
    const self = htmlClient(base);
    await self.login(lou.email);
    expect((await self.get(`/settings/terminals/${quay.id}`)).location).toBe("/login");
  });
});
