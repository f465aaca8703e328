import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { leaveCollection } from "~/server/leave/api.server";
import { validLeavesOf } from "~/services/leave/lists.server";
import { leaveId } from "~/services/leave/requests.server";

/** GET /api/leaves/valid/employee/{id}: an employee's accepted leaves (oneself, or in the caller's scope; else 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return leaveCollection(await validLeavesOf(await getEm(), user, leaveId(params.id)));
  });
}
