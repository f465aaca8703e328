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

type Holder = { running: number; peak: number; waiting: (() => void)[] };
const holder: Holder = ((globalThis as { __cadranArgon2?: Holder }).__cadranArgon2 ??= { running: 0, peak: 0, waiting: [] });

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (holder.running >= ARGON2_IN_FLIGHT) {
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        holder.waiting = holder.waiting.filter((w) => w !== turn);
        reject(new BusyError("too many password checks at once"));
      }, ARGON2_WAIT_MS);
      holder.waiting.push(turn);
    });
  } else {
    holder.running += 1;
  }
  holder.peak = Math.max(holder.peak, holder.running);
  try {
    return await work();
  } finally {
    const next = holder.waiting.shift();
    // The slot passes to the next in line (running stays the same), or is freed.
    if (next) next();
    else holder.running -= 1;
  }
}

/** Hashes in flight now and the most seen at once since the last reset (tests, /metrics). */
export function argon2Load(reset = false): { running: number; waiting: number; peak: number } {
  const load = { running: holder.running, waiting: holder.waiting.length, peak: holder.peak };
  if (reset) holder.peak = holder.running;
  return load;
}

export function hashPassword(plain: string): Promise<string> {
  return bounded(() => hash(plain, ARGON2_OPTIONS));
}

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) return false;
  return bounded(async () => {
    try {
      return await verify(stored, plain);
    } catch {
      return false;
    }
  });
}

/** True when the stored hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const m = /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m || !stored.startsWith("$argon2id$")) return true;
  return Number(m[1]) < ARGON2_OPTIONS.memoryCost || Number(m[2]) < ARGON2_OPTIONS.timeCost;
}
