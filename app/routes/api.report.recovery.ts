import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportApiLoader } from "~/server/reports/routes.server";

/** GET /api/report/recovery (spec 2 §7): the recovery report of the filters, as JSON (spec 2 §3). */
export const loader = ({ request }: LoaderFunctionArgs) => reportApiLoader(request, "recup");
