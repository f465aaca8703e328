import type { EntityManager } from "@mikro-orm/postgresql";
import { randomBytes } from "node:crypto";
import { displayName } from "~/domain/employees/name";
import { ENROL_TTL_MS, terminalState, type TerminalState } from "~/domain/time-clock/terminal";
import { t } from "~/i18n/fr";
import { sha256 } from "~/server/identity/session.server";
import { type CurrentUser } from "~/services/identity/current-user.server";
import { assertManagement, sql } from "~/services/organisation/common.server";
import { ConflictError, NotFoundError, ValidationError, type Violation } from "~/services/shared/errors";

/**
 * Shop-floor terminals as devices (issue 46 item 1, decision 0136). Management registers a terminal for a subsidiary
 * and gets a one-time enrolment link (32 random bytes, 24 h, single use); opening it on the device and confirming
 * stores the SHA-256 of a fresh device secret, which the device keeps in an HttpOnly cookie. Only hashes are stored.
 * A terminal is never a person's session: `terminalOfSecret` gives the terminal, and the terminal's pages clock only
 * the employees of its subsidiary.
 */

export interface TerminalRow {
  id: number;
  name: string;
  place: string;
  subsidiary: { id: number; name: string };
  createdAt: Date;
  lastUsedAt: Date | null;
  state: TerminalState;
}

interface DbRow {
  id: number;
  name: string;
  place: string;
  subsidiary_id: number;
  subsidiary_name: string;
  created_at: Date;
  last_used_at: Date | null;
  enrolled_at: Date | null;
  enrol_expires_at: Date | null;
  revoked_at: Date | null;
  paused_at: Date | null;
}

function toRow(r: DbRow, now: Date): TerminalRow {
  return {
    id: r.id,
    name: r.name,
    place: r.place,
    subsidiary: { id: r.subsidiary_id, name: r.subsidiary_name },
    createdAt: new Date(r.created_at),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
    state: terminalState(
      {
        enrolledAt: r.enrolled_at && new Date(r.enrolled_at),
        enrolExpiresAt: r.enrol_expires_at && new Date(r.enrol_expires_at),
        revokedAt: r.revoked_at && new Date(r.revoked_at),
        pausedAt: r.paused_at && new Date(r.paused_at),
      },
      now,
    ),
  };
}

const SELECT = `select t.id, t.name, t.place, t.subsidiary_id, s.name as subsidiary_name, t.created_at, t.last_used_at, t.enrolled_at,
                       t.enrol_expires_at, t.revoked_at, t.paused_at
                  from terminal t join subsidiary s on s.id = t.subsidiary_id`;

/** Every terminal of the company (management only), the revoked last: one statement. */
export async function listTerminals(em: EntityManager, actor: CurrentUser, now: Date): Promise<TerminalRow[]> {
  assertManagement(actor);
  const rows = await sql<DbRow>(em, `${SELECT} order by t.revoked_at is not null, s.name, t.name, t.id`);
  return rows.map((r) => toRow(r, now));
}

/** The settings screen: the terminals and the subsidiaries to register one for (two statements). */
export async function terminalSettings(em: EntityManager, actor: CurrentUser, now: Date) {
  const [terminals, subsidiaries] = await Promise.all([
    listTerminals(em, actor, now),
    sql<{ id: number; name: string }>(em, `select id, name from subsidiary order by name, id`),
  ]);
  return { terminals, subsidiaries };
}

export interface TerminalInput {
  subsidiaryId: number | null;
  name: string;
  place: string;
}

/** The fields' French errors, or none. */
export function terminalViolations(input: TerminalInput): Violation[] {
  const v: Violation[] = [];
  const name = input.name.trim();
  if (!name) v.push({ propertyPath: "name", message: t("terminal.error.name_required") });
  else if (name.length > 100) v.push({ propertyPath: "name", message: t("terminal.error.name_too_long") });
  if (input.place.trim().length > 100) v.push({ propertyPath: "place", message: t("terminal.error.place_too_long") });
  if (!input.subsidiaryId || !Number.isSafeInteger(input.subsidiaryId) || input.subsidiaryId <= 0) {
    v.push({ propertyPath: "subsidiary", message: t("terminal.error.subsidiary_required") });
  }
  return v;
}

/** A fresh random token (base64url of 32 bytes) and its stored hash. */
function freshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: sha256(token) };
}

