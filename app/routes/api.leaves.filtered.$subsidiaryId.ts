import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { idFromQuery, leaveCollection, periodFromQuery } from "~/server/leave/api.server";
import { filteredLeaves } from "~/services/leave/lists.server";
import { leaveId } from "~/services/leave/requests.server";

/** GET /api/leaves/filtered/{subsidiaryId}?divisionId&teamId&employeeName&start&end: leaves on a planning. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const url = new URL(request.url);
    return leaveCollection(
      await filteredLeaves(await getEm(), user, leaveId(params.subsidiaryId), {
        divisionId: idFromQuery(url, "divisionId"),
        teamId: idFromQuery(url, "teamId"),
        employeeName: url.searchParams.get("employeeName")?.slice(0, 120) ?? undefined,
        period: periodFromQuery(url),
      }),
    );
  });
}
