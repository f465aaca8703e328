import { isCalendarDate } from "~/domain/shared/calendar-text";

/**
 * Deputies (issue 32 §2, decision 0102): a manager names a deputy for a period; during it the deputy sees and decides
 * what awaits the manager's step, each decision recorded "par X pour Y"; the manager keeps their own rights. Pure.
 */

/** Who may name a deputy: those who decide leaves and corrections (team leader, department head, management). */
export const DEPUTY_GIVERS = ["ROLE_TEAM_LEADER", "ROLE_DEPARTMENT_HEAD", "ROLE_HEAD_MANAGEMENT", "ROLE_FINANCIAL_MANAGEMENT"] as const;

export function mayNameDeputy(profileType: string | null | undefined): boolean {
  return (DEPUTY_GIVERS as readonly string[]).includes(profileType ?? "");
}

/** The longest period one naming covers: a year (a longer absence is a change of organisation, not a deputy). */
export const MAX_DEPUTY_DAYS = 366;

export interface DeputyPeriod {
  startsOn: string;
  endsOn: string;
}

export type DeputyProblem = "start_invalid" | "end_invalid" | "not_a_manager" | "self" | "deputy_archived" | "ends_before_start" | "in_the_past" | "too_long" | "overlap";

function days(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whether two periods share a day (both ends included). */
export function periodsOverlap(a: DeputyPeriod, b: DeputyPeriod): boolean {
  return a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;
}

/**
 * Why this naming is refused, or null: only a manager names a deputy, never themselves, never someone who left; the
 * period runs forwards, is not over already, lasts a year at most, and does not overlap another deputy of the same
 * manager (one deputy at a time: the waiting list must say whom to ask). A day that does not exist (30 February) is
 * refused first, as a field error (issue 42 §4).
 */
export function deputyProblem(input: {
  managerProfileType: string;
  managerId: number;
  deputyId: number;
  deputyFiredAt: string | null;
  period: DeputyPeriod;
  others: readonly DeputyPeriod[];
  today: string;
}): DeputyProblem | null {
  const { period } = input;
  if (!isCalendarDate(period.startsOn)) return "start_invalid";
  if (!isCalendarDate(period.endsOn)) return "end_invalid";
  if (!mayNameDeputy(input.managerProfileType)) return "not_a_manager";
  if (input.managerId === input.deputyId) return "self";
  if (input.deputyFiredAt && input.deputyFiredAt < period.endsOn) return "deputy_archived";
  if (period.endsOn < period.startsOn) return "ends_before_start";
  if (period.endsOn < input.today) return "in_the_past";
  if (days(period.startsOn, period.endsOn) > MAX_DEPUTY_DAYS) return "too_long";
  if (input.others.some((o) => periodsOverlap(o, period))) return "overlap";
  return null;
}

/** Whether a deputy period covers this day (both ends included). */
export function coversDay(period: DeputyPeriod, day: string): boolean {
  return period.startsOn <= day && day <= period.endsOn;
}

/**
 * The key of what awaits a manager's step, as stored in `leave.waiting_for` (decision 0064): management "M", a
 * department head "D:<division>", a team leader "T:<team>", anyone else null.
 */
export function waitingKey(manager: { profileType: string; divisionId: number | null; teamId: number | null }): string | null {
  if (manager.profileType === "ROLE_HEAD_MANAGEMENT" || manager.profileType === "ROLE_FINANCIAL_MANAGEMENT") return "M";
  if (manager.profileType === "ROLE_DEPARTMENT_HEAD") return manager.divisionId == null ? null : `D:${manager.divisionId}`;
  if (manager.profileType === "ROLE_TEAM_LEADER") return manager.teamId == null ? null : `T:${manager.teamId}`;
  return null;
}

/** "Validée par Paul DURAND pour Sophie LAURENT": the decider, and for whom when they acted as a deputy. */
export function decidedByLabel(by: string, forWhom: string | null): { by: string; forWhom: string | null } {
  return { by, forWhom: forWhom && forWhom !== by ? forWhom : null };
}

/**
 * Whether this user decides clock corrections (management's, decision 0105): management, or whoever stands in today
 * for someone of management. `deputyFor`: the managers' profiles they stand in for today.
 */
export function decidesCorrections(user: { profileType: string; deputyFor?: readonly string[] }): boolean {
  const management = (p: string) => p === "ROLE_HEAD_MANAGEMENT" || p === "ROLE_FINANCIAL_MANAGEMENT";
  return management(user.profileType) || !!user.deputyFor?.some(management);
}

/** A deputy of management never decides their own correction (as no one decides their own leave). */
export function mayDecideCorrectionOf(user: { employeeId: number; profileType: string; deputyFor?: readonly string[] }, employeeId: number): boolean {
  if (user.profileType === "ROLE_HEAD_MANAGEMENT" || user.profileType === "ROLE_FINANCIAL_MANAGEMENT") return true;
  return decidesCorrections(user) && employeeId !== user.employeeId;
}
