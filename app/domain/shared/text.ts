/**
 * Text a user may send us. PostgreSQL cannot store a NUL character in a text column, and a lone UTF-16 surrogate
 * (half of a pair, e.g. "\uD800" in JSON) is not a character at all: both are refused at the door, with a French
 * message, by the shared text schema (app/forms/z.server.ts) and by the few readers that take raw strings.
 */

/**
 * True when the text holds no NUL and no unpaired surrogate.
 *
 * @example isCleanText("Café ☕ 😀") // true
 * @example isCleanText("a\u0000b") // false
 * @example isCleanText("\uD800")   // false: a lone high surrogate
 */
export function isCleanText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
