import { beforeAll, describe, expect, it } from "vitest";
import { PERSON_RULE } from "~/domain/time-clock/terminal";
import { argon2Load } from "~/server/identity/password.server";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { anonymiseEmployee } from "~/services/employees/anonymisation.server";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { AppError } from "~/services/shared/errors";
import { checkCode, codeSetAt, resetCode, setOwnCode } from "~/services/time-clock/terminal-codes.server";
import { enrolTerminal, registerTerminal, resumeTerminal, terminalOfSecret } from "~/services/time-clock/terminals.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { useInlineMail } from "~tests/support/smtp";

/** Personal codes (issue 46 item 2) on real PostgreSQL and a real SMTP server: set, reset + mail, the two throttles. */
const db = useTestDatabase();
const mail = useInlineMail();
const NOW = new Date("2026-12-22T07:00:00Z");
const min = (n: number) => new Date(NOW.getTime() + n * 60_000);

let org: Org;
let head: CurrentUser;

beforeAll(async () => {
  org = await createOrg(db.em());
  head = (await loadCurrentUser(db.em(), (await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "direction@cadran.test" })).userId))!;
});

async function person(email: string, matricule: number, subsidiary: Org = org) {
  const e = await createEmployee(db.em(), subsidiary, { email, firstname: "camille", lastname: "dubois" });
  await db.sql("update employee set matricule = ? where id = ?", [matricule, e.employeeId]);
  return (await loadCurrentUser(db.em(), e.userId))!;
}

async function terminal(name: string) {
  const link = await registerTerminal(db.em(), head, { subsidiaryId: org.subsidiaryId, name, place: "" }, NOW);
  const enrolled = await enrolTerminal(db.em(), link.token, NOW);
  return (await terminalOfSecret(db.em(), enrolled!.secret, NOW))!;
}

async function violations(p: Promise<unknown>) {
  try {
    await p;
    return [];
  } catch (error) {
    return (error as AppError).violations;
  }
}

