import { isClockNotificationKind, type ClockNotificationKind } from "./clock-notifications";
import { isClockType, type ClockType } from "./clock-type";

/**
 * The time clock's state machine (spec 2 §4 "Clock buttons") and the state shown for an employee
 * (spec 1 §4 "Current clocking state").
 */

/** A badging button: start, pause, lunch, end of day. */
export type ClockAction = "start" | "pause" | "lunch" | "end";

/** Which badging buttons are enabled. */
export type AllowedActions = Record<ClockAction, boolean>;

/** Every badging button, in screen order. */
export const CLOCK_ACTIONS: readonly ClockAction[] = ["start", "pause", "lunch", "end"];

/**
 * The clock type an action writes.
 *
 * @example clockTypeOf("lunch") // "LUNCH"
 */
export function clockTypeOf(action: ClockAction): ClockType {
  return action.toUpperCase() as ClockType;
}

/**
 * Buttons enabled for the day's current clock type (null = nothing badged yet today).
 * Spec 2 §4: start when the type is neither START nor END; pause or lunch when a type is set and is not
 * PAUSE, LUNCH or END; end when the type is START.
 * Note the spec's rule lets pause and lunch only follow START (the one type left), and ends a day only from
 * START: an employee on a pause must start again before ending, so the last interval is always closed.
 *
 * @example allowedActions(null)    // { start: true,  pause: false, lunch: false, end: false }
 * @example allowedActions("START") // { start: false, pause: true,  lunch: true,  end: true  }
 */
export function allowedActions(type: ClockType | null): AllowedActions {
  return {
    start: type !== "START" && type !== "END",
    pause: type !== null && type !== "PAUSE" && type !== "LUNCH" && type !== "END",
    lunch: type !== null && type !== "PAUSE" && type !== "LUNCH" && type !== "END",
    end: type === "START",
  };
}

/**
 * True when the action may follow the current clock type; the server checks this again on every action
 * because the buttons of a stale page (another tab, a double click) may still be enabled.
 *
 * @example canApply("PAUSE", "start") // true: back from a pause
 * @example canApply("END", "start")   // false: the day is over
 */
export function canApply(type: ClockType | null, action: ClockAction): boolean {
  return allowedActions(type)[action];
}

/** Why a list of clock entries cannot be replayed from an empty day. */
export type ClockSequenceCheck = { ok: true; last: ClockType | null } | { ok: false; index: number; type: ClockType };

/**
 * Replays entries (in time order) through the buttons' rules, e.g. to check a suggested correction:
 * a day that no sequence of button presses could produce is refused rather than stored.
 *
 * @example checkClockSequence(["START", "LUNCH", "START", "END"]) // { ok: true, last: "END" }
 * @example checkClockSequence(["START", "END", "START"])          // { ok: false, index: 2, type: "START" }
 */
export function checkClockSequence(types: readonly ClockType[]): ClockSequenceCheck {
  let current: ClockType | null = null;
  for (const [index, type] of types.entries()) {
    if (!canApply(current, actionOf(type))) return { ok: false, index, type };
    current = type;
  }
  return { ok: true, last: current };
}

function actionOf(type: ClockType): ClockAction {
  return type.toLowerCase() as ClockAction;
}

/**
 * State shown for an employee (badges, legend colours). The legend has 8 states (spec 2 "Division and
 * agency badging"); "unbadged" is also the initial lastStateTimeClock (spec 1 §3).
 */
export type EmployeeState = "start" | "unbadged" | "pause" | "lunch" | "end" | "leave" | "overtime" | "anomaly";

/** The 8 legend entries, in the spec's legend order. */
export const EMPLOYEE_STATES: readonly EmployeeState[] = [
  "start",
  "unbadged",
  "pause",
  "lunch",
  "end",
  "leave",
  "overtime",
  "anomaly",
];

/** What decides the state shown for an employee. */
export interface EmployeeStateInput {
  isInLeave: boolean;
  /** Last clock type of the day; null when nothing was badged. */
  type: ClockType | null;
  isInOvertime: boolean;
  /** The day was left without END (set by the nightly job, DESIGN §5). */
  anomaly?: boolean;
}

