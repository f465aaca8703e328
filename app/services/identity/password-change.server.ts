/**
 * A signed-in user changes their password from the profile (issue 28 item 9): the current password, then the new
 * one twice. Like a reset (DESIGN §5), the change ends every session, API token and reset link of the account; the
 * caller signs the person out and asks them to sign in with the new password.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { LOGIN_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT } from "~/domain/identity/login-throttle";
import { isValidPassword } from "~/domain/identity/password-rule";
import { t } from "~/i18n/fr";
import { hashPassword, verifyPassword } from "~/server/identity/password.server";
import type { CurrentUser } from "./current-user.server";
import { ValidationError, type Violation } from "~/services/shared/errors";

export interface PasswordChangeInput {
  current: string;
  password: string;
  confirm: string;
}

/** The longest password accepted (argon2 input bound, as the reset). */
const MAX_PASSWORD = 128;

/**
 * A wrong current password is a failed sign-in of the account (decision 0089's `login_failure`, at the caller's
 * address): a stolen session cannot guess the password at argon2's pace. Ten failures in 15 minutes, at the sign-in
 * form or here, refuse the check without hashing (decision 0110) until the window slides.
 */
export async function changeOwnPassword(
  em: EntityManager,
  user: Pick<CurrentUser, "userId">,
  input: PasswordChangeInput,
  { now = new Date(), ip = "unknown" }: { now?: Date; ip?: string } = {},
): Promise<void> {
  const [account] = await em.execute<{ email: string; password_hash: string | null; failures: number }[]>(
    `select u.email, u.password_hash, (select count(*) from login_failure f where f.identifier = u.email and f.at > ?)::int as failures
       from app_user u where u.id = ?`,
    [new Date(now.getTime() - LOGIN_WINDOW_MS), user.userId],
  );
  if (account && account.failures >= MAX_FAILURES_PER_ACCOUNT) {
    console.warn(`[auth] throttled password change for ${account.email} from ${ip}`);
    throw new ValidationError([{ propertyPath: "current", message: t("login.throttled") }]);
  }
  const violations: Violation[] = [];
  if (!input.current) violations.push({ propertyPath: "current", message: t("profile.password.current_required") });
  if (!isValidPassword(input.password) || input.password.length > MAX_PASSWORD) violations.push({ propertyPath: "password", message: t("password.invalid") });
  else if (input.password !== input.confirm) violations.push({ propertyPath: "confirm", message: t("profile.password.mismatch") });
  else if (input.password === input.current) violations.push({ propertyPath: "password", message: t("profile.password.same") });
  // The current password is checked even when the new one is wrong, so that every error shows at once.
  if (input.current && !(account?.password_hash && (await verifyPassword(account.password_hash, input.current)))) {
    violations.push({ propertyPath: "current", message: t("profile.password.current_wrong") });
    if (account) await em.execute("insert into login_failure (identifier, ip, at) values (?, ?, ?)", [account.email, ip.slice(0, 64), now]);
  }
  if (violations.length > 0) throw new ValidationError(violations);
  const hash = await hashPassword(input.password);
  await em.transactional(async (tx) => {
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext();
    await conn.execute("update app_user set password_hash = ?, password_changed_at = ? where id = ?", [hash, now, user.userId], "run", ctx);
    await conn.execute("update password_reset_token set used_at = ? where user_id = ? and used_at is null", [now, user.userId], "run", ctx);
    await conn.execute("update api_token set revoked_at = ? where user_id = ? and revoked_at is null", [now, user.userId], "run", ctx);
    await conn.execute("delete from session where user_id = ?", [user.userId], "run", ctx);
  });
}
