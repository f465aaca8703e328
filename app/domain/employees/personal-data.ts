/**
 * Personal data (issue 32 §4, decision 0101): what an employee downloads about themselves ("Mes données") and when
 * and how HR anonymise an archived employee. Pure: the service reads the rows, these rules shape them.
 */
import { csvLine, csvNumber } from "~/domain/reports/reports";

/** Default retention after the departure before an archived employee may be anonymised (decision 0101). */
export const DEFAULT_RETENTION_MONTHS = 60;

/** The label an anonymised employee is shown under: first name and last name as stored. */
export function anonymousName(employeeId: number): { firstname: string; lastname: string } {
  return { firstname: "Anonyme", lastname: `n°${employeeId}` };
}

/** The login and the work e-mail of an anonymised employee: unique, never deliverable (RFC 2606 ".invalid"). */
export function anonymousEmail(employeeId: number): string {
  return `anonyme-${employeeId}@anonyme.invalid`;
}

/**
 * The first day an employee who left on `firedAt` may be anonymised: the departure plus the retention, in months
 * (a month-end departure stays at the month end: 31/01 + 1 month = 28/02 or 29/02).
 *
 * @example anonymisableFrom("2020-03-15", 60) // "2025-03-15"
 */
export function anonymisableFrom(firedAt: string, retentionMonths: number): string {
  const [y, m, d] = firedAt.split("-").map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + retentionMonths;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export type AnonymisationProblem = "not_archived" | "still_employed" | "already_anonymised" | "too_early";

/**
 * Why this employee may not be anonymised today, or null when they may: they must be archived (a departure date on
 * the sheet, in the past), not already anonymised, and the retention period after the departure must be over.
 */
export function anonymisationProblem(
  employee: { firedAt: string | null; anonymisedAt: string | null },
  today: string,
  retentionMonths: number
): AnonymisationProblem | null {
  if (employee.anonymisedAt) return "already_anonymised";
  if (!employee.firedAt) return "not_archived";
  if (employee.firedAt >= today) return "still_employed";
  if (anonymisableFrom(employee.firedAt, retentionMonths) > today) return "too_early";
  return null;
}

/** What an anonymisation changes, counted per kind: the dry run lists it, the log keeps it. */
export interface AnonymisationCounts {
  /** Identity fields of the sheet that hold a value and will be blanked or replaced. */
  identityFields: string[];
  leaveComments: number;
  clockMessages: number;
  payrollLines: number;
  accountClosed: boolean;
  avatar: boolean;
  calendarFeeds: number;
}

/** The sheet fields that identify a person: blanked (or replaced by the anonymous label) by an anonymisation. */
export const IDENTITY_FIELDS = ["firstname", "lastname", "matricule", "acronym", "birthday", "phone", "email", "email_personal", "comments"] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

/** The identity fields that hold something to remove (an empty text or a null is already anonymous). */
export function identityFieldsToChange(sheet: Partial<Record<IdentityField, unknown>>): IdentityField[] {
  return IDENTITY_FIELDS.filter((field) => {
    const value = sheet[field];
    return value != null && String(value).trim() !== "";
  });
}

/** A CSV file of the archive: a header line, then the rows; semicolons, CRLF, UTF-8 with a BOM (Excel reads it). */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${csvLine(header)}${rows.map((row) => csvLine(row)).join("")}`;
}

/** "12.50" (a PostgreSQL numeric) / 12.5 → "12,5" as French spreadsheets read decimals; null stays empty. */
export function csvDecimal(value: string | number | null | undefined): string {
  if (value == null || value === "") return "";
  return csvNumber(Number(value), 2);
}

/** Seconds as decimal hours with a comma ("7,5", "-1,08"): a plain number, never taken for a formula. */
export function csvHours(seconds: number | null | undefined): string {
  return seconds == null ? "" : csvNumber(seconds / 3600, 2);
}
