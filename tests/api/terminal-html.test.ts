import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { htmlClient, useTestServer } from "~tests/support/http";

/** The shop-floor terminal over real HTTP without JavaScript (issue 46 item 1): register, enrol, the cookie's reach, revoke. */
const db = useTestDatabase();
const server = useTestServer();
const base = () => server.baseUrl;

let org: Org;
let head: TestEmployee;
let employee: TestEmployee;

beforeAll(async () => {
  org = await createOrg(db.em());
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" });
  employee = await createEmployee(db.em(), org);
});

const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** Registers a terminal from the settings screen and returns its id and the enrolment path shown once. */
async function register(manager: ReturnType<typeof htmlClient>, name: string) {
  const res = await manager.post("/settings/terminals", { intent: "register", name, place: "Hall", subsidiary: String(org.subsidiaryId) });
  expect(res.status).toBe(200);
  const url = /data-testid="enrol-url">([^<]+)</.exec(res.text)?.[1];
  expect(url).toBeDefined();
  const path = new URL(decode(url!)).pathname;
  const [row] = await db.sql<{ id: number }>("select id from terminal where name = ?", [name]);
  return { id: row!.id, path };
}

describe("the terminal without JavaScript", () => {
  it("registers from Settings, enrols a device with its own cookie, which opens /terminal and nothing else, until revoked", async () => {
    const manager = htmlClient(base);
    await manager.login(head.email);
    const settings = await manager.get("/settings/terminals");
    expect(settings.status).toBe(200);
    expect(decode(settings.text)).toContain("Aucune borne pour le moment.");
    expect((await manager.get("/settings")).text).toContain('href="/settings/terminals"');

    const { id, path } = await register(manager, "Entrée atelier");
    expect(decode((await manager.get("/settings/terminals")).text)).toContain("En attente d'appairage");

    const device = htmlClient(base);
    const before = await device.get("/terminal");
    expect(before.status).toBe(200);
    expect(decode(before.text)).toContain("Ce poste n'est pas appairé");

    // The link's GET only asks; the POST consumes it and gives the device cookie.
    const ask = await device.get(path);
    expect(ask.status).toBe(200);
    expect(decode(ask.text)).toContain("Ce poste deviendra la borne de pointage « Entrée atelier » (3 Print).");
    expect(device.jar.size).toBe(0);
    const enrol = await device.post(path, {});
    expect(enrol.status).toBe(302);
    expect(enrol.location).toBe("/terminal");
    const setCookie = enrol.headers.getSetCookie().find((c) => c.startsWith("cadran_terminal="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/(;|$)/);
    expect(setCookie).toMatch(/Max-Age=34560000/);
    expect([...device.jar.keys()]).toEqual(["cadran_terminal"]);

    const on = await device.get("/terminal");
    expect(on.status).toBe(200);
    expect(decode(on.text)).toContain("Poste appairé : Entrée atelier");
    // A second device cannot use the same link.
    const other = htmlClient(base);
    expect((await other.post(path, {})).status).toBe(404);

    // The device cookie is no session: every other page sends it to the login.
    for (const page of ["/", "/time-clock/badging", "/settings/terminals", "/profile"]) {
      const res = await device.get(page);
      expect(res.status, page).toBe(302);
      expect(res.location ?? "", page).toMatch(/^\/login/);
    }
    expect((await device.get("/api/profile")).status).toBe(401);

    const listed = decode((await manager.get("/settings/terminals")).text);
    expect(listed).toContain("Actif");
    expect(listed).toContain("3 Print");

    // Revoking is a server-rendered confirmation step, then a POST.
    const confirm = await manager.get(`/settings/terminals?confirm=revoke-${id}`);
    expect(decode(confirm.text)).toContain("Révoquer la borne « Entrée atelier » ? Elle ne pourra plus servir à pointer ; c'est définitif.");
    const revoked = await manager.post("/settings/terminals", { intent: "revoke", id: String(id) });
    expect(revoked.status).toBe(302);
    expect(decode((await manager.get("/settings/terminals")).text)).toContain("Révoqué");
    const after = await device.get("/terminal");
    expect(after.status).toBe(200);
    expect(decode(after.text)).toContain("Ce poste n'est pas appairé");
  });

  it("answers bad input with French field errors (400, the form filled), and other roles cannot open Settings", async () => {
    const manager = htmlClient(base);
    await manager.login(head.email);
    const res = await manager.post("/settings/terminals", { intent: "register", name: " ", place: "Quai", subsidiary: "abc" });
    expect(res.status).toBe(400);
    const text = decode(res.text);
    expect(text).toContain("Le nom est obligatoire.");
    expect(text).toContain("Choisissez une agence.");
    expect(text).toContain('value="Quai"');
    expect((await manager.post("/settings/terminals", { intent: "revoke", id: "999999" })).status).toBe(302);
    expect((await manager.post("/settings/terminals", { intent: "nope" })).status).toBe(302);

    const person = htmlClient(base);
    await person.login(employee.email);
    const denied = await person.get("/settings/terminals");
    expect(denied.status).toBe(302);
    expect(denied.location ?? "").toMatch(/^\/login/);
    expect((await person.post("/settings/terminals", { intent: "register", name: "X", place: "", subsidiary: String(org.subsidiaryId) })).status).toBe(302);
    expect(await db.sql("select id from terminal where name = 'X'")).toEqual([]);
  });

  it("the employee sets their code on the profile (French field errors), HR resets it from the sheet", async () => {
    const person = htmlClient(base);
    await person.login(employee.email);
    expect(decode((await person.get("/profile")).text)).toContain("Vous n'avez pas encore de code de pointage.");
    const bad = await person.post("/profile", { intent: "terminal-code", code: "12", confirm: "12" });
    expect(bad.status).toBe(400);
    expect(decode(bad.text)).toContain("Le code doit compter 4 à 6 chiffres.");
    const saved = await person.post("/profile", { intent: "terminal-code", code: "5831", confirm: "5831" });
    expect(saved.status).toBe(302);
    expect(decode((await person.get("/profile")).text)).toMatch(/Code défini le \d{2}\/\d{2}\/\d{4}\./);

    const manager = htmlClient(base);
    await manager.login(head.email);
    expect(decode((await manager.get(`/employees/${employee.employeeId}/edit`)).text)).toContain("Réinitialiser le code de pointage");
    const reset = await manager.post(`/employees/${employee.employeeId}/edit`, { intent: "reset-terminal-code" });
    expect(reset.status).toBe(302);
    expect(decode((await manager.get(`/employees/${employee.employeeId}/edit`)).text)).toContain("Le code de pointage de Camille");
    expect(decode((await person.get("/profile")).text)).toContain("Vous n'avez pas encore de code de pointage.");
    // An employee cannot reset anyone's code.
    expect((await person.post(`/employees/${employee.employeeId}/edit`, { intent: "reset-terminal-code" })).status).toBe(302);
  });

  it("an unknown enrolment link is a French 404 page", async () => {
    const res = await htmlClient(base).get("/terminal/enrol/nope");
    expect(res.status).toBe(404);
    expect(decode(res.text)).toContain("Ce lien d'appairage n'est pas valide");
  });
});
