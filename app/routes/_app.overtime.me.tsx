import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { t } from "~/i18n/fr";
import { yearLoader } from "~/server/overtime-routes.server";
import { OvertimeYearScreen } from "~/ui/overtime-year";

export const meta: MetaFunction = () => [{ title: `${t("overtime_screens.title.me")} · ${t("app.title")}` }];

/** One's own overtime year; `?year=` and `?week=` (that week explained). */
export const loader = ({ request }: LoaderFunctionArgs) => yearLoader(request, null);

export default function OvertimeMe() {
  return <OvertimeYearScreen page={useLoaderData<typeof loader>()} />;
}
