/**
 * What a manager reads to decide a leave (issue 28 item 3), beside the waiting list and the detail page: who else in
 * the requester's team is away on those days (one query for a whole page of requests), and whether the viewer may
 * decide a leave opened on its detail page, with the refusal's reason when there is one.
 */
import { leavePeriodText } from "~/domain/leave/period-text";
import type { EntityManager } from "@mikro-orm/postgresql";
import { displayName } from "~/domain/employees/name";
import { t } from "~/i18n/fr";
import { decidingAs, isLeaveState } from "~/domain/leave/workflow";
import type { CurrentUser } from "~/services/identity/current-user.server";
import { actingFor } from "~/services/identity/deputies.server";
import { deciderOf, underDecision } from "./scope.server";
import { LEAVE_COLUMNS, LEAVE_FROM, type LeaveRow } from "./leave.server";

export interface TeamAbsence {
  name: string;
  start: string;
  end: string;
  halfDayMorning: boolean;
  halfDayAfternoon: boolean;
  /** Not accepted yet (in flight). */
  pending: boolean;
}

/**
 * For each request, the other people of its team (of its division when the requester has no team) with an accepted
 * or in-flight leave overlapping its dates, by start date. One statement whatever the number of requests.
 */
export async function teamAbsences(em: EntityManager, leaveIds: readonly number[]): Promise<Map<number, TeamAbsence[]>> {
  const out = new Map<number, TeamAbsence[]>();
  if (leaveIds.length === 0) return out;
  const rows = await em.execute<{ leave_id: number; firstname: string; lastname: string; start: string; end: string; state: string; hm: boolean; ha: boolean }[]>(
    `select l.id as leave_id, oe.firstname, oe.lastname, o.start::text as start, o."end"::text as "end", o.state,
            o.half_day_morning as hm, o.half_day_afternoon as ha
       from leave l
       join employee e on e.id = l.employee_id
       -- The colleagues by the team's index (or the division's, for a requester without a team), then each one's
       -- leaves by (employee_id, start), kept per colleague by "offset 0": the rows read follow the team, not the
       -- company's leaves of those dates (issue 44 item 4, decision 0141: 40 requests at 5,000 employees read 23,415
       -- buffers with the CASE join, 1,822 now; the same rows).
       join lateral (
              select oe.id, oe.firstname, oe.lastname, oe.fired_at from employee oe where e.team_id is not null and oe.team_id = e.team_id
              union all
              select oe.id, oe.firstname, oe.lastname, oe.fired_at from employee oe
               where e.team_id is null and oe.team_id is null and oe.division_id = e.division_id) oe
         on oe.id <> e.id and (oe.fired_at is null or oe.fired_at > l.start)
       join lateral (
              select o.id, o.start, o."end", o.state, o.half_day_morning, o.half_day_afternoon from leave o
               where o.employee_id = oe.id and o.start <= l."end" and o."end" >= l.start
                 and o.state in ('pending', 'prevalidate', 'validate', 'accepted')
              offset 0) o on true
      where l.id = any(?::int[])
      order by l.id, o.start, oe.lastname, oe.firstname, o.id`,
    [`{${leaveIds.map(Number).join(",")}}`],
  );
  for (const r of rows) {
    const list = out.get(r.leave_id) ?? [];
    list.push({ name: displayName(r.firstname, r.lastname), start: r.start, end: r.end, halfDayMorning: r.hm, halfDayAfternoon: r.ha, pending: r.state !== "accepted" });
    out.set(r.leave_id, list);
  }
  return out;
}

export interface DecisionPanel {
  /** The viewer takes the leave's current step (Valider / Refuser shown). */
  canDecide: boolean;
  refusalReason: string | null;
}

/** The detail page's decision part, for a leave the caller already read in scope (getLeave). */
export async function decisionPanel(em: EntityManager, user: CurrentUser, id: number): Promise<DecisionPanel> {
  const [row] = await em.execute<(LeaveRow & { refusal_reason: string | null })[]>(
    `select ${LEAVE_COLUMNS}, l.refusal_reason from ${LEAVE_FROM} where l.id = ?`,
    [id],
  );
  if (!row) return { canDecide: false, refusalReason: null };
  const inFlight = isLeaveState(row.state) && row.team_has_leader !== null;
  const canDecide =
    inFlight &&
    decidingAs({
      actor: deciderOf(inFlight ? (await actingFor(em, user, id)).actor : user),
      leave: underDecision({ ...row, team_has_leader: !!row.team_has_leader, division_has_head: !!row.division_has_head }),
    }) !== null;
  return { canDecide, refusalReason: row.state === "refused" ? row.refusal_reason : null };
}

/**
 * The notice after a decision, naming the request; a deputy's says for whom they decided (decision 0105).
 */
export function decisionNotice(
  decision: "validate" | "refuse",
  done: { fullname: string; start: string; end: string; halfDayMorning?: boolean; halfDayAfternoon?: boolean; forWhom?: string | null },
): string {
  const named = { name: done.fullname, period: leavePeriodText(done) };
  if (done.forWhom) return t(decision === "validate" ? "success.leave_validated_for" : "success.leave_refused_for", { ...named, forWhom: done.forWhom });
  return t(decision === "validate" ? "success.leave_validated_named" : "success.leave_refused_named", named);
}
