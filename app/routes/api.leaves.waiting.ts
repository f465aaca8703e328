import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { leaveCollection } from "~/server/leave/api.server";
import { waitingLeaves } from "~/services/leave/lists.server";

/** GET /api/leaves/waiting: what awaits the caller's step (the menu counter's list). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return leaveCollection(await waitingLeaves(await getEm(), user));
  });
}
