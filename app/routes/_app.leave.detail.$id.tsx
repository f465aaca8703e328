import { leavePeriodText } from "~/domain/leave/period-text";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { AppError } from "~/services/shared/errors";
import { decideLeave, removeLeave } from "~/services/leave/decision.server";
import { decisionNotice, decisionPanel } from "~/services/leave/decision-views.server";
import { LeaveDecisionDialog } from "~/ui/leave/decision";
import { getLeave } from "~/services/leave/leave.server";
import { deleteLeave, leaveId, orLeavePageNotFound } from "~/services/leave/requests.server";
import { frInstantTime, LeaveStateBadge } from "~/ui/leave/form";
import { Card, ConfirmAction } from "~/ui/shared/modal";
import { frDate } from "~/domain/shared/api-dates";
import { formatDays, formatDecimalHours } from "~/domain/shared/number-format";

export const meta: MetaFunction = () => [{ title: `${t("leave.detail.title")} · ${t("app.title")}` }];

function backOf(request: Request) {
  const fromWaiting = new URL(request.url).searchParams.get("from") === "waiting";
  return fromWaiting
    ? { href: "/leave/waiting", label: t("leave.detail.back_waiting") }
    : { href: "/leave/me", label: t("leave.detail.back_me") };
}

/** /leave/detail/{id}: visible to the owner and to the managers whose scope covers the employee; others 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const em = await getEm();
  const leave = await orLeavePageNotFound(getLeave(em, user, leaveId(params.id)));
  // Opened from the waiting list, a manager whose step it is decides here too (issue 28 item 3).
  const panel = await decisionPanel(em, user, leave.id);
  const confirm = new URL(request.url).searchParams.get("confirm");
  return {
    leave,
    back: backOf(request),
    canDecide: panel.canDecide,
    refusalReason: panel.refusalReason,
    confirm: panel.canDecide && (confirm === "validate" || confirm === "refuse") ? confirm : null,
  };
}

/** intent = delete (own pending leave) | remove (accepted leave, head or financial management). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = leaveId(params.id);
  const session = await getSession(request);
  const em = await getEm();
  let to = new URL(request.url).pathname + new URL(request.url).search;
  try {
    if (intent === "delete") {
      await orLeavePageNotFound(deleteLeave(em, user, id));
      pushAlert(session, "success", t("success.leave_deleted"));
      to = "/leave/me";
    } else if (intent === "remove") {
      const version = Number(form.get("version"));
      const done = await orLeavePageNotFound(removeLeave(em, user, id, { expectedVersion: Number.isSafeInteger(version) && version > 0 ? version : undefined }));
      pushAlert(session, "success", t("success.leave_removed_named", { name: done.fullname, period: leavePeriodText(done) }));
      if (done.notice) pushAlert(session, "warning", done.notice);
      to = "/leave/waiting";
    } else if (intent === "validate" || intent === "refuse") {
      const version = Number(form.get("version"));
      const done = await orLeavePageNotFound(
        decideLeave(em, user, id, intent, {
          expectedVersion: Number.isSafeInteger(version) && version > 0 ? version : undefined,
          refusalReason: intent === "refuse" ? String(form.get("refusalReason") ?? "") : null,
        }),
      );
      pushAlert(session, "success", decisionNotice(intent, done));
      if (done.notice) pushAlert(session, "warning", done.notice);
      to = "/leave/waiting";
    } else {
      throw new AppError(400, t("error.generic"));
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    pushAlert(session, "danger", error.violations[0]?.message ?? error.message);
  }
  return redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function LeaveDetail() {
  const { leave, back, canDecide, refusalReason, confirm } = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("confirm");
  const here = location.pathname + (params.size > 0 ? `?${params}` : "");
  const confirmHref = (decision: "validate" | "refuse") => {
    const q = new URLSearchParams(params);
    q.set("confirm", decision);
    return `${location.pathname}?${q}`;
  };
  const halfDay = leave.halfDayMorning ? t("leave.half_day.morning") : leave.halfDayAfternoon ? t("leave.half_day.afternoon") : t("leave.half_day.no");
  return (
    <div className="space-y-4">
      <p>
        <Link to={back.href} className="btn-link">
          ← {back.label}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("leave.detail.title")}</h1>
        <LeaveStateBadge status={leave.status} label={leave.stateLabel} />
      </div>
      <Card title={leave.employee.fullname}>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-gray-700">{t("leave.field.reason")}</dt>
          <dd>{leave.reasonLabel}</dd>
          {leave.reason === "RECOVERY_LEAVE" && (
            <>
              <dt className="font-medium text-gray-700">{t("leave.field.hours")}</dt>
              <dd>{formatDecimalHours(leave.nbHourAbsence ?? 0)}</dd>
            </>
          )}
          <dt className="font-medium text-gray-700">{t("leave.field.start")}</dt>
          <dd>{frDate(leave.start)}</dd>
          <dt className="font-medium text-gray-700">{t("leave.field.end")}</dt>
          <dd>{frDate(leave.end)}</dd>
          <dt className="font-medium text-gray-700">{t("leave.field.days")}</dt>
          <dd>{formatDays(leave.numberDaysWork)}</dd>
          <dt className="font-medium text-gray-700">{t("leave.field.comment")}</dt>
          <dd className="whitespace-pre-line">{leave.comment ?? "—"}</dd>
          <dt className="font-medium text-gray-700">{t("leave.field.half_day")}</dt>
          <dd>{halfDay}</dd>
          <dt className="font-medium text-gray-700">{t("leave.field.urgent")}</dt>
          <dd>{leave.urgent ? t("word.yes") : t("word.no")}</dd>
          {refusalReason && (
            <>
              <dt className="font-medium text-gray-700">{t("leave.field.refusal_reason")}</dt>
              <dd className="whitespace-pre-line" data-testid="refusal-reason">
                {refusalReason}
              </dd>
            </>
          )}
        </dl>
        {canDecide && (
          <div className="mt-4 flex flex-wrap gap-2" data-testid="decide">
            {/* The same confirmations as the waiting list: a GET step, then the dialog (docs/decisions/0027). */}
            <a href={confirmHref("refuse")} className="btn btn-danger">
              {t("leave.waiting.reject")}
            </a>
            <a href={confirmHref("validate")} className="btn btn-primary">
              {t("leave.waiting.validate")}
            </a>
          </div>
        )}
        {confirm && (
          <LeaveDecisionDialog
            decision={confirm as "validate" | "refuse"}
            leave={{ id: leave.id, name: leave.employee.fullname, reasonLabel: leave.reasonLabel, period: leavePeriodText(leave) }}
            intent={confirm}
            version={leave.version}
            back={here}
            action={here}
          />
        )}
        {(leave.canEdit || leave.canDelete || leave.canRemove) && (
          <div className="mt-4 flex flex-wrap gap-2">
            {leave.canDelete && (
              <ConfirmAction intent="delete" itemLabel={leave.reasonLabel} text={t("leave.detail.delete_text")} cancelHref={here} />
            )}
            {leave.canEdit && (
              <Link to={`/leave/${leave.id}/edit`} className="btn btn-secondary">
                {t("word.edit")}
              </Link>
            )}
            {leave.canRemove && (
              <ConfirmAction
                intent="remove"
                fields={{ version: leave.version }}
                itemLabel={leave.reasonLabel}
                text={t("leave.detail.remove_text")}
                buttonLabel={t("leave.detail.remove")}
                confirmLabel={t("leave.detail.remove")}
                cancelHref={here}
              />
            )}
          </div>
        )}
      </Card>
      <Card title={t("leave.detail.history")}>
        <ol className="space-y-1 text-sm" data-testid="leave-steps">
          {leave.steps.map((s, i) => (
            <li key={i}>
              {s.onBehalfOf
                ? t("leave.step.by_for", { step: s.label, name: s.actor ?? "—", forWhom: s.onBehalfOf, date: frInstantTime(s.at) })
                : t("leave.step.by", { step: s.label, name: s.actor ?? "—", date: frInstantTime(s.at) })}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
