import type { EntityManager } from "@mikro-orm/postgresql";
import { randomBytes } from "node:crypto";
import { displayName } from "~/domain/employees/name";
import { badgeContent, parseBadge } from "~/domain/time-clock/terminal";
import { t } from "~/i18n/fr";
import { sha256 } from "~/server/identity/session.server";
import { recordHistory } from "~/services/history/history.server";
import { type CurrentUser } from "~/services/identity/current-user.server";
import { assertManagement, sql } from "~/services/organisation/common.server";
import { ConflictError, NotFoundError } from "~/services/shared/errors";
import { giveBackAttempt, reserveFailure, settleTerminalFailure, type CodeCheck, type CodeTerminal } from "./terminal-codes.server";

/**
 * The employee's badge for the shop-floor terminal (issue 46 item 2, decision 0137): a QR printed on the badge holds
 * the matricule and a badge secret (32 random bytes), never the personal code. Only the secret's SHA-256 is stored
 * (a 256-bit random value needs no slow hash: nobody can guess it, and a stolen table gives no badge). A badge is
 * something one has: it clocks its holder at a terminal of their subsidiary without the code. HR (management, who
 * edit the sheets) issues it, issues it again (the old one stops at once) or revokes it; the secret is shown once,
 * on the printable badge answered to the POST that made it.
 */

export interface IssuedBadge {
  employeeId: number;
  name: string;
  matricule: number;
  /** What the QR holds: shown once, never stored. */
  content: string;
  issuedAt: Date;
  /** Another badge was in force and no longer works. */
  reissue: boolean;
}

/** When the badge in force was issued (null: none). */
export async function badgeIssuedAt(em: EntityManager, employeeId: number): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }>(em, `select terminal_badge_issued_at as at from employee where id = ?`, [employeeId]);
  return row?.at ? new Date(row.at) : null;
}

/**
 * Issues (or issues again) an employee's badge. 403 not management, 404 unknown, 409 archived or without a matricule
 * (the badge carries it). One transaction: the hash, the date and the history entry.
 */
export async function issueBadge(em: EntityManager, actor: CurrentUser, employeeId: number, now: Date): Promise<IssuedBadge> {
  assertManagement(actor);
  const secret = randomBytes(32).toString("hex").toUpperCase();
  return em.transactional(async (tx) => {
    const [before] = await sql<{ matricule: number | null; firstname: string; lastname: string; archived: boolean; had: boolean }>(
      tx,
      `select matricule, firstname, lastname, (fired_at is not null and fired_at <= ?::date) as archived, terminal_badge_hash is not null as had
         from employee where id = ? for update`,
      [now.toISOString().slice(0, 10), employeeId],
    );
    if (!before) throw new NotFoundError();
    if (before.archived) throw new ConflictError(t("terminal.badge.error.archived"));
    if (before.matricule === null) throw new ConflictError(t("terminal.badge.error.no_matricule"));
    await sql(tx, `update employee set terminal_badge_hash = ?, terminal_badge_issued_at = ? where id = ?`, [sha256(secret), now, employeeId]);
    await recordHistory(tx, { action: "terminal.badge_issue", employeeId, actorId: actor.employeeId, at: now, details: before.had ? { reissue: true } : {} });
    return {
      employeeId,
      name: displayName(before.firstname, before.lastname),
      matricule: before.matricule,
      content: badgeContent(before.matricule, secret),
      issuedAt: now,
      reissue: before.had,
    };
  });
}

/** Revokes an employee's badge: it stops at once. 404 unknown, 409 when there is none. History entry. */
export async function revokeBadge(em: EntityManager, actor: CurrentUser, employeeId: number, now: Date): Promise<{ name: string }> {
  assertManagement(actor);
  return em.transactional(async (tx) => {
    const [row] = await sql<{ firstname: string; lastname: string; had: boolean }>(
      tx,
      `update employee e set terminal_badge_hash = null, terminal_badge_issued_at = null from employee old
        where e.id = ? and old.id = e.id returning e.firstname, e.lastname, old.terminal_badge_hash is not null as had`,
      [employeeId],
    );
    if (!row) throw new NotFoundError();
    if (!row.had) throw new ConflictError(t("terminal.badge.error.none"));
    await recordHistory(tx, { action: "terminal.badge_revoke", employeeId, actorId: actor.employeeId, at: now });
    return { name: displayName(row.firstname, row.lastname) };
  });
}

/**
 * Checks a badge read at a terminal (scanned or typed). Unknown, revoked, of another subsidiary, archived or not a
 * badge at all: the same "wrong" as a wrong code, and the attempt counts toward the terminal's pause like a wrong
 * code (counted before the lookup, given back when the badge is right). The person's code lock does not apply: it
 * guards the guessable code, and a badge's secret cannot be guessed (decision 0137).
 */
export async function checkBadge(em: EntityManager, terminal: CodeTerminal, text: string, now: Date): Promise<CodeCheck> {
  const onTerminal = await reserveFailure(em, "terminal", terminal.id, now);
  if (!onTerminal) return { ok: false, reason: "paused" };
  const badge = parseBadge(text);
  const [person] = badge
    ? await sql<{ id: number; firstname: string; lastname: string }>(
        em,
        `select id, firstname, lastname from employee
          where terminal_badge_hash = ? and matricule = ? and subsidiary_id = ? and (fired_at is null or fired_at > ?::date)`,
        [sha256(badge.secret), badge.matricule, terminal.subsidiaryId, now.toISOString().slice(0, 10)],
      )
    : [];
  if (person) {
    await giveBackAttempt(em, terminal.id);
    return { ok: true, employeeId: person.id, name: displayName(person.firstname, person.lastname) };
  }
  return { ok: false, reason: await settleTerminalFailure(em, terminal.id, onTerminal, now) };
}
