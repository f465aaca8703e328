import { describe, expect, it } from "vitest";
import { isCleanText } from "./text";

describe("isCleanText", () => {
  it.each([
    ["plain text", "Bonjour", true],
    ["accents, emoji (a surrogate pair) and new lines", "Café ☕ 😀\nà demain\t!", true],
    ["the empty string", "", true],
    ["a NUL byte", "a\u0000b", false],
    ["a NUL byte alone", "\u0000", false],
    ["a lone high surrogate", "abc\uD800", false],
    ["a lone high surrogate before text", "\uD83Dx", false],
    ["a lone low surrogate", "\uDE00abc", false],
    ["two high surrogates", "\uD83D\uD83D", false],
    ["a pair then a lone low", "😀\uDE00", false],
  ])("%s", (_, value, expected) => {
    expect(isCleanText(value)).toBe(expected);
  });
});
