import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { removeEventDay } from "~/services/organisation/event-days.server";

/** GET is not served: the event days are read per employee (/api/event_days/employee/{id}). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiUser(request);
    return methodNotAllowed(["DELETE"]);
  });
}

/** DELETE /api/event_days/{id}: removes one of one's own days (204); someone else's: 403 in scope, else 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const user = await requireApiUser(request);
    await removeEventDay(await getEm(), user, /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : -1);
    return jsonResponse(null, 204);
  });
}
