import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiDeductionBody } from "~/forms/overtime-api.server";
import { handleApi, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { bodyEmployeeId, deductionToApi } from "~/server/overtime/api.server";
import { getEm } from "~/server/shared/orm.server";
import { addDeduction } from "~/services/overtime/views.server";

/**
 * POST /api/deduction {newdeduction, employeeId} (spec 2 §7): deducts a duration ("2", "1,5", "1h30") from the
 * balance of an employee of the caller's scope, dated today, and marks that week dirty in the same transaction.
 * 201 with the deduction; 422 for an input that is not a duration (nothing stored); 403 on oneself; 404 outside.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const body = await readJson(request, ApiDeductionBody);
    const employeeId = bodyEmployeeId(body);
    const added = await addDeduction(await getEm(), user, employeeId, body.newdeduction, new Date());
    return jsonResponse({ ...deductionToApi({ ...added, by: user.fullName }), employeeId }, 201);
  });
}

export const loader = () => methodNotAllowed(["POST"]);
