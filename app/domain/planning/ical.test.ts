import { describe, expect, it } from "vitest";
import { events, parseIcal } from "~tests/support/ical";
import { escapeText, foldLine, icalDate, icalendar } from "./ical";

describe("escapeText", () => {
  it.each([
    ["Congés payés", "Congés payés"],
    ["a;b,c", "a\\;b\\,c"],
    ["back\\slash", "back\\\\slash"],
    ["two\nlines", "two\\nlines"],
  ])("%j -> %j", (input, output) => {
    expect(escapeText(input)).toBe(output);
  });
});

describe("foldLine", () => {
  it.each([10, 75, 76, 200])("folds a %i-character line at 75 octets", (n) => {
    const folded = foldLine("X".repeat(n));
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe("X".repeat(n));
  });
  it("never splits a multi-byte character", () => {
    const folded = foldLine("é".repeat(100));
    expect(folded.split("\r\n").every((l) => !l.includes("\uFFFD"))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe("é".repeat(100));
  });
});

describe("icalendar", () => {
  const text = icalendar({
    name: "Planning de Camille, équipe Offset",
    events: [
      { uid: "leave-1@cadran", start: "2026-03-02", end: "2026-03-04", summary: "Congés payés", status: "CONFIRMED", updatedAt: new Date("2026-02-01T10:00:00Z"), sequence: 2 },
      { uid: "leave-2@cadran", start: "2026-12-31", end: "2026-12-31", summary: "RTT (matin); à valider, merci", status: "TENTATIVE", updatedAt: new Date("2026-02-01T10:00:00Z") },
    ],
  });
  const calendar = parseIcal(text);
  it("is valid RFC 5545 for the strict reader", () => {
    expect(calendar.get("VERSION")).toBe("2.0");
    expect(calendar.get("X-WR-CALNAME")).toBe("Planning de Camille, équipe Offset");
  });
  it.each([
    [0, "leave-1@cadran", "20260302", "20260305", "CONFIRMED", "Congés payés"],
    [1, "leave-2@cadran", "20261231", "20270101", "TENTATIVE", "RTT (matin); à valider, merci"],
  ])("event %i: all-day DATE values, end exclusive, status and summary", (i, uid, start, end, status, summary) => {
    const e = events(calendar)[i]!;
    expect(e.get("UID")).toBe(uid);
    expect(e.param("DTSTART", "VALUE")).toBe("DATE");
    expect(e.get("DTSTART")).toBe(start);
    expect(e.get("DTEND")).toBe(end);
    expect(e.get("STATUS")).toBe(status);
    expect(e.get("SUMMARY")).toBe(summary);
  });
  it("writes the same text for the same entries (stable UIDs, stamps from the rows)", () => {
    expect(icalendar({ name: "x", events: [] })).toBe(icalendar({ name: "x", events: [] }));
    expect(icalDate("2026-03-02")).toBe("20260302");
  });
});
