import type { EntityManager } from "@mikro-orm/postgresql";
import { createHash, randomBytes } from "node:crypto";
import { ApiToken, LoginFailure, PasswordResetToken, User } from "~db/entities/index";
import { namedStatement, runNamed } from "~/server/operations/named-statements.server";
import { enterAttempt, noteRefusedLogin } from "~/server/identity/login-attempts.server";
import { hashPassword, needsRehash, RefusedBeforeHashing, verifyPassword } from "~/server/identity/password.server";
import { normaliseEmail } from "~/domain/shared/email-address";
import { isValidPassword } from "~/domain/identity/password-rule";
import { ADDRESS_PACE_WINDOW_MS, addressPace, LOGIN_WINDOW_MS, loginLane, loginThrottle } from "~/domain/identity/login-throttle";
import { t } from "~/i18n/fr";
import { CURRENT_USER_FROM, CURRENT_USER_SELECT, toCurrentUser, type CurrentUser, type CurrentUserRow } from "./current-user.server";
import { AppError, ValidationError } from "~/services/shared/errors";

export { LOGIN_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_IP } from "~/domain/identity/login-throttle";
export const API_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** A welcome link (a new account's first password) lives 7 days (decision 0098): a newcomer may read it days later. */
export const WELCOME_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function sha256(value: string) {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * The login as compared (app/domain/shared/email-address.ts, issue 42 §2): an accepted address in ASCII lower case, or null
 * for anything else (a look-alike, a NUL byte, a user name): such a text names no account.
 */
export function normaliseIdentifier(identifier: string): string | null {
  return normaliseEmail(identifier);
}

/** What a failed attempt is counted under: the login, or the text as typed without control characters (never NUL). */
function failureKey(identifier: string): string {
  return identifier.trim().toLowerCase().replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 254);
}

// Verifying against a real hash when the account does not exist keeps the timing of both answers alike.
let dummyHash: Promise<string> | undefined;
function dummy() {
  dummyHash ??= hashPassword("timing-equaliser-Aa1!");
  return dummyHash;
}

export type LoginResult =
  | { ok: true; userId: number }
  | { ok: false; reason: "invalid" | "throttled" };

/**
 * Checks an identifier and a password. Failures are recorded and throttled (domain/login-throttle, decision 0089):
 * 10 per account in 15 minutes refuse the account; failures for one account from one address, and failures from one
 * address on any names, only make further attempts wait, so a client behind a shared address (an office NAT, a load
 * balancer without TRUST_PROXY) cannot lock out everyone else; only a script's volume (1,000) refuses an address.
 * The window slides, so nobody is locked out for good.
 *
 * A burst (issue 42 §7, decision 0131): the attempts in flight in this process count too (the others for the same
 * account, the failures recorded while one waited), and the password check goes through a lane: an account without
 * recent failures from an address without a run of them is checked as before; any other attempt is checked one at a
 * time after every clean one, and refused before hashing (as throttled, not recorded) when that lane is taken. So
 * 200 wrong passwords sent at once cost a few hashes, and the others' sign-ins keep the hashing.
 */
export async function loginWithPassword(
  em: EntityManager,
  input: { identifier: string; password: string; ip: string; now?: Date },
): Promise<LoginResult> {
  const now = input.now ?? new Date();
  const login = normaliseIdentifier(input.identifier);
  const identifier = login ?? failureKey(input.identifier);
  // Entered before the first await: attempts sent together see each other.
  const account = enterAttempt(`account:${identifier}`);
  const address = enterAttempt(`address:${input.ip}`);
  try {
    const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
    const paceSince = new Date(now.getTime() - ADDRESS_PACE_WINDOW_MS);
    const [counts] = await em.getConnection().execute<{ by_account: string; by_pair: string; by_ip: string; by_ip_recently: string }[]>(
      `select count(*) filter (where identifier = ?) as by_account, count(*) filter (where identifier = ? and ip = ?) as by_pair,
              count(*) filter (where ip = ?) as by_ip, count(*) filter (where ip = ? and at > ?) as by_ip_recently
         from login_failure where at > ? and (identifier = ? or ip = ?)`,
      [identifier, identifier, input.ip, input.ip, input.ip, paceSince, since, identifier, input.ip],
    );
    const recorded = { byAccount: Number(counts?.by_account ?? 0), byPair: Number(counts?.by_pair ?? 0), byAddress: Number(counts?.by_ip ?? 0) };
    const decision = loginThrottle({
      byAccount: recorded.byAccount + account.failuresSince() + account.others(),
      byAccountAndAddress: recorded.byPair,
      byAddress: recorded.byAddress + address.failuresSince(),
    });
    if (decision.refuse) {
      noteRefusedLogin(input.ip);
      console.warn(`[auth] throttled login for ${identifier} from ${input.ip}`);
      return { ok: false, reason: "throttled" };
    }
    // An address failing fast goes one attempt at a time (decision 0131, session 17 addendum).
    const pace = addressPace({ byAddressRecently: Number(counts?.by_ip_recently ?? 0) + address.failuresSince(), addressInFlight: address.others() });
    if (pace.refuse) {
      noteRefusedLogin(input.ip);
      console.warn(`[auth] throttled login for ${identifier} from ${input.ip} (its address fails fast, one attempt at a time)`);
      return { ok: false, reason: "throttled" };
    }
    const delayMs = Math.max(decision.delayMs, pace.delayMs);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));

    // Asked when the check would start, and again when a waiting check's turn comes.
    const lane = () =>
      loginLane({
        byAccount: recorded.byAccount + account.failuresSince(),
        accountInFlight: account.others(),
        byAddress: recorded.byAddress + address.failuresSince(),
      });
    const user = login ? await em.findOne(User, { email: login }, { populate: ["employee"] }) : null;
    const archived = !!user?.employee.firedAt;
    let valid: boolean;
    try {
      valid = await verifyPassword(user?.passwordHash ?? (await dummy()), input.password, lane);
    } catch (error) {
      if (!(error instanceof RefusedBeforeHashing)) throw error;
      noteRefusedLogin(input.ip);
      console.warn(`[auth] throttled login for ${identifier} from ${input.ip} (recent failures, their check is busy)`);
      return { ok: false, reason: "throttled" };
    }
    if (!user || !valid || archived) {
      account.failed();
      address.failed();
      await em.insert(LoginFailure, { identifier, ip: input.ip, at: now });
      console.warn(`[auth] failed login for ${identifier} from ${input.ip}`);
      return { ok: false, reason: "invalid" };
    }
    if (user.passwordHash && needsRehash(user.passwordHash)) {
      user.passwordHash = await hashPassword(input.password);
      await em.flush();
    }
    return { ok: true, userId: user.id };
  } finally {
    account.leave();
    address.leave();
  }
}

