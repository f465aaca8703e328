import { describe, expect, it } from "vitest";
import { LEAVE_REASONS } from "./days";
import { discloseLeave, isPrivateReason, seesLeaveDetails, type LeaveOwner, type LeaveViewer } from "./privacy";

const owner: LeaveOwner = { employeeId: 10, divisionId: 2, teamId: 3 };
const viewer = (profileType: string, over: Partial<LeaveViewer> = {}): LeaveViewer => ({
  employeeId: 99,
  profileType,
  divisionId: 2,
  teamId: 3,
  ...over,
});

describe("seesLeaveDetails", () => {
  it.each<[string, LeaveViewer, boolean]>([
    ["the owner, whatever the role", viewer("ROLE_USER", { employeeId: 10 }), true],
    ["head management, anywhere", viewer("ROLE_HEAD_MANAGEMENT", { divisionId: 7, teamId: 8 }), true],
    ["financial management, anywhere", viewer("ROLE_FINANCIAL_MANAGEMENT", { divisionId: null, teamId: null }), true],
    ["the department head of the division", viewer("ROLE_DEPARTMENT_HEAD", { teamId: 8 }), true],
    ["a department head of another division", viewer("ROLE_DEPARTMENT_HEAD", { divisionId: 7 }), false],
    ["a department head without division", viewer("ROLE_DEPARTMENT_HEAD", { divisionId: null }), false],
    ["the team leader of the team", viewer("ROLE_TEAM_LEADER"), true],
    ["a team leader of another team", viewer("ROLE_TEAM_LEADER", { teamId: 8 }), false],
    ["a team leader without team", viewer("ROLE_TEAM_LEADER", { teamId: null }), false],
    ["the commercial of the division", viewer("ROLE_COMMERCIAL"), false],
    ["the host employee of the agency", viewer("ROLE_HOST_EMPLOYEE"), false],
    ["a colleague of the same team (employee)", viewer("ROLE_EMPLOYEE"), false],
    ["a colleague of the same team (user)", viewer("ROLE_USER"), false],
    ["an unknown role", viewer("ROLE_WHATEVER"), false],
  ])("%s: %s", (_name, v, expected) => {
    expect(seesLeaveDetails(v, owner)).toBe(expected);
  });
});

describe("isPrivateReason", () => {
  it.each([
    ["PAID_LEAVE", false],
    ["SICK_LEAVE", true],
    ["OTHER_LEAVE", false],
    ["NO_PAID_LEAVE", false],
    ["RTT_LEAVE", false],
    ["RECOVERY_LEAVE", false],
    ["MATERNITY_LEAVE", true],
    ["PATERNITY_LEAVE", true],
    ["WEDDING_LEAVE", true],
    ["DEATH_LEAVE", true],
    ["PARENT_EDUCATION_LEAVE", true],
    ["PORTUGAL_LEAVE", true],
    ["SOMETHING_NEW", true],
    ["", true],
  ])("%s -> %s", (reason, expected) => {
    expect(isPrivateReason(reason)).toBe(expected);
  });

  it("covers every reason of the spec", () => {
    expect(LEAVE_REASONS.filter(isPrivateReason)).toHaveLength(7);
  });
});

describe("discloseLeave", () => {
  const balances = { holidayEarnedThisYear: 12.5, recoveryEarned: 3600 };
  const leave = (reason: string) => ({ reason, comment: "note perso", nbHourAbsence: 4, balances });

  it.each<[string, LeaveViewer, string, object]>([
    ["management sees a sick leave whole", viewer("ROLE_HEAD_MANAGEMENT"), "SICK_LEAVE", { reason: "SICK_LEAVE", comment: "note perso", nbHourAbsence: 4, balances }],
    ["the team leader sees a wedding whole", viewer("ROLE_TEAM_LEADER"), "WEDDING_LEAVE", { reason: "WEDDING_LEAVE", comment: "note perso", nbHourAbsence: 4, balances }],
    ["the owner sees their own sick leave", viewer("ROLE_USER", { employeeId: 10 }), "SICK_LEAVE", { reason: "SICK_LEAVE", comment: "note perso", nbHourAbsence: 4, balances }],
    ["the host sees a sick leave as Absent", viewer("ROLE_HOST_EMPLOYEE"), "SICK_LEAVE", { reason: null, comment: null, nbHourAbsence: null, balances: null }],
    ["the commercial sees a death as Absent", viewer("ROLE_COMMERCIAL"), "DEATH_LEAVE", { reason: null, comment: null, nbHourAbsence: null, balances: null }],
    ["a colleague sees a maternity leave as Absent", viewer("ROLE_EMPLOYEE"), "MATERNITY_LEAVE", { reason: null, comment: null, nbHourAbsence: null, balances: null }],
    ["the host sees paid leave's reason, not its comment nor balances", viewer("ROLE_HOST_EMPLOYEE"), "PAID_LEAVE", { reason: "PAID_LEAVE", comment: null, nbHourAbsence: 4, balances: null }],
    ["the commercial sees recovery's reason, not its comment nor balances", viewer("ROLE_COMMERCIAL"), "RECOVERY_LEAVE", { reason: "RECOVERY_LEAVE", comment: null, nbHourAbsence: 4, balances: null }],
    ["a department head of another division sees Absent", viewer("ROLE_DEPARTMENT_HEAD", { divisionId: 7 }), "PORTUGAL_LEAVE", { reason: null, comment: null, nbHourAbsence: null, balances: null }],
  ])("%s", (_name, v, reason, expected) => {
    expect(discloseLeave(v, owner, leave(reason))).toEqual(expected);
  });
});
