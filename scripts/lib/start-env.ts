import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * `npm start` serves the production build in production mode (decision 0017): React's production bundle, Remix's
 * production error handling, HSTS. What production requires and a newcomer's machine lacks is filled in here:
 * - SESSION_SECRET: a random one, kept in `.data/session-secret` so sessions survive a restart;
 * - COOKIE_SECURE: on for an https APP_URL, off for http (browsers drop Secure cookies sent over plain http
 *   to anything but localhost, and a LAN address is a common first try).
 * Anything already set in the environment wins.
 */
export function startEnvironment(env: Record<string, string | undefined>, dataDir: string): void {
  env.NODE_ENV ??= "production";
  if (env.NODE_ENV !== "production") return;
  if (!env.SESSION_SECRET) env.SESSION_SECRET = localSecret(dataDir);
  if (!env.COOKIE_SECURE) env.COOKIE_SECURE = (env.APP_URL ?? "").startsWith("https:") ? "1" : "0";
}

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
