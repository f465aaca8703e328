import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { idFromQuery, leaveCollection, periodFromQuery } from "~/server/leave/api.server";
import { allLeaves } from "~/services/leave/lists.server";

/** GET /api/leaves/all?start&end&employeeId: the leaves of the caller's manager scope. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const url = new URL(request.url);
    return leaveCollection(
      await allLeaves(await getEm(), user, { period: periodFromQuery(url), employeeId: idFromQuery(url, "employeeId") }),
    );
  });
}