describe("the personal code", () => {
  it("is 4 to 6 digits, typed twice, stored as argon2, and opens the terminal of one's subsidiary only", async () => {
    const camille = await person("camille.code@cadran.test", 4101);
    expect(await violations(setOwnCode(db.em(), camille, { code: "12a4", confirm: "12a4" }, NOW))).toEqual([
      { propertyPath: "code", message: "Le code doit compter 4 à 6 chiffres." },
    ]);
    expect(await violations(setOwnCode(db.em(), camille, { code: "1234", confirm: "1235" }, NOW))).toEqual([
      { propertyPath: "confirm", message: "Les deux codes ne correspondent pas." },
    ]);
    expect(await codeSetAt(db.em(), camille.employeeId)).toBeNull();
    await setOwnCode(db.em(), camille, { code: "482915", confirm: "482915" }, NOW);
    expect(await codeSetAt(db.em(), camille.employeeId)).toEqual(NOW);
    const [row] = await db.sql<{ h: string }>("select terminal_code_hash as h from employee where id = ?", [camille.employeeId]);
    expect(row!.h).toMatch(/^\$argon2id\$/);

    const entrance = await terminal("Entrée codes");
    expect(await checkCode(db.em(), entrance, { matricule: "4101", code: "482915" }, min(1))).toEqual({ ok: true, employeeId: camille.employeeId, name: "Camille DUBOIS" });
    // Unknown matricule, wrong code, someone of another subsidiary: the same answer.
    expect(await checkCode(db.em(), entrance, { matricule: "4101", code: "000000" }, min(1))).toEqual({ ok: false, reason: "wrong" });
    expect(await checkCode(db.em(), entrance, { matricule: "999999", code: "482915" }, min(1))).toEqual({ ok: false, reason: "wrong" });
    expect(await checkCode(db.em(), entrance, { matricule: "abc", code: "x" }, min(1))).toEqual({ ok: false, reason: "wrong" });
    const elsewhere = await createOrg(db.em(), " Lyon");
    const lyon = await person("dominique.lyon@cadran.test", 4102, elsewhere);
    await setOwnCode(db.em(), lyon, { code: "1111", confirm: "1111" }, NOW);
    expect(await checkCode(db.em(), entrance, { matricule: "4102", code: "1111" }, min(1))).toEqual({ ok: false, reason: "wrong" });
  });

  it("anonymising an archived employee erases the code's hash", async () => {
    const gone = await person("gone.code@cadran.test", 4401);
    await setOwnCode(db.em(), gone, { code: "9753", confirm: "9753" }, NOW);
    await db.sql("update employee set fired_at = '2020-01-31' where id = ?", [gone.employeeId]);
    await anonymiseEmployee(db.em(), head, gone.employeeId, NOW);
    const [row] = await db.sql<{ h: string | null; at: Date | null }>("select terminal_code_hash as h, terminal_code_set_at as at from employee where id = ?", [gone.employeeId]);
    expect(row).toEqual({ h: null, at: null });
  });

  it("HR resets it: the code stops working and the employee is mailed", async () => {
    const sacha = await person("sacha.reset@cadran.test", 4201);
    await setOwnCode(db.em(), sacha, { code: "2468", confirm: "2468" }, NOW);
    expect(await resetCode(db.em(), head, sacha.employeeId, NOW)).toEqual({ name: "Camille DUBOIS" });
    await drainInlineJobs();
    const got = await mail.capture.waitFor((m) => m.to.includes("sacha.reset@cadran.test"));
    expect(got.subject).toBe("Votre code de pointage a été réinitialisé");
    expect(got.text).toContain("/profile");
    expect(await codeSetAt(db.em(), sacha.employeeId)).toBeNull();
    const entrance = await terminal("Entrée reset");
    expect((await checkCode(db.em(), entrance, { matricule: "4201", code: "2468" }, min(1))).ok).toBe(false);
    // Only management resets a code.
    await expect(resetCode(db.em(), sacha, sacha.employeeId, NOW)).rejects.toMatchObject({ status: 403 });
    await expect(resetCode(db.em(), head, 999_999, NOW)).rejects.toMatchObject({ status: 404 });
  });

  it("5 wrong codes in 15 minutes lock the person for 15 minutes (right code refused too), and they are mailed", async () => {
    const lou = await person("lou.lock@cadran.test", 4301);
    await setOwnCode(db.em(), lou, { code: "1357", confirm: "1357" }, NOW);
    const entrance = await terminal("Entrée verrou");
    for (let i = 0; i < 5; i++) expect((await checkCode(db.em(), entrance, { matricule: "4301", code: "0000" }, min(i))).ok).toBe(false);
    await drainInlineJobs();
    const got = await mail.capture.waitFor((m) => m.to.includes("lou.lock@cadran.test"));
    expect(got.subject).toBe("Pointage à la borne bloqué 15 minutes");
    expect(await checkCode(db.em(), entrance, { matricule: "4301", code: "1357" }, min(10))).toEqual({ ok: false, reason: "wrong" });
    expect(await checkCode(db.em(), entrance, { matricule: "4301", code: "1357" }, min(18))).toEqual({ ok: false, reason: "wrong" });
    expect((await checkCode(db.em(), entrance, { matricule: "4301", code: "1357" }, min(19))).ok).toBe(true);
    const [row] = await db.sql<{ f: number }>("select terminal_code_failures as f from employee where id = ?", [lou.employeeId]);
    expect(row!.f).toBe(0);
  });

  it("wrong codes sent at the same time each count: 12 at once check at most 5 codes, then the person is locked", async () => {
    const sam = await person("sam.burst@cadran.test", 4401);
    await setOwnCode(db.em(), sam, { code: "2468", confirm: "2468" }, NOW);
    const entrance = await terminal("Entrée rafale");
    argon2Load(true);
    const results = await Promise.all(Array.from({ length: 12 }, () => checkCode(db.em(), entrance, { matricule: "4401", code: "1111" }, NOW)));
    expect(results.every((r) => !r.ok && r.reason === "wrong")).toBe(true);
    // Each attempt was counted before its code was hashed: only the first 5 were checked (before: all 12, counted as
    // one or two, read before the hashes and written after them).
    const load = argon2Load();
    expect(load.clean + load.suspect).toBeLessThanOrEqual(PERSON_RULE.max);
    const [row] = await db.sql<{ f: number }>("select terminal_code_failures as f from employee where id = ?", [sam.employeeId]);
    expect(row!.f).toBe(PERSON_RULE.max);
    const [term] = await db.sql<{ f: number }>("select failures as f from terminal where id = ?", [entrance.id]);
    expect(term!.f).toBe(12);
    // Locked: the right code is refused too, with the same answer.
    expect(await checkCode(db.em(), entrance, { matricule: "4401", code: "2468" }, min(1))).toEqual({ ok: false, reason: "wrong" });
    await drainInlineJobs();
    expect((await mail.capture.waitFor((m) => m.to.includes("sam.burst@cadran.test"))).subject).toBe("Pointage à la borne bloqué 15 minutes");
  });

  it("a right code gives the terminal its attempt back", async () => {
    const ana = await person("ana.back@cadran.test", 4501);
    await setOwnCode(db.em(), ana, { code: "8642", confirm: "8642" }, NOW);
    const entrance = await terminal("Entrée retour");
    expect((await checkCode(db.em(), entrance, { matricule: "4501", code: "0000" }, NOW)).ok).toBe(false);
    expect((await checkCode(db.em(), entrance, { matricule: "4501", code: "8642" }, min(1))).ok).toBe(true);
    const [term] = await db.sql<{ f: number }>("select failures as f from terminal where id = ?", [entrance.id]);
    expect(term!.f).toBe(1);
  });

  it("20 wrong codes in 15 minutes pause the terminal and mail management; resumed, it works again", async () => {
    const entrance = await terminal("Entrée pause");
    const results: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await checkCode(db.em(), entrance, { matricule: String(5000 + i), code: "9999" }, min(i % 14));
      results.push(r.ok ? "ok" : r.reason);
    }
    expect(results.slice(0, 19).every((r) => r === "wrong")).toBe(true);
    expect(results[19]).toBe("paused");
    await drainInlineJobs();
    const got = await mail.capture.waitFor((m) => m.to.includes("direction@cadran.test") && m.subject === "Borne de pointage en pause");
    expect(got.text).toContain("« Entrée pause »");
    expect(got.text).toContain("/settings/terminals");
    const [row] = await db.sql<{ paused: boolean }>("select paused_at is not null as paused from terminal where id = ?", [entrance.id]);
    expect(row!.paused).toBe(true);
    expect(await checkCode(db.em(), entrance, { matricule: "4101", code: "482915" }, min(30))).toEqual({ ok: false, reason: "paused" });
    await resumeTerminal(db.em(), head, entrance.id);
    expect((await checkCode(db.em(), entrance, { matricule: "4101", code: "482915" }, min(31))).ok).toBe(true);
  });
});
