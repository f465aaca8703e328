import { normaliseEmail } from "~/domain/shared/email-address";

/**
 * Which login a single sign-on answer names (decision 0090): the `email` claim, normalised by the one e-mail rule
 * (app/domain/shared/email-address.ts), when the provider does not say it is unverified. A missing `email_verified` is
 * accepted (Entra ID never sends it and only hands out its own directory's addresses); `false`, or any e-mail-less
 * answer, names nobody (`no_email`). A claim that is not an address Cadran accepts — a look-alike such as the Kelvin
 * sign, a NUL byte, a user name — is `bad_email` (issue 42 §2–3, decision 0120): refused here, never looked up.
 */
export type SsoLogin = { ok: true; email: string } | { ok: false; reason: "no_email" | "bad_email" };

export function ssoLoginEmail(claims: Record<string, unknown> | undefined): SsoLogin {
  const raw = typeof claims?.email === "string" ? claims.email.trim() : "";
  if (!raw) return { ok: false, reason: "no_email" };
  if (claims?.email_verified === false || claims?.email_verified === "false") return { ok: false, reason: "no_email" };
  const email = normaliseEmail(raw);
  return email ? { ok: true, email } : { ok: false, reason: "bad_email" };
}
