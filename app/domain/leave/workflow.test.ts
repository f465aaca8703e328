import { describe, expect, it } from "vitest";
import {
  LEAVE_STATES,
  canDecide,
  canDelete,
  canEdit,
  canRemoveAfterValidation,
  decide,
  decidingAs,
  effectiveStepActor,
  displayedLeaveState,
  isAwaitingActor,
  isLeaveState,
  isLeaveWorkflow,
  isPendingDisplay,
  nextState,
  stepActor,
  type LeaveDecider,
  type LeaveState,
  type LeaveUnderDecision,
  type LeaveWorkflow,
  type StepActor,
} from "./workflow";

describe("state display", () => {
  it.each([
    ["pending", true],
    ["prevalidate", true],
    ["validate", true],
    ["accepted", false],
    ["refused", false],
    ["rejected", false],
    ["PENDING", false],
    ["", false],
  ])("isPendingDisplay(%j) is %s", (state, expected) => {
    expect(isPendingDisplay(state)).toBe(expected);
  });

  it.each([
    ["pending", { status: "pending" }],
    ["prevalidate", { status: "pending" }],
    ["validate", { status: "pending" }],
    ["accepted", { status: "accepted" }],
    ["refused", { status: "refused" }],
    ["rejected", { status: "refused" }], // the detail badge's word for refused
    ["cancelled", { status: "raw", value: "cancelled" }],
    ["Accepted", { status: "raw", value: "Accepted" }],
  ])("%s is shown as %j", (state, expected) => {
    expect(displayedLeaveState(state)).toEqual(expected);
  });

  it("knows the five states and three workflows", () => {
    expect(LEAVE_STATES.every(isLeaveState)).toBe(true);
    expect(isLeaveState("rejected")).toBe(false);
    expect(["fast", "partial", "full"].every(isLeaveWorkflow)).toBe(true);
    expect(isLeaveWorkflow("quick")).toBe(false);
  });
});

describe("nextState and stepActor", () => {
  it.each<[LeaveWorkflow, LeaveState, LeaveState | null, StepActor | null]>([
    ["fast", "pending", "accepted", "management"],
    ["partial", "pending", "validate", "department_head"],
    ["partial", "validate", "accepted", "management"],
    ["full", "pending", "prevalidate", "team_leader"],
    ["full", "prevalidate", "validate", "department_head"],
    ["full", "validate", "accepted", "management"],
    // Final states go nowhere.
    ["fast", "accepted", null, null],
    ["full", "refused", null, null],
    // The employee's workflow changed while the request was in flight: move forward, never back.
    ["fast", "prevalidate", "accepted", "management"],
    ["fast", "validate", "accepted", "management"],
    ["partial", "prevalidate", "validate", "department_head"],
  ])("%s / %s -> %s by %s", (workflow, state, next, actor) => {
    expect(nextState(workflow, state)).toBe(next);
    expect(stepActor(workflow, state)).toBe(actor);
  });
});

describe("decide", () => {
  it.each<[LeaveWorkflow, LeaveState, "validate" | "refuse", StepActor | undefined, LeaveState]>([
    ["fast", "pending", "validate", "management", "accepted"],
    ["partial", "pending", "validate", "department_head", "validate"],
    ["partial", "validate", "validate", "management", "accepted"],
    ["full", "pending", "validate", "team_leader", "prevalidate"],
    ["full", "prevalidate", "validate", "department_head", "validate"],
    ["full", "validate", "validate", "management", "accepted"],
    ["full", "pending", "validate", undefined, "prevalidate"],
    // Management's validation is final at any step.
    ["full", "pending", "validate", "management", "accepted"],
    ["full", "prevalidate", "validate", "management", "accepted"],
    ["partial", "pending", "validate", "management", "accepted"],
    // A refusal at any step ends the request.
    ["fast", "pending", "refuse", "management", "refused"],
    ["full", "pending", "refuse", "team_leader", "refused"],
    ["full", "prevalidate", "refuse", "department_head", "refused"],
    ["partial", "validate", "refuse", "management", "refused"],
  ])("%s / %s: %s by %s -> %s", (workflow, state, decision, by, expected) => {
    expect(decide(workflow, state, decision, by)).toEqual({ ok: true, state: expected });
  });

  it.each<[LeaveState, "validate" | "refuse"]>([
    ["accepted", "validate"],
    ["accepted", "refuse"],
    ["refused", "validate"],
    ["refused", "refuse"],
  ])("refuses to decide again on an %s leave (%s)", (state, decision) => {
    expect(decide("full", state, decision, "management")).toEqual({ ok: false, error: "not_awaiting_decision" });
  });

  it("walks the full workflow to accepted in three steps", () => {
    let state: LeaveState = "pending";
    const steps: LeaveState[] = [];
    for (;;) {
      const by = stepActor("full", state);
      if (by === null) break;
      const result = decide("full", state, "validate", by);
      if (!result.ok) throw new Error(result.error);
      state = result.state;
      steps.push(state);
    }
    expect(steps).toEqual(["prevalidate", "validate", "accepted"]);
  });
});

