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
import { ValidationError } from "~/services/shared/errors";
import { formatDecimal, formatHoursMinutes } from "~/domain/shared/number-format";
import { askContext, askPreview } from "~/services/leave/ask.server";
import { requestLeave } from "~/services/leave/requests.server";
import { LeaveRequestFormView } from "~/ui/leave/request-form";
import { LeaveBalanceCards } from "~/ui/leave/balance-cards";

export const meta: MetaFunction = () => [{ title: `${t("leave.ask.title")} · ${t("app.title")}` }];

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

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const em = await getEm();
  const { reasons, balances } = await askContext(em, user);
  // "Voir le décompte" sends the form by GET (no JavaScript needed): the form comes back filled with the days counted
  // and the balance after (issue 28 item 7).
  const q = new URL(request.url).searchParams;
  const asked = q.get("preview") === "1" ? previewQuery(q) : null;
  const preview = asked ? await askPreview(em, user, asked.input, balances) : null;
  return {
    balances,
    reasons,
    minStart: minStartDate(localDate(new Date(), "Europe/Paris")),
    constraint: formConstraint(),
    asked: asked?.defaults ?? null,
    preview: asked ? previewText(preview) : null,
  };
}

/** The GET preview's fields as the preview's input and as the form's values. */
function previewQuery(q: URLSearchParams) {
  const value = (name: string) => (q.get(name) ?? "").slice(0, 40) || null;
  const halfDay = q.get("halfDay") === "on";
  const part = q.get("halfDayPart") === "morning" || q.get("halfDayPart") === "afternoon" ? (q.get("halfDayPart") as "morning" | "afternoon") : undefined;
  const hours = Number((q.get("nbHourAbsence") ?? "").replace(",", "."));
  const nbHourAbsence = Number.isFinite(hours) && hours > 0 && hours <= 1000 ? hours : null;
  const reason = value("reason");
  return {
    input: { reason, start: value("start"), end: value("end"), halfDay: halfDay && part ? part : null, hours: nbHourAbsence },
    defaults: {
      reason: reason ?? undefined,
      start: value("start") ?? undefined,
      end: value("end") ?? undefined,
      halfDay,
      halfDayPart: part,
      nbHourAbsence,
      comment: (q.get("comment") ?? "").slice(0, 2000) || null,
      urgent: q.get("urgent") === "on",
    },
  };
}

function previewText(preview: Awaited<ReturnType<typeof askPreview>>): string {
  if (!preview) return t("leave.preview.none");
  const days = t("leave.preview.days", { days: formatDecimal(preview.days) });
  const after = preview.balanceAfter;
  if (after.kind === "days") return `${days} ${t("leave.preview.balance_days", { days: formatDecimal(after.value) })}`;
  if (after.kind === "seconds") return `${days} ${t("leave.preview.balance_hours", { hours: formatHoursMinutes(after.value) })}`;
  return `${days} ${t("leave.preview.no_balance")}`;
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
  const { balances, minStart, constraint, reasons, asked, preview } = useLoaderData<typeof loader>();
  // Single fetch types the data() payload as its init wrapper; what arrives is the submission result.
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("leave.ask.title")}</h1>
      <LeaveBalanceCards balances={balances} />
      <LeaveRequestFormView
        lastResult={lastResult}
        constraint={constraint}
        minStart={minStart}
        submitLabel={t("leave.ask.submit")}
        backHref="/leave/me"
        reasons={reasons}
        defaultValue={asked ?? undefined}
        preview={preview}
      />
    </div>
  );
}
