import { isManagement } from "~/domain/identity/access";
import { LEAVE_REASONS, type LeaveReason } from "./days";

/**
 * Privacy of colleagues' leaves (DESIGN §5), the one rule every list, planning, dashboard and /api view applies:
 * - oneself, management (company-wide), a department head for their division and a team leader for their team
 *   see every detail of a leave;
 * - anyone else who is shown the leave (host employee, commercial, a colleague) sees that the person is absent,
 *   the dates and the half-day marks, never the comment nor the leave counters, and not the reason when it is
 *   sickness or a family event (shown as "Absent").
 */

export interface LeaveViewer {
  employeeId: number;
  profileType: string;
  divisionId: number | null;
  teamId: number | null;
}

export interface LeaveOwner {
  employeeId: number;
  divisionId: number | null;
  teamId: number | null;
}

/** True when the viewer sees the details of this employee's leaves (themself, or a manager in scope). */
export function seesLeaveDetails(viewer: LeaveViewer, owner: LeaveOwner): boolean {
  if (owner.employeeId === viewer.employeeId || isManagement(viewer.profileType)) return true;
  if (viewer.profileType === "ROLE_DEPARTMENT_HEAD") return viewer.divisionId !== null && owner.divisionId === viewer.divisionId;
  if (viewer.profileType === "ROLE_TEAM_LEADER") return viewer.teamId !== null && owner.teamId === viewer.teamId;
  return false;
}

/** Sickness and the family events (spec 2 §3: the last six reasons). */
export const PRIVATE_REASONS: readonly LeaveReason[] = [
  "SICK_LEAVE",
  "MATERNITY_LEAVE",
  "PATERNITY_LEAVE",
  "WEDDING_LEAVE",
  "DEATH_LEAVE",
  "PARENT_EDUCATION_LEAVE",
  "PORTUGAL_LEAVE",
];

/** A reason that only the owner and their managers may read; anything unknown counts as private. */
export function isPrivateReason(reason: string): boolean {
  return !(LEAVE_REASONS as readonly string[]).includes(reason) || (PRIVATE_REASONS as readonly string[]).includes(reason);
}

/** The parts of a leave the privacy rule may hide. */
export interface LeaveDetails<B> {
  reason: string;
  comment: string | null;
  nbHourAbsence: number | null;
  balances: B;
}

/** What a viewer is shown of them: `reason: null` means "Absent"; `balances: null` means hidden. */
export interface DisclosedLeave<B> {
  reason: string | null;
  comment: string | null;
  nbHourAbsence: number | null;
  balances: B | null;
}

/**
 * The details of one leave as this viewer may see them. Dates, state and half-day marks are never hidden (they
 * are what a planning shows), so they are not part of this.
 *
 * @example discloseLeave(host, colleague, { reason: "SICK_LEAVE", comment: "grippe", nbHourAbsence: null, balances })
 *   // { reason: null, comment: null, nbHourAbsence: null, balances: null }
 */
export function discloseLeave<B>(viewer: LeaveViewer, owner: LeaveOwner, leave: LeaveDetails<B>): DisclosedLeave<B> {
  if (seesLeaveDetails(viewer, owner)) return { ...leave };
  const hideReason = isPrivateReason(leave.reason);
  return {
    reason: hideReason ? null : leave.reason,
    comment: null,
    nbHourAbsence: hideReason ? null : leave.nbHourAbsence,
    balances: null,
  };
}
