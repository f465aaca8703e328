import { isManagement, type ProfileType } from "~/domain/identity/access";

/**
 * Leave states. pending, prevalidate and validate are the steps of a request still in flight (all shown
 * as "Pending"); accepted and refused are final.
 */
export const LEAVE_STATES = ["pending", "prevalidate", "validate", "accepted", "refused"] as const;
export type LeaveState = (typeof LEAVE_STATES)[number];

/** The employee's leaveWorkflow: how many approval steps their requests go through. */
export const LEAVE_WORKFLOWS = ["fast", "partial", "full"] as const;
export type LeaveWorkflow = (typeof LEAVE_WORKFLOWS)[number];

/** Who takes a step. "management" is ROLE_HEAD_MANAGEMENT or ROLE_FINANCIAL_MANAGEMENT. */
export type StepActor = "team_leader" | "department_head" | "management";

export type LeaveDecision = "validate" | "refuse";

export type DecideResult = { ok: true; state: LeaveState } | { ok: false; error: "not_awaiting_decision" };

/** How a state is shown: one of the three tabs/badges, or the stored value as is when it is unknown. */
export type DisplayedLeaveState = { status: "pending" | "accepted" | "refused" } | { status: "raw"; value: string };

/** The manager (or employee) who would decide. Ids are null when the person leads no team / no division. */
export interface LeaveDecider {
  profileType: ProfileType;
  employeeId: number;
  teamLeaderOfTeamId: number | null;
  departmentHeadOfDivisionId: number | null;
  subsidiaryId: number | null;
}

/**
 * The leave being decided, with where its employee works and the employee's workflow.
 * `teamHasLeader` / `divisionHasHead` say whether someone (other than the employee) holds that post; a step
 * whose holder is missing passes to the next level (see effectiveStepActor). Both default to true.
 */
export interface LeaveUnderDecision {
  workflow: LeaveWorkflow;
  state: LeaveState;
  employeeId: number;
  teamId: number | null;
  divisionId: number | null;
  subsidiaryId: number | null;
  teamHasLeader?: boolean;
  divisionHasHead?: boolean;
}

/** The states a request goes through when validated; "refused" is off every path. */
type ForwardState = Exclude<LeaveState, "refused">;

/** The states each workflow walks through, in order (DESIGN §5). */
const PATHS: Record<LeaveWorkflow, readonly ForwardState[]> = {
  fast: ["pending", "accepted"],
  partial: ["pending", "validate", "accepted"],
  full: ["pending", "prevalidate", "validate", "accepted"],
};

/** Position of every non-refused state along the longest path; used to move forward from any state. */
const RANK: Record<ForwardState, number> = { pending: 0, prevalidate: 1, validate: 2, accepted: 3 };

/** A step is named after the state it leads to; this says who takes it. */
const ACTOR_OF_TARGET: Record<Exclude<ForwardState, "pending">, StepActor> = {
  prevalidate: "team_leader",
  validate: "department_head",
  accepted: "management",
};

const IN_FLIGHT: ReadonlySet<string> = new Set(["pending", "prevalidate", "validate"]);

/**
 * True for a known state value.
 *
 * @example isLeaveState("prevalidate") // true
 */
export function isLeaveState(value: unknown): value is LeaveState {
  return typeof value === "string" && (LEAVE_STATES as readonly string[]).includes(value);
}

/**
 * True for a known workflow value.
 *
 * @example isLeaveWorkflow("partial") // true
 */
export function isLeaveWorkflow(value: unknown): value is LeaveWorkflow {
  return typeof value === "string" && (LEAVE_WORKFLOWS as readonly string[]).includes(value);
}

/**
 * True for the states shown as "Pending": every step still in flight.
 *
 * @example isPendingDisplay("prevalidate") // true
 * @example isPendingDisplay("accepted") // false
 */
export function isPendingDisplay(state: string): boolean {
  return IN_FLIGHT.has(state);
}

/**
 * How a stored state is shown. The spec's detail badge checks "rejected" where the lists use "refused":
 * both are shown as refused. Any other value is shown raw rather than guessed.
 *
 * @example displayedLeaveState("validate") // { status: "pending" }
 * @example displayedLeaveState("cancelled") // { status: "raw", value: "cancelled" }
 */
