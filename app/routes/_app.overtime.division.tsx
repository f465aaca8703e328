import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { calendarLoader } from "~/server/overtime/routes.server";
import { OvertimeCalendarScreen } from "~/ui/overtime/calendar";

export const meta: MetaFunction = () => [{ title: `${t("overtime_screens.title.division")} · ${t("app.title")}` }];

/** The department head's division, week by week; a team filter when it has teams (spec 2 "Overtime screens"). */
export const loader = ({ request }: LoaderFunctionArgs) => calendarLoader(request, "division");

export default function OvertimeDivision() {
  return <OvertimeCalendarScreen page={useLoaderData<typeof loader>()} title={t("overtime_screens.title.division")} />;
}
