import { describe, expect, it } from "vitest";
import { askedPage } from "./paging";

describe("askedPage", () => {
  it.each([
    [null, 1],
    [undefined, 1],
    ["", 1],
    ["1", 1],
    ["2", 2],
    ["0", 1],
    ["0007", 7],
    ["9999", 9999],
    ["10000", 1],
    ["-2", 1],
    ["1e3", 1],
    ["abc", 1],
    [" 3", 1],
    [3, 1],
  ])("%j → %i", (raw, page) => {
    expect(askedPage(raw)).toBe(page);
  });
});
