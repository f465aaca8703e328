import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ApiLeaveBody } from "~/forms/leave.server";
import { handleApi, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { leaveJson } from "~/server/leave/api.server";
import { getLeave } from "~/services/leave/leave.server";
import { leaveInputFromApi, requestLeave } from "~/services/leave/requests.server";

/** POST /api/leaves: ask for a leave (201 with the leave; 422 with violations). */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    const body = await readJson(request, ApiLeaveBody);
    const em = await getEm();
    const { id } = await requestLeave(em, user, leaveInputFromApi(body));
    return jsonResponse(leaveJson(await getLeave(em, user, id)), 201);
  });
}

export async function loader(_: LoaderFunctionArgs) {
  return methodNotAllowed(["POST"]);
}
