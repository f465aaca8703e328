/**
 * How the writers of the change history (decision 0106) turn what changed into stored values, and how the
 * anonymisation erases the personal values an entry may hold. Pure: no I/O.
 */
import type { HistoryDetails, HistoryValue } from "./history";

/** The sheet fields whose values identify the person: the anonymisation replaces them in every entry about them. */
export const SHEET_IDENTITY_FIELDS: readonly string[] = [
  "matricule",
  "acronym",
  "firstname",
  "lastname",
  "birthday",
  "phone",
  "email",
  "emailPersonal",
  "comments",
];

/** The free texts an entry's details may carry (typed by a person): erased by the anonymisation. */
export const HISTORY_FREE_TEXTS: readonly string[] = ["reason", "comment", "message"];

/** What an erased value reads as. */
export const REDACTED = "(anonymisé)";

/**
 * A clock row as an entry keeps it: its type and instant, "START 2026-11-02T07:00:00.000Z" (the reading side shows
 * the instant in the employee's zone).
 *
 * @example clockRowValues([{ type: "START", time: new Date("2026-11-02T07:00:00Z") }]) // ["START 2026-11-02T07:00:00.000Z"]
 */
export function clockRowValues(rows: readonly { type: string; time: Date | string }[]): HistoryValue[] {
  return rows.map((r) => `${r.type} ${new Date(r.time).toISOString()}`);
}

/**
 * An entry's details with the personal values erased: the identity fields of a sheet change (old and new) and the
 * free texts become REDACTED (an empty value stays empty). Null when nothing was to erase (the row is left alone).
 */
export function redactDetails(details: HistoryDetails): HistoryDetails | null {
  let touched = false;
  const out: HistoryDetails = { ...details };
  const redact = (v: unknown) => {
    if (v === null || v === undefined || v === "" || v === REDACTED) return v;
    touched = true;
    return REDACTED;
  };
  if (Array.isArray(details.changes)) {
    out.changes = details.changes.map((c) =>
      SHEET_IDENTITY_FIELDS.includes(c.field) ? { ...c, old: redact(c.old) as HistoryValue, new: redact(c.new) as HistoryValue } : c,
    );
  }
  for (const key of HISTORY_FREE_TEXTS) if (key in details) out[key] = redact(details[key]);
  return touched ? out : null;
}