describe("canDecide, decidingAs and isAwaitingActor", () => {
  // Subsidiary 1 ("3 Print"): division 10 with team 100 (and team 101), division 11 with team 110.
  const employee = 500;
  const leave = (workflow: LeaveWorkflow, state: LeaveState, over: Partial<LeaveUnderDecision> = {}): LeaveUnderDecision => ({
    workflow,
    state,
    employeeId: employee,
    teamId: 100,
    divisionId: 10,
    subsidiaryId: 1,
    ...over,
  });
  const person = (profileType: LeaveDecider["profileType"], over: Partial<LeaveDecider> = {}): LeaveDecider => ({
    profileType,
    employeeId: 1,
    teamLeaderOfTeamId: null,
    departmentHeadOfDivisionId: null,
    subsidiaryId: 1,
    ...over,
  });
  const teamLeader = person("ROLE_TEAM_LEADER", { employeeId: 2, teamLeaderOfTeamId: 100 });
  const otherTeamLeader = person("ROLE_TEAM_LEADER", { employeeId: 3, teamLeaderOfTeamId: 101 });
  const departmentHead = person("ROLE_DEPARTMENT_HEAD", { employeeId: 4, departmentHeadOfDivisionId: 10 });
  const otherDepartmentHead = person("ROLE_DEPARTMENT_HEAD", { employeeId: 5, departmentHeadOfDivisionId: 11 });
  const head = person("ROLE_HEAD_MANAGEMENT", { employeeId: 6 });
  const financial = person("ROLE_FINANCIAL_MANAGEMENT", { employeeId: 7 });
  const headOfLisbon = person("ROLE_HEAD_MANAGEMENT", { employeeId: 8, subsidiaryId: 2 });
  const colleague = person("ROLE_EMPLOYEE", { employeeId: 9 });
  const host = person("ROLE_HOST_EMPLOYEE", { employeeId: 10 });
  const formerLeader = person("ROLE_EMPLOYEE", { employeeId: 11, teamLeaderOfTeamId: 100 });

  it.each<[string, LeaveDecider, LeaveUnderDecision, StepActor | null]>([
    ["the team leader prevalidates a full request of their team", teamLeader, leave("full", "pending"), "team_leader"],
    ["a team leader cannot decide for another team", otherTeamLeader, leave("full", "pending"), null],
    ["the team leader's step is over once prevalidated", teamLeader, leave("full", "prevalidate"), null],
    ["a team leader has no step in a partial workflow", teamLeader, leave("partial", "pending"), null],
    ["a team leader has no step in a fast workflow", teamLeader, leave("fast", "pending"), null],
    ["a leader link without the team-leader profile is not enough", formerLeader, leave("full", "pending"), null],
    ["the department head validates after the team leader", departmentHead, leave("full", "prevalidate"), "department_head"],
    ["the department head does not skip the team leader", departmentHead, leave("full", "pending"), null],
    ["the department head takes the first step of partial", departmentHead, leave("partial", "pending"), "department_head"],
    ["a department head cannot decide for another division", otherDepartmentHead, leave("partial", "pending"), null],
    ["the department head's step is over once validated", departmentHead, leave("partial", "validate"), null],
    ["head management accepts a fast request", head, leave("fast", "pending"), "management"],
    ["financial management accepts a validated request", financial, leave("full", "validate"), "management"],
    ["management may act at the team leader's step", head, leave("full", "pending"), "management"],
    ["management may act at the department head's step", financial, leave("partial", "pending"), "management"],
    ["management is company-wide: it decides on another subsidiary's request", headOfLisbon, leave("fast", "pending"), "management"],
    ["management without a subsidiary decides too", person("ROLE_HEAD_MANAGEMENT", { subsidiaryId: null }), leave("fast", "pending", { subsidiaryId: 2 }), "management"],
    ["a team without leader: the department head takes the first step", departmentHead, leave("full", "pending", { teamHasLeader: false }), "department_head"],
    ["a team without leader: nobody's team leader step is left", teamLeader, leave("full", "pending", { teamHasLeader: false }), null],
    ["a division without head: the team leader still prevalidates", teamLeader, leave("full", "pending", { divisionHasHead: false }), "team_leader"],
    ["a division without head: its department head step is not another division's", otherDepartmentHead, leave("full", "prevalidate", { divisionHasHead: false }), null],
    ["nobody decides once accepted", head, leave("fast", "accepted"), null],
    ["nobody decides once refused", head, leave("full", "refused"), null],
    ["an employee never decides", colleague, leave("fast", "pending"), null],
    ["a host employee never decides", host, leave("fast", "pending"), null],
    ["a team leader does not prevalidate their own leave", teamLeader, leave("full", "pending", { employeeId: 2 }), null],
    ["a department head does not validate their own leave", departmentHead, leave("partial", "pending", { employeeId: 4 }), null],
    ["management does not accept their own leave", head, leave("fast", "pending", { employeeId: 6 }), null],
    ["the other manager accepts it", financial, leave("fast", "pending", { employeeId: 6 }), "management"],
    ["a leave without a team waits for management at the team leader's step", teamLeader, leave("full", "pending", { teamId: null }), null],
  ])("%s", (_name, actor, subject, expected) => {
    expect(decidingAs({ actor, leave: subject })).toBe(expected);
    expect(canDecide({ actor, leave: subject })).toBe(expected !== null);
  });

  // The waiting list (and menu counter) is what awaits the viewer's own step (DESIGN §5).
  it.each<[string, LeaveDecider, LeaveUnderDecision, boolean]>([
    ["team leader: a full request of their team", teamLeader, leave("full", "pending"), true],
    ["team leader: not once prevalidated", teamLeader, leave("full", "prevalidate"), false],
    ["team leader: not another team's", otherTeamLeader, leave("full", "pending"), false],
    ["department head: partial pending of their division", departmentHead, leave("partial", "pending"), true],
    ["department head: full prevalidated of their division", departmentHead, leave("full", "prevalidate"), true],
    ["department head: full pending of a team without leader", departmentHead, leave("full", "pending", { teamHasLeader: false }), true],
    ["department head: not full pending while the team has a leader", departmentHead, leave("full", "pending"), false],
    ["management: fast pending", head, leave("fast", "pending"), true],
    ["management: partial validated", financial, leave("partial", "validate"), true],
    ["management: full validated", head, leave("full", "validate"), true],
    ["management: another subsidiary's", headOfLisbon, leave("full", "validate", { subsidiaryId: 1 }), true],
    ["management: not at the team leader's step", head, leave("full", "pending"), false],
    ["management: not at the department head's step", head, leave("partial", "pending"), false],
    ["management: a division without head", head, leave("partial", "pending", { divisionHasHead: false }), true],
    ["management: neither team leader nor department head", head, leave("full", "pending", { teamHasLeader: false, divisionHasHead: false }), true],
    ["management: not their own", head, leave("fast", "pending", { employeeId: 6 }), false],
    ["management: nothing once accepted", head, leave("fast", "accepted"), false],
  ])("isAwaitingActor — %s", (_name, actor, subject, expected) => {
    expect(isAwaitingActor({ actor, leave: subject })).toBe(expected);
  });
});

