/**
 * Time worked and lunch time of a day from its clock entries (DESIGN §5 "Time"), and the duration formats
 * of the badging screens. In the examples, `at("08:00")` stands for the Date of 08:00 that day.
 */
import type { ClockType } from "./clock-type";

/** One clock entry of a day (spec 2 §3 timeLogs: time and type). */
export interface TimeLogEntry {
  time: Date;
  type: ClockType;
}

/** Entries in time order; suggestions and imports may list them in any order. Array sort is stable. */
function inTimeOrder(logs: readonly TimeLogEntry[]): TimeLogEntry[] {
  return [...logs].sort((a, b) => a.time.getTime() - b.time.getTime());
}

/**
 * Sums the intervals that `opens` starts and `closes` ends. A second opener while an interval is open is
 * ignored (the first one stands), so a stray duplicate never counts the same minutes twice. An interval
 * still open at the end counts up to `now` when given (the live counter), else nothing: we never invent an
 * end. Milliseconds are summed before truncating to whole seconds, so rounding does not drift per interval.
 */
function sumIntervals(
  logs: readonly TimeLogEntry[],
  opens: (type: ClockType) => boolean,
  closes: (type: ClockType) => boolean,
  drops: (type: ClockType) => boolean,
  now: Date | undefined,
): number {
  let openedAt: number | null = null;
  let totalMs = 0;
  for (const log of inTimeOrder(logs)) {
    const at = log.time.getTime();
    if (opens(log.type)) {
      openedAt ??= at;
    } else if (openedAt !== null && closes(log.type)) {
      totalMs += at - openedAt;
      openedAt = null;
    } else if (drops(log.type)) {
      openedAt = null;
    }
  }
  if (openedAt !== null && now !== undefined) totalMs += Math.max(0, now.getTime() - openedAt);
  return Math.floor(totalMs / 1000);
}

/**
 * Seconds worked: the sum of intervals from each START to the next PAUSE, LUNCH or END. The day's entries
 * are instants, so this is plain instant arithmetic and stays right across DST changes.
 *
 * @example workingSeconds([{ time: at("08:00"), type: "START" }, { time: at("12:00"), type: "LUNCH" }]) // 14400
 * @example workingSeconds([{ time: at("08:00"), type: "START" }], at("09:30")) // 5400: open START up to now
 */
export function workingSeconds(logs: readonly TimeLogEntry[], now?: Date): number {
  return sumIntervals(
    logs,
    (type) => type === "START",
    (type) => type !== "START",
    () => false,
    now,
  );
}

/**
 * Seconds of lunch: from LUNCH to the next START. Only a START closes a lunch; a lunch followed by END (which
 * the buttons do not allow) counts nothing rather than a guessed duration. An open lunch counts up to `now`.
 *
 * @example lunchSeconds([{ time: at("12:00"), type: "LUNCH" }, { time: at("12:45"), type: "START" }]) // 2700
 */
export function lunchSeconds(logs: readonly TimeLogEntry[], now?: Date): number {
  return sumIntervals(
    logs,
    (type) => type === "LUNCH",
    (type) => type === "START",
    (type) => type === "END",
    now,
  );
}

/**
 * Type of the latest entry, i.e. the time clock's current type (null for an empty day).
 *
 * @example lastClockType([{ time: at("08:00"), type: "START" }, { time: at("10:00"), type: "PAUSE" }]) // "PAUSE"
 */
export function lastClockType(logs: readonly TimeLogEntry[]): ClockType | null {
  const ordered = inTimeOrder(logs);
  return ordered.at(-1)?.type ?? null;
}

/**
 * True when the day was closed: its latest entry is END.
 *
 * @example dayIsComplete([{ time: at("08:00"), type: "START" }, { time: at("17:00"), type: "END" }]) // true
 * @example dayIsComplete([]) // false
 */
export function dayIsComplete(logs: readonly TimeLogEntry[]): boolean {
  return lastClockType(logs) === "END";
}

/**
 * True for a day that was badged but not ended. Only meaningful once the day is over (the nightly job asks
 * it of yesterday); today it just means "still at work". An empty day is not an anomaly: nothing to correct.
 *
 * @example dayIsAnomaly([{ time: at("08:00"), type: "START" }]) // true
 */
export function dayIsAnomaly(logs: readonly TimeLogEntry[]): boolean {
  return logs.length > 0 && !dayIsComplete(logs);
}
