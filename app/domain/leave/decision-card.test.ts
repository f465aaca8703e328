import { describe, expect, it } from "vitest";
import { balanceAfterLeave, leaveScheduleLink, type BalanceAfter } from "./decision-card";

const counters = {
  vacation: { earnedLastYear: 25, takenLastYear: 20, earnedThisYear: 10, takenThisYear: 2 },
  recovery: { earned: 36_000, taken: 7_200 },
};

describe("balanceAfterLeave", () => {
  it.each<[string, string, number, number | null, BalanceAfter]>([
    ["paid leave: 13 days left minus 3", "PAID_LEAVE", 3, null, { kind: "days", value: 10 }],
    ["paid leave with a half day", "PAID_LEAVE", 2.5, null, { kind: "days", value: 10.5 }],
    ["paid leave beyond the balance goes negative", "PAID_LEAVE", 15, null, { kind: "days", value: -2 }],
    ["recovery leave: 8 h left minus 3 h", "RECOVERY_LEAVE", 0, 3, { kind: "seconds", value: 5 * 3600 }],
    ["sick leave moves no counter", "SICK_LEAVE", 5, null, { kind: "none" }],
    ["RTT moves no counter", "RTT_LEAVE", 1, null, { kind: "none" }],
  ])("%s", (_name, reason, days, hours, expected) => {
    expect(balanceAfterLeave({ reason, days, hours }, counters)).toEqual(expected);
  });
});

describe("leaveScheduleLink", () => {
  const leave = { subsidiaryId: 1, divisionId: 2, teamId: 3, start: "2026-12-21", end: "2026-12-24" };
  const viewer = (profileType: string, deputyFor: string[] = [], teamId: number | null = 3, divisionId: number | null = 2) => ({
    profileType,
    teamId,
    divisionId,
    deputyFor,
  });
  it.each<[string, ReturnType<typeof viewer>, typeof leave | (Omit<typeof leave, "teamId"> & { teamId: null }), string | null]>([
    ["a team leader: the team planning, a week around", viewer("ROLE_TEAM_LEADER"), leave, "/planning/team?from=2026-12-14&to=2026-12-31"],
    ["a department head: the division planning on the team", viewer("ROLE_DEPARTMENT_HEAD", [], null), leave, "/planning/division?team=3&from=2026-12-14&to=2026-12-31"],
    [
      "a department head, employee without team",
      viewer("ROLE_DEPARTMENT_HEAD", [], null),
      { ...leave, teamId: null },
      "/planning/division?from=2026-12-14&to=2026-12-31",
    ],
    [
      "management: the agency planning on the request's subsidiary, division and team",
      viewer("ROLE_HEAD_MANAGEMENT", [], null, null),
      leave,
      "/planning/agency?subsidiary=1&division=2&team=3&from=2026-12-14&to=2026-12-31",
    ],
    [
      "financial management, employee without team",
      viewer("ROLE_FINANCIAL_MANAGEMENT", [], null, null),
      { ...leave, teamId: null },
      "/planning/agency?subsidiary=1&division=2&from=2026-12-14&to=2026-12-31",
    ],
    // Issue 41: a link the page guard would refuse logs the person out; none is offered.
    ["a plain employee standing in for a team leader: no planning of others, no link", viewer("ROLE_EMPLOYEE", ["ROLE_TEAM_LEADER"]), leave, null],
    ["a user profile standing in for management: no link", viewer("ROLE_USER", ["ROLE_HEAD_MANAGEMENT"]), leave, null],
    [
      "a host standing in for a team leader: the agency planning opens to hosts",
      viewer("ROLE_HOST_EMPLOYEE", ["ROLE_TEAM_LEADER"], null, null),
      leave,
      "/planning/agency?subsidiary=1&division=2&team=3&from=2026-12-14&to=2026-12-31",
    ],
    ["a team leader standing in for a department head, a request of another team: no link", viewer("ROLE_TEAM_LEADER", ["ROLE_DEPARTMENT_HEAD"], 9), leave, null],
    ["a commercial standing in, a request of another division: no link", viewer("ROLE_COMMERCIAL", ["ROLE_TEAM_LEADER"], null, 7), leave, null],
    [
      "a commercial standing in, a request of their division",
      viewer("ROLE_COMMERCIAL", ["ROLE_TEAM_LEADER"], null, 2),
      leave,
      "/planning/division?team=3&from=2026-12-14&to=2026-12-31",
    ],
  ])("%s", (_name, v, l, expected) => {
    expect(leaveScheduleLink(v, l)).toBe(expected);
  });
});
