import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportLoader } from "~/server/reports/routes.server";

/** GET /export/overtime: the overtime report as an Excel file (streamed, or prepared by a job above the threshold). */
export const loader = ({ request }: LoaderFunctionArgs) => exportLoader(request, "overtime");
