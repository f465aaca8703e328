/**
 * Today's clock told in words (issue 28 item 1): what a person reads first on the home page and the badging page,
 * as Lucca, Combo or Kelio do ("En pause depuis 12:04", "Journée terminée à 17:32", "Pas encore badgé").
 */
import type { ClockType } from "./clock-state";
import { menuFor, type Viewer } from "./menu";

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
