import { describe, expect, it } from "vitest";
import { badgeContent, countFailure, printedBadge, isLocked, isValidCode, looksLikeBadge, parseBadge, PERSON_RULE, terminalState, TERMINAL_RULE, type FailureCount } from "./terminal";

const at = (iso: string) => new Date(iso);
const NOW = at("2026-12-22T08:00:00Z");

describe("terminalState", () => {
  const base = { enrolledAt: null, enrolExpiresAt: null, revokedAt: null, pausedAt: null };
  it.each([
    ["pending: link still valid", { ...base, enrolExpiresAt: at("2026-12-22T09:00:00Z") }, "pending"],
    ["expired: link past", { ...base, enrolExpiresAt: at("2026-12-22T08:00:00Z") }, "expired"],
    ["expired: no link", base, "expired"],
    ["active", { ...base, enrolledAt: at("2026-12-21T08:00:00Z") }, "active"],
    ["paused", { ...base, enrolledAt: at("2026-12-21T08:00:00Z"), pausedAt: at("2026-12-22T07:00:00Z") }, "paused"],
    ["revoked wins over active", { ...base, enrolledAt: at("2026-12-21T08:00:00Z"), revokedAt: at("2026-12-22T07:00:00Z") }, "revoked"],
    ["revoked wins over pending", { ...base, enrolExpiresAt: at("2026-12-23T08:00:00Z"), revokedAt: at("2026-12-22T07:00:00Z") }, "revoked"],
  ] as const)("%s", (_, facts, state) => {
    expect(terminalState(facts, NOW)).toBe(state);
  });
});

describe("isValidCode", () => {
  it.each([
    ["1234", true],
    ["123456", true],
    ["0000", true],
    ["123", false],
    ["1234567", false],
    ["12a4", false],
    [" 1234", false],
    ["١٢٣٤", false], // Arabic-Indic digits are not ASCII digits
    ["", false],
  ])("%j -> %s", (code, ok) => {
    expect(isValidCode(code)).toBe(ok);
  });
});

describe("the wrong-code throttles", () => {
  const none: FailureCount = { failures: 0, since: null };
  const min = (n: number) => new Date(NOW.getTime() + n * 60_000);

  it("a person: the 5th failure in 15 minutes locks for 15 minutes from it", () => {
    let c: FailureCount = none;
    const trips: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const next = countFailure(c, min(i), PERSON_RULE);
      trips.push(next.tripped);
      c = next;
    }
    expect(trips).toEqual([false, false, false, false, true]);
    expect(c).toEqual({ failures: 5, since: min(4), tripped: true });
    expect(isLocked(c, min(4), PERSON_RULE)).toBe(true);
    expect(isLocked(c, min(18), PERSON_RULE)).toBe(true);
    expect(isLocked(c, min(19), PERSON_RULE)).toBe(false);
  });

  it.each([
    ["4 failures do not lock", { failures: 4, since: min(0) }, min(1), false],
    ["5 failures lock within the window", { failures: 5, since: min(0) }, min(14), true],
    ["the lock runs out", { failures: 5, since: min(0) }, min(15), false],
    ["no failure", none, min(0), false],
  ] as const)("isLocked (person): %s", (_, c, now, locked) => {
    expect(isLocked(c, now, PERSON_RULE)).toBe(locked);
  });

  it.each([
    ["a first failure opens a window", none, min(0), { failures: 1, since: min(0), tripped: false }],
    ["within the window, counted on", { failures: 2, since: min(0) }, min(10), { failures: 3, since: min(0), tripped: false }],
    ["past the window, starts again", { failures: 4, since: min(0) }, min(15), { failures: 1, since: min(15), tripped: false }],
    ["after a lock ran out, starts again", { failures: 5, since: min(0) }, min(20), { failures: 1, since: min(20), tripped: false }],
  ] as const)("countFailure (person): %s", (_, c, now, next) => {
    expect(countFailure(c, now, PERSON_RULE)).toEqual(next);
  });

  it("a terminal: the 20th failure in 15 minutes trips its pause", () => {
    expect(countFailure({ failures: 18, since: min(0) }, min(5), TERMINAL_RULE)).toEqual({ failures: 19, since: min(0), tripped: false });
    expect(countFailure({ failures: 19, since: min(0) }, min(5), TERMINAL_RULE)).toEqual({ failures: 20, since: min(5), tripped: true });
    expect(countFailure({ failures: 19, since: min(0) }, min(15), TERMINAL_RULE).tripped).toBe(false);
  });
});

describe("the badge's content", () => {
  const secret = "0123456789abcdef".repeat(4);
  const upper = secret.toUpperCase();
  it("holds the matricule and the secret in upper case, never a code", () => {
    expect(badgeContent(4101, secret)).toBe(`CADRAN-4101-${upper}`);
  });
  it.each([
    ["as printed", `CADRAN-4101-${upper}`, { matricule: 4101, secret: upper }],
    ["typed in lower case (caps lock)", `cadran-4101-${secret}`, { matricule: 4101, secret: upper }],
    ["with the scanner's spaces around", `  CADRAN-4101-${upper}\t`, { matricule: 4101, secret: upper }],
    ["typed from the printed groups", printedBadge(`CADRAN-4101-${upper}`), { matricule: 4101, secret: upper }],
    ["a short secret", `CADRAN-4101-${upper.slice(1)}`, null],
    ["a long secret", `CADRAN-4101-${upper}0`, null],
    ["not hexadecimal", `CADRAN-4101-${upper.slice(1)}G`, null],
    ["no matricule", `CADRAN--${upper}`, null],
    ["a matricule too long", `CADRAN-1234567890-${upper}`, null],
    ["another prefix", `KELIO-4101-${upper}`, null],
    ["a matricule alone", "4101", null],
    ["empty", "", null],
  ] as const)("%s", (_, text, parsed) => {
    expect(parseBadge(text)).toEqual(parsed);
  });
  it("prints the secret in groups of four after the matricule", () => {
    expect(printedBadge(`CADRAN-4101-${upper}`)).toBe(`CADRAN-4101- ${"0123 4567 89AB CDEF ".repeat(4).trim()}`);
  });
  it.each([
    ["CADRAN-4101-AB", true],
    [" cadran-", true],
    ["4101", false],
    ["CADRAN", false],
  ] as const)("looksLikeBadge(%j) = %s", (text, yes) => {
    expect(looksLikeBadge(text)).toBe(yes);
  });
});
