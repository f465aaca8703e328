/**
 * The input of `POST /api/add-recovery {week, year, force}` (spec 2 §7): the client sends strings (a form's week
 * number and year, force "true"), API callers may send numbers and booleans. Pure: the current ISO week is a
 * parameter.
 */
import { isoWeekKey, type IsoWeekKey } from "~/domain/shared/iso-week";

export const FIRST_RECOVERY_YEAR = 2000;

export type AddRecoveryField = "week" | "year" | "force";
export type AddRecoveryInput =
  | { ok: true; week: number; year: number; force: boolean }
  | { ok: false; errors: { field: AddRecoveryField; code: "week" | "year" | "force" | "not_over" }[] };

function wholeNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  if (typeof value === "string" && /^\s*\d{1,4}\s*$/.test(value)) return Number(value);
  return null;
}

function weeksInYear(year: number): number {
  return isoWeekKey(`${year}-12-28`).week;
}

/**
 * Validates the call's body against the current ISO week: a week that exists in its year (1 to 52 or 53), a year
 * from 2000 to the current one, `force` "true"/"false" (or a boolean, or absent = false), and a week already over.
 *
 * @example parseAddRecovery({ week: "12", year: "2026", force: "true" }, { year: 2026, week: 48 })
 *   // { ok: true, week: 12, year: 2026, force: true }
 * @example parseAddRecovery({ week: 54, year: 2026 }, { year: 2026, week: 48 }) // { ok: false, errors: [{ field: "week", ... }] }
 */
export function parseAddRecovery(body: Record<string, unknown>, current: IsoWeekKey): AddRecoveryInput {
  const errors: { field: AddRecoveryField; code: "week" | "year" | "force" | "not_over" }[] = [];
  const year = wholeNumber(body.year);
  const week = wholeNumber(body.week);
  const yearOk = year !== null && year >= FIRST_RECOVERY_YEAR && year <= current.year;
  if (!yearOk) errors.push({ field: "year", code: "year" });
  if (week === null || week < 1 || week > (yearOk ? weeksInYear(year!) : 53)) errors.push({ field: "week", code: "week" });
  let force = false;
  if (body.force === true || body.force === "true") force = true;
  else if (!(body.force === undefined || body.force === null || body.force === false || body.force === "false" || body.force === "")) {
    errors.push({ field: "force", code: "force" });
  }
  if (errors.length === 0 && (year! > current.year || (year === current.year && week! >= current.week))) {
    errors.push({ field: "week", code: "not_over" });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, week: week!, year: year!, force };
}
