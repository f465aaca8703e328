import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { frDate } from "~/domain/shared/api-dates";
import { formatDecimal } from "~/domain/shared/number-format";
import { backLink, sheetBreadcrumb } from "~/domain/employees/sheet";
import { EmployeeForm, requiredErrorsOfPayload } from "~/forms/employee.server";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { placeOf } from "~/services/employees/records.server";
import { updateEmployee } from "~/services/employees/writes.server";
import { formerContracts, getEmployeeSheet, orPageNotFound, sheetOptions, type FormerContract } from "~/services/employees/employees.server";
import { AppError } from "~/services/shared/errors";
import { BackLink, Breadcrumb } from "~/ui/employees/directory";
import { CompletionBar, violationsToFieldErrors } from "~/ui/employees/sheet-page";
import { EmployeeSheetForm } from "~/ui/employees/sheet-form";
import { EmployeeSheetTabs } from "~/ui/employees/sheet-tabs";
import { Card, ConfirmAction } from "~/ui/shared/modal";
import { resetCode } from "~/services/time-clock/terminal-codes.server";
import { badgeIssuedAt } from "~/services/time-clock/terminal-badges.server";
import { frDateTime } from "~/domain/history/text";
import { requestNow } from "~/server/shared/clock.server";
import { BadgeCard } from "~/ui/time-clock/badge-card";
import { WideTable } from "~/ui/shared/wide-table";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? t("employee.edit_title", { name: data.employee.displayName }) : t("employees.title")} · ${t("app.title")}` },
];

/** /employees/{id}/edit: the sheet; read-only once archived. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const em = await getEm();
  const employee = await orPageNotFound(getEmployeeSheet(em, user, Number(params.id)));
  const place = placeOf(employee);
  const [options, former, badge] = await Promise.all([sheetOptions(em, user), formerContracts(em, user, employee.id), badgeIssuedAt(em, employee.id)]);
  return {
    employee,
    options,
    former,
    badgeIssuedAt: badge ? frDateTime(badge, "Europe/Paris") : null,
    crumbs: sheetBreadcrumb(t("employees.title"), place, employee.displayName),
    back: backLink(place),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  // HR resets the employee's terminal code (issue 46 item 2); the employee is mailed and sets a new one.
  if (formData.get("intent") === "reset-terminal-code") {
    const { name } = await orPageNotFound(resetCode(await getEm(), user, Number(params.id), requestNow(request)));
    const session = await getSession(request);
    pushAlert(session, "success", t("terminal.code.success.reset", { name }));
    return redirect(`/employees/${params.id}/edit`, { headers: { "Set-Cookie": await commitSession(session) } });
  }
  const submission = parseWithZod(formData, { schema: EmployeeForm });
  if (formData.get("intent") === "refresh") {
    return data({ ...submission.reply(), error: {} }, { status: 200 });
  }
  if (submission.status !== "success") {
    const fieldErrors = requiredErrorsOfPayload(submission.payload, submission.error);
    return data(submission.reply({ formErrors: [t("employee.error.form")], fieldErrors }), { status: 400 });
  }
  let notice: string | null = null;
  try {
    const contractFrom = formData.get("contractFrom");
    ({ notice } = await orPageNotFound(
      updateEmployee(await getEm(), user, Number(params.id), submission.value, { contractFrom: typeof contractFrom === "string" ? contractFrom : null }),
    ));
  } catch (error) {
    if (error instanceof AppError && error.status === 422) {
      return data(submission.reply({ formErrors: [t("employee.error.form")], fieldErrors: violationsToFieldErrors(error.violations) }), {
        status: 400,
      });
    }
    if (error instanceof AppError && error.status === 409) {
      return data(submission.reply({ formErrors: [error.message] }), { status: 409 });
    }
    throw error;
  }
  const session = await getSession(request);
  pushAlert(session, "success", t("success.employee_edit"));
  // A change whose days lie in a month closed for payroll: accepted, paid as a rappel (decision 0118).
  if (notice) pushAlert(session, "warning", notice);
  return redirect(`/employees/${params.id}/edit`, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function EditEmployee() {
  const { employee, options, former, crumbs, back, badgeIssuedAt: badge } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <Breadcrumb crumbs={crumbs} />
      <div className={`flex flex-wrap items-center justify-between gap-3 ${employee.archived ? "archive-header rounded-lg p-4" : ""}`}>
        <h1 className="text-2xl font-semibold">{t("employee.edit_title", { name: employee.displayName })}</h1>
        <BackLink to={back} />
      </div>
      <EmployeeSheetTabs employeeId={employee.id} current="sheet" />
      {employee.archived ? (
        <div role="note" className="rounded-md border border-gray-400 bg-gray-100 p-4 text-sm text-gray-900" data-testid="archived-notice">
          <p className="font-semibold">{t("employee.archived_title")}</p>
          <p>{t("employee.archived_text", { date: frDate(employee.firedAt) })}</p>
          <p className="mt-2">
            <Link to={`/employees/${employee.id}/anonymise`} className="underline" data-testid="anonymise-link">
              {t("anonymise.link")}
            </Link>
          </p>
        </div>
      ) : (
        <CompletionBar percent={employee.completion} />
      )}
      <EmployeeSheetForm
        key={employee.id}
        id={`employee-${employee.id}`}
        values={employee}
        options={options}
        lastResult={lastResult}
        archived={employee.archived}
        submitLabel={t("employee.save")}
        datedChange
      />
      {former.length > 0 && <FormerContracts former={former} />}
      {!employee.archived && (
        <Card title={t("terminal.code.title")}>
          <ConfirmAction
            intent="reset-terminal-code"
            itemLabel={employee.displayName}
            text={t("terminal.code.reset_confirm", { name: employee.displayName })}
            buttonLabel={t("terminal.code.reset")}
            confirmLabel={t("terminal.code.reset")}
            cancelHref={`/employees/${employee.id}/edit`}
            tone="primary"
            buttonClassName="btn btn-secondary"
          />
        </Card>
      )}
      {!employee.archived && <BadgeCard employee={employee} issuedAt={badge} />}
    </div>
  );
}

/** The contracts in force before the current one (decision 0070), newest first; read-only. */
function FormerContracts({ former }: { former: FormerContract[] }) {
  return (
    <Card title={t("employee.former.title")}>
      <p className="mb-2 text-sm text-gray-700">{t("employee.former.intro")}</p>
      <WideTable label={t("employee.former.label")} testId="former-contracts">
        <caption className="sr-only">{t("employee.former.label")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("employee.former.col.until")}</th>
            <th scope="col">{t("employee.former.col.hours")}</th>
            <th scope="col">{t("employee.former.col.weekType")}</th>
          </tr>
        </thead>
        <tbody>
          {former.map((c) => (
            <tr key={c.until}>
              <th scope="row">{frDate(c.lastDay)}</th>
              <td>{c.hours === null ? t("employee.former.no_hours") : t("employee.former.hours", { hours: formatDecimal(c.hours) })}</td>
              <td>{t(c.weekType === "week_one_two" ? "weektype.week_one_two" : "weektype.unique_week")}</td>
            </tr>
          ))}
        </tbody>
      </WideTable>
    </Card>
  );
}
