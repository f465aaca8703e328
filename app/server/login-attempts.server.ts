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
