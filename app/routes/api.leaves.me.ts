import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { leaveCollection } from "~/server/leave/api.server";
import { myLeaves } from "~/services/leave/leave.server";

/** GET /api/leaves/me: the caller's own leaves, every state, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return leaveCollection(await myLeaves(await getEm(), user));
  });
}
