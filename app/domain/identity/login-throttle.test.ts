import { describe, expect, it } from "vitest";
import { addressPace, loginLane, loginThrottle } from "./login-throttle";

/** Issue 30 / decision 0089: per account a refusal, per account and address and per address growing delays. */
describe("loginThrottle", () => {
  it.each([
    ["no failure at all", 0, 0, 0, { refuse: false, delayMs: 0 }],
    ["three failures for the account from this address: still no wait", 3, 3, 3, { refuse: false, delayMs: 0 }],
    ["four failures for the account from this address: 200 ms", 4, 4, 4, { refuse: false, delayMs: 200 }],
    ["nine failures for the account from this address: 1.2 s", 9, 9, 9, { refuse: false, delayMs: 1200 }],
    ["ten failures for the account from anywhere: refused", 10, 0, 0, { refuse: true }],
    ["ten failures for the account from this address: refused", 10, 10, 10, { refuse: true }],
    ["49 failures from the address on other names: no wait", 0, 0, 49, { refuse: false, delayMs: 0 }],
    ["50 failures from the address on other names: 100 ms, never a lock-out", 0, 0, 50, { refuse: false, delayMs: 100 }],
    ["52 failures from the address on other names: 300 ms", 0, 0, 52, { refuse: false, delayMs: 300 }],
    ["500 failures from the address: the wait stops growing at 5 s", 0, 0, 500, { refuse: false, delayMs: 5000 }],
    ["999 failures from the address: still only a wait", 0, 0, 999, { refuse: false, delayMs: 5000 }],
    ["1,000 failures from the address (a script, not an office): refused", 0, 0, 1000, { refuse: true }],
    ["the longer of both waits applies", 5, 5, 60, { refuse: false, delayMs: 1100 }],
  ])("%s", (_name, byAccount, byAccountAndAddress, byAddress, expected) => {
    expect(loginThrottle({ byAccount, byAccountAndAddress, byAddress })).toEqual(expected);
  });
});

/** Issue 42 §7 / decision 0131: which attempts keep the clean lane of the password checks. */
describe("loginLane", () => {
  it.each([
    ["a first attempt, nothing recent", 0, 0, 0, "clean"],
    ["two failures from the address on other names: still clean", 0, 0, 2, "clean"],
    ["three failures from the address (a run of them): suspect, whatever the account", 0, 0, 3, "suspect"],
    ["one recent failure of the account: suspect", 1, 0, 0, "suspect"],
    ["another attempt for the account in flight (a burst sent at once): suspect", 0, 1, 0, "suspect"],
    ["a failure of the account and a burst from the address", 3, 0, 200, "suspect"],
  ] as const)("%s", (_name, byAccount, accountInFlight, byAddress, expected) => {
    expect(loginLane({ byAccount, accountInFlight, byAddress })).toBe(expected);
  });
});

/** Issue 42 §7 / decision 0131 (session 17 addendum): an address failing fast goes one attempt at a time, each after a wait. */
describe("addressPace", () => {
  it.each([
    ["no failure in the last ten seconds", 0, 0, { refuse: false, delayMs: 0 }],
    ["nine failures in ten seconds, others in flight (colleagues at once): no wait, nothing refused", 9, 3, { refuse: false, delayMs: 0 }],
    ["ten failures in ten seconds: one at a time, 100 ms", 10, 0, { refuse: false, delayMs: 100 }],
    ["fifteen failures in ten seconds: 600 ms", 15, 0, { refuse: false, delayMs: 600 }],
    ["fifty failures in ten seconds: the wait stops growing at 1 s", 50, 0, { refuse: false, delayMs: 1000 }],
    ["ten failures in ten seconds and another attempt of the address in flight: refused before hashing", 10, 1, { refuse: true }],
    ["a burst: 200 failures, 40 attempts in flight", 200, 40, { refuse: true }],
  ] as const)("%s", (_name, byAddressRecently, addressInFlight, expected) => {
    expect(addressPace({ byAddressRecently, addressInFlight })).toEqual(expected);
  });
});
