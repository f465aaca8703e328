import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ApiAddRecoveryBody } from "~/forms/overtime-api.server";
import { handleApi, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { addRecovery } from "~/services/overtime/recovery.server";

/**
 * POST /api/add-recovery {week, year, force} (head and financial management): computes one ISO week of the whole
 * company and credits its recovery. 200 with a French message and the amounts; 409 when already credited without
 * force "true"; 422 (French violations, nothing stored) for a week or year that does not exist or is not over.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const input = await readJson(request, ApiAddRecoveryBody);
    return jsonResponse(await addRecovery(await getEm(), user, input));
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiUser(request);
    return methodNotAllowed(["POST"]);
  });
}
