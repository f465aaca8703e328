import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { planningTableLoader } from "~/server/planning/routes.server";
import { PlanningTablePage } from "~/ui/planning/table-page";

export const meta: MetaFunction = () => [{ title: `${t("planning.agency.title")} · ${t("app.title")}` }];

export const loader = ({ request }: LoaderFunctionArgs) => planningTableLoader(request, "agency");

export default function PlanningAgency() {
  const page = useLoaderData<typeof loader>();
  return <PlanningTablePage page={page} title={t("planning.agency.title")} />;
}
