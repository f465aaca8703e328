import { getEm } from "~/server/shared/orm.server";
import { sendPasswordLinkMail } from "~/services/identity/password-reset.server";

/** Mails a fresh single-use password link; the token is made here, never carried by the queue. */
export async function passwordMail(userId: number, kind: "reset" | "welcome") {
  return sendPasswordLinkMail(await getEm(), userId, kind);
}
