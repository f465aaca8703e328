/**
 * What a manager needs on a pending request to decide it (issue 28 item 3): the requester's balance once the leave
 * is taken, and the schedule of the request's own team, division or agency around its dates.
 */
import { recoveryBalance, vacationBalance, type VacationCounters } from "./balance";
import { canOpenPage } from "~/domain/identity/access";
import { addDays, type CalendarDate } from "~/domain/shared/time-calendar-date";

export type BalanceAfter =
  | { kind: "days"; value: number }
  | { kind: "seconds"; value: number }
  /** No counter moves (sickness, RTT, family events...). */
  | { kind: "none" };

/**
 * The balance left once this leave is accepted: paid leave in days (the vacation balance minus the working days),
 * recovery leave in seconds (the recovery balance minus its hours); it may be negative (the acceptance would then be
 * refused). Other reasons touch no counter.
 *
 * @example balanceAfterLeave({ reason: "PAID_LEAVE", days: 3, hours: null }, { vacation: { earnedLastYear: 5, takenLastYear: 0, earnedThisYear: 2, takenThisYear: 0 }, recovery: { earned: 0, taken: 0 } })
 *   // { kind: "days", value: 4 }
 */
export function balanceAfterLeave(
  leave: { reason: string; days: number; hours: number | null },
  counters: { vacation: VacationCounters; recovery: { earned: number; taken: number } },
): BalanceAfter {
  if (leave.reason === "PAID_LEAVE") return { kind: "days", value: Math.round((vacationBalance(counters.vacation) - leave.days) * 100) / 100 };
  if (leave.reason === "RECOVERY_LEAVE") {
    return { kind: "seconds", value: recoveryBalance(counters.recovery.earned, counters.recovery.taken) - Math.round((leave.hours ?? 0) * 3600) };
  }
  return { kind: "none" };
}

/** Days shown before and after a request on its schedule link. */
export const SCHEDULE_MARGIN_DAYS = 7;

/** Who reads a pending card: their profile, their own team and division, the managers they stand in for today. */
export interface ScheduleViewer {
  profileType: string;
  teamId: number | null;
  divisionId: number | null;
  deputyFor?: readonly string[];
}

/**
 * The planning a pending card links to (spec 2 §6 "Links from waiting leaves", one per card): the viewer's own
 * planning view (team leader: team; department head and commercial: division; management and host: agency) narrowed
 * to the request's team (or division, or subsidiary) and to a week before and after its dates.
 *
 * Null — no link — when that page would not open for the viewer or would not show the request's employee (issue 41):
 * a deputy who is a plain employee has no planning of others (the page would log her out), a team leader standing
 * in for a department head reads a request of another team that their team planning does not show. The card's
 * "Absents de l'équipe sur ces dates" still says who else is away.
 *
 * @example leaveScheduleLink({ profileType: "ROLE_TEAM_LEADER", teamId: 3, divisionId: 2 }, { subsidiaryId: 1, divisionId: 2, teamId: 3, start: "2026-12-21", end: "2026-12-24" })
 *   // "/planning/team?from=2026-12-14&to=2026-12-31"
 */
export function leaveScheduleLink(
  viewer: ScheduleViewer,
  leave: { subsidiaryId: number | null; divisionId: number | null; teamId: number | null; start: CalendarDate; end: CalendarDate },
): string | null {
  const range = `from=${addDays(leave.start, -SCHEDULE_MARGIN_DAYS)}&to=${addDays(leave.end, SCHEDULE_MARGIN_DAYS)}`;
  const { profileType } = viewer;
  let link: string;
  if (profileType === "ROLE_TEAM_LEADER") {
    if (viewer.teamId === null || leave.teamId !== viewer.teamId) return null;
    link = `/planning/team?${range}`;
  } else if (profileType === "ROLE_DEPARTMENT_HEAD" || profileType === "ROLE_COMMERCIAL") {
    if (viewer.divisionId === null || leave.divisionId !== viewer.divisionId) return null;
    link = `/planning/division?${leave.teamId !== null ? `team=${leave.teamId}&` : ""}${range}`;
  } else {
    const scope = [
      leave.subsidiaryId !== null ? `subsidiary=${leave.subsidiaryId}` : "",
      leave.divisionId !== null ? `division=${leave.divisionId}` : "",
      leave.teamId !== null ? `team=${leave.teamId}` : "",
    ].filter(Boolean);
    link = `/planning/agency?${[...scope, range].join("&")}`;
  }
  // The rights table decides, as the page guard will: a link it would refuse is no link.
  return canOpenPage(link.split("?")[0]!, profileType, viewer.deputyFor) ? link : null;
}

/** The longest refusal reason (the `leave.refusal_reason` column, Migration20261204100000). */
export const REFUSAL_REASON_MAX_LENGTH = 500;
