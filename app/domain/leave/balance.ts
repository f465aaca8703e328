import type { LeaveReason } from "./days";

/**
 * An employee's paid-leave counters, in days (halves and monthly accruals such as 2.08 included).
 * They are the spec's holidayEarnedLastYear, holidayTakenLastYear, holidayEarnedThisYear and
 * holidayTakenThisYear. "This year" is the current vacation year (1 June - 31 May, see domain/leave/vacation-year.ts),
 * "last year" the one before, plus whatever was carried over from earlier years.
 */
export interface VacationCounters {
  earnedLastYear: number;
  takenLastYear: number;
  earnedThisYear: number;
  takenThisYear: number;
}

/** How an accepted paid leave was charged: remembered with the leave so its removal can give the days back. */
export interface VacationDaysTaken {
  daysFromLastYear: number;
  daysFromThisYear: number;
}

export type TakeVacationDaysResult =
  | ({ ok: true; counters: VacationCounters } & VacationDaysTaken)
  | { ok: false; reason: "insufficient_balance" };

/** An employee's recovery counters (the spec's recoveryEarned, recoveryTaken), in seconds like every duration. */
export interface RecoveryCounters {
  earned: number;
  taken: number;
}

export type TakeRecoveryHoursResult =
  | { ok: true; seconds: number; counters: RecoveryCounters }
  | { ok: false; reason: "insufficient_recovery" };

const SECONDS_PER_HOUR = 3600;

/**
 * Days are decimals (0.5, 2.08) kept in binary floating point, where 0.1 + 0.2 !== 0.3. Rounding every
 * result to 1/10,000 of a day drops that noise, so a balance of 24.96 built from twelve accruals of 2.08
 * still covers a 24.96-day request, while keeping any realistic accrual exact.
 */
function roundDays(days: number): number {
  return Math.round(days * 10_000) / 10_000;
}

function assertDays(days: number, what: string): void {
  // A negative or NaN amount is a programming error (the form validation catches user input first).
  if (!Number.isFinite(days) || days < 0) throw new RangeError(`${what} must be a finite number >= 0, got ${days}`);
}

/**
 * True for the reasons charged to the paid-leave counters. Only paid leave is: RTT, sick leave and family
 * events have no counter in the spec, and recovery leave has its own (hours).
 *
 * @example countsAgainstVacation("PAID_LEAVE") // true
 * @example countsAgainstVacation("RTT_LEAVE") // false
 */
export function countsAgainstVacation(reason: LeaveReason): boolean {
  return reason === "PAID_LEAVE";
}

/**
 * Paid-leave days still available: what is left of last year plus what is left of this year. A part may be
 * negative (imported or corrected data); it then reduces the other part, as the spec's sum says.
 *
 * @example vacationBalance({ earnedLastYear: 25, takenLastYear: 20, earnedThisYear: 10, takenThisYear: 2 }) // 13
 */
export function vacationBalance(counters: VacationCounters): number {
  return roundDays(counters.earnedLastYear - counters.takenLastYear + (counters.earnedThisYear - counters.takenThisYear));
}

/**
 * Recovery still available, in the unit of its inputs (seconds): earned minus taken, and 0 when taken is
 * at least earned, never negative.
 *
 * @example recoveryBalance(36_000, 7_200) // 28_800
 * @example recoveryBalance(3_600, 7_200) // 0
 */
export function recoveryBalance(earned: number, taken: number): number {
  return taken >= earned ? 0 : earned - taken;
}

/**
 * Charges an accepted paid leave to the counters: last year's balance first (it is the one that expires),
 * then this year's. Refused, with nothing changed, when the total balance is smaller than the leave.
 * A negative last-year balance gives nothing to take from; the whole leave then comes from this year.
 *
 * @example takeVacationDays({ earnedLastYear: 25, takenLastYear: 22, earnedThisYear: 10, takenThisYear: 0 }, 5)
 *   // { ok: true, daysFromLastYear: 3, daysFromThisYear: 2,
 *   //   counters: { earnedLastYear: 25, takenLastYear: 25, earnedThisYear: 10, takenThisYear: 2 } }
 */
export function takeVacationDays(counters: VacationCounters, days: number): TakeVacationDaysResult {
  assertDays(days, "Leave days");
  if (vacationBalance(counters) < roundDays(days)) return { ok: false, reason: "insufficient_balance" };
  const lastYearLeft = Math.max(0, counters.earnedLastYear - counters.takenLastYear);
  const daysFromLastYear = roundDays(Math.min(days, lastYearLeft));
  const daysFromThisYear = roundDays(days - daysFromLastYear);
  return {
    ok: true,
    daysFromLastYear,
    daysFromThisYear,
    counters: {
      ...counters,
      takenLastYear: roundDays(counters.takenLastYear + daysFromLastYear),
      takenThisYear: roundDays(counters.takenThisYear + daysFromThisYear),
    },
  };
}

