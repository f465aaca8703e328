import { describe, expect, it } from "vitest";
import {
  anonymisableFrom,
  anonymisationProblem,
  anonymousEmail,
  anonymousName,
  csvDecimal,
  csvFile,
  csvHours,
  identityFieldsToChange,
} from "./personal-data";

describe("anonymisableFrom", () => {
  it.each([
    ["five years after a mid-month departure", "2020-03-15", 60, "2025-03-15"],
    ["a month-end departure stays at the month end (leap year)", "2019-01-31", 61, "2024-02-29"],
    ["a month-end departure in a common year", "2020-01-31", 1, "2020-02-29"],
    ["across the year end", "2021-11-30", 3, "2022-02-28"],
    ["no retention: the day of the departure", "2024-06-10", 0, "2024-06-10"],
  ])("%s", (_name, firedAt, months, expected) => {
    expect(anonymisableFrom(firedAt, months)).toBe(expected);
  });
});

describe("anonymisationProblem", () => {
  it.each([
    ["an employee without departure date is not archived", { firedAt: null, anonymisedAt: null }, "2026-12-09", "not_archived"],
    ["a departure still to come", { firedAt: "2026-12-31", anonymisedAt: null }, "2026-12-09", "still_employed"],
    ["a departure today is not past yet", { firedAt: "2026-12-09", anonymisedAt: null }, "2026-12-09", "still_employed"],
    ["left four years ago: retention not over", { firedAt: "2022-12-10", anonymisedAt: null }, "2026-12-09", "too_early"],
    ["left exactly five years ago: allowed", { firedAt: "2021-12-09", anonymisedAt: null }, "2026-12-09", null],
    ["left six years ago: allowed", { firedAt: "2020-01-01", anonymisedAt: null }, "2026-12-09", null],
    ["already anonymised", { firedAt: "2020-01-01", anonymisedAt: "2026-01-01T10:00:00Z" }, "2026-12-09", "already_anonymised"],
  ] as const)("%s", (_name, employee, today, expected) => {
    expect(anonymisationProblem(employee, today, 60)).toBe(expected);
  });
});

describe("identityFieldsToChange", () => {
  it.each([
    [
      "a full sheet: every identity field",
      {
        firstname: "Léa",
        lastname: "Durand",
        matricule: 12,
        acronym: "LD",
        birthday: "1990-01-01",
        phone: "06",
        email: "l@x.fr",
        email_personal: "p@x.fr",
        comments: "RAS",
      },
      ["firstname", "lastname", "matricule", "acronym", "birthday", "phone", "email", "email_personal", "comments"],
    ],
    [
      "empty texts and nulls are already anonymous",
      { firstname: "Léa", lastname: "Durand", matricule: null, acronym: "", phone: "  ", email: "l@x.fr", comments: null },
      ["firstname", "lastname", "email"],
    ],
  ] as const)("%s", (_name, sheet, expected) => {
    expect(identityFieldsToChange(sheet)).toEqual(expected);
  });
});

describe("anonymous label", () => {
  it.each([
    [12, "Anonyme", "n°12", "anonyme-12@anonyme.invalid"],
    [3401, "Anonyme", "n°3401", "anonyme-3401@anonyme.invalid"],
  ])("employee %i", (id, first, last, email) => {
    expect(anonymousName(id)).toEqual({ firstname: first, lastname: last });
    expect(anonymousEmail(id)).toBe(email);
  });
});

describe("CSV of the archive", () => {
  it.each([
    ["a formula in a free text is neutralised (decision 0080)", ['=HYPERLINK("x")'], '\uFEFFa\r\n"\'=HYPERLINK(""x"")"\r\n'],
    ["a semicolon is quoted", ["a;b"], '\uFEFFa\r\n"a;b"\r\n'],
    ["a negative number stays a number", [csvHours(-3900)], "\uFEFFa\r\n-1,08\r\n"],
  ])("%s", (_name, row, expected) => {
    expect(csvFile(["a"], [row])).toBe(expected);
  });

  it.each([
    ["seven hours and a half", 27000, "7,5"],
    ["nothing", 0, "0"],
    ["no value", null, ""],
  ])("csvHours: %s", (_name, seconds, expected) => {
    expect(csvHours(seconds)).toBe(expected);
  });

  it.each([
    ["a decimal from PostgreSQL", "35.50", "35,5"],
    ["a whole numeric", "3.0", "3"],
    ["a number", 2.08, "2,08"],
    ["null", null, ""],
  ])("csvDecimal: %s", (_name, value, expected) => {
    expect(csvDecimal(value)).toBe(expected);
  });
});
