import { beforeAll, describe, expect, it } from "vitest";
import { TERMINAL_RULE } from "~/domain/time-clock/terminal";
import { sha256 } from "~/server/identity/session.server";
import { drainInlineJobs } from "~/server/operations/queue.server";
import { anonymiseEmployee } from "~/services/employees/anonymisation.server";
import { loadCurrentUser, type CurrentUser } from "~/services/identity/current-user.server";
import { badgeIssuedAt, checkBadge, issueBadge, revokeBadge } from "~/services/time-clock/terminal-badges.server";
import { checkCode, resetCode, setOwnCode } from "~/services/time-clock/terminal-codes.server";
import { enrolTerminal, registerTerminal, terminalOfSecret } from "~/services/time-clock/terminals.server";
import { useTestDatabase } from "~tests/support/db";
import { createEmployee, createOrg, type Org } from "~tests/support/factories";
import { useInlineMail } from "~tests/support/smtp";

/**
 * The badge's QR (issue 46 item 2, decision 0137) on real PostgreSQL: issued by HR with the secret stored as a hash
 * only, read at a terminal of the holder's subsidiary without the code, re-issued or revoked at once, a wrong badge
 * answered like a wrong code and counted toward the terminal's pause; the sheet's history entries.
 */
const db = useTestDatabase();
const mail = useInlineMail();
const NOW = new Date("2026-12-22T07:00:00Z");
const min = (n: number) => new Date(NOW.getTime() + n * 60_000);

let org: Org;
let head: CurrentUser;

beforeAll(async () => {
  org = await createOrg(db.em());
  head = (await loadCurrentUser(db.em(), (await createEmployee(db.em(), org, { profileType: "ROLE_HEAD_MANAGEMENT", email: "direction.badge@cadran.test" })).userId))!;
});

async function person(email: string, matricule: number | null, subsidiary: Org = org) {
  const e = await createEmployee(db.em(), subsidiary, { email, firstname: "camille", lastname: "dubois" });
  await db.sql("update employee set matricule = ? where id = ?", [matricule, e.employeeId]);
  return (await loadCurrentUser(db.em(), e.userId))!;
}

async function terminal(name: string, subsidiary: Org = org) {
  const link = await registerTerminal(db.em(), head, { subsidiaryId: subsidiary.subsidiaryId, name, place: "" }, NOW);
  const enrolled = await enrolTerminal(db.em(), link.token, NOW);
  return (await terminalOfSecret(db.em(), enrolled!.secret, NOW))!;
}

async function history(employeeId: number) {
  return db.sql<{ action: string; kind: string; actor_id: number; details: Record<string, unknown> }>(
    "select action, kind, actor_id, details from audit_log where employee_id = ? order by id",
    [employeeId],
  );
}

