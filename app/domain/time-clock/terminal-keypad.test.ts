import { describe, expect, it } from "vitest";
import { keypadEntry, parseKey, pressKey, type KeypadEntry } from "./terminal-keypad";

const entry = (matricule: string, code: string, target: KeypadEntry["target"] = "matricule"): KeypadEntry => ({ matricule, code, target });

describe("pressKey", () => {
  it.each([
    ["a digit fills the matricule first", entry("", ""), "7", entry("7", "")],
    ["digits append", entry("100", ""), "5", entry("1005", "")],
    ["the matricule stops at 9 digits", entry("123456789", ""), "0", entry("123456789", "")],
    ["choosing the code moves the target, values kept", entry("1005", ""), "code", entry("1005", "", "code")],
    ["a digit then fills the code", entry("1005", "48", "code"), "1", entry("1005", "481", "code")],
    ["the code stops at 6 digits", entry("1005", "123456", "code"), "7", entry("1005", "123456", "code")],
    ["Effacer removes the target's last digit", entry("1005", "481", "code"), "back", entry("1005", "48", "code")],
    ["Effacer on an empty field does nothing", entry("", "", "matricule"), "back", entry("", "")],
    ["Corriger empties the target only", entry("1005", "481", "code"), "clear", entry("1005", "", "code")],
    ["Corriger on the matricule keeps the code", entry("1005", "481"), "clear", entry("", "481")],
    ["back to the matricule", entry("1005", "481", "code"), "matricule", entry("1005", "481")],
    ["0 is a digit like the others", entry("", "", "code"), "0", entry("", "0", "code")],
  ] as const)("%s", (_, before, key, after) => {
    expect(pressKey(before, key)).toEqual(after);
  });
});

describe("keypadEntry", () => {
  it.each([
    ["nothing posted", {}, entry("", "")],
    ["kept as posted", { matricule: "1005", code: "4815", target: "code" }, entry("1005", "4815", "code")],
    ["spaces removed", { matricule: " 10 05 ", code: "48 15" }, entry("1005", "4815")],
    ["a badge scanned into the matricule is dropped, not echoed", { matricule: "CADRAN-1005-ABCDEF", code: "1" }, entry("", "1")],
    ["letters are dropped", { matricule: "12a", code: "x" }, entry("", "")],
    ["too long is cut", { matricule: "12345678901", code: "12345678" }, entry("123456789", "123456")],
    ["an unknown target is the matricule", { matricule: "1", target: "badge" }, entry("1", "")],
    ["not strings", { matricule: 12, code: ["1"], target: 1 }, entry("", "")],
  ] as const)("%s", (_, raw, expected) => {
    expect(keypadEntry(raw)).toEqual(expected);
  });
});

describe("parseKey", () => {
  it.each([
    ["0", "0"],
    ["9", "9"],
    ["back", "back"],
    ["clear", "clear"],
    ["code", "code"],
    ["matricule", "matricule"],
    ["10", null],
    ["", null],
    ["start", null],
    [null, null],
  ] as const)("%s", (raw, key) => {
    expect(parseKey(raw)).toBe(key);
  });
});
