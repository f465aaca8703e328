import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, isEmailAddress, normaliseEmail, sameEmail } from "./email-address";

/** Issue 42 §2, decision 0120: one syntax, one comparison; a look-alike is refused, never folded onto an account. */
describe("normaliseEmail", () => {
  it.each([
    ["a plain address", "lea.martin@cadran.test", "lea.martin@cadran.test"],
    ["upper case and spaces around", "  Lea.Martin@Cadran.TEST ", "lea.martin@cadran.test"],
    ["plus, hyphen, digits, apostrophe", "o'neil+rh-2@sous-domaine.cadran.fr", "o'neil+rh-2@sous-domaine.cadran.fr"],
    ["an internationalised domain in its xn-- form", "lea@xn--crdan-6qa.fr", "lea@xn--crdan-6qa.fr"],
    ["a 64-character local part", `${"a".repeat(64)}@cadran.test`, `${"a".repeat(64)}@cadran.test`],
  ])("accepts %s", (_name, input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
    expect(isEmailAddress(input)).toBe(true);
  });

  it.each([
    ["the Kelvin sign U+212A (lowers to k)", "\u212Aim@cadran.test"],
    ["the Kelvin sign in the domain", "kim@cadran.\u212Aest"],
    ["long s U+017F (folds to s)", "\u017Fophie@cadran.test"],
    ["full-width letters (NFKC folds them to ASCII)", "\uFF4C\uFF45\uFF41@cadran.test"],
    ["a full-width at sign", "lea\uFF20cadran.test"],
    ["dotless i U+0131", "\u0131rene@cadran.test"],
    ["capital I with dot U+0130 (lowers to i + a combining dot)", "\u0130rene@cadran.test"],
    ["a combining acute accent", "le\u0301a@cadran.test"],
    ["a precomposed accent", "léa@cadran.test"],
    ["Cyrillic а looking like a", "\u0430nna@cadran.test"],
    ["a NUL byte", "lea\u0000@cadran.test"],
    ["a NUL byte at the end", "lea@cadran.test\u0000"],
    ["a zero-width space", "lea\u200B@cadran.test"],
    ["a space inside", "lea martin@cadran.test"],
    ["no at sign", "lmartin"],
    ["two at signs", "lea@martin@cadran.test"],
    ["a domain without a dot", "lea@localhost"],
    ["an empty local part", "@cadran.test"],
    ["two dots in a row", "lea..martin@cadran.test"],
    ["a leading dot", ".lea@cadran.test"],
    ["a label starting with a hyphen", "lea@-cadran.test"],
    ["a quoted local part", '"lea martin"@cadran.test'],
    ["a 65-character local part", `${"a".repeat(65)}@cadran.test`],
    ["over 254 characters", `${"a".repeat(60)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(10)}.fr`],
    ["empty", ""],
    ["not a string", ["lea@cadran.test"]],
  ])("refuses %s", (_name, input) => {
    expect(normaliseEmail(input)).toBeNull();
    expect(isEmailAddress(input)).toBe(false);
  });

  it("the longest refusal case is over the limit, the accepted ones under it", () => {
    expect(`${"a".repeat(60)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(10)}.fr`.length).toBeGreaterThan(EMAIL_MAX_LENGTH);
  });
});

describe("sameEmail", () => {
  it.each([
    ["the same address in another case", "Kim@Cadran.test", "kim@cadran.test", true],
    ["spaces around", " kim@cadran.test", "kim@cadran.test", true],
    ["the Kelvin sign is not k", "\u212Aim@cadran.test", "kim@cadran.test", false],
    ["long s is not s", "\u017Fophie@cadran.test", "sophie@cadran.test", false],
    ["full-width is not ASCII", "\uFF4B\uFF49\uFF4D@cadran.test", "kim@cadran.test", false],
    ["dotless i is not i", "\u0131rene@cadran.test", "irene@cadran.test", false],
    ["a combining mark is not the letter", "ki\u0300m@cadran.test", "kim@cadran.test", false],
    ["two refused texts are not equal", "\u212A@x.fr", "\u212A@x.fr", false],
    ["different addresses", "kim@cadran.test", "kimi@cadran.test", false],
  ])("%s", (_name, a, b, expected) => {
    expect(sameEmail(a, b)).toBe(expected);
    expect(sameEmail(b, a)).toBe(expected);
  });
});
