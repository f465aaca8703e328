/**
 * Calendar days as text, without luxon: what screens and forms need in the browser too (a route's component that
 * imports luxon ships 22 KB gzip of it, DESIGN §6's 150 KB entry budget). Calendar arithmetic stays in
 * domain/shared/time-calendar-date.ts; these are string checks and rewrites of a 'YYYY-MM-DD' day.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True for a real calendar day written exactly 'YYYY-MM-DD'.
 *
 * @example isCalendarDate("2024-02-29") // true
 * @example isCalendarDate("2026-02-29") // false
 * @example isCalendarDate("2026-3-1")   // false
 */
export function isCalendarDate(value: string): boolean {
  if (typeof value !== "string") return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d); // not Date.UTC, which reads years 0..99 as 1900..1999
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/**
 * Reads a day written 'YYYYMMDD' (API paths and queries) or 'YYYY-MM-DD'; null when it is not a real day.
 *
 * @example parseYmd("20260329") // "2026-03-29"
 */
export function parseYmd(value: string): string | null {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const date = compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : value;
  return isCalendarDate(date) ? date : null;
}

/**
 * Writes a calendar day the way API paths and queries want it.
 *
 * @example formatYmd("2026-03-29") // "20260329"
 */
export function formatYmd(date: string): string {
  return `${checked(date).slice(0, 4)}${date.slice(5, 7)}${date.slice(8, 10)}`;
}

/**
 * Writes a calendar day as the French screens show it.
 *
 * @example formatFrDate("2026-03-29") // "29/03/2026"
 */
export function formatFrDate(date: string): string {
  return `${checked(date).slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

function checked(date: string): string {
  if (typeof date !== "string" || !ISO_DATE.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  if (!isCalendarDate(date)) throw new RangeError(`Not a real calendar day: ${date}`);
  return date;
}

const LONG_FR = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * A calendar day written in full, in French, capitalised (the time clock's heading).
 *
 * @example longFrDate("2026-03-30") // "Lundi 30 mars 2026"
 */
export function longFrDate(date: string): string {
  const text = LONG_FR.format(new Date(`${checked(date)}T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock time 'HH:mm' of an instant in a time zone (Intl, no luxon: the badging screen shows it).
 *
 * @example clockTime(new Date("2026-03-29T07:30:00Z"), "Europe/Paris") // "09:30"
 */
export function clockTime(instant: Date, zone: string): string {
  let format = clockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone });
    if (clockFormats.size < 100) clockFormats.set(zone, format);
  }
  return format.format(instant);
}
