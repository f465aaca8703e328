import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { t } from "~/i18n/fr";
import { env } from "~/server/shared/env.server";
import { sendMail } from "~/server/operations/mail.server";
import { enqueue } from "~/server/operations/queue.server";
import { createResetToken, findUserForReset, MAX_RESET_MAILS_PER_HOUR, recentResetTokenCount, WELCOME_TOKEN_TTL_MS } from "./auth.server";

/**
 * Asks for a reset link. Whether or not the account exists the caller answers the same; the mail (and the token)
 * are made by the worker, so no secret travels through the queue.
 */
export async function requestPasswordReset(em: EntityManager, identifier: string): Promise<void> {
  const userId = await findUserForReset(em, identifier);
  // Past the hourly limit nothing is queued (the worker checks again, under a lock, for requests that raced).
  if (userId && (await recentResetTokenCount(em, userId)) < MAX_RESET_MAILS_PER_HOUR) await enqueue("mail.password-reset", { userId });
}

/** Job body: makes a fresh single-use token and mails the link (reset, or first password for a new account). */
export async function sendPasswordLinkMail(em: EntityManager, userId: number, kind: "reset" | "welcome") {
  const rows = await em.getConnection().execute<{ email: string; firstname: string; lastname: string; fired_at: string | null }[]>(
    "select u.email, e.firstname, e.lastname, e.fired_at from app_user u join employee e on e.id = u.employee_id where u.id = ?",
    [userId],
  );
  const row = rows[0];
  if (!row || row.fired_at) return { sent: false };
  // At most MAX_RESET_MAILS_PER_HOUR reset mails per account per hour (issue 30): counted and written under a lock
  // of the account's row, so parallel jobs cannot all pass the count. A welcome mail is asked by HR: never limited.
  const token = await em.transactional(async (tx) => {
    await tx.getConnection().execute("select id from app_user where id = ? for update", [userId], "all", tx.getTransactionContext());
    if (kind === "reset" && (await recentResetTokenCount(tx, userId)) >= MAX_RESET_MAILS_PER_HOUR) return null;
    return createResetToken(tx, userId, new Date(), kind === "welcome" ? WELCOME_TOKEN_TTL_MS : undefined);
  });
  if (token === null) {
    console.warn(`[auth] reset mail limit reached for user ${userId}`);
    return { sent: false };
  }
  const link = new URL(`/password/change/${token}`, env().APP_URL).toString();
  const name = displayName(row.firstname, row.lastname);
  const mail =
    kind === "reset"
      ? { subject: t("reset.mail_subject"), text: t("reset.mail_text", { name, link }) }
      : { subject: t("welcome.mail_subject"), text: t("welcome.mail_text", { name, link, email: row.email }) };
  const result = await sendMail({ to: row.email, ...mail });
  return { sent: true, ...result };
}
