import { dayToUnixSeconds, fromCompact, instantToUnixSeconds, toUnixSeconds } from "~/domain/shared/api-dates";
import { t } from "~/i18n/fr";
import { hydraCollection, hydraItem, jsonResponse } from "~/server/api/api.server";
import { iri } from "~/domain/shared/iri";
import { AppError } from "~/services/shared/errors";
import type { LeaveStepView, LeaveView } from "~/services/leave/leave.server";
import type { Period } from "~/services/leave/lists.server";

/**
 * The leave as the /api gives it (spec 2 §3): start and end as unix seconds (00:00 UTC of the day), createdAt and
 * updatedAt as unix seconds, the employee (its hiredAt as unix seconds too)
 * embedded with its counters, `canEdit` / `canDelete` for the client's buttons, and `version` for the optimistic
 * lock of decisions.
 */
export function leaveJson(view: LeaveView & { steps?: LeaveStepView[] }) {
  return hydraItem("Leave", {
    id: view.id,
    employee: {
      "@id": iri("Employee", view.employee.id),
      ...view.employee,
      hiredAt: dayToUnixSeconds(view.employee.hiredAt),
    },
    reason: view.reason,
    comment: view.comment,
    start: toUnixSeconds(view.start),
    end: toUnixSeconds(view.end),
    halfDayMorning: view.halfDayMorning,
    halfDayAfternoon: view.halfDayAfternoon,
    nbHourAbsence: view.nbHourAbsence,
    numberDaysWork: view.numberDaysWork,
    urgent: view.urgent,
    state: view.state,
    stateLabel: view.stateLabel,
    version: view.version,
    // Instants as unix seconds like every date of a body (spec 2 §7, issue 29 item 7).
    createdAt: instantToUnixSeconds(view.createdAt),
    updatedAt: instantToUnixSeconds(view.updatedAt),
    canEdit: view.canEdit,
    canDelete: view.canDelete,
    canRemove: view.canRemove,
    // One leave read alone (its detail, a decision's answer) tells its history: who decided, and for whom when a
    // deputy did ("Validée par X pour Y", decision 0105).
    ...(view.steps
      ? {
          steps: view.steps.map((s) => ({
            step: s.step,
            label: s.onBehalfOf ? t("leave.decided_by_for", { step: s.label, name: s.actor ?? "—", forWhom: s.onBehalfOf }) : s.label,
            actor: s.actor,
            onBehalfOf: s.onBehalfOf,
            at: instantToUnixSeconds(s.at),
          })),
        }
      : {}),
  });
}

export function leaveCollection(views: LeaveView[]): Response {
  return jsonResponse(hydraCollection(views.map(leaveJson)));
}

/** Optional YYYYMMDD query parameters start and end; a malformed one is a 400 with a French message. */
export function periodFromQuery(url: URL): Period | undefined {
  const rawStart = url.searchParams.get("start");
  const rawEnd = url.searchParams.get("end");
  if (!rawStart && !rawEnd) return undefined;
  const start = rawStart ? fromCompact(rawStart) : "0001-01-01";
  const end = rawEnd ? fromCompact(rawEnd) : "9999-12-31";
  if (!start || !end) throw new AppError(400, t("leave.error.invalid"));
  return { start, end };
}

/** An optional positive integer query parameter; anything else is a 400. */
export function idFromQuery(url: URL, name: string): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) throw new AppError(400, t("leave.error.invalid"));
  return Number(raw);
}
