import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NEW_EMPLOYEE_DEFAULTS, sheetBreadcrumb } from "~/domain/employees/sheet";
import { EmployeeForm, requiredErrorsOfPayload } from "~/forms/employee.server";
import { t } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { createEmployee } from "~/services/employees/writes.server";
import { sheetOptions } from "~/services/employees/employees.server";
import { AppError } from "~/services/shared/errors";
import { BackLink, Breadcrumb } from "~/ui/employees/directory";
import { violationsToFieldErrors } from "~/ui/employees/sheet-page";
import { EmployeeSheetForm } from "~/ui/employees/sheet-form";

export const meta: MetaFunction = () => [{ title: `${t("employee.new_title")} · ${t("app.title")}` }];

/** /employees/new: an empty sheet with the spec's defaults. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { options: await sheetOptions(await getEm(), user) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: EmployeeForm });
  if (formData.get("intent") === "refresh") {
    // Re-render the submitted values (week 2, totals) without saving and without error markers.
    return data({ ...submission.reply(), error: {} }, { status: 200 });
  }
  if (submission.status !== "success") {
    const fieldErrors = requiredErrorsOfPayload(submission.payload, submission.error);
    return data(submission.reply({ formErrors: [t("employee.error.form")], fieldErrors }), { status: 400 });
  }
  let created: { id: number };
  try {
    created = await createEmployee(await getEm(), user, submission.value);
  } catch (error) {
    if (error instanceof AppError && error.status === 422) {
      return data(submission.reply({ formErrors: [t("employee.error.form")], fieldErrors: violationsToFieldErrors(error.violations) }), {
        status: 400,
      });
    }
    throw error;
  }
  const session = await getSession(request);
  pushAlert(session, "success", t("success.employee_created"));
  return redirect(`/employees/${created.id}/edit`, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function NewEmployee() {
  const { options } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <Breadcrumb crumbs={sheetBreadcrumb(t("employees.title"), { subsidiary: null, division: null, team: null }, t("employee.new_title"))} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("employee.new_title")}</h1>
        <BackLink to="/employees" />
      </div>
      <EmployeeSheetForm
        id="employee-new"
        values={NEW_EMPLOYEE_DEFAULTS}
        options={options}
        lastResult={lastResult}
        archived={false}
        submitLabel={t("employee.create")}
      />
    </div>
  );
}