/**
 * Gives back the days of a paid leave removed after validation, to the years they were taken from.
 *
 * `rolloversSinceTaken` is how many 1 June roll-overs happened between the acceptance and now (0 by
 * default). After a roll-over the old "this year" has become "last year" and the old last year's unused
 * balance was carried into earnedLastYear (see juneRollover), so the days go back where they now live:
 * - after one roll-over: days taken from the old this year reduce takenLastYear, days taken from the old
 *   last year raise earnedLastYear (they are unused balance carried over);
 * - after two or more: all of them raise earnedLastYear.
 * The total balance grows by the leave's days in every case.
 *
 * @example restoreVacationDays({ earnedLastYear: 25, takenLastYear: 25, earnedThisYear: 10, takenThisYear: 2 },
 *                              { daysFromLastYear: 3, daysFromThisYear: 2 })
 *   // { earnedLastYear: 25, takenLastYear: 22, earnedThisYear: 10, takenThisYear: 0 }
 */
export function restoreVacationDays(
  counters: VacationCounters,
  taken: VacationDaysTaken,
  rolloversSinceTaken = 0,
): VacationCounters {
  assertDays(taken.daysFromLastYear, "daysFromLastYear");
  assertDays(taken.daysFromThisYear, "daysFromThisYear");
  if (rolloversSinceTaken <= 0) {
    return {
      ...counters,
      takenLastYear: roundDays(counters.takenLastYear - taken.daysFromLastYear),
      takenThisYear: roundDays(counters.takenThisYear - taken.daysFromThisYear),
    };
  }
  if (rolloversSinceTaken === 1) {
    return {
      ...counters,
      earnedLastYear: roundDays(counters.earnedLastYear + taken.daysFromLastYear),
      takenLastYear: roundDays(counters.takenLastYear - taken.daysFromThisYear),
    };
  }
  return {
    ...counters,
    earnedLastYear: roundDays(counters.earnedLastYear + taken.daysFromLastYear + taken.daysFromThisYear),
  };
}

/**
 * The first-of-the-month accrual: adds the month's earned days to this year.
 *
 * @example monthlyAccrual({ earnedLastYear: 0, takenLastYear: 0, earnedThisYear: 2.08, takenThisYear: 0 }, 2.08)
 *   // { ..., earnedThisYear: 4.16 }
 */
export function monthlyAccrual(counters: VacationCounters, accrual: number): VacationCounters {
  assertDays(accrual, "Accrual");
  return { ...counters, earnedThisYear: roundDays(counters.earnedThisYear + accrual) };
}

/**
 * The 1 June roll-over: the vacation year that ends becomes "last year" and a new "this year" starts at 0/0.
 *
 * Choice (DESIGN §5: "the unused balance of the old last year is carried over"):
 * - new earnedLastYear = old earnedThisYear + the old last year's unused days (max(0, earned - taken));
 * - new takenLastYear  = old takenThisYear + the old last year's overdraft (max(0, taken - earned)), which
 *   only exists with imported or corrected data, since takeVacationDays never overdraws last year.
 * Unused days are carried as earned and an overdraft as taken, so no counter goes negative and the total
 * balance is the same before and after: the roll-over never creates or loses a day.
 *
 * Pure and not idempotent: the caller (the 1 June job) must make sure it runs once per employee and year.
 *
 * @example juneRollover({ earnedLastYear: 25, takenLastYear: 20, earnedThisYear: 25, takenThisYear: 3 })
 *   // { earnedLastYear: 30, takenLastYear: 3, earnedThisYear: 0, takenThisYear: 0 }
 */
export function juneRollover(counters: VacationCounters): VacationCounters {
  const lastYearLeft = counters.earnedLastYear - counters.takenLastYear;
  return {
    earnedLastYear: roundDays(counters.earnedThisYear + Math.max(0, lastYearLeft)),
    takenLastYear: roundDays(counters.takenThisYear + Math.max(0, -lastYearLeft)),
    earnedThisYear: 0,
    takenThisYear: 0,
  };
}

/**
 * A recovery leave's hours (the spec's nbHourAbsence) in whole seconds, the unit of the recovery counters.
 *
 * @example recoveryHoursToSeconds(1.5) // 5400
 */
export function recoveryHoursToSeconds(hours: number): number {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`Recovery hours must be a finite number >= 0, got ${hours}`);
  return Math.round(hours * SECONDS_PER_HOUR);
}

/**
 * Charges a recovery leave's hours to the recovery counters; refused, with nothing changed, when the
 * hours exceed the recovery balance (asking for exactly the balance is fine).
 *
 * @example takeRecoveryHours({ earned: 36_000, taken: 0 }, 4)
 *   // { ok: true, seconds: 14_400, counters: { earned: 36_000, taken: 14_400 } }
 */
export function takeRecoveryHours(counters: RecoveryCounters, hours: number): TakeRecoveryHoursResult {
  const seconds = recoveryHoursToSeconds(hours);
  if (seconds > recoveryBalance(counters.earned, counters.taken)) return { ok: false, reason: "insufficient_recovery" };
  return { ok: true, seconds, counters: { ...counters, taken: counters.taken + seconds } };
}

/**
 * Gives back a removed recovery leave's hours.
 *
 * @example restoreRecoveryHours({ earned: 36_000, taken: 14_400 }, 4) // { earned: 36_000, taken: 0 }
 */
export function restoreRecoveryHours(counters: RecoveryCounters, hours: number): RecoveryCounters {
  return { ...counters, taken: counters.taken - recoveryHoursToSeconds(hours) };
}
