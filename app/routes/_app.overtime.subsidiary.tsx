import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { calendarLoader } from "~/server/overtime/routes.server";
import { OvertimeCalendarScreen } from "~/ui/overtime/calendar";

export const meta: MetaFunction = () => [{ title: `${t("overtime_screens.title.subsidiary")} · ${t("app.title")}` }];

/** A subsidiary for head and financial management, week by week; division and team filters (spec 2 "Overtime screens"). */
export const loader = ({ request }: LoaderFunctionArgs) => calendarLoader(request, "subsidiary");

export default function OvertimeSubsidiary() {
  return <OvertimeCalendarScreen page={useLoaderData<typeof loader>()} title={t("overtime_screens.title.subsidiary")} />;
}
