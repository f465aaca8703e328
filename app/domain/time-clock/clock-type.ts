/**
 * The type of a clock entry, shared by the state machine (clock-state.ts) and the notifications (clock-notifications.ts)
 * without either importing the other (issue 45 item 2).
 */

/** Type of a clock entry (time log), and the last type of a day's time clock. */
export type ClockType = "START" | "PAUSE" | "LUNCH" | "END";

/** Every clock type, in the order of a normal day. */
export const CLOCK_TYPES: readonly ClockType[] = ["START", "PAUSE", "LUNCH", "END"];

/**
 * Narrows a stored string (the entity keeps `type` as varchar) to a ClockType.
 *
 * @example isClockType("LUNCH") // true
 * @example isClockType("lunch") // false: stored types are upper case
 */
export function isClockType(value: unknown): value is ClockType {
  return typeof value === "string" && (CLOCK_TYPES as readonly string[]).includes(value);
}
