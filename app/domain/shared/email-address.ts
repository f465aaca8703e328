/**
 * E-mail addresses: the one syntax Cadran accepts and the one way two addresses are compared (issue 42 §2, decision
 * 0120). Sign-in, single sign-on, the password reset, the employee sheet and the import all go through here.
 *
 * An address is ASCII only: a local part of RFC 5322 `dot-atom` characters (letters, digits, ``!#$%&'*+/=?^_`{|}~-``,
 * dots between them) of 64 characters at most, `@`, and a domain of at least two LDH labels (letters, digits, inner
 * hyphens; 63 each), 254 characters in all. An internationalised domain is written in its `xn--` form. Nothing is
 * folded but ASCII case: lower-casing or NFKC would turn look-alikes into the address they imitate (the Kelvin sign
 * U+212A lowers to `k`, long s U+017F folds to `s`, full-width letters fold to ASCII, `İ` lowers to `i` + a combining
 * dot), so such an address is refused, never compared. Pure.
 */

export const EMAIL_MAX_LENGTH = 254;

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const ADDRESS = new RegExp(`^(${ATOM}(?:\\.${ATOM})*)@(${LABEL}(?:\\.${LABEL})+)$`);

/**
 * The address in its one compared form (trimmed, ASCII lower case), or null when it is not an address Cadran accepts:
 * empty, too long, a character outside the syntax above (any non-ASCII letter, a control character such as NUL, a
 * space inside), a local part over 64 characters.
 */
export function normaliseEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const value = input.trim();
  if (!value || value.length > EMAIL_MAX_LENGTH) return null;
  const match = ADDRESS.exec(value);
  if (!match || match[1]!.length > 64) return null;
  return value.toLowerCase(); // ASCII only at this point: no character folds onto another
}

/** Whether the text is an address Cadran accepts (the sheet's and the import's field check). */
export function isEmailAddress(input: unknown): boolean {
  return normaliseEmail(input) !== null;
}

/** Whether two texts name the same address: both accepted, equal once normalised. A refused text equals nothing. */
export function sameEmail(a: unknown, b: unknown): boolean {
  const left = normaliseEmail(a);
  return left !== null && left === normaliseEmail(b);
}
