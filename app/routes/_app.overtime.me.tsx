import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { deductionAction, yearLoader, type DeductionFailure } from "~/server/overtime/routes.server";
import { OvertimeYearScreen } from "~/ui/overtime/year";

export const meta: MetaFunction = () => [{ title: `${t("overtime_screens.title.me")} · ${t("app.title")}` }];

/** One's own overtime year; `?year=` and `?week=` (that week explained). */
export const loader = ({ request }: LoaderFunctionArgs) => yearLoader(request, null);

/** `intent=deduction` on one's own balance (spec 2: "Employee or mine" carry the input; roles of /api/deduction). */
export const action = ({ request }: ActionFunctionArgs) => deductionAction(request, null);

export default function OvertimeMe() {
  const failure = useActionData<typeof action>() as DeductionFailure | undefined;
  return <OvertimeYearScreen page={useLoaderData<typeof loader>()} failure={failure} />;
}
