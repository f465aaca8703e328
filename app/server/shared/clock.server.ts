/**
 * "Now" for a request (decision 0103). In production it is always the machine's clock. The browser journeys need a
 * night shift clocked live (START on a Saturday at 22:00, END on the Sunday at 06:00) while other specs run against
 * the same server: with CADRAN_TEST_CLOCK=1 in the process environment (set by tests/e2e/server.ts only), a request
 * carrying the cookie `cadran_test_now=<epoch ms>` is served at that instant. Without the flag the cookie is ignored.
 */

/** The cookie a browser journey sets (Playwright `context.addCookies`); its value is milliseconds since the epoch. */
export const TEST_CLOCK_COOKIE = "cadran_test_now";

/** True when this process honours the test clock: tests/e2e/server.ts only. */
export function testClockOn(): boolean {
  return process.env.CADRAN_TEST_CLOCK === "1";
}

/** The instant the request asks for through the test cookie, or null (no flag, no cookie, or not a sane number). */
export function testClockOf(request: Request): Date | null {
  if (!testClockOn()) return null;
  const cookies = request.headers.get("Cookie") ?? "";
  const m = new RegExp(`(?:^|;\\s*)${TEST_CLOCK_COOKIE}=(\\d{1,15})(?:;|$)`).exec(cookies);
  if (!m) return null;
  const at = new Date(Number(m[1]));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The request's "now": the machine's clock, or the test clock's instant when the flag and the cookie are set. */
export function requestNow(request: Request): Date {
  return testClockOf(request) ?? new Date();
}
