/**
 * Which stored overtime weeks an employee sheet's change makes stale (DESIGN §8 dirty marks, decision 0035). The
 * sheet keeps no history of the contract: a new weekly hours, week type, schedule, country or subsidiary applies
 * from the day it is saved, so the weeks from the current one on are computed again and finished weeks keep the
 * contract they were computed with. A changed hiring or leaving date changes which weeks were worked: from the
 * earlier of the two dates.
 */
import { isCalendarDate } from "~/domain/shared/calendar-text";
import { mondayOf } from "~/domain/shared/iso-week";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";

export interface ContractFacts {
  numberOfHoursPerWeek: number | null;
  weekType: string | null;
  /** The schedule, compared as JSON. */
  weeks: unknown;
  country: number | null;
  subsidiary: number | null;
  hiredAt: CalendarDate | null;
  firedAt: CalendarDate | null;
}

const earliest = (...dates: (CalendarDate | null)[]) =>
  dates.filter((d): d is CalendarDate => !!d).sort()[0] ?? null;

/**
 * The first Monday whose stored weeks must be computed again, or null when nothing the engine reads changed.
 *
 * @example contractChangeFrom({ ...facts, numberOfHoursPerWeek: 35 }, { ...facts, numberOfHoursPerWeek: 39 }, "2026-11-26") // "2026-11-23"
 * @example contractChangeFrom({ ...facts, hiredAt: "2026-03-02" }, { ...facts, hiredAt: "2026-01-05" }, "2026-11-26") // "2026-01-05"
 */
export function contractChangeFrom(
  before: ContractFacts,
  after: ContractFacts,
  today: CalendarDate,
  /** The Monday new contract terms apply from when dated back (contractEffectiveFrom); the current week's otherwise. */
  termsFrom: CalendarDate | null = null,
): CalendarDate | null {
  const dates: (CalendarDate | null)[] = [];
  if (contractTermsDiffer(before, after)) dates.push(termsFrom ?? today);
  if (before.country !== after.country || before.subsidiary !== after.subsidiary) dates.push(today);
  if (before.hiredAt !== after.hiredAt) dates.push(earliest(before.hiredAt, after.hiredAt) ?? today);
  if (before.firedAt !== after.firedAt) dates.push(earliest(before.firedAt, after.firedAt) ?? today);
  const first = earliest(...dates);
  if (!first) return null;
  return mondayOf(first > today ? today : first);
}

/**
 * The first day whose figures the change moves (not widened to its week; decision 0118: a close freezes days): new
 * terms from the day they are dated back to (else today), a move from today, a hiring or departure date from the
 * earlier of the two. Null when nothing the engine reads changed.
 *
 * @example contractChangeDay({ ...facts, firedAt: null }, { ...facts, firedAt: "2027-01-31" }, "2026-12-02") // "2027-01-31"
 */
export function contractChangeDay(before: ContractFacts, after: ContractFacts, today: CalendarDate, termsFrom: CalendarDate | null = null): CalendarDate | null {
  const dates: (CalendarDate | null)[] = [];
  if (contractTermsDiffer(before, after)) dates.push(termsFrom ?? today);
  if (before.country !== after.country || before.subsidiary !== after.subsidiary) dates.push(today);
  if (before.hiredAt !== after.hiredAt) dates.push(earliest(before.hiredAt, after.hiredAt) ?? today);
  if (before.firedAt !== after.firedAt) dates.push(earliest(before.firedAt, after.firedAt) ?? today);
  return earliest(...dates);
}

/**
 * Whether the contract's terms differ: weekly hours, week type or schedule (what `contract_history` keeps, decision
 * 0070). Not the country, subsidiary or employment dates.
 */
export function contractTermsDiffer(before: ContractFacts, after: ContractFacts): boolean {
  const hours =
    Number(before.numberOfHoursPerWeek ?? NaN) !== Number(after.numberOfHoursPerWeek ?? NaN) &&
    !(before.numberOfHoursPerWeek === null && after.numberOfHoursPerWeek === null);
  return (
    hours ||
    (before.weekType ?? "unique_week") !== (after.weekType ?? "unique_week") ||
    JSON.stringify(before.weeks ?? null) !== JSON.stringify(after.weeks ?? null)
  );
}

/**
 * The Monday from which new contract terms apply, as the sheet's "date d'effet" asks (decision 0070): empty, the
 * current week (null); a date of the past, its week's Monday (the weeks from there are computed again with the new
 * terms). Refused: not a date, a date in the future (a contract is changed when it starts, not before), a date before
 * the hiring date.
 *
 * @example contractEffectiveFrom("2026-11-04", "2026-11-26", "2024-09-02") // { monday: "2026-11-02" }
 */
export function contractEffectiveFrom(
  raw: string | null | undefined,
  today: CalendarDate,
  hiredAt: CalendarDate | null,
): { monday: CalendarDate | null } | { error: "invalid" | "future" | "before_hire" } {
  const text = (raw ?? "").trim();
  if (text === "") return { monday: null };
  if (!isCalendarDate(text)) return { error: "invalid" };
  if (text > today) return { error: "future" };
  if (hiredAt && text < hiredAt) return { error: "before_hire" };
  const monday = mondayOf(text);
  return { monday: monday < mondayOf(today) ? monday : null };
}

/** A contract's terms as the overtime engine reads them: weekly hours, week type and the schedule's weeks. */
export interface ContractTerms<W> {
  hours: number | null;
  weekType: string;
  weeks: W[];
}

/** A former contract: in force for the weeks whose Monday is before `until` (and after the previous one's). */
export interface PastContract<W> extends ContractTerms<W> {
  until: CalendarDate;
}

/**
 * The contract in force in the ISO week of `monday` (decision 0070): the first former contract, in date order, that
 * ended after that Monday; none, the current one. A change saved during a week applies from that week's Monday on
 * (contractChangeFrom), so `until` is a Monday and a week never straddles two contracts.
 *
 * @example contractInForce({ hours: 39, weekType: "unique_week", weeks: [] }, [{ until: "2026-03-02", hours: 35, weekType: "unique_week", weeks: [] }], "2026-02-23").hours // 35
 */
export function contractInForce<W>(current: ContractTerms<W>, past: readonly PastContract<W>[], monday: CalendarDate): ContractTerms<W> {
  let found: PastContract<W> | undefined;
  for (const c of past) if (c.until > monday && (!found || c.until < found.until)) found = c;
  return found ? { hours: found.hours, weekType: found.weekType, weeks: found.weeks } : current;
}

/** What the overtime engine reads of a country or a subsidiary besides its holidays: its country and time zone. */
export interface PlaceFacts {
  /** The subsidiary's country (null for a country itself). */
  country: number | null;
  timezone: string;
}

/**
 * The first Monday whose stored weeks a country's or subsidiary's change makes stale, or null when nothing the
 * engine reads changed (a renamed subsidiary, another city). Like the sheet's country and subsidiary, a subsidiary
 * moved to another country (its policy and public holidays) or a new time zone (which day a clock entry belongs to)
 * applies from the day it is saved: the current week on; finished weeks keep what they were computed with.
 *
 * @example placeChangeFrom({ country: 1, timezone: "Europe/Paris" }, { country: 2, timezone: "Europe/Paris" }, "2026-11-26") // "2026-11-23"
 */
export function placeChangeFrom(before: PlaceFacts, after: PlaceFacts, today: CalendarDate): CalendarDate | null {
  return before.country !== after.country || before.timezone !== after.timezone ? mondayOf(today) : null;
}
