import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, jsonResponse, methodNotAllowed, requireApiUser } from "~/server/api/api.server";
import { deductionToApi } from "~/server/overtime/api.server";
import { getEm } from "~/server/shared/orm.server";
import { t } from "~/i18n/fr";
import { NotFoundError } from "~/services/shared/errors";
import { deductionOwner, removeDeduction } from "~/services/overtime/views.server";

/**
 * DELETE /api/deduction/{id} (beyond spec 2, decision 0069): removes a deduction of an employee of the caller's scope
 * (the roles of POST /api/deduction). 200 with the removed deduction; 404 when there is none (or it is already
 * removed, or its employee is outside the scope). A deduction of a month closed for payroll is removed too: `notice`
 * names the month and the payslip carrying the difference (decisions 0118, 0122), else null.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
    const employeeId = id === null ? null : await deductionOwner(await getEm(), id);
    if (id === null || employeeId === null) throw new NotFoundError(t("overtime_screens.deduction.not_found"));
    const removed = await removeDeduction(await getEm(), user, employeeId, id, new Date());
    return jsonResponse({ ...deductionToApi({ ...removed, by: null }), employeeId, removed: true, notice: removed.notice });
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiUser(request);
    return methodNotAllowed(["DELETE"]);
  });
}
