import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Nightly housekeeping: expired sessions, dead API and reset tokens, old login failures.
 * Idempotent: a rerun deletes nothing more than what has expired since.
 */
export async function cleanup(em: EntityManager, now = new Date()) {
  const conn = em.getConnection();
  type Run = { affectedRows: number };
  const day = new Date(now.getTime() - 24 * 3600 * 1000);
  const sessions = (await conn.execute("delete from session where expires_at < ? or last_seen_at < ?", [now, new Date(now.getTime() - 30 * 60 * 1000)], "run")) as unknown as Run;
  const tokens = (await conn.execute("delete from api_token where expires_at < ? or revoked_at < ?", [day, day], "run")) as unknown as Run;
  const resets = (await conn.execute("delete from password_reset_token where expires_at < ?", [day], "run")) as unknown as Run;
  const failures = (await conn.execute("delete from login_failure where at < ?", [day], "run")) as unknown as Run;
  return {
    sessions: sessions.affectedRows,
    tokens: tokens.affectedRows,
    resets: resets.affectedRows,
    failures: failures.affectedRows,
  };
}
