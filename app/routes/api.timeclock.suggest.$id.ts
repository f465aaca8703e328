import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { NotFoundError } from "~/services/shared/errors";
import { removeCorrection } from "~/services/time-clock/clock-corrections.server";

function suggestionId(raw: string | undefined): number {
  if (!/^\d{1,9}$/.test(raw ?? "")) throw new NotFoundError();
  return Number(raw);
}

/**
 * DELETE /api/timeclock/suggest/{id}: deletes a pending suggestion (management, the employee is mailed) or withdraws
 * it (its author, issue 28 item 8); 204, 404 when there is none, 403 for anyone else.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await removeCorrection(await getEm(), user, suggestionId(params.id));
    return jsonResponse(null, 204);
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiUser(request);
    return methodNotAllowed(["DELETE"]);
  });
}
