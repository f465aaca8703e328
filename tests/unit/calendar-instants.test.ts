import { describe, expect, it, vi } from "vitest";
import { CALENDAR_INSTANTS, CI_SHARDS, ciRun, faketimeOffset, instantOf, shardFiles } from "../../scripts/lib/calendar-instants";

/** Issue 37 items 3 and 4: the instants of `npm run test:calendar`, and the one CI takes on a given day. */
describe("calendar instants", () => {
  it.each<[string, string]>([
    ["2026-12-01T23:30", "2026-12-01T22:30:00.000Z"],
    ["2026-12-01T00:30", "2026-11-30T23:30:00.000Z"],
    ["2027-01-01T00:30", "2026-12-31T23:30:00.000Z"],
    // The spring gap: 02:30 does not exist in Paris, the clock reads 03:30 CEST then.
    ["2027-03-28T02:30", "2027-03-28T01:30:00.000Z"],
    // The autumn fold: 02:30 happens twice; the first (CEST) is taken, whatever the machine's date (luxon alone
    // chose by the offset in force today: CET in December, CEST in March).
    ["2027-10-31T02:30", "2027-10-31T00:30:00.000Z"],
    ["2028-02-29T12:00", "2028-02-29T11:00:00.000Z"],
  ])("%s in Paris is %s", (wall, iso) => {
    expect(instantOf(wall)?.toISOString()).toBe(iso);
  });

  it.each([["2026-12-02T12:00:00Z"], ["2027-03-28T01:30:00Z"], ["2027-07-14T12:00:00Z"]])("reads the autumn fold the same when the machine's clock is at %s", (machine) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(machine));
    try {
      expect(instantOf("2027-10-31T02:30")?.toISOString()).toBe("2027-10-31T00:30:00.000Z");
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses what is no date-time", () => {
    expect(instantOf("2027-02-30T10:00")).toBeNull();
    expect(instantOf("demain")).toBeNull();
  });

  it("lists the ten instants of the issue, each a valid instant", () => {
    expect(CALENDAR_INSTANTS).toHaveLength(10);
    for (const { at } of CALENDAR_INSTANTS) expect(instantOf(at), at).not.toBeNull();
  });

  it.each([["2026-11-01"], ["2026-12-20"], ["2027-02-15"]])("from %s, CI runs every pair of an instant and a part within thirty days, even across 1 January", (start) => {
    const pairs = new Set<string>();
    const instants = new Set<string>();
    const first = new Date(`${start}T11:00:00Z`).getTime();
    for (let day = 0; day < 30; day++) {
      const { instant, shard } = ciRun(new Date(first + day * 86_400_000));
      pairs.add(`${instant.at} ${shard}`);
      if (day < 10) instants.add(instant.at);
    }
    expect(pairs.size).toBe(CALENDAR_INSTANTS.length * CI_SHARDS);
    expect(instants.size).toBe(CALENDAR_INSTANTS.length);
  });

  it("CI's day is the Paris day: 23:30 UTC on 1 December is already the 2nd's pair", () => {
    expect(ciRun(new Date("2026-12-01T23:30:00Z"))).toEqual(ciRun(new Date("2026-12-02T12:00:00Z")));
    expect(ciRun(new Date("2026-12-01T22:30:00Z"))).not.toEqual(ciRun(new Date("2026-12-02T12:00:00Z")));
    expect(ciRun(new Date("2026-12-02T12:00:00Z"))).toEqual({ instant: CALENDAR_INSTANTS[9], shard: 3 });
  });

  it("a part holds every pure test file and its share of the others, and the parts cover each other file once", () => {
    const files = ["tests/api/b.test.ts", "app/domain/x.test.ts", "tests/integration/a.test.ts", "tests/unit/u.test.ts", "tests/api/a.test.ts", "tests/api/c.test.ts", "tests/integration/b.test.ts"];
    const parts = [1, 2, 3].map((k) => shardFiles(files, k, 3));
    for (const part of parts) expect(part.slice(0, 2)).toEqual(["app/domain/x.test.ts", "tests/unit/u.test.ts"]);
    const others = parts.flatMap((p) => p.slice(2)).sort();
    expect(others).toEqual(files.filter((f) => f.startsWith("tests/api") || f.startsWith("tests/integration")).sort());
    expect(parts.map((p) => p.length - 2)).toEqual([2, 2, 1]);
  });

  it.each<[string, string, string]>([
    ["2026-12-02T00:00:00Z", "2026-12-01T22:00:00Z", "-7200"],
    ["2026-12-02T00:00:00Z", "2026-12-03T00:00:00Z", "+86400"],
    ["2026-12-02T00:00:00Z", "2026-12-02T00:00:00Z", "+0"],
  ])("from %s, libfaketime's offset to %s is %s seconds", (now, target, offset) => {
    expect(faketimeOffset(new Date(target), new Date(now))).toBe(offset);
  });
});
