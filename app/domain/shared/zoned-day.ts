/**
 * Calendar days in a time zone (DESIGN §5 "Time"): a day's boundaries are taken in the employee's
 * subsidiary time zone, with zoned date-times, never by adding 86,400 s, because a day lasts 23 or 25
 * hours twice a year.
 */
import { DateTime, IANAZone } from "luxon";
import { calendarDay, type CalendarDate } from "./time-calendar-date";

/**
 * Whether a zone name is valid, remembered per name: luxon's check builds a new Intl.DateTimeFormat on every call,
 * whose native (ICU) memory the garbage collector does not see, so a loop over thousands of weeks grew the worker by
 * ~0.3 MB per week. Zone names are few; the answer for a name never changes.
 */
const zoneValidity = new Map<string, boolean>();
export function isValidTimeZone(zone: string): boolean {
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(zone);
    if (zoneValidity.size < 1000) zoneValidity.set(zone, valid);
  }
  return valid;
}

/** Zone used when neither the subsidiary nor the country has one (spec 2 §1). */
export const DEFAULT_TIME_ZONE = "Europe/Paris";

/** The instants of one local day: `start` included, `end` (next local midnight) excluded. */
export interface DayBounds {
  start: Date;
  end: Date;
}

/** How to read a wall-clock time that happens twice (the hour repeated when clocks go back). */
export type AmbiguousTime = "earlier" | "later";

/**
 * The employee's time zone: the first valid IANA name among the candidates (subsidiary, then country), else
 * Europe/Paris. An unknown name is skipped rather than trusted, since luxon would turn it into invalid dates.
 *
 * @example resolveTimeZone("Europe/Lisbon", "Europe/Paris") // "Europe/Lisbon"
 * @example resolveTimeZone(null, "Not/AZone")               // "Europe/Paris"
 */
export function resolveTimeZone(...candidates: (string | null | undefined)[]): string {
  return candidates.find((zone): zone is string => !!zone && isValidTimeZone(zone)) ?? DEFAULT_TIME_ZONE;
}

function checkedZone(zone: string): string {
  if (!isValidTimeZone(zone)) throw new RangeError(`Unknown time zone: ${zone}`);
  return zone;
}

/** An instant seen in a zone; throws on an invalid Date rather than printing "Invalid DateTime". */
function zoned(instant: Date, zone: string): DateTime<true> {
  const local = DateTime.fromJSDate(instant, { zone: checkedZone(zone) });
  if (!local.isValid) throw new RangeError("Invalid instant");
  return local;
}

/** Local midnight of a calendar day; if midnight itself does not exist (a DST jump at 00:00), the first instant of the day. */
function localStartOfDay(date: CalendarDate, zone: string): DateTime<true> {
  const { year, month, day } = calendarDay(date);
  const start = DateTime.fromObject({ year, month, day }, { zone: checkedZone(zone) }).startOf("day");
  if (!start.isValid) throw new RangeError(`Cannot place ${date} in ${zone}`);
  return start;
}

/**
 * Instants of a local day, for queries such as `time >= start and time < end`. The end is the next day's
 * local midnight, so the day lasts 23 h on the spring DST change and 25 h on the autumn one.
 *
 * @example dayBounds("2026-03-29", "Europe/Paris")
 *          // { start: 2026-03-28T23:00:00Z, end: 2026-03-29T22:00:00Z } (23 hours)
 */
export function dayBounds(date: CalendarDate, zone: string): DayBounds {
  const bounds = boundsMillis(date, zone);
  return { start: new Date(bounds[0]), end: new Date(bounds[1]) };
}

/**
 * Seconds of a local day: 86,400, or 82,800 and 90,000 on the DST changes (the overtime engine's day length).
 * From the cached bounds: no Date nor DateTime once the day is known.
 *
 * @example dayLengthSeconds("2026-03-29", "Europe/Paris") // 82800
 */
export function dayLengthSeconds(date: CalendarDate, zone: string): number {
  const bounds = boundsMillis(date, zone);
  return Math.round((bounds[1] - bounds[0]) / 1000);
}

/** A day's [start, end) as epoch milliseconds, computed with luxon once per zone and day. */
function boundsMillis(date: CalendarDate, zone: string): readonly [number, number] {
  const key = `${zone}|${date}`;
  let bounds = boundsCache.get(key);
  if (!bounds) {
    const start = localStartOfDay(date, zone);
    bounds = [start.toMillis(), start.plus({ days: 1 }).startOf("day").toMillis()];
    if (boundsCache.size >= 20_000) boundsCache.clear();
    boundsCache.set(key, bounds);
  }
  return bounds;
}

/**
 * Day bounds already computed, as epoch milliseconds (fresh Dates are handed out). A zone's offsets come from Intl
 * (formatToParts), about 0.1 ms a day: the overtime engine asks for 7 days a week, the nightly run and the bench
 * seed for hundreds of thousands of weeks over the same few hundred days (decision 0049). Bounded.
 */
const boundsCache = new Map<string, [number, number]>();

/**
 * The last local day found per zone, as its bounds: an instant inside them is on that day without asking Intl
 * (the nightly run asks the local date of the same instant for every week it computes; clock entries come in runs
 * of the same day). The bounds are dayBounds', so a 23- or 25-hour day is covered exactly.
 */
const lastDay = new Map<string, { start: number; end: number; date: CalendarDate }>();