/** A new /api token: returned once in clear, kept as SHA-256. */
export async function createApiToken(em: EntityManager, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await em.insert(ApiToken, {
    user: userId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + API_TOKEN_TTL_MS),
  });
  return token;
}

/** The user id behind a valid token, or null (unknown, expired, revoked, archived employee). */
export async function userIdForApiToken(em: EntityManager, token: string, now = new Date()): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const rows = await em.getConnection().execute<{ user_id: number }[]>(
    `select t.user_id from api_token t
       join app_user u on u.id = t.user_id
       join employee e on e.id = u.employee_id
      where t.token_hash = ? and t.revoked_at is null and t.expires_at > ? and e.fired_at is null`,
    [sha256(token), now],
  );
  return rows[0]?.user_id ?? null;
}

/**
 * The user behind a valid API token, or null (unknown, expired, revoked, archived employee): userIdForApiToken and
 * loadCurrentUser in one query, since every /api call starts with it.
 */
export async function currentUserForApiToken(em: EntityManager, token: string, now = new Date()): Promise<CurrentUser | null> {
  const tokenHash = apiTokenHash(token);
  if (tokenHash === null) return null;
  const rows = await runNamed<CurrentUserRow>(em, USER_FOR_API_TOKEN, [tokenHash, now.toISOString()]);
  return toCurrentUser(rows[0]);
}

/** The SHA-256 an API token is stored as; null for a header no token can be (empty, over 200 characters). */
export function apiTokenHash(token: string): string | null {
  if (!token || token.length > 200) return null;
  return sha256(token);
}

/** Every /api call runs it (the clock buttons first among them): a named statement, planned once per connection. */
const USER_FOR_API_TOKEN = namedStatement(
  "user_for_api_token",
  `select ${CURRENT_USER_SELECT} from ${CURRENT_USER_FROM} join api_token t on t.user_id = u.id
    where t.token_hash = $1 and t.revoked_at is null and t.expires_at > $2`,
);

