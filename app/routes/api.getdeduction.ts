import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiGetDeductionBody } from "~/forms/overtime-api.server";
import { handleApi, hydraCollection, jsonResponse, methodNotAllowed, readJson, requireApiUser } from "~/server/api/api.server";
import { bodyEmployeeId, bodyPeriod, deductionToApi } from "~/server/overtime/api.server";
import { getEm } from "~/server/shared/orm.server";
import { deductionsOf } from "~/services/overtime/views.server";

/**
 * POST /api/getdeduction {employeeId, start, end} (spec 2 §7): the deductions of an employee of the caller's scope
 * (themselves included) over at most 6 months, as {date (unix time), deduction (seconds)}. 404 outside the scope.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const body = await readJson(request, ApiGetDeductionBody);
    const employeeId = bodyEmployeeId(body);
    const range = bodyPeriod(body);
    const rows = await deductionsOf(await getEm(), user, employeeId, range);
    return jsonResponse(hydraCollection(rows.map(deductionToApi)));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
