import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSON_RULE, TERMINAL_RULE } from "~/domain/time-clock/terminal";
import { argon2Load } from "~/server/identity/password.server";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { TEST_CLOCK_COOKIE } from "~/server/shared/clock.server";
import { deviceCookieHeader } from "~/server/time-clock/terminal-device.server";
import { loadCurrentUser } from "~/services/identity/current-user.server";
import { issueBadge } from "~/services/time-clock/terminal-badges.server";
import { setOwnCode } from "~/services/time-clock/terminal-codes.server";
import { enrolTerminal, registerTerminal } from "~/services/time-clock/terminals.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org, type TestEmployee } from "~tests/support/factories";
import { htmlClient, useTestServer } from "~tests/support/http";
import { useInlineMail } from "~tests/support/smtp";

/**
 * The probe of the terminal's throttles (issue 46 item 4, decision 0137): a script's worth of wrong codes and badges
 * from one device cookie over real HTTP, one after the other and all at once, at fixed instants (the test clock).
 * It shows the person lock trip at 5 and the terminal pause at 20, not one code checked past them (the argon2
 * verifications are counted: the counters are the process's, which the in-process server shares), and the mails
 * through the real SMTP test server: the person at the lock, management at the pause, once each.
 */
process.env.CADRAN_TEST_CLOCK = "1";
afterAll(() => {
  delete process.env.CADRAN_TEST_CLOCK;
});
const db = useTestDatabase();
const mail = useInlineMail();
const server = useTestServer();
const base = () => server.baseUrl;
const T0 = new Date("2026-12-21T06:58:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
/** The argon2 verifications since the last reset (the code checks; a badge needs none). */
const verifications = () => {
  const load = argon2Load();
  return load.clean + load.suspect;
};

let org: Org;
let head: TestEmployee;

beforeAll(async () => {
  org = await createOrg(db.em());
  head = await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "direction.sonde@cadran.test" });
});

async function person(email: string, matricule: number, code: string) {
  const e = await createEmployee(db.em(), org, { email, firstname: "camille", lastname: "sonde" });
  await db.sql("update employee set matricule = ? where id = ?", [matricule, e.employeeId]);
  await setOwnCode(db.em(), (await loadCurrentUser(db.em(), e.userId))!, { code, confirm: code }, T0);
  return e;
}

async function device(name: string) {
  const actor = (await loadCurrentUser(db.em(), head.userId))!;
  const link = await registerTerminal(db.em(), actor, { subsidiaryId: org.subsidiaryId, name, place: "" }, T0);
  const enrolled = (await enrolTerminal(db.em(), link.token, T0))!;
  const client = htmlClient(base);
  const pair = (await deviceCookieHeader(enrolled.secret)).split(";")[0]!;
  client.jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  const now = (d: Date) => client.jar.set(TEST_CLOCK_COOKIE, String(d.getTime()));
  now(T0);
  const code = (matricule: string, c: string) => client.post("/terminal?index", { intent: "code", matricule, code: c });
  const badge = (text: string) => client.post("/terminal?index", { intent: "badge", badge: text });
  return { id: link.id, client, now, code, badge };
}

const failures = async (table: "terminal" | "employee", id: number) => {
  const column = table === "terminal" ? "failures" : "terminal_code_failures";
  const [row] = await db.sql<{ f: number }>(`select ${column} as f from ${table} where id = ?`, [id]);
  return row!.f;
};
const mails = (predicate: (m: { to: string[] | string; subject: string; text: string }) => boolean) =>
  mail.capture.messages.filter((m) => predicate(m as never)).length;