export async function revokeApiTokens(em: EntityManager, userId: number, now = new Date()) {
  await em.getConnection().execute("update api_token set revoked_at = ? where user_id = ? and revoked_at is null", [
    now,
    userId,
  ]);
}

/**
 * "Log out everywhere" (DESIGN §5, profile page): ends every session, every API token and every calendar feed of the
 * user at once.
 * The caller then clears the current cookie.
 */
export async function logOutEverywhere(em: EntityManager, userId: number, now = new Date()): Promise<void> {
  await em.transactional(async (tx) => {
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext();
    await conn.execute("delete from session where user_id = ?", [userId], "run", ctx);
    await conn.execute("update api_token set revoked_at = ? where user_id = ? and revoked_at is null", [now, userId], "run", ctx);
    // The calendar feeds are tokens too (DESIGN §5: every session and token; issue 30).
    await conn.execute("delete from calendar_feed where employee_id = (select employee_id from app_user where id = ?)", [userId], "run", ctx);
  });
}

/**
 * Finds the account a reset is asked for, by its login (professional e-mail) only: a personal e-mail is never a
 * lookup key, since it could name another person's account (decision 0019). Archived employees get nothing. The caller answers the same whatever this returns.
 */
export async function findUserForReset(em: EntityManager, identifier: string): Promise<number | null> {
  const id = normaliseIdentifier(identifier);
  if (!id) return null;
  const rows = await em.getConnection().execute<{ id: number }[]>(
    `select u.id from app_user u join employee e on e.id = u.employee_id
      where e.fired_at is null and u.email = ?`,
    [id],
  );
  return rows[0]?.id ?? null;
}

/** Reset mails per account per hour, at most (issue 30): more requests get the same answer and no mail. */
export const MAX_RESET_MAILS_PER_HOUR = 3;

/** How many reset links were made for the account in the hour before `now`. */
export async function recentResetTokenCount(em: EntityManager, userId: number, now = new Date()): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<{ n: number }[]>(
      "select count(*)::int as n from password_reset_token where user_id = ? and created_at > ?",
      [userId, new Date(now.getTime() - 60 * 60 * 1000)],
      "all",
      em.getTransactionContext(),
    );
  return row?.n ?? 0;
}

/**
 * Makes a single-use reset token (30 minutes) and returns it in clear for the mail. Every earlier unused link of the
 * account dies (marked used): only the latest mail works (issue 30).
 */
export async function createResetToken(em: EntityManager, userId: number, now = new Date(), ttlMs = RESET_TOKEN_TTL_MS): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await em
    .getConnection()
    .execute("update password_reset_token set used_at = ? where user_id = ? and used_at is null", [now, userId], "run", em.getTransactionContext());
  await em.insert(PasswordResetToken, {
    user: userId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** Is this reset token usable now? (unused, not expired, and made after the last password change) */
export async function resetTokenUserId(em: EntityManager, token: string, now = new Date()): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const rows = await em.getConnection().execute<{ user_id: number }[]>(
    `select t.user_id from password_reset_token t join app_user u on u.id = t.user_id
      where t.token_hash = ? and t.used_at is null and t.expires_at > ?
        and (u.password_changed_at is null or u.password_changed_at <= t.created_at)`,
    [sha256(token), now],
  );
  return rows[0]?.user_id ?? null;
}

/**
 * Sets a new password with a reset token. The token dies, and so do every session, every API token and every
 * other reset token of the account.
 */
export async function changePasswordWithToken(
  em: EntityManager,
  input: { token: string; password: string; now?: Date },
): Promise<{ userId: number }> {
  const now = input.now ?? new Date();
  if (!isValidPassword(input.password) || input.password.length > 128) {
    throw new ValidationError([{ propertyPath: "plainPassword", message: t("password.invalid") }]);
  }
  const userId = await resetTokenUserId(em, input.token, now);
  if (!userId) throw new AppError(400, t("change.invalid_token"));
  const hash = await hashPassword(input.password);
  await em.transactional(async (tx) => {
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext();
    await conn.execute("update app_user set password_hash = ?, password_changed_at = ? where id = ?", [hash, now, userId], "run", ctx);
    await conn.execute("update password_reset_token set used_at = ? where user_id = ? and used_at is null", [now, userId], "run", ctx);
    await conn.execute("update api_token set revoked_at = ? where user_id = ? and revoked_at is null", [now, userId], "run", ctx);
    await conn.execute("delete from session where user_id = ?", [userId], "run", ctx);
  });
  return { userId };
}
