import { canOpenPage } from "./access";
import { countersFor } from "~/domain/shell/menu";
import { describe, expect, it } from "vitest";
import { coversDay, decidedByLabel, decidesCorrections, deputyProblem, mayDecideCorrectionOf, mayNameDeputy, periodsOverlap, waitingKey } from "./deputy";

const base = {
  managerProfileType: "ROLE_TEAM_LEADER",
  managerId: 1,
  deputyId: 2,
  deputyFiredAt: null as string | null,
  period: { startsOn: "2026-12-14", endsOn: "2026-12-31" },
  others: [] as { startsOn: string; endsOn: string }[],
  today: "2026-12-09",
};

describe("deputyProblem", () => {
  it.each([
    ["a team leader names a colleague for two weeks", {}, null],
    ["a start on 30 February", { period: { startsOn: "2026-02-30", endsOn: "2026-12-31" } }, "start_invalid"],
    ["an end on 31 November", { period: { startsOn: "2026-12-14", endsOn: "2026-11-31" } }, "end_invalid"],
    ["an end on 29 February of a common year", { period: { startsOn: "2026-12-14", endsOn: "2027-02-29" } }, "end_invalid"],
    ["a day without its dashes", { period: { startsOn: "20261214", endsOn: "2026-12-31" } }, "start_invalid"],
    ["a department head may", { managerProfileType: "ROLE_DEPARTMENT_HEAD" }, null],
    ["financial management may", { managerProfileType: "ROLE_FINANCIAL_MANAGEMENT" }, null],
    ["an employee has nothing to delegate", { managerProfileType: "ROLE_EMPLOYEE" }, "not_a_manager"],
    ["not oneself", { deputyId: 1 }, "self"],
    ["not someone who leaves before the end", { deputyFiredAt: "2026-12-20" }, "deputy_archived"],
    ["someone who leaves after the period may", { deputyFiredAt: "2027-03-31" }, null],
    ["the end before the start", { period: { startsOn: "2026-12-31", endsOn: "2026-12-14" } }, "ends_before_start"],
    ["a period already over", { period: { startsOn: "2026-11-01", endsOn: "2026-12-08" } }, "in_the_past"],
    ["a period running today may start in the past", { period: { startsOn: "2026-12-01", endsOn: "2026-12-09" } }, null],
    ["a full year (366 days) is the most", { period: { startsOn: "2027-01-01", endsOn: "2028-01-01" } }, null],
    ["367 days is too long", { period: { startsOn: "2027-01-01", endsOn: "2028-01-02" } }, "too_long"],
    ["overlapping another deputy's period", { others: [{ startsOn: "2026-12-31", endsOn: "2027-01-05" }] }, "overlap"],
    ["right after another deputy's period", { others: [{ startsOn: "2026-12-01", endsOn: "2026-12-13" }] }, null],
  ])("%s", (_name, over, expected) => {
    expect(deputyProblem({ ...base, ...over })).toBe(expected);
  });
});

describe("periods", () => {
  it.each([
    ["same days", { startsOn: "2026-12-01", endsOn: "2026-12-05" }, { startsOn: "2026-12-01", endsOn: "2026-12-05" }, true],
    ["touching on one day", { startsOn: "2026-12-01", endsOn: "2026-12-05" }, { startsOn: "2026-12-05", endsOn: "2026-12-09" }, true],
    ["one after the other", { startsOn: "2026-12-01", endsOn: "2026-12-05" }, { startsOn: "2026-12-06", endsOn: "2026-12-09" }, false],
  ])("overlap: %s", (_name, a, b, expected) => {
    expect(periodsOverlap(a, b)).toBe(expected);
  });

  it.each([
    ["the first day", "2026-12-14", true],
    ["the last day", "2026-12-31", true],
    ["the day before", "2026-12-13", false],
    ["the day after", "2027-01-01", false],
  ])("covers %s", (_name, day, expected) => {
    expect(coversDay({ startsOn: "2026-12-14", endsOn: "2026-12-31" }, day)).toBe(expected);
  });
});

