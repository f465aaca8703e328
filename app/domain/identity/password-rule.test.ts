import { describe, expect, it } from "vitest";
import { isValidPassword, PASSWORD_MAX_LENGTH } from "./password-rule";

/** Spec 1 §5: at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character. */
describe("isValidPassword", () => {
  it.each([
    ["the demo password", "Cadran-2026!", true],
    ["exactly 8 characters", "Ab1!abcd", true],
    ["a space counts as a special character", "Abcdef1 ", true],
    ["an accented letter counts as a special character", "Abcdef1é", true],
    ["long passphrase", "Le chat dort sur le canapé depuis 2026 !", true],
    ["7 characters", "Ab1!abc", false],
    ["empty", "", false],
    ["no uppercase letter", "cadran-2026!", false],
    ["no lowercase letter", "CADRAN-2026!", false],
    ["no digit", "Cadran-deux!", false],
    ["no special character", "Cadran2026", false],
    ["only letters and digits, long", "Abcdefghij1234567890", false],
    ["only special characters", "!!!!!!!!", false],
    ["an accented capital is not an A-Z uppercase", "Écadran-2026", false],
  ])("%s: %j -> %s", (_name, value, expected) => {
    expect(isValidPassword(value)).toBe(expected);
  });

  it("keeps a bound far above the rule's minimum", () => {
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
    expect(isValidPassword("Aa1!" + "x".repeat(PASSWORD_MAX_LENGTH))).toBe(true); // the bound is checked by the forms
  });
});
