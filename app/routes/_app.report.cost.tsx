import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { reportPageLoader } from "~/server/reports/routes.server";
import { ReportPage, reportMeta } from "~/ui/reports/page";

export const meta: MetaFunction<typeof loader> = ({ data }) => reportMeta(data as never, "cost");

/** /report/cost (spec 2 §2 "Reports"): GET filters, the report once searched, its Excel export. */
export const loader = ({ request }: LoaderFunctionArgs) => reportPageLoader(request, "cost");

export default function Report() {
  const page = useLoaderData<typeof loader>();
  return <ReportPage page={page as never} />;
}
