import { describe, expect, it } from "vitest";
import {
  averageCost,
  checkReportPeriod,
  contentDisposition,
  costCents,
  csvLine,
  csvNumber,
  exactHours,
  keepReportSeconds,
  monthRange,
  recoveryBalance,
  reportFileName,
  reportRateColumns,
  weekCost,
  weekRates,
  weekShare,
  wholeMinutesAsDays,
} from "./reports";
import { formatWorkingTime, hoursFromSeconds } from "~/domain/shared/number-format";

const H = 3600;

describe("checkReportPeriod", () => {
  it.each([
    ["2026-01-01", "2026-07-01", { ok: true, from: "2026-01-01", to: "2026-07-01" }],
    ["2026-01-01", "2026-07-02", { ok: false, error: "too_long" }],
    ["2026-08-31", "2027-02-28", { ok: true, from: "2026-08-31", to: "2027-02-28" }],
    ["2026-08-31", "2027-03-01", { ok: false, error: "too_long" }],
    ["2026-03-01", "2026-02-28", { ok: false, error: "inverted" }],
    ["2026-03-01", "2026-03-01", { ok: true, from: "2026-03-01", to: "2026-03-01" }],
    [null, "2026-03-01", { ok: false, error: "required" }],
    ["2026-02-30", "2026-03-01", { ok: false, error: "invalid" }],
  ] as const)("%s → %s", (from, to, expected) => {
    expect(checkReportPeriod(from, to)).toEqual(expected);
  });
});

describe("monthRange", () => {
  it.each([
    ["2026-02", { from: "2026-02-01", to: "2026-02-28" }],
    ["2028-02", { from: "2028-02-01", to: "2028-02-29" }],
    ["2026-12", { from: "2026-12-01", to: "2026-12-31" }],
    ["2026-13", null],
    ["26-01", null],
  ])("%s", (month, expected) => expect(monthRange(month)).toEqual(expected));
});

describe("keepReportSeconds (±60 s)", () => {
  it.each([
    [61, 61],
    [60, 0],
    [0, 0],
    [-60, 0],
    [-61, -61],
    [36_000, 36_000],
  ])("%i → %i", (input, out) => expect(keepReportSeconds(input)).toBe(out));
});

describe("recoveryBalance", () => {
  it.each([
    [10 * H, 4 * H, 6 * H],
    [4 * H, 4 * H, 0],
    [2 * H, 4 * H, 0],
    [null, 4 * H, null],
    [4 * H, undefined, null],
  ])("earned %s taken %s → %s", (earned, taken, out) => expect(recoveryBalance(earned, taken)).toBe(out));
});

describe("reportRateColumns", () => {
  it.each([
    [[], [25, 33, 50, 100]],
    [[25, 50], [25, 33, 50, 100]],
    [[37.5, 10, 0], [10, 25, 33, 37.5, 50, 100]],
  ])("%j", (used, out) => expect(reportRateColumns(used)).toEqual(out));
});

describe("costs (cents)", () => {
  it.each([
    [8 * H, 2000, 25, 20_000],
    [2 * H, 2000, 50, 6_000],
    [35 * H, 2000, 0, 70_000],
    [1800, 1999, 25, 1_249],
  ])("%i s at %i c +%i %% → %i c", (s, c, r, out) => expect(costCents(s, c, r)).toBe(out));

  it("a 45 h week on a 35 h contract at 20 € (8 h at 25 %, 2 h at 50 %)", () => {
    const week = weekCost(35 * H, [{ rate: 25, paidSeconds: 8 * H }, { rate: 50, paidSeconds: 2 * H }], 2000);
    expect(week).toEqual({
      normalCents: 70_000,
      bands: [
        { rate: 25, paidSeconds: 8 * H, cents: 20_000 },
        { rate: 50, paidSeconds: 2 * H, cents: 6_000 },
      ],
      totalCents: 96_000,
      paidSeconds: 45 * H,
      increasedHourlyCents: 2133,
    });
    expect(averageCost([week, weekCost(35 * H, [], 2000)], 2000)).toEqual({ averageCents: 2075, differenceCents: 75 });
    expect(averageCost([], 2000)).toEqual({ averageCents: null, differenceCents: null });
  });
});

