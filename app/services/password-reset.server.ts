import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employee-name";
import { t } from "~/i18n/fr";
import { env } from "~/server/env.server";
import { sendMail } from "~/server/mail.server";
import { enqueue } from "~/server/queue.server";
import { createResetToken, findUserForReset, WELCOME_TOKEN_TTL_MS } from "./auth.server";

/**
 * Asks for a reset link. Whether or not the account exists the caller answers the same; the mail (and the token)
 * are made by the worker, so no secret travels through the queue.
 */
export async function requestPasswordReset(em: EntityManager, identifier: string): Promise<void> {
  const userId = await findUserForReset(em, identifier);
  if (userId) await enqueue("mail.password-reset", { userId });
}

/** Job body: makes a fresh single-use token and mails the link (reset, or first password for a new account). */
export async function sendPasswordLinkMail(em: EntityManager, userId: number, kind: "reset" | "welcome") {
  const rows = await em.getConnection().execute<{ email: string; firstname: string; lastname: string; fired_at: string | null }[]>(
    "select u.email, e.firstname, e.lastname, e.fired_at from app_user u join employee e on e.id = u.employee_id where u.id = ?",
    [userId],
  );
  const row = rows[0];
  if (!row || row.fired_at) return { sent: false };
  const token = await createResetToken(em, userId, new Date(), kind === "welcome" ? WELCOME_TOKEN_TTL_MS : undefined);
  const link = new URL(`/password/change/${token}`, env().APP_URL).toString();
  const name = displayName(row.firstname, row.lastname);
  const mail =
    kind === "reset"
      ? { subject: t("reset.mail_subject"), text: t("reset.mail_text", { name, link }) }
      : { subject: t("welcome.mail_subject"), text: t("welcome.mail_text", { name, link, email: row.email }) };
  const result = await sendMail({ to: row.email, ...mail });
  return { sent: true, ...result };
}
