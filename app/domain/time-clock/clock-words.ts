/**
 * Today's clock told in words (issue 28 item 1): what a person reads first on the home page and the badging page,
 * as Lucca, Combo or Kelio do ("En pause depuis 12:04", "Journée terminée à 17:32", "Pas encore badgé").
 */
import type { ClockType } from "./clock-type";
import { menuFor, type Viewer } from "~/domain/shell/menu";

/** The sentence's kind: one catalogue key each (`time_clock.state.<kind>`). */
export type ClockWordsKind = "unbadged" | "working" | "pause" | "lunch" | "ended" | "leave";

export interface ClockWords {
  kind: ClockWordsKind;
  /** "HH:MM" of the entry that set the state (the last one), null when there is none. */
  since: string | null;
}

const KIND_OF_TYPE: Record<ClockType, ClockWordsKind> = { START: "working", PAUSE: "pause", LUNCH: "lunch", END: "ended" };

/**
 * The state of the day in words: a full-day leave first (nobody expects a badge), then the last entry's type with
 * its time.
 *
 * @example clockWords({ type: "PAUSE", lastTime: "12:04" })          // { kind: "pause", since: "12:04" }
 * @example clockWords({ type: null, lastTime: null })                // { kind: "unbadged", since: null }
 * @example clockWords({ type: null, lastTime: null, onLeave: true }) // { kind: "leave", since: null }
 */
export function clockWords({ type, lastTime, onLeave = false }: { type: ClockType | null; lastTime: string | null; onLeave?: boolean }): ClockWords {
  if (onLeave && type === null) return { kind: "leave", since: null };
  if (type === null) return { kind: "unbadged", since: null };
  return { kind: KIND_OF_TYPE[type], since: lastTime };
}

/**
 * The label of the button that sends START: "Début" to open the day, "Reprendre" after a pause or a lunch.
 *
 * @example startLabel("LUNCH") // "resume"
 * @example startLabel(null)    // "start"
 */
export function startLabel(type: ClockType | null): "start" | "resume" {
  return type === "PAUSE" || type === "LUNCH" ? "resume" : "start";
}

/**
 * True for a person who badges: a role whose menu holds "Mon pointage" (spec 1 §2: six roles, time registration on).
 *
 * @example clocksIn({ profileType: "ROLE_EMPLOYEE", timeRegistration: true })   // true
 * @example clocksIn({ profileType: "ROLE_COMMERCIAL", timeRegistration: true }) // false
 */
export function clocksIn(viewer: Viewer): boolean {
  return menuFor(viewer).some((item) => "entries" in item && item.entries.some((e) => e.path === "/time-clock/badging"));
}

/**
 * Why an entry of a proposed day cannot follow the one before it, naming both (issue 28 item 4: the message said
 * "(—)" when there was none before). `entries` are the submitted ones, in the form's order, with "HH:MM" times;
 * `index` is the refused entry's place in that order.
 *
 * @example clockSequenceMessage([{ time: "08:00", type: "PAUSE" }], 0)
 *   // { key: "time_clock.edit_sequence_first", params: { type: "PAUSE", time: "08:00" } }
 */
export function clockSequenceMessage(
  entries: readonly { time: string; type: ClockType }[],
  index: number,
): { key: "time_clock.edit_sequence_first" | "time_clock.edit_sequence_after"; params: Record<string, string> } {
  const entry = entries[index];
  const ordered = entries.map((e, i) => ({ ...e, i })).sort((a, b) => a.time.localeCompare(b.time) || a.i - b.i);
  const at = ordered.findIndex((e) => e.i === index);
  const previous = at > 0 ? ordered[at - 1] : undefined;
  const params = { type: entry?.type ?? "", time: entry?.time ?? "" };
  if (!previous) return { key: "time_clock.edit_sequence_first", params };
  return { key: "time_clock.edit_sequence_after", params: { ...params, previousType: previous.type, previousTime: previous.time } };
}