export interface EnrolLink {
  id: number;
  name: string;
  /** The plain token of the link `/terminal/enrol/{token}`: shown once, never stored. */
  token: string;
  expiresAt: Date;
}

/** Registers a terminal of a subsidiary and gives its first enrolment link. ValidationError (422) on bad input. */
export async function registerTerminal(em: EntityManager, actor: CurrentUser, input: TerminalInput, now: Date): Promise<EnrolLink> {
  assertManagement(actor);
  const violations = terminalViolations(input);
  if (violations.length) throw new ValidationError(violations);
  const { token, hash } = freshToken();
  const expiresAt = new Date(now.getTime() + ENROL_TTL_MS);
  const [row] = await sql<{ id: number }>(
    em,
    `insert into terminal (subsidiary_id, name, place, enrol_token_hash, enrol_expires_at, created_at, created_by_id)
     select s.id, ?, ?, ?, ?, ?, ? from subsidiary s where s.id = ? returning id`,
    [input.name.trim(), input.place.trim(), hash, expiresAt, now, actor.employeeId, input.subsidiaryId],
  );
  if (!row) throw new ValidationError([{ propertyPath: "subsidiary", message: t("terminal.error.subsidiary_required") }]);
  return { id: row.id, name: input.name.trim(), token, expiresAt };
}

/**
 * A new enrolment link for a terminal not revoked (the first one expired, or the terminal moves to another device:
 * enrolling again replaces the device secret, so the old device stops working then). 404 unknown, 409 revoked.
 */
export async function renewEnrolLink(em: EntityManager, actor: CurrentUser, id: number, now: Date): Promise<EnrolLink> {
  assertManagement(actor);
  const { token, hash } = freshToken();
  const expiresAt = new Date(now.getTime() + ENROL_TTL_MS);
  const [row] = await sql<{ name: string; revoked: boolean }>(
    em,
    `update terminal set enrol_token_hash = case when revoked_at is null then ? else enrol_token_hash end,
                         enrol_expires_at = case when revoked_at is null then ? else enrol_expires_at end
      where id = ? returning name, revoked_at is not null as revoked`,
    [hash, expiresAt, id],
  );
  if (!row) throw new NotFoundError();
  if (row.revoked) throw new ConflictError(t("terminal.error.revoked"));
  return { id, name: row.name, token, expiresAt };
}

/** What an enrolment link's page shows before the device confirms: null when the link is unknown, used or past. */
export async function enrolmentOf(em: EntityManager, token: string, now: Date): Promise<{ name: string; subsidiary: string } | null> {
  if (!token || token.length > 100) return null;
  const [row] = await sql<{ name: string; subsidiary: string }>(
    em,
    `select t.name, s.name as subsidiary from terminal t join subsidiary s on s.id = t.subsidiary_id
      where t.enrol_token_hash = ? and t.enrol_expires_at > ? and t.revoked_at is null`,
    [sha256(token), now],
  );
  return row ?? null;
}

/**
 * Enrols the device: one statement consumes the token (single use even when two devices race) and stores the hash of
 * a fresh device secret. Returns the secret for the device's cookie, or null when the link is unknown, used or past.
 */
export async function enrolTerminal(em: EntityManager, token: string, now: Date): Promise<{ id: number; name: string; secret: string } | null> {
  if (!token || token.length > 100) return null;
  const { token: secret, hash } = freshToken();
  const [row] = await sql<{ id: number; name: string }>(
    em,
    `update terminal set secret_hash = ?, enrolled_at = ?, last_used_at = ?, enrol_token_hash = null, enrol_expires_at = null,
                         paused_at = null, failures = 0, failures_since = null
      where enrol_token_hash = ? and enrol_expires_at > ? and revoked_at is null returning id, name`,
    [hash, now, now, sha256(token), now],
  );
  return row ? { ...row, secret } : null;
}

/** Revokes a terminal for good: its secret and any pending link stop working at once. 404 unknown. */
export async function revokeTerminal(em: EntityManager, actor: CurrentUser, id: number, now: Date): Promise<{ name: string }> {
  assertManagement(actor);
  const [row] = await sql<{ name: string }>(
    em,
    `update terminal set revoked_at = coalesce(revoked_at, ?), secret_hash = null, enrol_token_hash = null, enrol_expires_at = null
      where id = ? returning name`,
    [now, id],
  );
  if (!row) throw new NotFoundError();
  return row;
}