describe("the throttle probe", () => {
  it(`sequential wrong codes: the ${PERSON_RULE.max}th locks the person, nothing is checked after it, and they are mailed once`, async () => {
    const victim = await person("victime.sequence@cadran.test", 9101, "482915");
    const probe = await device("Sonde séquence");
    await drainInlineJobs();
    argon2Load(true);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      probe.now(at(i * 5));
      const res = await probe.code("9101", String(1000 + i));
      answers.push(res.status);
      expect(decode(res.text)).toContain("Matricule ou code incorrect.");
    }
    expect(answers.every((s) => s === 400)).toBe(true);
    // Checked up to the lock, not one after.
    expect(verifications()).toBe(PERSON_RULE.max);
    expect(await failures("employee", victim.employeeId)).toBe(PERSON_RULE.max);
    // Locked: the right code gets the same sentence, and is not checked either.
    probe.now(at(70));
    expect(decode((await probe.code("9101", "482915")).text)).toContain("Matricule ou code incorrect.");
    expect(verifications()).toBe(PERSON_RULE.max);
    await drainInlineJobs();
    await mail.capture.waitFor((m) => m.to.includes("victime.sequence@cadran.test"));
    expect(mails((m) => String(m.to).includes("victime.sequence@cadran.test") && m.subject === "Pointage à la borne bloqué 15 minutes")).toBe(1);
    // 13 attempts on the terminal, under its threshold: still active.
    expect(await failures("terminal", probe.id)).toBe(13);
    expect((await probe.client.get("/terminal")).text).toContain('data-testid="keypad"');
  });

  it(`concurrent wrong codes for one person: 12 at once check at most ${PERSON_RULE.max} codes, and the lock mail goes once`, async () => {
    const victim = await person("victime.rafale@cadran.test", 9201, "135790");
    const probe = await device("Sonde rafale");
    await drainInlineJobs();
    argon2Load(true);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => probe.code("9201", String(2000 + i))));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(400));
    expect(verifications()).toBeLessThanOrEqual(PERSON_RULE.max);
    expect(await failures("employee", victim.employeeId)).toBe(PERSON_RULE.max);
    expect(await failures("terminal", probe.id)).toBe(12);
    await drainInlineJobs();
    await mail.capture.waitFor((m) => m.to.includes("victime.rafale@cadran.test"));
    expect(mails((m) => String(m.to).includes("victime.rafale@cadran.test"))).toBe(1);
  });

  it(`sequential wrong codes and badges: the ${TERMINAL_RULE.max}th pauses the terminal, then nothing is checked, management mailed once`, async () => {
    const colleague = await person("collegue.pause@cadran.test", 9301, "246801");
    const probe = await device("Sonde pause");
    // The dummy hash an unknown matricule is checked against is made once per process: made before counting.
    await (await device("Sonde préchauffage")).code("9999999", "0000");
    await drainInlineJobs();
    argon2Load(true);
    const statuses: number[] = [];
    for (let i = 0; i < TERMINAL_RULE.max; i++) {
      probe.now(at(i * 10));
      // Unknown matricules (each checked against the dummy hash, as long as a wrong code) and wrong badges, in turn.
      const res = i % 2 ? await probe.badge(`CADRAN-${9400 + i}-${"C".repeat(64)}`) : await probe.code(String(9400 + i), "0000");
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1)).toEqual(Array(TERMINAL_RULE.max - 1).fill(400));
    expect(statuses.at(-1)).toBe(423);
    const checked = verifications();
    expect(checked).toBe(TERMINAL_RULE.max / 2);
    // Paused: a right code is refused without being checked, the count does not move, the page says it is paused.
    probe.now(at(300));
    const refused = await probe.code("9301", "246801");
    expect(refused.status).toBe(423);
    expect(decode(refused.text)).toContain("Cette borne est en pause après trop de codes incorrects.");
    expect(verifications()).toBe(checked);
    expect(await failures("terminal", probe.id)).toBe(TERMINAL_RULE.max);
    expect(await failures("employee", colleague.employeeId)).toBe(0);
    await drainInlineJobs();
    await mail.capture.waitFor((m) => m.text.includes("« Sonde pause »"));
    expect(mails((m) => m.subject === "Borne de pointage en pause" && m.text.includes("« Sonde pause »"))).toBe(1);
    const [row] = await db.sql<{ paused: boolean }>("select paused_at is not null as paused from terminal where id = ?", [probe.id]);
    expect(row!.paused).toBe(true);
  });

  it(`concurrent wrong badges: 30 at once, ${TERMINAL_RULE.max - 1} answered wrong, the rest paused, one pause, one mail`, async () => {
    const owner = await person("titulaire.badge@cadran.test", 9501, "975310");
    const probe = await device("Sonde rafale badges");
    const actor = (await loadCurrentUser(db.em(), head.userId))!;
    const real = await issueBadge(db.em(), actor, owner.employeeId, T0);
    argon2Load(true);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => probe.badge(`CADRAN-9501-${i.toString(16).toUpperCase().padStart(64, "0")}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(TERMINAL_RULE.max - 1);
    expect(statuses.filter((s) => s === 423)).toHaveLength(30 - (TERMINAL_RULE.max - 1));
    // A badge is looked up by the hash of its secret: no argon2 at all.
    expect(verifications()).toBe(0);
    // The real badge, after the pause: refused too.
    expect((await probe.badge(real.content)).status).toBe(423);
    await drainInlineJobs();
    await mail.capture.waitFor((m) => m.text.includes("« Sonde rafale badges »"));
    expect(mails((m) => m.text.includes("« Sonde rafale badges »"))).toBe(1);
  });
});
