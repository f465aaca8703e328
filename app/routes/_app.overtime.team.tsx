import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { calendarLoader } from "~/server/overtime/routes.server";
import { OvertimeCalendarScreen } from "~/ui/overtime/calendar";

export const meta: MetaFunction = () => [{ title: `${t("overtime_screens.title.team")} · ${t("app.title")}` }];

/** The team leader's team, week by week (spec 2 "Overtime screens"). */
export const loader = ({ request }: LoaderFunctionArgs) => calendarLoader(request, "team");

export default function OvertimeTeam() {
  return <OvertimeCalendarScreen page={useLoaderData<typeof loader>()} title={t("overtime_screens.title.team")} />;
}
