import { describe, expect, it } from "vitest";
import { frInstant } from "~/ui/leave/form";

/** frInstant's lookup by UTC hour (decision 0142) gives Intl's Paris date for every instant, DST nights included. */
const intl = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric" });

describe("frInstant", () => {
  it("matches Intl for every quarter hour of 2025–2027", () => {
    const start = Date.UTC(2025, 0, 1);
    const end = Date.UTC(2028, 0, 1);
    let checked = 0;
    for (let t = start; t < end; t += 15 * 60_000) {
      const iso = new Date(t + 59_999).toISOString(); // the last millisecond of the quarter's first minute too
      expect(frInstant(iso)).toBe(intl.format(new Date(iso)));
      checked++;
    }
    expect(checked).toBeGreaterThan(100_000);
  });

  it.each([
    ["2026-03-28T22:59:59.999Z", "28/03/2026"], // 23:59 in Paris (UTC+1)
    ["2026-03-28T23:00:00.000Z", "29/03/2026"],
    ["2026-03-29T21:59:59Z", "29/03/2026"], // the first summer evening (UTC+2)
    ["2026-03-29T22:00:00Z", "30/03/2026"],
    ["2026-10-24T21:59Z", "24/10/2026"],
    ["2026-10-24T22:00Z", "25/10/2026"],
    ["2026-10-25T22:59:59Z", "25/10/2026"], // back on UTC+1
    ["2026-10-25T23:00:00Z", "26/10/2026"],
    ["2026-12-31T23:30:00+00:00", "01/01/2027"], // not the Z form: formatted directly
    ["2026-12-31T23:30:00+02:00", "31/12/2026"],
  ])("%s → %s", (iso, expected) => {
    expect(frInstant(iso)).toBe(expected);
  });
});
