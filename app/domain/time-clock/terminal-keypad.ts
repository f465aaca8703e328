/**
 * The terminal keypad's on-screen digit buttons (issue 46 item 2, decision 0136 "Digit buttons"): pure rules shared by
 * the action (without JavaScript each key is a submit button whose press comes back to the server) and the page (with
 * JavaScript the same rule runs in the browser). A key never signs anyone in: only "Valider" checks the code.
 */

export const KEYPAD_FIELDS = ["matricule", "code"] as const;
export type KeypadField = (typeof KEYPAD_FIELDS)[number];

/** The digits in a phone keypad's order (1 2 3 / 4 5 6 / 7 8 9 / Effacer 0 Corriger). */
export const KEYPAD_DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"] as const;
export type KeypadDigit = (typeof KEYPAD_DIGITS)[number];

/** A key: a digit, "back" (Effacer: the last digit), "clear" (Corriger: the whole field), or a field to fill next. */
export type KeypadKey = KeypadDigit | "back" | "clear" | KeypadField;

/** A matricule is at most 9 digits (the code check's bound), a personal code at most 6. */
export const KEYPAD_MAX: Record<KeypadField, number> = { matricule: 9, code: 6 };

export interface KeypadEntry {
  matricule: string;
  code: string;
  /** The field the digit keys fill. */
  target: KeypadField;
}

const isField = (v: unknown): v is KeypadField => (KEYPAD_FIELDS as readonly unknown[]).includes(v);

/**
 * A field as the keypad keeps it: spaces removed; anything that is not digits only (letters, a badge scanned into the
 * matricule field) is dropped rather than echoed back; cut to the field's length.
 */
export function keypadValue(field: KeypadField, raw: unknown): string {
  const text = typeof raw === "string" ? raw.replace(/\s+/g, "") : "";
  return /^[0-9]*$/.test(text) ? text.slice(0, KEYPAD_MAX[field]) : "";
}

/** The entry posted with a key: the two fields and the target (the matricule unless the code was chosen). */
export function keypadEntry(raw: { matricule?: unknown; code?: unknown; target?: unknown }): KeypadEntry {
  return { matricule: keypadValue("matricule", raw.matricule), code: keypadValue("code", raw.code), target: isField(raw.target) ? raw.target : "matricule" };
}

/** The key a button posted, or null for anything else. */
export function parseKey(raw: unknown): KeypadKey | null {
  return (KEYPAD_DIGITS as readonly unknown[]).includes(raw) || raw === "back" || raw === "clear" || isField(raw) ? (raw as KeypadKey) : null;
}

/** The entry after a key: a digit is appended to the target (ignored once it is full), and nothing else changes. */
export function pressKey(entry: KeypadEntry, key: KeypadKey): KeypadEntry {
  if (isField(key)) return { ...entry, target: key };
  const value = entry[entry.target];
  const next = key === "back" ? value.slice(0, -1) : key === "clear" ? "" : value.length < KEYPAD_MAX[entry.target] ? value + key : value;
  return { ...entry, [entry.target]: next };
}