describe("waitingKey (decision 0064's keys)", () => {
  it.each([
    ["head management", { profileType: "ROLE_HEAD_MANAGEMENT", divisionId: 3, teamId: 4 }, "M"],
    ["financial management", { profileType: "ROLE_FINANCIAL_MANAGEMENT", divisionId: null, teamId: null }, "M"],
    ["a department head", { profileType: "ROLE_DEPARTMENT_HEAD", divisionId: 3, teamId: 4 }, "D:3"],
    ["a team leader", { profileType: "ROLE_TEAM_LEADER", divisionId: 3, teamId: 4 }, "T:4"],
    ["a team leader without team", { profileType: "ROLE_TEAM_LEADER", divisionId: 3, teamId: null }, null],
    ["an employee", { profileType: "ROLE_EMPLOYEE", divisionId: 3, teamId: 4 }, null],
  ])("%s", (_name, manager, expected) => {
    expect(waitingKey(manager)).toBe(expected);
  });
});

describe("mayNameDeputy / decidedByLabel", () => {
  it.each([
    ["ROLE_TEAM_LEADER", true],
    ["ROLE_HEAD_MANAGEMENT", true],
    ["ROLE_COMMERCIAL", false],
    ["ROLE_USER", false],
  ])("%s", (profileType, expected) => {
    expect(mayNameDeputy(profileType)).toBe(expected);
  });

  it.each([
    ["a manager's own decision", "Sophie LAURENT", null, { by: "Sophie LAURENT", forWhom: null }],
    ["a deputy's decision", "Paul DURAND", "Sophie LAURENT", { by: "Paul DURAND", forWhom: "Sophie LAURENT" }],
    ["the manager on their own leave's step", "Sophie LAURENT", "Sophie LAURENT", { by: "Sophie LAURENT", forWhom: null }],
  ])("%s", (_name, by, forWhom, expected) => {
    expect(decidedByLabel(by, forWhom)).toEqual(expected);
  });
});

describe("deputies at work (decision 0105)", () => {
  const HM = "ROLE_HEAD_MANAGEMENT";
  const TL = "ROLE_TEAM_LEADER";
  const EMP = "ROLE_EMPLOYEE";
  it.each([
    ["management", HM, [], true],
    ["a deputy of management", EMP, [HM], true],
    ["a deputy of a team leader only", EMP, [TL], false],
    ["a team leader", TL, [], false],
  ] as const)("decidesCorrections: %s", (_name, profileType, deputyFor, expected) => {
    expect(decidesCorrections({ profileType, deputyFor })).toBe(expected);
  });

  it.each([
    ["management, own correction", HM, [], 1, true],
    ["a deputy of management, someone else's", EMP, [HM], 2, true],
    ["a deputy of management, their own", EMP, [HM], 1, false],
    ["a deputy of a team leader", EMP, [TL], 2, false],
  ] as const)("mayDecideCorrectionOf: %s", (_name, profileType, deputyFor, owner, expected) => {
    expect(mayDecideCorrectionOf({ employeeId: 1, profileType, deputyFor }, owner)).toBe(expected);
  });

  it.each([
    ["a deputy of a team leader opens the waiting leaves", "/leave/waiting", EMP, [TL], true],
    ["a plain employee does not", "/leave/waiting", EMP, [], false],
    ["a deputy of a team leader does not open the corrections", "/time-clock/edit-badging", EMP, [TL], false],
    ["a deputy of management opens the corrections", "/time-clock/edit-badging", "ROLE_COMMERCIAL", [HM], true],
    ["deputyship opens nothing without a deputyOf column", "/settings", EMP, [HM], false],
  ] as const)("canOpenPage: %s", (_name, path, profileType, deputyFor, expected) => {
    expect(canOpenPage(path, profileType, deputyFor)).toBe(expected);
  });

  it.each([
    [EMP, [], []],
    [EMP, [TL], ["waitingLeaves"]],
    [EMP, [HM], ["waitingLeaves", "suggestedClocks"]],
    [TL, [TL], ["waitingLeaves"]],
  ] as const)("countersFor(%s, %j)", (profileType, deputyFor, expected) => {
    expect(countersFor(profileType, deputyFor)).toEqual(expected);
  });
});