describe("effectiveStepActor", () => {
  it.each<[LeaveWorkflow, LeaveState, { teamHasLeader?: boolean; divisionHasHead?: boolean }, StepActor | null]>([
    ["full", "pending", {}, "team_leader"],
    ["full", "pending", { teamHasLeader: false }, "department_head"],
    ["full", "pending", { teamHasLeader: false, divisionHasHead: false }, "management"],
    ["full", "prevalidate", { divisionHasHead: false }, "management"],
    ["partial", "pending", { divisionHasHead: false }, "management"],
    ["partial", "pending", { teamHasLeader: false }, "department_head"],
    ["fast", "pending", { teamHasLeader: false, divisionHasHead: false }, "management"],
    ["full", "accepted", {}, null],
  ])("%s / %s with %j -> %s", (workflow, state, posts, expected) => {
    expect(effectiveStepActor(workflow, state, posts)).toBe(expected);
  });

  it("a department head standing in for a missing team leader validates in one step", () => {
    expect(decide("full", "pending", "validate", "department_head")).toEqual({ ok: true, state: "validate" });
  });
});

describe("edit, delete and remove after validation", () => {
  it.each([
    ["pending", true],
    ["prevalidate", false],
    ["validate", false],
    ["accepted", false],
    ["refused", false],
    ["something else", false],
  ])("a %s leave: edit and delete %s", (state, expected) => {
    expect(canEdit(state)).toBe(expected);
    expect(canDelete(state)).toBe(expected);
  });

  it.each([
    ["accepted", "ROLE_HEAD_MANAGEMENT", true],
    ["accepted", "ROLE_FINANCIAL_MANAGEMENT", true],
    ["accepted", "ROLE_DEPARTMENT_HEAD", false],
    ["accepted", "ROLE_TEAM_LEADER", false],
    ["accepted", "ROLE_EMPLOYEE", false],
    ["accepted", null, false],
    ["pending", "ROLE_HEAD_MANAGEMENT", false],
    ["validate", "ROLE_FINANCIAL_MANAGEMENT", false],
    ["refused", "ROLE_HEAD_MANAGEMENT", false],
  ])("remove a %s leave as %s: %s", (state, profileType, expected) => {
    expect(canRemoveAfterValidation(state, profileType)).toBe(expected);
  });
});
