/**
 * Which login a single sign-on answer names (decision 0090): the `email` claim in lower case, when the provider does
 * not say it is unverified. A missing `email_verified` is accepted (Entra ID never sends it and only hands out its
 * own directory's addresses); `false`, or any e-mail-less answer, names nobody.
 */
export function ssoLoginEmail(claims: Record<string, unknown> | undefined): string | null {
  const email = typeof claims?.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || email.length > 254 || !email.includes("@")) return null;
  if (claims?.email_verified === false || claims?.email_verified === "false") return null;
  return email;
}
