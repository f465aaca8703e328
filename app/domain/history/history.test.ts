import { describe, expect, it } from "vitest";
import { historyKindOf, sheetChanges } from "./history";

describe("sheetChanges", () => {
  const cases: { name: string; before: Record<string, unknown>; after: Record<string, unknown>; fields: string[]; expected: unknown }[] = [
    { name: "nothing changed", before: { lastname: "Roy" }, after: { lastname: "Roy" }, fields: ["lastname"], expected: [] },
    {
      name: "a text changed",
      before: { lastname: "Roy" },
      after: { lastname: "Leroy" },
      fields: ["lastname"],
      expected: [{ field: "lastname", old: "Roy", new: "Leroy" }],
    },
    { name: "empty string and null are the same", before: { phone: null }, after: { phone: "" }, fields: ["phone"], expected: [] },
    {
      name: "a field emptied",
      before: { phone: "0601020304" },
      after: { phone: null },
      fields: ["phone"],
      expected: [{ field: "phone", old: "0601020304", new: null }],
    },
    {
      name: "dates compare by instant",
      before: { hiredOn: new Date("2026-01-01T00:00:00Z") },
      after: { hiredOn: new Date("2026-01-01T00:00:00.000Z") },
      fields: ["hiredOn"],
      expected: [],
    },
    {
      name: "a related row compares by id",
      before: { team: { id: 3, name: "A" } },
      after: { team: { id: 4, name: "B" } },
      fields: ["team"],
      expected: [{ field: "team", old: 3, new: 4 }],
    },
    {
      name: "fields absent from after are not part of the change, order of fields kept",
      before: { a: 1, b: 2, c: 3 },
      after: { c: 4, a: 0 },
      fields: ["a", "b", "c"],
      expected: [
        { field: "a", old: 1, new: 0 },
        { field: "c", old: 3, new: 4 },
      ],
    },
    { name: "a number 0 is not empty", before: { hours: 0 }, after: { hours: null }, fields: ["hours"], expected: [{ field: "hours", old: 0, new: null }] },
  ];
  it.each(cases)("$name", ({ before, after, fields, expected }) => {
    expect(sheetChanges(before, after, fields)).toEqual(expected);
  });
});

describe("historyKindOf", () => {
  it.each([
    ["sheet.update", "sheet"],
    ["leave.refuse", "leave"],
    ["close.reopen", "close"],
    ["anonymise", "personal"],
    ["terminal.badge_issue", "terminal"],
    ["unknown.thing", null],
  ])("%s → %s", (action, kind) => {
    expect(historyKindOf(action)).toBe(kind);
  });
});
