import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { leaveCollection, periodFromQuery } from "~/server/leave/api.server";
import { waitingPlanningLeaves } from "~/services/leave/lists.server";

/** GET /api/leaves/waiting-planning[?start&end]: every request in flight in the caller's scope (planning need_review). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const period = periodFromQuery(new URL(request.url));
    return leaveCollection(await waitingPlanningLeaves(await getEm(), user, period));
  });
}