export function displayedLeaveState(state: string): DisplayedLeaveState {
  if (isPendingDisplay(state)) return { status: "pending" };
  if (state === "accepted") return { status: "accepted" };
  if (state === "refused" || state === "rejected") return { status: "refused" };
  return { status: "raw", value: state };
}

/**
 * The state a validation leads to, or null when the leave is not awaiting a decision.
 *
 * The workflow lives on the employee and may change while a request is in flight, so the state need not
 * lie on the workflow's path: the request then moves to the next state of the path that comes after it
 * (a "prevalidate" request of an employee moved to `fast` goes to "accepted"). It never goes back.
 *
 * @example nextState("full", "pending") // "prevalidate"
 * @example nextState("partial", "pending") // "validate"
 * @example nextState("fast", "pending") // "accepted"
 */
export function nextState(workflow: LeaveWorkflow, state: LeaveState): ForwardState | null {
  if (!IN_FLIGHT.has(state)) return null;
  const rank = RANK[state as ForwardState];
  return PATHS[workflow].find((next) => RANK[next] > rank) ?? null;
}

/**
 * Who takes the next step of a request in this state: team leader (to prevalidate), department head (to
 * validate) or management (to accept); null once the leave is accepted or refused. Management may act at
 * any step anyway (see canDecide).
 *
 * @example stepActor("full", "prevalidate") // "department_head"
 * @example stepActor("fast", "pending") // "management"
 */
export function stepActor(workflow: LeaveWorkflow, state: LeaveState): StepActor | null {
  const next = nextState(workflow, state);
  if (next === null || next === "pending") return null;
  return ACTOR_OF_TARGET[next];
}

/**
 * Who actually takes the next step: the nominal actor (stepActor), passed up one level while that post is
 * empty. A full request of a team without a team leader (or whose only leader is the employee) goes to the
 * department head; a step of a division without a department head goes to management. Without this a
 * request could wait for good for somebody who does not exist.
 *
 * @example effectiveStepActor("full", "pending", { teamHasLeader: false, divisionHasHead: true }) // "department_head"
 * @example effectiveStepActor("partial", "pending", { teamHasLeader: true, divisionHasHead: false }) // "management"
 */
export function effectiveStepActor(
  workflow: LeaveWorkflow,
  state: LeaveState,
  posts: { teamHasLeader?: boolean; divisionHasHead?: boolean } = {},
): StepActor | null {
  let actor = stepActor(workflow, state);
  if (actor === "team_leader" && posts.teamHasLeader === false) actor = "department_head";
  if (actor === "department_head" && posts.divisionHasHead === false) actor = "management";
  return actor;
}

/**
 * As whom this person may decide on this leave now, or null when they may not:
 * - nobody decides on their own leave, management included: a manager's own request is decided by
 *   another manager (head and financial management are two people);
 * - management (head or financial) is company-wide: it may act on any subsidiary's request, at any step
 *   (the demo has management only in '3 Print', and Lisbon requests must still be decided);
 * - otherwise only the actor of the current step (effectiveStepActor): the team leader of the leave's
 *   team, then the department head of the leave's division. A team leader cannot decide for another team,
 *   nor a department head for another division, nor either of them at a step that is not theirs.
 *
 * @example decidingAs({ actor: teamLeaderOfTeam3, leave: { workflow: "full", state: "pending", teamId: 3, ... } })
 *   // "team_leader"
 */
export function decidingAs(input: { actor: LeaveDecider; leave: LeaveUnderDecision }): StepActor | null {
  const { actor, leave } = input;
  if (!IN_FLIGHT.has(leave.state)) return null;
  if (actor.employeeId === leave.employeeId) return null;
  if (isManagement(actor.profileType)) return "management";
  const step = effectiveStepActor(leave.workflow, leave.state, leave);
  if (step === "team_leader") {
    const leadsTheTeam = actor.teamLeaderOfTeamId !== null && actor.teamLeaderOfTeamId === leave.teamId;
    return actor.profileType === "ROLE_TEAM_LEADER" && leadsTheTeam ? "team_leader" : null;
  }
  if (step === "department_head") {
    const headsTheDivision =
      actor.departmentHeadOfDivisionId !== null && actor.departmentHeadOfDivisionId === leave.divisionId;
    return actor.profileType === "ROLE_DEPARTMENT_HEAD" && headsTheDivision ? "department_head" : null;
  }
  // The management step is for management only, which was handled above.
  return null;
}

