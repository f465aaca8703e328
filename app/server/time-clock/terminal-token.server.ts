import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/server/shared/env.server";

/**
 * Who is at the terminal between the keypad and the buttons (issue 46 item 3, decision 0136), without a session: a
 * token in a hidden field, `<terminal>.<employee>.<expiry ms>.<HMAC-SHA256>` signed with the app's secret, valid two
 * minutes, bound to the terminal (another terminal's cookie cannot use it). Replaying it within its two minutes at
 * the same terminal can only repeat an action the clock's state machine refuses (409) or the person could do anyway.
 */
export const PERSON_TOKEN_TTL_MS = 2 * 60 * 1000;

function mac(body: string): string {
  return createHmac("sha256", `terminal-person:${env().SESSION_SECRET}`).update(body).digest("base64url");
}

export function signPersonToken(terminalId: number, employeeId: number, now: Date): string {
  const body = `${terminalId}.${employeeId}.${now.getTime() + PERSON_TOKEN_TTL_MS}`;
  return `${body}.${mac(body)}`;
}

/** The employee of a token signed for this terminal and not past; null otherwise (tampered, expired, elsewhere). */
export function personOfToken(token: string, terminalId: number, now: Date): number | null {
  const m = /^(\d{1,9})\.(\d{1,9})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(mac(`${m[1]}.${m[2]}.${m[3]}`));
  const given = Buffer.from(m[4]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(m[1]) !== terminalId || Number(m[3]) <= now.getTime()) return null;
  return Number(m[2]);
}
