import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { countFailure, isLocked, isValidCode, PERSON_RULE, TERMINAL_RULE } from "~/domain/time-clock/terminal";
import { t } from "~/i18n/fr";
import { hashPassword, verifyPassword } from "~/server/identity/password.server";
import { sendMail } from "~/server/operations/mail.server";
import { enqueue } from "~/server/operations/queue.server";
import { env } from "~/server/shared/env.server";
import { type CurrentUser } from "~/services/identity/current-user.server";
import { recordHistory } from "~/services/history/history.server";
import { assertManagement, sql } from "~/services/organisation/common.server";
import { NotFoundError, ValidationError } from "~/services/shared/errors";

/**
 * The personal code typed at a shop-floor terminal (issue 46 item 2, decision 0136): 4 to 6 digits, hashed with
 * argon2 like a password. The employee sets or changes it from the profile (being signed in is enough: the session
 * already proves who they are, and the code only clocks); HR (management, who edit the sheets) resets it and the
 * employee is mailed. Wrong codes are throttled per person (5 in 15 minutes lock that person's terminal clocking for
 * 15 minutes, and they are mailed) and per terminal (20 in 15 minutes pause it; management is mailed).
 */

/** Sets or changes the signed-in employee's code. 422 with French field errors (`code`, `confirm`). */
export async function setOwnCode(em: EntityManager, actor: CurrentUser, input: { code: string; confirm: string }, now: Date): Promise<void> {
  if (!isValidCode(input.code)) throw new ValidationError([{ propertyPath: "code", message: t("terminal.code.error.format") }]);
  if (input.code !== input.confirm) throw new ValidationError([{ propertyPath: "confirm", message: t("terminal.code.error.confirm") }]);
  const hash = await hashPassword(input.code);
  await sql(
    em,
    `update employee set terminal_code_hash = ?, terminal_code_set_at = ?, terminal_code_failures = 0, terminal_code_failures_since = null where id = ?`,
    [hash, now, actor.employeeId],
  );
}

/** When the employee's code was set (null: none). */
export async function codeSetAt(em: EntityManager, employeeId: number): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }>(em, `select terminal_code_set_at as at from employee where id = ?`, [employeeId]);
  return row?.at ? new Date(row.at) : null;
}

/**
 * HR resets an employee's code (the employee sets a new one from the profile); the employee is mailed, and the
 * sheet's history says so (kind "terminal", decision 0137), all in one transaction. 404 unknown.
 */
export async function resetCode(em: EntityManager, actor: CurrentUser, employeeId: number, now: Date): Promise<{ name: string }> {
  assertManagement(actor);
  return em.transactional(async (tx) => {
    const [row] = await sql<{ firstname: string; lastname: string }>(
      tx,
      `update employee set terminal_code_hash = null, terminal_code_set_at = null, terminal_code_failures = 0, terminal_code_failures_since = null
        where id = ? returning firstname, lastname`,
      [employeeId],
    );
    if (!row) throw new NotFoundError();
    await recordHistory(tx, { action: "terminal.code_reset", employeeId, actorId: actor.employeeId, at: now });
    await enqueue("mail.terminal", { event: "code-reset", id: employeeId }, { em: tx });
    return { name: displayName(row.firstname, row.lastname) };
  });
}

export type TerminalMailEvent = "code-reset" | "locked" | "paused";

/**
 * Job body: "code-reset" and "locked" to the employee `id`; "paused" to the management of the terminal `id`'s
 * subsidiary (or of the company when it has none).
 */
export async function sendTerminalMail(em: EntityManager, event: TerminalMailEvent, id: number): Promise<{ sent: number }> {
  const link = new URL(event === "paused" ? "/settings/terminals" : "/profile", env().APP_URL).toString();
  if (event !== "paused") {
    const [e] = await sql<{ email: string; firstname: string; lastname: string }>(em, `select email, firstname, lastname from employee where id = ?`, [id]);
    if (!e) return { sent: 0 };
    const name = displayName(e.firstname, e.lastname);
    await sendMail({ to: e.email, subject: t(`terminal.mail.${event}_subject`), text: t(`terminal.mail.${event}_text`, { name, link }) });
    return { sent: 1 };
  }
  const [terminal] = await sql<{ name: string; subsidiary_id: number }>(em, `select name, subsidiary_id from terminal where id = ?`, [id]);
  if (!terminal) return { sent: 0 };
  const managers = await sql<{ email: string; firstname: string; lastname: string }>(
    em,
    `select email, firstname, lastname from employee m
      where m.profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT') and (m.fired_at is null or m.fired_at > current_date)
        and (m.subsidiary_id = ? or not exists (select 1 from employee x where x.profile_type in ('ROLE_HEAD_MANAGEMENT', 'ROLE_FINANCIAL_MANAGEMENT')
                                                 and (x.fired_at is null or x.fired_at > current_date) and x.subsidiary_id = ?))
      order by m.id`,
    [terminal.subsidiary_id, terminal.subsidiary_id],
  );
  for (const m of managers) {
    await sendMail({
      to: m.email,
      subject: t("terminal.mail.paused_subject"),
      text: t("terminal.mail.paused_text", { name: displayName(m.firstname, m.lastname), terminal: terminal.name, link }),
    });
  }
  return { sent: managers.length };
}

let dummy: Promise<string> | undefined;
/** A hash to check against when the matricule is unknown: the answer takes as long as a wrong code's. */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword("000000");
  return dummy;
}