/**
 * May this person validate or refuse this leave now? See decidingAs for the rules.
 *
 * @example canDecide({ actor: departmentHeadOfDivision7, leave: { workflow: "partial", state: "pending", divisionId: 7, ... } })
 *   // true
 */
export function canDecide(input: { actor: LeaveDecider; leave: LeaveUnderDecision }): boolean {
  return decidingAs(input) !== null;
}

/**
 * Is this leave in this manager's waiting list (and in their menu counter)? What awaits *their* step
 * (DESIGN §5): a team leader or a department head sees what they can decide now; management sees the
 * requests at the management step (effectiveStepActor, so also the steps whose holder is missing), not
 * every request in flight, even though it may act on any of them through the /api. The SQL twin of this
 * rule is WAITING_CONDITION_SQL in app/services/leave/scope.server.ts, on the step stored by the database
 * (leave.waiting_for, SQL function leave_waiting_for, decision 0064; checked against this one by
 * tests/integration/leave-waiting.test.ts and leave-waiting-stored.test.ts); change them together (a migration).
 *
 * @example isAwaitingActor({ actor: teamLeaderOfTeam3, leave: { workflow: "full", state: "prevalidate", teamId: 3, ... } })
 *   // false: it now awaits the department head
 */
export function isAwaitingActor(input: { actor: LeaveDecider; leave: LeaveUnderDecision }): boolean {
  const as = decidingAs(input);
  if (as !== "management") return as !== null;
  return effectiveStepActor(input.leave.workflow, input.leave.state, input.leave) === "management";
}

/**
 * Applies a decision to a request in flight. A refusal at any step gives "refused". A validation moves the
 * request to the state named after the decider's step: a team leader prevalidates, a department head
 * validates (also when they stand in for a missing team leader, so the request does not come back to them),
 * management accepts (management's validation is the final say at any step). Without `by`, the request
 * moves one step along its workflow (nextState). Who and when is recorded by the caller.
 *
 * @example decide("full", "pending", "validate") // { ok: true, state: "prevalidate" }
 * @example decide("full", "pending", "validate", "management") // { ok: true, state: "accepted" }
 * @example decide("full", "pending", "validate", "department_head") // { ok: true, state: "validate" }
 * @example decide("partial", "accepted", "refuse") // { ok: false, error: "not_awaiting_decision" }
 */
export function decide(
  workflow: LeaveWorkflow,
  state: LeaveState,
  decision: LeaveDecision,
  by?: StepActor,
): DecideResult {
  const next = nextState(workflow, state);
  if (next === null) return { ok: false, error: "not_awaiting_decision" };
  if (decision === "refuse") return { ok: true, state: "refused" };
  if (by === "management") return { ok: true, state: "accepted" };
  if (by === "department_head") return { ok: true, state: RANK[next] > RANK.validate ? next : "validate" };
  return { ok: true, state: next };
}

/**
 * May the employee still change their request? Only while it is exactly "pending": once a team leader has
 * prevalidated it (or a department head validated it), changing the dates or reason would slip a
 * different request past an approval already given.
 *
 * @example canEdit("pending") // true
 * @example canEdit("prevalidate") // false
 */
export function canEdit(state: string): boolean {
  return state === "pending";
}

/**
 * May the employee still delete their request? Same rule as canEdit: only while exactly "pending"; later
 * the request goes through management's remove-after-validation or a refusal.
 *
 * @example canDelete("validate") // false
 */
export function canDelete(state: string): boolean {
  return state === "pending";
}

/**
 * May this person remove an accepted leave (and give its days back)? Only head or financial management,
 * only on an accepted leave.
 *
 * @example canRemoveAfterValidation("accepted", "ROLE_FINANCIAL_MANAGEMENT") // true
 * @example canRemoveAfterValidation("accepted", "ROLE_DEPARTMENT_HEAD") // false
 */
export function canRemoveAfterValidation(state: string, profileType: string | null | undefined): boolean {
  return state === "accepted" && isManagement(profileType);
}
