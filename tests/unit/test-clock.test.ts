import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestNow, testClockOf, TEST_CLOCK_COOKIE } from "~/server/shared/clock.server";

/** Decision 0103: the request's "now" is the machine's clock unless the process runs with CADRAN_TEST_CLOCK=1. */
const SATURDAY_22H = Date.UTC(2026, 10, 7, 21, 0); // 07/11/2026 22:00 in Paris

function request(cookie?: string) {
  return new Request("http://127.0.0.1/time-clock/badging", { headers: cookie ? { Cookie: cookie } : {} });
}

describe("the test clock", () => {
  const before = process.env.CADRAN_TEST_CLOCK;
  // The machine's clock, set: a Tuesday 23:30 in Paris, the 1st of a month (never today's date).
  const MACHINE = new Date("2026-12-01T22:30:00Z");
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(MACHINE);
  });
  afterEach(() => {
    vi.useRealTimers();
    if (before === undefined) delete process.env.CADRAN_TEST_CLOCK;
    else process.env.CADRAN_TEST_CLOCK = before;
  });

  it.each([
    ["flag absent", undefined],
    ["flag 0", "0"],
    ["flag true (only 1 turns it on)", "true"],
  ])("ignores the cookie without the flag: %s", (_name, flag) => {
    if (flag === undefined) delete process.env.CADRAN_TEST_CLOCK;
    else process.env.CADRAN_TEST_CLOCK = flag;
    const req = request(`cadran_session=abc; ${TEST_CLOCK_COOKIE}=${SATURDAY_22H}`);
    expect(testClockOf(req)).toBeNull();
    expect(requestNow(req).toISOString()).toBe(MACHINE.toISOString());
  });

  it("with CADRAN_TEST_CLOCK=1, serves the request at the cookie's instant", () => {
    process.env.CADRAN_TEST_CLOCK = "1";
    expect(requestNow(request(`cadran_session=abc; ${TEST_CLOCK_COOKIE}=${SATURDAY_22H}`)).toISOString()).toBe("2026-11-07T21:00:00.000Z");
    expect(requestNow(request(`${TEST_CLOCK_COOKIE}=${SATURDAY_22H}; cadran_session=abc`)).getTime()).toBe(SATURDAY_22H);
  });

  it.each([
    ["no cookie", undefined],
    ["not a number", `${TEST_CLOCK_COOKIE}=tomorrow`],
    ["another cookie's suffix", `x${TEST_CLOCK_COOKIE}=${SATURDAY_22H}`],
  ])("with the flag, falls back to the machine's clock: %s", (_name, cookie) => {
    process.env.CADRAN_TEST_CLOCK = "1";
    expect(testClockOf(request(cookie))).toBeNull();
    expect(requestNow(request(cookie)).toISOString()).toBe(MACHINE.toISOString());
  });
});
