/**
 * Whom Cadran may mail (issue 42 §6, decision 0121): never an archived person (departure date set) nor an anonymised
 * one, whatever the mail is about, and never an address of the reserved `.invalid` domain (RFC 2606: the anonymised
 * sheets' `anonyme-N@anonyme.invalid`). Addresses of no sheet (an outside address) are not ours to judge. Pure.
 */
export type MailRefusal = "archived" | "anonymised" | "undeliverable";

export function mailRefusal(address: string, person: { firedAt: string | null; anonymisedAt: string | null } | null): MailRefusal | null {
  if (/\.invalid\.?$/i.test(address.trim())) return "undeliverable";
  if (person?.anonymisedAt) return "anonymised";
  if (person?.firedAt) return "archived";
  return null;
}
