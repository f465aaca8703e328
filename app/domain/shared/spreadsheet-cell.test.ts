import { describe, expect, it } from "vitest";
import { csvSafeText, formulaLike } from "./spreadsheet-cell";

describe("formula injection (OWASP CSV injection; issue 27 §3)", () => {
  it.each([
    ["a link formula", '=HYPERLINK("http://evil.example/x";"Paie")', true],
    ["a sum", "=1+1", true],
    ["a plus sign", "+33 6 12 34 56 78", true],
    ["a minus sign before a formula", "-2+3+cmd|' /C calc'!A0", true],
    ["an at sign", "@SUM(1+1)", true],
    ["a leading tab", "\t=1+1", true],
    ["a leading carriage return", "\r=1+1", true],
    ["a name", "Alice AAA-PAIE", false],
    ["a compound name with a hyphen inside", "Jean-Pierre", false],
    ["a negative decimal with a comma", "-1,5", false],
    ["a negative decimal with a point", "-1.5", false],
    ["a signed integer", "+3", false],
    ["an empty text", "", false],
    ["a month", "2026-03", false],
  ])("%s: %j → %s", (_case, text, expected) => {
    expect(formulaLike(text)).toBe(expected);
  });

  it.each([
    ["a formula gets an apostrophe", "=1+1", "'=1+1"],
    ["a name is left alone", "Dupont", "Dupont"],
    ["a number is left alone", "-2,25", "-2,25"],
  ])("csvSafeText: %s", (_case, text, expected) => {
    expect(csvSafeText(text)).toBe(expected);
  });
});