describe("the badge", () => {
  it("holds the matricule and a secret stored only as its SHA-256, and clocks its holder without the code", async () => {
    const camille = await person("camille.badge@cadran.test", 6101);
    await setOwnCode(db.em(), camille, { code: "482915", confirm: "482915" }, NOW);
    const issued = await issueBadge(db.em(), head, camille.employeeId, NOW);
    expect(issued).toMatchObject({ employeeId: camille.employeeId, name: "Camille DUBOIS", matricule: 6101, reissue: false });
    expect(issued.content).toMatch(/^CADRAN-6101-[0-9A-F]{64}$/);
    expect(issued.content).not.toContain("482915");
    const secret = issued.content.split("-")[2]!;
    const [row] = await db.sql<{ h: string }>("select terminal_badge_hash as h from employee where id = ?", [camille.employeeId]);
    expect(row!.h).toBe(sha256(secret));
    expect(await badgeIssuedAt(db.em(), camille.employeeId)).toEqual(NOW);

    const entrance = await terminal("Entrée badge");
    expect(await checkBadge(db.em(), entrance, issued.content, min(1))).toEqual({ ok: true, employeeId: camille.employeeId, name: "Camille DUBOIS" });
    // As a scanner on caps lock types it, with its Enter's whitespace.
    expect((await checkBadge(db.em(), entrance, ` ${issued.content.toLowerCase()}\n`, min(1))).ok).toBe(true);
    // Right badges give their attempt back: the terminal's count is untouched.
    const [term] = await db.sql<{ f: number }>("select failures as f from terminal where id = ?", [entrance.id]);
    expect(term!.f).toBe(0);
  });

  it("re-issued, the old badge stops; revoked, none works; both answer like a wrong badge", async () => {
    const sacha = await person("sacha.badge@cadran.test", 6201);
    const entrance = await terminal("Entrée réémission");
    const first = await issueBadge(db.em(), head, sacha.employeeId, NOW);
    const second = await issueBadge(db.em(), head, sacha.employeeId, min(1));
    expect(second.reissue).toBe(true);
    expect(second.content).not.toBe(first.content);
    expect(await checkBadge(db.em(), entrance, first.content, min(2))).toEqual({ ok: false, reason: "wrong" });
    expect((await checkBadge(db.em(), entrance, second.content, min(2))).ok).toBe(true);
    expect(await revokeBadge(db.em(), head, sacha.employeeId, min(3))).toEqual({ name: "Camille DUBOIS" });
    expect(await checkBadge(db.em(), entrance, second.content, min(4))).toEqual({ ok: false, reason: "wrong" });
    expect(await badgeIssuedAt(db.em(), sacha.employeeId)).toBeNull();
    // Revoking twice: 409 in French. Only management; 404 unknown.
    await expect(revokeBadge(db.em(), head, sacha.employeeId, min(5))).rejects.toMatchObject({ status: 409, message: "Aucun badge n'est en service." });
    await expect(issueBadge(db.em(), sacha, sacha.employeeId, min(5))).rejects.toMatchObject({ status: 403 });
    await expect(revokeBadge(db.em(), sacha, sacha.employeeId, min(5))).rejects.toMatchObject({ status: 403 });
    await expect(issueBadge(db.em(), head, 999_999, min(5))).rejects.toMatchObject({ status: 404 });

    // The sheet's history: issued, issued again, revoked, by HR (kind "terminal").
    expect((await history(sacha.employeeId)).filter((h) => h.kind === "terminal")).toEqual([
      { action: "terminal.badge_issue", kind: "terminal", actor_id: head.employeeId, details: {} },
      { action: "terminal.badge_issue", kind: "terminal", actor_id: head.employeeId, details: { reissue: true } },
      { action: "terminal.badge_revoke", kind: "terminal", actor_id: head.employeeId, details: {} },
    ]);
  });

  it("only at a terminal of the holder's subsidiary, only while employed; no badge without a matricule", async () => {
    const lou = await person("lou.badge@cadran.test", 6301);
    const issued = await issueBadge(db.em(), head, lou.employeeId, NOW);
    const lyon = await createOrg(db.em(), " Lyon badge");
    const elsewhere = await terminal("Entrée Lyon", lyon);
    expect(await checkBadge(db.em(), elsewhere, issued.content, min(1))).toEqual({ ok: false, reason: "wrong" });
    // The matricule is part of the badge: the same secret with another matricule is not a badge.
    const entrance = await terminal("Entrée agence");
    expect(await checkBadge(db.em(), entrance, issued.content.replace("-6301-", "-6302-"), min(1))).toEqual({ ok: false, reason: "wrong" });
    await db.sql("update employee set fired_at = '2026-12-21' where id = ?", [lou.employeeId]);
    expect(await checkBadge(db.em(), entrance, issued.content, min(1))).toEqual({ ok: false, reason: "wrong" });
    await expect(issueBadge(db.em(), head, lou.employeeId, min(2))).rejects.toMatchObject({ status: 409, message: "Cette fiche est archivée : pas de badge." });
    const none = await person("none.badge@cadran.test", null);
    await expect(issueBadge(db.em(), head, none.employeeId, NOW)).rejects.toMatchObject({ status: 409, message: "Renseignez d'abord le matricule : le badge le porte." });
  });

  it("works while the person's code is locked (the lock guards the guessable code)", async () => {
    const ana = await person("ana.badge@cadran.test", 6401);
    await setOwnCode(db.em(), ana, { code: "1357", confirm: "1357" }, NOW);
    const issued = await issueBadge(db.em(), head, ana.employeeId, NOW);
    const entrance = await terminal("Entrée verrou badge");
    for (let i = 0; i < 5; i++) await checkCode(db.em(), entrance, { matricule: "6401", code: "0000" }, min(i));
    expect(await checkCode(db.em(), entrance, { matricule: "6401", code: "1357" }, min(6))).toEqual({ ok: false, reason: "wrong" });
    expect((await checkBadge(db.em(), entrance, issued.content, min(6))).ok).toBe(true);
  });

  it(`wrong badges count toward the terminal's pause: the ${TERMINAL_RULE.max}th pauses it and management is mailed`, async () => {
    const entrance = await terminal("Entrée faux badges");
    const answers: string[] = [];
    for (let i = 0; i < TERMINAL_RULE.max; i++) {
      const text = i % 2 ? `CADRAN-${7000 + i}-${"AB".repeat(32)}` : `n'importe quoi ${i}`;
      const r = await checkBadge(db.em(), entrance, text, min(i % 14));
      answers.push(r.ok ? "ok" : r.reason);
    }
    expect(answers.slice(0, -1).every((a) => a === "wrong")).toBe(true);
    expect(answers.at(-1)).toBe("paused");
    await drainInlineJobs();
    const got = await mail.capture.waitFor((m) => m.to.includes("direction.badge@cadran.test") && m.text.includes("« Entrée faux badges »"));
    expect(got.subject).toBe("Borne de pointage en pause");
    // Paused: even a right badge is refused (the terminal only says it is paused).
    const sam = await person("sam.badge@cadran.test", 6501);
    const issued = await issueBadge(db.em(), head, sam.employeeId, NOW);
    expect(await checkBadge(db.em(), entrance, issued.content, min(15))).toEqual({ ok: false, reason: "paused" });
  });

  it("HR's code reset writes the sheet's history; anonymising an archived employee erases the badge's hash", async () => {
    const gone = await person("gone.badge@cadran.test", 6601);
    await setOwnCode(db.em(), gone, { code: "9753", confirm: "9753" }, NOW);
    await resetCode(db.em(), head, gone.employeeId, NOW);
    const entries = await history(gone.employeeId);
    expect(entries.find((h) => h.action === "terminal.code_reset")).toMatchObject({ kind: "terminal", actor_id: head.employeeId });
    await issueBadge(db.em(), head, gone.employeeId, NOW);
    await db.sql("update employee set fired_at = '2020-01-31' where id = ?", [gone.employeeId]);
    await anonymiseEmployee(db.em(), head, gone.employeeId, NOW);
    const [row] = await db.sql<{ h: string | null; at: Date | null }>("select terminal_badge_hash as h, terminal_badge_issued_at as at from employee where id = ?", [gone.employeeId]);
    expect(row).toEqual({ h: null, at: null });
  });
});
