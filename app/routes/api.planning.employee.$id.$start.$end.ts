import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiSearchDate } from "~/forms/dates.server";
import { t } from "~/i18n/fr";
import { handleApi, jsonResponse, requireApiUser } from "~/server/api/api.server";
import { getEm } from "~/server/shared/orm.server";
import { ValidationError } from "~/services/shared/errors";
import { employeePlanningJson } from "~/server/planning/api.server";

/**
 * GET /api/planning/employee/{id}/{start}/{end} (dates YYYYMMDD): the planning of an employee over a period of at
 * most 6 months (spec 2 §7 "planning of an employee (start, end)"); oneself or in the caller's planning scope.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const from = apiSearchDate(params.start);
    const to = apiSearchDate(params.end);
    const violations = [
      ...(from ? [] : [{ propertyPath: "start", message: t("validation.date_invalid") }]),
      ...(to ? [] : [{ propertyPath: "end", message: t("validation.date_invalid") }]),
    ];
    if (violations.length) throw new ValidationError(violations);
    const id = /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : -1;
    return jsonResponse(await employeePlanningJson(await getEm(), user, id, { from: from!, to: to! }));
  });
}
