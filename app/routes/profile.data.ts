import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/identity/auth.server";
import { getEm } from "~/server/shared/orm.server";
import { personalDataResponse } from "~/services/employees/personal-data.server";

/** GET /profile/data: "Mes données", the signed-in employee's own data as a ZIP of CSV files (issue 32 §4). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return personalDataResponse(await getEm(), user);
}