describe("weekRates", () => {
  it("joins the totals per rate and the paid part of the lines", () => {
    const bands = {
      rates: [
        { rate: 25, seconds: 8 * H, increasedSeconds: 10 * H },
        { rate: 50, seconds: 2 * H, increasedSeconds: 3 * H },
      ],
      lines: [
        { kind: "overtime", rate: 25, seconds: 8 * H, paidSeconds: 4 * H },
        { kind: "overtime", rate: 50, seconds: 2 * H, paidSeconds: 2 * H },
      ],
    };
    expect(weekRates(bands)).toEqual([
      { rate: 25, seconds: 8 * H, increasedSeconds: 10 * H, paidSeconds: 4 * H },
      { rate: 50, seconds: 2 * H, increasedSeconds: 3 * H, paidSeconds: 2 * H },
    ]);
    expect(weekRates(null)).toEqual([]);
  });
});

describe("files", () => {
  it("names the file and writes Content-Disposition with an ASCII fallback", () => {
    expect(reportFileName("recup", "3 Print", "2026-01-01", "2026-03-31")).toBe("cadran-recuperation-3-print-20260101-20260331.xlsx");
    expect(reportFileName("leave", null, "2026-01-01", "2026-03-31")).toBe("cadran-conges-tout-20260101-20260331.xlsx");
    expect(reportFileName("cost", "Île Été", "2026-01-01", "2026-03-31")).toBe("cadran-couts-horaires-ile-ete-20260101-20260331.xlsx");
    expect(reportFileName("overtime", "3 Print", "2026-01-01", "2026-03-31")).toBe("cadran-solde-heures-3-print-20260101-20260331.xlsx");
    expect(contentDisposition("cadran-é.xlsx")).toBe(`attachment; filename="cadran-_.xlsx"; filename*=UTF-8''cadran-%C3%A9.xlsx`);
  });
});

describe("CSV", () => {
  it.each([
    [12.5, "12,5"],
    [12, "12"],
    [-0.001, "0"],
    [1234.567, "1234,57"],
    [null, ""],
  ])("%s → %s", (n, out) => expect(csvNumber(n)).toBe(out));

  it("quotes a field holding a separator or a quote; CRLF lines", () => {
    expect(csvLine(["Dupont; Jean", 'Le "chef"', 3])).toBe(`"Dupont; Jean";"Le ""chef""";3\r\n`);
  });
});

describe("weekShare", () => {
  it.each([
    ["inside", [], "2026-03-02", "2026-03-01", "2026-03-31", 1],
    ["by worked seconds", [{ date: "2026-03-31", workedSeconds: H }, { date: "2026-04-01", workedSeconds: 3 * H }], "2026-03-30", "2026-04-01", "2026-04-30", 0.75],
    ["by days without work", [], "2026-03-30", "2026-04-01", "2026-04-30", 5 / 7],
  ] as const)("%s", (_n, days, monday, from, to, out) => expect(weekShare(days, monday, from, to)).toBeCloseTo(out, 10));
});

describe("file cells equal the page (issue 43 item 4)", () => {
  // Lisboa's weeks of the outside check: rounded cells summed to 73,18 while the page read +73h08.
  const weeks = [29_580, 31_380, 33_420, 30_780, 35_040, 33_480, 32_640, 36_960];
  it("a sum of exact hour cells is the page's total; a sum of rounded cells drifts", () => {
    const seconds = weeks.reduce((a, b) => a + b, 0);
    const exact = weeks.reduce((a, s) => a + exactHours(s), 0);
    expect(Math.abs(exact - seconds / H)).toBeLessThan(1e-9);
    expect(exact.toFixed(2)).toBe((seconds / H).toFixed(2));
    const rounded = weeks.reduce((a, s) => a + hoursFromSeconds(s), 0);
    expect(Math.abs(rounded - seconds / H)).toBeGreaterThan(0.005);
  });

  it.each<[number, string]>([
    [4_799, "1 h 19"],
    [4_800, "1 h 20"],
    [4_859, "1 h 20"],
    [59, "0 h 00"],
    [263_280, "73 h 08"],
    [90_000, "25 h 00"],
  ])("an [h]:mm cell of %i s reads as the page's %s", (seconds, page) => {
    const days = wholeMinutesAsDays(seconds);
    // What [h]:mm shows: whole minutes of the fraction of a day (Excel and LibreOffice truncate the seconds).
    const minutes = Math.floor(Math.round(days * 1440 * 1e6) / 1e6);
    expect(`${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")}`).toBe(page);
    expect(formatWorkingTime(seconds)).toBe(page);
  });
});
