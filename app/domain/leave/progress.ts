import { frDate } from "~/domain/shared/api-dates";
import { displayedLeaveState, effectiveStepActor, isLeaveState, isLeaveWorkflow, type StepActor } from "./workflow";
import type { CalendarDate } from "~/domain/shared/time-calendar-date";
import { t, type MessageKey } from "~/i18n/fr";

/**
 * Where a request is (issue 11 §3): who it awaits now and which step it already passed, in the words the
 * detail page, the lists and the /api (`stateLabel`) all show. One function, so the three never disagree.
 */

export interface LeaveProgressInput {
  /** The stored state (pending, prevalidate, validate, accepted, refused, removed, or an unknown value). */
  state: string;
  /** The employee's workflow; an unknown one counts as fast (as everywhere else). */
  workflow: string;
  /** Whether the team / division holds a leader / head (effectiveStepActor). Default true. */
  teamHasLeader?: boolean | null;
  divisionHasHead?: boolean | null;
  /** The day the current state was reached (the latest step of that name), when known. */
  reachedOn?: CalendarDate | null;
}

export type LeaveProgress =
  | { status: "pending"; awaiting: StepActor; approved: { by: Exclude<StepActor, "management">; on: CalendarDate | null } | null }
  | { status: "accepted" | "refused" | "removed" }
  | { status: "raw"; value: string };

/** Which step a state in flight says was passed: prevalidate is the team leader's, validate the department head's. */
const PASSED_BY: Partial<Record<string, Exclude<StepActor, "management">>> = { prevalidate: "team_leader", validate: "department_head" };

/**
 * Where a request is: for one in flight, whom it awaits (the effective actor of the next step: a missing
 * team leader or department head passes it up) and the step already passed, with its day.
 *
 * @example leaveProgress({ state: "prevalidate", workflow: "full", reachedOn: "2026-11-12" })
 *   // { status: "pending", awaiting: "department_head", approved: { by: "team_leader", on: "2026-11-12" } }
 * @example leaveProgress({ state: "pending", workflow: "fast" }) // { status: "pending", awaiting: "management", approved: null }
 */
export function leaveProgress(input: LeaveProgressInput): LeaveProgress {
  if (input.state === "removed") return { status: "removed" };
  const shown = displayedLeaveState(input.state);
  if (shown.status === "raw") return shown;
  if (shown.status !== "pending") return { status: shown.status };
  if (!isLeaveState(input.state)) return { status: "raw", value: input.state };
  const workflow = isLeaveWorkflow(input.workflow) ? input.workflow : "fast";
  const awaiting =
    effectiveStepActor(workflow, input.state, {
      teamHasLeader: input.teamHasLeader ?? undefined,
      divisionHasHead: input.divisionHasHead ?? undefined,
    }) ?? "management";
  const by = PASSED_BY[input.state];
  return { status: "pending", awaiting, approved: by ? { by, on: input.reachedOn ?? null } : null };
}

/**
 * The words for where a request is.
 *
 * @example leaveStateLabel(leaveProgress({ state: "prevalidate", workflow: "full", reachedOn: "2026-11-12" }))
 *   // "En attente du chef de pôle (validée par le chef d'équipe le 12/11/2026)"
 * @example leaveStateLabel({ status: "accepted" }) // "Acceptée"
 */
export function leaveStateLabel(progress: LeaveProgress): string {
  if (progress.status === "raw") return progress.value;
  if (progress.status !== "pending") return t(`leave.state.${progress.status}` as MessageKey);
  const awaiting = t(`leave.progress.awaiting.${progress.awaiting}` as MessageKey);
  if (!progress.approved) return awaiting;
  const by = t(`leave.progress.by.${progress.approved.by}` as MessageKey);
  const approved = progress.approved.on
    ? t("leave.progress.approved_on", { by, date: frDate(progress.approved.on) })
    : t("leave.progress.approved", { by });
  return t("leave.progress.awaiting_after", { awaiting, approved });
}
