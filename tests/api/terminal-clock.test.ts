import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CLOCK_COOKIE } from "~/server/shared/clock.server";
import { deviceCookieHeader } from "~/server/time-clock/terminal-device.server";
import { loadCurrentUser } from "~/services/identity/current-user.server";
import { clockAction } from "~/services/time-clock/actions.server";
import { setOwnCode } from "~/services/time-clock/terminal-codes.server";
import { enrolTerminal, registerTerminal, revokeTerminal } from "~/services/time-clock/terminals.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { setSchedule } from "~tests/support/factories-time";
import { htmlClient, useTestServer } from "~tests/support/http";

/**
 * Clocking at the terminal over real HTTP without JavaScript (issue 46 item 3), at fixed instants (the test clock):
 * keypad, the person's buttons, the confirmation that returns to the keypad, the token's bounds, and the same rows as
 * the personal badging.
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

let org: Org;
let headId: number;
const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

async function person(email: string, firstname: string, lastname: string, matricule: number, code: string) {
  const e = await createEmployee(db.em(), org, { email, firstname, lastname });
  await setSchedule(db.em(), e.employeeId);
  await db.sql("update employee set matricule = ? where id = ?", [matricule, e.employeeId]);
  const user = (await loadCurrentUser(db.em(), e.userId))!;
  await setOwnCode(db.em(), user, { code, confirm: code }, T0);
  return user;
}

async function device(name: string) {
  const head = (await loadCurrentUser(db.em(), headId))!;
  const link = await registerTerminal(db.em(), head, { subsidiaryId: org.subsidiaryId, name, place: "" }, T0);
  const enrolled = (await enrolTerminal(db.em(), link.token, T0))!;
  const client = htmlClient(base);
  const pair = (await deviceCookieHeader(enrolled.secret)).split(";")[0]!;
  client.jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  return { id: link.id, client, now: (d: Date) => client.jar.set(TEST_CLOCK_COOKIE, String(d.getTime())) };
}

const tokenOf = (html: string) => /name="person" value="([^"]+)"/.exec(html)?.[1] ?? "";

beforeAll(async () => {
  org = await createOrg(db.em());
  headId = (await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT" })).userId;
});

describe("clocking at the terminal", () => {
  it("clocks two people one after the other, with the personal badging's buttons and rows", async () => {
    const camille = await person("camille.dubois@cadran.test", "camille", "dubois", 7001, "1234");
    const sacha = await person("sacha.martin@cadran.test", "sacha", "martin", 7002, "567890");
    const entrance = await device("Entrée");
    entrance.now(T0);

    const keypad = await entrance.client.get("/terminal");
    expect(keypad.status).toBe(200);
    expect(keypad.text).toMatch(/name="matricule" inputMode="numeric"|inputmode="numeric"[^>]*name="matricule"|name="matricule"[^>]*inputmode="numeric"/i);
    expect(keypad.text).toMatch(/name="code"[^>]*inputmode="numeric"|inputmode="numeric"[^>]*name="code"/i);

    // A wrong code and an unknown matricule: the same French answer.
    const wrong = await entrance.client.post("/terminal?index", { intent: "code", matricule: "7001", code: "0000" });
    const unknown = await entrance.client.post("/terminal?index", { intent: "code", matricule: "7999", code: "1234" });
    expect([wrong.status, unknown.status]).toEqual([400, 400]);
    expect(decode(wrong.text)).toContain("Matricule ou code incorrect.");
    expect(decode(unknown.text)).toContain("Matricule ou code incorrect.");

    const step = await entrance.client.post("/terminal?index", { intent: "code", matricule: "7001", code: "1234" });
    expect(step.status).toBe(200);
    const stepText = decode(step.text);
    expect(stepText).toContain("Bonjour Camille DUBOIS");
    expect(stepText).toContain("Pas encore badgé");
    expect(stepText).toContain(">Début</button>");
    const token = tokenOf(step.text);
    expect(token).not.toBe("");

    const done = await entrance.client.post("/terminal?index", { intent: "start", person: token });
    expect(done.status).toBe(200);
    expect(decode(done.text)).toContain("Début de journée enregistré à 07:58, Camille DUBOIS");
    expect(done.headers.get("refresh")).toBe("5; url=/terminal");
    // The same token again: the state machine refuses a second start (409, in French), nothing stored.
    const again = await entrance.client.post("/terminal?index", { intent: "start", person: token });
    expect(again.status).toBe(409);

    // The next person, five minutes later.
    entrance.now(at(5));
    const second = await entrance.client.post("/terminal?index", { intent: "code", matricule: "7002", code: "567890" });
    const done2 = await entrance.client.post("/terminal?index", { intent: "start", person: tokenOf(second.text) });
    expect(decode(done2.text)).toContain("Début de journée enregistré à 08:03, Sacha MARTIN");
    // Camille goes to lunch at 12:00: the state in words, then the lunch button.
    entrance.now(at(242));
    const noon = decode((await entrance.client.post("/terminal?index", { intent: "code", matricule: "7001", code: "1234" })).text);
    expect(noon).toContain("Au travail depuis 07:58");
    const lunch = await entrance.client.post("/terminal?index", { intent: "lunch", person: tokenOf(noon) });
    expect(decode(lunch.text)).toContain("Départ en déjeuner enregistré à 12:00, Camille DUBOIS");

    // The same rows as the personal badging: one colleague clocks from their own account at the same instants.
    const colleague = await person("alex.perso@cadran.test", "alex", "perso", 7003, "4321");
    await clockAction(db.em(), colleague, "start", T0);
    await clockAction(db.em(), colleague, "lunch", at(242));
    const rows = async (employeeId: number) =>
      db.sql<Record<string, unknown>>(
        `select c.date::text, c.type, c.working_time_seconds, c.lunch_time_seconds, c.expected_seconds, c.overtime_seconds, c.anomaly,
                l.time, l.type as log_type, l.created_by_id = c.employee_id as by_self, l.terminal_id
           from time_clock c join time_log l on l.time_clock_id = c.id where c.employee_id = ? order by l.time`,
        [employeeId],
      );
    const viaTerminal = await rows(camille.employeeId);
    const viaBadging = await rows(colleague.employeeId);
    expect(viaTerminal.map((r) => ({ ...r, terminal_id: null }))).toEqual(viaBadging);
    expect(viaTerminal.map((r) => r.terminal_id)).toEqual([entrance.id, entrance.id]);
    expect(viaTerminal.every((r) => r.by_self)).toBe(true);
    const [state] = await db.sql<{ s: string }>("select last_state_time_clock as s from employee where id = ?", [camille.employeeId]);
    const [stateBadging] = await db.sql<{ s: string }>("select last_state_time_clock as s from employee where id = ?", [colleague.employeeId]);
    expect(state!.s).toBe(stateBadging!.s);
    expect((await rows(sacha.employeeId)).length).toBe(1);
  });

  it("types the matricule and the code with the digit buttons only (no JavaScript), then clocks; key presses count nothing", async () => {
    const noa = await person("noa.touches@cadran.test", "noa", "touches", 7201, "4815");
    const entrance = await device("Touches");
    entrance.now(at(10));
    const valueOf = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0].match(/value="([^"]*)"/)?.[1] ?? "";
    const targetOf = (html: string) => /name="target" value="([^"]+)"/.exec(html)?.[1];
    const keypad = await entrance.client.get("/terminal");
    expect(keypad.text).toContain('name="key" value="7"');
    expect(targetOf(keypad.text)).toBe("matricule");

    // Each key is the form's submit button: the fields as they are plus the key; the answer re-renders them.
    let fields: Record<string, string> = { intent: "code", matricule: "", code: "", target: "matricule" };
    const press = async (key: string) => {
      const res = await entrance.client.post("/terminal?index", { ...fields, key });
      expect(res.status, key).toBe(200);
      expect(res.text).not.toContain("person-step");
      expect(res.headers.get("cache-control")).toContain("no-store");
      fields = { intent: "code", matricule: valueOf(res.text, "matricule"), code: valueOf(res.text, "code"), target: targetOf(res.text) ?? "" };
      return res;
    };
    for (const key of ["7", "2", "0", "9"]) await press(key);
    expect(fields).toEqual({ intent: "code", matricule: "7209", code: "", target: "matricule" });
    await press("back"); // Effacer
    await press("1");
    expect(fields.matricule).toBe("7201");
    await press("code");
    expect(fields.target).toBe("code");
    for (const key of ["9", "9"]) await press(key);
    await press("clear"); // Corriger empties the code only
    expect(fields).toMatchObject({ matricule: "7201", code: "" });
    for (const key of ["4", "8", "1", "5"]) await press(key);
    for (const key of ["5", "5"]) await press(key);
    const last = await press("5"); // a code has at most 6 digits: the 7th is not added
    expect(fields).toMatchObject({ matricule: "7201", code: "481555", target: "code" });
    // The code comes back in a password field, in the body of a POST's answer only (never in a URL).
    expect(last.text).toMatch(/<input[^>]*type="password"[^>]*name="code"|<input[^>]*name="code"[^>]*type="password"/);
    for (const key of ["back", "back"]) await press(key);
    expect(fields.code).toBe("4815");
    // A key never signs in nor checks the code: no failure counted, for the person or the terminal.
    const [counts] = await db.sql<{ person: number; terminal: number }>(
      "select e.terminal_code_failures as person, t.failures as terminal from employee e, terminal t where e.id = ? and t.id = ?",
      [noa.employeeId, entrance.id],
    );
    expect(counts).toEqual({ person: 0, terminal: 0 });
    // Wrong-looking keys change nothing and sign in no one.
    const odd = await entrance.client.post("/terminal?index", { ...fields, key: "42" });
    expect(odd.status).toBe(200);
    expect(valueOf(odd.text, "code")).toBe("4815");
    expect(odd.text).not.toContain("person-step");

    // "Valider" (no key) checks the code: the person's buttons, then the clock entry.
    const step = await entrance.client.post("/terminal?index", { ...fields });
    expect(step.status).toBe(200);
    expect(decode(step.text)).toContain("Bonjour Noa TOUCHES");
    const done = await entrance.client.post("/terminal?index", { intent: "start", person: tokenOf(step.text) });
    expect(decode(done.text)).toContain("Début de journée enregistré à 08:08, Noa TOUCHES");
    expect(await db.sql("select l.terminal_id from time_log l join time_clock c on c.id = l.time_clock_id where c.employee_id = ?", [noa.employeeId])).toEqual([
      { terminal_id: entrance.id },
    ]);
    // After a wrong code the matricule stays, the code does not, and the keys fill the code.
    const wrong = await entrance.client.post("/terminal?index", { intent: "code", matricule: "7201", code: "0000", target: "code" });
    expect(wrong.status).toBe(400);
    expect([valueOf(wrong.text, "matricule"), valueOf(wrong.text, "code"), targetOf(wrong.text)]).toEqual(["7201", "", "code"]);
  });

  it("the person's token: bound to its terminal, two minutes, never forged; a revoked terminal clocks nothing", async () => {
    await person("lou.token@cadran.test", "lou", "token", 7101, "2468");
    const a = await device("Quai A");
    const b = await device("Quai B");
    a.now(T0);
    b.now(T0);
    const token = tokenOf((await a.client.post("/terminal?index", { intent: "code", matricule: "7101", code: "2468" })).text);
    const expired = "Le délai est dépassé : saisissez à nouveau votre matricule et votre code.";
    const atB = await b.client.post("/terminal?index", { intent: "start", person: token });
    expect(atB.status).toBe(400);
    expect(decode(atB.text)).toContain(expired);
    const forged = token.replace(/^(\d+)\.(\d+)\./, (_, t) => `${t}.1.`);
    expect(decode((await a.client.post("/terminal?index", { intent: "start", person: forged })).text)).toContain(expired);
    a.now(at(2));
    expect(decode((await a.client.post("/terminal?index", { intent: "start", person: token })).text)).toContain(expired);
    expect(decode((await a.client.post("/terminal?index", { intent: "nope" })).text)).toContain(expired);

    const head = (await loadCurrentUser(db.em(), headId))!;
    await revokeTerminal(db.em(), head, a.id, at(3));
    a.now(at(3));
    const token2 = await a.client.post("/terminal?index", { intent: "code", matricule: "7101", code: "2468" });
    expect(token2.status).toBe(403);
    expect(decode(token2.text)).toContain("Ce poste n'est pas appairé");
    const anonymous = htmlClient(base);
    expect((await anonymous.post("/terminal?index", { intent: "code", matricule: "7101", code: "2468" })).status).toBe(403);
  });
});
