import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { personalPlanningAction, personalPlanningLoader } from "~/server/planning/routes.server";
import { PersonalPlanningPage, type EventDayFailureData } from "~/ui/planning/page";

export const meta: MetaFunction = () => [{ title: `${t("planning.me.title")} · ${t("app.title")}` }];

export const loader = ({ request }: LoaderFunctionArgs) => personalPlanningLoader(request, "me");

/** `intent=add` / `intent=remove`: a closing or travel day on one's own planning (Post/Redirect/Get). */
export const action = ({ request }: ActionFunctionArgs) => personalPlanningAction(request);

export default function PlanningMe() {
  const page = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as EventDayFailureData | undefined;
  return <PersonalPlanningPage page={page} failure={failure} base="/planning/me" />;
}
