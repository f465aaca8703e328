/**
 * The shop-floor clocking terminal's rules (issue 46, decision 0136): its state, the personal code's format, and the
 * throttles of wrong codes (per person, per terminal). Pure: the services store the counters and pass `now`.
 */

/** An enrolment link lasts a day, and serves once. */
export const ENROL_TTL_MS = 24 * 60 * 60 * 1000;

export type TerminalState = "pending" | "expired" | "active" | "paused" | "revoked";

export interface TerminalFacts {
  enrolledAt: Date | null;
  enrolExpiresAt: Date | null;
  revokedAt: Date | null;
  pausedAt: Date | null;
}

/**
 * Revoked wins; then an enrolled terminal is active or paused; a terminal never enrolled waits for its link
 * ("pending"), or its link is past ("expired": management asks for a new one).
 */
export function terminalState(f: TerminalFacts, now: Date): TerminalState {
  if (f.revokedAt) return "revoked";
  if (f.enrolledAt) return f.pausedAt ? "paused" : "active";
  return f.enrolExpiresAt && f.enrolExpiresAt.getTime() > now.getTime() ? "pending" : "expired";
}

/** A personal code: 4 to 6 digits (ASCII), nothing else. */
export const CODE_PATTERN = /^[0-9]{4,6}$/;

export function isValidCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/** The failures of a window: how many, since when (null: none). */
export interface FailureCount {
  failures: number;
  since: Date | null;
}

export interface FailureRule {
  /** Failures that trip the rule. */
  max: number;
  /** The window the failures are counted in, and how long a lock lasts from the failure that tripped it. */
  windowMs: number;
}

/** A person: 5 wrong codes in 15 minutes lock their clocking at every terminal for 15 minutes. */
export const PERSON_RULE: FailureRule = { max: 5, windowMs: 15 * 60 * 1000 };
/** A terminal: 20 wrong codes in 15 minutes pause it until management resumes it. */
export const TERMINAL_RULE: FailureRule = { max: 20, windowMs: 15 * 60 * 1000 };

/** Locked: the rule tripped and its lock (from the tripping failure, kept as `since`) has not run out. */
export function isLocked(c: FailureCount, now: Date, rule: FailureRule): boolean {
  return c.failures >= rule.max && c.since !== null && now.getTime() - c.since.getTime() < rule.windowMs;
}

/**
 * One more failure. A window that ran out starts again at 1; the failure that trips the rule restarts `since`, so the
 * lock lasts the whole window from it. `tripped`: this failure is the one that locks (the caller tells people once).
 */
export function countFailure(c: FailureCount, now: Date, rule: FailureRule): FailureCount & { tripped: boolean } {
  const fresh = c.since === null || now.getTime() - c.since.getTime() >= rule.windowMs;
  const failures = fresh ? 1 : c.failures + 1;
  const tripped = failures === rule.max;
  return { failures, since: fresh || tripped ? now : c.since, tripped };
}

/**
 * The badge's QR (decision 0137): `CADRAN-<matricule>-<secret>`, the secret 32 random bytes as 64 hexadecimal digits.
 * Upper case, digits and `-` only: the QR's alphanumeric mode (a smaller code) and what a keyboard-emulating scanner
 * types the same whatever the case (caps lock) — the reading is case-insensitive. Never the personal code.
 */
export const BADGE_PREFIX = "CADRAN";
const BADGE_PATTERN = /^CADRAN-([0-9]{1,9})-([0-9A-F]{64})$/;

export function badgeContent(matricule: number, secretHex: string): string {
  return `${BADGE_PREFIX}-${matricule}-${secretHex.toUpperCase()}`;
}

/**
 * What a scanned or typed badge holds, or null when it is not one. Spaces (the printed text's groups, a scanner's
 * Enter) and the case do not matter.
 */
export function parseBadge(text: string): { matricule: number; secret: string } | null {
  const m = BADGE_PATTERN.exec(text.replace(/\s+/g, "").toUpperCase());
  return m ? { matricule: Number(m[1]), secret: m[2]! } : null;
}

/**
 * The badge's text as printed under its QR, to type when no reader is at hand: the secret in groups of four.
 * parseBadge reads it back (spaces ignored).
 */
export function printedBadge(content: string): string {
  const m = /^(CADRAN-\d+-)([0-9A-F]+)$/.exec(content);
  return m ? `${m[1]} ${m[2]!.replace(/(.{4})(?=.)/g, "$1 ")}` : content;
}

/** A field's text that starts like a badge (a scanner typed into the matricule field): read as a badge. */
export function looksLikeBadge(text: string): boolean {
  return text.trim().toUpperCase().startsWith(`${BADGE_PREFIX}-`);
}
