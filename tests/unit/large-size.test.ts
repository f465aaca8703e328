import { describe, expect, it } from "vitest";
import { largeDatabaseName, largeEmployees } from "~db/seeds/large-size";

/** Decision 0104: the bench company's size and its database, from `--employees`, LARGE_EMPLOYEES or the default. */
describe("largeEmployees", () => {
  it.each([
    { argv: [], env: {}, expected: 5000 },
    { argv: ["--large"], env: { LARGE_EMPLOYEES: "50000" }, expected: 50_000 },
    { argv: ["--large", "--employees", "50000"], env: {}, expected: 50_000 },
    { argv: ["--employees", "500"], env: { LARGE_EMPLOYEES: "50000" }, expected: 500 },
    { argv: ["--employees", "50_000"], env: {}, expected: 50_000 },
    { argv: [], env: { LARGE_EMPLOYEES: "20" }, expected: 20 },
  ])("$argv with $env → $expected", ({ argv, env, expected }) => {
    expect(largeEmployees(argv, env)).toBe(expected);
  });

  it.each(["19", "50001", "5000.5", "abc", ""])("refuses %j in French", (raw) => {
    expect(() => largeEmployees(["--employees", raw], {})).toThrow(/^Nombre de salariés invalide : « .* » \(un entier de 20 à 50000\)\.$/);
  });
});

describe("largeDatabaseName", () => {
  it.each([
    [5000, "cadran_large"],
    [50_000, "cadran_large_50k"],
    [10_000, "cadran_large_10k"],
    [500, "cadran_large_500"],
    [1234, "cadran_large_1234"],
  ])("%i employees → %s", (n, name) => {
    expect(largeDatabaseName(n)).toBe(name);
  });
});
