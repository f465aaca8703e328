/**
 * Login attempts in flight in this process, per account and per address (issue 42 §7, decision 0131). The counters
 * of `login_failure` only know failures already checked: 200 attempts sent at once all read "no failure" before the
 * first is checked. Here an attempt counts the others in flight for its account (a person does not sign in ten times
 * at once), and the failures recorded while it waited, for its account and its address. An entry lives while an
 * attempt for its key is in flight: the map never holds more than the attempts running.
 */
type Entry = { inFlight: number; failures: number };
type Holder = { entries: Map<string, Entry> };
const holder: Holder = ((globalThis as { __cadranLoginAttempts?: Holder }).__cadranLoginAttempts ??= { entries: new Map() });

export interface AttemptKey {
  /** Other attempts for this key in flight now. */
  others(): number;
  /** Failures recorded for this key (by this process) since this attempt began. */
  failuresSince(): number;
  /** A failure of this attempt, seen by the attempts of the same key still in flight. */
  failed(): void;
  leave(): void;
}

export function enterAttempt(key: string): AttemptKey {
  let entry = holder.entries.get(key);
  if (!entry) {
    entry = { inFlight: 0, failures: 0 };
    holder.entries.set(key, entry);
  }
  entry.inFlight += 1;
  const e = entry;
  const failuresAtEntry = e.failures;
  let left = false;
  return {
    others: () => e.inFlight - 1,
    failuresSince: () => e.failures - failuresAtEntry,
    failed: () => void (e.failures += 1),
    leave: () => {
      if (left) return;
      left = true;
      e.inFlight -= 1;
      if (e.inFlight === 0 && holder.entries.get(key) === e) holder.entries.delete(key);
    },
  };
}

/** Keys with an attempt in flight (tests: nothing stays behind). */
export function attemptsInFlight(): number {
  return holder.entries.size;
}

/**
 * An address in a burst (issue 42 §7, decision 0131): BURST_REFUSALS refusals of its sign-ins (throttled, or refused
 * before hashing) within BURST_WINDOW_MS of each other. While it lasts, the HTTP front answers that address's
 * sign-ins with a small French 429 before parsing, querying or rendering anything (scripts/lib/app.ts): a refused
 * attempt then costs a fraction of a millisecond instead of a page. Each such answer counts as a refusal, so the
 * burst state ends BURST_WINDOW_MS after the last attempt. The map holds only addresses refused in the last window.
 */
export const BURST_REFUSALS = 10;
export const BURST_WINDOW_MS = 2_000;
type BurstHolder = { refused: Map<string, { count: number; lastAt: number }>; prunedAt: number };
const bursts: BurstHolder = ((globalThis as { __cadranLoginBursts?: BurstHolder }).__cadranLoginBursts ??= { refused: new Map(), prunedAt: 0 });

export function noteRefusedLogin(ip: string, now = performance.now()): void {
  if (now - bursts.prunedAt > BURST_WINDOW_MS) {
    for (const [key, e] of bursts.refused) if (now - e.lastAt > BURST_WINDOW_MS) bursts.refused.delete(key);
    bursts.prunedAt = now;
  }
  const e = bursts.refused.get(ip);
  if (!e || now - e.lastAt > BURST_WINDOW_MS) bursts.refused.set(ip, { count: 1, lastAt: now });
  else {
    e.count += 1;
    e.lastAt = now;
  }
}

export function addressInBurst(ip: string, now = performance.now()): boolean {
  const e = bursts.refused.get(ip);
  return !!e && e.count >= BURST_REFUSALS && now - e.lastAt <= BURST_WINDOW_MS;
}

/** Forgets every burst (tests). */
export function clearLoginBursts(): void {
  bursts.refused.clear();
}
