import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { deductionAction, yearLoader, type DeductionFailure } from "~/server/overtime/routes.server";
import { OvertimeYearScreen } from "~/ui/overtime/year";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? t("overtime_screens.title.employee", { name: data.employee.name }) : t("menu.overtime")} · ${t("app.title")}` },
];

/** An employee's overtime year for a manager in scope (404 outside it); `?year=` and `?week=` (that week explained). */
export const loader = ({ request, params }: LoaderFunctionArgs) => yearLoader(request, params.id ?? "");

/** `intent=deduction`: a deduction of the employee's balance (roles of /api/deduction, never on oneself). */
export const action = ({ request, params }: ActionFunctionArgs) => deductionAction(request, params.id ?? "");

export default function OvertimeEmployee() {
  const page = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as DeductionFailure | undefined;
  return <OvertimeYearScreen page={page} failure={failure} />;
}
