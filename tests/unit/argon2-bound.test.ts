import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ARGON2_IN_FLIGHT, argon2Load, hashPassword, verifyPassword } from "~/server/identity/password.server";

/**
 * Issue 31 item 7: a burst of password checks keeps to ARGON2_IN_FLIGHT at once, so the thread pool (zlib for every
 * compressed page, file reads) and the other cores stay free for everyone else.
 */
describe("argon2 work in flight", () => {
  it("80 wrong passwords at once: never more than the bound in flight, all answered, and a page's gzip meanwhile stays quick", async () => {
    const stored = await hashPassword("Le-bon-mot-de-passe-1");
    argon2Load(true);
    const burst = Promise.all(Array.from({ length: 80 }, (_, i) => verifyPassword(stored, `faux-${i}`)));
    await new Promise((r) => setTimeout(r, 30));
    // Someone else's page is compressed on the same thread pool while the burst runs.
    const t0 = performance.now();
    await promisify(gzip)(Buffer.alloc(64 * 1024, 1));
    const gzipMs = performance.now() - t0;
    const results = await burst;
    expect(results.every((r) => r === false)).toBe(true);
    expect(argon2Load().peak).toBeLessThanOrEqual(ARGON2_IN_FLIGHT);
    expect(argon2Load()).toMatchObject({ running: 0, waiting: 0 });
    expect(gzipMs).toBeLessThan(500);
    expect(await verifyPassword(stored, "Le-bon-mot-de-passe-1")).toBe(true);
  }, 60_000);
});