/**
 * Spec 1 §4: leave if in leave, else end if ended, else overtime if in overtime, else the last clock state.
 * The spec does not place "anomaly" (our DESIGN's day left without END); we put it right after "end":
 * an anomaly can only exist without END, and it must win over "overtime" because an anomalous day counts no
 * overtime until corrected, while leave still wins because the employee is not expected to badge at all.
 *
 * @example currentEmployeeState({ isInLeave: false, type: "START", isInOvertime: true })  // "overtime"
 * @example currentEmployeeState({ isInLeave: false, type: null, isInOvertime: false })     // "unbadged"
 */
export function currentEmployeeState({ isInLeave, type, isInOvertime, anomaly = false }: EmployeeStateInput): EmployeeState {
  if (isInLeave) return "leave";
  if (type === "END") return "end";
  if (anomaly) return "anomaly";
  if (isInOvertime) return "overtime";
  if (type === null) return "unbadged";
  return STATE_OF_LAST_TYPE[type];
}

const STATE_OF_LAST_TYPE: Record<Exclude<ClockType, "END">, EmployeeState> = {
  START: "start",
  PAUSE: "pause",
  LUNCH: "lunch",
};

/**
 * The notification the badging modal shows, if any: only a known kind (domain/time-clock/clock-notifications.ts), and never once the
 * day is ended (spec: "shown only when the clock type is not END").
 *
 * @example notificationToShow("START", "pre_lunch") // "pre_lunch"
 * @example notificationToShow("END", "overtime")    // null
 */
export function notificationToShow(type: ClockType | null, newNotification: string | null | undefined): ClockNotificationKind | null {
  if (type === "END" || !newNotification) return null;
  return isClockNotificationKind(newNotification) ? newNotification : null;
}

// ---------------------------------------------------------------- shifts across midnight (issue 26 §1)

/**
 * A shift belongs to the day it started (docs/decisions/0075): a START at 22:00 and its END at 06:00 the next
 * morning are one day's work. A shift still open this long after its first entry is no longer waited for: it
 * becomes an anomaly to correct, as a day without END does (DESIGN §5). 16 h: the longest legal day (10 h, 12 h
 * by agreement) plus a lunch and breaks, well below the 24 h after which the next shift would begin.
 */
export const MAX_SHIFT_SECONDS = 16 * 3600;

/** The part of a day a shift rule needs: its last type and its first entry. */
export interface ShiftDay {
  type: ClockType | null;
  /** The first active entry of the day (the shift's start), null when none. */
  firstAt: Date | null;
}

/**
 * Whether a day's shift is still open at `now`: started, not ended, and its first entry less than
 * MAX_SHIFT_SECONDS ago.
 *
 * @example shiftIsOpen({ type: "START", firstAt: at("2026-03-28 22:00") }, at("2026-03-29 06:00")) // true
 * @example shiftIsOpen({ type: "START", firstAt: at("2026-03-28 08:00") }, at("2026-03-29 07:30")) // false: past 16 h
 */
export function shiftIsOpen(day: ShiftDay | null, now: Date): boolean {
  if (!day || day.type === null || day.type === "END" || day.firstAt === null) return false;
  return now.getTime() - day.firstAt.getTime() < MAX_SHIFT_SECONDS * 1000;
}

/**
 * The day an action at `now` applies to: yesterday's while its shift is still open and today's day has nothing
 * yet, else today's.
 *
 * @example shiftDayOf({ yesterday: { type: "START", firstAt: at("2026-03-28 22:00") }, today: null }, at("2026-03-29 06:00")) // "yesterday"
 * @example shiftDayOf({ yesterday: { type: "END", firstAt: at("2026-03-28 22:00") }, today: null }, at("2026-03-29 21:00"))   // "today"
 */
export function shiftDayOf({ yesterday, today }: { yesterday: ShiftDay | null; today: ShiftDay | null }, now: Date): "yesterday" | "today" {
  if (today && today.type !== null) return "today";
  return shiftIsOpen(yesterday, now) ? "yesterday" : "today";
}
