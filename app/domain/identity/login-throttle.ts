/**
 * Login throttling (DESIGN §5, issue 30, docs/decisions/0089): recent failures (15-minute sliding window) are
 * counted three ways and turned into a refusal or a delay.
 *
 * - Per account (any address): 10 failures refuse the account, right password included (the protection against
 *   guessing one person's password, from one address or many).
 * - Per account and address: from the 4th failure on, each attempt from that address for that account waits a
 *   little longer (200 ms more per failure, 2 s at most).
 * - Per address (any account): never a lock-out at an office's scale. From 50 failures on, every attempt from the
 *   address waits (100 ms more per failure past 50, 5 s at most); only 1,000 failures in 15 minutes (a script, not
 *   an office) refuse the address.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const ACCOUNT_AND_ADDRESS_FREE_FAILURES = 3;
export const ACCOUNT_AND_ADDRESS_STEP_MS = 200;
export const ACCOUNT_AND_ADDRESS_MAX_DELAY_MS = 2_000;
export const ADDRESS_FREE_FAILURES = 50;
export const ADDRESS_STEP_MS = 100;
export const ADDRESS_MAX_DELAY_MS = 5_000;
export const MAX_FAILURES_PER_IP = 1_000;

export interface RecentFailures {
  byAccount: number;
  byAccountAndAddress: number;
  byAddress: number;
}

export type ThrottleDecision = { refuse: true } | { refuse: false; delayMs: number };

export function loginThrottle(f: RecentFailures): ThrottleDecision {
  if (f.byAccount >= MAX_FAILURES_PER_ACCOUNT || f.byAddress >= MAX_FAILURES_PER_IP) return { refuse: true };
  const pair = Math.min(ACCOUNT_AND_ADDRESS_MAX_DELAY_MS, Math.max(0, f.byAccountAndAddress - ACCOUNT_AND_ADDRESS_FREE_FAILURES) * ACCOUNT_AND_ADDRESS_STEP_MS);
  const address = Math.min(ADDRESS_MAX_DELAY_MS, Math.max(0, f.byAddress - ADDRESS_FREE_FAILURES + 1) * ADDRESS_STEP_MS);
  return { refuse: false, delayMs: Math.max(pair, address) };
}

/**
 * The hashing lane of an attempt (issue 42 §7, decision 0131). "clean": the account has no recent failure and no other
 * attempt in flight, and its address has fewer than ADDRESS_SUSPECT_FAILURES recent failures. Anything else is
 * "suspect": it is checked one at a time, never queued, after every clean check, and refused before hashing when its
 * lane is taken (app/server/identity/password.server.ts). Counted like the throttle: recorded failures, plus those this
 * process recorded since the attempt began.
 */
export const ADDRESS_SUSPECT_FAILURES = 3;

export interface LaneInput {
  byAccount: number;
  /** Other attempts for the same account in flight now. */
  accountInFlight: number;
  byAddress: number;
}

export function loginLane(f: LaneInput): "clean" | "suspect" {
  return f.byAccount > 0 || f.accountInFlight > 0 || f.byAddress >= ADDRESS_SUSPECT_FAILURES ? "suspect" : "clean";
}

/**
 * An address's pace (issue 42 §7, decision 0131 addendum of session 17). 0089's address delay starts at 50 failures in
 * 15 minutes, so a script sending wrong passwords at 20 a second had its first 50 hashed for free, and a paced burst
 * (one request every 50 ms) is, request by request, a fast run of sequential attempts. So the pace counts too: past
 * ADDRESS_PACE_FREE_FAILURES failures from one address within the last ADDRESS_PACE_WINDOW_MS (no office mistypes
 * ten passwords in ten seconds), the address's attempts go one at a time, each after a wait of ADDRESS_PACE_STEP_MS
 * per failure over the free ones (ADDRESS_PACE_MAX_DELAY_MS at most). One at a time: an attempt arriving while
 * another from the same address waits or is checked is refused before hashing (answered as throttled, not recorded).
 * A person or a script retrying one attempt after another is never refused by it, only slowed (0089's promise to an
 * office behind one address holds); a burst sent faster than it is answered gets one check per wait.
 */
export const ADDRESS_PACE_WINDOW_MS = 10_000;
export const ADDRESS_PACE_FREE_FAILURES = 10;
export const ADDRESS_PACE_STEP_MS = 100;
export const ADDRESS_PACE_MAX_DELAY_MS = 1_000;

export interface PaceInput {
  /** Failures from the address within the last ADDRESS_PACE_WINDOW_MS. */
  byAddressRecently: number;
  /** Other attempts from the address in flight now. */
  addressInFlight: number;
}

export function addressPace(f: PaceInput): ThrottleDecision {
  const over = f.byAddressRecently - ADDRESS_PACE_FREE_FAILURES;
  if (over < 0) return { refuse: false, delayMs: 0 };
  if (f.addressInFlight > 0) return { refuse: true };
  return { refuse: false, delayMs: Math.min(ADDRESS_PACE_MAX_DELAY_MS, (over + 1) * ADDRESS_PACE_STEP_MS) };
}
