import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { personalPlanningLoader } from "~/server/planning/routes.server";
import { PersonalPlanningPage } from "~/ui/planning/page";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? t("planning.employee.title", { name: data.employee.fullName }) : t("menu.planning")} · ${t("app.title")}` },
];

/** Someone's yearly calendar (in the viewer's planning scope, else 404); one's own id goes to /planning/me. */
export const loader = ({ request, params }: LoaderFunctionArgs) => personalPlanningLoader(request, params.id);

export default function PlanningEmployee() {
  const page = useLoaderData<typeof loader>();
  return <PersonalPlanningPage page={page} base={`/planning/employee/${page.employee.id}`} />;
}
