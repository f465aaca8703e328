/**
 * One formatter per kind of number (issue 11 §4, docs/decisions/0023). Every screen, mail and export writes
 * numbers through these, so a value reads the same everywhere:
 * - decimals with a French comma: "37,5", "1 234,56" (formatDecimal), read back with a comma or a point
 *   (parseDecimal);
 * - days: "22,5 jour(s)"; hours as a decimal: "37,5 h"; percentages: "50 %"; euros: "29 500,00 €";
 * - working time as the spec's "H h mm" (formatHoursMinutes), overtime as its signed "±HHhmm"
 *   (formatSignedHHhmm), a time of day or a schedule total as "HH:MM" (formatClock).
 * Thousands are grouped with a non-breaking space (a number never wraps); units follow a plain space (tables keep
 * their number cells on one line with `whitespace-nowrap`).
 */

/** The thousands separator. */
export const NBSP = "\u00a0";

/**
 * A number with a French decimal comma, at most `maxDigits` decimals (2 by default), thousands grouped with a
 * non-breaking space; "" for null, undefined or a non-finite number.
 *
 * @example formatDecimal(37.5) // "37,5"
 * @example formatDecimal(71.356) // "71,36"
 * @example formatDecimal(1234.5) // "1 234,5"
 */
export function formatDecimal(value: number | null | undefined, options: { maxDigits?: number; minDigits?: number; grouping?: boolean } = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  const { maxDigits = 2, minDigits = 0, grouping = true } = options;
  const factor = 10 ** maxDigits;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  const negative = value < 0 && rounded !== 0;
  let [whole, fraction = ""] = rounded.toFixed(maxDigits).split(".");
  fraction = fraction.replace(/0+$/, "").padEnd(minDigits, "0");
  if (grouping) whole = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${negative ? "-" : ""}${whole}${fraction ? `,${fraction}` : ""}`;
}

/**
 * A decimal as an input's value: comma, no grouping, so that parseDecimal reads it back.
 *
 * @example formatDecimalInput(162.5) // "162,5"
 */
export function formatDecimalInput(value: number | null | undefined): string {
  return formatDecimal(value, { grouping: false });
}

/**
 * Reads a decimal typed with a comma or a point (spaces as thousands separators allowed); null when the text is
 * blank or not a number.
 *
 * @example parseDecimal("37,5") // 37.5
 * @example parseDecimal("1 234.5") // 1234.5
 * @example parseDecimal("3,5,1") // null
 */
export function parseDecimal(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(compact)) return null;
  const n = Number(compact);
  return Number.isFinite(n) ? n : null;
}

/**
 * A form value as posted: a decimal written with a comma becomes the same text with a point, anything else is
 * left for the schema to judge (zod preprocess of the decimal inputs).
 *
 * @example decimalFormValue("37,5") // "37.5"
 */
export function decimalFormValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const n = parseDecimal(value);
  return n === null ? value : String(n);
}

/**
 * Days: "22,5 jour(s)".
 *
 * @example formatDays(0.5) // "0,5 jour(s)"
 */
export function formatDays(days: number): string {
  return `${formatDecimal(days)} jour(s)`;
}

/**
 * Hours as a decimal (contract hours, recovery hours asked): "37,5 h".
 *
 * @example formatDecimalHours(151.67) // "151,67 h"
 */
export function formatDecimalHours(hours: number): string {
  return `${formatDecimal(hours)} h`;
}

/**
 * A percentage: "50 %".
 *
 * @example formatPercent(41) // "41 %"
 */
export function formatPercent(percent: number): string {
  return `${formatDecimal(percent, { maxDigits: 1 })} %`;
}

/**
 * Euros with two decimals: "29 500,00 €".
 *
 * @example formatEuros(18.5) // "18,50 €"
 */
export function formatEuros(amount: number): string {
  return `${formatDecimal(amount, { minDigits: 2 })} €`;
}

/**
 * Sign and whole hours and minutes of a duration. Minutes are truncated toward zero: a minute is shown only
 * once it is fully worked (or fully missing), so 59 seconds of overtime never shows as "+00h01".
 */
function splitDuration(seconds: number): { negative: boolean; hours: number; minutes: number } {
  const totalMinutes = Math.floor(Math.abs(seconds) / 60);
  return { negative: seconds < 0 && totalMinutes > 0, hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

const pad2 = (n: number): string => String(n).padStart(2, "0");

/**
 * Working time as the spec's "H h mm" (hours unpadded, minutes on two digits).
 *
 * @example formatHoursMinutes(25_500) // "7 h 05"
 * @example formatHoursMinutes(-2_700) // "-0 h 45"
 */
export function formatHoursMinutes(seconds: number): string {
  const { negative, hours, minutes } = splitDuration(seconds);
  return `${negative ? "-" : ""}${hours} h ${pad2(minutes)}`;
}

/**
 * Overtime (positive) or undertime (negative) as the spec's "±HHhmm". Zero minutes has no sign to show,
 * so it is written "00h00" rather than a misleading "+00h00".
 *
 * @example formatSignedHHhmm(5_400)  // "+01h30"
 * @example formatSignedHHhmm(-2_700) // "-00h45"
 * @example formatSignedHHhmm(30)     // "00h00"
 */
export function formatSignedHHhmm(seconds: number): string {
  const { negative, hours, minutes } = splitDuration(seconds);
  const sign = negative ? "-" : hours === 0 && minutes === 0 ? "" : "+";
  return `${sign}${pad2(hours)}h${pad2(minutes)}`;
}

/**
 * A duration or a time of day in seconds as "HH:MM" (schedule totals, theoretical lunch time). Hours go
 * past 24 for long totals instead of wrapping, since a total is not a time of day.
 *
 * @example formatClock(27_000) // "07:30"
 * @example formatClock(0)      // "00:00": also what an inverted schedule day shows
 */
export function formatClock(seconds: number): string {
  const { negative, hours, minutes } = splitDuration(seconds);
  return `${negative ? "-" : ""}${pad2(hours)}:${pad2(minutes)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// One formatter per hour figure (issue 25 §1, issue 28 §5, decision 0071). Screens, files and /api answers call
// these by the figure's name, never the generic function, so a figure reads the same everywhere.

/**
 * The time account (solde d'heures: worked − expected), signed "±HHhmm", zero unsigned.
 *
 * @example formatTimeAccount(5_520)  // "+01h32"
 * @example formatTimeAccount(-480)   // "-00h08"
 */
export function formatTimeAccount(seconds: number): string {
  return formatSignedHHhmm(seconds);
}

/**
 * A working time or a legal overtime duration (never signed in practice): "H h mm".
 *
 * @example formatWorkingTime(19_680) // "5 h 28"
 */
export function formatWorkingTime(seconds: number): string {
  return formatHoursMinutes(seconds);
}

/**
 * The difference of two durations, computed from their seconds and formatted once: 35 h 00 − 29 h 32 is 5 h 28
 * (never the difference of two truncated displays).
 *
 * @example formatDurationDifference(126_000, 106_320) // "5 h 28"
 */
export function formatDurationDifference(fromSeconds: number, minusSeconds: number): string {
  return formatWorkingTime(fromSeconds - minusSeconds);
}

/**
 * A whole-hour cell (overtime calendars): "3 h"; "" when it rounds to 0 or below (spec 2: shown only above 0).
 *
 * @example formatWholeHours(5_400) // "2 h"
 */
export function formatWholeHours(seconds: number): string {
  const hours = Math.round(seconds / 3600);
  return hours > 0 ? `${hours} h` : "";
}

/**
 * Hours as a decimal number rounded once from seconds to the hundredth (files, /api), half away from zero, so the
 * page's "1,25" and the file's 1.25 agree (issue 25 §5): exact decimal arithmetic on whole seconds, no binary
 * division before rounding.
 *
 * @example hoursFromSeconds(4_518) // 1.26 (1.255 h rounds up)
 * @example hoursFromSeconds(-4_518) // -1.26
 */
export function hoursFromSeconds(seconds: number): number {
  const sign = seconds < 0 ? -1 : 1;
  const abs = Math.abs(Math.round(seconds));
  // hundredths = abs / 36, rounded half up, on integers.
  const hundredths = Math.floor((abs * 2 + 36) / 72);
  return (sign * hundredths) / 100;
}
