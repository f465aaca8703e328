import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { minStartDate } from "~/domain/leave/form";
import { localDate } from "~/server/shared/dates.server";
import { leaveFieldErrors, leaveInputFromForm, LeaveRequestForm } from "~/forms/leave.server";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { AppError, ValidationError } from "~/services/shared/errors";
import { getLeave } from "~/services/leave/leave.server";
import { editLeave, leaveId, orLeavePageNotFound } from "~/services/leave/requests.server";
import { LeaveRequestFormView } from "~/ui/leave/request-form";

export const meta: MetaFunction = () => [{ title: `${t("leave.edit.title")} · ${t("app.title")}` }];

/** /leave/{id}/edit: one's own request while it is pending; someone else's is a 404 here. */
/** Built once: the form's constraints never change between requests (issue 12). */
let constraintOnce: ReturnType<typeof getZodConstraint> | undefined;
/**
 * Computed on the first request, in a function only the loader calls: a module-level call would stay in the browser
 * bundle (a call may have side effects, so it is not tree-shaken) and throw there on the server-only schema, which
 * stopped this page's JavaScript (found with issue 28 item 7).
 */
function formConstraint() {
  return (constraintOnce ??= getZodConstraint(LeaveRequestForm));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const leave = await orLeavePageNotFound(getLeave(await getEm(), user, leaveId(params.id)));
  if (leave.employee.id !== user.employeeId) throw new Response("0", { status: 404 });
  if (!leave.canEdit) {
    const session = await getSession(request);
    pushAlert(session, "danger", t("leave.error.not_editable"));
    throw redirect(`/leave/detail/${leave.id}`, { headers: { "Set-Cookie": await commitSession(session) } });
  }
  const today = localDate(new Date(), "Europe/Paris");
  const minStart = minStartDate(today);
  return { leave, minStart: leave.start < minStart ? leave.start : minStart, constraint: formConstraint() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = leaveId(params.id);
  const submission = parseWithZod(await request.formData(), { schema: LeaveRequestForm });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const session = await getSession(request);
  try {
    await orLeavePageNotFound(editLeave(await getEm(), user, id, leaveInputFromForm(submission.value)));
  } catch (error) {
    if (error instanceof ValidationError) return data(submission.reply({ fieldErrors: leaveFieldErrors(error.violations) }), { status: 400 });
    if (!(error instanceof AppError)) throw error;
    pushAlert(session, "danger", error.message);
    return redirect(`/leave/detail/${id}`, { headers: { "Set-Cookie": await commitSession(session) } });
  }
  pushAlert(session, "success", t("success.leave_edit"));
  return redirect(`/leave/detail/${id}`, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function EditLeave() {
  const { leave, minStart, constraint } = useLoaderData<typeof loader>();
  // Single fetch types the data() payload as its init wrapper; what arrives is the submission result.
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("leave.edit.title")}</h1>
      <LeaveRequestFormView
        lastResult={lastResult}
        constraint={constraint}
        minStart={minStart}
        submitLabel={t("leave.edit.submit")}
        backHref={`/leave/detail/${leave.id}`}
        defaultValue={{
          reason: leave.reason ?? undefined,
          start: leave.start,
          end: leave.end,
          halfDay: leave.halfDayMorning || leave.halfDayAfternoon,
          halfDayPart: leave.halfDayMorning ? "morning" : leave.halfDayAfternoon ? "afternoon" : undefined,
          nbHourAbsence: leave.nbHourAbsence,
          comment: leave.comment,
          urgent: leave.urgent,
        }}
      />
    </div>
  );
}