export interface CodeTerminal {
  id: number;
  subsidiaryId: number;
}

export type CodeCheck = { ok: true; employeeId: number; name: string } | { ok: false; reason: "wrong" | "paused" };

interface Candidate {
  id: number;
  firstname: string;
  lastname: string;
  hash: string | null;
  failures: number;
  since: Date | null;
}

/** Where each throttle keeps its count. */
const COUNTERS = {
  terminal: { table: "terminal", failures: "failures", since: "failures_since", refused: "paused_at is not null" },
  employee: { table: "employee", failures: "terminal_code_failures", since: "terminal_code_failures_since", refused: "false" },
} as const;

/**
 * Counts one attempt as a failure BEFORE its code is hashed (decision 0136 addendum): concurrent attempts then each
 * count, where a count read before the hash and written after it let a burst of simultaneous guesses count as one.
 * Compare-and-set on the count read (the rule stays the pure countFailure), a few tries when another attempt wrote
 * in between. Null: refused — the terminal is paused, the person is locked, or the row is gone.
 */
export async function reserveFailure(
  em: EntityManager,
  kind: keyof typeof COUNTERS,
  id: number,
  now: Date,
): Promise<ReturnType<typeof countFailure> | null> {
  const c = COUNTERS[kind];
  const rule = kind === "terminal" ? TERMINAL_RULE : PERSON_RULE;
  for (let attempt = 0; attempt < 20; attempt++) {
    const [row] = await sql<{ failures: number; since: Date | string | null; refused: boolean }>(
      em,
      `select ${c.failures} as failures, ${c.since} as since, ${c.refused} as refused from ${c.table} where id = ?`,
      [id],
    );
    if (!row || row.refused) return null;
    const count = { failures: row.failures, since: row.since === null ? null : new Date(row.since) };
    if (kind === "employee" && isLocked(count, now, rule)) return null;
    const next = countFailure(count, now, rule);
    const written = await sql<{ id: number }>(
      em,
      `update ${c.table} set ${c.failures} = ?, ${c.since} = ?
        where id = ? and ${c.failures} = ? and ${c.since} is not distinct from ?::timestamptz and not (${c.refused}) returning id`,
      [next.failures, next.since, id, row.failures, count.since],
    );
    if (written.length > 0) return next;
  }
  return null;
}

/**
 * Checks a matricule and code typed at a terminal. The answer never tells an unknown matricule from a wrong code nor
 * from a locked person ("wrong" for all three, no enumeration); a locked person's code is not even checked. Only the
 * employees of the terminal's subsidiary, still employed, count. Each attempt is counted as a failure for the
 * terminal and for the person (when known) before its code is hashed, and given back when the code is right; the
 * failure that trips a rule mails whom it concerns.
 */
export async function checkCode(em: EntityManager, terminal: CodeTerminal, input: { matricule: string; code: string }, now: Date): Promise<CodeCheck> {
  const onTerminal = await reserveFailure(em, "terminal", terminal.id, now);
  if (!onTerminal) return { ok: false, reason: "paused" };
  const matricule = /^[0-9]{1,9}$/.test(input.matricule.trim()) ? Number(input.matricule.trim()) : null;
  const [person] =
    matricule === null
      ? []
      : await sql<Candidate>(
          em,
          `select id, firstname, lastname, terminal_code_hash as hash, terminal_code_failures as failures, terminal_code_failures_since as since
             from employee where matricule = ? and subsidiary_id = ? and (fired_at is null or fired_at > ?::date)`,
          [matricule, terminal.subsidiaryId, now.toISOString().slice(0, 10)],
        );
  const onPerson = person ? await reserveFailure(em, "employee", person.id, now) : null;
  const locked = person !== undefined && onPerson === null;
  const valid = !locked && isValidCode(input.code) && (await verifyPassword(person?.hash ?? (await dummyHash()), input.code));
  if (person && valid) {
    // The right code: this attempt was no failure. The person's count starts again; the terminal's gets its one back.
    await sql(em, `update employee set terminal_code_failures = 0, terminal_code_failures_since = null where id = ?`, [person.id]);
    await giveBackAttempt(em, terminal.id);
    return { ok: true, employeeId: person.id, name: displayName(person.firstname, person.lastname) };
  }
  if (onPerson?.tripped) await enqueue("mail.terminal", { event: "locked", id: person!.id });
  return { ok: false, reason: await settleTerminalFailure(em, terminal.id, onTerminal, now) };
}

/** A right code or badge: the attempt counted on the terminal was no failure. */
export async function giveBackAttempt(em: EntityManager, terminalId: number): Promise<void> {
  await sql(em, `update terminal set failures = greatest(failures - 1, 0) where id = ?`, [terminalId]);
}

/**
 * After a wrong code or badge: the terminal pauses at its rule's count (or past it: attempts counted at the same
 * time), once, and management is mailed. "paused" when it is, "wrong" otherwise.
 */
export async function settleTerminalFailure(
  em: EntityManager,
  terminalId: number,
  onTerminal: { failures: number },
  now: Date,
): Promise<"wrong" | "paused"> {
  if (onTerminal.failures < TERMINAL_RULE.max) return "wrong";
  const paused = await sql<{ id: number }>(em, `update terminal set paused_at = ? where id = ? and paused_at is null returning id`, [now, terminalId]);
  if (paused.length > 0) await enqueue("mail.terminal", { event: "paused", id: terminalId });
  return "paused";
}
