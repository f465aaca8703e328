import { hash, verify } from "@node-rs/argon2";
import { availableParallelism } from "node:os";

/** argon2id parameters (OWASP: m >= 19 MiB, t = 2, p = 1). Raising them rehashes at next login. */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 work in flight is bounded (issue 31 item 7, decision 0094): each hash is ~19 MiB and tens of milliseconds
 * of a core, run on libuv's thread pool, which also serves zlib (page compression), file reads and DNS. A burst of
 * logins (200 wrong passwords at once) used to fill that pool and every core: everyone's pages waited. Now at most
 * ARGON2_IN_FLIGHT hashes run at once (half the cores, at least 1) and the others wait their turn in order; one that
 * waited ARGON2_WAIT_MS is refused as busy (a 503 "réessayez dans un instant"), so the queue never grows without end.
 */
export const ARGON2_IN_FLIGHT = Math.max(1, Number(process.env.ARGON2_IN_FLIGHT) || Math.floor(availableParallelism() / 2));
export const ARGON2_WAIT_MS = Math.max(100, Number(process.env.ARGON2_WAIT_MS) || 10_000);

/** Too many password checks at once: answered like an unavailable database (503), never as a wrong password. */
export class BusyError extends Error {
  readonly code = "CADRAN_BUSY";
}

/**
 * A check refused before any hashing (issue 42 §7, decision 0131): the attempt comes with recent failures (its
 * account's, its address's) and the lane of such attempts is taken. Answered as a throttled login (429).
 */
export class RefusedBeforeHashing extends Error {
  readonly code = "CADRAN_REFUSED_BEFORE_HASHING";
}

/**
 * The lane of a password check (issue 42 §7, decision 0131). "clean": an account without recent failures from an
 * address without a run of them; "suspect": anything else. A function, asked when the check would start (and again
 * when a waiting check's turn comes: failures recorded meanwhile count).
 */
export type Lane = "clean" | "suspect";

/**
 * Suspect checks hold at most this many of the ARGON2_IN_FLIGHT slots (one less than all, at least one), never wait
 * in line, and start only when no clean check waits: a burst of wrong passwords gets one hash at a time and a refusal
 * for the rest, and the clean checks keep their share (with one slot, they wait at most one suspect hash).
 */
export const SUSPECT_IN_FLIGHT = Math.max(1, ARGON2_IN_FLIGHT - 1);
/**
 * And, when they contend (a suspect check was refused since the last one started), at most this share of their lane's
 * time: after a suspect hash of d ms, the next starts d x 3 ms later at the earliest (refused before that). A burst
 * that never stops then costs a quarter of one core, however many connections it opens. Without contention (one
 * attempt after the other) the lane is free at once: decision 0089's delays slow such a run.
 */
export const SUSPECT_DUTY = 0.25;

type Waiter = { turn: () => void };
type Counts = { clean: number; suspect: number; refused: number };
type Holder = { running: number; suspects: number; peak: number; waiting: Waiter[]; counts?: Counts; suspectFreeAt?: number; contended?: boolean };
const holder: Holder = ((globalThis as { __cadranArgon2?: Holder }).__cadranArgon2 ??= { running: 0, suspects: 0, peak: 0, waiting: [] });
holder.suspects ??= 0;
holder.suspectFreeAt ??= 0;
holder.contended ??= false;
holder.counts ??= { clean: 0, suspect: 0, refused: 0 };
const counts = holder.counts;

/** Frees a slot: it passes to the next in line (running stays the same), or is freed. */
function release() {
  const next = holder.waiting.shift();
  if (next) next.turn();
  else holder.running -= 1;
}

async function bounded<T>(work: () => Promise<T>, lane?: () => Lane): Promise<T> {
  let suspect = lane?.() === "suspect";
  if (suspect) {
    if (holder.running >= ARGON2_IN_FLIGHT || !suspectLaneFree() || holder.waiting.length > 0) {
      counts.refused += 1;
      holder.contended = true;
      throw new RefusedBeforeHashing("a check with recent failures, and their lane is taken");
    }
    holder.running += 1;
  } else if (holder.running >= ARGON2_IN_FLIGHT) {
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        turn: () => {
          clearTimeout(timer);
          // Failures recorded while it waited may make it suspect now: it takes the slot only as a suspect could.
          if (lane?.() === "suspect") {
            if (!suspectLaneFree() || holder.waiting.length > 0) {
              counts.refused += 1;
              holder.contended = true;
              release();
              reject(new RefusedBeforeHashing("a check with recent failures, and their lane is taken"));
              return;
            }
            suspect = true;
          }
          resolve();
        },
      };
      const timer = setTimeout(() => {
        holder.waiting = holder.waiting.filter((w) => w !== waiter);
        reject(new BusyError("too many password checks at once"));
      }, ARGON2_WAIT_MS);
      holder.waiting.push(waiter);
    });
  } else {
    holder.running += 1;
  }
  if (suspect) {
    holder.suspects += 1;
    holder.contended = false;
  }
  counts[suspect ? "suspect" : "clean"] += 1;
  holder.peak = Math.max(holder.peak, holder.running);
  const started = performance.now();
  try {
    return await work();
  } finally {
    if (suspect) {
      holder.suspects -= 1;
      const end = performance.now();
      holder.suspectFreeAt = Math.max(holder.suspectFreeAt!, end + ((end - started) * (1 - SUSPECT_DUTY)) / SUSPECT_DUTY);
    }
    release();
  }
}

function suspectLaneFree(): boolean {
  return holder.suspects < SUSPECT_IN_FLIGHT && (!holder.contended || performance.now() >= holder.suspectFreeAt!);
}

/**
 * Hashes in flight now, the most seen at once since the last reset, and the checks made per lane and refused before
 * hashing since the last reset (tests, /metrics, the bench).
 */
export function argon2Load(reset = false): { running: number; waiting: number; peak: number; suspects: number; clean: number; suspect: number; refused: number } {
  const load = { running: holder.running, waiting: holder.waiting.length, peak: holder.peak, suspects: holder.suspects, ...counts };
  if (reset) {
    holder.peak = holder.running;
    Object.assign(counts, { clean: 0, suspect: 0, refused: 0 });
  }
  return load;
}

export function hashPassword(plain: string): Promise<string> {
  return bounded(() => hash(plain, ARGON2_OPTIONS));
}

/** `lane`: the login's (issue 42 §7); without it the check is clean (a password change, a known user's own check). */
export async function verifyPassword(stored: string | null | undefined, plain: string, lane?: () => Lane): Promise<boolean> {
  if (!stored) return false;
  return bounded(async () => {
    try {
      return await verify(stored, plain);
    } catch {
      return false;
    }
  }, lane);
}

/** True when the stored hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const m = /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m || !stored.startsWith("$argon2id$")) return true;
  return Number(m[1]) < ARGON2_OPTIONS.memoryCost || Number(m[2]) < ARGON2_OPTIONS.timeCost;
}
