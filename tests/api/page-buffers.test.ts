import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { localDate } from "~/domain/shared/zoned-day";
import { useTestServer } from "~tests/support/http";
import { bufferPages, measureCompany, withinGrowth, type BufferMeasure } from "../../scripts/lib/page-buffers";

/**
 * Issue 44 item 4, decision 0141: scale held by counts, as the query-count test holds statements. The bench company
 * (db/seeds/large.ts, a year of history) at 200 and at 400 employees, `vacuum analyze`d; each page's PostgreSQL
 * buffers (every read statement it sent, run again under EXPLAIN (ANALYZE, BUFFERS), sequential scans off:
 * scripts/lib/page-buffers.ts). 200, not 20: below that, one person's days share heap pages with their colleagues'
 * and cost less than they will at any real size (decision 0141).
 * - A page of one person, or of one team, touches at most 1.2× (and a few pages) as the company doubles.
 * - A scope page (the direction's home, waiting list, the subsidiary's overtime and planning, the four reports)
 *   reads no more employee-days as the company doubles: its figures come from the stored weeks, the running week's
 *   too (decision 0147: the overtime report's totals read it stored, less today's and later days read by date; before,
 *   its people's running week from the days, 373 → 880 day pages here on a Tuesday, 116,690 at 50,000).
 */
const adminUrl = inject("adminDatabaseUrl");
const SIZES = [200, 400] as const;
const names = SIZES.map((n) => `cadran_pb_${process.pid}_${n}`);
const server = useTestServer();
// The seed's year of history ends on the day of the run (each test places its data relative to its instant).
const today = localDate(new Date(), "Europe/Paris");
const PAGES = bufferPages(new Date(Date.parse(`${today}T12:00:00Z`) - 150 * 86_400_000).toISOString().slice(0, 10), today);
/** Its size is its data's: the team's waiting requests (1 at 200, 4 at 400), about 55 buffers each (decision 0141). */
const FOLLOWS_ITS_ROWS = new Set(["waiting leaves (team leader)"]);
const measured = new Map<string, BufferMeasure[]>();

beforeAll(async () => {
  for (const [i, employees] of SIZES.entries()) {
    const at = await measureCompany({ adminUrl, database: names[i]!, employees, today, baseUrl: server.baseUrl, pages: PAGES });
    for (const page of PAGES) measured.set(page.name, [...(measured.get(page.name) ?? []), at.get(page.name)!]);
  }
  console.info(
    `[page-buffers] ${SIZES.join(" → ")} employees\n` +
      PAGES.map((p) => `${p.kind.padEnd(6)} ${p.name.padEnd(30)} ${pair(p.name).map((m) => `${m.buffers} (${m.dayBuffers} in day scans)`).join(" → ")}`).join("\n"),
  );
}, 300_000);

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const n of names) await admin.query(`drop database if exists "${n}" with (force)`);
  await admin.end();
});

const pair = (name: string) => measured.get(name) as [BufferMeasure, BufferMeasure];
const why = (m: BufferMeasure) => m.detail.map((d) => `${d.buffers} ${d.sql}`).join("\n");

describe("buffers per page as the company doubles (200 → 400 employees)", () => {
  it.each(PAGES.map((p) => [p.name, p] as const))("%s answers 200 at both sizes", (_name, page) => {
    const [small, large] = pair(page.name);
    expect([small.status, large.status]).toEqual([200, 200]);
    expect(small.statements).toBeGreaterThan(0);
    expect(small.buffers).toBeGreaterThan(0);
  });

  it.each(PAGES.filter((p) => p.kind !== "scope" && !FOLLOWS_ITS_ROWS.has(p.name)).map((p) => [p.name, p] as const))(
    "%s (one person or one team): at most 1.2× the buffers",
    (_name, page) => {
      const [small, large] = pair(page.name);
      expect(withinGrowth(small.buffers, large.buffers), `${small.buffers} → ${large.buffers}\n${why(large)}`).toBe(true);
    },
  );

  it.each(PAGES.filter((p) => p.kind === "scope").map((p) => [p.name, p] as const))(
    "%s (a scope): no more employee-days read",
    (_name, page) => {
      const [small, large] = pair(page.name);
      expect(withinGrowth(small.dayBuffers, large.dayBuffers), `${small.dayBuffers} → ${large.dayBuffers}\n${why(large)}`).toBe(true);
    },
  );
});
