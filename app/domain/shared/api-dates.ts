/**
 * Date forms of the /api contract (DESIGN §4): YYYYMMDD in paths and queries; in JSON bodies a date is unix
 * seconds or YYYY-MM-DD. Calendar days travel as "YYYY-MM-DD" inside the app. The compact and French forms are
 * date-range's (parseYmd, formatYmd, formatFrDate); these wrappers keep the lenient null/"" answers callers expect.
 */
import { formatFrDate, formatYmd, isCalendarDate, parseYmd } from "./calendar-text";

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT = /^\d{8}$/;
/** 0001-01-01T00:00:00Z and 9999-12-31T12:00:00Z as unix seconds: the instants that still name a 'YYYY-MM-DD' day. */
const MIN_UNIX_SECONDS = -62_135_596_800;
const MAX_UNIX_SECONDS = 253_402_257_600;

function valid(y: number, m: number, d: number) {
  const dt = new Date(0);
  dt.setUTCFullYear(y, m - 1, d); // not Date.UTC, which reads years 0..99 as 1900..1999
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** "20261121" -> "2026-11-21"; null when not a real date (only the compact form: "2026-11-21" is null). */
export function fromCompact(value: string | null | undefined): string | null {
  return value && COMPACT.test(value) ? parseYmd(value) : null;
}

/** "2026-11-21" -> "20261121". */
export function toCompact(ymd: string): string {
  return formatYmd(ymd);
}

/** Accepts unix seconds (any time from local midnight to noon of the day) or "YYYY-MM-DD"; null otherwise. */
export function fromBodyDate(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) {
    // Outside years 0001..9999 there is no 'YYYY-MM-DD' to give (Date would write "+011476-..." or fail).
    if (value < MIN_UNIX_SECONDS || value > MAX_UNIX_SECONDS) return null;
    // The spec's client sends midnight or noon of the day, in the user's zone or in UTC. +6 h keeps the right UTC
    // day for midnight in zones up to UTC+6 (Paris 22:00Z or 23:00Z the day before) and for noon in zones down to
    // UTC-5 (noon UTC stays on its day; +12 h moved it to the next one).
    const shifted = new Date(value * 1000 + 6 * 3600 * 1000);
    if (Number.isNaN(shifted.getTime())) return null;
    return shifted.toISOString().slice(0, 10);
  }
  if (typeof value === "string") {
    const m = YMD.exec(value);
    if (m && valid(Number(m[1]), Number(m[2]), Number(m[3]))) return value;
    // Eight digits are a YYYYMMDD date (the path and query form), not unix seconds in 1970.
    if (/^\d{8}$/.test(value)) return fromCompact(value);
    if (/^\d{1,15}$/.test(value)) return fromBodyDate(Number(value));
  }
  return null;
}

/** A calendar day as unix seconds at 00:00 UTC. */
export function toUnixSeconds(ymd: string): number {
  const m = YMD.exec(ymd);
  if (!m) throw new Error(`Not a date: ${ymd}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000;
}

/**
 * A calendar day of an /api body as unix seconds (00:00 UTC of the day, as leave start and end), null kept
 * (spec 2 §7: dates in bodies are unix seconds).
 *
 * @example dayToUnixSeconds("2022-08-01") // 1659312000
 * @example dayToUnixSeconds(null)         // null
 */
export function dayToUnixSeconds(ymd: string | null | undefined): number | null {
  return ymd ? toUnixSeconds(ymd.slice(0, 10)) : null;
}

/**
 * An instant of an /api body (createdAt, updatedAt...) as whole unix seconds, null kept (spec 2 §7).
 *
 * @example instantToUnixSeconds("2026-11-26T18:34:19.773Z") // 1764182059
 */
export function instantToUnixSeconds(instant: string | Date | null | undefined): number | null {
  if (instant === null || instant === undefined) return null;
  const ms = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** "2026-11-21" (or an ISO timestamp, its day) -> "21/11/2026" (spec: dates shown DD/MM/YYYY); "" when not a day. */
export function frDate(ymd: string | null | undefined): string {
  const day = ymd?.slice(0, 10);
  return day && isCalendarDate(day) ? formatFrDate(day) : "";
}