/**
 * A zone's UTC offset in minutes at an instant, remembered per zone and quarter of an hour: luxon asks Intl
 * (formatToParts) for every offset, ~10-20 µs, and a clock action needs one per entry it shows (decision 0057).
 * A quarter whose two ends have the same offset has it throughout (no zone changes its offset twice within 15
 * minutes); a quarter holding a change is computed exactly for each instant and not remembered. Bounded.
 */
const QUARTER_MS = 15 * 60_000;
const offsetCache = new Map<string, number>();
function offsetMinutes(ms: number, zone: string): number {
  const quarter = Math.floor(ms / QUARTER_MS);
  const key = `${zone}|${quarter}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const iana = IANAZone.create(zone);
    const start = iana.offset(quarter * QUARTER_MS);
    if (start !== iana.offset(quarter * QUARTER_MS + QUARTER_MS - 1)) return iana.offset(ms);
    offset = start;
    if (offsetCache.size >= 20_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/**
 * The wall clock of an instant in a zone, as a Date whose UTC fields are the local ones (years 1 to 9999; luxon
 * beyond, see `zoned`). Null outside that range.
 */
function wallClock(instant: Date, zone: string): Date | null {
  const valid = checkedZone(zone);
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError("Invalid instant");
  const local = new Date(ms + offsetMinutes(ms, valid) * 60_000);
  const year = local.getUTCFullYear();
  return year >= 1 && year <= 9999 ? local : null;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The calendar day an instant falls on in a zone: which day a clock entry belongs to.
 *
 * @example localDate(new Date("2026-03-28T23:30:00Z"), "Europe/Paris") // "2026-03-29" (00:30 in Paris)
 */
export function localDate(instant: Date, zone: string): CalendarDate {
  const t = instant.getTime();
  const known = lastDay.get(zone);
  if (known && t >= known.start && t < known.end) return known.date;
  const local = wallClock(instant, zone);
  const date = local
    ? `${String(local.getUTCFullYear()).padStart(4, "0")}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}`
    : zoned(instant, zone).toISODate();
  // Remembered only for the years 1–9999 (a day beyond them has no 'YYYY-MM-DD' bounds to keep).
  if (!local) return date;
  const [start, end] = boundsMillis(date, zone);
  if (t >= start && t < end) {
    if (lastDay.size >= 1000) lastDay.clear();
    lastDay.set(zone, { start, end, date });
  }
  return date;
}

/**
 * Wall-clock time of an instant in a zone, as 'HH:MM' (clock entries on screen).
 *
 * @example timeOfDay(new Date("2026-10-25T00:30:00Z"), "Europe/Paris") // "02:30" (first 02:30 of the night)
 * @example timeOfDay(new Date("2026-10-25T01:30:00Z"), "Europe/Paris") // "02:30" (the repeated one)
 */
export function timeOfDay(instant: Date, zone: string): string {
  const local = wallClock(instant, zone);
  if (!local) return zoned(instant, zone).toFormat("HH:mm");
  return `${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`;
}

/**
 * Wall-clock minutes since local midnight, to compare an instant with a schedule (which is written in
 * minutes from midnight), e.g. for the pre-lunch notification.
 *
 * @example minutesOfDay(new Date("2026-03-30T10:00:00Z"), "Europe/Paris") // 720 (12:00 in Paris)
 */
export function minutesOfDay(instant: Date, zone: string): number {
  const local = zoned(instant, zone);
  return local.hour * 60 + local.minute;
}

/**
 * The instant of a wall-clock time 'HH:MM' on a local day (a time typed in a correction form).
 * A time skipped by the spring change (02:30 on 29 March in Paris) moves forward by the gap, to 03:30, as a
 * wall clock would show it. A time that happens twice (02:30 on 25 October) is read as the earlier one
 * unless told otherwise: the first occurrence is the one a day's entries normally reach first.
 *
 * @example instantAt("2026-03-29", "01:30", "Europe/Paris") // 2026-03-29T00:30:00Z
 * @example instantAt("2026-10-25", "02:30", "Europe/Paris", "later") // 2026-10-25T01:30:00Z
 */
export function instantAt(
  date: CalendarDate,
  time: string,
  zone: string,
  ambiguous: AmbiguousTime = "earlier",
): Date {
  // Remembered per day, time, zone and reading: luxon's zone arithmetic costs ~30 µs a call, and the night hours of a
  // clock action (two to eight calls) were a quarter of its server CPU (decision 0146). A fresh Date each time.
  const key = `${date}|${time}|${zone}|${ambiguous}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const at = computeInstantAt(date, time, zone, ambiguous);
  if (instants.size >= 4096) instants.clear();
  instants.set(key, at.getTime());
  return at;
}

const instants = new Map<string, number>();

function computeInstantAt(date: CalendarDate, time: string, zone: string, ambiguous: AmbiguousTime): Date {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) throw new RangeError(`Not an HH:MM time: ${JSON.stringify(time)}`);
  const { year, month, day } = calendarDay(date);
  const local = DateTime.fromObject({ year, month, day, hour, minute }, { zone: checkedZone(zone) });
  // getPossibleOffsets lists both readings of a repeated time (one reading otherwise); order them ourselves.
  const readings = local.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
  const chosen = ambiguous === "earlier" ? readings[0] : readings[readings.length - 1];
  return (chosen ?? local).toJSDate();
}
