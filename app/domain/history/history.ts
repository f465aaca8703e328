/**
 * The change history (issue 32 §3, decisions 0106/0107): what an entry says, and how a sheet change is described.
 * Pure: no I/O. Entries are written by `app/services/history/history.server.ts` in the transaction of the change and read by
 * the sheet's "Historique" tab; they are never updated or deleted (a trigger refuses it).
 *
 * An entry's `action` is `<kind>.<verb>`; the kind is what the tab filters on.
 */

export const HISTORY_KINDS = ["sheet", "leave", "correction", "deduction", "policy", "close", "personal", "terminal"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** A value as stored: dates as ISO `YYYY-MM-DD`, times as ISO instants, numbers as numbers, ids as numbers. */
export type HistoryValue = string | number | boolean | null;

export interface FieldChange {
  /** The field's name in the sheet (the catalogue has its label under `history.field.<name>`). */
  field: string;
  old: HistoryValue;
  new: HistoryValue;
}

export const HISTORY_ACTIONS = {
  sheet: ["create", "update", "archive", "unarchive", "delete"],
  leave: ["ask", "approve", "refuse", "cancel", "remove", "edit"],
  correction: ["ask", "validate", "refuse", "delete"],
  deduction: ["add", "remove"],
  policy: ["update"],
  close: ["close", "reopen"],
  personal: ["anonymise"],
  // The shop-floor terminal (issue 46, decisions 0136/0137): HR reset the personal code, issued or revoked the badge.
  terminal: ["code_reset", "badge_issue", "badge_revoke"],
} as const satisfies Record<HistoryKind, readonly string[]>;

export type HistoryAction = {
  [K in HistoryKind]: `${K}.${(typeof HISTORY_ACTIONS)[K][number]}`;
}[HistoryKind];

/** What each kind carries in `details` (all optional beyond these; free texts may be erased by anonymisation). */
export interface HistoryDetails {
  /** sheet.update, policy.update: the fields that changed, old → new. */
  changes?: FieldChange[];
  /** leave.*: the leave, its type code and its first and last day (ISO). */
  leaveId?: number;
  leaveType?: string;
  from?: string;
  to?: string;
  /** leave.approve/refuse: the step decided; a deputy's decision names the manager it was taken for. */
  step?: string;
  onBehalfOfId?: number | null;
  /** leave.refuse, correction.refuse, deduction.*: the reason typed by the person (a free text). */
  reason?: string | null;
  /** correction.*, deduction.*: the day concerned (ISO) and, for a correction, the clock rows before and after. */
  day?: string;
  before?: HistoryValue[];
  after?: HistoryValue[];
  /** deduction.*: signed seconds. */
  seconds?: number;
  /** policy.update: what the policy belongs to ("country", "subsidiary") and its id; close.*: the month (ISO day 1). */
  area?: string;
  areaId?: number;
  /** policy.update: the country's or subsidiary's name when the change was made. */
  areaName?: string;
  month?: string;
  /** Anything else a writer needs to keep (no personal data beyond the free texts above). */
  [key: string]: unknown;
}

export function historyKindOf(action: string): HistoryKind | null {
  const kind = action.split(".")[0] as HistoryKind;
  return (HISTORY_KINDS as readonly string[]).includes(kind) ? kind : action === "anonymise" ? "personal" : null;
}

function normalise(value: unknown): HistoryValue {
  if (value === undefined || value === null || value === "") return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "object" && value !== null && "id" in value) return Number((value as { id: unknown }).id);
  return JSON.stringify(value);
}

/**
 * The fields that differ between two states of a sheet, in the order of `fields`. Empty strings, undefined and null
 * are the same "empty"; dates compare by instant; a related row compares by id. Fields absent from `after` are not
 * part of the change (a partial update).
 */
export function sheetChanges(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  fields: readonly string[]
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (!(field in after)) continue;
    const old = normalise(before[field]);
    const now = normalise(after[field]);
    if (old !== now) changes.push({ field, old, new: now });
  }
  return changes;
}
