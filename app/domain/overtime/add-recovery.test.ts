import { describe, expect, it } from "vitest";
import { parseAddRecovery } from "./add-recovery";

const NOW = { year: 2026, week: 48 };

describe("parseAddRecovery", () => {
  it.each([
    ["strings as the client sends them", { week: "12", year: "2026", force: "true" }, { week: 12, year: 2026, force: true }],
    ["numbers, force absent", { week: 12, year: 2026 }, { week: 12, year: 2026, force: false }],
    ["force false as a string", { week: 1, year: 2025, force: "false" }, { week: 1, year: 2025, force: false }],
    ["week 53 of a 53-week year (2020)", { week: 53, year: 2020 }, { week: 53, year: 2020, force: false }],
    ["the week before the current one", { week: 47, year: 2026, force: true }, { week: 47, year: 2026, force: true }],
  ])("accepts %s", (_name, body, expected) => {
    expect(parseAddRecovery(body, NOW)).toEqual({ ok: true, ...expected });
  });

  it.each([
    ["week 54", { week: 54, year: 2026 }, [["week", "week"]]],
    ["week 0", { week: "0", year: 2026 }, [["week", "week"]]],
    ["week 53 of a 52-week year (2025)", { week: 53, year: 2025 }, [["week", "week"]]],
    ["year 1900", { week: 12, year: 1900 }, [["year", "year"]]],
    ["a year not begun", { week: 1, year: 2027 }, [["year", "year"]]],
    ["non-numbers", { week: "douze", year: "abc" }, [["year", "year"], ["week", "week"]]],
    ["a decimal week", { week: 12.5, year: 2026 }, [["week", "week"]]],
    ["missing fields", {}, [["year", "year"], ["week", "week"]]],
    ["force neither true nor false", { week: 12, year: 2026, force: "yes" }, [["force", "force"]]],
    ["the current week (not over)", { week: 48, year: 2026 }, [["week", "not_over"]]],
  ])("refuses %s", (_name, body, errors) => {
    const result = parseAddRecovery(body as Record<string, unknown>, NOW);
    expect(result).toEqual({ ok: false, errors: errors.map(([field, code]) => ({ field, code })) });
  });
});
