import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ApiLeaveBody } from "~/forms/leave.server";
import { handleApi, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { leaveJson } from "~/server/leave/api.server";
import { getLeave } from "~/services/leave/leave.server";
import { deleteLeave, editLeave, keepAbsent, leaveId, leaveInputFromApi } from "~/services/leave/requests.server";

/** GET /api/leaves/{id}: one leave (own, or in the caller's manager scope; else 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return jsonResponse(leaveJson(await getLeave(await getEm(), user, leaveId(params.id))));
  });
}

/** PATCH /api/leaves/{id}: edit one's own pending request, the fields sent (409 once decided). DELETE: delete it (204). */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
    const user = await requireApiUser(request);
    const em = await getEm();
    const id = leaveId(params.id);
    if (request.method === "DELETE") {
      await deleteLeave(em, user, id);
      return jsonResponse(null, 204);
    }
    const body = await readJson(request, ApiLeaveBody);
    // Partial, as every PUT and PATCH of /api (docs/decisions/0134): a field left out keeps its value.
    const current = leaveJson(await getLeave(em, user, id));
    await editLeave(em, user, id, leaveInputFromApi(keepAbsent(body, current)));
    return jsonResponse(leaveJson(await getLeave(em, user, id)));
  });
}
