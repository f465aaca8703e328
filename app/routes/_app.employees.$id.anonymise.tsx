import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { frDate } from "~/domain/shared/api-dates";
import { t, tOr } from "~/i18n/fr";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { commitSession, getSession, pushAlert } from "~/server/identity/session.server";
import { orPageNotFound } from "~/services/employees/employees.server";
import { AppError } from "~/services/shared/errors";
import { anonymisationPreview, anonymiseEmployee } from "~/services/employees/anonymisation.server";
import { Card } from "~/ui/shared/modal";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? t("anonymise.title", { name: data.preview.name }) : t("employees.title")} · ${t("app.title")}` },
];

function employeeId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0) throw new Response(t("error.not_found_item"), { status: 404 });
  return id;
}

/** GET /employees/{id}/anonymise: the dry run (what would change), the confirm step that works without JS. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const preview = await orPageNotFound(anonymisationPreview(await getEm(), employeeId(params.id)));
  return { preview };
}

/** POST: anonymises in one transaction, then back to the sheet with a notice; 409 with the reason when refused. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = employeeId(params.id);
  let name: string;
  try {
    name = (await orPageNotFound(anonymiseEmployee(await getEm(), user, id))).name;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return data({ error: error.message }, { status: 409 });
    throw error;
  }
  const session = await getSession(request);
  pushAlert(session, "success", t("anonymise.done", { name }));
  return redirect(`/employees/${id}/edit`, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function AnonymiseEmployee() {
  const { preview } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const problem = actionData?.error ?? preview.problem;
  const back = `/employees/${preview.employeeId}/edit`;
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("anonymise.title", { name: preview.name })}</h1>
      <p className="text-sm text-gray-700">{t("anonymise.hint", { months: preview.retentionMonths })}</p>
      {problem && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="anonymise-problem">
          {problem}
        </p>
      )}
      <Card title={t("anonymise.section")}>
        <p className="mb-2 text-sm">{t("anonymise.dry_run")}</p>
        <ul className="mb-3 list-disc space-y-1 pl-5 text-sm" data-testid="anonymise-dry-run">
          <li>{t("anonymise.label_after", { label: preview.label })}</li>
          {preview.fields.length > 0 && (
            <li>
              {t("anonymise.fields")} : {preview.fields.map((f) => tOr(`anonymise.field.${f}`, f)).join(", ")}
            </li>
          )}
          <li>{t("anonymise.leave_comments", { count: preview.leaveComments })}</li>
          <li>{t("anonymise.clock_messages", { count: preview.clockMessages })}</li>
          <li>{t("anonymise.payroll_lines", { count: preview.payrollLines })}</li>
          {preview.account && <li>{t("anonymise.account")}</li>}
        </ul>
        <p className="mb-3 text-sm text-gray-700">{t("anonymise.kept")}</p>
        {preview.firedAt && <p className="mb-3 text-sm text-gray-700">{t("employee.archived_text", { date: frDate(preview.firedAt) })}</p>}
        <div className="flex flex-wrap items-center gap-3">
          {!problem && (
            <Form method="post">
              <button type="submit" className="btn btn-danger">
                {t("anonymise.confirm")}
              </button>
            </Form>
          )}
          <Link to={back} className="btn btn-secondary">
            {t("anonymise.cancel")}
          </Link>
        </div>
      </Card>
    </div>
  );
}
