import type { LoaderFunctionArgs } from "@remix-run/node";
import { payrollExportLoader } from "~/server/payroll/routes.server";

/** GET /export/payroll?subsidiary&month&format=csv|xlsx: a month's payroll variables (DESIGN §10). */
export const loader = ({ request }: LoaderFunctionArgs) => payrollExportLoader(request);