/** Resumes a terminal paused after too many wrong codes (its failure count starts again). 404 unknown, 409 revoked. */
export async function resumeTerminal(em: EntityManager, actor: CurrentUser, id: number): Promise<{ name: string }> {
  assertManagement(actor);
  const [row] = await sql<{ name: string; revoked: boolean }>(
    em,
    `update terminal set paused_at = case when revoked_at is null then null else paused_at end,
                         failures = case when revoked_at is null then 0 else failures end,
                         failures_since = case when revoked_at is null then null else failures_since end
      where id = ? returning name, revoked_at is not null as revoked`,
    [id],
  );
  if (!row) throw new NotFoundError();
  if (row.revoked) throw new ConflictError(t("terminal.error.revoked"));
  return { name: row.name };
}

export interface DeviceTerminal {
  id: number;
  name: string;
  place: string;
  subsidiaryId: number;
  paused: boolean;
}

/**
 * The terminal of a device secret (the device's cookie), marking its last use: one statement. Null for an unknown
 * or revoked secret (revoking clears the hash).
 */
export async function terminalOfSecret(em: EntityManager, secret: string | null | undefined, now: Date): Promise<DeviceTerminal | null> {
  if (!secret || secret.length > 100) return null;
  const [row] = await sql<{ id: number; name: string; place: string; subsidiary_id: number; paused: boolean }>(
    em,
    `update terminal set last_used_at = ? where secret_hash = ? and revoked_at is null
     returning id, name, place, subsidiary_id, paused_at is not null as paused`,
    [now, sha256(secret)],
  );
  return row ? { id: row.id, name: row.name, place: row.place, subsidiaryId: row.subsidiary_id, paused: row.paused } : null;
}

/** How many of a terminal's last clockings its page lists. */
export const TERMINAL_CLOCKINGS_LIMIT = 50;

export interface TerminalClocking {
  id: number;
  employeeId: number;
  name: string;
  matricule: number | null;
  type: string;
  time: Date;
  /** Replaced since by a correction or a reset (kept, append-only). */
  superseded: boolean;
}

/**
 * A terminal and its last clockings, newest first (decision 0137): who, which action, when, from
 * `time_log.terminal_id`. One statement whatever the number of rows (a lateral join on the terminal's index). Management
 * only; 404 unknown.
 */
export async function terminalClockings(
  em: EntityManager,
  actor: CurrentUser,
  id: number,
  now: Date,
  limit = TERMINAL_CLOCKINGS_LIMIT,
): Promise<{ terminal: TerminalRow; clockings: TerminalClocking[] }> {
  assertManagement(actor);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFoundError();
  const rows = await sql<
    DbRow & { log_id: number | null; employee_id: number | null; firstname: string | null; lastname: string | null; matricule: number | null; type: string | null; time: Date | null; superseded: boolean | null }
  >(
    em,
    `select t.id, t.name, t.place, t.subsidiary_id, s.name as subsidiary_name, t.created_at, t.last_used_at, t.enrolled_at,
            t.enrol_expires_at, t.revoked_at, t.paused_at,
            l.log_id, l.employee_id, e.firstname, e.lastname, e.matricule, l.type, l.time, l.superseded
       from terminal t join subsidiary s on s.id = t.subsidiary_id
       left join lateral (select l.id as log_id, l.type, l.time, l.superseded_at is not null as superseded, c.employee_id
                            from time_log l join time_clock c on c.id = l.time_clock_id
                           where l.terminal_id = t.id order by l.time desc, l.id desc limit ?) l on true
       left join employee e on e.id = l.employee_id
      where t.id = ?
      order by l.time desc nulls last, l.log_id desc nulls last`,
    [limit, id],
  );
  const first = rows[0];
  if (!first) throw new NotFoundError();
  const clockings = rows
    .filter((r) => r.log_id !== null)
    .map((r) => ({
      id: Number(r.log_id),
      employeeId: Number(r.employee_id),
      name: displayName(r.firstname ?? "", r.lastname ?? ""),
      matricule: r.matricule === null ? null : Number(r.matricule),
      type: String(r.type),
      time: new Date(r.time as Date),
      superseded: r.superseded === true,
    }));
  return { terminal: toRow(first, now), clockings };
}
