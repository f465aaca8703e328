import { describe, expect, it } from "vitest";
import { fr } from "./fr";

/** Titles and labels that are not sentences (a heading, a word). */
const NOT_SENTENCES = new Set(["error.generic"]);

describe("the French catalogue", () => {
  it("ends every error and success message with a full stop (issue 11 §7: « Ce champ est obligatoire. »)", () => {
    const messages = Object.entries(fr).filter(
      ([key]) => /(^|\.)(error|success)(\.|$)|required|invalid/.test(key) && !NOT_SENTENCES.has(key),
    );
    expect(messages.length).toBeGreaterThan(50);
    expect(messages.filter(([, text]) => !/[.!?…]$/.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});
