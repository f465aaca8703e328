import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/auth.server";
import { getEm } from "~/server/orm.server";
import { personalDataResponse } from "~/services/personal-data.server";

/** GET /profile/data: "Mes données", the signed-in employee's own data as a ZIP of CSV files (issue 32 §4). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return personalDataResponse(await getEm(), user);
}
