import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { badgingPageLoader, badgingSuggestAction } from "~/server/time-clock/badging-routes.server";
import { BadgingViewPage } from "~/ui/time-clock/badging-view";
import type { SuggestFailure } from "~/ui/time-clock/badging-week-results";

export const meta: MetaFunction = () => [{ title: `${t("badging.agency.title")} · ${t("app.title")}` }];

export const loader = ({ request }: LoaderFunctionArgs) => badgingPageLoader(request, "agency");

/** `intent=suggest`: a correction of one day, proposed to management (Post/Redirect/Get back to this search). */
export const action = ({ request }: ActionFunctionArgs) => badgingSuggestAction(request);

export default function AgencyBadging() {
  const page = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as SuggestFailure | undefined;
  return <BadgingViewPage page={page} title={t("badging.agency.title")} failure={failure} />;
}
