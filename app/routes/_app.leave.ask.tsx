import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { minStartDate } from "~/domain/leave-form";
import { localDate } from "~/server/dates.server";
import { leaveFieldErrors, leaveInputFromForm, LeaveRequestForm } from "~/forms/leave.server";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/session.server";
import { ValidationError } from "~/services/errors";
import { leaveBalances, requestLeave } from "~/services/leave.server";
import { LeaveRequestFormView } from "~/ui/leave-form";
import { LeaveBalanceCards } from "~/ui/leave-balance-cards";

export const meta: MetaFunction = () => [{ title: `${t("leave.ask.title")} · ${t("app.title")}` }];

/** Built once: the form's constraints never change between requests (issue 12). */
const CONSTRAINT = getZodConstraint(LeaveRequestForm);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const balances = await leaveBalances(await getEm(), user);
  return { balances, minStart: minStartDate(localDate(new Date(), "Europe/Paris")), constraint: CONSTRAINT };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: LeaveRequestForm });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await requestLeave(await getEm(), user, leaveInputFromForm(submission.value));
  } catch (error) {
    if (error instanceof ValidationError) return data(submission.reply({ fieldErrors: leaveFieldErrors(error.violations) }), { status: 400 });
    throw error;
  }
  const session = await getSession(request);
  pushAlert(session, "success", t("success.leave_sent"));
  return redirect("/leave/me", { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function AskLeave() {
  const { balances, minStart, constraint } = useLoaderData<typeof loader>();
  // Single fetch types the data() payload as its init wrapper; what arrives is the submission result.
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("leave.ask.title")}</h1>
      <LeaveBalanceCards balances={balances} />
      <LeaveRequestFormView lastResult={lastResult} constraint={constraint} minStart={minStart} submitLabel={t("leave.ask.submit")} backHref="/leave/me" />
    </div>
  );
}
